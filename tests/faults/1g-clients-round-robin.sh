# pair: aw
# plants: treatment/w2_stationary: the load generator drew one Poisson stream at the aggregate 40 req/s and dealt its arrivals to the clients in a fixed weighted rotation (prefix-A, cold-queries, prefix-A, ... by their shares) instead of giving each client its own Poisson stream: the merged stream, every request and each client's count are unchanged, but each client's gaps are sums of a regular run of merged gaps (CV 0.83 and 0.63 where Poisson gives 1: prefix-A inside the 0.8-1.2 band, 8.5 standard errors of its 2400 gaps below 1), not exponential (sends and chunks move with each arrival)
# catches: 1g iat.cv client=prefix-A,phase=treatment,workload=w2_stationary => WARN ~ standard errors
# catches: 1g iat.cv client=cold-queries,phase=treatment,workload=w2_stationary => FAIL
# touches: 1g@treatment/w2_stationary 1a@treatment/w2_stationary 5b@treatment/w2_stationary
plant() {
	trace_edit "$REAL/treatment/w2_stationary/trace_data.csv" '
import collections
times = sorted(int(r["arrival_time_us"]) for r in rows)
by = collections.defaultdict(list)
for r in rows:
    by[r["client_id"]].append(r)
ids = sorted(by)
for i in ids:
    by[i].sort(key=lambda r: int(r["arrival_time_us"]))
# smooth weighted round robin over the clients counts: exact counts,
# a fixed interleaving
want = {i: len(by[i]) for i in ids}
cur = {i: 0 for i in ids}
nxt = {i: 0 for i in ids}
total = len(times)
for t in times:
    for i in ids:
        cur[i] += want[i]
    pick = max((i for i in ids if nxt[i] < want[i]), key=lambda i: cur[i])
    cur[pick] -= total
    r = by[pick][nxt[pick]]
    nxt[pick] += 1
    d = t - int(r["arrival_time_us"])
    r["arrival_time_us"] = str(t)
    for c in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
        if int(r[c]) > 0:
            r[c] = str(int(r[c]) + d)'
}
