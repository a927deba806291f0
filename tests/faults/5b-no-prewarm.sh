# pair: 14b
# plants: treatment/w2_14b_burst: the cell was run without the protocol's 60 s of prewarm (blis observe started with --prewarm-duration 0): no request but the trace's reached the pods, so the servers warmed up on the measured requests
# catches: 5b requests.served phase=treatment,workload=w2_14b_burst => WARN
# touches: 5b@treatment/w2_14b_burst
plant() {
	# make-real logs the prewarm in the minute before the workload, when
	# the pods are scraped every 5 s: its POSTs are those before a pod's
	# 13th /metrics line (the first at the workload's start)
	local f
	for f in "$REAL"/treatment/w2_14b_burst/server_logs/*_vllm.log; do
		awk '/GET \/metrics/ { m++ }
		    !(m < 13 && /"POST \/v1\/completions/)' "$f" >"$f.new"
		mv "$f.new" "$f"
	done
}
