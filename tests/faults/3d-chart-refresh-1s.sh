# pair: expceil
# plants: cluster/pipelinerun-chatbot-mid-treatment.yaml: the treatment PipelineRun's scenario passes the EPP the chart flag refresh-metrics-interval: 1s (inferenceExtension.flags, copied from a low-load guide): the router polls each pod's /metrics every second, so the treatment's flow control sees queue depth and KV usage up to 1 s old, where the sim's snapshots are refreshed every 50 ms
# catches: 3d snapshot.refresh_interval * => WARN|FAIL ~ 1 s
# touches: 2d@treatment/* 3d
plant() {
	local pr="$REAL/cluster/pipelinerun-chatbot-mid-treatment.yaml"
	scenario_edit "$pr" "scn['scenario'][0]['inferenceExtension'].setdefault('flags', {})['refresh-metrics-interval'] = '1s'"
	grep -q 'refresh-metrics-interval: 1s' "$pr"
}
