# pair: aw
# plants: baseline/w2_stationary: pod d2r4l got 1.8 % of the requests (its endpoint flapped out of the prefix scorer's view); the other three absorbed the rest. The router routes by prefix affinity
# catches: 5b instance.share instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => WARN|FAIL
# touches: 5b@baseline/w2_stationary
plant() {
	local d="$REAL/baseline/w2_stationary/server_logs" f=x k=0 g
	f=$(ls "$d"/*d2r4l_vllm.log)
	# keep its first 72 completions; the rest go to the others
	awk '/"POST \/v1\/completions/ && ++n > 72 { print > (FILENAME ".moved"); next } { print > (FILENAME ".kept") }' "$f"
	mv "$f.kept" "$f"
	for g in "$d"/*_vllm.log; do
		[ "$g" = "$f" ] && continue
		awk -v k=$k 'NR % 3 == k' "$f.moved" >>"$g"
		k=$((k + 1))
	done
	rm -f "$f.moved"
}
