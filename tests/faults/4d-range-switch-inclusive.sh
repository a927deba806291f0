# pair: 14b
# plants: generated/preemptive_shed.go: the tier switch is written on ranges (switch { case priority <= priorityBatch: sheddable ramp; case priority < 0: batch ramp }) with <= where < was meant: batch (-10) matches the first case and gets the sheddable ramp, and the batch case is dead code
# catches: 4d priority.dispatch - => FAIL ~ batch
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's/^\tswitch priority {$/\tswitch {/' \
	    -e 's/^\tcase prioritySheddable:/\tcase priority <= priorityBatch:/' \
	    -e 's/^\tcase priorityBatch:/\tcase priority < 0:/' "$f"
	grep -q 'case priority <= priorityBatch:' "$f"
}
