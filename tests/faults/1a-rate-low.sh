# pair: aw
# plants: baseline/w2_stationary: every 5th request (in arrival order) is never sent: the generator ran 80 % of the spec's 40 req/s
# catches: 1a qps.intended phase=baseline,workload=w2_stationary => FAIL
# catches: 1a qps.actual phase=baseline,workload=w2_stationary => FAIL
# touches: 1a@baseline/w2_stationary 1g@baseline/w2_stationary 5b@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
order = sorted(range(len(rows)), key=lambda i: int(rows[i]["arrival_time_us"]))
drop = set(order[4::5])
rows = [r for i, r in enumerate(rows) if i not in drop]'
}
