# pair: 14b
# plants: sim/config.md: the sim ran with --routing-policy least-loaded (the sim default of another experiment) while every real arm routes with random-picker: the sim's admission sees a balanced pool the real one never has
# catches: 4a routing.policy phase=baseline => FAIL ~ random-picker ignores the load
# catches: 4a routing.policy phase=treatment => FAIL ~ random-picker ignores the load
# touches: 4a 2c@*/*
plant() {
	sed -i 's/| `--routing-policy` | round-robin |/| `--routing-policy` | least-loaded |/' "$SIM/config.md"
	grep -q 'routing-policy` | least-loaded' "$SIM/config.md"
}
