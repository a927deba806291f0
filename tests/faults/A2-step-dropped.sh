# pair: vllm
# plants: align/vllm_rank0.json: the profiler's activity buffer overflowed for one whole decode step (iteration 3): its marker and launches are in the trace, none of its kernels; the step before it took its cycle to the next recorded kernel, so the dropped step's GPU work counted as idle and the multiplier read 1.23 instead of 1.12 (a 9 % host-bubble correction that never happened)
# catches: A2 duty.multiplier - => WARN ~ = 1\.0[0-9]*: .*iterations? recorded too few kernels
# catches: A1 kernel.iterations.compared device=0,rank=0 => WARN ~ profiler dropped the kernels
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
evs = doc["traceEvents"]
marks = sorted(e["ts"] for e in evs if e.get("cat") == "user_annotation")
a, b = marks[3], marks[4]
doc["traceEvents"] = [e for e in evs if not (e.get("cat") == "kernel" and a <= e["ts"] < b)]
json.dump(doc, open(path, "w"), indent=1)
PY
}
