# pair: 14b
# plants: generated/preemptive_shed.go: computeSaturation reads endpoints[0].GetMetrics() inside its loop over the endpoints (the loop variable unused for the metrics): every pod's ratio is the first pod's, so the pool's saturation is one pod's load
# catches: 3c saturation.formula - => FAIL ~ one endpoint.s metrics
# touches: 3c
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/^\t\tm := ep.GetMetrics()$/\t\tm := endpoints[0].GetMetrics()/' "$f"
	grep -q 'm := endpoints\[0\].GetMetrics()' "$f"
}
