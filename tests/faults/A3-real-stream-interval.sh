# pair: hta
# plants: align/trace_data.csv, trace_data.itl.csv: the real server ran with a stream interval of 2 (vLLM --stream-interval 2): every streamed chunk after the first carries two tokens, so each request has about half the chunks (num_chunks and the ITL file's rows), each gap twice a decode step, while the simulator streams one token a chunk; TPOT (first to last chunk per token) is unchanged, the ITL compares chunks of different sizes
# catches: A3 align.itl_ms - => INAPPLICABLE ~ real run.s chunks carry 1.9[0-9]* tokens each and the simulation.s 1.*stream-interval
# touches: A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
keep = [r for r in irows if int(r["chunk_index"]) % 2 == 0]
n = {}
for r in keep:
    r["chunk_index"] = str(int(r["chunk_index"]) // 2)
    n[r["request_id"]] = n.get(r["request_id"], 0) + 1
irows[:] = keep
for r in rows:
    if r["request_id"] in n:
        r["num_chunks"] = str(n[r["request_id"]])
' "$ALIGN/trace_data.itl.csv"
}
