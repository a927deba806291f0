# pair: 14b
# plants: treatment/w1c_14b: GPU 3 of the node was left power-capped at 500 W (nvidia-smi -pl 500 from an earlier job) instead of the H100 SXM's 700 W: its draw tops out at the cap
# catches: 5h gpu.power_cap_w device=3,instance=*,phase=treatment,workload=w1c_14b => FAIL
# touches: 5h@treatment/w1c_14b
plant() {
	local f
	f=$(ls "$REAL"/treatment/w1c_14b/gpu_logs/*.log)
	awk 'gpu == 3 && /W \/  700W/ {
	  if (match($0, /[0-9]+W \//)) { w = substr($0, RSTART, RLENGTH - 3) + 0
	    if (w > 500) sub(/ +[0-9]+W \/  700W/, "            500W /  500W")
	    else sub(/W \/  700W/, "W /  500W") } }
	{ gpu = -1 } /^\|   3  NVIDIA/ { gpu = 3 } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'W /  500W' "$f"
}
