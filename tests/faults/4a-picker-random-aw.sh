# pair: aw
# plants: generated/treatment_config.yaml: the treatment's picker is random-picker instead of max-score-picker: the scores are computed and then ignored
# catches: 4a routing.policy phase=treatment => FAIL
# catches: 2d * phase=treatment,workload=w2_stationary => FAIL
# touches: 2c@*/* 2d@treatment/* 4a@treatment/* 4a 4c@treatment/* 5b@treatment/*
plant() {
	sed -i 's/type: max-score-picker/type: random-picker/' \
	    "$REAL/generated/treatment_config.yaml"
	grep -q 'type: random-picker' "$REAL/generated/treatment_config.yaml"
}
