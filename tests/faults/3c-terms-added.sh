# pair: 14b
# plants: generated/preemptive_shed.go: computeSaturation adds the two ratios (total += qRatio + kvRatio) instead of taking their max: a pod with 2 queued requests at 60% KV counts 1.15 instead of the sim's max(0.4, 0.75) = 0.75, so the plugin sheds at lower load than simulated
# catches: 3c saturation.formula - => FAIL ~ queue ratio \+ KV ratio
# touches: 3c
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|total += max(qRatio, kvRatio)|total += qRatio + kvRatio|' "$f"
	grep -q 'total += qRatio + kvRatio' "$f"
}
