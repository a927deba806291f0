# pair: vllm
# plants: align/: the profiler was started twice on the server (two start_profile/stop_profile windows, 30 s apart), vLLM wrote one trace per session, and the collection script copied both into the bundle (vllm_rank0.json and vllm_rank0.session2.json, each of rank 0, no distributedInfo); the second was left out as "a copy where a rank's own trace should be", so nothing said that two capture sessions of one rank were given and only the first was judged
# catches: A2 duty.multiplier - => WARN|FAIL ~ another GPU time window \(30\.000 s later, no overlap\): a second capture session
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" "$ALIGN/vllm_rank0.session2.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for e in doc["traceEvents"]:          # the same process 30 s later
    e["ts"] = round(e["ts"] + 30e6, 3)
    a = e.get("args", {})
    for k in ("correlation", "External id"):
        if k in a:
            a[k] += 100000
json.dump(doc, open(sys.argv[2], "w"), indent=1)
PY
	[ -s "$ALIGN/vllm_rank0.session2.json" ]
}
