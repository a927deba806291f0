# pair: 14b
# plants: generated/preemptive_shed.go: the protected-tier guard is "priority >= priorityBatch", so batch (-10) requests are admitted before the switch: the batch case and its ramp are dead code, batch is never shed (the switch's mapping still reads right)
# catches: 4d priority.dispatch - => FAIL ~ batch \(priority -10\).*never shed
# touches: 3a 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/if priority >= 0 {/if priority >= priorityBatch {/' "$f"
	grep -q 'if priority >= priorityBatch {' "$f"
}
