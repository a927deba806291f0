# pair: 14b
# plants: generated/preemptive_shed.go: the switch gives priority -50 (sheddable) the batch ramp and -10 (batch) the sheddable ramp (a swapped tier mapping)
# catches: 4d priority.dispatch - => FAIL
# touches: 3a 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's/shedStart, shedFull = a.params.SheddableShedStart, a.params.SheddableShedFull/@@S@@/' \
	    -e 's/shedStart, shedFull = a.params.BatchShedStart, a.params.BatchShedFull/shedStart, shedFull = a.params.SheddableShedStart, a.params.SheddableShedFull/' \
	    -e 's/@@S@@/shedStart, shedFull = a.params.BatchShedStart, a.params.BatchShedFull/' "$f"
	awk '/case prioritySheddable/ { getline; exit !/BatchShedStart/ }' "$f"
}
