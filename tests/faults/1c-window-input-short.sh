# pair: aw
# plants: baseline/w3_multi_prefix_contention: the second phase ran a stale spec whose input lengths are 20 % shorter (phase2-prefix-B and phase2-cold: every sampled input_tokens x 0.8, the server counts following); the first phase is untouched
# catches: 1c window.input_tokens.mean phase=baseline,window=200-400s,workload=w3_multi_prefix_contention => FAIL
# touches: 1c@baseline/w3_multi_prefix_contention
plant() {
	trace_edit "$REAL/baseline/w3_multi_prefix_contention/trace_data.csv" '
for r in rows:
    if r["client_id"].startswith("phase2-"):
        old = int(r["input_tokens"])
        new = round(old * 0.8)
        r["input_tokens"] = str(new)
        if int(r["server_input_tokens"]) > 0:
            r["server_input_tokens"] = str(int(r["server_input_tokens"]) - (old - new))'
}
