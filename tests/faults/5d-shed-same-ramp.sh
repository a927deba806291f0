# pair: 14b
# plants: treatment/w1c_14b: the sheddable InferenceObjective was deployed at priority -10 (batch's) instead of -50, so the admission plugin ran batch's gentler ramp for the sheddable requests too: 116 of the 2727 sheddable sheds were served instead (each pod's log has their completions), and the sheddable class is shed at batch's rate (94.2 %, as often, not more), where the lowest priority should shed most
# catches: 5d shed.rate class=batch,phase=treatment,workload=w1c_14b => WARN
# touches: 5d@treatment/w1c_14b 5g@treatment/w1c_14b 1d@treatment/w1c_14b 5b@treatment/w1c_14b 6*@treatment/w1c_14b 6*@*/w1c_14b
plant() {
	local d="$REAL/treatment/w1c_14b" n=116 k=0 g
	trace_edit "$d/trace_data.csv" '
served = [r for r in rows if r["status"] == "ok" and r["slo_class"] == "sheddable"]
shed = [r for r in rows if r["status"] == "error" and r["slo_class"] == "sheddable"]
for r in rng.sample(shed, '"$n"'):
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
