# pair: aw
# plants: generated/baseline_config.yaml: the baseline profile lists the prefix scorer twice (pluginRef ppc, weight 3.0, a merge of config.md's snippet into a config that had it already): the scheduler runs every profile entry, so the prefix score counts with weight 6 against kv 2 and queue 2, not config.md's 3:2:2
# catches: 4a routing.policy phase=baseline => FAIL ~ precise-prefix-cache-scorer: weight planned 3 .*deployed 6
# catches: 2d epp.scorer.weight phase=baseline,workload=w2_stationary => FAIL ~ given twice in the deployed config
# touches: 2c@*/* 2d@baseline/* 4a 4c
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '{ print } /^      - pluginRef: ppc$/ { getline; print
	  print "      - pluginRef: ppc"; print } ' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	[ "$(grep -c 'pluginRef: ppc' "$f")" = 2 ]
}
