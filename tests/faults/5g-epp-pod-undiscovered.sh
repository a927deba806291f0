# pair: aw
# plants: baseline/w2_stationary: the EPP never discovered pod k48j7 (its readiness gate lagged the InferencePool's watch): the EPP log names three of the four pods whose server logs the cell holds
# catches: 5g epp.pods.count phase=baseline,workload=w2_stationary => FAIL
# touches: 5g@baseline/w2_stationary
plant() {
	local f
	for f in "$REAL"/baseline/w2_stationary/epp_logs/*.log; do
		grep -v 79f6f9b4db-k48j7 "$f" >"$f.tmp" || true
		mv "$f.tmp" "$f"
	done
}
