# pair: 14b
# plants: treatment/w1c_14b: the sheddable InferenceObjective was deployed at priority -10 (batch's) instead of -50, so the admission plugin ran batch's gentler ramp for the sheddable requests too: 116 of the 2727 sheddable sheds were served instead (each pod's log has their completions), and the sheddable class is shed at batch's rate (94.2 %, as often, not more), where the lowest priority should shed most
# catches: 5d shed.rate class=batch,phase=treatment,workload=w1c_14b => WARN
# touches: 5d@treatment/w1c_14b 5g@treatment/w1c_14b 1d@treatment/w1c_14b 5b@treatment/w1c_14b 6*@treatment/w1c_14b 6*@*/w1c_14b
plant() {
	local d="$REAL/treatment/w1c_14b" n=116
	trace_serve "$d/trace_data.csv" 'r["slo_class"] == "sheddable"' \
	    'rng.sample([r for r in rows if r["status"] == "error" and r["slo_class"] == "sheddable"], '"$n"')'
	logs_add_requests "$d" "$n"
}
