# pair: 14b
# plants: baseline/w1c_14b: the node's device plugin had GPU time-slicing on, and another tenant's training job landed on GPU 2 (one vLLM pod's) from the start of the run: nvidia-smi lists a second compute process on GPU 2 holding 14 GiB beside vLLM's, its memory use rises by as much; utilization, temperature and power stay as its neighbours' (the GPU was busy either way), so only the process table shows that the pod's latencies were measured on a shared GPU
# catches: 5h gpu.processes device=2,instance=*,phase=baseline,workload=w1c_14b => WARN|FAIL
# touches: 5h@baseline/w1c_14b
plant() {
	local f
	f=$(ls "$REAL"/baseline/w1c_14b/gpu_logs/*.log)
	awk '
	/^\| +2  NVIDIA/ { g2 = 1; print; next }
	g2 && match($0, /[0-9]+MiB \//) {
		m = substr($0, RSTART, RLENGTH - 5) + 14336
		$0 = substr($0, 1, RSTART - 1) m substr($0, RSTART + RLENGTH - 5)
	}
	{ g2 = 0 }
	/^\|     2   N\/A  N\/A/ { print; print "|     2   N/A  N/A          3141592      C   python3                                14336MiB |"; next }
	{ print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 3141592 "$f"
}
