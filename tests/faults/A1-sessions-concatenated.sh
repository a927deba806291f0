# pair: vllm
# plants: align/vllm_rank0.json: the server was profiled twice (two start_profile/stop_profile windows 30 s apart) and a merge script appended the second session's events to the first trace's traceEvents: one file, twelve iteration markers (the second window starts again at a prefill), its correlation ids running on; the slots describe the six steps of one window, so the second session's six steps have no slot, the 30 s between the windows sits in the cycle of the first window's last step, and the decode gap fraction read 99.97 % of the cycle
# catches: A1 kernel.iterations.compared device=0,rank=0 => FAIL ~ 6 measured iterations .*have no slot
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import copy, json, sys
path = sys.argv[1]
doc = json.load(open(path))
second = copy.deepcopy(doc["traceEvents"])
for e in second:                      # the same process 30 s later
    e["ts"] = round(e["ts"] + 30e6, 3)
    a = e.get("args", {})
    for k in ("correlation", "External id"):
        if k in a:
            a[k] += 100000
doc["traceEvents"] += second
json.dump(doc, open(path, "w"), indent=1)
PY
	[ "$(grep -c '"cat": "user_annotation"' "$ALIGN/vllm_rank0.json")" = 12 ]
}
