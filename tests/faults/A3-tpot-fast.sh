# pair: hta
# plants: align/sim.csv: the simulator's decode steps are 30 % too fast (every request's first-to-last-token span x 0.7): TPOT no longer tracks
# catches: A3 align.tpot_ms - => FAIL
# touches: A3
plant() {
	trace_edit "$ALIGN/sim.csv" '
for r in rows:
    first, last = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    if first > 0 and last > first:
        r["last_chunk_time_us"] = str(first + (last - first) * 7 // 10)'
}
