# pair: 14b
# plants: generated/preemptive_shed.go: the queue term is the raw waiting-queue count (qRatio := float64(m.WaitingQueueSize), the "/ a.params.QueueDepthThreshold" lost in translation): the config's queueDepthThreshold 5 (the sim's) is parsed and never used, and one queued request already makes the term 1 (a fully loaded pod), where the sim needs five
# catches: 3c saturation.queue_depth_threshold phase=treatment => FAIL ~ divides it by no threshold
# touches: 3a 3b 3c
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|qRatio := float64(m.WaitingQueueSize) / a.params.QueueDepthThreshold|qRatio := float64(m.WaitingQueueSize)|' "$f"
	grep -q 'qRatio := float64(m.WaitingQueueSize)$' "$f"
}
