# pair: 14b
# plants: generated/baseline_config.yaml: the baseline's random-picker is deployed with maxNumOfEndpoints 2 (a stale parameter: the picker hands two endpoints per request), the treatment's without: a parameter of a plugin both arms have drifted, in the arm the sim bundle does not declare (2d cannot see it)
# catches: 2c arms.epp phase=*,workload=* => FAIL
# touches: 2c@*/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '{ print } /^- type: random-picker$/ && !done { done = 1
	    print "  parameters:"; print "    maxNumOfEndpoints: 2" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'maxNumOfEndpoints: 2' "$f"
}
