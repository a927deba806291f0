# pair: lora
# plants: baseline/granite-9adapter.workload: the generator's adapter list was out of step with its clients for two neighbours in the Zipf ranking: client-answer_relevance_classifier (5.0 %) sent adapter requirement_check and client-requirement_check (4.4 %) sent answer_relevance_classifier; the two adapters' shares move by 0.6 pp each, within chance, but every request of the two clients went to another adapter than the simulation routed it to
# catches: 1b client.adapter phase=baseline,workload=granite-9adapter.workload => FAIL
# touches: 1b@baseline/granite-9adapter.workload
plant() {
	trace_edit "$REAL/baseline/granite-9adapter.workload/trace_data.csv" '
swap = {"answer_relevance_classifier": "requirement_check",
        "requirement_check": "answer_relevance_classifier"}
for r in rows:
    r["adapter"] = swap.get(r["adapter"], r["adapter"])'
}
