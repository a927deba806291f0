# pair: 14b
# plants: baseline/w1c_14b: the load generator (a build whose SSE reader stamped the first chunk when the response headers arrived, which vLLM sends before the engine has run the prompt) recorded every streamed answer's first_chunk_time about 1 ms after its send, whatever the prompt's length or the load, so its TTFT is the network round trip and not the prefill; the chunk counts and last chunks are true
# catches: 1f streaming.ttft_per_tpot phase=baseline,workload=w1c_14b => WARN
# touches: 1f@baseline/w1c_14b 1h@baseline/w1c_14b 6*@baseline/w1c_14b 6*@*/w1c_14b A*
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
import random
rng = random.Random(7)
for r in rows:
    if r["status"] == "ok" and int(r["first_chunk_time_us"]) > 0:
        r["first_chunk_time_us"] = str(int(r["send_time_us"]) + rng.randint(700, 1500))'
}
