# pair: aw
# plants: generated/baseline_config.yaml: the prefix scorer's weight in the baseline profile is 2.0 instead of 3.0 (an EPP scorer weight in one arm: 2:2:2, not config.md's 3:2:2)
# catches: 2d * phase=baseline,workload=w2_stationary => FAIL
# touches: 2c@*/* 2d@baseline/* 4a@baseline/* 4c@baseline/*
plant() {
	awk '/pluginRef: ppc/ { print; getline; sub(/weight: 3.0/, "weight: 2.0") } { print }' \
	    "$REAL/generated/baseline_config.yaml" >"$REAL/generated/b.tmp"
	mv "$REAL/generated/b.tmp" "$REAL/generated/baseline_config.yaml"
	grep -A1 'pluginRef: ppc' "$REAL/generated/baseline_config.yaml" | grep -q 'weight: 2.0'
}
