# pair: vllm
# plants: align/vllm_rank0.json: the profiler was stopped in the middle of the last iteration (vLLM's stop_profile while a decode step still ran on the GPU): its marker and all its launches are in the trace, but the kernels of its second half never reached it, so that iteration's measured time is half a step; compared as a whole step it pulled every operation the same way, and the kernel error read "a clock or thermal shift of the capture"
# catches: A1 kernel.iterations.compared device=0,rank=0 => WARN ~ 1 iteration with kernels and slots is left out: launches inside it have no kernel in the trace.*iteration 5 .*22 launches lost
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
evs = doc["traceEvents"]
last = max(e["ts"] for e in evs if e.get("cat") == "user_annotation")
ks = sorted(e["ts"] for e in evs if e.get("cat") == "kernel" and e["ts"] >= last)
cut = ks[len(ks) // 2]
doc["traceEvents"] = [e for e in evs if not (e.get("cat") == "kernel" and e["ts"] >= cut)]
json.dump(doc, open(path, "w"), indent=1)
PY
}
