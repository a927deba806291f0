# pair: 14b
# plants: generated/preemptive_shed.go: the ramp's guard is inverted (if saturation > shedStart { return nil }): a shed tier is shed only while the pool is nearly idle and always admitted under load, the opposite of the sim's ramp
# catches: 4d priority.ramp_guard - => FAIL ~ ABOVE the ramp
# touches: 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|if saturation < shedStart {|if saturation > shedStart {|' "$f"
	grep -q 'if saturation > shedStart {' "$f"
}
