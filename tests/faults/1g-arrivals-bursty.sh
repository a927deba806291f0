# pair: aw
# plants: treatment/w2_stationary: the generator drew cold-queries' inter-arrival gaps from a gamma of CV 2.5 (an old spec's arrival: {process: gamma, cv: 2.5}) where the spec says poisson: the same requests, the same first and last arrival and mean rate, but in bursts (sends and chunks move with each arrival)
# catches: 1g iat.cv client=cold-queries,phase=treatment,workload=w2_stationary => FAIL
# touches: 1g@treatment/w2_stationary 1a@treatment/w2_stationary 5b@treatment/w2_stationary
plant() {
	trace_edit "$REAL/treatment/w2_stationary/trace_data.csv" '
mine = sorted((r for r in rows if r["client_id"] == "cold-queries"),
              key=lambda r: int(r["arrival_time_us"]))
a0, a1 = int(mine[0]["arrival_time_us"]), int(mine[-1]["arrival_time_us"])
k = 1 / 2.5 ** 2
gaps = [rng.gammavariate(k, 1) for _ in mine[1:]]
scale = (a1 - a0) / sum(gaps)
t = a0
for r, g in zip(mine, [0] + gaps):
    t += g * scale
    new = min(int(t), a1) if r is not mine[-1] else a1
    d = new - int(r["arrival_time_us"])
    r["arrival_time_us"] = str(new)
    for c in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
        if int(r[c]) > 0:
            r[c] = str(int(r[c]) + d)'
}
