# pair: 14b
# plants: baseline/w1c_14b: under random-picker one pod received 47 % of the requests (its endpoint was listed three times after a stale EndpointSlice): 30 % of each other pod's requests went to it
# catches: 5b instance.share instance=*,phase=baseline,workload=w1c_14b => FAIL
# touches: 5b@baseline/w1c_14b
plant() {
	local d="$REAL/baseline/w1c_14b/server_logs" f g
	f=$(ls "$d"/*_vllm.log | head -1)
	for g in "$d"/*_vllm.log; do
		[ "$g" = "$f" ] && continue
		awk '/"POST \/v1\/completions/ && ++n % 10 < 3 { print > (FILENAME ".moved"); next } { print }' \
		    "$g" >"$g.kept"
		mv "$g.kept" "$g"
		cat "$g.moved" >>"$f"
		rm -f "$g.moved"
	done
}
