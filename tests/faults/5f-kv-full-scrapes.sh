# pair: aw
# plants: baseline/w2_stationary/metrics/raw: Prometheus scrapes of the cell's four vLLM pods (every 10 s over the run, the documented stream-metrics layout) in which one pod's KV cache fills to 99 % while the others stay near 40 %: a full cache (preemptions, requests held for blocks) the server logs' capacity lines cannot show
# catches: 5f metrics.kv_cache_usage_pct.max instance=sim2real-aw-decode-79f6f9b4db-xwqjl,phase=baseline,workload=w2_stationary => WARN ~ The cache was full
# touches: 5b@baseline/w2_stationary 5f@baseline/w2_stationary
plant() {
	scrapes_write "$REAL/baseline/w2_stationary" "$(cat <<'PY'
kv = min(0.99, 0.4 + 0.15 * k) if last else 0.4
text = ('vllm:num_requests_waiting{engine="0",model_name="m"} 0\n'
        'vllm:num_requests_running{engine="0",model_name="m"} 8\n'
        'vllm:kv_cache_usage_perc{engine="0",model_name="m"} %r\n' % kv)
PY
)"
}
