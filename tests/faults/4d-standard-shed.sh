# pair: 14b
# plants: generated/preemptive_shed.go: the protected-tier guard is "priority > 0" and the switch's default takes the batch ramp, so standard (priority 0) requests are shed like batch
# catches: 4d priority.protected - => FAIL
# touches: 3a 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's/if priority >= 0 {/if priority > 0 {/' \
	    -e '/^\tdefault:$/{n;s/\t\treturn nil/\t\tshedStart, shedFull = a.params.BatchShedStart, a.params.BatchShedFull/}' "$f"
	grep -q 'if priority > 0 {' "$f"
}
