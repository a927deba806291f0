# pair: 14b
# plants: generated/preemptive_shed.go: computeSaturation returns the sum of the endpoints' ratios, not their mean (four pods: saturation four times the sim's)
# catches: 3c saturation.formula - => WARN|FAIL ~ not recognised
# touches: 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|return total / float64(len(endpoints))|return total|' "$f"
	grep -q '^	return total$' "$f"
}
