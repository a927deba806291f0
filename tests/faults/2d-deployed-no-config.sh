# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the treatment PipelineRun's scenario lost its inferenceExtension plugin config (pluginsConfigFile and pluginsCustomConfig: the scenario was rendered without the EPP override), so the EPP ran the chart's default config, not generated/treatment_config.yaml
# catches: 2d epp.deployed phase=treatment,workload=chatbot_mid => WARN ~ without an EPP config
# touches: 2d@treatment/*
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" "scn['scenario'][0].pop('inferenceExtension')"
	! grep -q pluginsCustomConfig "$pr"
}
