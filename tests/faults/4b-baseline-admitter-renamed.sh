# pair: 14b
# plants: generated/baseline_config.yaml loads the treatment's admission plugin under the plugin name gate, where the team named that plugin's type tier-ramp (the generated type const, the treatment config and the sim README's plan: a type name that says nothing of admission): the default llm-d baseline runs the treatment's shedding
# catches: 4b admission.baseline phase=baseline => FAIL ~ tier-ramp
# touches: 2c@*/* 2d@baseline/* 3c 4a 4b 4c 5d@baseline/*
plant() {
	sed -i 's/"preemptive-shed-admitter"/"tier-ramp"/' "$REAL/generated/preemptive_shed.go"
	sed -i 's/type: preemptive-shed-admitter/type: tier-ramp/' "$REAL/generated/treatment_config.yaml" "$SIM/README.md"
	local f="$REAL/generated/baseline_config.yaml"
	awk '{ print } /^plugins:$/ {
	  print "- type: tier-ramp"
	  print "  name: gate"
	  print "  parameters:"
	  print "    queueDepthThreshold: 5"
	  print "    kvCacheUtilThreshold: 0.8"
	  print "    sheddableShedStart: 0.005"
	  print "    sheddableShedFull: 0.05"
	  print "    batchShedStart: 0.01"
	  print "    batchShedFull: 0.10" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'type: tier-ramp' "$f"
}
