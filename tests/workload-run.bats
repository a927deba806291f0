#!/usr/bin/env bats
# The run as a whole, each client, each window: s2r-expect's counts, ends,
# rates under both readings of rate_fraction and per-window mixtures, and
# s2r-trace-stats' per-client statistics, each against an independent
# Python computation; then the 1a-1f verdicts over them.
bats_require_minimum_version 1.5.0
load helpers

W="$FIXTURES/workload"

setup_file() {
	cat >"$BATS_FILE_TMPDIR/wlref.py" <<'PY'
"""Independent reference: phases from the window edges, rates per phase
under both readings, generation until num_requests or the horizon, the
exact law of BLIS's length samplers, per-group mixtures."""
import json, math, sys
import yaml

def Phi(z):
    return 0.5 * math.erfc(-z / math.sqrt(2))

def law(d):
    t, p = d["type"], d.get("params", {})
    if t == "constant":
        return {max(1, int(p["value"])): 1.0}
    if t == "gaussian":
        mu, s, lo, hi = p["mean"], p["std_dev"], int(p["min"]), int(p["max"])
        F = lambda x: Phi((x - mu) / s)
    else:  # exponential
        m = p["mean"]
        lo, hi = int(p.get("min", 0)), int(p.get("max", 0))
        F = lambda x: 0.0 if x <= 0 else 1 - math.exp(-x / m)
    lo = max(lo, 1)
    P = {lo: F(lo + 0.5)}
    for k in range(lo + 1, hi):
        P[k] = F(k + 0.5) - F(k - 0.5)
    P[hi] = 1 - F(hi - 0.5)
    return P

def moments(d):
    P = law(d)
    m = sum(k * v for k, v in P.items())
    return m, sum(k * k * v for k, v in P.items()) - m * m

spec = yaml.safe_load(open(sys.argv[1]))
R, H, N = spec["aggregate_rate"], spec.get("horizon", 0), spec.get("num_requests", 0)
cl = spec["clients"]
wins = lambda c: c.get("lifecycle", {}).get("windows", [])
edges = sorted({0, H} | {w[k] for c in cl for w in wins(c) for k in ("start_us", "end_us")})
edges = [e for e in edges if e <= H]
phases = list(zip(edges, edges[1:]))
on = lambda c, a, b: not wins(c) or any(w["start_us"] <= a and w["end_us"] >= b for w in wins(c))
total = sum(c["rate_fraction"] for c in cl)
out = {}
for name in ("window", "all"):
    rate = lambda c, a, b: (R * c["rate_fraction"] / (sum(d["rate_fraction"] for d in cl if on(d, a, b)) if name == "window" else total)) if on(c, a, b) else 0
    cum, end = 0.0, 0
    for a, b in phases:
        lam = sum(rate(c, a, b) for c in cl)
        if N and cum + lam * (b - a) / 1e6 >= N:
            end = a + (N - cum) / lam * 1e6
            cum = N
            break
        cum += lam * (b - a) / 1e6
        end = b
    res = {"count": cum, "end": end, "rate": {}}
    for c in cl:
        s = min(w["start_us"] for w in wins(c)) if wins(c) else 0
        e = min(max(w["end_us"] for w in wins(c)) if wins(c) else end, end)
        n = sum(rate(c, a, b) * (min(b, e) - a) / 1e6 for a, b in phases if min(b, e) > a)
        res["rate"][c["id"]] = n / ((e - s) / 1e6)
    out[name] = res
groups = {}
for c in cl:
    key = json.dumps(wins(c))
    groups.setdefault(key, []).append(c)
mix = {}
for g in groups.values():
    tot = sum(c["rate_fraction"] for c in g)
    for side in ("input", "output"):
        m = m2 = 0.0
        for c in g:
            mu, var = moments(c[side + "_distribution"])
            w = c["rate_fraction"] / tot
            m += w * mu
            m2 += w * (var + mu * mu)
        mix["%s %s" % (g[0]["id"], side)] = [m, math.sqrt(m2 - m * m)]
out["mix"] = mix
print(json.dumps(out))
PY
}

setup() {
	OUT="$BATS_TEST_TMPDIR/out.ndjson"
}

# ref SPEC JQ: a number from the reference's JSON.
ref() {
	/usr/bin/python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml not installed"
	/usr/bin/python3 "$BATS_FILE_TMPDIR/wlref.py" "$1" | jq -r "$2"
}

