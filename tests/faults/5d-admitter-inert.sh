# pair: 14b
# plants: treatment/w2_14b_burst: the treatment's EPP ran an image built without the generated admission plugin's registration (the config named it, the binary admitted everything): no request was shed under the burst in which the plugin sheds almost every sheddable and batch request; the requests it would have shed were served like the others (each pod's log has their completions)
# catches: 5d shed.rate class=sheddable,phase=treatment,workload=w2_14b_burst => WARN ~ never ran
# catches: 5d shed.rate class=batch,phase=treatment,workload=w2_14b_burst => WARN ~ never ran
# touches: 5d@treatment/w2_14b_burst 1d@treatment/w2_14b_burst 5b@treatment/w2_14b_burst 6*@treatment/w2_14b_burst
plant() {
	local d="$REAL/treatment/w2_14b_burst" n k=0 g
	n=$(grep -c 'HTTP 429' "$d/trace_data.csv")
	trace_edit "$d/trace_data.csv" '
served = [r for r in rows if r["status"] == "ok"]
for r in rows:
    if r["status"] != "error":
        continue
    like = rng.choice(served)
    send = int(r["send_time_us"])
    ttft = int(like["first_chunk_time_us"]) - int(like["send_time_us"])
    e2e = int(like["last_chunk_time_us"]) - int(like["send_time_us"])
    r.update(output_tokens=like["output_tokens"], server_input_tokens=str(int(r["input_tokens"]) + 30),
             first_chunk_time_us=str(send + ttft), last_chunk_time_us=str(send + e2e),
             num_chunks=like["num_chunks"], status="ok", error_message="",
             finish_reason=like["finish_reason"])'
	# the served sheds, a quarter to each pod
	for g in "$d"/server_logs/*_vllm.log; do
		grep -m1 '"POST /v1/completions' "$g" >"$g.one"
		awk -v n="$n" -v k=$k 'NR == 1 { for (i = k; i < n; i += 4) print }' "$g.one" >>"$g"
		rm -f "$g.one"
		k=$((k + 1))
	done
}
