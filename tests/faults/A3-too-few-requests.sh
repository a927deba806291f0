# pair: hta
# plants: align/: the alignment was captured as a smoke test, both sides over the first seven generated requests only (blis observe and blis run --num-requests 7: two warm-up requests and five measured, ids 2 to 6); every request is matched and successful on both sides and every median agrees, but five requests are too few to judge a distribution
# catches: A3 align.ttft_ms - => WARN ~ Too few requests to judge: 5
# catches: A3 align.tpot_ms - => WARN ~ Too few requests to judge: 5
# catches: A3 align.throughput_tps - => WARN ~ overall rates.*Too few requests
# touches: A0 A3
plant() {
	for side in trace_data sim; do
		trace_edit "$ALIGN/$side.csv" '
rows[:] = [r for r in rows if int(r["request_id"]) <= 6]
irows[:] = [r for r in irows if int(r["request_id"]) <= 6]' \
		    "$ALIGN/$side.itl.csv"
	done
}
