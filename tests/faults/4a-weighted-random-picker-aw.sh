# pair: aw
# plants: generated/baseline_config.yaml: the baseline's picker plugin is weighted-random-picker (name picker kept): it draws an endpoint in proportion to the 3:2:2 scores instead of taking the best, so the baseline routes with far less prefix affinity than config.md's max-score-picker plan
# catches: 4a routing.policy phase=baseline => FAIL
# touches: 2c@*/* 2d@baseline/* 4a 4c 5b@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	sed -i 's/^    type: max-score-picker$/    type: weighted-random-picker/' "$f"
	grep -q '^    type: weighted-random-picker$' "$f"
}
