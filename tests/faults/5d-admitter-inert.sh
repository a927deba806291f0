# pair: 14b
# plants: treatment/w2_14b_burst: the treatment's EPP ran an image built without the generated admission plugin's registration (the config named it, the binary admitted everything): no request was shed under the burst in which the plugin sheds almost every sheddable and batch request; the requests it would have shed were served like the others (each pod's log has their completions)
# catches: 5d shed.rate class=sheddable,phase=treatment,workload=w2_14b_burst => WARN ~ never ran
# catches: 5d shed.rate class=batch,phase=treatment,workload=w2_14b_burst => WARN ~ never ran
# touches: 5d@treatment/w2_14b_burst 1d@treatment/w2_14b_burst 5b@treatment/w2_14b_burst 6*@treatment/w2_14b_burst
plant() {
	local d="$REAL/treatment/w2_14b_burst" n
	n=$(grep -c 'HTTP 429' "$d/trace_data.csv")
	trace_serve "$d/trace_data.csv" True \
	    '[r for r in rows if r["status"] == "error"]'
	logs_add_requests "$d" "$n"
}
