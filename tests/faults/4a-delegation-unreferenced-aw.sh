# pair: aw
# plants: generated/treatment_config.yaml: the treatment instantiates delegation-scorer (adaptive-routing-scorer) but its scheduling profile still lists ppc/kv/qd with the 3:2:2 weights: the adaptive scorer is loaded and never runs
# catches: 4a routing.policy phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 4a 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/pluginRef: delegation-scorer/ { getline
	  print "      - pluginRef: ppc"; print "        weight: 3.0"
	  print "      - pluginRef: kv"; print "        weight: 2.0"
	  print "      - pluginRef: qd"; print "        weight: 2.0"; next } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	! grep -q 'pluginRef: delegation-scorer' "$f"
}
