# pair: 14b
# plants: generated/treatment_config.yaml: the admitter's queueDepthThreshold is 50 instead of 5 (a drifted treatment parameter shared by every tier: the saturation the ramps read is ten times lower, so the plugin sheds far later than the sim's policy)
# catches: 4c admission.parameters phase=treatment => FAIL
# catches: 3c saturation.queue_depth_threshold phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 3c 4c
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i 's/^    queueDepthThreshold: 5$/    queueDepthThreshold: 50/' "$f"
	grep -q '^    queueDepthThreshold: 50$' "$f"
}
