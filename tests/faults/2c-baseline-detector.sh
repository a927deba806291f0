# pair: 14b
# plants: generated/baseline_config.yaml: the baseline (default llm-d, declared nowhere in the sim bundle) carries a saturationDetector override queueDepthThreshold 10 left from an earlier values file, where the treatment's is the README's 999999999: a detector setting both arms have, changed (2d has no baseline config to compare with; 4b sees the legacy rule's detector tuned)
# catches: 2c arms.epp phase=*,workload=* => FAIL
# catches: 4b admission.baseline phase=baseline => FAIL
# touches: 2c@*/* 4b
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^schedulingProfiles:$/ { print "saturationDetector:"
	    print "  queueDepthThreshold: 10" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^  queueDepthThreshold: 10$' "$f"
}
