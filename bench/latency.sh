#!/bin/sh
# bench/latency.sh - s2r-latency against the usual alternatives on two
# ROWS-request runs of one spec (bench/gen-trace, 27-column layout; the sim
# side is the same trace with TTFT scaled by 0.93, as a trace CSV and as a
# BLIS metrics JSON):
#   python   a csv-module script doing what s2r-latency does by hand, as the
#            analysis scripts do: match by request_id, eligible population,
#            sorted latencies, type-7 quantiles, exact KS by merging
#   mlr      Miller: p10..p99 of the three latencies per side (no matching,
#            no KS): the quantile part alone
# ROWS (default 200000) and RUNS (default 3) override; medians of RUNS.
set -eu
. bench/lib.sh
ROWS=${ROWS:-200000}
RUNS=${RUNS:-3}
mkdir -p bench/out
real=bench/out/lat-real-$ROWS.csv
sim=bench/out/lat-sim-$ROWS.csv
json=bench/out/lat-sim-$ROWS.json
[ -s "$real" ] || bench/gen-trace "$ROWS" 42 >"$real"
[ -s "$sim" ] || awk -F, 'BEGIN { OFS = "," }
	NR > 1 && $22 > 0 { d = int(($22 - $21) * 0.07); $22 -= d; if ($23 > 0) $23 -= d }
	{ print }' "$real" >"$sim"
[ -s "$json" ] || /usr/bin/python3 - "$sim" "$json" <<'PY'
import csv, json, sys
reqs = []
for r in csv.DictReader(open(sys.argv[1], newline="")):
    ok = r["status"] == "ok" and int(r["output_tokens"]) > 0
    s, f, l, o = (int(r[k]) for k in ("send_time_us", "first_chunk_time_us",
                  "last_chunk_time_us", "output_tokens"))
    reqs.append({"arrived_at": int(r["arrival_time_us"]) / 1e6,
                 "requestID": "request_" + r["request_id"],
                 "num_prefill_tokens": int(r["input_tokens"]) + int(r["prefix_length"]),
                 "num_decode_tokens": o,
                 "ttft_ms": (f - s) / 1000 if ok else 0,
                 "itl_ms": (l - f) / (o - 1) / 1000 if ok and o > 1 else 0,
                 "e2e_ms": (l - s) / 1000 if ok else 0,
                 "scheduling_delay_ms": 0, "slo_class": r["slo_class"],
                 "handled_by": "instance_0", "round_index": 0})
json.dump({"instance_id": "cluster", "requests": reqs}, open(sys.argv[2], "w"), indent=2)
PY

cat >bench/out/latency.py <<'PY'
import csv, sys
def q(xs, p):
    h = (len(xs) - 1) * p
    lo = int(h)
    return xs[lo] if lo + 1 >= len(xs) else xs[lo] + (h - lo) * (xs[lo + 1] - xs[lo])
def load(path):
    out = {}
    for r in csv.DictReader(open(path, newline="")):
        o = int(r["output_tokens"])
        out[int(r["request_id"])] = (r["status"] == "ok" and (o > 0 or r["finish_reason"] != ""),
            int(r["send_time_us"]), int(r["first_chunk_time_us"]), int(r["last_chunk_time_us"]), o)
    return out
def ks(a, b):
    i = j = 0; d = 0
    while i < len(a) and j < len(b):
        x = min(a[i], b[j])
        while i < len(a) and a[i] == x: i += 1
        while j < len(b) and b[j] == x: j += 1
        d = max(d, abs(i / len(a) - j / len(b)))
    return d
real, sim = load(sys.argv[1]), load(sys.argv[2])
elig = [i for i in real if i in sim and real[i][0] and sim[i][0]]
for name, f in (("ttft", lambda r: (r[2] - r[1]) / 1000),
                ("e2e", lambda r: (r[3] - r[1]) / 1000),
                ("tpot", lambda r: (r[3] - r[2]) / (r[4] - 1) / 1000)):
    a = sorted(f(real[i]) for i in elig if name != "tpot" or real[i][4] > 1)
    b = sorted(f(sim[i]) for i in elig if name != "tpot" or sim[i][4] > 1)
    print(name, [q(a, p) for p in (.1, .25, .5, .75, .9, .95, .99)],
          [q(b, p) for p in (.1, .25, .5, .75, .9, .95, .99)], ks(a, b))
PY

results=bench/out/latency.results
: >"$results"
measure "s2r-latency (CSV sim)" "$RUNS" "$S2R_BIN/s2r-latency" --real "$real" --sim "$sim" >>"$results"
measure "s2r-latency (JSON sim)" "$RUNS" "$S2R_BIN/s2r-latency" --real "$real" --sim "$json" >>"$results"
measure "python3 csv, by hand" "$RUNS" /usr/bin/python3 bench/out/latency.py "$real" "$sim" >>"$results"
if command -v mlr >/dev/null 2>&1; then
	measure "Miller (quantiles only)" "$RUNS" sh -c "for f in '$real' '$sim'; do mlr --icsv --ojson filter '\$status == \"ok\"' then put '\$ttft = (\$first_chunk_time_us - \$send_time_us) / 1000; \$e2e = (\$last_chunk_time_us - \$send_time_us) / 1000' then stats1 -i -a p10,p25,p50,p75,p90,p95,p99 -f ttft,e2e \"\$f\"; done" >>"$results"
fi
base=$(awk 'NR == 1 { print $0 }' "$results" | awk '{ print $(NF-1) }')
echo "rows per side: $ROWS; median of $RUNS"
echo "| tool | median s | peak RSS MB | x s2r time |"
echo "|---|---:|---:|---:|"
awk -v base="$base" '{ rss = $NF; t = $(NF-1); $NF = ""; $(NF-1) = "";
	sub(/ +$/, ""); printf "| %s | %.2f | %.1f | %.1f |\n", $0, t, rss / 1024, t / base }' "$results"
