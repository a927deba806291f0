# pair: 14b
# plants: generated/baseline_config.yaml: the baseline's EPP config overrides the data layer's vLLM engine config with queuedRequestsSpec vllm:num_requests_running (the running batch): the router's WaitingQueueSize, and with it the legacy detector's queue ratio, measures the batch, not the waiting queue the sim's queue depth is
# catches: 3a signal.queue_depth - => FAIL ~ baseline.*running batch
# touches: 2c@*/* 3a
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^- type: random-picker$/ { print
	  print "- type: metrics-data-source"
	  print "- type: core-metrics-extractor"
	  print "  parameters:"
	  print "    defaultEngine: vllm"
	  print "    engineConfigs:"
	  print "    - name: vllm"
	  print "      queuedRequestsSpec: \"vllm:num_requests_running\""
	  print "      kvUsageSpec: \"vllm:kv_cache_usage_perc\""
	  next }
	  /^schedulingProfiles:$/ { print "data:"
	  print "  sources:"
	  print "  - pluginRef: metrics-data-source"
	  print "    extractors:"
	  print "    - pluginRef: core-metrics-extractor" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'queuedRequestsSpec: "vllm:num_requests_running"' "$f"
}
