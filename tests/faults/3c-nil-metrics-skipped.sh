# pair: 14b
# plants: generated/preemptive_shed.go: a pod without metrics yet is skipped instead of counted as fully loaded (the startup edge case the README warns about: under-shedding while pods start)
# catches: 3c saturation.stale_metrics - => FAIL
# touches: 3c
plant() {
	sed -i '/total += 1.0 \/\/ no metrics yet/d' "$REAL/generated/preemptive_shed.go"
	! grep -q 'total += 1.0' "$REAL/generated/preemptive_shed.go"
}
