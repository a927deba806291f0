# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the EPP config the treatment PipelineRun deployed gives flowControl.usageLimitPolicyPluginRef twice, the second time as "constant-control" (the control arm's policy, pasted in): a strict YAML decoder refuses the config, a lenient one keeps the last value, so which policy ran is unknown; generated/treatment_config.yaml gives it once
# catches: 2d epp.deployed phase=treatment,workload=chatbot_mid => WARN ~ cannot be read.*duplicate mapping key "usageLimitPolicyPluginRef"
# touches: 2d@treatment/*
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" "cfg = cfg + '  usageLimitPolicyPluginRef: \"constant-control\"\n'"
	[ "$(scenario_epp "$pr" | grep -c usageLimitPolicyPluginRef)" = 2 ]
}
