# pair: aw
# plants: treatment/w2_stationary: pod bjjfb ran out of KV blocks mid-run: from the middle of its log on its stats lines say Preemptions: 12-24 and Waiting: 30 reqs at 100 % KV usage (requests evicted and recomputed, which the simulation's KV model never does at this load)
# catches: 5f stats.preemptions.total instance=sim2real-aw-decode-79f6f9b4db-bjjfb,phase=treatment,workload=w2_stationary => WARN
# touches: 5f@treatment/w2_stationary 5e@treatment/w2_stationary 5b@treatment/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_stationary/server_logs/*bjjfb_vllm.log)
	awk -v half="$(($(wc -l <"$f") / 2))" '
	NR > half && /Engine 000: .*Running: [1-9]/ {
		k++
		sub(/Waiting: [0-9]+ reqs, GPU KV cache usage: [0-9.]+%/,
		    "Waiting: 30 reqs, Preemptions: " (10 + 2 * k) ", GPU KV cache usage: 100.0%")
	} { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -c Preemptions "$f"
}
