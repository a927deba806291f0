# pair: 14b
# plants: treatment/w2_14b_burst: one of the four pods dropped out of the router's endpoint list for the burst window only (30-60 s: its readiness probe timed out under the burst's load) and came back after it; random-picker spread its share of the burst over the other three
# catches: 5b instance.share instance=*,phase=treatment,workload=w2_14b_burst => FAIL
# touches: 5b@treatment/w2_14b_burst
plant() {
	# make-real scrapes the pods every 5 s: the workload starts at a
	# pod's 13th /metrics line, the burst window at its 19th and ends
	# at its 25th
	local d="$REAL/treatment/w2_14b_burst/server_logs" f k=0 g
	f=$(ls "$d"/*_vllm.log | head -1)
	awk -v out="$f.moved" '/GET \/metrics/ { m++ }
	    m >= 19 && m < 25 && /"POST \/v1\/completions/ { print > out; next }
	    { print }' "$f" >"$f.kept"
	mv "$f.kept" "$f"
	for g in "$d"/*_vllm.log; do
		[ "$g" = "$f" ] && continue
		awk -v k=$k 'NR % 3 == k' "$f.moved" >>"$g"
		k=$((k + 1))
	done
	rm -f "$f.moved"
}
