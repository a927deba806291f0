# pair: aw
# plants: baseline/w2_stationary: the cell was rerun, but its server_logs/ kept the first attempt's logs from two days earlier (the same pods' names and arguments, every stamp 04-21 instead of 04-23): the logs do not describe the run the trace recorded
# catches: 5b log.window instance=*,phase=baseline,workload=w2_stationary => FAIL
# touches: 5b@baseline/w2_stationary 2b@baseline/w2_stationary
plant() {
	sed -i 's/ 04-23 \([0-9][0-9]:[0-9][0-9]:[0-9][0-9]\) / 04-21 \1 /' \
	    "$REAL"/baseline/w2_stationary/server_logs/*.log
}
