# pair: hta
# plants: align/trace_data.csv, trace_data.itl.csv: the real run went through a proxy that buffered the response stream (nginx proxy_buffering on in front of the gateway): each streamed answer reached blis observe in one burst when the server finished it, its chunks 20 µs apart, so every first chunk is the last token's time; the real TTFT is the whole answer and the real TPOT and ITL near zero
# catches: A3 align.ttft_ms - => WARN ~ Buffered stream: not a model gap
# catches: A3 align.tpot_ms - => WARN ~ Buffered stream: not a model gap
# catches: A3 align.itl_ms - => WARN ~ Buffered stream: not a model gap
# touches: A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
chunks = {}
for r in irows:
    chunks.setdefault(r["request_id"], []).append(r)
for r in rows:
    n, last = int(r["num_chunks"]), int(r["last_chunk_time_us"])
    if int(r["first_chunk_time_us"]) > 0 and n > 1:
        r["first_chunk_time_us"] = str(last - 20 * (n - 1))
    for c in chunks.get(r["request_id"], []):
        c["timestamp_us"] = str(last - 20 * (n - 1 - int(c["chunk_index"])))
' "$ALIGN/trace_data.itl.csv"
}
