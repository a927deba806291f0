# pair: aw
# plants: baseline/w2_stationary: a proxy between the load generator and the gateway coalesced the event stream into 4 KiB writes (nginx proxy_buffering on with 4k buffers; about 16 token events a write): every answer still came in several chunks, the first before the last, but each chunk carried ~16 tokens, so the first chunk reached the client 15 token times late (TTFT inflated by the proxy, not the model) while the streaming column says true
# catches: 1f streaming.tokens_per_chunk phase=baseline,workload=w2_stationary => WARN ~ the stream was coalesced
# touches: 1f@baseline/w2_stationary 6*@baseline/w2_stationary A*
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    n, out = int(r["num_chunks"]), int(r["output_tokens"])
    f, l = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    if r["status"] != "ok" or n < 2 or l <= f:
        continue
    k = min(15, n - 2)
    r["first_chunk_time_us"] = str(f + (l - f) * k // (n - 1))
    r["num_chunks"] = str(-(-n // 16) + 1)'
}
