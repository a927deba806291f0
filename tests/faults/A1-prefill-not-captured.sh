# pair: vllm
# plants: align/vllm_rank0.json: the profiler was started after the first step (vLLM's start_profile sent once the prefill had run): the capture holds the five decode iterations only, while the simulator's slots still describe all six steps, prefill first; A1 numbers the capture's iterations by marker order, so the first decode step meets the prefill slots
# catches: A1 kernel.iterations.compared device=0,rank=0 => FAIL ~ iteration 0, decode in the trace .*prefill in the slots
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
evs = doc["traceEvents"]
marks = sorted(e["ts"] for e in evs if e.get("cat") == "user_annotation")
cut = marks[1]
doc["traceEvents"] = [e for e in evs if "ts" not in e or e.get("ph") == "M" or e["ts"] >= cut]
json.dump(doc, open(path, "w"), indent=1)
PY
}
