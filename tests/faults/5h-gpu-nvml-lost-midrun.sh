# pair: 14b
# plants: treatment/w2_14b_burst: a third of the way into the run a systemd daemon-reload on the node cut the DCGM pod's access to the GPU devices (the container toolkit's known cgroup issue), so its nvidia-smi failed as a whole ('Failed to initialize NVML: Unknown Error') in place of every table until the pod was restarted two thirds in: the middle third of the run has no GPU sample, though no GPU failed
# catches: 5h gpu.window.coverage instance=*,phase=treatment,workload=w2_14b_burst => WARN ~ between sampled tables
# touches: 5h@treatment/w2_14b_burst
plant() {
	local f n
	f=$(ls "$REAL"/treatment/w2_14b_burst/gpu_logs/*.log)
	n=$(grep -c '^=====' "$f")
	awk -v from="$((n / 3))" -v to="$((2 * n / 3))" '/^=====/ { k++ }
	k <= from || k > to { print; next }
	/^=====/ { print; print "Failed to initialize NVML: Unknown Error" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
