# pair: 14b
# plants: generated/preemptive_shed.go: the KV usage is divided by the KV threshold twice (kvRatio is already KV/threshold; the max takes kvRatio/threshold again): the KV term is 1.25 times what the sim computes (1/0.8), so the plugin saturates on KV before the sim would
# catches: 3b transform.kv_usage - => FAIL ~ twice
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|^\t\ttotal += max(qRatio, kvRatio)$|\t\ttotal += max(qRatio, kvRatio/a.params.KVCacheUtilThreshold)|' "$f"
	grep -q 'kvRatio/a.params.KVCacheUtilThreshold' "$f"
}
