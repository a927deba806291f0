# pair: aw
# plants: treatment/w2_stationary: the collect step ran while the workload was still running (the observe step's timeout fired before blis observe finished, and the pipeline went on to kubectl logs): every pod's log stops at the same moment, 40 % before the trace's last response, each with requests running; the trace, written by the client at its end, holds the whole run
# catches: 5b requests.served phase=treatment,workload=w2_stationary => WARN|FAIL
# touches: 5b@treatment/w2_stationary
plant() {
	local f cut
	# the stamp 60 % into the first pod's stats lines: every log stops there
	f=$(ls "$REAL"/treatment/w2_stationary/server_logs/*_vllm.log | head -1)
	cut=$(grep 'Engine 000: ' "$f" | awk '{ l[NR] = $0 } END { print l[int(NR * 3 / 5)] }' |
	    grep -o ' [0-9][0-9]-[0-9][0-9] [0-9:]* ' | cut -c8-15)
	for f in "$REAL"/treatment/w2_stationary/server_logs/*_vllm.log; do
		awk -v cut="$cut" 'match($0, / [0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9] /) &&
		    substr($0, RSTART + 7, 8) > cut { exit } { print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
}
