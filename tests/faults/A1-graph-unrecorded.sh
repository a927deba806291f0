# pair: vllm
# plants: align/vllm_rank0.json: the capture ran with CUDA graphs (vLLM's default: each decode step's layers replayed from one cudaGraphLaunch) and the profiler recorded none of the replays' kernels (a CUPTI that does not trace graph kernels, or nsys without --cuda-graph-trace=node): every decode step's marker, its graph launch and its eager kernels (final norm, lm_head, sampling) are in the trace, its layers' kernels are not; read as a dropped buffer, the decode steps were left out and the multiplier (1.75) took their missing GPU work as host bubbles
# catches: A1 kernel.iterations.compared device=0,rank=0 => WARN|FAIL ~ CUDA-graph launches \(cudaGraphLaunch\): the profiler recorded none of those replays' kernels
# catches: A2 duty.multiplier - => WARN|FAIL ~ recorded too few kernels
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" --graph
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
evs = doc["traceEvents"]
graph = {e["args"]["correlation"] for e in evs if e.get("name") == "cudaGraphLaunch"}
assert graph
doc["traceEvents"] = [e for e in evs if not (e.get("cat") == "kernel" and
                      e["args"]["correlation"] in graph)]
json.dump(doc, open(path, "w"), indent=1)
PY
	grep -q cudaGraphLaunch "$ALIGN/vllm_rank0.json"
}
