# pair: aw
# plants: baseline/w2_stationary: pod d2r4l's vLLM container died half-way through the run and restarted; kubectl logs collected only the new container, whose log starts with its own startup lines (stamped mid-run) and holds the second half of the run: nothing in it is an error, the cause is in the previous container's log, which the bundle lacks
# catches: 5b log.window instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => FAIL ~ started at .*after the trace's first send
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => WARN ~ the container started [0-9]+ s after
# touches: 5b@baseline/w2_stationary 5c@baseline/w2_stationary 5e@baseline/w2_stationary 5f@baseline/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*d2r4l_vllm.log)
	# the startup block, squeezed into the 40 s a warm restart takes
	# (weights and compiled graphs cached) and ending at the middle
	# stats line's time; then the old log from there on
	log_restart "$f" '
	FNR < post {
		if ((s = stamp_of($0)) != "")
			$0 = restamp($0, int(m - 40 + (secs(s) - p0) * 40 / (p - p0)))
		print; next
	}
	FNR >= mid { print }'
}
