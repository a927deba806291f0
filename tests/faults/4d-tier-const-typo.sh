# pair: 14b
# plants: generated/preemptive_shed.go: the sheddable tier's constant is mistyped (prioritySheddable = -5, not -50): the switch's sheddable case never matches a real priority, so sheddable (-50) requests fall to the default and are always admitted
# catches: 4d priority.dispatch - => FAIL ~ sheddable \(priority -50\).*never shed
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/^\tprioritySheddable = -50$/\tprioritySheddable = -5/' "$f"
	grep -q '^	prioritySheddable = -5$' "$f"
}
