# pair: aw
# plants: generated/treatment_config.yaml: the treatment's profile keeps the queue scorer next to the delegation scorer, at weight 3.0 (an edit of the baseline's list): qd's weight changed between the arms (2.0 -> 3.0) where config.md removes it from the treatment, so queue depth counts twice there
# catches: 2c arms.epp phase=*,workload=w2_stationary => FAIL
# catches: 2d * phase=treatment,workload=w2_stationary => FAIL
# catches: 4a routing.policy phase=treatment => FAIL
# catches: 4c routing.parameters phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 4a@treatment/* 4c@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '{ print } /pluginRef: delegation-scorer/ { getline; print
	    print "      - pluginRef: qd"; print "        weight: 3.0" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -A1 'pluginRef: qd' "$f" | grep -q 'weight: 3.0'
}
