# pair: hta
# plants: align/trace_data.csv, trace_data.itl.csv: the real trace holds its warm-up requests: the header still says warm_up_requests: 2 (the first two generated requests are warm-up, not in the file), but the recorder wrote them anyway (ids 0 and 1, sent on their planned arrivals to a cold server: CUDA-graph capture and kernel autotuning on the first batches, TTFT 1.45 s and 1.39 s); they match the simulation's ids 0 and 1, which the simulator ran warm, so two cold-start latencies enter the compared population while the median and the KS test over eleven requests hide them
# catches: A0 align.requests.matched - => WARN ~ warm-up
# touches: A0 A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
base = {r["request_id"]: r for r in rows}["2"]
origin = int(base["send_time_us"]) - int(base["arrival_time_us"])
warm = []
for rid, inp, out, arr, ttft in (("0", "180", 12, 0, 1450000),
                                 ("1", "95", 30, 48000, 1390000)):
    r = dict(base)
    send = origin + arr + 300
    first = send + ttft
    last = first + (out - 1) * 21000
    r.update(request_id=rid, input_tokens=inp, output_tokens=str(out),
             server_input_tokens=str(int(inp) + 64 + 3),
             arrival_time_us=str(arr), send_time_us=str(send),
             first_chunk_time_us=str(first), last_chunk_time_us=str(last),
             num_chunks=str(out + 1))
    warm.append(r)
    irows.extend({"request_id": rid, "chunk_index": str(k),
                  "timestamp_us": str(first + k * (last - first) // out)}
                 for k in range(out + 1))
rows[:0] = warm' "$ALIGN/trace_data.itl.csv"
}
