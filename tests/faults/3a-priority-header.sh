# pair: 14b
# plants: generated/preemptive_shed.go: AdmitRequest takes its priority from an x-priority request header (strconv.Atoi) instead of request.Objectives.Priority, the InferenceObjective's priority the sim's tiers are: a local named priority is all a grep for the word finds
# catches: 3a signal.priority - => FAIL ~ never reads Priority
# touches: 3a 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's|priority := request.Objectives.Priority|priority, _ := strconv.Atoi(request.Headers["x-priority"])|' \
	    -e 's|"math/rand"|"math/rand"\n\t"strconv"|' "$f"
	grep -q 'request.Headers\["x-priority"\]' "$f"
	! grep -q 'Objectives.Priority' "$f"
}
