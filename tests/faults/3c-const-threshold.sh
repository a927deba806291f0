# pair: 14b
# plants: generated/preemptive_shed.go: the KV ratio divides by kvLimit, a package constant 0.9, instead of the plugin's kvCacheUtilThreshold parameter: the config's 0.8 (the sim's) is parsed but never used
# catches: 3c saturation.kv_cache_util_threshold phase=treatment => FAIL ~ constant kvLimit.*which is 0\.9
# touches: 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|m.KVCacheUsagePercent / kvLimit|' "$f"
	printf '\n// kvLimit is the KV fraction at which a pod counts as full.\nconst kvLimit = 0.9\n' >>"$f"
	grep -q '^const kvLimit = 0.9$' "$f"
}
