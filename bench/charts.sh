#!/bin/sh
# bench/charts.sh - the cost of the chart data (engineer "charts"):
#   1. s2r-trace-stats on a 1,000,000-row trace (bench/gen-trace), which
#      now also writes the latency CDFs (101 exact quantiles, overall and
#      per class) and token histograms, against a python3 csv-module
#      script computing only those CDFs and histograms (sorted lists);
#      the memory target is < 64 bytes per row;
#   2. s2r-log-extract on a vLLM log of LINES stats lines (default
#      200,000, 10 s apart: 23 days, downsampled to <= 240 points),
#      against a python3 re script building the same series (whole list,
#      then bucket maxima) and a single awk pass that only extracts the
#      three columns (no downsampling).
# ROWS, LINES and RUNS (default 3) override; medians of RUNS.
set -eu
. bench/lib.sh
ROWS=${ROWS:-1000000}
LINES=${LINES:-200000}
RUNS=${RUNS:-3}
mkdir -p bench/out
trace=bench/out/trace-$ROWS.csv
[ -s "$trace" ] || bench/gen-trace "$ROWS" 42 >"$trace"
log=bench/out/stats-${LINES}_vllm.log
[ -s "$log" ] || /usr/bin/python3 - "$LINES" "$log" <<'PY'
import datetime, sys
n, path = int(sys.argv[1]), sys.argv[2]
t0 = datetime.datetime(2001, 12, 20, 8, 0, 0)
with open(path, "w") as out:
    for i in range(n):
        t = t0 + datetime.timedelta(seconds=10 * i)
        out.write("(APIServer pid=1) INFO %s [loggers.py:259] Engine 000: Avg prompt "
                  "throughput: %.1f tokens/s, Avg generation throughput: %.1f tokens/s, "
                  "Running: %d reqs, Waiting: %d reqs, GPU KV cache usage: %.1f%%, "
                  "Prefix cache hit rate: %.1f%%\n" % (t.strftime("%m-%d %H:%M:%S"),
                  i % 9000 / 3, i % 700 / 7, i % 97, i % 13, i * 7 % 1000 / 10, i % 50))
PY

cat >bench/out/charts-trace.py <<'PY'
import csv, sys
from collections import defaultdict
def q(xs, p):
    h = (len(xs) - 1) * p
    lo = int(h)
    return xs[lo] if lo + 1 >= len(xs) else xs[lo] + (h - lo) * (xs[lo + 1] - xs[lo])
lat = defaultdict(list)
inp, out = [], []
for r in csv.DictReader(open(sys.argv[1], newline="")):
    inp.append(int(r["input_tokens"]))
    if r["status"] != "ok":
        continue
    s, f, l, o = (int(r[k]) for k in ("send_time_us", "first_chunk_time_us",
                  "last_chunk_time_us", "output_tokens"))
    out.append(o)
    for c in ("", r["slo_class"]):
        if f > 0: lat["ttft", c].append(f - s)
        if l > 0: lat["e2e", c].append(l - s)
        if f > 0 and l > 0 and o > 1: lat["tpot", c].append((l - f) / (o - 1))
res = {}
for k, xs in lat.items():
    xs.sort()
    res[k] = [q(xs, i / 100) / 1000 for i in range(101)]
for name, xs in (("in", inp), ("out", out)):
    xs.sort()
    w = 1
    while (xs[-1] - xs[0] // w * w) // w + 1 > 40:
        w = w * 5 // 2 if str(w)[0] == "2" else w * 2
    bins = defaultdict(int)
    for x in xs:
        bins[x // w] += 1
    res[name] = sorted(bins.items())
print(len(res))
PY

cat >bench/out/charts-log.py <<'PY'
import re, sys
pat = re.compile(r" (\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) \[[^]]*\] Engine 000: .*"
                 r"Running: (\d+) reqs, Waiting: (\d+) reqs, GPU KV cache usage: ([\d.]+)%")
days = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
pts, prev, t = [], None, 0
for line in open(sys.argv[1]):
    m = pat.search(line)
    if not m:
        continue
    mo, d, hh, mi, ss = (int(x) for x in m.groups()[:5])
    s = (days[mo - 1] + d - 1) * 86400 + hh * 3600 + mi * 60 + ss
    if prev is not None:
        dt = s - prev
        if dt < -365 * 43200: dt += 365 * 86400
        t += max(dt, 0)
    prev = s
    pts.append((t, float(m.group(8)), int(m.group(6)), int(m.group(7))))
w = 1
while True:
    b = {}
    for p in pts:
        k = p[0] // w
        b[k] = tuple(max(a, c) for a, c in zip(b[k], p)) if k in b else p
    if len(b) <= 240: break
    w *= 2
print(len(b))
PY

rows=$(($(wc -l <"$trace") - 1))
r1=$(measure s2r-trace-stats "$RUNS" "$S2R_BIN/s2r-trace-stats" "$trace")
r2=$(measure python3-csv 1 /usr/bin/python3 bench/out/charts-trace.py "$trace")
r3=$(measure s2r-log-extract "$RUNS" "$S2R_BIN/s2r-log-extract" --server-logs "$log")
r4=$(measure python3-re 1 /usr/bin/python3 bench/out/charts-log.py "$log")
r5=$(measure awk-extract "$RUNS" awk '/Engine 000: / { print $4, $0 ~ /Running/ }' "$log")

echo "trace: $rows rows, $(wc -c <"$trace") bytes; log: $LINES stats lines, $(wc -c <"$log") bytes"
printf '| tool | median s | peak RSS MB | bytes/row or line | x s2r time |\n|---|---:|---:|---:|---:|\n'
base=""
for r in "$r1" "$r2" SEP "$r3" "$r4" "$r5"; do
	[ "$r" = SEP ] && { base=""; n=$LINES; continue; }
	set -- $r
	[ -n "$base" ] || { base=$2; n=${n:-$rows}; }
	awk -v name="$1" -v t="$2" -v kb="$3" -v n="$n" -v b="$base" 'BEGIN {
		printf "| %s | %.2f | %.1f | %.1f | %.1f |\n", name, t, kb / 1024, kb * 1024 / n, t / b }'
done
