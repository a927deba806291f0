# pair: 14b
# plants: generated/treatment_config.yaml: the admitter's parameters block is keyed params instead of parameters (a hand edit): the EPP's config loader drops the unknown key, so the plugin factory gets no parameters and runs its compiled-in defaults, whatever the config says; the values under params are config.md's
# catches: 2d epp.plugin.parameter phase=treatment,workload=w1c_14b => FAIL ~ not in the deployed config
# catches: 4c admission.parameters - => WARN ~ give no plugin a parameter
# touches: 2c@*/* 2d@treatment/* 3c 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i 's/^  parameters:$/  params:/' "$f"
	grep -q '^  params:$' "$f"
}
