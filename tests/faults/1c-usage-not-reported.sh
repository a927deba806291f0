# pair: aw
# plants: treatment/w1_prefix_to_load_shift: the load generator streamed without stream_options include_usage (a client option lost in an upgrade), so vLLM sent no usage chunk: blis observe counted each answer's tokens from its content chunks (num_chunks = output_tokens, no final usage-only chunk) and recorded server_input_tokens 0 on every row; the run itself is unchanged, but nothing says any more whether the server prefilled the prompts (and the shared prefixes) the simulation does, and 1c's and 1e's checks of it vanished silently
# catches: 1c server_input_tokens.ratio phase=treatment,workload=w1_prefix_to_load_shift => MISSING ~ server_input_tokens is 0 on all 2072 successful rows
# touches: 1c@treatment/w1_prefix_to_load_shift 1e@treatment/w1_prefix_to_load_shift
plant() {
	trace_edit "$REAL/treatment/w1_prefix_to_load_shift/trace_data.csv" '
for r in rows:
    r["server_input_tokens"] = "0"
    if r["status"] == "ok" and int(r["num_chunks"]) == int(r["output_tokens"]) + 1:
        r["num_chunks"] = r["output_tokens"]'
}
