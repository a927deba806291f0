# pair: 14b
# plants: treatment/w1c_14b: the sheddable and batch InferenceObjectives were deployed with each other's priority (sheddable -10, batch -50: the tier names mapped wrong in the manifests), so the EPP resolves sheddable requests to batch's band and the reverse; the objective keys are right
# catches: 5g epp.objective.priority class=sheddable,phase=treatment,workload=w1c_14b => FAIL
# catches: 5g epp.objective.priority class=batch,phase=treatment,workload=w1c_14b => FAIL
# touches: 5g@treatment/w1c_14b
plant() {
	local f
	for f in "$REAL"/treatment/w1c_14b/epp_logs/*.log; do
		sed -i -e 's/"priority":-50,"objectiveKey":"sheddable"/"priority":-10,"objectiveKey":"sheddable"/' \
		    -e 's/"priority":-10,"objectiveKey":"batch"/"priority":-50,"objectiveKey":"batch"/' "$f"
	done
	grep -q '"priority":-10,"objectiveKey":"sheddable"' "$REAL"/treatment/w1c_14b/epp_logs/*.log
}
