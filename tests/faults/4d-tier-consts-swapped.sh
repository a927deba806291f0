# pair: 14b
# plants: generated/preemptive_shed.go: the tier constants are swapped (prioritySheddable = -10, priorityBatch = -50) while the switch still reads case prioritySheddable -> sheddable ramp: priority -50 gets the batch ramp and -10 the sheddable one
# catches: 4d priority.dispatch - => FAIL
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's/^\tprioritySheddable = -50$/\tprioritySheddable = -10/' \
	    -e 's/^\tpriorityBatch     = -10$/\tpriorityBatch     = -50/' "$f"
	grep -q 'prioritySheddable = -10' "$f"
}
