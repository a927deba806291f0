# pair: aw
# plants: baseline/w2_stationary: the load generator's retry path rebuilt a request from its suffix alone (the shared prefix is attached once, on the first attempt), so the 3 % of prefix-A's requests that were retried after a reset connection went out without the system prompt: their rows carry no prefix_group and prefix_length 0 and the server counted 512 fewer prompt tokens; the run's prefix share moves 1.8 pp, inside its 2 pp band, and every row that names the group still has its 512 tokens
# catches: 1e client.prefix.fraction client=prefix-A,phase=baseline,workload=w2_stationary => FAIL ~ Client "prefix-A" sent a shared prefix on 97
# touches: 1e@baseline/w2_stationary 1c@baseline/w2_stationary 5c@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    if r["client_id"] != "prefix-A" or rng.random() >= 0.03:
        continue
    r["prefix_group"] = ""
    r["prefix_length"] = "0"
    if int(r["server_input_tokens"]) > 512:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) - 512)'
}
