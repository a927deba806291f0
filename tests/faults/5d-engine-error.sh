# pair: aw
# plants: baseline/w2_stationary: vLLM failed one request in twenty inside the engine (a KV-cache load from the remote tier that did not arrive: vLLM v1 ends such a request with finish_reason error, a third of the sampled output, in an ordinary HTTP 200 stream): status ok, so the rows look served and nothing but the finish reason says otherwise
# catches: 5d requests.failed phase=baseline,workload=w2_stationary => FAIL ~ aborted
# touches: 5d@baseline/w2_stationary 1d@baseline/w2_stationary
plant() {
	trace_edit "$REAL"/baseline/w2_stationary/trace_data.csv '
for i, r in enumerate(rows):
    if i % 20 == 7:
        r["finish_reason"] = "error"
        r["output_tokens"] = str(int(r["output_tokens"]) // 3)
        r["num_chunks"] = str(int(r["output_tokens"]) + 1)
'
}
