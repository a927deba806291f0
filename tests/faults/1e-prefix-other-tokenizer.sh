# pair: aw
# plants: baseline/w3_multi_prefix_contention: the load generator built its shared system prompts with another model's tokenizer (a default left in the generator's config): each prefix is 512 tokens to it, the prefix_length the trace records, but 448 to Qwen3's, so the server counts 64 fewer prompt tokens on every prefixed row; the unprefixed rows and the trace's own columns are unchanged, so the simulation caches and prefills 512-token prefixes the real run never had
# catches: 1e prefix.server_share phase=baseline,workload=w3_multi_prefix_contention => FAIL|WARN
# touches: 1e@baseline/w3_multi_prefix_contention 1c@baseline/w3_multi_prefix_contention 5c@baseline/w3_multi_prefix_contention
plant() {
	trace_edit "$REAL/baseline/w3_multi_prefix_contention/trace_data.csv" '
for r in rows:
    if r["prefix_group"] and int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) - 64)'
}
