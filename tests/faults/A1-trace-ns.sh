# pair: vllm
# plants: align/vllm_rank0.json: the trace went through a converter that writes "ts" and "dur" in integer nanoseconds from baseTimeNanoseconds (displayTimeUnit "ns") where Kineto's Chrome-trace format has microseconds: read as microseconds, every kernel is 1000 times as long, while every ratio between them (and so the duty-cycle multiplier) is unchanged
# catches: A1 kernel.error.abs device=0,rank=0 => FAIL ~ shared factor 1000 is larger than a clock or thermal shift
# touches: A1 A2
plant() {
	/usr/bin/python3 - "$ALIGN/vllm_rank0.json" <<'PY'
import re, sys
path = sys.argv[1]
s = open(path).read()
base = 1712195495505000          # us, before the first event
def ns(m):
    v = int(m.group(2)) * 1000 + int(m.group(3))
    return '"%s": %d' % (m.group(1), v - base * 1000 if m.group(1) == "ts" else v)
s = re.sub(r'"(ts|dur)": ([0-9]+)\.([0-9]{3})', ns, s)
s = s.replace('"schemaVersion": 1,', '"schemaVersion": 1,\n  "displayTimeUnit": "ns",\n'
              '  "baseTimeNanoseconds": %d,' % (base * 1000), 1)
open(path, "w").write(s)
PY
	grep -q '"displayTimeUnit": "ns"' "$ALIGN/vllm_rank0.json"
}
