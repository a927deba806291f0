# pair: 14b
# plants: baseline/w1c_14b: GPU 1 reports volatile uncorrected ECC errors from mid-run on (2 errors: its results are suspect)
# catches: 5h gpu.ecc_uncorrected.max device=1,instance=*,phase=baseline,workload=w1c_14b => FAIL
# touches: 5h@baseline/w1c_14b
plant() {
	local f
	f=$(ls "$REAL"/baseline/w1c_14b/gpu_logs/*.log)
	awk -v half="$(($(grep -c '^=====' "$f") / 2))" '/^=====/ { n++ }
	n > half && /^\|   1  NVIDIA/ { sub(/                    0 \|$/, "                    2 |") } { print }' \
	    "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '                    2 |$' "$f"
}
