# pair: aw
# plants: treatment/w2_stationary: the load generator's sender wakes on a 250 ms timer and sends everything due since its last tick at once: arrival_time_us keeps the Poisson schedule, but each request goes out at the next tick (send_time_us, first and last chunk move with it), so the servers see bursts of ~10 requests every 250 ms
# catches: 1g iat.cv_send client=*,phase=treatment,workload=w2_stationary => FAIL
# touches: 1g@treatment/w2_stationary 1h@treatment/w2_stationary
plant() {
	trace_edit "$REAL"/treatment/w2_stationary/trace_data.csv '
t0 = min(int(r["send_time_us"]) for r in rows)
for r in rows:
    s = int(r["send_time_us"])
    tick = t0 + ((s - t0) // 250000 + 1) * 250000
    r["send_time_us"] = str(tick)
    for k in ("first_chunk_time_us", "last_chunk_time_us"):
        if int(r[k]) > 0:
            r[k] = str(int(r[k]) + tick - s)
'
}
