# pair: hta
# plants: align/trace_data.csv: blis observe retried request 5 after a dropped connection and wrote both attempts: the first (HTTP 502, no chunk) and the retry (ok), under the same request id; the population seems the same, but one id stands for two sends
# catches: A0 align.requests.matched - => WARN|FAIL ~ twice|duplicate|more than once
# touches: A0 A3
plant() {
	trace_edit "$ALIGN/trace_data.csv" '
r5 = [r for r in rows if r["request_id"] == "5"][0]
dup = dict(r5)
dup.update(first_chunk_time_us="0", last_chunk_time_us="0", num_chunks="0",
           output_tokens="0", server_input_tokens="0", status="error",
           error_message="HTTP 502: connection reset by peer", finish_reason="")
r5["send_time_us"] = str(int(r5["send_time_us"]) + 1)
rows.insert(rows.index(r5), dup)'
}
