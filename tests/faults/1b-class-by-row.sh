# pair: 14b
# plants: baseline/w1c_14b: the load generator drew each request's slo_class from the mix instead of taking its client's: every class keeps its share of the rows, but each client's traffic is spread over the four classes (its critical requests partly sheddable), so the router saw other priorities per client than the simulation
# catches: 1b client.class phase=baseline,workload=w1c_14b => FAIL
# touches: 1b@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
classes = [r["slo_class"] for r in rows]
rng.shuffle(classes)
for r, k in zip(rows, classes):
    r["slo_class"] = k'
}
