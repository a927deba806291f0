# pair: 14b
# plants: generated/preemptive_shed.go: the shedding sits behind a switch left off (const shedEnabled = false; if !shedEnabled { return nil } before the tier switch, a debugging guard never flipped back): every priority is admitted before its ramp, so the treatment never sheds sheddable or batch
# catches: 4d priority.dispatch - => FAIL ~ never shed
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	awk '/^const PreemptiveShedAdmitterType/ { print; print ""
	    print "// shedEnabled turns the shedding on (off while debugging)."
	    print "const shedEnabled = false"; next }
	  /^\tsaturation := a.computeSaturation\(endpoints\)$/ {
	    print "\tif !shedEnabled {"; print "\t\treturn nil"; print "\t}" }
	  { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^	if !shedEnabled {$' "$f"
}
