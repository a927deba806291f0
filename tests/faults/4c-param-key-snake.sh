# pair: 14b
# plants: generated/treatment_config.yaml: the sheddable ramp's keys are written in snake case (sheddable_shed_start, sheddable_shed_full), which the plugin's JSON tags (sheddableShedStart, sheddableShedFull) do not match: encoding/json drops unknown keys, so the plugin runs its compiled-in defaults for the sheddable ramp whatever the config says
# catches: 4c admission.tier_parameters class=sheddable,phase=treatment => FAIL ~ read from the key "sheddable_shed_start"
# touches: 2c@*/* 2d@treatment/* 3c 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i -e 's/sheddableShedStart:/sheddable_shed_start:/' \
	    -e 's/sheddableShedFull:/sheddable_shed_full:/' "$f"
	grep -q sheddable_shed_full "$f"
}
