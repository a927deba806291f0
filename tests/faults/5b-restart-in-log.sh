# pair: aw
# plants: baseline/w2_stationary: pod d2r4l's vLLM container was killed half-way through the run (its liveness probe timed out: SIGKILL, no ERROR line) and restarted; the bundle's log follows the pod across the restart (kubectl logs --previous, then the new container's log, in one file), so it holds the first container's lines up to the kill, then the new container's startup lines stamped mid-run (a 40 s warm restart during which the pod served nothing), then the rest of the run
# catches: 5b log.window instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => FAIL ~ restarted
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => WARN ~ the container restarted [0-9]+ s after
# touches: 5b@baseline/w2_stationary 5c@baseline/w2_stationary 5e@baseline/w2_stationary 5f@baseline/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*d2r4l_vllm.log)
	# the old log up to the middle stats line; then its startup block
	# again, squeezed into the 40 s after it; then the old log from 40 s
	# after the middle stats line on (the requests sent to the pod while
	# it restarted are lost with it)
	log_restart "$f" '
	FNR == 1 { skip = 0 }
	FNR <= mid { print; next }
	FNR == mid + 1 {
		for (k = 1; k <= nb; k++) {
			l = boot[k]
			if ((s = stamp_of(l)) != "")
				l = restamp(l, int(m + 1 + (secs(s) - p0) * 39 / (p - p0)))
			print l
		}
		skip = 1
	}
	skip && (s = stamp_of($0)) != "" && secs(s) >= m + 40 { skip = 0 }
	!skip { print }'
}
