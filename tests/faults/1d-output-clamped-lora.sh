# pair: lora
# plants: baseline/granite-9adapter.workload: the load driver's config, translated from the spec, gave the unbounded exponential output law (mean 128) a max of 512 (the translator's default bound for a law without one), so the generator asked for min(sample, 512) tokens: the 17 answers (1.8 %) the sampler drew longer end at exactly 512 (fewer chunks, an earlier last chunk), the output mean moves 2 %, inside its band, no client has enough rows for its tail to tell by the KS distance or the largest length alone, and the spec has no max to leave
# catches: 1d client.output_tokens.shape client=client-answerability,phase=baseline,workload=granite-9adapter.workload => FAIL ~ at exactly 512
# touches: 1d@baseline/granite-9adapter.workload
plant() {
	trace_edit "$REAL/baseline/granite-9adapter.workload/trace_data.csv" '
cap = 512
for r in rows:
    old = int(r["output_tokens"])
    if r["status"] != "ok" or old <= cap:
        continue
    first, last = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    r["output_tokens"] = str(cap)
    r["num_chunks"] = str(int(r["num_chunks"]) - (old - cap))
    r["last_chunk_time_us"] = str(first + (last - first) * (cap - 1) // (old - 1))'
}
