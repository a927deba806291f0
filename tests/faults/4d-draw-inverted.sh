# pair: 14b
# plants: generated/preemptive_shed.go: the draw is inverted (if rand.Float64() > prob { reject }): a shed tier is rejected with probability 1 - prob, so nearly all of it is shed just past the ramp's start and less and less as the pool fills
# catches: 4d priority.ramp_guard - => FAIL
# touches: 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|if rand.Float64() < prob {|if rand.Float64() > prob {|' "$f"
	grep -q 'if rand.Float64() > prob {' "$f"
}
