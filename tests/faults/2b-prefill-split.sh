# pair: upstream
# plants: results/blis3: the blis3 arm was deployed disaggregated, 2 decode and 1 prefill vLLM replicas (its PipelineRun's scenarioContent took prefill.replicas: 1 from llm-d's P/D preset), where its scenario (sim2real/baselines/blis-3.yaml) and the simulation have 3 aggregated instances that each prefill and decode: the pod count is the same 3, but one pod only prefills and two only decode, which the sim never modelled
# catches: 2b instances.count phase=blis3,workload=w1_mid => FAIL
# catches: 2a config.deployed phase=blis3,workload=w1_mid => FAIL
# touches: 2a@blis3/w1_mid 2b@blis3/w1_mid
plant() {
	scenario_edit "$REAL/cluster/pipelinerun-w1-mid-blis3.yaml" '
s = scn["scenario"][0]
assert s["decode"]["replicas"] == 3
s["decode"]["replicas"] = 2
s["prefill"] = {"replicas": 1}' >/dev/null
}
