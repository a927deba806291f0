# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the EPP config the treatment PipelineRun deployed lost its featureGates entry flowControl (a hand edit of the scenario): without the gate the EPP runs the legacy admission path and never calls the usage-limit policy, although flowControl.usageLimitPolicyPluginRef still names it; generated/treatment_config.yaml keeps the gate
# catches: 2d epp.deployed phase=treatment,workload=chatbot_mid => FAIL ~ featureGates: removed flowControl
# touches: 2d@treatment/*
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" \
	    "cfg = cfg.replace('featureGates:\n  - flowControl\n', '')"
	! scenario_epp "$pr" | grep -q featureGates
}
