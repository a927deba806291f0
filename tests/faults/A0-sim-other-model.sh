# pair: hta
# plants: align/sim.yaml, sim.csv: the simulation ran the latency model of another model (blis run --model Qwen/Qwen3-8B: the coefficients file picked by model name, left from an earlier study) against the real run of Qwen/Qwen3-14B; the request population is the same, and its decode steps are 35 % faster (TPOT x 0.65), which is what an 8B model's coefficients predict; the trace headers' server.model say so
# catches: A0 align.server.model - => FAIL ~ Qwen3-8B
# touches: A0 A3
plant() {
	printf 'server:\n    type: blis\n    model: Qwen/Qwen3-8B\n' >>"$ALIGN/sim.yaml"
	trace_edit "$ALIGN/sim.csv" '
for r in rows:
    f, l = int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"])
    if l > f:
        r["last_chunk_time_us"] = str(f + round((l - f) * 0.65))'
}
