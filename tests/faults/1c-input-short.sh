# pair: aw
# plants: baseline/w2_stationary: the generator ran a stale spec whose input lengths are 20 % shorter (every sampled input_tokens x 0.8; the server counts follow)
# catches: 1c input_tokens.mean phase=baseline,workload=w2_stationary => FAIL
# touches: 1c@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    old = int(r["input_tokens"])
    new = max(1, round(old * 0.8))
    r["input_tokens"] = str(new)
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) - old + new)'
}
