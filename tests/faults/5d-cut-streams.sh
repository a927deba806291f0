# pair: aw
# plants: baseline/w1_prefix_to_load_shift: 40 streams were cut at the same moment (a gateway restart): status ok, no output tokens, no finish_reason, chunks received before the cut (the shape of aw-real/treatment/w3's 19 cut streams)
# catches: 5d * *phase=baseline,workload=w1_prefix_to_load_shift => FAIL
# touches: 5d@baseline/w1_prefix_to_load_shift 1d@baseline/w1_prefix_to_load_shift
plant() {
	trace_edit "$REAL/baseline/w1_prefix_to_load_shift/trace_data.csv" '
mid = sorted(int(r["send_time_us"]) for r in rows)[len(rows) // 2]
live = [r for r in rows if int(r["send_time_us"]) < mid < int(r["last_chunk_time_us"])]
for r in live[:40]:
    first = int(r["first_chunk_time_us"])
    r.update(output_tokens="0", server_input_tokens="0", finish_reason="",
             last_chunk_time_us=str(mid + rng.randint(0, 9000)),
             num_chunks=str(max(1, (mid - first) // 25000)))'
}
