# pair: 14b
# plants: generated/baseline_config.yaml: the baseline runs the README's GAIE control plugin (gaie-control-admitter, the legacy rule as a plugin, with the legacy detector switched off as the README's control arm does) but its queueDepthThreshold is 10 where the router's default is 5 (a value tuned in another experiment): the baseline sheds sheddable requests only at twice the queue depth the router's default admission, and the sim baseline, shed at
# catches: 4b admission.baseline phase=baseline => FAIL ~ queueDepthThreshold = 10
# touches: 2c@*/* 2d@baseline/* 3c 4b 5d@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^schedulingProfiles:$/ { print "saturationDetector:"
	  print "  queueDepthThreshold: 999999999"
	  print "  kvCacheUtilThreshold: 0.999" }
	  { print } /^plugins:$/ {
	  print "- type: gaie-control-admitter"
	  print "  name: gaie-control"
	  print "  parameters:"
	  print "    queueDepthThreshold: 10"
	  print "    kvCacheUtilThreshold: 0.8" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^    queueDepthThreshold: 10$' "$f"
}
