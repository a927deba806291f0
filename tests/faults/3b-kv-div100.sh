# pair: 14b
# plants: generated/preemptive_shed.go: the plugin treats KVCacheUsagePercent as a percentage and divides it by 100 (it is already a 0-1 fraction), so the KV ratio is 100 times too small
# catches: 3b transform.kv_usage - => FAIL
# touches: 3a 3b 3c
plant() {
	sed -i 's|kvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|kvFrac := m.KVCacheUsagePercent / 100.0 // percent -> fraction\n\t\tkvRatio := kvFrac / a.params.KVCacheUtilThreshold|' \
	    "$REAL/generated/preemptive_shed.go"
	grep -q 'KVCacheUsagePercent / 100.0' "$REAL/generated/preemptive_shed.go"
}
