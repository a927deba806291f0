# pair: 14b
# plants: code/gaie: the router release's tests set KVCacheUsagePercent to percents (55.0 … 90.0) in a test file walked after the catalog's max_hits of fixtures, so that most of its fixtures say percent (a router whose tests contradict its 0-1 code; the counts must go past the cap)
# catches: 3b signal.kv_range - => WARN ~ most test fixtures
# touches: 3b
plant() {
	local f=code/gaie/pkg/epp/server/options_test.go
	{
		echo 'package server'
		echo
		echo 'var kvFixtures = []struct{ KVCacheUsagePercent float64 }{'
		for v in 55.0 60.0 65.0 75.0 80.0 85.0 90.0; do
			printf '\t{KVCacheUsagePercent: %s},\n' "$v"
		done
		echo '}'
	} >"$f"
	[ "$(grep -c 'KVCacheUsagePercent: ' "$f")" -eq 7 ]
}
