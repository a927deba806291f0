# pair: aw
# plants: baseline/w2_stationary: the cell was rerun into the same results folder; the rerun's deploy gave new pods, so server_logs/ holds the four logs of the rerun beside the four of the first attempt two days earlier (ReplicaSet 5c6d7f8b9d, every stamp 04-21): eight vLLM logs for a four-instance run
# catches: 5b log.window instance=sim2real-aw-decode-5c6d7f8b9d-*,phase=baseline,workload=w2_stationary => FAIL
# catches: 2b instances.count phase=baseline,workload=w2_stationary => WARN ~ 4 of them .* are of another run
# touches: 2b@baseline/w2_stationary 5*@baseline/w2_stationary
plant() {
	local d="$REAL/baseline/w2_stationary/server_logs" f k=0 old
	for f in "$d"/*_vllm.log; do
		k=$((k + 1))
		old="$d/sim2real-aw-decode-5c6d7f8b9d-old${k}x_vllm.log"
		sed 's/ 04-23 \([0-9][0-9]:[0-9][0-9]:[0-9][0-9]\) / 04-21 \1 /' \
		    "$f" >"$old"
	done
	[ "$(ls "$d" | wc -l)" -eq 8 ]
}
