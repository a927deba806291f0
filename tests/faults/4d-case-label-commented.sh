# pair: 14b
# plants: generated/preemptive_shed.go: the batch case label is commented out (// case priorityBatch:), so its assignment joins the sheddable case: sheddable (-50) requests get the sheddable ramp and then, overwritten, the batch one, and batch (-10) falls to the default and is never shed
# catches: 4d priority.dispatch - => FAIL ~ sheddable
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|^\tcase priorityBatch: // less aggressive ramp$|\t// case priorityBatch: // less aggressive ramp|' "$f"
	grep -q '// case priorityBatch:' "$f"
}
