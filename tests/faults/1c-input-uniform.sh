# pair: aw
# plants: baseline/w2_stationary: the generator drew prefix-A's input lengths from a uniform law (a benchmark's random dataset with a range ratio) instead of the spec's gaussian: same mean and same stdev (uniform over mean ± stdev·√3, 290-734 tokens), so the run's mean, stdev and [min, max] all pass while the shape is flat and the tails are gone (the server counts follow)
# catches: 1c client.input_tokens.shape client=prefix-A,phase=baseline,workload=w2_stationary => FAIL
# touches: 1c@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
half = 128 * 3 ** 0.5
for r in rows:
    if r["client_id"] != "prefix-A":
        continue
    old = int(r["input_tokens"])
    new = int(rng.uniform(512 - half, 512 + half) + 0.5)
    r["input_tokens"] = str(new)
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) - old + new)'
}
