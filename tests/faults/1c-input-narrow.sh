# pair: aw
# plants: baseline/w2_stationary: the generator drew input lengths from a narrower law than the spec's (each input_tokens pulled halfway to the cell's mean: the same mean, half the spread; the server counts follow)
# catches: 1c input_tokens.stdev phase=baseline,workload=w2_stationary => FAIL
# touches: 1c@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
mean = sum(int(r["input_tokens"]) for r in rows) / len(rows)
for r in rows:
    old = int(r["input_tokens"])
    new = max(1, round(mean + (old - mean) / 2))
    r["input_tokens"] = str(new)
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) - old + new)'
}
