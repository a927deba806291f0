# pair: aw
# plants: baseline/w2_stationary: pod d2r4l's vLLM container was killed half-way through the run (its liveness probe timed out: SIGKILL, no ERROR line) and restarted; the bundle's log follows the pod across the restart (kubectl logs --previous, then the new container's log, in one file), so it holds the first container's lines up to the kill, then the new container's startup lines stamped mid-run (a 40 s warm restart during which the pod served nothing), then the rest of the run
# catches: 5b log.window instance=sim2real-aw-decode-79f6f9b4db-d2r4l,phase=baseline,workload=w2_stationary => FAIL ~ restarted
# touches: 5b@baseline/w2_stationary 5c@baseline/w2_stationary 5e@baseline/w2_stationary 5f@baseline/w2_stationary
plant() {
	local f post mid
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*d2r4l_vllm.log)
	post=$(grep -n '"POST /v1/completions' "$f" | head -1 | cut -d: -f1)
	mid=$(grep -n 'Engine 000: ' "$f" | awk -F: '{ l[NR] = $1 }
	    END { print l[int(NR / 2)] }')
	# the old log up to the middle stats line; then its startup block
	# again, squeezed into the 40 s after it; then the old log from 40 s
	# after the middle stats line on (the requests sent to the pod while
	# it restarted are lost with it)
	awk -v post="$post" -v mid="$mid" '
	function secs(s) { split(s, t, ":"); return t[1] * 3600 + t[2] * 60 + t[3] }
	function stamp_of(l) { return match(l, / [0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9] \[/) ? substr(l, RSTART + 7, 8) : "" }
	NR == FNR {
		if (FNR < post && (s = stamp_of($0)) != "") {
			if (p0 == "") p0 = secs(s)
			p = secs(s)
		}
		if (FNR == mid) m = secs(stamp_of($0))
		if (FNR < post) boot[++nb] = $0
		next
	}
	FNR == 1 { skip = 0 }
	FNR <= mid { print; next }
	FNR == mid + 1 {
		for (k = 1; k <= nb; k++) {
			l = boot[k]
			if ((s = stamp_of(l)) != "") {
				n = int(m + 1 + (secs(s) - p0) * 39 / (p - p0))
				l = substr(l, 1, RSTART + 6) sprintf("%02d:%02d:%02d", n / 3600, n / 60 % 60, n % 60) substr(l, RSTART + 15)
			}
			print l
		}
		skip = 1
	}
	skip && (s = stamp_of($0)) != "" && secs(s) >= m + 40 { skip = 0 }
	!skip { print }' "$f" "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
