# pair: 14b
# plants: generated/treatment_config.yaml: the treatment's data layer comes from an SGLang guide: its core-metrics-extractor sets defaultEngine: sglang, so the vLLM pods (no engine label) are read with sglang:num_queue_reqs and sglang:token_usage, which vLLM does not emit: every pod's queue depth and KV usage stay 0 and the plugin never sheds
# catches: 3a signal.queue_depth - => WARN ~ default engine
# touches: 2c@*/* 2d@treatment/* 3a
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/^- type: random-picker$/ { print
	  print "- type: metrics-data-source"
	  print "- type: core-metrics-extractor"
	  print "  parameters:"
	  print "    defaultEngine: sglang"
	  next }
	  /^schedulingProfiles:$/ { print "data:"
	  print "  sources:"
	  print "  - pluginRef: metrics-data-source"
	  print "    extractors:"
	  print "    - pluginRef: core-metrics-extractor" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^    defaultEngine: sglang$' "$f"
}
