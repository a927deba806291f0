# pair: 14b
# plants: code/: the router release the run deployed sets the saturation detector's default metricsStalenessThreshold to 50 ms (DefaultMetricsStalenessThreshold, in GAIE and llm-d-router), the refresh period itself: the baseline, which sets no threshold, counts pods as saturated between two polls, so its legacy admission sheds where the sim's never does
# catches: 3d snapshot.staleness - => WARN
# touches: 3d 3c 4b
plant() {
	local f
	for f in code/gaie/pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization/config.go \
	    code/llmd/pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization/config.go; do
		[ -f "$f" ] || continue
		sed -i 's/DefaultMetricsStalenessThreshold time.Duration = 200 \* time.Millisecond/DefaultMetricsStalenessThreshold time.Duration = 50 * time.Millisecond/' "$f"
	done
	grep -q 'DefaultMetricsStalenessThreshold time.Duration = 50 \* time.Millisecond' \
	    code/gaie/pkg/epp/framework/plugins/flowcontrol/saturationdetector/utilization/config.go
}
