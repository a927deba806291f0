#!/bin/sh
# bench/verdict.sh - s2r-verdict and s2r-report on a large bundle of
# records, side by side with the ways people judge records today:
#   python   a json-module script joining expect to measure by
#            (workload, metric, sub-scope) and judging the numeric bands
#            (% and pp) - what the analysis scripts do by hand
#   jq       `jq -s` grouping the same join in one program
# Both alternatives judge only the plain bands (no ceiling WARN, sampling
# noise, per-process CV, MISSING/INAPPLICABLE, sources in the why), so
# they do less work than s2r-verdict.
# CELLS (default 1000 workloads x 3 fixtures, ~110k records) and RUNS
# (default 3) override; medians of RUNS.  VERDICTS="52000 500000" also
# times s2r-report and the jq count on the first N verdicts of the run
# (each with its end record), one table row per size.
set -eu
. bench/lib.sh
CELLS=${CELLS:-1000}
RUNS=${RUNS:-3}
mkdir -p bench/out
in=bench/out/verdict-in.ndjson
/usr/bin/python3 - "$CELLS" "$in" <<'PY'
import sys
n, out = int(sys.argv[1]), sys.argv[2]
fx = [open(f"tests/fixtures/judge/{f}.ndjson").read() for f in ("pass", "warn", "fail")]
with open(out, "w") as f:
    for i in range(n):
        for name, text in zip(("wpass", "wwarn", "wfail"), fx):
            f.write(text.replace(f'"{name}"', f'"{name}{i}"').replace(f"/{name}", f"/{name}{i}"))
PY
cat >bench/out/verdict.py <<'PY'
import json, sys
exp, mea = {}, []
for line in open(sys.argv[1]):
    r = json.loads(line)
    sc = r.get("scope", {})
    sub = tuple(sorted((k, v) for k, v in sc.items() if k not in ("phase", "workload", "iteration")))
    if r["kind"] == "expect":
        exp[(sc.get("workload"), r["metric"], sub)] = r
    elif r["kind"] == "measure":
        mea.append((sc, sub, r))
out = []
for sc, sub, m in mea:
    metric = m["metric"]
    e = exp.get((sc.get("workload"), "qps.intended" if metric == "qps.actual" else metric, sub))
    if e is None or not isinstance(e.get("value"), (int, float)) or not isinstance(m.get("value"), (int, float)):
        continue
    ev, av = e["value"], m["value"]
    if m.get("unit") == "fraction":
        d, tol = (av - ev) * 100, 2
    elif ev:
        d, tol = (av - ev) / ev * 100, 10 if metric.endswith(".stdev") else 5
    else:
        continue
    out.append({"kind": "verdict", "check": m["check"], "scope": sc, "metric": metric,
                "diff": d, "verdict": "PASS" if abs(d) <= tol else "FAIL"})
out.sort(key=lambda v: (v["check"], json.dumps(v["scope"], sort_keys=True), v["metric"]))
for v in out:
    print(json.dumps(v))
PY
cat >bench/out/verdict.jq <<'JQ'
def sub: .scope | with_entries(select(.key != "phase" and .key != "workload" and .key != "iteration"));
(map(select(.kind == "expect")) | map({key: ([.scope.workload, .metric, (sub | tojson)] | tojson), value: .}) | from_entries) as $e
| map(select(.kind == "measure"))[]
| . as $m
| $e[[$m.scope.workload, (if $m.metric == "qps.actual" then "qps.intended" else $m.metric end), ($m | sub | tojson)] | tojson] as $x
| select($x != null and ($x.value | type) == "number" and ($m.value | type) == "number" and ($x.value != 0 or $m.unit == "fraction"))
| (if $m.unit == "fraction" then [($m.value - $x.value) * 100, 2]
   else [($m.value - $x.value) / $x.value * 100, (if ($m.metric | endswith(".stdev")) then 10 else 5 end)] end) as [$d, $t]
| {kind: "verdict", check: $m.check, scope: $m.scope, metric: $m.metric, diff: $d,
   verdict: (if ($d | fabs) <= $t then "PASS" else "FAIL" end)}
JQ
"$S2R_BIN/s2r-verdict" -n "$in" >bench/out/verdicts.ndjson
recs=$(wc -l <"$in")
echo "input: $recs records, $((CELLS * 3)) cells; $(wc -l <bench/out/verdicts.ndjson) verdicts"
{
	measure s2r-verdict "$RUNS" "$S2R_BIN/s2r-verdict" -n "$in"
	measure python-json "$RUNS" /usr/bin/python3 bench/out/verdict.py "$in"
	measure jq-slurp "$RUNS" jq -c -s -f bench/out/verdict.jq "$in"
	# s2r-report exits 1 when the verdicts hold a FAIL, as these do.
	if [ -z "${VERDICTS:-}" ]; then
		measure s2r-report "$RUNS" sh -c '"$1" --date 2026-01-01 "$2"; [ $? -le 1 ]' \
		    sh "$S2R_BIN/s2r-report" bench/out/verdicts.ndjson
		measure jq-summary "$RUNS" jq -s 'map(select(.kind == "verdict")) | group_by(.verdict) | map({(.[0].verdict): length}) | add' bench/out/verdicts.ndjson
	fi
} >bench/out/verdict.txt || true
for n in ${VERDICTS:-}; do
	v=bench/out/verdicts-$n.ndjson
	grep -v '"kind":"end"' bench/out/verdicts.ndjson | head -n "$n" >"$v"
	have=$(wc -l <"$v")
	echo "{\"kind\":\"end\",\"tool\":\"s2r-verdict\",\"verdicts\":$have}" >>"$v"
	{
		measure "s2r-report-$have" "$RUNS" sh -c '"$1" --date 2026-01-01 "$2"; [ $? -le 1 ]' \
		    sh "$S2R_BIN/s2r-report" "$v"
		measure "jq-summary-$have" "$RUNS" jq -s 'map(select(.kind == "verdict")) | group_by(.verdict) | map({(.[0].verdict): length}) | add' "$v"
	} >>bench/out/verdict-report.txt || true
done
awk 'NR == 1 { base = $2 } NR == 4 { rbase = $2 }
    { b = NR < 4 ? base : rbase
      printf "%-12s %8.2f s  %8d KB  x%.2f\n", $1, $2, $3, (b > 0 ? $2 / b : 0) }' \
    bench/out/verdict.txt | sed '1i tool         median      peak RSS  ratio (to s2r-verdict / s2r-report)'
[ -f bench/out/verdict-report.txt ] && awk 'NR % 2 == 1 { base = $2 }
    { printf "%-20s %8.2f s  %8d KB  x%.2f\n", $1, $2, $3, (base > 0 ? $2 / base : 0) }' \
    bench/out/verdict-report.txt
rm -f bench/out/verdict-report.txt
