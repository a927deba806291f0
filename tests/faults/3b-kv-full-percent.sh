# pair: 14b
# plants: sim/algorithm/admission.go and generated/preemptive_shed.go: the algorithm counts a pod whose KV cache is nearly full (KVUtil >= 0.95) as fully loaded; the translator wrote the plugin's guard in percent (m.KVCacheUsagePercent >= 95), a comparison no 0-1 fraction ever passes, so the real plugin never takes the branch the sim takes
# catches: 3b transform.kv_usage - => FAIL ~ compar
# touches: 3a 3b 3c 4d
plant() {
	local s="$SIM/algorithm/admission.go" f="$REAL/generated/preemptive_shed.go"
	sed -i 's|^\t\tqRatio := float64(s.QueueDepth) / qdThreshold$|\t\tif s.KVUtil >= 0.95 { // KV cache full: the pod is saturated\n\t\t\ttotal += 1.0\n\t\t\tcontinue\n\t\t}\n&|' "$s"
	sed -i 's|^\t\tqRatio := float64(m.WaitingQueueSize) / a.params.QueueDepthThreshold$|\t\tif m.KVCacheUsagePercent >= 95 { // KV cache full: the pod is saturated\n\t\t\ttotal += 1.0\n\t\t\tcontinue\n\t\t}\n&|' "$f"
	grep -q 's.KVUtil >= 0.95' "$s"
	grep -q 'm.KVCacheUsagePercent >= 95 {' "$f"
}
