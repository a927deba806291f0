# pair: aw
# plants: generated/baseline_config.yaml: the baseline's queue scorer step lost its `weight: 2.0` line (left to the router's default): the router's config loader gives a scorer listed without a weight weight 1, so the baseline blends prefix, KV and queue 3:2:1, not the 3:2:2 config.md plans
# catches: 4a routing.policy phase=baseline => FAIL ~ queue-scorer: weight planned 2 \(config.md:\d+\), deployed 1
# catches: 2d epp.scorer.weight phase=baseline,workload=* => FAIL ~ config.md says 2 .* the deployed config 1
# touches: 2c@*/* 2d@baseline/* 4a 4c
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	awk '/pluginRef: qd/ { print; getline; if ($0 !~ /weight: 2.0/) print; next } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	! grep -A1 'pluginRef: qd' "$f" | grep -q 'weight'
}
