# pair: 14b
# plants: generated/preemptive_shed.go: computeSaturation returns 0.0 for an empty pool (the router and the sim say 1.0: no endpoints means saturated)
# catches: 3c saturation.empty_pool - => FAIL
# touches: 3c
plant() {
	sed -i '/computeSaturation(endpoints \[\]scheduling.Endpoint) float64 {/,/^}/ s/return 1.0$/return 0.0/' \
	    "$REAL/generated/preemptive_shed.go"
	grep -q 'return 0.0$' "$REAL/generated/preemptive_shed.go"
}
