# pair: 14b
# plants: code/gaie: the router release's vLLM engine config reads the queue-depth signal (WaitingQueueSize) from vllm:num_requests_running (the batch) instead of vllm:num_requests_waiting, the queue the sim's QD is
# catches: 3a signal.queue_depth - => FAIL ~ running batch
# touches: 3a
plant() {
	local f=code/gaie/pkg/epp/framework/plugins/datalayer/extractor/metrics/factories.go
	sed -i 's/QueuedSpec:  "vllm:num_requests_waiting"/QueuedSpec:  "vllm:num_requests_running"/' "$f"
	grep -q 'vllm:num_requests_running' "$f"
}
