# pair: hta
# plants: align/trace_data.csv: the real load generator ran as a Deployment with two replicas (a replicas: 2 left in its manifest) that both replayed the whole workload and wrote into one trace file: every request id appears twice, both successful, the second copy sent 3 ms after the first and, under twice the load, answered 40 % slower; the server saw double the simulated load
# catches: A0 align.requests.matched - => FAIL ~ sent again
# touches: A0 A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
import copy
extra = []
for r in rows:
    c = copy.deepcopy(r)
    s = int(c["send_time_us"]) + 3000
    for k in ("first_chunk_time_us", "last_chunk_time_us"):
        t = int(c[k])
        if t > 0:
            c[k] = str(s + round((t - int(r["send_time_us"])) * 1.4))
    c["send_time_us"] = str(s)
    extra.append(c)
rows = rows + extra'
}
