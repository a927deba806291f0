# pair: vllm
# plants: align/vllm_rank0.json: the profiler's activity buffer filled during the third decode iteration (CUPTI dropped records): that iteration's markers and launches are all there, but its kernels from the second layer on never reached the trace, so its measured GPU time is a third of the step while its cycle is whole, and the duty-cycle multiplier (and the kernel comparison) took it as a step
# catches: A1 kernel.iterations.compared device=0,rank=0 => WARN ~ left out: launches inside it have no kernel in the trace.*iteration 3
# catches: A2 duty.multiplier - => WARN ~ iterations? recorded too few kernels
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
evs = doc["traceEvents"]
marks = sorted((e["ts"], e["ts"] + e["dur"]) for e in evs if e.get("cat") == "user_annotation")
a, b = marks[3][0], marks[4][0]
ks = sorted(e["ts"] for e in evs if e.get("cat") == "kernel" and a <= e["ts"] < b)
lo, hi = ks[len(ks) // 3], ks[-1]
doc["traceEvents"] = [e for e in evs if not (e.get("cat") == "kernel" and lo <= e["ts"] < hi)]
json.dump(doc, open(path, "w"), indent=1)
PY
}
