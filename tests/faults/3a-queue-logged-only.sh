# pair: 14b
# plants: generated/preemptive_shed.go: computeSaturation logs each pod's WaitingQueueSize at debug level but computes its queue ratio from RunningRequestsSize (the batch): a grep for the field finds the log line, the ratio measures the running batch, not the queue the sim's QD is
# catches: 3a signal.queue_depth - => FAIL ~ RunningRequestsSize
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's|qRatio := float64(m.WaitingQueueSize) / a.params.QueueDepthThreshold|log.FromContext(ctx).V(5).Info("pod load", "waiting", m.WaitingQueueSize, "kv", m.KVCacheUsagePercent)\n\t\tqRatio := float64(m.RunningRequestsSize) / a.params.QueueDepthThreshold|' \
	    -e 's|computeSaturation(endpoints \[\]scheduling.Endpoint)|computeSaturation(ctx context.Context, endpoints []scheduling.Endpoint)|' \
	    -e 's|a.computeSaturation(endpoints)|a.computeSaturation(ctx, endpoints)|' \
	    -e 's|"math/rand"|"math/rand"\n\n\t"sigs.k8s.io/controller-runtime/pkg/log"|' "$f"
	grep -q 'float64(m.RunningRequestsSize)' "$f"
	grep -q '"waiting", m.WaitingQueueSize' "$f"
}
