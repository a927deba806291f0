# pair: 14b
# plants: generated/preemptive_shed.go: the sheddable case ends in fallthrough (left from a C-style edit), so sheddable (-50) requests run on into the batch case, whose assignment overwrites theirs: sheddable is shed along the gentle batch ramp, not its own aggressive one
# catches: 4d priority.dispatch - => FAIL ~ sheddable
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i '/^\tcase prioritySheddable:/{n;s/$/\n\t\tfallthrough/}' "$f"
	grep -q '^		fallthrough$' "$f"
}
