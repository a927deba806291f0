# pair: 14b
# plants: generated/baseline_config.yaml: the baseline's saturationDetector raises queueDepthThreshold to 50 (a tuning left in from another experiment): the legacy admission the default llm-d arm stands for sheds only at ten times the router's default queue depth
# catches: 4b admission.baseline phase=baseline => FAIL ~ queueDepthThreshold = 50
# touches: 2c@*/* 3c 4b
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^schedulingProfiles:$/ { print "saturationDetector:"
	    print "  queueDepthThreshold: 50" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^  queueDepthThreshold: 50$' "$f"
}
