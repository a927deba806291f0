# pair: aw
# plants: treatment/w2_stationary: the load generator of this arm (a build that took the OpenAI Python client's keyword literally) sent its output-length controls under an "extra_body" key, so vLLM ignored ignore_eos and min_tokens on every completion and logged, per request, at WARNING: "The following fields were present in the request but ignored: {'extra_body'}"; in this cell every answer still ran to max_tokens (the model emitted no EOS first), so the trace's token counts show nothing, but the lengths the spec asks for were never enforced
# catches: 5e log.problems instance=*,phase=treatment,workload=w2_stationary => WARN ~ fields vLLM ignored
# touches: 5e@treatment/w2_stationary
plant() {
	local f
	for f in "$REAL"/treatment/w2_stationary/server_logs/*_vllm.log; do
		awk '
		match($0, /(INFO|WARNING|ERROR) [0-9][0-9]-[0-9][0-9] [0-9:]+ /) {
			stamp = substr($0, RSTART, RLENGTH)
			sub(/^[A-Z]+ /, "", stamp)
		}
		/"POST \/v1\/completions HTTP\/1.1"/ && stamp != "" {
			print "(APIServer pid=1) WARNING " stamp "[protocol.py:79] The following fields were present in the request but ignored: {'"'"'extra_body'"'"'}"
		}
		{ print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
	grep -q "but ignored: {'extra_body'}" "$f"
}
