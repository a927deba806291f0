# pair: hta
# plants: align/trace_data.csv, trace_data.itl.csv: blis observe hit its client-side ceiling (too low a --max-concurrency for the load): it held each request back until a slot freed, so the k-th request in planned order was sent k x 60 ms after its planned arrival (up to 0.66 s), its chunks with it; the planned arrivals match the sim's and every latency, timed from the send, looks as before, but the server saw a thinner, later load than the one simulated
# catches: A0 real.sends.late - => WARN ~ client could not keep to the schedule
# touches: A0 A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
order = sorted(range(len(rows)), key=lambda i: int(rows[i]["arrival_time_us"]))
lag = {}
for k, i in enumerate(order):
    r = rows[i]
    lag[r["request_id"]] = d = 60000 * k
    for c in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
        if int(r[c]) > 0:
            r[c] = str(int(r[c]) + d)
for r in irows:
    r["timestamp_us"] = str(int(r["timestamp_us"]) + lag[r["request_id"]])
' "$ALIGN/trace_data.itl.csv"
}
