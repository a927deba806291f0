# pair: 14b
# plants: baseline/w1c_14b: the batch InferenceObjective was not deployed, so the EPP resolves every batch request to the default objective's priority 0 ("No associated InferenceObjective found, using default") instead of -10
# catches: 5g epp.objective.priority class=batch,phase=baseline,workload=w1c_14b => FAIL
# touches: 5g@baseline/w1c_14b
plant() {
	local f
	for f in "$REAL"/baseline/w1c_14b/epp_logs/*.log; do
		sed -i 's/"priority":-10,"objectiveKey":"batch"/"priority":0,"objectiveKey":"batch"/' "$f"
	done
	! grep -q '"priority":-10' "$REAL"/baseline/w1c_14b/epp_logs/*.log
}
