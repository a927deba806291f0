# pair: aw
# plants: baseline/w2_stationary: the server aborted one request in twenty mid-stream (finish_reason abort, half the sampled output: an engine that dropped requests under a KV-transfer or scheduler fault): status ok, so the rows look served, and the output mean moves only 2.5 %
# catches: 5d requests.failed phase=baseline,workload=w2_stationary => FAIL
# touches: 5d@baseline/w2_stationary 1d@baseline/w2_stationary
plant() {
	trace_edit "$REAL"/baseline/w2_stationary/trace_data.csv '
for i, r in enumerate(rows):
    if i % 20 == 0:
        r["finish_reason"] = "abort"
        r["output_tokens"] = str(int(r["output_tokens"]) // 2)
        r["num_chunks"] = str(int(r["output_tokens"]) + 1)
'
}
