# pair: aw
# plants: generated/baseline_config.yaml: the baseline's prefix scorer is GAIE's approximate prefix-cache-scorer (type prefix-cache-scorer, its name ppc kept) instead of llm-d's precise-prefix-cache-scorer, which config.md plans: it scores prefixes from its own routing history, not the pods' KV events
# catches: 4a routing.policy phase=baseline => FAIL
# touches: 2c@*/* 2d@baseline/* 4a 4c
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	sed -i 's/^    type: precise-prefix-cache-scorer$/    type: prefix-cache-scorer/' "$f"
	grep -q '^    type: prefix-cache-scorer$' "$f"
}
