# pair: 14b
# plants: baseline/w1c_14b: the load generator ran an earlier revision of the spec (tier mix critical 10 %, standard 30 %, sheddable 55 %, batch 5 %): half of client critical's requests went out as client sheddable's, so critical's share halved and sheddable's grew by a fifth while the total rate and every other class stayed
# catches: 1b class.fraction class=critical,phase=baseline,workload=w1c_14b => FAIL
# catches: 1b class.fraction class=sheddable,phase=baseline,workload=w1c_14b => FAIL
# touches: 1b@baseline/w1c_14b 1a@baseline/w1c_14b 5g@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
k = 0
for r in rows:
    if r["client_id"] == "critical":
        k += 1
        if k % 2 == 0:
            r["client_id"] = "sheddable"
            r["slo_class"] = "sheddable"'
}
