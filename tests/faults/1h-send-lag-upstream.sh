# pair: upstream
# plants: results/blis3/w1_mid: the load generator ran on a CPU-starved pod and fell behind its schedule: each request was sent later than its arrival time by a lag that grows steadily to 3 s by the end of the run, so the offered rate was lower and later than the spec's
# catches: 1h sends.late phase=blis3,workload=w1_mid => FAIL
# touches: 1a@blis3/w1_mid 1h@blis3/w1_mid 1g@blis3/w1_mid 1c@blis3/w1_mid
plant() {
	trace_edit "$REAL/results/blis3/w1_mid/trace_data.csv" '
ok = [r for r in rows]
ok.sort(key=lambda r: int(r["arrival_time_us"]))
n = len(ok)
for i, r in enumerate(ok):
    lag = 3000000 * i // max(n - 1, 1)
    for k in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
        if int(r[k]) > 0:
            r[k] = str(int(r[k]) + lag)'
}
