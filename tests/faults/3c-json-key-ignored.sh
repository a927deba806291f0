# pair: 14b
# plants: generated/preemptive_shed.go: the KV threshold field's JSON key is kvCacheUtilizationThreshold and its factory default 0.9, so the config's kvCacheUtilThreshold: 0.8 (the sim's) is ignored by json.Unmarshal and 0.9 applies
# catches: 3c saturation.kv_cache_util_threshold phase=treatment => FAIL ~ json.Unmarshal ignores
# touches: 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's/json:"kvCacheUtilThreshold"/json:"kvCacheUtilizationThreshold"/' \
	    -e 's/KVCacheUtilThreshold: 0.8,/KVCacheUtilThreshold: 0.9,/' "$f"
	grep -q 'json:"kvCacheUtilizationThreshold"' "$f"
}
