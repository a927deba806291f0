# pair: 14b
# plants: treatment/w2_14b_burst: GPU 2 of the node (one vLLM pod's) fell into an error state a third of the way into the run (an Xid 79 / 'fallen off the bus' seen by the driver): from then on nvidia-smi prints ERR! for its temperature, power, utilization and ECC, while the other GPUs read normally
# catches: 5h gpu.errors device=2,instance=*,phase=treatment,workload=w2_14b_burst => FAIL
# touches: 5h@treatment/w2_14b_burst
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_14b_burst/gpu_logs/*.log)
	awk -v from="$(($(grep -c '^=====' "$f") / 3))" '/^=====/ { n++ }
	n > from && gpu == 2 { $0 = "| ERR!  ERR!  ERR!             ERR! / ERR!  |   61247MiB /  81559MiB |    ERR!      Default |" }
	n > from && /^\|   2  NVIDIA/ { sub(/                    0 \|$/, "                 ERR! |") }
	{ gpu = -1 } /^\|   2  NVIDIA/ { gpu = 2 } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'ERR!  ERR!' "$f"
}
