# pair: 14b
# plants: generated/baseline_config.yaml: the baseline loads concurrency-detector and points its saturationDetector at it (pluginRef), a config copied from a flow-control guide: the legacy rule the default llm-d arm stands for now sheds on in-flight requests against a capacity, not on the utilization detector's queue and KV ratios
# catches: 4b admission.baseline phase=baseline => FAIL ~ concurrency-detector
# touches: 2c@*/* 4b
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^- type: random-picker$/ { print; print "- type: concurrency-detector"; next }
	  /^schedulingProfiles:$/ { print "saturationDetector:"
	    print "  pluginRef: concurrency-detector" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^  pluginRef: concurrency-detector$' "$f"
}
