# pair: 14b
# plants: generated/preemptive_shed.go: the plugin maps each priority to a tier name (tierOf) and switches on the name; the batch case reads "Batch", which tierOf never returns, so batch (-10) requests fall to the default and are always admitted
# catches: 4d priority.dispatch - => FAIL ~ batch
# touches: 3a 3c 4c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i -e 's/^\tswitch priority {$/\tswitch tierOf(priority) {/' \
	    -e 's/^\tcase prioritySheddable:/\tcase "sheddable":/' \
	    -e 's/^\tcase priorityBatch:/\tcase "Batch":/' "$f"
	cat >>"$f" <<'GO'

// tierOf names the tier of an InferenceObjective priority.
func tierOf(priority int) string {
	switch priority {
	case prioritySheddable:
		return "sheddable"
	case priorityBatch:
		return "batch"
	case 0:
		return "standard"
	}
	return "critical"
}
GO
	grep -q 'case "Batch":' "$f"
}
