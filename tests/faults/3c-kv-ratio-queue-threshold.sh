# pair: 14b
# plants: generated/preemptive_shed.go: the KV ratio divides KV usage by a.params.QueueDepthThreshold (5, a copy-paste slip from the queue ratio's line) instead of KVCacheUtilThreshold: the config's kvCacheUtilThreshold 0.8 (the sim's) is parsed and never used, and the KV term is 6.25 times too small
# catches: 3c saturation.kv_cache_util_threshold phase=treatment => FAIL ~ another deployed parameter, preemptive-shed.queueDepthThreshold
# touches: 3a 3b 3c
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|kvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|kvRatio := m.KVCacheUsagePercent / a.params.QueueDepthThreshold|' "$f"
	grep -q 'KVCacheUsagePercent / a.params.QueueDepthThreshold' "$f"
}
