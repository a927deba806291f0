# pair: 14b
# plants: baseline/w1c_14b: the EPP never added pod vgmg7 to its datastore (the pod turned Ready after the EPP had listed the pool and the EPP missed the update), so the router sent it nothing: the pod started cleanly and answered its health probes and metrics scrapes the whole run, but served no completion and logged no stats line; its share went to the other three, so three instances served a run simulated with four while server_logs/ holds four clean logs and no line says anything went wrong
# catches: 2b instances.count phase=baseline,workload=w1c_14b => FAIL
# touches: 2b@baseline/w1c_14b 2c@*/w1c_14b 5*@baseline/w1c_14b 2a@baseline/w1c_14b 3*@baseline/w1c_14b 4*@baseline/w1c_14b
plant() {
	local c="$REAL/baseline/w1c_14b" d idle k=0 f ip=10.131.6.232
	d="$c/server_logs"
	idle=$(ls "$d"/*vgmg7_vllm.log)
	grep '"POST /v1/completions' "$idle" >"$d/posts"
	grep -v -e '"POST /v1/completions' -e '\[loggers.py:[0-9]*\] Engine 000:' \
	    "$idle" >"$d/kept"
	mv "$d/kept" "$idle"
	for f in "$d"/*_vllm.log; do
		[ "$f" = "$idle" ] && continue
		awk -v k=$k 'NR % 3 == k' "$d/posts" >>"$f"
		k=$((k + 1))
	done
	rm -f "$d/posts"
	# the router's lines name the other three endpoints in turn
	for f in "$c"/epp_logs/*.log; do
		awk -v ip="$ip" 'BEGIN { n = split("10.128.2.160 10.129.4.234 10.130.6.182", o, " ") }
		index($0, "\"endpoint\":\"" ip ":") { sub(ip, o[k++ % n + 1]) } { print }' \
		    "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
	! grep -q "$ip:8000" "$c"/epp_logs/*.log
}
