# pair: 14b
# plants: generated/preemptive_shed.go: the KV ratio divides KV usage by the threshold taken as a percentage (a.params.KVCacheUtilThreshold * 100): KVCacheUsagePercent is a 0-1 fraction, so the KV term is 100 times too small, the rescale sitting on the divisor rather than on the field
# catches: 3b transform.kv_usage - => FAIL ~ divide_by_100.*100 times too small
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|kvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|kvRatio := m.KVCacheUsagePercent / (a.params.KVCacheUtilThreshold * 100)|' "$f"
	grep -q 'KVCacheUsagePercent / (a.params.KVCacheUtilThreshold \* 100)' "$f"
}
