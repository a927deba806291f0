# pair: 14b
# plants: generated/preemptive_shed.go: the sheddable case assigns its ramp's ends in the wrong order (shedStart, shedFull = a.params.SheddableShedFull, a.params.SheddableShedStart, a transposed multiple assignment): shedStart is 0.05 and shedFull 0.005, so past 0.05 the probability (saturation-0.05)/(0.005-0.05) is negative and sheddable is never shed, where the sim sheds it from 0.005
# catches: 4d priority.dispatch - => FAIL ~ sheddable
# touches: 3a 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/shedStart, shedFull = a.params.SheddableShedStart, a.params.SheddableShedFull/shedStart, shedFull = a.params.SheddableShedFull, a.params.SheddableShedStart/' "$f"
	grep -q 'a.params.SheddableShedFull, a.params.SheddableShedStart' "$f"
}
