# pair: 14b
# plants: generated/preemptive_shed.go: the KV ratio reads asFraction(m.KVCacheUsagePercent), a helper of the same file that divides its argument by 100 (the value is already 0-1): the /100 sits in the helper, where a grep of the lines naming KVCacheUsagePercent does not look
# catches: 3b transform.kv_usage - => FAIL ~ asFraction\(KVCacheUsagePercent\)
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|kvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|kvRatio := asFraction(m.KVCacheUsagePercent) / a.params.KVCacheUtilThreshold|' "$f"
	cat >>"$f" <<'GO'

// asFraction turns a percentage into a 0-1 fraction.
func asFraction(pct float64) float64 {
	return pct / 100
}
GO
	grep -q 'asFraction(m.KVCacheUsagePercent)' "$f"
}
