# pair: 14b
# plants: baseline/w2_14b_burst: GPU 1 of the node (one vLLM pod's) hits its slowdown temperature in one full-load sample of ten: 81-84 C while drawing only 280-320 W (the clocks pulled down), the rest of the time as its neighbours
# catches: 5h gpu.busy.throttle.fraction device=1,instance=*,phase=baseline,workload=w2_14b_burst => FAIL
# touches: 5h@baseline/w2_14b_burst
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_14b_burst/gpu_logs/*.log)
	awk 'BEGIN { srand(5) } gpu == 1 && / 100%/ && ++n % 10 == 3 {
	  sub(/ [0-9][0-9]C /, sprintf(" %2dC ", 81 + int(rand() * 4)))
	  sub(/ +[0-9]+W \/  700W/, sprintf("            %3dW /  700W", 280 + int(rand() * 41))) }
	{ gpu = -1 } /^\|   1  NVIDIA/ { gpu = 1 } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q ' 8[1-4]C    P0            [23][0-9][0-9]W' "$f"
}
