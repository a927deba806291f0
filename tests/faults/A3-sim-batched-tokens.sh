# pair: hta
# plants: align/sim.csv, sim.itl.csv: the simulation ran with a smaller max_num_batched_tokens than the real server (256 against 2048): a prompt above 256 tokens is prefilled in chunks over several steps, so the long prompts' first tokens come later (TTFT x 2.5 for input_tokens > 256, four of the nine eligible requests) while the short prompts' stay as they were, and their decode follows unchanged (last chunk and every streamed chunk move with the first); the median TTFT still agrees and a KS test over nine requests cannot tell
# catches: A3 align.ttft_ms - => WARN ~ 4 of 9 requests do not follow the median.*ids: 3 4 8 9\).*gap depends on the request
# touches: A3
plant() {
	trace_edit "$ALIGN/sim.csv" '
shift = {}
for r in rows:
    first, send = int(r["first_chunk_time_us"]), int(r["send_time_us"])
    if first > 0 and int(r["input_tokens"]) > 256:
        d = (first - send) * 3 // 2
        shift[r["request_id"]] = d
        r["first_chunk_time_us"] = str(first + d)
        r["last_chunk_time_us"] = str(int(r["last_chunk_time_us"]) + d)
for r in irows:
    r["timestamp_us"] = str(int(r["timestamp_us"]) + shift.get(r["request_id"], 0))
' "$ALIGN/sim.itl.csv"
}
