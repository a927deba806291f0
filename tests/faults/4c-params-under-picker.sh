# pair: 14b
# plants: generated/treatment_config.yaml: the random-picker entry was moved up between the admitter's name and its parameters block (a reordering slip in the plugins list), so the ramp and threshold parameters now belong to random-picker, which reads none of them: the admitter gets no parameters and runs its compiled-in defaults, whatever the config says
# catches: 4c admission.parameters phase=treatment => WARN ~ random-picker
# catches: 4c admission.tier_parameters class=sheddable,phase=treatment => WARN ~ random-picker
# catches: 4c admission.tier_parameters class=batch,phase=treatment => WARN ~ random-picker
# touches: 2c@*/* 2d@treatment/* 3c 4a 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i -e '/^- type: random-picker$/d' \
	    -e 's/^  name: preemptive-shed$/&\n- type: random-picker/' "$f"
	grep -B1 -A1 '^- type: random-picker$' "$f" | grep -q '^  parameters:$'
}
