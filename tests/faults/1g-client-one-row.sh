# pair: 14b
# plants: baseline/w1c_14b: the trace writer kept only the first of client batch's rows (its later rows lost: a writer flushed per client and killed before batch's buffer was written), so batch has one arrival and no inter-arrival gap: its CV cannot be measured at all
# catches: 1g iat.cv client=batch,phase=baseline,workload=w1c_14b => WARN ~ at most one row
# catches: 1b class.fraction class=batch,phase=baseline,workload=w1c_14b => FAIL
# touches: 1*@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
mine = [r for r in rows if r["client_id"] == "batch"]
keep = min(mine, key=lambda r: int(r["arrival_time_us"]))
rows = [r for r in rows if r["client_id"] != "batch" or r is keep]'
}
