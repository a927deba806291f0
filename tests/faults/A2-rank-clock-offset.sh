# pair: vllm
# plants: align/: the capture ran tensor-parallel over 2 GPUs on two hosts, and rank 1's host clock runs 0.3 ms ahead of rank 0's (NTP keeps hosts about a millisecond apart): every event of rank 1's trace is stamped 300 us late, so each all-reduce seems to end on rank 0 before rank 1 began it, and the barrier model's critical path and collective time mix two clocks (the multiplier reads 1.02 instead of 1.12 and passes)
# catches: A2 duty.multiplier - => WARN|FAIL ~ 48 of 48 collectives matched across ranks.*clocks disagree
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" \
	    --tp 2 --slots "$ALIGN/slots.ndjson"
	/usr/bin/python3 - "$ALIGN/vllm_rank1.json" <<'PY'
import re, sys
path = sys.argv[1]
s = open(path).read()
s = re.sub(r'"ts": ([0-9.]+)', lambda m: '"ts": %.3f' % (float(m.group(1)) + 300), s)
open(path, "w").write(s)
PY
	grep -q '"world_size": 2' "$ALIGN/vllm_rank1.json"
}
