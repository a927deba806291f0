# pair: 14b
# plants: baseline/w2_14b_burst: the generator set the burst clients' gamma shape to 1/cv instead of 1/cv^2 (arrival: {process: gamma, cv: 3.0} drawn with shape 1/3): each client keeps its count, window and mean rate, but its inter-arrival CV is sqrt(3) = 1.73, not 3 (sends and chunks move with each arrival); the merged stream is still bursty
# catches: 1g iat.cv client=burst-*,phase=baseline,workload=w2_14b_burst => FAIL
# touches: 1g@baseline/w2_14b_burst 1a@baseline/w2_14b_burst 5b@baseline/w2_14b_burst
plant() {
	trace_edit "$REAL/baseline/w2_14b_burst/trace_data.csv" '
import collections
by = collections.defaultdict(list)
for r in rows:
    if r["client_id"].startswith("burst-"):
        by[r["client_id"]].append(r)
for cid, mine in sorted(by.items()):
    mine.sort(key=lambda r: int(r["arrival_time_us"]))
    a0, a1 = int(mine[0]["arrival_time_us"]), int(mine[-1]["arrival_time_us"])
    gaps = [rng.gammavariate(1 / 3.0, 1) for _ in mine[1:]]
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
