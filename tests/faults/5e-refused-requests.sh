# pair: aw
# plants: baseline/w2_stationary: pod k48j7 answered its last 30 completions (3 % of its 949) with 400 Bad Request, as PD3's prefill pods refused every prefill leg whose min_tokens exceeded max_tokens; vLLM logs no ERROR line for a refused request, and the client trace keeps the rows ok (the P/D sidecar or a retry hid the refusal from the client)
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-k48j7,phase=baseline,workload=w2_stationary => FAIL ~ 30 inference requests answered with an HTTP error
# touches: 5e@baseline/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*k48j7_vllm.log)
	tac "$f" | awk '/"POST \/v1\/completions HTTP\/1.1" 200 OK$/ && n < 30 {
		sub(/200 OK$/, "400 Bad Request"); n++ } { print }' | tac >"$f.tmp"
	mv "$f.tmp" "$f"
}
