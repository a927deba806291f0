# pair: aw
# plants: generated/treatment_config.yaml: the routing treatment also tunes the saturation detector (saturationDetector queueDepthThreshold 50, kvCacheUtilThreshold 0.95, left in from an admission experiment's template): the treatment arm sheds later than the baseline, which runs the router's default, so the routing comparison also measures an admission difference config.md does not plan
# catches: 2c arms.epp phase=treatment,workload=* => FAIL
# catches: 2d epp.saturation_detector phase=treatment,workload=* => FAIL
# touches: 2c@*/* 2d@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/^schedulingProfiles:$/ { print "saturationDetector:"
	    print "  queueDepthThreshold: 50"
	    print "  kvCacheUtilThreshold: 0.95" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^  queueDepthThreshold: 50$' "$f"
}
