#!/bin/sh
# bench/trace-stats.sh - s2r-trace-stats against the usual alternatives on
# a 1,000,000-row trace in the real 27-column layout (bench/gen-trace):
#   mlr      Miller: stats1 (mean, stddev, min, max, p50/p90/p99
#            interpolated) of input/output tokens, then count-distinct of
#            slo_class, streaming and status
#   python   a csv-module script computing them by hand, as the analysis
#            scripts do (lists, sorted(), statistics, Counter, per-client
#            inter-arrival CV)
#   awk      one pass of sums (count, sums, squares, min/max, class and
#            streaming counts: no quantiles, no per-client CV)
# ROWS (default 1000000) and RUNS (default 5) override; medians of RUNS.
set -eu
. bench/lib.sh
ROWS=${ROWS:-1000000}
RUNS=${RUNS:-5}
MLR_RUNS=${MLR_RUNS:-$RUNS}
mkdir -p bench/out
trace=bench/out/trace-$ROWS.csv
[ -s "$trace" ] || bench/gen-trace "$ROWS" 42 >"$trace"
bytes=$(wc -c <"$trace")

cat >bench/out/trace-stats.py <<'PY'
import csv, statistics, sys
from collections import Counter, defaultdict
def q(xs, p):
    h = (len(xs) - 1) * p
    lo = int(h)
    return xs[lo] if lo + 1 >= len(xs) else xs[lo] + (h - lo) * (xs[lo + 1] - xs[lo])
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
inp = sorted(int(r["input_tokens"]) for r in rows)
out = sorted(int(r["output_tokens"]) for r in rows if r["status"] == "ok")
arr = defaultdict(list)
for r in rows:
    arr[r["client_id"]].append(int(r["arrival_time_us"]))
res = {"count": len(rows),
       "classes": Counter(r["slo_class"] for r in rows),
       "streaming": Counter(r["streaming"] for r in rows),
       "status": Counter(r["status"] for r in rows)}
for name, xs in (("input", inp), ("output", out)):
    res[name] = (statistics.fmean(xs), statistics.pstdev(xs), xs[0], xs[-1],
                 q(xs, .5), q(xs, .9), q(xs, .99))
for c, xs in arr.items():
    xs.sort()
    g = [b - a for a, b in zip(xs, xs[1:])]
    res["cv " + c] = statistics.pstdev(g) / statistics.fmean(g)
print(res)
PY

cat >bench/out/trace-stats.awk <<'AWK'
BEGIN { FS = "," }
NR == 1 { next }
{
	n++; si += $10; si2 += $10 * $10
	if (n == 1 || $10 < mi) mi = $10
	if ($10 > ma) ma = $10
	if ($25 == "ok") { no++; so += $11; so2 += $11 * $11 }
	cls[$4]++; st[$9]++
}
END {
	m = si / n; printf "%d %.10g %.10g %d %d %.10g\n", n, m, sqrt(si2 / n - m * m), mi, ma, so / no
	for (c in cls) print "class", c, cls[c]
	for (s in st) print "streaming", s, st[s]
}
AWK


res=bench/out/trace-stats.res
: >"$res"
measure s2r-trace-stats "$RUNS" "$S2R_BIN/s2r-trace-stats" "$trace" >>"$res"
measure awk "$RUNS" awk -f bench/out/trace-stats.awk "$trace" >>"$res"
measure python3 "$RUNS" /usr/bin/python3 bench/out/trace-stats.py "$trace" >>"$res"
measure mlr "$MLR_RUNS" sh -c "mlr --icsv --ojson stats1 -i -a count,mean,stddev,min,max,p50,p90,p99 -f input_tokens,output_tokens '$trace' &&
	mlr --icsv --ojson count-distinct -f slo_class,streaming,status '$trace'" >>"$res"

echo "trace: $trace, $ROWS rows, $bytes bytes; median of $RUNS runs (mlr $MLR_RUNS)"
awk -v rows="$ROWS" -v bytes="$bytes" '
	NR == 1 { base = $2 }
	{ name[NR] = $1; t[NR] = $2; rss[NR] = $3 }
	END {
		printf "%-16s %9s %12s %8s %10s %9s %8s\n", "tool", "median_s",
		    "rows/s", "MB/s", "peak_MB", "B/row", "x_s2r"
		for (i = 1; i <= NR; i++)
			printf "%-16s %9.2f %12.0f %8.1f %10.1f %9.1f %8.1f\n",
			    name[i], t[i], rows / t[i], bytes / 1e6 / t[i],
			    rss[i] / 1024, rss[i] * 1024 / rows, t[i] / base
	}' "$res"
