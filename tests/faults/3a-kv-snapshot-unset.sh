# pair: 14b
# plants: generated/preemptive_shed.go: the plugin copies each endpoint's metrics into a snapshot struct mirroring the sim's (podSnapshot) but the composite literal sets only WaitingQueueSize: the KV ratio reads snap.KVCacheUsagePercent, a field nothing sets, always 0, so saturation is queue depth alone where the sim's also counts KV usage; a grep finds the plugin reading KVCacheUsagePercent
# catches: 3a signal.kv_utilization - => FAIL ~ a value built without it
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|^// PreemptiveShedAdmitter sheds|// podSnapshot is one endpoint'"'"'s signals, as the sim algorithm sees them.\ntype podSnapshot struct {\n\tWaitingQueueSize    int\n\tKVCacheUsagePercent float64\n}\n\n&|' "$f"
	sed -i -e 's|^\t\tqRatio := float64(m.WaitingQueueSize) / a.params.QueueDepthThreshold$|\t\tsnap := podSnapshot{WaitingQueueSize: int(m.WaitingQueueSize)}\n\t\tqRatio := float64(snap.WaitingQueueSize) / a.params.QueueDepthThreshold|' \
	    -e 's|^\t\tkvRatio := m.KVCacheUsagePercent / a.params.KVCacheUtilThreshold$|\t\tkvRatio := snap.KVCacheUsagePercent / a.params.KVCacheUtilThreshold|' "$f"
	grep -q 'kvRatio := snap.KVCacheUsagePercent' "$f" &&
	    grep -q 'snap := podSnapshot{WaitingQueueSize' "$f"
}
