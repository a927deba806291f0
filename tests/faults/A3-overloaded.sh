# pair: hta
# plants: align/trace_data.csv, trace_data.itl.csv, saturation.json: the real run was overloaded: each request waits in a queue that grows over the run (its first and last chunk and every ITL chunk 0.4 s + 20 ms per earlier request later), and blis observe's saturation report beside the trace says so (a copy of the real OVERLOADED report of upstream/saturation-observed); the TTFT and E2E gaps are load, not the cost model
# catches: A3 align.ttft_ms - => WARN ~ ^Overloaded: not a model gap
# catches: A3 align.e2e_ms - => WARN ~ ^Overloaded: not a model gap
# touches: A3
plant() {
	cp "$S2R_SAMPLES/upstream/saturation-observed/quarticceiling_balanced_15.saturation.json" \
	    "$ALIGN/saturation.json"
	trace_edit "$ALIGN/trace_data.csv" '
order = sorted(range(len(rows)), key=lambda i: int(rows[i]["send_time_us"]))
delay = {}
for k, i in enumerate(order):
    r = rows[i]
    if int(r["first_chunk_time_us"] or 0) > 0:
        d = 400000 + 20000 * k
        delay[r["request_id"]] = d
        for c in ("first_chunk_time_us", "last_chunk_time_us"):
            r[c] = str(int(r[c]) + d)
for r in irows:
    r["timestamp_us"] = str(int(r["timestamp_us"]) + delay.get(r["request_id"], 0))
' "$ALIGN/trace_data.itl.csv"
}
