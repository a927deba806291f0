# pair: 14b
# plants: treatment/w1c_14b: one of the four pods never got a request (ready, but missing from the router's endpoint list); random-picker spread its share over the other three
# catches: 5b instance.share instance=*,phase=treatment,workload=w1c_14b => FAIL
# touches: 5b@treatment/w1c_14b
plant() {
	local d="$REAL/treatment/w1c_14b/server_logs" f k=0 g
	f=$(ls "$d"/*_vllm.log | head -1)
	grep '"POST /v1/completions' "$f" >"$f.moved"
	sed -i '/"POST \/v1\/completions/d' "$f"
	for g in "$d"/*_vllm.log; do
		[ "$g" = "$f" ] && continue
		awk -v k=$k 'NR % 3 == k' "$f.moved" >>"$g"
		k=$((k + 1))
	done
	rm -f "$f.moved"
}
