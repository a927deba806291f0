# pair: 14b
# plants: treatment/w2_14b_burst: GPU 3 of the node (one vLLM pod's) had its graphics clock locked low (nvidia-smi -lgc 990,990, left by an earlier power-saving profile): it reads P0, 100 % GPU-Util and no error, but under the same load as its neighbours it draws 230-290 W instead of 420-690 W and stays cool (44-50 C); the power cap is untouched and nothing is hot, so only its draw shows that it ran at a fraction of its neighbours' clock
# catches: 5h gpu.busy.power_w.mean device=3,instance=*,phase=treatment,workload=w2_14b_burst => WARN|FAIL
# touches: 5h@treatment/w2_14b_burst
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_14b_burst/gpu_logs/*.log)
	awk 'BEGIN { srand(3) }
	gpu == 3 && /W \/  700W/ && / (9[0-9]|100)%/ {
		sub(/ [0-9][0-9]C /, sprintf(" %2dC ", 44 + int(rand() * 7)))
		match($0, / +[0-9]+W \//)
		$0 = substr($0, 1, RSTART - 1) sprintf("%*dW /", RLENGTH - 3, 230 + int(rand() * 61)) substr($0, RSTART + RLENGTH)
	}
	{ gpu = -1 } /^\|   3  NVIDIA/ { gpu = 3 } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
