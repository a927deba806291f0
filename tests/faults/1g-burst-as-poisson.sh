# pair: 14b
# plants: treatment/w2_14b_burst: the burst clients (gamma, cv 3.0) were sent as Poisson arrivals: same clients, counts and window, inter-arrival CV 1 instead of 3
# catches: 1g iat.cv client=burst-*,phase=treatment,workload=w2_14b_burst => FAIL
# touches: 1g@treatment/w2_14b_burst
plant() {
	trace_edit "$REAL/treatment/w2_14b_burst/trace_data.csv" '
import collections
by = collections.defaultdict(list)
for r in rows:
    if r["client_id"].startswith("burst-"):
        by[r["client_id"]].append(r)
for cid, mine in sorted(by.items()):
    mine.sort(key=lambda r: int(r["arrival_time_us"]))
    rate = len(mine) / 30e6
    t = 30000000
    for r in mine:
        t += max(1, int(rng.expovariate(rate)))
        new = min(t, 59999999)
        d = new - int(r["arrival_time_us"])
        r["arrival_time_us"] = str(new)
        for c in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
            if int(r[c]) > 0:
                r[c] = str(int(r[c]) + d)'
}
