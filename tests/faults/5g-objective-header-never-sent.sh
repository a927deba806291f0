# pair: 14b
# plants: treatment/w1c_14b: the load generator of the treatment run never sent the objective header (its client config lost the x-gateway-inference-objective mapping): every request reaches the EPP with objectiveKey "" and the default priority 0 ("No associated InferenceObjective found, using default"), so the admission policy's priorities are never seen although the policy sheds by them
# catches: 5g epp.objective.resolved phase=treatment,workload=w1c_14b => FAIL
# catches: 5g epp.objective.empty phase=treatment,workload=w1c_14b => FAIL
# catches: 5g epp.objective.priority class=critical,phase=treatment,workload=w1c_14b => WARN ~ no EPP log line carries it
# touches: 5g@treatment/w1c_14b
plant() {
	local f
	for f in "$REAL"/treatment/w1c_14b/epp_logs/*.log; do
		sed -i -e 's/"objectiveKey":"[a-z]*"/"objectiveKey":""/g' \
		    -e 's/"priority":-\{0,1\}[0-9][0-9]*/"priority":0/g' "$f"
	done
	! grep -q '"priority":[1-9-]' "$REAL"/treatment/w1c_14b/epp_logs/*.log
}
