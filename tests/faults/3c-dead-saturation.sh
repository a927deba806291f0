# pair: 14b
# plants: generated/preemptive_shed.go: AdmitRequest computes its saturation with clusterLoad, the mean KV ratio alone (the queue depth never counts); the sim's formula stays in computeSaturation, which nothing calls any more (dead code a grep still finds)
# catches: 3c saturation.formula - => FAIL ~ clusterLoad
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/saturation := a.computeSaturation(endpoints)/saturation := a.clusterLoad(endpoints)/' "$f"
	cat >>"$f" <<'GO'

// clusterLoad is the mean KV ratio of the pool.
func (a *PreemptiveShedAdmitter) clusterLoad(endpoints []scheduling.Endpoint) float64 {
	if len(endpoints) == 0 {
		return 1.0
	}
	total := 0.0
	for _, ep := range endpoints {
		m := ep.GetMetrics()
		if m == nil {
			total += 1.0
			continue
		}
		total += m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold
	}
	return total / float64(len(endpoints))
}
GO
	grep -q 'a.clusterLoad(endpoints)' "$f"
}
