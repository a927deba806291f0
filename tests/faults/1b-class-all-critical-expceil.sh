# pair: expceil
# plants: results/treatment/chatbot_mid: the load generator's client table mapped every client to the critical objective (the sheddable client's slo_class copied from the first entry), so the 1590 sheddable requests were sent, and recorded, as critical: the admission policy had no sheddable traffic to shed
# catches: 1b client.class phase=treatment,workload=chatbot_mid => FAIL
# catches: 1b class.fraction class=sheddable,phase=treatment,workload=chatbot_mid => FAIL
# touches: 1b@treatment/chatbot_mid 5d@treatment/chatbot_mid 1a@treatment/chatbot_mid 1c@treatment/chatbot_mid 1d@treatment/chatbot_mid
plant() {
	trace_edit "$REAL/results/treatment/chatbot_mid/trace_data.csv" '
for r in rows:
    r["slo_class"] = "critical"'
}
