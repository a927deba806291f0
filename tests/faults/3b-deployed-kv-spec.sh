# pair: 14b
# plants: generated/treatment_config.yaml: the treatment's EPP config carries the data layer from an older guide: metrics-data-source and a core-metrics-extractor whose vLLM engine config reads kvUsageSpec vllm:gpu_cache_usage_perc (vLLM's deprecated name; the router code's own default is vllm:kv_cache_usage_perc): a vLLM that no longer emits it leaves every pod's KV usage at 0 in the treatment
# catches: 3b signal.kv_range - => WARN ~ deprecated
# touches: 2c@*/* 2d@treatment/* 3b
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/^- type: random-picker$/ { print
	  print "- type: metrics-data-source"
	  print "- type: core-metrics-extractor"
	  print "  parameters:"
	  print "    defaultEngine: vllm"
	  print "    engineConfigs:"
	  print "    - name: vllm"
	  print "      queuedRequestsSpec: \"vllm:num_requests_waiting\""
	  print "      runningRequestsSpec: \"vllm:num_requests_running\""
	  print "      kvUsageSpec: \"vllm:gpu_cache_usage_perc\""
	  next }
	  /^schedulingProfiles:$/ { print "data:"
	  print "  sources:"
	  print "  - pluginRef: metrics-data-source"
	  print "    extractors:"
	  print "    - pluginRef: core-metrics-extractor" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'kvUsageSpec: "vllm:gpu_cache_usage_perc"' "$f"
}
