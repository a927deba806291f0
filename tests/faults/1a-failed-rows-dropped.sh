# pair: 14b
# plants: treatment/w1c_14b: the load generator's recorder wrote only the requests that completed (a benchmark client that drops failed results from its per-request output): the 429s the admission plugin shed are not rows of the trace, so the cell looks like a run at half the spec's rate that shed nothing
# catches: 1a requests.count phase=treatment,workload=w1c_14b => FAIL ~ request_id between the trace.s smallest and largest have no row
# touches: 1?@treatment/w1c_14b 5d@treatment/w1c_14b 5b@treatment/w1c_14b 5g@treatment/w1c_14b 6?@treatment/w1c_14b A?@*
plant() {
	trace_edit "$REAL/treatment/w1c_14b/trace_data.csv" '
rows = [r for r in rows if r["status"] == "ok"]'
}
