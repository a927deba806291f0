# pair: aw
# plants: baseline/w2_stationary: the EPP still watches a fifth pod from the previous replica set (terminating, no metrics): its 'Refreshed metrics' lines run next to the four live pods'
# catches: 5g epp.pods.count phase=baseline,workload=w2_stationary => FAIL
# touches: 5g@baseline/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/epp_logs/*.log)
	awk '{ print } /"msg":"Refreshed metrics"/ && /79f6f9b4db-xwqjl-rank-0/ {
	  s = $0
	  sub(/79f6f9b4db-xwqjl-rank-0/, "6c8d5b7f4d-q2w4z-rank-0", s)
	  gsub(/RunningRequestsSize:[0-9]+/, "RunningRequestsSize:0", s)
	  gsub(/KVCacheUsagePercent:[0-9.e-]+/, "KVCacheUsagePercent:0", s)
	  print s }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
