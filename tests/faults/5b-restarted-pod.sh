# pair: aw
# plants: baseline/w2_stationary: pod d2r4l's vLLM container died half-way through the run and restarted; kubectl logs collected only the new container, whose log starts with its own startup lines (stamped mid-run) and holds the second half of the run: nothing in it is an error, the cause is in the previous container's log, which the bundle lacks
# catches: 5b log.window instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => FAIL ~ started at .*after the trace's first send
# touches: 5b@baseline/w2_stationary 5c@baseline/w2_stationary 5e@baseline/w2_stationary 5f@baseline/w2_stationary
plant() {
	local f post mid
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*d2r4l_vllm.log)
	post=$(grep -n '"POST /v1/completions' "$f" | head -1 | cut -d: -f1)
	mid=$(grep -n 'Engine 000: ' "$f" | awk -F: '{ l[NR] = $1 }
	    END { print l[int(NR / 2)] }')
	# the startup block, squeezed into the 40 s a warm restart takes
	# (weights and compiled graphs cached) and ending at the middle
	# stats line's time; then the old log from there on
	awk -v post="$post" -v mid="$mid" '
	function secs(s) { split(s, t, ":"); return t[1] * 3600 + t[2] * 60 + t[3] }
	function stamp_of(l) { return match(l, / [0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9] \[/) ? substr(l, RSTART + 7, 8) : "" }
	NR == FNR {
		# p0, p: the first and last stamps before the first request
		# (access lines carry none); m: the middle stats line'"'"'s
		if (FNR < post && (s = stamp_of($0)) != "") {
			if (p0 == "") p0 = secs(s)
			p = secs(s)
		}
		if (FNR == mid) m = secs(stamp_of($0))
		next
	}
	FNR < post {
		if ((s = stamp_of($0)) != "") {
			n = int(m - 40 + (secs(s) - p0) * 40 / (p - p0))
			$0 = substr($0, 1, RSTART + 6) sprintf("%02d:%02d:%02d", n / 3600, n / 60 % 60, n % 60) substr($0, RSTART + 15)
		}
		print; next
	}
	FNR >= mid { print }' "$f" "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
