# pair: 14b
# plants: generated/preemptive_shed.go: the ramp's probability is (saturation-shedFull)/(shedStart-shedFull), the two ends swapped in the formula: past the start the shed probability falls from 1 to 0 as the pool fills, the opposite of the sim's ramp (0 at the start, 1 at full)
# catches: 4d priority.ramp_guard - => FAIL
# touches: 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|prob := min((saturation-shedStart)/(shedFull-shedStart), 1.0)|prob := min((saturation-shedFull)/(shedStart-shedFull), 1.0)|' "$f"
	grep -q 'prob := min((saturation-shedFull)/(shedStart-shedFull), 1.0)' "$f"
}
