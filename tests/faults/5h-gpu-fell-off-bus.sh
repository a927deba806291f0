# pair: 14b
# plants: baseline/w2_14b_burst: GPU 1 of the node (one vLLM pod's) fell off the bus 40 % into the run (Xid 79): from then on nvidia-smi prints only 'Unable to determine the device handle for GPU0000:2A:00.0: Unknown Error' in place of its table, so every GPU of the node has fewer samples, none reading anything wrong
# catches: 5h gpu.errors device=1,instance=*,phase=baseline,workload=w2_14b_burst => FAIL ~ missing from [0-9]+ of the node.s tables inside it \(nvidia-smi could not reach a GPU
# touches: 5h@baseline/w2_14b_burst
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_14b_burst/gpu_logs/*.log)
	awk -v from="$(($(grep -c '^=====' "$f") * 2 / 5))" '/^=====/ {
		n++
		if (n > from) {
			print
			print "Unable to determine the device handle for GPU0000:2A:00.0: Unknown Error"
			skip = 1
			next
		}
		skip = 0
	} !skip { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'Unable to determine' "$f"
}
