# pair: aw
# plants: generated/treatment_config.yaml: the treatment arm also enables the flowControl feature gate, which the baseline does not: the arms differ in more than the policy under test (the scorer change)
# catches: 2c arms.epp phase=treatment,workload=w2_stationary => FAIL
# catches: 2c arms.epp phase=baseline,workload=w2_stationary => FAIL
# touches: 2c@*/* 2d@treatment/* 4b 4c@treatment/* 5d@treatment/* 5g@treatment/*
plant() {
	sed -i 's/^kind: EndpointPickerConfig$/kind: EndpointPickerConfig\nfeatureGates:\n  - flowControl/' \
	    "$REAL/generated/treatment_config.yaml"
	grep -q '^  - flowControl' "$REAL/generated/treatment_config.yaml"
}
