# pair: corpus
# plants: baseline/agentic: the closed-loop session replay ran with the open-loop default --warmup-requests 50: the first 50 dispatched requests, the opening rounds of the initial session pool (the smallest contexts), are not in the trace, so those sessions start mid-conversation and the cell's inputs and latencies lean to the later, longer rounds
# catches: 1h warm_up.rows phase=baseline,workload=agentic => WARN ~ no round 0
# touches: 1a@baseline/agentic 1c@baseline/agentic 1d@baseline/agentic 1g@baseline/agentic 1h@baseline/agentic 5d@baseline/agentic
plant() {
	local d="$REAL/baseline/agentic"
	sed -i 's/^warm_up_requests: .*/warm_up_requests: 50/' "$d/trace_header.yaml"
	trace_edit "$d/trace_data.csv" '
rows = [r for r in rows if int(r["request_id"]) >= 50]'
}
