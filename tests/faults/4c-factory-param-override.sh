# pair: 14b
# plants: generated/preemptive_shed.go: the factory sets p.SheddableShedFull = 0.5 after decoding the parameters (a debugging override left in): the treatment config's sheddableShedFull 0.05 is decoded and then overwritten, so sheddable is shed along a ramp ten times gentler than the sim's
# catches: 4c admission.tier_parameters class=sheddable,phase=treatment => FAIL ~ overwrites
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/^\treturn &PreemptiveShedAdmitter{name: name, params: p}, nil$/\tp.SheddableShedFull = 0.5 \/\/ TODO: drop\n&/' "$f"
	grep -q 'p.SheddableShedFull = 0.5' "$f"
}
