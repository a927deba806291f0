# pair: 14b
# plants: baseline/w2_14b_burst: the lifecycle windows ran 10 s early: the steady clients stopped at 20 s and the 2x burst ran from 20 s to 50 s instead of 30-60 s
# catches: 1[ab] * phase=baseline,workload=w2_14b_burst => FAIL
# touches: 1?@baseline/w2_14b_burst 5b@baseline/w2_14b_burst 5d@baseline/w2_14b_burst
plant() {
	trace_edit "$REAL/baseline/w2_14b_burst/trace_data.csv" '
out = []
for r in rows:
    a = int(r["arrival_time_us"])
    if r["client_id"].startswith("steady-"):
        if a >= 20000000:
            continue
    else:
        for c in ("arrival_time_us", "send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
            if int(r[c]) > 0:
                r[c] = str(int(r[c]) - 10000000)
    out.append(r)
rows = out'
}
