# pair: 14b
# plants: sim/config.md: --snapshot-refresh-interval is 0 (the sim reads every instance's queue and KV usage live, at each decision): the sim's routing and admission signals are never stale, the router's are polled every 50 ms
# catches: 3d snapshot.refresh_interval - => WARN
# touches: 3d
plant() {
	sed -i 's/| `--snapshot-refresh-interval` | 50000 (50ms) |/| `--snapshot-refresh-interval` | 0 (live) |/' "$SIM/config.md"
	grep -q 'snapshot-refresh-interval` | 0 (live)' "$SIM/config.md"
}
