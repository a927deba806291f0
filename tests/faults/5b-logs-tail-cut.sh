# pair: aw
# plants: treatment/w2_stationary: the collect step ran kubectl logs --tail=N with an N too small for the run, so every pod's log keeps only its last 45 % of lines: no startup lines, and the stats and access lines start more than half-way into the run; the trace recorded the whole run
# catches: 5b log.window instance=*,phase=treatment,workload=w2_stationary => WARN|FAIL
# touches: 4a@treatment/w2_stationary 5b@treatment/w2_stationary 2a@treatment/w2_stationary 2c@*/w2_stationary 5a@treatment/w2_stationary 5f@treatment/w2_stationary
plant() {
	local f
	for f in "$REAL"/treatment/w2_stationary/server_logs/*_vllm.log; do
		tail -n "$(($(wc -l <"$f") * 45 / 100))" "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
}
