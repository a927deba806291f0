# pair: aw
# plants: generated/treatment_config.yaml: the routing-only treatment's delegation scorer has weight 2.0 in the profile instead of config.md's 1.0 (a drifted scorer weight)
# catches: 4c routing.parameters phase=treatment => FAIL ~ weight planned 1
# catches: 4a routing.policy phase=treatment => FAIL
# catches: 2d epp.scorer.weight phase=treatment,workload=w2_stationary => FAIL
# touches: 2c@*/* 2d@treatment/* 4a@treatment/* 4c@treatment/*
plant() {
	awk '/pluginRef: delegation-scorer/ { print; getline; sub(/weight: 1.0/, "weight: 2.0") } { print }' \
	    "$REAL/generated/treatment_config.yaml" >"$REAL/generated/t.tmp"
	mv "$REAL/generated/t.tmp" "$REAL/generated/treatment_config.yaml"
	grep -A1 'pluginRef: delegation-scorer' "$REAL/generated/treatment_config.yaml" | grep -q 'weight: 2.0'
}
