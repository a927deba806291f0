# pair: 14b
# plants: baseline/w1c_14b: blis observe ran with --warmup-requests 50 while the bundle's measurement.yaml says 0: the first 50 generated requests are missing from the trace and the header says warm_up_requests 50
# catches: 1h warm_up.requests phase=baseline,workload=w1c_14b => FAIL
# catches: 2c arms.workload phase=*,workload=w1c_14b => FAIL
# touches: 1?@baseline/w1c_14b 5b@baseline/w1c_14b 5d@baseline/w1c_14b 2c@*/w1c_14b
plant() {
	sed -i 's/^warm_up_requests: 0$/warm_up_requests: 50/' \
	    "$REAL/baseline/w1c_14b/trace_header.yaml"
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
rows = [r for r in rows if int(r["request_id"]) >= 50]'
}
