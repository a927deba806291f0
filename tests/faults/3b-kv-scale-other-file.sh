# pair: 14b
# plants: generated/: the KV ratio divides KVCacheUsagePercent by kvPercentScale, a constant 100 declared in the plugin's register.go (the translator took the field's name for a percentage): the /100 is a named constant of another file, not a literal on the line that reads the field
# catches: 3b transform.kv_usage - => FAIL ~ kvPercentScale
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|kvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|kvRatio := m.KVCacheUsagePercent / kvPercentScale / a.params.KVCacheUtilThreshold|' "$f"
	printf '\n// kvPercentScale turns the router'"'"'s KV usage percent into a fraction.\nconst kvPercentScale = 100.0\n' >>"$REAL/generated/register.go"
	grep -q 'KVCacheUsagePercent / kvPercentScale' "$f"
	grep -q '^const kvPercentScale = 100.0$' "$REAL/generated/register.go"
}
