# pair: aw
# plants: generated/treatment_config.yaml: the treatment arm was deployed with the baseline's EPP config (the generate step wrote the baseline over the treatment file): no delegation scorer, the fixed 3:2:2 profile, so the policy under test never ran
# catches: 2d epp.plugin phase=treatment,workload=* => FAIL
# catches: 2c arms.epp phase=*,workload=* => FAIL
# touches: 2c@*/* 2d@treatment/* 4a@treatment/* 4c@treatment/* 5b@treatment/* 3*@*
plant() {
	cp "$REAL/generated/baseline_config.yaml" "$REAL/generated/treatment_config.yaml"
}
