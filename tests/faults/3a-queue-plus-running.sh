# pair: 14b
# plants: generated/preemptive_shed.go: the queue ratio counts the waiting queue plus the running batch (m.WaitingQueueSize + m.RunningQueueSize) where the sim's queue depth is the waiting queue alone: a busy pod with an empty queue already counts as loaded
# catches: 3a signal.running_requests - => WARN|FAIL ~ RunningQueueSize
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|qRatio := float64(m.WaitingQueueSize) / a.params.QueueDepthThreshold|qRatio := float64(m.WaitingQueueSize+m.RunningQueueSize) / a.params.QueueDepthThreshold|' "$f"
	grep -q 'm.WaitingQueueSize+m.RunningQueueSize' "$f"
}
