# pair: 14b
# plants: generated/preemptive_shed.go: the KV ratio reads a.kvFraction(m.KVCacheUsagePercent), a method of the plugin that divides its argument by 100 (the value is already 0-1): the /100 sits in a method, not on the line that reads the field nor in a plain function
# catches: 3b transform.kv_usage - => FAIL ~ kvFraction
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|kvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|kvRatio := a.kvFraction(m.KVCacheUsagePercent) / a.params.KVCacheUtilThreshold|' "$f"
	cat >>"$f" <<'GO'

// kvFraction turns the router's KV usage percentage into a 0-1 fraction.
func (a *PreemptiveShedAdmitter) kvFraction(pct float64) float64 {
	return pct / 100
}
GO
	grep -q 'a.kvFraction(m.KVCacheUsagePercent)' "$f"
}
