# pair: 14b
# plants: generated/treatment_config.yaml: the plugin's kvCacheUtilThreshold is 0.9 instead of the sim's and router default 0.8 (a changed threshold)
# catches: 3c saturation.kv_cache_util_threshold phase=treatment => FAIL
# catches: 4c admission.parameters phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 3c 4c
plant() {
	sed -i 's/kvCacheUtilThreshold: 0.8$/kvCacheUtilThreshold: 0.9/' \
	    "$REAL/generated/treatment_config.yaml"
	grep -q 'kvCacheUtilThreshold: 0.9' "$REAL/generated/treatment_config.yaml"
}
