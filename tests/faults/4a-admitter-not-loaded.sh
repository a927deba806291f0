# pair: 14b
# plants: generated/treatment_config.yaml: the treatment config lost its preemptive-shed-admitter entry (plugins lists random-picker only) while it keeps the saturationDetector switch-off: the image carries the generated plugin, but nothing loads it, so the treatment admits every request
# catches: 4a plugin.generated - => FAIL
# touches: 2c@*/* 2d@treatment/* 3c 4a 4b 4c 4d 5d@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/^- type: preemptive-shed-admitter$/ { skip = 1; next }
	  skip && /^- / { skip = 0 } !skip { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	! grep -q preemptive-shed-admitter "$f"
}
