# pair: 14b
# plants: generated/baseline_config.yaml: the baseline (default llm-d) was deployed with the treatment's saturationDetector override (queueDepthThreshold 999999999, kvCacheUtilThreshold 0.999, the README's way to switch the legacy admission off): the baseline's legacy rule never sheds, so the baseline admits everything instead of running the router's default admission
# catches: 4b admission.baseline phase=baseline => FAIL
# touches: 2c@*/* 4b
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^schedulingProfiles:$/ { print "saturationDetector:"
	    print "  queueDepthThreshold: 999999999"
	    print "  kvCacheUtilThreshold: 0.999" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^  queueDepthThreshold: 999999999$' "$f"
}
