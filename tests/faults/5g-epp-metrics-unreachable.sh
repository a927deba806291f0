# pair: aw
# plants: baseline/w2_stationary: half-way through the EPP log pod k48j7's /metrics endpoint stopped answering the EPP (a NetworkPolicy applied by another team's namespace sync blocked the metrics port): each refresh of that pod now fails with a client timeout and logs no 'Refreshed metrics' line, so the router kept routing on the pod's last metrics (its KV usage and queue frozen) while the pod served on; the pod stays in the EPP's pod list, so the count of pods agrees
# catches: 5g epp.metrics.errors instance=sim2real-aw-decode-79f6f9b4db-k48j7,phase=baseline,workload=w2_stationary => WARN ~ read nothing
# touches: 5g@baseline/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/epp_logs/*.log)
	awk -v half="$(($(wc -l <"$f") / 2))" '
	NR > half && /79f6f9b4db-k48j7-rank-0/ && /"msg":"Refreshed metrics"/ { next }
	NR > half && /79f6f9b4db-k48j7-rank-0/ && /"msg":"Failed to refreshed metrics:"/ {
	  sub(/"err":"[^}]*"}$/, "\"err\":\"Get \\\"http://10.130.5.93:8200/metrics\\\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)\"}")
	}
	{ print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'Client.Timeout' "$f"
}
