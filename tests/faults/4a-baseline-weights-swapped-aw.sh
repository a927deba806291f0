# pair: aw
# plants: generated/baseline_config.yaml: the baseline's prefix scorer weight 2.0 and KV scorer weight 3.0 (config.md's 3:2:2 applied to the wrong scorers)
# catches: 4a routing.policy phase=baseline => FAIL
# touches: 2c@*/* 2d@baseline/* 4a
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/pluginRef: ppc/ { print; getline; sub(/weight: 3.0/, "weight: 2.0"); print; next }
	     /pluginRef: kv/ { print; getline; sub(/weight: 2.0/, "weight: 3.0"); print; next } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -A1 'pluginRef: kv' "$f" | grep -q 'weight: 3.0'
}
