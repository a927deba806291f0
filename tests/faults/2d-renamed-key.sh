# pair: aw
# plants: generated/treatment_config.yaml: the prefix scorer's kvEventsConfig.discoverPods is spelt discoverPod (a renamed EPP key in one arm: older GAIE ignores it, so pod discovery silently takes its default)
# catches: 2d epp.plugin.parameter phase=treatment,workload=w2_stationary => FAIL
# catches: 2c arms.epp phase=treatment,workload=w2_stationary => FAIL
# touches: 2c@*/* 2d@treatment/* 4c@treatment/*
plant() {
	sed -i 's/^\( *\)discoverPods: false/\1discoverPod: false/' \
	    "$REAL/generated/treatment_config.yaml"
	grep -q 'discoverPod: false' "$REAL/generated/treatment_config.yaml"
}
