# pair: hta
# plants: align/sim.csv, sim.itl.csv: the simulator costs prefill from a kernel profiled with its prefix already cached (the profile's warm cache, every prompt token a hit), so each first token comes 2.5 times sooner than before (TTFT x 0.4), its decode unchanged (last chunk and every streamed chunk move with the first): the sim is far faster than the real server, beyond the small async-scheduler gap the procedure expects
# catches: A3 align.ttft_ms - => FAIL ~ far faster
# touches: A3
plant() {
	trace_edit "$ALIGN/sim.csv" '
shift = {}
for r in rows:
    send, first = int(r["send_time_us"]), int(r["first_chunk_time_us"])
    if first > 0:
        d = (first - send) * 6 // 10
        shift[r["request_id"]] = d
        r["first_chunk_time_us"] = str(first - d)
        r["last_chunk_time_us"] = str(int(r["last_chunk_time_us"]) - d)
for r in irows:
    r["timestamp_us"] = str(int(r["timestamp_us"]) - shift.get(r["request_id"], 0))' \
	    "$ALIGN/sim.itl.csv"
}
