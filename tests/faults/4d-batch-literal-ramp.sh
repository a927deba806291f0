# pair: 14b
# plants: generated/preemptive_shed.go: the batch case assigns literals (shedStart, shedFull = 0.02, 0.20, an older tuning) instead of the plugin's parameters: the treatment config's batchShedStart/batchShedFull are read and never used, and batch is shed along a ramp twice as gentle as the sim's
# catches: 4d priority.dispatch - => FAIL ~ batch
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/= a\.params\.BatchShedStart, a\.params\.BatchShedFull$/= 0.02, 0.20/' "$f"
	grep -q '= 0.02, 0.20$' "$f"
}
