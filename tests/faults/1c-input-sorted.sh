# pair: aw
# plants: baseline/w2_stationary: the load generator drew prefix-A's prompts from a pool it had sorted by length (a bucketing step that grouped prompts of like length) and sent them in pool order: the client's first requests carry its shortest prompts and its last ones its longest, the lengths themselves are exactly the sampler's (mean, stdev, extremes and law unchanged), so the run's first minutes prefill little and its last minutes twice as much, a load the simulation's independent draws never make (the server counts follow the prompts)
# catches: 1c client.input_tokens.trend client=prefix-A,phase=baseline,workload=w2_stationary => FAIL
# touches: 1c@baseline/w2_stationary 6*@baseline/w2_stationary A*
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
mine = sorted((r for r in rows if r["client_id"] == "prefix-A"),
              key=lambda r: int(r["arrival_time_us"]))
lens = sorted(int(r["input_tokens"]) for r in mine)
for r, new in zip(mine, lens):
    old = int(r["input_tokens"])
    r["input_tokens"] = str(new)
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) - old + new)'
}
