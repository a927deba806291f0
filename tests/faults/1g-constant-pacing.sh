# pair: aw
# plants: baseline/w2_stationary: client cold-queries is paced at a constant interval (a generator that ignores arrival.process: poisson): same requests, evenly spaced arrivals, sends shifted with them
# catches: 1g iat.cv client=cold-queries,phase=baseline,workload=w2_stationary => FAIL
# touches: 1g@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
mine = sorted((r for r in rows if r["client_id"] == "cold-queries"),
              key=lambda r: int(r["arrival_time_us"]))
a0, a1 = int(mine[0]["arrival_time_us"]), int(mine[-1]["arrival_time_us"])
for k, r in enumerate(mine):
    new = a0 + (a1 - a0) * k // (len(mine) - 1)
    d = new - int(r["arrival_time_us"])
    r["arrival_time_us"] = str(new)
    for c in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
        if int(r[c]) > 0:
            r[c] = str(int(r[c]) + d)'
}
