# pair: 14b
# plants: generated/: the plugin factory defaults kvCacheUtilThreshold to 0.9 and the treatment config does not set it: the plugin's own default applies, not the router's 0.8 (which is the sim's)
# catches: 3c saturation.kv_cache_util_threshold - => FAIL ~ default 0\.9
# touches: 2c@*/* 2d@treatment/* 3c 4c
plant() {
	sed -i '/kvCacheUtilThreshold: 0.8$/d' "$REAL/generated/treatment_config.yaml"
	sed -i 's/KVCacheUtilThreshold: 0.8,/KVCacheUtilThreshold: 0.9,/' \
	    "$REAL/generated/preemptive_shed.go"
	grep -q 'KVCacheUtilThreshold: 0.9,' "$REAL/generated/preemptive_shed.go"
	! grep -q "kvCacheUtilThreshold: 0.8" "$REAL/generated/treatment_config.yaml"
}
