# pair: 14b
# plants: generated/preemptive_shed.go: the Parameters struct's JSON tags are swapped between tiers (SheddableShedStart reads "batchShedStart", BatchShedStart reads "sheddableShedStart", and the same for Full): the treatment config's sheddable values land in the batch ramp and the other way round, though the config and the switch both read right
# catches: 4d priority.dispatch - => FAIL
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's/`json:"sheddableShed\(Start\|Full\)"`/`json:"@@\1"`/' \
	    -e 's/`json:"batchShed\(Start\|Full\)"`/`json:"sheddableShed\1"`/' \
	    -e 's/`json:"@@\(Start\|Full\)"`/`json:"batchShed\1"`/' "$f"
	grep -q 'SheddableShedStart   float64 `json:"batchShedStart"`' "$f"
}