near() {	# near GOT WANT EPS
	awk -v g="$1" -v w="$2" -v e="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= e) }' ||
		{ echo "got $1, want $2 (eps $3)"; return 1; }
}

holds() {	# holds FILTER: some record of $OUT satisfies FILTER
	jq -e -s "any(.[]; $1)" "$OUT" >/dev/null || { echo "no record with $1"; return 1; }
}

val() {		# val METRIC [JQ-FILTER] [PATH]: the one matching record's value
	jq -r --arg m "$1" "select(.metric == \$m) ${2:+| select($2)} | ${3:-.value}" "$OUT"
}

@test "expect: counts and ends under both readings match the reference" {
	"$S2R_BIN/s2r-expect" "$W/phases.yaml" >"$OUT"
	validate_records "$OUT"
	for rd in window all; do
		near "$(val requests.count '' ".readings.$rd.value")" "$(ref "$W/phases.yaml" ".$rd.count")" 1e-5
		near "$(val run.duration_us '' ".readings.$rd.value")" "$(ref "$W/phases.yaml" ".$rd.end")" 1
	done
	# per window num_requests ends it (sd 0), over all clients the horizon
	[ "$(val requests.count '' .readings.window.sd)" = 0 ]
	[ "$(val requests.count '' .source.field)" = num_requests ]
	[ "$(val run.duration_us '' .readings.all.value)" = 120000000 ]
}

@test "expect: each client's rate under both readings matches the reference" {
	"$S2R_BIN/s2r-expect" "$W/phases.yaml" >"$OUT"
	for c in base early late spiky; do
		for rd in window all; do
			near "$(val client.rate ".scope.client==\"$c\"" ".readings.$rd.value")" \
			    "$(ref "$W/phases.yaml" ".$rd.rate.$c")" 1e-6
		done
	done
	# the window a client has, and generation's end for an always-on one
	[ "$(val client.start_us '.scope.client=="late"')" = 60000000 ]
	[ "$(val client.end_us '.scope.client=="early"')" = 60000000 ]
	[ "$(val client.end_us '.scope.client=="base"' .readings.all.value)" = 120000000 ]
	[ "$(val workload.seed)" = 7 ]
}

@test "expect: per-window mixtures are the exact moments of the window's clients" {
	"$S2R_BIN/s2r-expect" "$W/phases.yaml" >"$OUT"
	[ "$(jq -r 'select(.metric=="window.clients") | .scope.window' "$OUT" | tr '\n' ' ')" = "always 0-60s 60-120s " ]
	[ "$(val window.clients '.scope.window=="0-60s"' '.clients | join(",")')" = early,spiky ]
	for g in "always base" "0-60s early" "60-120s late"; do
		set -- $g
		for side in input output; do
			near "$(val window.${side}_tokens.mean ".scope.window==\"$1\"")" \
			    "$(ref "$W/phases.yaml" ".mix[\"$2 $side\"][0]")" 1e-5
			near "$(val window.${side}_tokens.stdev ".scope.window==\"$1\"")" \
			    "$(ref "$W/phases.yaml" ".mix[\"$2 $side\"][1]")" 1e-5
		done
	done
	# shares within a window: early 0.3 and spiky 0.2 of 0.5
	[ "$(val window.class.fraction '.scope.window=="0-60s" and .scope.class=="critical"')" = 0.6 ]
	[ "$(val window.prefix.fraction '.scope.window=="0-60s"')" = 0.6 ]
	[ "$(val window.streaming.fraction '.scope.window=="60-120s"')" = 0 ]
	# the aggregates stay not comparable, saying where the mix is judged
	[ "$(val input_tokens.mean)" = null ]
	holds '.metric=="input_tokens.mean" and (.why | test("judged per window"))'
}

@test "trace-stats: per-client statistics match the python csv module" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/t/trace_data.csv" >"$OUT"
	validate_records "$OUT"
	/usr/bin/python3 - "$BATS_TEST_TMPDIR/t/trace_data.csv" "$OUT" <<'PY'
import csv, json, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
recs = [json.loads(l) for l in open(sys.argv[2])]
def got(metric, client, cls=None):
    [r] = [r for r in recs if r["metric"] == metric and r["scope"].get("client") == client
           and r["scope"].get("class") == cls]
    return r["value"]
def close(a, b):
    assert abs(a - b) <= 1e-9 * max(1, abs(b)), (a, b)
