# pair: hta
# plants: align/trace_data.csv, trace_data.itl.csv: min_tokens did not reach the real server (exact-length mode lost), so two of the eleven answered requests stopped at the model's end of sequence before their sampled length (ids 9 and 11: 30 of 60 and 20 of 45 tokens, finish_reason stop, fewer chunks, an earlier last chunk): the simulation decoded the sampled lengths, so their TPOT and E2E compare different decodes
# catches: A0 align.output_tokens.mismatch - => WARN
# touches: A0 A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
stop = {"9": 30, "11": 20}
irows = [r for r in irows if r["request_id"] not in stop
         or int(r["chunk_index"]) <= stop[r["request_id"]]]
last = {r["request_id"]: r["timestamp_us"] for r in irows}
for r in rows:
    n = stop.get(r["request_id"])
    if n is not None:
        r.update(output_tokens=str(n), num_chunks=str(n + 1),
                 last_chunk_time_us=last[r["request_id"]], finish_reason="stop")
' "$ALIGN/trace_data.itl.csv"
}
