# pair: 14b
# plants: generated/preemptive_shed.go: the saturation helper is called poolLoad and returns 0.0 for an empty pool (the router and the sim say 1.0)
# catches: 3c saturation.empty_pool - => FAIL
# touches: 3c
plant() {
	sed -i -e '/computeSaturation(endpoints \[\]scheduling.Endpoint) float64 {/,/^}/ s/return 1.0$/return 0.0/' \
	    -e 's/computeSaturation/poolLoad/g' "$REAL/generated/preemptive_shed.go"
	grep -q 'poolLoad' "$REAL/generated/preemptive_shed.go"
}