arr = [int(r["arrival_time_us"]) for r in rows]
close(got("run.duration_us", None), max(arr))
close(got("run.start_us", None), min(arr))
for c in sorted({r["client_id"] for r in rows}):
    mine = [r for r in rows if r["client_id"] == c]
    a = sorted(int(r["arrival_time_us"]) for r in mine)
    close(got("client.requests", c), len(mine))
    close(got("client.start_us", c), a[0])
    close(got("client.end_us", c), a[-1])
    close(got("client.rate", c), (len(a) - 1) / (a[-1] - a[0]) * 1e6)
    for col, keep in (("input_tokens", mine), ("output_tokens", [r for r in mine if r["status"] == "ok"])):
        x = [int(r[col]) for r in keep]
        m = sum(x) / len(x)
        close(got("client.%s.mean" % col, c), m)
        close(got("client.%s.stdev" % col, c), math.sqrt(sum((v - m) ** 2 for v in x) / len(x)))
    close(got("client.prefix.fraction", c), sum(int(r["prefix_length"]) > 0 for r in mine) / len(mine))
    close(got("client.streaming.fraction", c), sum(r["streaming"] == "true" for r in mine) / len(mine))
    for k in {r["slo_class"] for r in mine}:
        close(got("client.class.count", c, k), sum(r["slo_class"] == k for r in mine))
PY
}

# The spec's own trace (s2r-synth normalises per window) and the verdicts.
run_verdicts() {
	"$S2R_BIN/s2r-expect" --as w "$W/phases.yaml" >"$BATS_TEST_TMPDIR/e.ndjson"
	"$S2R_BIN/s2r-trace-stats" --phase p --workload w "$1" >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 1 --no-fail-status "$BATS_TEST_TMPDIR/e.ndjson" \
	    "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	validate_records "$OUT"
}

@test "verdicts: the spec's own trace passes 1a under the per-window reading" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	run_verdicts "$BATS_TEST_TMPDIR/t/trace_data.csv"
	[ "$(jq -r 'select(.check=="1a" and .metric != "qps.intended" and .metric != "qps.actual") | .verdict' "$OUT" | sort -u)" = PASS ]
	holds '.metric=="requests.count" and (.why | test("per-window reading of rate_fraction, which the clients. measured rates follow"))'
	[ "$(jq -r 'select(.metric|startswith("window.")) | .verdict' "$OUT" | sort -u)" = PASS ]
	[ "$(jq -r 'select(.metric|startswith("window.")) | .scope.window' "$OUT" | sort -u | tr '\n' ' ')" = "0-60s 60-120s always " ]
	# the pooled side says which clients' rows it pooled
	holds '.metric=="window.input_tokens.mean" and .scope.window=="0-60s" and (.actual.source.how | test("early .*spiky"))'
}

@test "verdicts: a run normalised over all clients is a WARN naming that reading" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	# thin each client to its all-clients rate: phase 1 runs at 1.0/2.2,
	# phase 2 at 1.7/2.2 of the per-window rates
	/usr/bin/python3 - "$BATS_TEST_TMPDIR/t/trace_data.csv" <<'PY'
import csv, random, sys
rng = random.Random(3)
path = sys.argv[1]
r = csv.DictReader(open(path, newline=""))
cols, rows = r.fieldnames, list(r)
keep = lambda row: (1.0 if int(row["arrival_time_us"]) < 60000000 else 1.7) / 2.2
rows = [x for x in rows if rng.random() < keep(x)]
w = csv.DictWriter(open(path, "w", newline=""), fieldnames=cols, lineterminator="\n")
w.writeheader(); w.writerows(rows)
PY
	run_verdicts "$BATS_TEST_TMPDIR/t/trace_data.csv"
	[ "$(jq -r 'select(.metric=="client.rate" and .scope.client=="early") | .verdict' "$OUT")" = WARN ]
	holds '.metric=="client.rate" and .scope.client=="early" and (.why | test("follows the all-clients reading"))'
	holds '.metric=="client.rate" and .scope.client=="early" and (.action | test("normalised rate_fraction over every client"))'
	# the count is judged under the reading the clients follow
	holds '.metric=="requests.count" and (.why | test("all-clients reading of rate_fraction"))'
}

