#!/bin/sh
# bench/compare.sh - s2r-compare against a python3 equivalent (csv and
# statistics modules: what upstream's analysis scripts do) on ROWS-request
# traces from bench/gen-trace (27 columns, sheds, 502s, timeouts, cut
# streams):
#   ab         two arms of ROWS requests (seeds 42, 43), SLO targets from a
#              file: TTFT/TPOT/E2E mean, p50, p90, p99 (exclusive), error
#              rate with the top 3 messages, attainment and goodput per class
#   calibrate  the seed-42 trace as the real run, the same trace with TTFT
#              x 0.93 and 1 % of the requests dropped as the simulated one:
#              matched by id, mean/p50/p90/p95/p99 side by side, MAPE,
#              Pearson r, bias, grade, coverage, throughput
# Then the two outputs are compared number by number (10 significant
# digits, the records' precision): any difference fails the benchmark.
# ROWS (default 1000000) and RUNS (default 5) override; medians of RUNS.
set -eu
. bench/lib.sh
ROWS=${ROWS:-1000000}
RUNS=${RUNS:-5}
mkdir -p bench/out/cmp/base/w bench/out/cmp/treat/w
a=bench/out/cmp/base/w/trace_data.csv
b=bench/out/cmp/treat/w/trace_data.csv
sim=bench/out/cmp/sim-$ROWS.csv
tg=bench/out/cmp/targets.yaml
[ -s "$a" ] && [ "$(wc -l <"$a")" -eq $((ROWS + 1)) ] || bench/gen-trace "$ROWS" 42 >"$a"
[ -s "$b" ] && [ "$(wc -l <"$b")" -eq $((ROWS + 1)) ] || bench/gen-trace "$ROWS" 43 >"$b"
[ -s "$sim" ] || awk -F, 'BEGIN { OFS = "," }
	NR > 1 && $1 % 100 == 7 { next }
	NR > 1 && $22 > 0 { d = int(($22 - $21) * 0.07); $22 -= d; if ($23 > 0) $23 -= d }
	{ print }' "$a" >"$sim"
printf 'critical: {ttft_ms: 60, e2e_ms: 3000}\nstandard: {ttft_ms: 100}\nbatch: {e2e_ms: 6000}\ndefault: {ttft_ms: 80}\n' >"$tg"

cat >bench/out/cmp/compare.py <<'PY'
"""The python3 equivalent: csv + statistics, as upstream's analysis."""
import csv, json, math, statistics, sys
from collections import Counter

TARGETS = {"critical": {"ttft_ms": 60, "e2e_ms": 3000}, "standard": {"ttft_ms": 100},
           "batch": {"e2e_ms": 6000}, "default": {"ttft_ms": 80}}

def load(path):
    with open(path, newline="") as f:
        r = csv.reader(f)
        h = next(r)
        c = {k: i for i, k in enumerate(h)}
        return c, list(r)

def arm(path):
    c, rows = load(path)
    iid, icl, io, isd, ifi, ila, ist, ims, ifr = (c[k] for k in ("request_id", "slo_class",
        "output_tokens", "send_time_us", "first_chunk_time_us", "last_chunk_time_us",
        "status", "error_message", "finish_reason"))
    ttft, tpot, e2e, errs, good, cnt = [], [], [], Counter(), Counter(), Counter()
    first, last = None, 0
    for r in rows:
        s, f, l, o = int(r[isd]), int(r[ifi]), int(r[ila]), int(r[io])
        first = s if first is None or s < first else first
        last = max(last, l)
        ok = r[ist] == "ok" and (o > 0 or r[ifr] != "")
        cls = r[icl] or "default"
        t = TARGETS.get(cls)
        if t and r[ist] in ("ok", "error", "timeout"):
            cnt[cls] += 1
            if (ok and f > 0 and l > 0 and f - s > 0 and l - s >= f - s and
                    not ("ttft_ms" in t and (f - s) / 1000 > t["ttft_ms"]) and
                    not ("e2e_ms" in t and (l - s) / 1000 > t["e2e_ms"])):
                good[cls] += 1
        if not ok:
            errs[("failed_empty" if r[ist] == "ok" else r[ist], r[ims][:240])] += 1
            continue
        if f > 0:
            ttft.append((f - s) / 1000)
        if l > 0:
            e2e.append((l - s) / 1000)
        if f > 0 and l > 0 and o > 1:
            tpot.append((l - f) / (o - 1) / 1000)
    out = {}
    for m, xs in (("ttft_ms", ttft), ("tpot_ms", tpot), ("e2e_ms", e2e)):
        q = statistics.quantiles(xs, n=100, method="exclusive")
        out[(m, "mean")] = statistics.fmean(xs)
        for p in (50, 90, 99):
            out[(m, "p%d" % p)] = q[p - 1]
    out[("error_rate", "value")] = sum(errs.values()) / len(rows)
    top = sorted(errs.items(), key=lambda kv: (-kv[1], kv[0][0] + "\x1f" + kv[0][1]))[:3]
    for cls in cnt:
        out[("slo_attainment", "value", cls)] = good[cls] / cnt[cls]
        out[("goodput_rps", "value", cls)] = good[cls] / ((last - first) / 1e6)
    return out, [[k[0], k[1], v] for k, v in top]

def ab(a, b):
    va, ta = arm(a)
    vb, tb = arm(b)
    for k in va:
        print(json.dumps({"key": list(k), "a": va[k], "b": vb[k]}))
    print(json.dumps({"key": ["top_errors"], "a": ta, "b": tb}))

