# pair: 14b
# plants: baseline/w1c_14b: the benchmark job hit its activeDeadlineSeconds 165 s into the spec's 180 s, killing blis observe: the requests scheduled in the last 15 s were never sent and the trace ends there (every client stops early, 8 % of the requests missing, the rate unchanged)
# catches: 1a run.duration_us phase=baseline,workload=w1c_14b => FAIL
# touches: 1?@baseline/w1c_14b 5b@baseline/w1c_14b 5d@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
rows = [r for r in rows if int(r["arrival_time_us"]) < 165000000]'
}
