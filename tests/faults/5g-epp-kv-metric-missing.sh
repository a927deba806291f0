# pair: aw
# plants: baseline/w2_stationary: the EPP was deployed with a chart default that still names vLLM's old KV-usage metric (--kv-cache-usage-percentage-metric vllm:gpu_cache_usage_perc, which vLLM 0.17 no longer exports as vllm:kv_cache_usage_perc took its place): every metrics refresh of every pod fails on that family (its 'Failed to refreshed metrics:' err names it beside the usual LoRA family) and the EPP's view of each pod reads KVCacheUsagePercent:0, so its KV-cache-utilization scorer saw four empty caches all run and routed on the queue alone
# catches: 5g epp.metrics.errors instance=*,phase=baseline,workload=w2_stationary => WARN ~ exports no vllm:gpu_cache_usage_perc
# touches: 5g@baseline/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/epp_logs/*.log)
	sed -i -e 's/"err":"metric family \\"vllm:lora_requests_info\\" not found"/"err":"metric family \\"vllm:lora_requests_info\\" not found; metric family \\"vllm:gpu_cache_usage_perc\\" not found"/' \
	    -e '/"msg":"Refreshed metrics"/s/KVCacheUsagePercent:[0-9.e-]*/KVCacheUsagePercent:0/' "$f"
	grep -q 'gpu_cache_usage_perc' "$f"
}
