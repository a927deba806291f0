# pair: aw
# plants: generated/treatment_config.yaml: the routing-only treatment loads decode-filter and runs it first in its profile (an entry copied from llm-d's P/D guide): the filter drops every pod not labeled for decode before the delegation scorer sees them, a step config.md's plan does not have, and whether it drops any pod depends on labels the bundle does not show
# catches: 4c routing.parameters phase=treatment => WARN ~ profile step default/decode-filter .*UNSURE.* Nothing differs for sure, but what is UNSURE above decides whether the real arm runs the simulated policy
# catches: 4a routing.policy phase=treatment => WARN ~ decode-filter
# touches: 2c@*/* 2d@treatment/* 4a 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/^  - name: picker$/ { print "  - name: decode-filter"
	    print "    type: decode-filter" }
	  { print } /^    plugins:$/ { print "      - pluginRef: decode-filter" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^      - pluginRef: decode-filter$' "$f"
}
