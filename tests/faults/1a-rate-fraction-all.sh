# pair: 14b
# plants: baseline/w2_14b_burst: the load generator normalised rate_fraction over every client instead of per active window (the older BLIS reading): each steady client kept 1/3 of its requests (sum 1.0 of 3.0) and each burst client 2/3 (2.0 of 3.0), so the phases ran at 73 and 146 req/s instead of 219
# catches: 1a client.rate client=*,phase=baseline,workload=w2_14b_burst => WARN ~ all-clients reading
# touches: 1?@baseline/w2_14b_burst 5b@baseline/w2_14b_burst 5d@baseline/w2_14b_burst
plant() {
	trace_edit "$REAL/baseline/w2_14b_burst/trace_data.csv" '
keep = lambda r: 1 / 3 if r["client_id"].startswith("steady-") else 2 / 3
rows = [r for r in rows if rng.random() < keep(r)]'
}
