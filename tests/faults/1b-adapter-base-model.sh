# pair: lora
# plants: baseline/granite-9adapter.workload: the load generator sent client-citations' requests to the base model (its adapter not passed as the request's model: an empty adapter), so 17.7 % of the traffic ran without its LoRA adapter
# catches: 1b adapter.fraction adapter=citations,phase=baseline,workload=granite-9adapter.workload => FAIL
# catches: 1b adapter.fraction adapter=,phase=baseline,workload=granite-9adapter.workload => FAIL
# touches: 1b@baseline/granite-9adapter.workload
plant() {
	trace_edit "$REAL/baseline/granite-9adapter.workload/trace_data.csv" '
for r in rows:
    if r["adapter"] == "citations":
        r["adapter"] = ""'
}
