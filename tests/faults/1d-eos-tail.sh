# pair: aw
# plants: baseline/w2_stationary: min_tokens did not reach the server (exact-length mode lost on the way), so the model stopped at its own end of sequence where its answer (about 450 ± 80 tokens) ended before the sampled length: only the long tail stops early (6 % of the answers, finish_reason stop, fewer chunks, earlier last chunk), the output mean moves 2 % and the stdev 6 %, inside their bands
# catches: 1d output_tokens.stopped phase=baseline,workload=w2_stationary => WARN
# touches: 1d@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    out = int(r["output_tokens"])
    natural = int(rng.gauss(450, 80))
    if r["status"] != "ok" or out <= natural or natural < 2:
        continue
    first, last = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    r["output_tokens"] = str(natural)
    r["num_chunks"] = str(natural + 1)
    r["last_chunk_time_us"] = str(first + (last - first) * (natural - 1) // (out - 1))
    r["finish_reason"] = "stop"'
}
