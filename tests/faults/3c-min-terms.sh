# pair: 14b
# plants: generated/preemptive_shed.go: computeSaturation combines the two ratios with min(qRatio, kvRatio) instead of max (an endpoint counts as loaded only when both its queue and its KV cache are), while its doc comment still says avg(max(...)): a grep of the snippet found max( in the comment
# catches: 3c saturation.formula - => FAIL ~ min\(queue ratio, KV ratio\)
# touches: 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|total += max(qRatio, kvRatio)|total += min(qRatio, kvRatio)|' "$f"
	grep -q 'total += min(qRatio, kvRatio)' "$f"
	grep -q 'avg(max(' "$f"
}
