# pair: aw
# plants: treatment/w2_stationary: pod 22qx4's engine stalled for about 30 s mid-run (a GPU or host hang that cleared by itself): no ERROR line, no traceback; its stats logger printed one line with 29 requests running and no token made (0.0 tokens/s prompt and generation, the running count and KV usage frozen at the last step), then, as vLLM does when both throughputs are zero twice, logged the next two at DEBUG (absent), and resumed at 14:43:20
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-22qx4,phase=treatment,workload=w2_stationary => WARN ~ no token made
# touches: 5e@treatment/w2_stationary 5b@treatment/w2_stationary 5c@treatment/w2_stationary 5f@treatment/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_stationary/server_logs/*22qx4_vllm.log)
	awk '/Engine 000: / && / 14:42:50 / {
		sub(/Avg prompt throughput: [0-9.]+ tokens\/s, Avg generation throughput: [0-9.]+ tokens\/s, Running: [0-9]+ reqs, Waiting: [0-9]+ reqs, GPU KV cache usage: [0-9.]+%/,
		    "Avg prompt throughput: 0.0 tokens/s, Avg generation throughput: 0.0 tokens/s, Running: 29 reqs, Waiting: 0 reqs, GPU KV cache usage: 10.6%")
		n++
	}
	/Engine 000: / && (/ 14:43:00 / || / 14:43:10 /) { n++; next }
	{ print } END { if (n != 3) exit 1 }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -c 'Avg generation throughput: 0.0 tokens/s, Running: 29' "$f"
}
