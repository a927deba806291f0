# pair: aw
# plants: sim/config.md records the BLIS run's flags, --routing-policy weighted among them but no --routing-scorers (the weights live in the EPP YAML it plans, 3:2:2), and generated/baseline_config.yaml's queue scorer has weight 1.0 instead of 2.0 (a drifted edit): the baseline's max-score picker blends prefix, KV and queue 3:2:1, not the 3:2:2 the sim ran
# catches: 4a routing.policy phase=baseline => FAIL ~ queue-scorer: weight planned 2
# touches: 2c@*/* 2d@baseline/* 4a 4c
plant() {
	cat >>"$SIM/config.md" <<'MD'

### BLIS-Only Parameters

| BLIS Flag | Value | Notes |
|---|---|---|
| `--routing-policy` | weighted | scorer weights from the EPP config above |
MD
	local f="$REAL/generated/baseline_config.yaml"
	awk '/pluginRef: qd/ { print; getline; sub(/weight: 2.0/, "weight: 1.0"); print; next } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -A1 'pluginRef: qd' "$f" | grep -q 'weight: 1.0'
}
