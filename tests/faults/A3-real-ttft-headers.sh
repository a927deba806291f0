# pair: hta
# plants: align/trace_data.csv, trace_data.itl.csv: the real capture timed its first chunk at the response headers, not the first token (an HTTP client that returns once the headers arrive, and a streaming server sends them as soon as it accepts the request): every answered request's first_chunk_time_us, and its ITL file's chunk 0, is 2 to 4 ms after the send; the last chunk and every later chunk are unchanged, so the real TTFT measures the request's acceptance and the real TPOT spans the whole prefill
# catches: A3 align.ttft_ms - => WARN ~ ^First chunk before the first token: not a model gap
# touches: A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
first = {}
for r in rows:
    if int(r["first_chunk_time_us"]) > 0:
        t = int(r["send_time_us"]) + 2000 + rng.randrange(2000)
        first[r["request_id"]] = t
        r["first_chunk_time_us"] = str(t)
for r in irows:
    if r["chunk_index"] == "0" and r["request_id"] in first:
        r["timestamp_us"] = str(first[r["request_id"]])' \
	    "$ALIGN/trace_data.itl.csv"
}
