# pair: aw
# plants: baseline/w2_stationary: the prompt builder, retrying three of prefix-A's longest prompts after a tokenizer timeout, appended the retried text to the first attempt's instead of replacing it: those requests went out with twice their drawn length (about 1,900 tokens), beyond the 1,024 the spec's clamp lets BLIS's sampler return; the mean and stdev barely move (3 rows in 4,000)
# catches: 1c input_tokens.max phase=baseline,workload=w2_stationary => WARN ~ Outside the distribution's support
# touches: 1c@baseline/w2_stationary 6*@baseline/w2_stationary A*
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
mine = sorted((r for r in rows if r["client_id"] == "prefix-A"),
              key=lambda r: -int(r["input_tokens"]))[:3]
for r in mine:
    old = int(r["input_tokens"])
    r["input_tokens"] = str(2 * old)
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) + old)'
}
