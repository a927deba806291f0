# pair: 14b
# plants: generated/treatment_config.yaml: the treatment routes with prefix-cache-scorer + max-score-picker instead of random-picker (the sim routes round-robin; the README plans random-picker for every arm)
# catches: 4a routing.policy phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 4a 5b@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i -e 's/^- type: random-picker$/- type: prefix-cache-scorer\n- type: max-score-picker/' \
	    -e 's/^  - pluginRef: random-picker$/  - pluginRef: prefix-cache-scorer\n    weight: 1.0\n  - pluginRef: max-score-picker/' "$f"
	grep -q 'max-score-picker' "$f"
}
