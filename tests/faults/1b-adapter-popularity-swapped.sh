# pair: lora
# plants: baseline/granite-9adapter.workload: the generator's adapter list was out of step with the clients (a renaming gone wrong): the most popular client (answerability, 35 %) sent adapter citations and client-citations (17.7 %) sent answerability; every client's rate is right, only the adapter popularity is not the Zipf ranking the spec asks for
# catches: 1b adapter.fraction adapter=answerability,phase=baseline,workload=granite-9adapter.workload => FAIL
# catches: 1b adapter.fraction adapter=citations,phase=baseline,workload=granite-9adapter.workload => FAIL
# touches: 1b@baseline/granite-9adapter.workload
plant() {
	trace_edit "$REAL/baseline/granite-9adapter.workload/trace_data.csv" '
swap = {"answerability": "citations", "citations": "answerability"}
for r in rows:
    r["adapter"] = swap.get(r["adapter"], r["adapter"])'
}
