# pair: 14b
# plants: generated/baseline_config.yaml: the baseline arm also loads the preemptive-shed-admitter plugin (the default llm-d arm must have no admission plugin beyond GAIE's legacy rule)
# catches: 4b admission.baseline phase=baseline => FAIL
# touches: 2c@*/* 2d@baseline/* 3c 4a 4b 4c 5d@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '{ print } /^plugins:$/ {
	  print "- type: preemptive-shed-admitter"
	  print "  name: preemptive-shed"
	  print "  parameters:"
	  print "    queueDepthThreshold: 5"
	  print "    kvCacheUtilThreshold: 0.8"
	  print "    sheddableShedStart: 0.005"
	  print "    sheddableShedFull: 0.05"
	  print "    batchShedStart: 0.01"
	  print "    batchShedFull: 0.10" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
