# pair: 14b
# plants: generated/treatment_config.yaml: the sheddable and batch ramps are swapped (sheddable gets [0.01, 0.10], batch [0.005, 0.05]): the tier names mapped wrong
# catches: 4c admission.tier_parameters class=sheddable,phase=treatment => FAIL
# catches: 4c admission.tier_parameters class=batch,phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i -e 's/sheddableShedStart: 0.005 /sheddableShedStart: 0.01  /' \
	    -e 's/sheddableShedFull: 0.05$/sheddableShedFull: 0.10/' \
	    -e 's/batchShedStart: 0.01  /batchShedStart: 0.005 /' \
	    -e 's/batchShedFull: 0.10$/batchShedFull: 0.05/' "$f"
	grep -q 'batchShedFull: 0.05' "$f"
}
