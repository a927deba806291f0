# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the PipelineRun kept for the treatment cell says phase baseline1 (made from, or edited into, the baseline arm's): no PipelineRun of the run deploys a scenario for phase treatment, so what the treatment cell ran cannot be checked, and the run declares a baseline1 cell that has no results
# catches: 2d epp.deployed phase=treatment,workload=chatbot_mid => WARN ~ none of the run's 1 PipelineRun deploys a scenario for phase treatment
# touches: 2d@treatment/* 2a@treatment/* 2c@treatment/* *@baseline1/*
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	sed -i '/- name: phase$/{n;s/value: treatment$/value: baseline1/}' "$pr"
	grep -A1 -- '- name: phase$' "$pr" | grep -q 'value: baseline1'
}
