# pair: hta
# plants: align/sim.csv: the simulator's first tokens come 60 % later than before (its prefill cost doubled for chunked prompts): sim TTFT now slower than the real one, the wrong direction
# catches: A3 align.ttft_ms - => FAIL
# touches: A3
plant() {
	trace_edit "$ALIGN/sim.csv" '
for r in rows:
    first, last, send = (int(r[c]) for c in ("first_chunk_time_us", "last_chunk_time_us", "send_time_us"))
    if first > 0:
        d = (first - send) * 6 // 10
        r["first_chunk_time_us"] = str(first + d)
        r["last_chunk_time_us"] = str(last + d)'
}
