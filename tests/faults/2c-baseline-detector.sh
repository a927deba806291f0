# pair: 14b
# plants: generated/baseline_config.yaml: the baseline (default llm-d, declared nowhere in the sim bundle) carries a saturationDetector override queueDepthThreshold 10 left from an earlier values file, where the treatment's is the README's 999999999: a detector setting both arms have, changed (a confound only 2c sees: 2d has no baseline config to compare with)
# catches: 2c arms.epp phase=*,workload=* => FAIL
# touches: 2c@*/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^schedulingProfiles:$/ { print "saturationDetector:"
	    print "  queueDepthThreshold: 10" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^  queueDepthThreshold: 10$' "$f"
}
