# pair: 14b
# plants: generated/baseline_config.yaml loads the treatment's admission plugin, whose type the team named tier-admission-control (the generated type const, the treatment config and the sim README's plan): a name that reads like the router's control plugin, but it is the policy under test, so the default llm-d baseline runs the treatment's shedding
# catches: 4b admission.baseline phase=baseline => FAIL ~ tier-admission-control
# touches: 2c@*/* 2d@baseline/* 3c 4a 4b 4c 5d@baseline/*
plant() {
	sed -i 's/"preemptive-shed-admitter"/"tier-admission-control"/' "$REAL/generated/preemptive_shed.go"
	sed -i 's/type: preemptive-shed-admitter/type: tier-admission-control/' "$REAL/generated/treatment_config.yaml" "$SIM/README.md"
	local f="$REAL/generated/baseline_config.yaml"
	awk '{ print } /^plugins:$/ {
	  print "- type: tier-admission-control"
	  print "  name: gate"
	  print "  parameters:"
	  print "    queueDepthThreshold: 5"
	  print "    kvCacheUtilThreshold: 0.8"
	  print "    sheddableShedStart: 0.005"
	  print "    sheddableShedFull: 0.05"
	  print "    batchShedStart: 0.01"
	  print "    batchShedFull: 0.10" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q 'type: tier-admission-control' "$f"
}
