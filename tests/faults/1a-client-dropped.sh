# pair: 14b
# plants: treatment/w1c_14b: the copy of the spec the generator ran had client batch commented out (5 % of the rate): its requests were never sent, the other three clients ran at their own rates, so the run's aggregate is 95 % of the spec's 35 req/s, at the edge of the 5 % band, and its long-output batch answers (the ones the simulation's KV pressure comes from) are gone
# catches: 1a client.rate client=batch,phase=treatment,workload=w1c_14b => FAIL ~ no rows
# touches: 1?@treatment/w1c_14b 5b@treatment/w1c_14b 5d@treatment/w1c_14b 5g@treatment/w1c_14b
plant() {
	trace_edit "$REAL/treatment/w1c_14b/trace_data.csv" '
rows = [r for r in rows if r["client_id"] != "batch"]'
}
