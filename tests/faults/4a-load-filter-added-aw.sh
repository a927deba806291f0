# pair: aw
# plants: generated/baseline_config.yaml: the baseline loads GAIE's least-kv-cache-filter and runs it first in its profile (an entry kept from an older GAIE example config): only the pods with the least KV-cache use reach the 3:2:2 scorers, so a prefix held by a busier pod never wins, a load-based cut config.md's plan does not have
# catches: 4a routing.policy phase=baseline => FAIL ~ least-kv-cache-filter
# touches: 2c@*/* 2d@baseline/* 4a 4c
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^  - name: picker$/ { print "  - name: kv-filter"
	    print "    type: least-kv-cache-filter" }
	  { print } /^    plugins:$/ { print "      - pluginRef: kv-filter" }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^      - pluginRef: kv-filter$' "$f"
}
