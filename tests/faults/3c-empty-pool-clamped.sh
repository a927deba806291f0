# pair: 14b
# plants: generated/preemptive_shed.go: computeSaturation drops its empty-pool branch and guards the mean with total / float64(max(len(endpoints), 1)) (Go 1.21's max, the usual divide-by-zero guard): with no endpoint the loop adds nothing and the saturation is 0, where the router and the sim say 1.0 (no endpoints means saturated); no if len(...) == 0 branch is left for a grep to find
# catches: 3c saturation.empty_pool - => FAIL ~ clamped to at least 1
# touches: 3c
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i '/computeSaturation(endpoints \[\]scheduling.Endpoint) float64 {/,/^}/ {
/if len(endpoints) == 0 {/,/}/d
s|return total / float64(len(endpoints))|return total / float64(max(len(endpoints), 1))|
}' "$f"
	grep -q 'max(len(endpoints), 1)' "$f"
}
