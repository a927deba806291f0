# pair: vllm
# plants: align/vllm_rank0.json: the profiler's writer was cut (the worker killed while it flushed the trace, or the copy out of the pod interrupted): the file ends 60 % of the way in, in the middle of an event, with no closing brackets; its first iterations are whole, the rest is gone
# catches: A2 duty.multiplier - => WARN|FAIL|MISSING ~ truncated|end of input
# touches: A0 A1 A2 A3
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text[:int(len(text) * 0.6)])
PY
	! tail -c 3 "$ALIGN/vllm_rank0.json" | grep -q '}'
}
