# pair: 14b
# plants: baseline/w1c_14b: the load generator's tier table spelled the spec's sheddable class "best-effort" (a class renamed in the generator's config, not in the sim's spec): 45 % of the requests carried a priority name the spec has no class for, and no request carried sheddable, so the router ranked them by whatever it maps an unknown class to
# catches: 1b class.fraction class=sheddable,phase=baseline,workload=w1c_14b => FAIL ~ no rows of it
# catches: 1b class.fraction class=best-effort,phase=baseline,workload=w1c_14b => FAIL ~ the spec has no such class
# catches: 1b client.class phase=baseline,workload=w1c_14b => FAIL ~ "best-effort"
# touches: 1b@baseline/w1c_14b 5*@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
for r in rows:
    if r["slo_class"] == "sheddable":
        r["slo_class"] = "best-effort"'
}
