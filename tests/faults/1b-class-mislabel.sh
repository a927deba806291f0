# pair: 14b
# plants: baseline/w1c_14b: the generator sent client batch's requests with slo_class sheddable (a class-mix bug: 5 % batch became sheddable)
# catches: 1b class.fraction class=batch,phase=baseline,workload=w1c_14b => FAIL
# catches: 1b class.fraction class=sheddable,phase=baseline,workload=w1c_14b => FAIL
# touches: 1b@baseline/w1c_14b 5d@baseline/w1c_14b 5g@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
for r in rows:
    if r["client_id"] == "batch":
        r["slo_class"] = "sheddable"'
}
