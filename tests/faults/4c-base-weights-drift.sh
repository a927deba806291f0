# pair: aw
# plants: generated/treatment_config.yaml: the delegation scorer's baseWeights are [3.0, 2.0, 1.0] instead of config.md's [3.0, 2.0, 2.0] (drifted treatment parameters)
# catches: 4c routing.parameters phase=treatment => FAIL
# catches: 2d epp.plugin.parameter phase=treatment,workload=w2_stationary => FAIL
# touches: 2c@*/* 2d@treatment/* 4c@treatment/*
plant() {
	sed -i 's/baseWeights: \[3.0, 2.0, 2.0\]/baseWeights: [3.0, 2.0, 1.0]/' \
	    "$REAL/generated/treatment_config.yaml"
	grep -q 'baseWeights: \[3.0, 2.0, 1.0\]' "$REAL/generated/treatment_config.yaml"
}
