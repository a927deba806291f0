# pair: aw
# plants: generated/baseline_config.yaml: a second scheduling profile that lists no plugins (a leftover of an edited values file): the router still loads it, and a request its profile handler sends there is scored by nothing, while config.md's baseline plans one profile
# catches: 2d epp.profile.plugin phase=baseline,workload=w2_stationary => FAIL ~ extra/ is in the deployed config
# catches: 4a routing.policy phase=baseline => WARN ~ a profile without plugins
# touches: 2c@*/* 2d@baseline/* 4a@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	tail -1 "$f" | grep -q 'pluginRef' || return 1
	printf '  - name: extra\n' >>"$f"
}
