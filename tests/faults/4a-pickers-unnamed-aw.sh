# pair: aw
# plants: generated/baseline_config.yaml instantiates a random-picker next to its max-score-picker and its profile names neither (the step dropped in an edit): the router's config loader appends whichever picker its map yields first, so the baseline may draw at random where config.md plans max-score-picker, and the bundle cannot say which ran
# catches: 4a routing.policy phase=baseline => WARN ~ several instantiated and none in the profile, so the router appends any one of them UNSURE
# touches: 2c@*/* 2d@baseline/* 4a 4c 5g@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	sed -i -e '/pluginRef: picker/d' -e 's/^  - name: picker$/  - name: draw\n    type: random-picker\n  - name: picker/' "$f"
	grep -q 'type: random-picker' "$f"
	! grep -q 'pluginRef: picker' "$f"
}
