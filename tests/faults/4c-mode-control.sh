# pair: aw
# plants: generated/treatment_config.yaml: the treatment arm was deployed with the control arm's setting mode "control" (static 3:2:2 blend) instead of "adaptive": the policy under test never ran
# catches: 4c routing.parameters phase=treatment => FAIL
# touches: 2c@*/* 2d@treatment/* 4c@treatment/*
plant() {
	sed -i 's/mode: "adaptive"/mode: "control"/' "$REAL/generated/treatment_config.yaml"
	grep -q 'mode: "control"' "$REAL/generated/treatment_config.yaml"
}
