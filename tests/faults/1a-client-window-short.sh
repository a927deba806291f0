# pair: 14b
# plants: treatment/w2_14b_burst: the copy of the spec the generator ran ended client steady-batch's lifecycle window at 20 s instead of 30 s (one client's end_us edited for a shorter smoke test and never reverted): its requests in the last 10 s of the steady phase were never sent, the other clients and the phases' rates are the spec's, and the run's count moves 1.6 %, inside its band
# catches: 1a client.end_us client=steady-batch,phase=treatment,workload=w2_14b_burst => FAIL
# touches: 1?@treatment/w2_14b_burst 5b@treatment/w2_14b_burst 5d@treatment/w2_14b_burst
plant() {
	trace_edit "$REAL/treatment/w2_14b_burst/trace_data.csv" '
rows = [r for r in rows
        if r["client_id"] != "steady-batch" or int(r["arrival_time_us"]) < 20000000]'
}
