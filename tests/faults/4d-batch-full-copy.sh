# pair: 14b
# plants: generated/preemptive_shed.go: the batch case assigns BatchShedStart to both ends (shedStart, shedFull = a.params.BatchShedStart, a.params.BatchShedStart, a copy-paste slip): the ramp has no width, (saturation-start)/0 is +Inf past the start, so batch is shed outright once saturation reaches 0.01 where the sim ramps it up to 0.10
# catches: 4d priority.dispatch - => FAIL ~ batch
# touches: 3a 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/shedStart, shedFull = a.params.BatchShedStart, a.params.BatchShedFull/shedStart, shedFull = a.params.BatchShedStart, a.params.BatchShedStart/' "$f"
	grep -q 'a.params.BatchShedStart, a.params.BatchShedStart' "$f"
}
