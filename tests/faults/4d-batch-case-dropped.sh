# pair: 14b
# plants: generated/preemptive_shed.go: the switch has no case for batch (-10): its ramp was dropped in an edit, so batch requests fall to the default (return nil) and are always admitted: the sim sheds batch along the less aggressive ramp
# catches: 4d priority.dispatch - => FAIL ~ batch
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i '/^\tcase priorityBatch:/,+1d' "$f"
	! grep -q 'case priorityBatch' "$f"
}