@test "verdicts: a run stopped early fails the count, the duration and the ends" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	awk -F, 'NR == 1 || $20 < 40000000' "$BATS_TEST_TMPDIR/t/trace_data.csv" >"$BATS_TEST_TMPDIR/cut.csv"
	cp "$BATS_TEST_TMPDIR/t/trace_header.yaml" "$BATS_TEST_TMPDIR/cut.yaml"
	run_verdicts "$BATS_TEST_TMPDIR/cut.csv"
	for m in requests.count run.duration_us; do
		[ "$(jq -r --arg m "$m" 'select(.metric==$m) | .verdict' "$OUT")" = FAIL ]
	done
	[ "$(jq -r 'select(.metric=="client.end_us" and .scope.client=="early") | .verdict' "$OUT")" = FAIL ]
	# late never ran: the spec has it, the trace has no rows of it
	[ "$(jq -r 'select(.metric=="client.rate" and .scope.client=="late") | .verdict' "$OUT")" = FAIL ]
	holds '.metric=="client.rate" and .scope.client=="late" and (.why | test("no rows of it"))'
}

@test "verdicts: rows repeating a request_id (logged retries) WARN requests.count" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	t="$BATS_TEST_TMPDIR/t"
	# every 50th request logged twice (a first attempt and its retry):
	# 2 % more rows, inside the count's 5 % band
	awk -F, 'NR > 1 && $1 % 50 == 7 { print } { print }' "$t/trace_data.csv" >"$t/r.csv"
	dups=$(awk -F, 'NR > 1 && $1 % 50 == 7' "$t/trace_data.csv" | wc -l)
	[ "$dups" -gt 0 ]
	"$S2R_BIN/s2r-trace-stats" --phase p --workload w "$t/r.csv" >"$BATS_TEST_TMPDIR/m.ndjson"
	[ "$(jq -r 'select(.metric=="requests.count") | .duplicate_ids' "$BATS_TEST_TMPDIR/m.ndjson")" = "$dups" ]
	run_verdicts "$t/r.csv"
	[ "$(jq -r 'select(.metric=="requests.count") | .verdict' "$OUT")" = WARN ]
	holds '.metric=="requests.count" and (.why | test("^.*'"$dups"' rows repeat an earlier row.s request_id: the trace counts attempts"))'
	holds '.metric=="requests.count" and (.action | test("retried or re-sent"))'
	# the clean trace's record has no duplicate_ids at all
	"$S2R_BIN/s2r-trace-stats" --phase p --workload w "$t/trace_data.csv" >"$BATS_TEST_TMPDIR/c.ndjson"
	[ "$(jq -r 'select(.metric=="requests.count") | has("duplicate_ids")' "$BATS_TEST_TMPDIR/c.ndjson")" = false ]
}

@test "verdicts: request_ids missing between the trace's smallest and largest (rows left out) are named in a short count's why" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	t="$BATS_TEST_TMPDIR/t"
	# a recorder that kept only the completed requests: one in four
	# (the failed ones) has no row
	awk -F, 'NR == 1 || $1 % 4 != 1' "$t/trace_data.csv" >"$t/r.csv"
	gone=$(awk -F, 'NR > 1 && $1 % 4 == 1' "$t/trace_data.csv" | wc -l)
	[ "$gone" -gt 0 ]
	"$S2R_BIN/s2r-trace-stats" --phase p --workload w "$t/r.csv" >"$BATS_TEST_TMPDIR/m.ndjson"
	[ "$(jq -r 'select(.metric=="requests.count") | .missing_ids' "$BATS_TEST_TMPDIR/m.ndjson")" = "$gone" ]
	validate_records "$BATS_TEST_TMPDIR/m.ndjson"
	run_verdicts "$t/r.csv"
	[ "$(jq -r 'select(.metric=="requests.count") | .verdict' "$OUT")" = FAIL ]
	holds '.metric=="requests.count" and (.why | test("'"$gone"' request_id between the trace.s smallest and largest have no row: the generator made those requests and the trace left them out"))'
	# a run stopped early lacks the last ids, none between: no such note
	awk -F, 'NR == 1 || $20 < 40000000' "$t/trace_data.csv" >"$t/cut.csv"
	"$S2R_BIN/s2r-trace-stats" --phase p --workload w "$t/cut.csv" >"$BATS_TEST_TMPDIR/c.ndjson"
	[ "$(jq -r 'select(.metric=="requests.count") | has("missing_ids")' "$BATS_TEST_TMPDIR/c.ndjson")" = false ]
	run_verdicts "$t/cut.csv"
	[ "$(jq -r 'select(.metric=="requests.count") | .verdict' "$OUT")" = FAIL ]
	! holds '.metric=="requests.count" and (.why | test("have no row"))' || false
}

