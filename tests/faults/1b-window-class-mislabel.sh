# pair: 14b
# plants: baseline/w2_14b_burst: during the burst window the generator sent client burst-batch's requests as sheddable (a class-mix bug inside one window: 5 % batch became sheddable from 30 s on; batch's share of 0 is far beyond chance, sheddable's +4 pp is within three standard errors of the window's gamma cv 3 clients, so a WARN)
# catches: 1b window.class.fraction class=batch,phase=baseline,window=30-60s,workload=w2_14b_burst => FAIL
# catches: 1b window.class.fraction class=sheddable,phase=baseline,window=30-60s,workload=w2_14b_burst => WARN
# touches: 1b@baseline/w2_14b_burst 5d@baseline/w2_14b_burst
plant() {
	trace_edit "$REAL/baseline/w2_14b_burst/trace_data.csv" '
for r in rows:
    if r["client_id"] == "burst-batch":
        r["slo_class"] = "sheddable"'
}
