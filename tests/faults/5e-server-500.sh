# pair: aw
# plants: treatment/w1_prefix_to_load_shift: pod h6rzm answered 25 completions in a row mid-run with 500 Internal Server Error (an engine-side error that vLLM's API server raises as an HTTPException: uvicorn logs an access line only, with no ERROR line or traceback), and the gateway's retry policy (Envoy retry_on: 5xx) sent each again to the same pod, which answered the retry with 200: the client saw only the success, so the trace keeps those rows ok and only the access log shows the 500s
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-h6rzm,phase=treatment,workload=w1_prefix_to_load_shift => FAIL ~ 25 inference requests answered with an HTTP error
# touches: 5e@treatment/w1_prefix_to_load_shift
plant() {
	local f
	f=$(ls "$REAL"/treatment/w1_prefix_to_load_shift/server_logs/*h6rzm_vllm.log)
	awk -v from="$(($(grep -c '"POST /v1/completions' "$f") / 2))" '
	/"POST \/v1\/completions HTTP\/1.1" 200 OK$/ && ++n > from && k < 25 {
		l = $0; sub(/200 OK$/, "500 Internal Server Error", l); print l; k++ }
	{ print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '500 Internal Server Error' "$f"
}
