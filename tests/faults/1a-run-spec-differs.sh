# pair: upstream
# plants: cluster/pipelinerun-w1-mid-blis2.yaml: the deploy pipeline gave phase blis2 a workload spec at half the simulated rate (aggregate_rate 45, not 90): the run was told to generate another workload than the one simulated, which its PipelineRun shows even where the trace alone would only be slow
# catches: 1a workload.conflict phase=blis2,workload=w1_mid => FAIL
# touches: 1a@blis2/w1_mid
plant() {
	sed -i 's/{aggregate_rate: 90,/{aggregate_rate: 45,/' \
	    "$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
	grep -q '{aggregate_rate: 45,' "$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
}
