# pair: 14b
# plants: generated/preemptive_shed.go: the queue ratio divides in integers before converting (float64(m.WaitingQueueSize / int(a.params.QueueDepthThreshold))): Go truncates, so the queue term is 0 until a pod's queue reaches the threshold, then jumps by whole steps, where the sim's float64(s.QueueDepth) / qdThreshold grows by 0.2 a request
# catches: 3b transform.queue_depth - => FAIL ~ integer division
# touches: 3b 3c
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|qRatio := float64(m.WaitingQueueSize) / a.params.QueueDepthThreshold|qRatio := float64(m.WaitingQueueSize / int(a.params.QueueDepthThreshold))|' "$f"
	grep -q 'float64(m.WaitingQueueSize / int(a.params.QueueDepthThreshold))' "$f"
}
