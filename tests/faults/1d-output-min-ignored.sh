# pair: aw
# plants: baseline/w2_stationary: the generator clamped sampled output lengths at 1 token instead of the spec's min (32): prefix-A's gaussian (256 ± 128) puts 4 % of its draws below 32, which now ask for 1-31 tokens (fewer chunks, an earlier last chunk) where the simulation's sampler clamps them to 32; the run's mean moves under 1 %, its stdev 2 %
# catches: 1d output_tokens.min phase=baseline,workload=w2_stationary => WARN ~ Outside the distribution.s support
# touches: 1d@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
lo = 32
for r in rows:
    old = int(r["output_tokens"])
    if r["client_id"] != "prefix-A" or r["status"] != "ok" or old != lo:
        continue
    new = lo
    while new >= lo:
        new = max(1, round(rng.gauss(256, 128)))
    first, last = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    r["output_tokens"] = str(new)
    r["num_chunks"] = str(int(r["num_chunks"]) - (old - new))
    r["last_chunk_time_us"] = str(first + (last - first) * max(0, new - 1) // (old - 1))'
}
