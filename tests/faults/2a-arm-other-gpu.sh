# pair: upstream
# plants: results/blis2: the blis2 arm was scheduled on A100 nodes: its pipelinerun's scenario selects nvidia.com/gpu.product NVIDIA-A100-SXM4-80GB, while the arm's scenario (sim2real/baselines/blis-2.yaml) and the simulation's hardware are H100 (no gpu_logs in the run: the deployed scenario is the only word on the GPU)
# catches: 2a config.deployed phase=blis2,workload=w1_mid => FAIL
# touches: 2a@blis2/w1_mid 2c@*/w1_mid
plant() {
	local f="$REAL/cluster/pipelinerun-w1-mid-blis2.yaml"
	sed -i 's/labelValue: NVIDIA-H100-80GB-HBM3/labelValue: NVIDIA-A100-SXM4-80GB/' "$f"
	grep -q 'labelValue: NVIDIA-A100-SXM4-80GB' "$f"
}
