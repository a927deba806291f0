# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the EPP config the treatment PipelineRun deployed names usage-limit policy "exponential-ceiling" in flowControl but no longer defines that plugin (its plugins entry was dropped when the scenario was edited): the EPP refuses a reference to an undefined plugin at start-up, or runs without the policy; generated/treatment_config.yaml defines it
# catches: 2d epp.deployed phase=treatment,workload=chatbot_mid => FAIL ~ plugins: removed exponential-ceiling
# touches: 2d@treatment/*
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" "cfg = cfg.replace('  - type: exponential-ceiling-policy\n    name: exponential-ceiling\n', '')"
	scenario_epp "$pr" | grep -q 'usageLimitPolicyPluginRef: "exponential-ceiling"'
	! scenario_epp "$pr" | grep -q 'type: exponential-ceiling-policy'
}
