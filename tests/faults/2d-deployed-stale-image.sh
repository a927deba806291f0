# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the treatment PipelineRun's scenario deploys the EPP image ghcr.io/kalantar/llm-d-router:r0, an earlier run's build, not r1, the image this run built with the exponential-ceiling-policy plugin (run_metadata.json component_image): the tag was not bumped, so the cell ran an older build of the plugin, or none
# catches: 2d epp.image phase=treatment,workload=chatbot_mid => FAIL ~ deployed the EPP image ghcr.io/kalantar/llm-d-router:r0, not the one the run built with the plugin type exponential-ceiling-policy
# touches: 2d@treatment/*
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" "scn['scenario'][0]['images']['inferenceScheduler']['tag'] = 'r0'"
	grep -q 'tag: r0' "$pr"
}
