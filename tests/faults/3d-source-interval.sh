# pair: 14b
# plants: generated/treatment_config.yaml: the treatment configures the data layer with a metrics-data-source whose own scrape period is interval: 1s (llm-d-router's per-source period, which overrides the 50 ms --refresh-metrics-interval for that source): the treatment's plugin sees queue depth and KV usage up to 1 s old, the sim's 50 ms, and the router's detector (200 ms staleness) counts pods as saturated between polls
# catches: 3d snapshot.refresh_interval phase=treatment => WARN ~ 1 s
# catches: 3d snapshot.staleness phase=treatment => WARN ~ polls every 1 s
# touches: 2c@*/* 2d@treatment/* 3d
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/^- type: random-picker$/ { print
	  print "- type: metrics-data-source"
	  print "  parameters:"
	  print "    interval: 1s"
	  print "- type: core-metrics-extractor"
	  next }
	  /^schedulingProfiles:$/ { print "data:"
	  print "  sources:"
	  print "  - pluginRef: metrics-data-source"
	  print "    extractors:"
	  print "    - pluginRef: core-metrics-extractor" } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^    interval: 1s$' "$f"
}
