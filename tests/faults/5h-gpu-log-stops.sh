# pair: 14b
# plants: baseline/w1c_14b: the nvidia-smi sampler on the node died a third of the way into the run (its DaemonSet pod evicted): the gpu_logs stop there, so two thirds of the workload window has no GPU sample and whatever the GPUs did then is not judged
# catches: 5h gpu.window.coverage instance=*,phase=baseline,workload=w1c_14b => WARN
# touches: 5h@baseline/w1c_14b
plant() {
	local f
	f=$(ls "$REAL"/baseline/w1c_14b/gpu_logs/*.log)
	awk -v stop="$(($(grep -c '^=====' "$f") / 3))" '/^=====/ { n++ }
	n > stop { exit } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