def cal(real, sim):
    def rows(path):
        c, rs = load(path)
        return {int(r[c["request_id"]]): (r[c["status"]] == "ok" and (int(r[c["output_tokens"]]) > 0
                or r[c["finish_reason"]] != ""), int(r[c["send_time_us"]]), int(r[c["first_chunk_time_us"]]),
                int(r[c["last_chunk_time_us"]]), int(r[c["output_tokens"]])) for r in rs}
    R, S = rows(real), rows(sim)
    ids = sorted(i for i in R if i in S and R[i][0] and S[i][0])
    print(json.dumps({"key": ["coverage", "value"], "v": sum(i in S for i in R) / len(R)}))
    for m, fn in (("ttft_ms", lambda r: (r[2] - r[1]) / 1000 if r[2] > 0 else None),
                  ("tpot_ms", lambda r: (r[3] - r[2]) / (r[4] - 1) / 1000
                   if r[2] > 0 and r[3] > 0 and r[4] > 1 else None),
                  ("e2e_ms", lambda r: (r[3] - r[1]) / 1000 if r[3] > 0 else None)):
        pr = [(fn(R[i]), fn(S[i])) for i in ids]
        pr = [p for p in pr if None not in p]
        x, y = [p[0] for p in pr], [p[1] for p in pr]
        for side, v in (("a", x), ("b", y)):
            q = statistics.quantiles(v, n=100, method="exclusive")
            print(json.dumps({"key": [m, "mean", side], "v": statistics.fmean(v)}))
            for p in (50, 90, 95, 99):
                print(json.dumps({"key": [m, "p%d" % p, side], "v": q[p - 1]}))
        nz = [(a, b) for a, b in pr if a != 0]
        mape = math.fsum(abs(a - b) / a for a, b in nz) / len(nz)
        r = statistics.correlation(x, y)
        print(json.dumps({"key": [m, "mape"], "v": mape}))
        print(json.dumps({"key": [m, "pearson_r"], "v": r}))

{"ab": lambda: ab(*sys.argv[2:]), "cal": lambda: cal(*sys.argv[2:])}[sys.argv[1]]()
PY

# agree PYOUT S2ROUT MODE: every python number equals the record's (10
# significant digits); prints how many.
agree() {
	/usr/bin/python3 - "$@" <<'PY'
import json, sys
py = [json.loads(l) for l in open(sys.argv[1])]
recs = [json.loads(l) for l in open(sys.argv[2])]
def same(x, y):
    return float("%.10g" % x) == float(y)
n = bad = 0
for p in py:
    k = p["key"]
    if sys.argv[3] == "ab" and k == ["top_errors"]:
        r = next(r for r in recs if r["metric"] == "error_rate")
        for side in "ab":
            got = [[e["status"], e["message"], e["count"]] for e in r[side]["top_errors"]]
            n += 1
            bad += got != p[side]
        continue
    if sys.argv[3] == "ab":
        r = next(r for r in recs if r["metric"] == k[0] and r["stat"] == k[1] and
                 r["scope"].get("class") == (k[2] if len(k) > 2 else None))
        for side in "ab":
            n += 1
            bad += not same(p[side], r[side]["value"])
    else:
        r = next(r for r in recs if r["metric"] == k[0] and r["stat"] == k[1])
        got = r[k[2]]["value"] if len(k) > 2 else r["value"]
        n += 1
        bad += not same(p["v"], got)
print(n, bad)
sys.exit(1 if bad or n == 0 else 0)
PY
}

results=bench/out/cmp/results
: >"$results"
"$S2R_BIN/s2r-compare" ab --targets "$tg" --root bench/out/cmp "$a" "$b" >bench/out/cmp/ab.ndjson
/usr/bin/python3 bench/out/cmp/compare.py ab "$a" "$b" >bench/out/cmp/ab.py.out
set -- $(agree bench/out/cmp/ab.py.out bench/out/cmp/ab.ndjson ab)
echo "ab: python and s2r-compare agree on $1 numbers ($2 differ)"
"$S2R_BIN/s2r-compare" calibrate --real "$a" --sim "$sim" >bench/out/cmp/cal.ndjson
/usr/bin/python3 bench/out/cmp/compare.py cal "$a" "$sim" >bench/out/cmp/cal.py.out
set -- $(agree bench/out/cmp/cal.py.out bench/out/cmp/cal.ndjson cal)
echo "calibrate: python and s2r-compare agree on $1 numbers ($2 differ)"

measure "s2r-compare ab" "$RUNS" "$S2R_BIN/s2r-compare" ab --targets "$tg" \
    --root bench/out/cmp "$a" "$b" >>"$results"
measure "python3 ab (csv, statistics)" "$RUNS" /usr/bin/python3 bench/out/cmp/compare.py \
    ab "$a" "$b" >>"$results"
measure "s2r-compare calibrate" "$RUNS" "$S2R_BIN/s2r-compare" calibrate --real "$a" \
    --sim "$sim" >>"$results"
measure "python3 calibrate (csv, statistics)" "$RUNS" /usr/bin/python3 \
    bench/out/cmp/compare.py cal "$a" "$sim" >>"$results"
echo "rows per trace: $ROWS; median of $RUNS"
echo "| tool | median s | peak RSS MB | ratio |"
echo "|---|---:|---:|---:|"
awk '{ rss = $NF; t = $(NF-1); $NF = ""; $(NF-1) = ""; sub(/ +$/, "");
	if (NR % 2 == 1) base = t
	printf "| %s | %.2f | %.1f | %s |\n", $0, t, rss / 1024,
	    NR % 2 == 1 ? "1.0" : sprintf("%.1f x slower", t / base) }' "$results"
