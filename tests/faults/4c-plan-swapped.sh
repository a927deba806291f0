# pair: 14b
# plants: sim/README.md and generated/treatment_config.yaml: the README's transfer YAML gives sheddable the batch ramp and batch the sheddable one (sheddableShedStart 0.01, sheddableShedFull 0.10, batchShedStart 0.005, batchShedFull 0.05, a swap in the transfer notes) and the treatment config was deployed as the README says: the config matches its plan, but the sim algorithm that produced the results sheds sheddable along [0.005, 0.05]
# catches: 4c admission.tier_parameters class=sheddable,phase=treatment => FAIL ~ sim algorithm
# catches: 4c admission.tier_parameters class=batch,phase=treatment => FAIL ~ sim algorithm
# touches: 2c@*/* 2d@treatment/* 3c 4c
plant() {
	local f
	for f in "$SIM/README.md" "$REAL/generated/treatment_config.yaml"; do
		sed -i -e 's/sheddableShedStart: 0.005/sheddableShedStart: 0.01/' \
		    -e 's/sheddableShedFull: 0.05$/sheddableShedFull: 0.10/' \
		    -e 's/batchShedStart: 0.01 /batchShedStart: 0.005/' \
		    -e 's/batchShedFull: 0.10$/batchShedFull: 0.05/' "$f"
		grep -q 'batchShedFull: 0.05' "$f"
		grep -q 'sheddableShedStart: 0.01' "$f"
	done
}
