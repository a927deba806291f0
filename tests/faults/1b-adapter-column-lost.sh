# pair: lora
# plants: baseline/granite-9adapter.workload: the run was recorded with a blis observe older than the adapter column (before 0045b726): the 27 base columns only, so which adapter served each request is not in the trace
# catches: 1b adapter.fraction phase=baseline,workload=granite-9adapter.workload => WARN
# touches: 1b@baseline/granite-9adapter.workload
plant() {
	trace_edit "$REAL/baseline/granite-9adapter.workload/trace_data.csv" '
cols = [c for c in cols if c != "adapter"]
for r in rows:
    del r["adapter"]'
}
