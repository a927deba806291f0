# pair: aw
# plants: baseline/w2_stationary: the baseline's w2 cell ran blis observe with --warmup-requests 100 (the arm's PipelineRun template had the protocol's warm-up, the treatment's did not): its trace leaves out the first 100 requests, sent while the prefix caches were cold, and says warm_up_requests 100, while the treatment's trace keeps its cold start (warm_up_requests 0); the arms' latencies then compare a warm run with one that includes its cold start
# catches: 2c arms.workload phase=*,workload=w2_stationary => FAIL ~ warm_up_requests
# touches: 1a@baseline/w2_stationary 1h@baseline/w2_stationary 1b@baseline/w2_stationary 1c@baseline/w2_stationary 1d@baseline/w2_stationary 1e@baseline/w2_stationary 1f@baseline/w2_stationary 1g@baseline/w2_stationary 5b@baseline/w2_stationary 5c@baseline/w2_stationary 5d@baseline/w2_stationary 2c@*/w2_stationary
plant() {
	local c="$REAL/baseline/w2_stationary"
	sed -i 's/^warm_up_requests: 0$/warm_up_requests: 100/' "$c/trace_header.yaml"
	grep -q '^warm_up_requests: 100$' "$c/trace_header.yaml"
	trace_edit "$c/trace_data.csv" 'rows = [r for r in rows if int(r["request_id"]) >= 100]'
}
