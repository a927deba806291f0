# pair: 14b
# plants: generated/treatment_config.yaml: the batchShedFull line is missing from the admitter's parameters (lost in a merge): the plugin runs its compiled-in default for it, which the config no longer states
# catches: 4c admission.tier_parameters class=batch,phase=treatment => FAIL ~ Not deployed: the sim.s batchShedFull
# touches: 2c@*/* 2d@treatment/* 3c 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i '/^    batchShedFull:/d' "$f"
	! grep -q batchShedFull "$f"
}
