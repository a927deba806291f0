# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the treatment PipelineRun's scenarioContent deploys the baseline's EPP config (the scenario was rendered from the baseline's template): no exponential-ceiling plugin, no usageLimitPolicyPluginRef, so the policy under test never ran, while generated/treatment_config.yaml, which the config checks read, still has it
# catches: 2d epp.deployed phase=treatment,workload=chatbot_mid => FAIL ~ differs from generated/treatment_config.yaml.*removed exponential-ceiling
# touches: 2d@treatment/*
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" \
	    "cfg = open('$REAL/generated/baseline_config.yaml').read()"
	! scenario_epp "$pr" | grep -q exponential-ceiling
}
