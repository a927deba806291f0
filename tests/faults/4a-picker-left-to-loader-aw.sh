# pair: aw
# plants: sim/config.md's baseline config picks with random-picker, and generated/baseline_config.yaml instantiates no picker and lists none in its profile (dropped as if the router kept the plan's): the router's config loader then registers max-score-picker and appends it, so the baseline takes the best-scored endpoint where the plan draws at random
# catches: 4a routing.policy phase=baseline => FAIL ~ picker: planned random-picker \(config.md:\d+\), deployed max-score-picker \(added by the router's loader
# touches: 2c@*/* 2d@baseline/* 4a 4c 5g@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	# the first picker of config.md is the baseline's
	sed -i '0,/type: max-score-picker/s//type: random-picker/' "$SIM/config.md"
	sed -i -e '/- name: picker/{N;d}' -e '/pluginRef: picker/d' "$f"
	! grep -q 'picker' "$f"
	sed -n '/Baseline/,/Treatment/p' "$SIM/config.md" | grep -q 'type: random-picker'
}
