# pair: 14b
# plants: generated/preemptive_shed.go: the queue ratio comes from queueRatio(m, threshold), a helper of the same file that reads m.RunningRequestsSize (the running batch) instead of WaitingQueueSize (the queue the sim's QD is): the line computing qRatio names no metric field, the wrong one sits in the helper
# catches: 3a signal.queue_depth - => FAIL ~ never reads WaitingQueueSize
# touches: 3a 3b 3c
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|qRatio := float64(m.WaitingQueueSize) / a.params.QueueDepthThreshold|qRatio := queueRatio(m, a.params.QueueDepthThreshold)|' "$f"
	cat >>"$f" <<'GO'

// queueRatio is a pod's queue depth over the threshold.
func queueRatio(m *fwkdl.Metrics, threshold float64) float64 {
	return float64(m.RunningRequestsSize) / threshold
}
GO
	sed -i "s#^\t\"math/rand\"#&\n\n\tfwkdl \"sigs.k8s.io/gateway-api-inference-extension/pkg/epp/framework/interface/datalayer\"#" "$f"
	grep -q 'queueRatio(m, a.params' "$f"
}