@test "verdicts: warm-up cut rows start the windows later; the seed must match" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	t="$BATS_TEST_TMPDIR/t"
	# blis observe with --warmup-requests 300: the first 300 generated
	# requests (by request_id) are not in the file
	awk -F, 'NR == 1 || $1 >= 300' "$t/trace_data.csv" >"$t/w.csv"
	sed 's/^warm_up_requests: .*/warm_up_requests: 300/; s/^workload_seed: .*/workload_seed: 8/' \
	    "$t/trace_header.yaml" >"$t/w.yaml"
	run_verdicts "$t/w.csv"
	# 2500 generated less 300 warm-up
	[ "$(jq -r 'select(.metric=="requests.count") | .expected.value' "$OUT")" = 2200 ]
	[ "$(jq -r 'select(.metric=="requests.count") | .verdict' "$OUT")" = PASS ]
	[ "$(jq -r 'select(.metric=="client.start_us" and .scope.client=="base") | .verdict' "$OUT")" = PASS ]
	holds '.metric=="client.start_us" and .scope.client=="base" and (.expected.source.how | test("warm-up requests generated before"))'
	[ "$(jq -r 'select(.metric=="workload.seed") | .verdict' "$OUT")" = FAIL ]
}

@test "verdicts: no trace header: the seed is INAPPLICABLE with the reason" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	"$S2R_BIN/s2r-expect" --as w "$W/phases.yaml" >"$BATS_TEST_TMPDIR/e.ndjson"
	"$S2R_BIN/s2r-trace-stats" --no-header --phase p --workload w \
	    "$BATS_TEST_TMPDIR/t/trace_data.csv" >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 1a --no-fail-status "$BATS_TEST_TMPDIR/e.ndjson" \
	    "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	[ "$(jq -r 'select(.metric=="workload.seed") | .verdict' "$OUT")" = INAPPLICABLE ]
	holds '.metric=="workload.seed" and (.why | test("no trace header"))'
	holds '.metric=="requests.count" and (.expected.source.how | test("no trace header: no warm-up taken off"))'
}

@test "verdicts: a window's mixture with a member's own lengths is INAPPLICABLE with the line" {
	sed 's/    lifecycle: {windows: \[{start_us: 0, end_us: 60000000}\]}/    lifecycle: {windows: [{start_us: 0, end_us: 60000000, input_distribution: {type: constant, params: {value: 9}}}]}/' \
	    "$W/phases.yaml" >"$BATS_TEST_TMPDIR/o.yaml"
	"$S2R_BIN/s2r-expect" --as w "$BATS_TEST_TMPDIR/o.yaml" >"$BATS_TEST_TMPDIR/e.ndjson"
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	"$S2R_BIN/s2r-trace-stats" --phase p --workload w "$BATS_TEST_TMPDIR/t/trace_data.csv" >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 1c --no-fail-status "$BATS_TEST_TMPDIR/e.ndjson" \
	    "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	[ "$(jq -r 'select(.metric=="window.input_tokens.mean" and .scope.window=="0-60s") | .verdict' "$OUT")" = INAPPLICABLE ]
	holds '.metric=="window.input_tokens.mean" and .scope.window=="0-60s" and (.why | test("lifecycle window \\(line [0-9]+\\) has its own arrival or lengths"))'
	# the other windows are still judged
	[ "$(jq -r 'select(.metric=="window.input_tokens.mean" and .scope.window=="always") | .verdict' "$OUT")" = PASS ]
}

@test "verdicts: a window whose clients have no rows is MISSING" {
	"$S2R_BIN/s2r-synth" "$W/phases.yaml" "$BATS_TEST_TMPDIR/t"
	awk -F, 'NR == 1 || $2 != "late"' "$BATS_TEST_TMPDIR/t/trace_data.csv" >"$BATS_TEST_TMPDIR/nl.csv"
	cp "$BATS_TEST_TMPDIR/t/trace_header.yaml" "$BATS_TEST_TMPDIR/nl.yaml"
	run_verdicts "$BATS_TEST_TMPDIR/nl.csv"
	[ "$(jq -r 'select(.metric=="window.input_tokens.mean" and .scope.window=="60-120s") | .verdict' "$OUT")" = MISSING ]
}
