# pair: aw
# plants: treatment/w2_stationary was collected with deploy.py collect --skip-logs (no server_logs/, the bundle shape of a run that excludes them) and its load generator was pointed at Qwen/Qwen3-8B (the trace header's server.model): the one record of the served model names another model than config.md
# catches: 2a trace.server_model phase=treatment,workload=w2_stationary => FAIL
# touches: 2a@treatment/w2_stationary 4a@treatment/w2_stationary 2b@treatment/w2_stationary 5a@treatment/w2_stationary 5b@treatment/w2_stationary 5c@treatment/w2_stationary 5e@treatment/w2_stationary 5f@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	rm -r "$REAL"/treatment/w2_stationary/server_logs
	sed -i 's#^\(    model: \)Qwen/Qwen3-14B$#\1Qwen/Qwen3-8B#' \
	    "$REAL"/treatment/w2_stationary/trace_header.yaml
	grep -q 'model: Qwen/Qwen3-8B' "$REAL"/treatment/w2_stationary/trace_header.yaml
}
