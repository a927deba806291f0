# pair: aw
# plants: baseline/w1_prefix_to_load_shift: the copy of the spec the generator ran had the two phase-1 clients' output_distribution blocks swapped (an edit that moved the prefix client's block below the cold client's): phase1-prefix-A's answers follow the cold client's gaussian (128 ± 64, 32-512) and phase1-cold's the prefix client's (256 ± 128, 32-768); every row, prompt and arrival is the spec's, the answers' chunks and last chunk times follow their new lengths
# catches: 1d client.output_tokens.mean client=phase1-prefix-A,phase=baseline,workload=w1_prefix_to_load_shift => FAIL
# catches: 1d client.output_tokens.mean client=phase1-cold,phase=baseline,workload=w1_prefix_to_load_shift => FAIL
# touches: 1d@baseline/w1_prefix_to_load_shift
plant() {
	trace_edit "$REAL/baseline/w1_prefix_to_load_shift/trace_data.csv" '
law = {"phase1-prefix-A": (128, 64, 32, 512), "phase1-cold": (256, 128, 32, 768)}
for r in rows:
    if r["client_id"] not in law or r["status"] != "ok":
        continue
    mu, sd, lo, hi = law[r["client_id"]]
    old, new = int(r["output_tokens"]), min(hi, max(lo, round(rng.gauss(mu, sd))))
    first, last = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    if old < 2 or last <= first:
        continue
    r["output_tokens"] = str(new)
    r["num_chunks"] = str(new + 1)
    r["last_chunk_time_us"] = str(first + (last - first) * (new - 1) // (old - 1))'
}
