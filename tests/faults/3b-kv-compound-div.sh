# pair: 14b
# plants: generated/preemptive_shed.go: the plugin reads KV usage into a local and rescales it in place with a compound assignment, kv /= 100.00 ("vLLM reports a percentage"): the value is already a 0-1 fraction, so the KV ratio is 100 times too small; the divisor sits after "/=", not after a bare "/", on a line that never names KVCacheUsagePercent
# catches: 3b transform.kv_usage - => FAIL ~ kv /= 100.00
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|kvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|kv := m.KVCacheUsagePercent\n\t\tkv /= 100.00 // vLLM reports a percentage\n\t\tkvRatio := kv / a.params.KVCacheUtilThreshold|' "$f"
	grep -q 'kv /= 100.00' "$f"
}
