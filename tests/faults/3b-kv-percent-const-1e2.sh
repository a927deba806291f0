# pair: 14b
# plants: generated/: the plugin divides KV usage by kvPercentScale, a constant declared in register.go as 1e2 (the generator wrote the percent divisor in float exponent form, in another file of the package): KVCacheUsagePercent is already a 0-1 fraction, so the KV ratio is 100 times too small; a grep for "/ 100" or a const "= 100" finds neither
# catches: 3b transform.kv_usage - => FAIL ~ kvPercentScale
# touches: 3a 3b 3c 4d
plant() {
	local d="$REAL/generated"
	sed -i 's|kvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|kvRatio := m.KVCacheUsagePercent / kvPercentScale / a.params.KVCacheUtilThreshold|' "$d/preemptive_shed.go"
	printf '\n// kvPercentScale turns vLLM'"'"'s KV usage percentage into a fraction.\nconst kvPercentScale = 1e2\n' >>"$d/register.go"
	grep -q 'KVCacheUsagePercent / kvPercentScale' "$d/preemptive_shed.go" &&
	    grep -q 'kvPercentScale = 1e2' "$d/register.go"
}
