# pair: hta
# plants: align/trace_data.csv, trace_data.itl.csv: the real server preempted the two longest answers under KV-cache pressure (vLLM recompute preemption: ids 9 and 11, 60 and 45 tokens, their decode stalled and redone, first-to-last-token span x 1.8, every chunk after the first stretched with it) while the simulation, with its larger KV budget, preempted none; the median TPOT and its KS test over nine requests barely move, the tail is what diverges
# catches: A3 align.tpot_ms - => WARN ~ 2 of 9 requests do not follow the median.*ids: 9 11
# touches: A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
first = {}
for r in rows:
    if r["request_id"] in ("9", "11"):
        f, l = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
        first[r["request_id"]] = f
        r["last_chunk_time_us"] = str(f + (l - f) * 18 // 10)
for r in irows:
    f = first.get(r["request_id"])
    if f is not None:
        r["timestamp_us"] = str(f + (int(r["timestamp_us"]) - f) * 18 // 10)' \
	    "$ALIGN/trace_data.itl.csv"
}
