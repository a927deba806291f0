# pair: aw
# plants: treatment/w2_stationary: the server ignored min_tokens (exact-length mode lost), so 60 % of the responses stop early at EOS: shorter output_tokens, finish_reason stop, fewer chunks, earlier last chunk
# catches: 1d output_tokens.mean phase=treatment,workload=w2_stationary => FAIL
# touches: 1d@treatment/w2_stationary
plant() {
	trace_edit "$REAL/treatment/w2_stationary/trace_data.csv" '
for r in rows:
    out = int(r["output_tokens"])
    if out < 16 or rng.random() >= 0.6:
        continue
    new = rng.randint(8, out // 2)
    first, last = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    r["output_tokens"] = str(new)
    r["num_chunks"] = str(new + 1)
    r["last_chunk_time_us"] = str(first + (last - first) * (new - 1) // (out - 1))
    r["finish_reason"] = "stop"'
}
