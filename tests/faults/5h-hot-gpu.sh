# pair: 14b
# plants: treatment/w2_14b_burst: GPU 2 of the node (one vLLM pod's) runs hot through the whole run, 85-90 C at full load (a failing fan), the others stay at 52-68 C
# catches: 5h gpu.busy.temperature_c.* device=2,instance=*,phase=treatment,workload=w2_14b_burst => FAIL
# touches: 5h@treatment/w2_14b_burst
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_14b_burst/gpu_logs/*.log)
	awk 'BEGIN { srand(7) } gpu == 2 && /W \/  700W/ && /100%|9[0-9]%/ {
	  sub(/ [0-9][0-9]C /, sprintf(" %2dC ", 85 + int(rand() * 6))) }
	{ gpu = -1 } /^\|   2  NVIDIA/ { gpu = 2 } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q ' 8[5-9]C \| 90C ' "$f"
}
