# pair: aw
# plants: generated/baseline_config.yaml: the baseline's kv-cache-utilization scorer has weight 0.0 (an edit that meant to turn it down, not off): the baseline routes on prefix and queue only, config.md plans 3:2:2
# catches: 4a routing.policy phase=baseline => FAIL
# touches: 2c@*/* 2d@baseline/* 4a 4c
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/pluginRef: kv/ { print; getline; sub(/weight: 2.0/, "weight: 0.0"); print; next } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -A1 'pluginRef: kv' "$f" | grep -q 'weight: 0.0'
}
