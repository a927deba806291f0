# pair: 14b
# plants: sim/config.md: --snapshot-refresh-interval is given as 50 (meant as 50 ms, the flag is in microseconds): the sim's routing signals are refreshed every 50 us, the router's every 50 ms
# catches: 3d snapshot.refresh_interval - => WARN
# touches: 3d
plant() {
	sed -i 's/| `--snapshot-refresh-interval` | 50000 (50ms) |/| `--snapshot-refresh-interval` | 50 (50ms) |/' "$SIM/config.md"
	grep -q 'snapshot-refresh-interval` | 50 (50ms)' "$SIM/config.md"
}
