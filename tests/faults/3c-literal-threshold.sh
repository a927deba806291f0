# pair: 14b
# plants: generated/preemptive_shed.go: the KV ratio divides by a literal 0.9 instead of the plugin's kvCacheUtilThreshold parameter: the config's 0.8 (the sim's) is read but never used
# catches: 3c saturation.kv_cache_util_threshold phase=treatment => FAIL ~ literal 0\.9
# touches: 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|m.KVCacheUsagePercent / 0.9|' "$f"
	grep -q 'KVCacheUsagePercent / 0.9' "$f"
}
