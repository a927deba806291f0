# pair: 14b
# plants: generated/treatment_config.yaml: sheddableShedFull is 0.5 instead of 0.05 (a drifted treatment parameter: the sheddable ramp is ten times gentler)
# catches: 4c admission.tier_parameters class=sheddable,phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 4c
plant() {
	sed -i 's/sheddableShedFull: 0.05$/sheddableShedFull: 0.5/' \
	    "$REAL/generated/treatment_config.yaml"
	grep -q 'sheddableShedFull: 0.5$' "$REAL/generated/treatment_config.yaml"
}
