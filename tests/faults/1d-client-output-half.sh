# pair: 14b
# plants: baseline/w1c_14b: the generator ignored client batch's output_distribution (its key misspelt in the copy it ran) and capped its requests at half the sampled length: the batch client's outputs average 128 tokens against the spec's 256, while the run's overall mean moves 2.5 %, inside the 5 % band
# catches: 1d client.output_tokens.mean client=batch,phase=baseline,workload=w1c_14b => FAIL
# touches: 1d@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
for r in rows:
    if r["client_id"] == "batch" and r["status"] == "ok":
        r["output_tokens"] = str(max(1, int(r["output_tokens"]) // 2))'
}
