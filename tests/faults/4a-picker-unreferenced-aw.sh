# pair: aw
# plants: generated/baseline_config.yaml: the baseline config instantiates both pickers (a template to flip between them: picker, max-score-picker, then random, random-picker) and its profile references random: the scheduler runs only the profile's picker, so the baseline draws endpoints at random and the 3:2:2 scores are computed for nothing, while the first picker in the plugin list is still the planned max-score-picker
# catches: 4a routing.policy phase=baseline => FAIL ~ deployed random-picker
# touches: 2c@*/* 2d@baseline/* 4a 4c 5b@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/^schedulingProfiles:$/ { print "  - name: random"
	    print "    type: random-picker" }
	  /^      - pluginRef: picker$/ { print "      - pluginRef: random"; next }
	  { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^      - pluginRef: random$' "$f"
}
