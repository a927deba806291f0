# pair: aw
# plants: baseline/w2_stationary: the gateway capped every request's max_tokens at 512 (a default max-output policy in front of the model servers), so prefix-A's answers never exceed 512 tokens where its spec's gaussian reaches 768: 2 % of its answers end at 512 (finish_reason length, fewer chunks, an earlier last chunk), the run's output mean moves 0.4 % and its stdev 2 %, and its max (512) stays inside the support
# catches: 1d client.output_tokens.shape client=prefix-A,phase=baseline,workload=w2_stationary => FAIL
# touches: 1d@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
cap = 512
for r in rows:
    old = int(r["output_tokens"])
    if r["client_id"] != "prefix-A" or r["status"] != "ok" or old <= cap:
        continue
    first, last = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    r["output_tokens"] = str(cap)
    r["num_chunks"] = str(int(r["num_chunks"]) - (old - cap))
    r["last_chunk_time_us"] = str(first + (last - first) * (cap - 1) // (old - 1))'
}
