# pair: aw
# plants: treatment/w2_stationary: the client falls behind its schedule (a client-side ceiling): each request is sent 30 % later than scheduled relative to the start, so requests go out at ~77 % of the scheduled rate
# catches: 1a qps.actual phase=treatment,workload=w2_stationary => WARN
# touches: 1a@treatment/w2_stationary 1h@treatment/w2_stationary
plant() {
	trace_edit "$REAL/treatment/w2_stationary/trace_data.csv" '
t0 = min(int(r["arrival_time_us"]) for r in rows)
for r in rows:
    lag = int((int(r["arrival_time_us"]) - t0) * 0.3)
    for c in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
        if int(r[c]) > 0:
            r[c] = str(int(r[c]) + lag)'
}
