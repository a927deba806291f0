# pair: 14b
# plants: generated/preemptive_shed.go: the sheddable case takes its full point from the batch parameters (shedStart, shedFull = a.params.SheddableShedStart, a.params.BatchShedFull, a copy-paste across tiers): sheddable ramps from 0.005 to 0.10 instead of 0.05, about half as aggressive as the sim's
# catches: 4d priority.dispatch - => FAIL ~ sheddable
# touches: 3a 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/shedStart, shedFull = a.params.SheddableShedStart, a.params.SheddableShedFull/shedStart, shedFull = a.params.SheddableShedStart, a.params.BatchShedFull/' "$f"
	grep -q 'a.params.SheddableShedStart, a.params.BatchShedFull' "$f"
}
