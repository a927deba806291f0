# pair: aw
# plants: generated/baseline_config.yaml: the baseline's profile lost the kv-cache-utilization scorer's entry (the plugin is still declared, but not referenced by the profile, so it never scores): the baseline routes by prefix and queue depth 3:2, not config.md's 3:2:2
# catches: 2d * phase=baseline,workload=* => FAIL
# touches: 2c@*/* 2d@baseline/* 4a@baseline/* 4c@baseline/* 5b@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/- pluginRef: kv$/ { getline; next } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	! grep -q 'pluginRef: kv$' "$f"
}
