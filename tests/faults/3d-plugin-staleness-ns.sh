# pair: 14b
# plants: generated/preemptive_shed.go: the plugin copies the saturation detector's stale-metrics branch (a pod whose metrics are older than the threshold counts as fully loaded) with const metricsStaleAfter = 200 ("ms, the detector's default"), an untyped number with no time unit: compared with time.Since(m.UpdateTime), a time.Duration, it is 200 ns, so every pod is always stale and saturation is pinned at 1 (the sim's snapshots are never stale)
# catches: 3d snapshot.plugin_staleness - => FAIL ~ 200 ns
# touches: 3a 3b 3c 3d 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|^\t"math/rand"$|\t"math/rand"\n\t"time"|' "$f"
	sed -i 's|^const PreemptiveShedAdmitterType = .*|&\n\nconst metricsStaleAfter = 200 // ms, the detector'"'"'s default|' "$f"
	sed -i 's|^\t\tqRatio := float64(m.WaitingQueueSize)|\t\tif time.Since(m.UpdateTime) > metricsStaleAfter {\n\t\t\ttotal += 1.0 // stale metrics: treat as fully loaded, as the detector does\n\t\t\tcontinue\n\t\t}\n&|' "$f"
	grep -q 'time.Since(m.UpdateTime) > metricsStaleAfter' "$f" &&
	    grep -q '^const metricsStaleAfter = 200' "$f"
}
