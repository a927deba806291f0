# pair: 14b
# plants: generated/preemptive_shed.go: the queue ratio reads RunningRequestsSize (requests in the batch) instead of WaitingQueueSize (the queue the sim's QD is)
# catches: 3a signal.queue_depth - => FAIL
# touches: 3a 3b 3c
plant() {
	sed -i 's/float64(m.WaitingQueueSize)/float64(m.RunningRequestsSize)/' \
	    "$REAL/generated/preemptive_shed.go"
	grep -q RunningRequestsSize "$REAL/generated/preemptive_shed.go"
}
