# pair: aw
# plants: baseline/w2_stationary: the cell was rerun, but epp_logs/ kept the EPP log of the first attempt from the day before (same EPP pod name and pods, every ts one day earlier): the router log describes a run the trace did not record
# catches: 5g epp.log.window phase=baseline,workload=w2_stationary => FAIL
# touches: 5g@baseline/w2_stationary
plant() {
	sed -i 's/"ts":"2026-04-23T/"ts":"2026-04-22T/g' \
	    "$REAL"/baseline/w2_stationary/epp_logs/*.log
	! grep -q '"ts":"2026-04-23T' "$REAL"/baseline/w2_stationary/epp_logs/*.log
}
