# pair: expceil
# plants: results/treatment/chatbot_mid: the InferenceObjective for the critical class was not applied in the run's namespace, so the EPP gave critical requests the default priority and the exponential-ceiling policy shed 300 of them (HTTP 429) alongside sheddable ones, where the plan never sheds priority 100
# catches: 5d shed.rate class=critical,phase=treatment,workload=chatbot_mid => FAIL
# touches: 5d@treatment/chatbot_mid 1d@treatment/chatbot_mid 1h@treatment/chatbot_mid 1c@treatment/chatbot_mid
plant() {
	trace_edit "$REAL/results/treatment/chatbot_mid/trace_data.csv" '
crit = [r for r in rows if r["slo_class"] == "critical"]
for r in crit[100::20][:300]:
    r.update(output_tokens="0", server_input_tokens="0",
             first_chunk_time_us="0", last_chunk_time_us="0",
             num_chunks="0", status="error", finish_reason="",
             error_message="HTTP 429: Too Many Requests")'
}
