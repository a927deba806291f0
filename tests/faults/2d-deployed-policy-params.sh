# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the EPP config the treatment PipelineRun deployed gives the exponential-ceiling policy parameters (a parameters block left in the scenario from a hand-run sweep of the ceiling's shape), where generated/treatment_config.yaml, the config the sim's algorithm was translated into, declares the plugin with its defaults: the policy ran with other settings than the ones the config checks read
# catches: 2d epp.deployed phase=treatment,workload=chatbot_mid => FAIL|WARN ~ exponential-ceiling|parameters
# touches: 2d@treatment/*
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" \
	    "cfg = cfg.replace('    name: exponential-ceiling\n', '    name: exponential-ceiling\n    parameters:\n      ceilingFraction: 0.6\n      steepness: 4\n', 1)"
	scenario_epp "$pr" | grep -q 'steepness: 4'
}
