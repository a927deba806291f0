# pair: aw
# plants: treatment/w2_stationary: the generator sent every cold-queries prompt at the spec's mean length (a benchmark's fixed --input-len instead of the gaussian): 256 tokens each, same mean, no spread (the server counts follow)
# catches: 1c client.input_tokens.shape client=cold-queries,phase=treatment,workload=w2_stationary => FAIL
# touches: 1c@treatment/w2_stationary
plant() {
	trace_edit "$REAL/treatment/w2_stationary/trace_data.csv" '
for r in rows:
    if r["client_id"] != "cold-queries":
        continue
    old, new = int(r["input_tokens"]), 256
    r["input_tokens"] = str(new)
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) - old + new)'
}
