# pair: 14b
# plants: baseline/w1c_14b: the baseline EPP ran flow control although its config (generated/baseline_config.yaml) enables no flowControl gate: the chart turned it on outside the config (an ENABLE_EXPERIMENTAL_FLOW_CONTROL_LAYER env of the deployment), so every request went through the flow-control queues ('Flow control outcome' debug lines, outcome Dispatched) and the baseline is not the legacy admission path config.md describes
# catches: 5g epp.flow_control.outcomes phase=baseline,workload=w1c_14b => WARN ~ Active without being configured
# touches: 5g@baseline/w1c_14b
plant() {
	local f
	for f in "$REAL"/baseline/w1c_14b/epp_logs/*.log; do
		awk '{ print } /"msg":"EPP received request"/ {
		  s = $0
		  sub(/"level":"info"/, "\"level\":\"debug\"", s)
		  sub(/"caller":"[^"]*"/, "\"caller\":\"requestcontrol/admission.go:170\"", s)
		  sub(/"msg":"EPP received request"/, "\"msg\":\"Flow control outcome\"", s)
		  sub(/}$/, ",\"outcome\":\"Dispatched\",\"error\":null}", s)
		  print s }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
	grep -q '"msg":"Flow control outcome"' "$REAL"/baseline/w1c_14b/epp_logs/*.log
}
