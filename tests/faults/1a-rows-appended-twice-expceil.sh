# pair: expceil
# plants: results/treatment/chatbot_mid: the results upload was retried after a timeout and appended the last 400 rows of the trace a second time (the same request_ids, the same timestamps), so the arm's trace counts 400 requests that were never sent
# catches: 1a requests.count phase=treatment,workload=chatbot_mid => FAIL ~ repeat an earlier row
# touches: 1a@treatment/chatbot_mid 1b@treatment/chatbot_mid 1c@treatment/chatbot_mid 1d@treatment/chatbot_mid 1h@treatment/chatbot_mid 5d@treatment/chatbot_mid 1g@treatment/chatbot_mid
plant() {
	trace_edit "$REAL/results/treatment/chatbot_mid/trace_data.csv" '
rows = rows + [dict(r) for r in rows[-400:]]'
}
