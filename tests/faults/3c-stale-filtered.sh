# pair: 14b
# plants: generated/preemptive_shed.go: AdmitRequest computes saturation over fresh(endpoints), a filter that drops every endpoint whose metrics are missing or older than 200 ms (the saturation function's own nil branch is never reached: pods without metrics no longer count as fully loaded)
# catches: 3c saturation.stale_metrics - => FAIL ~ fresh
# touches: 3c 3d 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/saturation := a.computeSaturation(endpoints)/saturation := a.computeSaturation(fresh(endpoints))/' "$f"
	cat >>"$f" <<'GO'

// fresh keeps the endpoints whose metrics are there and recent.
func fresh(endpoints []scheduling.Endpoint) []scheduling.Endpoint {
	kept := make([]scheduling.Endpoint, 0, len(endpoints))
	for _, ep := range endpoints {
		if m := ep.GetMetrics(); m == nil || time.Since(m.UpdateTime) > 200*time.Millisecond {
			continue
		}
		kept = append(kept, ep)
	}
	return kept
}
GO
	grep -q 'computeSaturation(fresh(endpoints))' "$f"
}
