# pair: 14b
# plants: code/: the router release the run deployed has a metrics extractor whose queue case fills RunningRequestsSize (a copy-paste slip in the fork's extractors): WaitingQueueSize is still a field of Metrics, so a grep for it finds the struct, but nothing assigns it and every pod's queue depth stays 0
# catches: 3a signal.queue_depth - => FAIL ~ nothing in router codebases gaie, llmd assigns WaitingQueueSize
# touches: 3a
plant() {
	local f
	for f in code/gaie/pkg/epp/framework/plugins/datalayer/extractor/metrics/extractor.go \
	    code/llmd/pkg/epp/framework/plugins/datalayer/extractor/metrics/extractor.go; do
		sed -i 's/clone.WaitingQueueSize = /clone.RunningRequestsSize = /' "$f"
	done
	! grep -rq '\.WaitingQueueSize = ' code --include='*.go' --exclude='*_test.go'
}
