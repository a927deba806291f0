# pair: 14b
# plants: treatment/w1c_14b: the gateway route drops the objective header on one request in three, so those reach the EPP without an objective (objectiveKey "", the default priority 0) and their tier is never applied
# catches: 5g epp.objective.resolved phase=treatment,workload=w1c_14b => FAIL
# catches: 5g epp.objective.empty phase=treatment,workload=w1c_14b => FAIL
# touches: 5g@treatment/w1c_14b
plant() {
	local f
	for f in "$REAL"/treatment/w1c_14b/epp_logs/*.log; do
		awk '/"msg":"Request handled"/ && ++n % 3 == 0 {
		  gsub(/"objectiveKey":"[a-z]*"/, "\"objectiveKey\":\"\"")
		  sub(/"priority":-?[0-9]+/, "\"priority\":0") } { print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
	grep -q '"objectiveKey":""' "$REAL"/treatment/w1c_14b/epp_logs/*.log
}
