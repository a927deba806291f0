# pair: 14b
# plants: baseline/w1c_14b: the critical InferenceObjective was edited mid-run (a leftover from another experiment applied over it): from the second EPP log file on, critical requests resolve to priority 50, a priority no objective of the run has
# catches: 5g epp.objective.priority class=critical,phase=baseline,workload=w1c_14b => FAIL
# catches: 5g epp.priorities_seen phase=baseline,workload=w1c_14b => FAIL
# touches: 5g@baseline/w1c_14b
plant() {
	local f
	f=$(ls "$REAL"/baseline/w1c_14b/epp_logs/*.log | tail -1)
	sed -i 's/"priority":100,"objectiveKey":"critical"/"priority":50,"objectiveKey":"critical"/' "$f"
	grep -q '"priority":50' "$f"
}
