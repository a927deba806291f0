# pair: aw
# plants: generated/baseline_config.yaml: the baseline loads decode-filter and runs it first in its profile (an entry copied from llm-d's P/D guide): the filter drops every pod not labeled for decode before the 3:2:2 scorers see them, a step config.md's plan does not have, and whether it drops any pod depends on labels the bundle does not show
# catches: 4a routing.policy phase=baseline => WARN ~ decode-filter
# touches: 2c@*/* 2d@baseline/* 4a 4c
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^  - name: picker$/ { print "  - name: decode-filter"
	    print "    type: decode-filter" }
	  { print } /^    plugins:$/ { print "      - pluginRef: decode-filter" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^      - pluginRef: decode-filter$' "$f"
}
