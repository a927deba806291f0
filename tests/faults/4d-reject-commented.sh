# pair: 14b
# plants: generated/preemptive_shed.go: the rejection is commented out (a debugging edit left in: // return fmt.Errorf(...)): the ramp computes its probability and AdmitRequest still returns nil, so the treatment never sheds any tier
# catches: 4d priority.ramp_guard - => FAIL ~ never rejects
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|^\t\treturn fmt.Errorf("preemptive shed|\t\t// return fmt.Errorf("preemptive shed|' "$f"
	grep -q '// return fmt.Errorf("preemptive shed' "$f"
}
