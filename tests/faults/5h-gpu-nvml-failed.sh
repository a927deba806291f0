# pair: 14b
# plants: treatment/w1c_14b: nvidia-smi in the node's DCGM pod could not load NVML all run (the node's driver was upgraded under the running pod: 'Failed to initialize NVML: Driver/library version mismatch'), so every 10 s block of gpu_logs/<node>.log holds its header and that one line, and not one GPU table: the GPUs the pods ran on were never sampled
# catches: 5h gpu.name phase=treatment,workload=w1c_14b => MISSING ~ Failed to initialize NVML
# touches: 2a@treatment/w1c_14b 5h@treatment/w1c_14b
plant() {
	local f
	f=$(ls "$REAL"/treatment/w1c_14b/gpu_logs/*.log)
	awk '/^=====/ { print; print "Failed to initialize NVML: Driver/library version mismatch"; print "NVML library version: 570.172" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
