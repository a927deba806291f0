# pair: hta
# plants: align/trace_data.itl.csv: blis observe was stopped before its ITL writer flushed: the per-chunk file lacks the chunk rows of the three requests that finished last (9, 11 and 13, among the longest answers), while the trace has them; the chunks that are there agree with the trace, so the real ITL distribution silently covers another population than the sim's
# catches: A3 align.itl_ms - => WARN ~ have no chunk rows
# touches: A3
plant() {
	/usr/bin/python3 - "$ALIGN/trace_data.itl.csv" <<'PY'
import sys
path = sys.argv[1]
lines = open(path).read().split("\n")
keep = [l for l in lines if l.split(",")[0] not in ("9", "11", "13")]
open(path, "w").write("\n".join(keep))
PY
}
