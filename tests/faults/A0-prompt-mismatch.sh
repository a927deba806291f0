# pair: hta
# plants: align/sim.csv: the simulation ran the shared prefix at 128 tokens instead of 64, so every prefixed request's prompt differs from the real one
# catches: A0 align.input_tokens.mismatch - => FAIL
# touches: A0
plant() {
	trace_edit "$ALIGN/sim.csv" '
for r in rows:
    if r["prefix_length"] == "64":
        r["prefix_length"] = "128"'
}
