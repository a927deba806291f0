# pair: 14b
# plants: generated/baseline_config.yaml: the baseline's saturationDetector sets metricsStalenessThreshold 50ms (the sim's snapshot interval, taken for the detector's staleness): with the router polling every 50 ms, pods count as saturated between two polls, so the legacy admission sheds sheddable requests the sim's baseline admits
# catches: 3d snapshot.staleness phase=baseline => WARN ~ between two polls
# touches: 2c@*/* 3d
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^schedulingProfiles:$/ { print "saturationDetector:"
	    print "  metricsStalenessThreshold: 50ms" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^  metricsStalenessThreshold: 50ms$' "$f"
}
