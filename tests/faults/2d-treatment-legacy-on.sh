# pair: 14b
# plants: generated/treatment_config.yaml: the treatment lost its saturationDetector override (queueDepthThreshold 999999999, kvCacheUtilThreshold 0.999: the README's way to switch GAIE's legacy admission off): the treatment runs the legacy rule beside the generated plugin, shedding sheddable requests at the detector's default thresholds too, which the sim's treatment never does
# catches: 2d epp.saturation_detector phase=treatment,workload=w1c_14b => FAIL ~ not in the deployed config
# touches: 2c@*/* 2d@treatment/* 3c 3d 4b 4c 5d@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i -e '/^saturationDetector:$/d' -e '/^  queueDepthThreshold: 999999999$/d' \
	    -e '/^  kvCacheUtilThreshold: 0.999$/d' "$f"
	! grep -q saturationDetector "$f"
}
