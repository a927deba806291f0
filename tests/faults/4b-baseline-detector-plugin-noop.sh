# pair: 14b
# plants: generated/baseline_config.yaml: the baseline loads utilization-detector as a plugin with the treatment's switch-off thresholds in its parameters (queueDepthThreshold 999999999, kvCacheUtilThreshold 0.999) and points saturationDetector.pluginRef at it: the newer config form of the same mistake as a top-level override, so the baseline's legacy rule never sheds
# catches: 4b admission.baseline phase=baseline => FAIL
# touches: 2c@*/* 3c 4b
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^- type: random-picker$/ { print
	    print "- type: utilization-detector"
	    print "  parameters:"
	    print "    queueDepthThreshold: 999999999"
	    print "    kvCacheUtilThreshold: 0.999"; next }
	  /^schedulingProfiles:$/ { print "saturationDetector:"
	    print "  pluginRef: utilization-detector" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^  pluginRef: utilization-detector$' "$f"
}
