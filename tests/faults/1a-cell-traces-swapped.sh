# pair: aw
# plants: the copy step that assembled the bundle swapped the two arms' traces of w2_stationary: baseline/w2_stationary holds the treatment run's trace_data.csv and trace_header.yaml and the other way round, beside each cell's own server and EPP logs; the workload is the same in both arms, so every workload statistic still matches the spec
# catches: 5b log.window instance=*,phase=baseline,workload=w2_stationary => WARN
# catches: 5g epp.log.window phase=baseline,workload=w2_stationary => FAIL
# touches: *@baseline/w2_stationary *@treatment/w2_stationary 2c@*/w2_stationary A?@*
plant() {
	local b="$REAL/baseline/w2_stationary" t="$REAL/treatment/w2_stationary" f
	for f in trace_data.csv trace_header.yaml; do
		mv "$b/$f" "$b/$f.x"
		mv "$t/$f" "$b/$f"
		mv "$b/$f.x" "$t/$f"
	done
}
