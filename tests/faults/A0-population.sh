# pair: hta
# plants: align/sim.csv: the simulation ran two requests fewer than the real run (ids 11 and 12 absent: a shorter horizon), so the populations differ
# catches: A0 align.requests.matched - => FAIL
# touches: A0 A3
plant() {
	trace_edit "$ALIGN/sim.csv" '
rows = [r for r in rows if r["request_id"] not in ("11", "12")]'
}
