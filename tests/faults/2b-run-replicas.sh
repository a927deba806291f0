# pair: upstream
# plants: results/blis3: the blis3 arm was deployed with 2 vLLM replicas instead of the 3 its scenario asks for (sim2real/baselines/blis-3.yaml: decode.replicas 3, the sim's num_instances): its PipelineRun's scenarioContent says decode.replicas: 2 (blis2's count carried into blis3's render); the run keeps no server logs, so the deployed scenario is the one record of the instance count
# catches: 2b instances.count phase=blis3,workload=w1_mid => FAIL
# catches: 2a config.deployed phase=blis3,workload=w1_mid => FAIL
# touches: 2a@blis3/w1_mid 2b@blis3/w1_mid 2c@*/w1_mid
plant() {
	local f="$REAL/cluster/pipelinerun-w1-mid-blis3.yaml"
	grep -q 'replicas: 3' "$f"
	sed -i 's/replicas: 3/replicas: 2/' "$f"
}
