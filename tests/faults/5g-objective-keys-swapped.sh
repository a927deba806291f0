# pair: 14b
# plants: treatment/w1c_14b: the load generator's class-to-objective mapping swapped sheddable and batch (its header x-gateway-inference-objective says "batch" for the trace's sheddable rows and "sheddable" for its batch rows): the EPP resolves each to the other tier's objective and priority, so the admitter sheds the wrong class; the log is self-consistent (key and priority agree on every line) and the trace has no x_request_id to join, so only the lines per key against the rows per class tell
# catches: 5g epp.objective.class_requests class=sheddable,phase=treatment,workload=w1c_14b => FAIL ~ under another class's objective
# touches: 5g@treatment/w1c_14b
plant() {
	local f
	for f in "$REAL"/treatment/w1c_14b/epp_logs/*.log; do
		# placeholders so that each swap is applied once
		sed -i -e 's/"objectiveKey":"sheddable"/"objectiveKey":"@B@"/g' \
		    -e 's/"objectiveKey":"batch"/"objectiveKey":"@S@"/g' \
		    -e 's/@B@/batch/g' -e 's/@S@/sheddable/g' \
		    -e 's/"priority":-50,/"priority":@10,/' \
		    -e 's/"priority":-10,/"priority":-50,/' \
		    -e 's/"priority":@10,/"priority":-10,/' "$f"
	done
	grep -q '"priority":-10,"objectiveKey":"batch"' "$REAL"/treatment/w1c_14b/epp_logs/*.log
}
