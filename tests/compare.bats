#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# s2r-compare (ab, calibrate, timeline), its records and its place in the
# parity pipeline and the reports.  Traces come from bench/gen-trace (the
# real 27-column layout with sheds, 502s, timeouts and cut streams) and
# from the real samples; every number is checked by tests/compare_ref.py,
# written from upstream's definitions with python's csv and statistics
# modules, never from the C code; the rest is asserted with jq.
load helpers

C="$S2R_BIN/s2r-compare"
REF="$S2R_TOP/tests/compare_ref.py"

setup_file() {
	R="$BATS_FILE_TMPDIR/real"
	export R
	gen() {	# gen CELL SEED ROWS
		mkdir -p "$R/$1"
		"$S2R_TOP/bench/gen-trace" "$3" "$2" >"$R/$1/trace_data.csv"
	}
	gen baseline/w1 1 3000
	gen treatment/w1 2 3000
	for i in 0 1 2; do gen baseline/w2/i$i $((3 + i)) 1500; done
	for i in 0 1; do gen treatment/w2/i$i $((6 + i)) 1500; done
	gen baseline/w3 8 500
	# TraceV3 headers: targets per class (an unset class is "default")
	cat >"$R/baseline/w1/trace_header.yaml" <<'EOF'
trace_version: 3
time_unit: us
mode: real
warm_up_requests: 0
server:
    type: vllm
network: {}
goodput_slo_targets:
    critical:
        ttft_ms: 60
        e2e_ms: 3000
    standard:
        ttft_ms: 100
    batch:
        e2e_ms: 6000
        itl_ms: 20
    default:
        ttft_ms: 80
observed_kv_metrics:
    source: tiered
    hit_rate: 0.734
EOF
	cp "$R/baseline/w1/trace_header.yaml" "$R/treatment/w1/"
	cat >"$BATS_FILE_TMPDIR/targets.json" <<'EOF'
{"critical": {"ttft_ms": 60, "e2e_ms": 3000}, "standard": {"ttft_ms": 100},
 "batch": {"e2e_ms": 6000, "itl_ms": 20}, "default": {"ttft_ms": 80}}
EOF
}

setup() {
	T="$BATS_TEST_TMPDIR"
}

compare() {	# compare ARGS...: records into $T/c.ndjson, validated
	"$C" "$@" >"$T/c.ndjson"
	validate_records "$T/c.ndjson"
}

jqe() {	# jqe FILTER [FILE]: FILTER yields only true, at least once
	jq -s -e "[.[] | ($1)] | length > 0 and all" "${2:-$T/c.ndjson}" >/dev/null
}

ref() {	# ref MODE ARGS...: the python reference over $T/c.ndjson
	run /usr/bin/python3 "$REF" "$1" "$T/c.ndjson" "${@:2}"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "checked "* ]]
	[ "$(echo "$output" | awk '/^checked/ { print $2 }')" -gt 20 ]
}

@test "s2r-compare: --help, --version, man page" {
	run "$C" --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"usage: s2r-compare ab"* ]]
	[[ "$output" == *"calibrate"* ]]
	run "$C" ab --help
	[ "$status" -eq 0 ]
	run "$C" --version
	[[ "$output" == "s2r-compare "* ]]
	[ -f "$S2R_TOP/docs/man/s2r-compare.1" ]
	run man -l "$S2R_TOP/docs/man/s2r-compare.1"
	# (justified: spaces stretch with the page)
	[[ "$(tr -s ' ' <<<"$output")" == *"max(pct, 2 CV)"* ]]
}

@test "ab: every number agrees with python's statistics (exclusive quantiles)" {
	compare ab --root "$R" "$R"/*/w1/trace_data.csv
	[ "$(jq -s length "$T/c.ndjson")" -eq $((12 + 1 + 2 * 4)) ]
	jqe '.quantile_method == null or .quantile_method == "exclusive"'
	ref ab exclusive "$BATS_FILE_TMPDIR/targets.json" -- \
	    baseline="$R/baseline/w1/trace_data.csv" \
	    treatment="$R/treatment/w1/trace_data.csv"
	# both arms' files, relative to --root
	jqe '.a.files == ["baseline/w1/trace_data.csv"] and
	    .b.files == ["treatment/w1/trace_data.csv"]'
}

@test "ab: --quantiles linear is numpy's and says so" {
	compare ab --quantiles linear --root "$R" "$R"/*/w1/trace_data.csv
	jqe 'select(.stat | test("^p")) | .quantile_method == "linear"'
	jqe 'select(.stat | test("^p") | not) | has("quantile_method") | not'
	ref ab linear "$BATS_FILE_TMPDIR/targets.json" -- \
	    baseline="$R/baseline/w1/trace_data.csv" \
	    treatment="$R/treatment/w1/trace_data.csv"
}

@test "ab: replicas pool, per-replica values, CV and tolerance max(5 %, 2 CV)" {
	compare ab --root "$R" "$R"/*/w2/i*/trace_data.csv
	ref ab exclusive -- \
	    baseline="$R/baseline/w2/i0/trace_data.csv" \
	    baseline="$R/baseline/w2/i1/trace_data.csv" \
	    baseline="$R/baseline/w2/i2/trace_data.csv" \
	    treatment="$R/treatment/w2/i0/trace_data.csv" \
	    treatment="$R/treatment/w2/i1/trace_data.csv"
	jqe 'select(.metric != "slo_attainment") | .a.replicas == 3 and
	    .b.replicas == 2 and (.a.per_replica | length) == 3'
	# the tolerance is the larger of 5 % and 2 CV of either arm
	jqe 'select(.a.cv != null and .b.cv != null) |
	    (.tolerance_pct - ([5, 200 * .a.cv, 200 * .b.cv] | max) | fabs)
	    < 1e-6 and (.noise | test("CV over replicas"))'
}

@test "ab: better, worse or within_noise follow the change and the tolerance" {
	compare ab --root "$R" "$R"/*/w1/trace_data.csv "$R"/*/w2/i*/trace_data.csv
	# latency: lower is better, beyond the tolerance
	jqe 'select(.metric | test("_ms$")) |
	    if .change_pct > .tolerance_pct then .judgement == "worse"
	    elif .change_pct < -.tolerance_pct then .judgement == "better"
	    else .judgement == "within_noise" end'
	# a proportion within 2 standard errors is noise whatever its change
	jqe 'select(.metric == "error_rate") | (.a.value as $p | .b.value as $q |
	    .a.n as $m | .b.n as $n | (($p * $m + $q * $n) / ($m + $n)) as $r |
	    (($r * (1 - $r) * (1 / $m + 1 / $n)) | sqrt) as $se |
	    if ($q - $p | fabs) <= 2 * $se then .judgement == "within_noise"
	    else true end)'
}

@test "ab: goodput per class from the TraceV3 header, ITL targets not applied" {
	compare ab --root "$R" "$R"/*/w1/trace_data.csv
	jq -r 'select(.metric == "slo_attainment") | .scope.class' "$T/c.ndjson" >"$T/classes"
	[ "$(sort "$T/classes" | paste -sd' ')" = "batch critical default standard" ]
	jqe 'select(.metric == "goodput_rps") | .unit == "req/s" and .judgement != null'
	jqe 'select(.metric == "slo_attainment" and .scope.class == "batch") |
	    (.note | test("itl_ms targets are not applied")) and
	    (.source.how | test("baseline/w1/trace_header.yaml:[0-9]+: e2e_ms 6000 itl_ms 20"))'
}

@test "ab: --targets overrides the headers, which are named when they disagree" {
	printf 'goodput_slo_targets:\n  critical:\n    ttft_ms: 1000\n' >"$T/t.yaml"
	compare ab --targets "$T/t.yaml" --root "$R" "$R"/*/w1/trace_data.csv
	[ "$(jq -s 'map(select(.metric == "slo_attainment")) | length' "$T/c.ndjson")" -eq 1 ]
	jqe 'select(.metric == "slo_attainment") | .scope.class == "critical" and
	    (.note | test("baseline/w1/trace_header.yaml states other targets"))'
	printf '{"critical": {"ttft_ms": 1000}}\n' >"$T/t.json"
	ref ab exclusive "$T/t.json" -- \
	    baseline="$R/baseline/w1/trace_data.csv" \
	    treatment="$R/treatment/w1/trace_data.csv"
}

@test "ab: without targets, slo_attainment is null and says why" {
	compare ab --root "$R" "$R"/*/w2/i*/trace_data.csv
	jqe 'select(.metric == "slo_attainment") | .a.value == null and
	    .b.value == null and .judgement == null and
	    (.why | test("no goodput_slo_targets"))'
}

@test "ab: a treatment planted 20 % slower in a copy of a real trace is worse" {
	need_samples
	src="$S2R_SAMPLES/aw-real/baseline/w2_stationary/trace_data.csv"
	mkdir -p "$T/b/base/w" "$T/b/slow/w"
	cp "$src" "$T/b/base/w/trace_data.csv"
	# every chunk 20 % later after its send
	awk -F, 'BEGIN { OFS = "," } NR > 1 && $22 > 0 {
	    $22 = $21 + int(($22 - $21) * 1.2); $23 = $21 + int(($23 - $21) * 1.2) }
	    { print }' "$src" >"$T/b/slow/w/trace_data.csv"
	compare ab --root "$T/b" "$T/b/base/w/trace_data.csv" "$T/b/slow/w/trace_data.csv"
	jqe 'select(.metric == "ttft_ms" or .metric == "e2e_ms") |
	    .judgement == "worse" and (.change_pct - 20 | fabs) < 0.1'
	ref ab exclusive -- base="$T/b/base/w/trace_data.csv" slow="$T/b/slow/w/trace_data.csv"
}

@test "ab: HTTP 429s planted in a copy of a real trace raise the error rate, top error first" {
	need_samples
	src="$S2R_SAMPLES/aw-real/treatment/w1_prefix_to_load_shift/trace_data.csv"
	mkdir -p "$T/b/baseline/w" "$T/b/shed/w"
	cp "$S2R_SAMPLES/aw-real/baseline/w1_prefix_to_load_shift/trace_data.csv" "$T/b/baseline/w/"
	awk -F, 'BEGIN { OFS = "," } NR > 1 && NR % 50 == 0 { $11 = 0; $22 = 0; $23 = 0;
	    $24 = 0; $25 = "error"; $27 = "";
	    $26 = "\"HTTP 429: inference gateway: ResourceExhausted - system saturated, sheddable request dropped\"" }
	    { print }' "$src" >"$T/b/shed/w/trace_data.csv"
	n=$(awk 'NR > 1 && NR % 50 == 0' "$src" | wc -l)
	compare ab --root "$T/b" "$T/b/baseline/w/trace_data.csv" "$T/b/shed/w/trace_data.csv"
	jq -s -e --argjson n "$n" 'map(select(.metric == "error_rate")) | .[0] |
	    .judgement == "worse" and .b.top_errors[0].count == $n and
	    .b.top_errors[0].status == "error" and
	    (.b.top_errors[0].message | startswith("HTTP 429: inference gateway"))' "$T/c.ndjson"
	ref ab exclusive -- baseline="$T/b/baseline/w/trace_data.csv" shed="$T/b/shed/w/trace_data.csv"
}

@test "ab: past 4096 distinct messages the top errors stay exact, the rest is a note" {
	mkdir -p "$T/b/a/w" "$T/b/b/w"
	cp "$R/baseline/w1/trace_data.csv" "$T/b/a/w/"
	"$S2R_TOP/bench/gen-trace" 6000 9 >"$T/gen.csv"
	# rows 1-300 one 502, rows 301-5000 a message each
	/usr/bin/python3 - "$T/gen.csv" "$T/b/b/w/trace_data.csv" <<'EOF2'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = rows[0]
st, msg, out, fin = (h.index(k) for k in ("status", "error_message", "output_tokens", "finish_reason"))
for i, r in enumerate(rows[1:5001], 1):
    r[st], r[out], r[fin] = "error", "0", ""
    r[msg] = "HTTP 502: bad gateway" if i <= 300 else "HTTP 500: request %d failed" % i
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n").writerows(rows)
EOF2
	compare ab --root "$T/b" "$T/b"/*/w/trace_data.csv
	jq -s -e 'map(select(.metric == "error_rate"))[0] |
	    .b.top_errors[0] == {"status": "error", "message": "HTTP 502: bad gateway", "count": 300}
	    and (.note | test("b: [0-9]+ failed rows with messages beyond the first 4096"))' \
	    "$T/c.ndjson" >/dev/null
}

@test "ab: a long message is cut between characters, bytes that are not UTF-8 stay readable" {
	mkdir -p "$T/b/a/w" "$T/b/b/w"
	cp "$R/baseline/w1/trace_data.csv" "$T/b/a/w/"
	/usr/bin/python3 - "$R/treatment/w1/trace_data.csv" "$T/b/b/w/trace_data.csv" <<'EOF2'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = rows[0]
st, msg = h.index("status"), h.index("error_message")
for i in range(1, 8):
    rows[i][st] = "error"
    rows[i][msg] = "\u00e9" * 200 if i <= 4 else "HTTP 500: \udcff\udcfe"
w = open(sys.argv[2], "w", newline="", encoding="utf-8", errors="surrogateescape")
csv.writer(w, lineterminator="\n").writerows(rows)
EOF2
	compare ab --root "$T/b" "$T/b"/*/w/trace_data.csv
	jq -s -e 'map(select(.metric == "error_rate"))[0].b.top_errors |
	    .[0].count == 4 and (.[0].message | length) == 120 and
	    (.[0].message | test("^(\u00e9)+$")) and
	    .[1] == {"status": "error", "message": "HTTP 500: ??", "count": 3}' "$T/c.ndjson" >/dev/null
}

@test "ab: rows the server aborted (ok, finish_reason abort) are errors, not latencies" {
	mkdir -p "$T/b/a/w" "$T/b/b/w"
	cp "$R/baseline/w1/trace_data.csv" "$T/b/a/w/"
	# 25 served rows of the treatment become aborted ones
	/usr/bin/python3 - "$R/treatment/w1/trace_data.csv" "$T/b/b/w/trace_data.csv" <<'EOF2'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = rows[0]
st, out, fin = (h.index(k) for k in ("status", "output_tokens", "finish_reason"))
served = [r for r in rows[1:] if r[st] == "ok" and int(r[out]) > 0 and r[fin] != "abort"]
for r in served[:25]:
    r[fin] = "abort"
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n").writerows(rows)
EOF2
	[ "$(grep -c ',abort$' "$T/b/b/w/trace_data.csv")" -eq 25 ]
	compare ab --root "$T/b" "$T/b"/*/w/trace_data.csv
	ref ab exclusive -- a="$T/b/a/w/trace_data.csv" b="$T/b/b/w/trace_data.csv"
	jq -s -e 'map(select(.metric == "error_rate"))[0] |
	    (.b.top_errors | map(select(.status == "aborted"))) ==
	    [{"status": "aborted", "message": "", "count": 25}]
	    and (.source.how | test("finish_reason abort"))' "$T/c.ndjson" >/dev/null
}

@test "ab: --format text is a table per workload and pair" {
	run --separate-stderr "$C" ab --format text --root "$R" "$R"/*/w1/trace_data.csv
	[ "$status" -eq 0 ]
	[[ "$output" == *"# A/B, w1: baseline vs treatment"* ]]
	echo "$output" | grep -Eq '^ttft_ms +p99 \(exclusive\) +[0-9.]+ ms +[0-9.]+ ms'
	echo "$output" | grep -Eq '^slo_attainment \(class critical\) +value '

	[[ "$output" == *"itl_ms targets are not applied"* ]]
	[[ "$output" == *"top errors of baseline:"* ]]
}

@test "ab: the same input gives the same bytes, in any argument order" {
	"$C" ab --root "$R" "$R"/*/w1/trace_data.csv "$R"/*/w2/i*/trace_data.csv >"$T/1"
	"$C" ab --root "$R" $(ls "$R"/*/w2/i*/trace_data.csv "$R"/*/w1/trace_data.csv | sort -r) >"$T/2"
	cmp -s "$T/1" "$T/2"
	# --cell names the same cells as --root's paths
	"$C" ab --cell treatment/w1 "$R/treatment/w1/trace_data.csv" \
	    --cell baseline/w1 "$R/baseline/w1/trace_data.csv" --root "$R" >"$T/3"
	"$C" ab --root "$R" "$R"/*/w1/trace_data.csv >"$T/4"
	cmp -s "$T/3" "$T/4"
}

@test "ab: --arm compares two files outside a bundle; --baseline picks the reference" {
	compare ab --arm new "$R/treatment/w1/trace_data.csv" --arm old "$R/baseline/w1/trace_data.csv" \
	    --baseline old
	jqe '.a.arm == "old" and .b.arm == "new" and (.scope | has("workload") | not)'
	run --separate-stderr "$C" ab --baseline nope --arm a "$R/baseline/w1/trace_data.csv" \
	    --arm b "$R/treatment/w1/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"--baseline nope: no arm of that name"* ]]
}

@test "ab: one arm only, a trace without a cell, a bad --cell: exit 2, one line" {
	run --separate-stderr "$C" ab --root "$R" "$R/baseline/w3/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"expected two arms or more"* ]]
	run --separate-stderr "$C" ab "$R/baseline/w1/trace_data.csv" "$R/treatment/w1/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"expected --cell or --arm before it"* ]]
	run --separate-stderr "$C" ab --cell baseline "$R/baseline/w1/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"--cell baseline: expected PHASE/WORKLOAD"* ]]
	run --separate-stderr "$C" timeline --targets x --arm a "$R/baseline/w1/trace_data.csv"
	assert_bad_input
	[[ "$stderr" == *"--targets: not an option of this subcommand"* ]]
	# a workload with one arm beside compared ones: said on stderr
	run --separate-stderr "$C" ab --root "$R" "$R"/*/w1/trace_data.csv "$R/baseline/w3/trace_data.csv"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"w3: one arm (baseline): nothing to compare"* ]]
}

@test "ab: a bad field or a bad targets file is file:line:column, exit 2" {
	mkdir -p "$T/b/x/w" "$T/b/y/w"
	cp "$R/baseline/w1/trace_data.csv" "$T/b/x/w/"
	awk -F, 'BEGIN { OFS = "," } NR == 7 { $21 = "12a" } { print }' \
	    "$R/treatment/w1/trace_data.csv" >"$T/b/y/w/trace_data.csv"
	run --separate-stderr "$C" ab --root "$T/b" "$T/b"/*/w/trace_data.csv
	assert_bad_input
	[[ "$stderr" == *"y/w/trace_data.csv:7:21: send_time_us: "* ]]
	printf 'critical:\n  ttft_ms: 10\n  tpot_ms: 3\n' >"$T/t.yaml"
	run --separate-stderr "$C" ab --targets "$T/t.yaml" --root "$R" "$R"/*/w1/trace_data.csv
	assert_bad_input
	[[ "$stderr" == *"t.yaml:3:3: goodput_slo_targets.critical: expected ttft_ms, itl_ms or e2e_ms"* ]]
}

@test "ab --timeline: ab's records then timeline's, the bytes of the two runs, each trace read once (stdin too)" {
	set -- $(cd "$R" && find . -name trace_data.csv | sort | sed "s|^\./|$R/|")
	{ "$C" ab --root "$R" "$@"; "$C" timeline --root "$R" "$@"; } >"$T/two" 2>"$T/two.err"
	compare ab --timeline --root "$R" "$@" 2>"$T/one.err"
	cmp "$T/two" "$T/c.ndjson"
	# w3 has one arm: no A/B, but its timeline
	jqe 'select(.scope.workload == "w3") | .analysis == "timeline"'
	grep -q 'w3: one arm (baseline): nothing to compare' "$T/one.err"
	{ "$C" ab --format text --root "$R" "$@"; "$C" timeline --format text --root "$R" "$@"; } >"$T/two.txt" 2>/dev/null
	"$C" ab --timeline --format text --root "$R" "$@" 2>/dev/null | cmp - "$T/two.txt"
	# a trace on stdin can be read once only: both analyses have it
	"$C" ab --timeline --cell a/w - --cell b/w "$R/treatment/w1/trace_data.csv" \
	    <"$R/baseline/w1/trace_data.csv" >"$T/c.ndjson"
	validate_records "$T/c.ndjson"
	jqe 'select(.metric == "requests.per_second" and .scope.phase == "a") | .n == 3000'
	jqe 'select(.analysis == "ab" and .metric == "ttft_ms") | .a.n > 0'
	# timeline and calibrate take no --timeline
	run --separate-stderr "$C" timeline --timeline "$R/baseline/w1/trace_data.csv"
	assert_bad_input
}

@test "timeline: sent and completed per second as python bins them" {
	compare timeline --root "$R" "$R/baseline/w1/trace_data.csv" --arm solo "$R/baseline/w3/trace_data.csv"
	jq -s -e 'map(select(.metric == "requests.per_second")) | length == 2' "$T/c.ndjson" >/dev/null
	"$C" timeline --root "$R" "$R/baseline/w1/trace_data.csv" >"$T/c.ndjson"
	ref timeline "$R/baseline/w1/trace_data.csv"
	jqe 'select(.metric == "requests.per_second") | .scope == {"phase": "baseline", "workload": "w1"}'
}

@test "timeline: the scatter is at most 2000 requests, the same whatever the row order" {
	mkdir -p "$T/a/p/w" "$T/b/p/w"
	"$S2R_TOP/bench/gen-trace" 6000 11 >"$T/a/p/w/trace_data.csv"
	{ head -n 1 "$T/a/p/w/trace_data.csv"; tail -n +2 "$T/a/p/w/trace_data.csv" | sort -t, -k3,3 -k1,1nr; } \
	    >"$T/b/p/w/trace_data.csv"
	compare timeline --root "$T/a" "$T/a/p/w/trace_data.csv"
	[ "$(jq -s 'map(select(.metric == "latency.scatter") | .points | length) | add' "$T/c.ndjson")" -eq 2000 ]
	# every class's n is its successful rows
	ok=$(awk -F, 'NR > 1 && $25 == "ok" && ($11 > 0 || $27 != "")' "$T/a/p/w/trace_data.csv" | wc -l)
	[ "$(jq -s 'map(select(.metric == "latency.scatter") | .n) | add' "$T/c.ndjson")" -eq "$ok" ]
	"$C" timeline --root "$T/b" "$T/b/p/w/trace_data.csv" >"$T/d.ndjson"
	jq -c 'select(.metric == "latency.scatter") | [.scope.class, .points]' "$T/c.ndjson" | sort >"$T/1"
	jq -c 'select(.metric == "latency.scatter") | [.scope.class, .points]' "$T/d.ndjson" | sort >"$T/2"
	cmp -s "$T/1" "$T/2"
}

# A simulated run from a real one: TTFT x 0.9 (chunks move with the first
# token), the first $3 ids dropped, ids below the warm-up $4 added.
mksim() {	# mksim REAL OUT DROP WARMUP [noid]
	/usr/bin/python3 - "$@" <<'EOF'
import csv, sys
src, out, drop, warm = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rows = list(csv.DictReader(open(src, newline="")))
cols = list(rows[0].keys())
res = []
for r in rows:
    i = int(r["request_id"])
    if i < drop:
        continue
    s, f = int(r["send_time_us"]), int(r["first_chunk_time_us"])
    if f > 0:
        d = (f - s) - int((f - s) * 0.9)
        r["first_chunk_time_us"] = str(f - d)
        r["last_chunk_time_us"] = str(int(r["last_chunk_time_us"]) - d)
    res.append(r)
for k in range(warm):
    w = dict(rows[k])
    w["request_id"] = str(k)            # ids 0 .. warm - 1
    res.append(w)
if len(sys.argv) > 5:
    cols.remove("request_id")
w = csv.DictWriter(open(out, "w", newline=""), fieldnames=cols, extrasaction="ignore",
                   lineterminator="\n")
w.writeheader()
w.writerows(res)
EOF
}

@test "calibrate: matched by id, every number as BLIS calibrate and python" {
	mkdir -p "$T/r"
	# real ids start at 100: warm_up_requests 100 were left out
	awk -F, 'BEGIN { OFS = "," } NR > 1 { $1 += 100 } { print }' \
	    "$R/baseline/w1/trace_data.csv" >"$T/r/trace_data.csv"
	printf 'trace_version: 2\ntime_unit: us\nmode: real\nwarm_up_requests: 100\n' \
	    >"$T/r/trace_header.yaml"
	mksim "$T/r/trace_data.csv" "$T/sim.csv" 0 100
	compare calibrate --real "$T/r/trace_data.csv" --sim "$T/sim.csv" --workload w1
	ref cal exclusive 100 "$T/r/trace_data.csv" "$T/sim.csv"
	jqe 'select(.metric == "coverage") | .value == 1 and .judgement == "within_tolerance"'
	jqe 'select(.metric == "warm_up") | .a.value == 0 and .b.value == 100 and
	    (.source.how | test("trace_header.yaml:4"))'
	# TTFT 10 % faster in the sim: MAPE about 0.1, under-predicted
	jqe 'select(.metric == "ttft_ms" and .stat == "mape") | (.value - 0.1 | fabs) < 0.001'
	jqe 'select(.metric == "ttft_ms" and .stat == "bias") | .value == "under-predict"'
	jqe '.scope == {"workload": "w1"}'
}

@test "calibrate: under 90 % coverage the throughput is not compared, and says why" {
	mksim "$R/baseline/w1/trace_data.csv" "$T/sim.csv" 600 0
	compare calibrate --no-header --real "$R/baseline/w1/trace_data.csv" --sim "$T/sim.csv"
	jqe 'select(.metric == "coverage") | .value < 0.9 and .judgement == "outside_tolerance"'
	jqe 'select(.metric | test("_per_s$")) | .delta == null and .change_pct == null and
	    (.why | test("coverage guard")) and .a.value > 0 and .b.value > 0'
	ref cal exclusive 0 "$R/baseline/w1/trace_data.csv" "$T/sim.csv"
}

@test "calibrate: a retried request id (two rows) is kept once, its last successful attempt, and said on stderr" {
	mksim "$R/baseline/w1/trace_data.csv" "$T/sim.csv" 0 0
	compare calibrate --no-header --real "$R/baseline/w1/trace_data.csv" --sim "$T/sim.csv"
	cp "$T/c.ndjson" "$T/clean.ndjson"
	# the sim's first row written again after the last
	{ cat "$T/sim.csv"; sed -n 2p "$T/sim.csv"; } >"$T/dup.csv"
	run --separate-stderr "$C" calibrate --no-header --real "$R/baseline/w1/trace_data.csv" --sim "$T/dup.csv"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"dup.csv: 1 request id(s) on more than one row (a retried request; first: "*", again at line $(($(wc -l <"$T/sim.csv") + 1))): each kept once, its last successful attempt"* ]]
	printf '%s\n' "$output" >"$T/c.ndjson"
	validate_records "$T/c.ndjson"
	[ "$(jq -c 'select(.metric == "coverage") | .value' "$T/c.ndjson")" = "$(jq -c 'select(.metric == "coverage") | .value' "$T/clean.ndjson")" ]
	[ "$(jq -c 'select(.metric == "ttft_ms") | .value' "$T/c.ndjson")" = "$(jq -c 'select(.metric == "ttft_ms") | .value' "$T/clean.ndjson")" ]
}

@test "calibrate: without request ids the sides are compared by distribution" {
	mksim "$R/baseline/w1/trace_data.csv" "$T/sim.csv" 0 0 noid
	compare calibrate --no-header --real "$R/baseline/w1/trace_data.csv" --sim "$T/sim.csv"
	jqe 'select(.metric == "coverage") | .value == null and .judgement == null and
	    (.why | test("no request ids"))'
	jqe 'select(.stat == "mape" or .stat == "pearson_r") | .n == 99 and
	    (.source.how | test("percentiles"))'
	jqe 'select(.metric == "ttft_ms" and .stat == "grade") | .value != null'
}

@test "calibrate: KV-cache hit rate within 5 pp, or null with why" {
	mksim "$R/baseline/w1/trace_data.csv" "$T/sim.csv" 0 0
	/usr/bin/python3 - "$T/sim.csv" "$T/sim.json" 0.70 <<'EOF'
import csv, json, sys
reqs = []
for r in csv.DictReader(open(sys.argv[1], newline="")):
    ok = r["status"] == "ok" and int(r["output_tokens"]) > 0
    s, f, l, o = (int(r[k]) for k in ("send_time_us", "first_chunk_time_us",
                  "last_chunk_time_us", "output_tokens"))
    reqs.append({"requestID": "request_" + r["request_id"],
                 "arrived_at": int(r["arrival_time_us"]) / 1e6,
                 "num_prefill_tokens": int(r["input_tokens"]) + int(r["prefix_length"]),
                 "num_decode_tokens": o, "ttft_ms": (f - s) / 1000 if ok else 0,
                 "itl_ms": (l - f) / (o - 1) / 1000 if ok and o > 1 else 0,
                 "e2e_ms": (l - s) / 1000 if ok else 0})
json.dump({"cache_hit_rate": float(sys.argv[3]), "requests": reqs}, open(sys.argv[2], "w"))
EOF
	compare calibrate --root "$R" --real "$R/baseline/w1/trace_data.csv" --sim "$T/sim.json"
	jqe 'select(.metric == "kv_hit_rate") | .a.value == 0.734 and .b.value == 0.7 and
	    .judgement == "within_tolerance" and .tolerance_pp == 5 and
	    (.source.how | test("baseline/w1/trace_header.yaml:[0-9]+, source tiered"))'
	sed -i 's/"cache_hit_rate": 0.7/"cache_hit_rate": 0.6/' "$T/sim.json"
	compare calibrate --real "$R/baseline/w1/trace_data.csv" --sim "$T/sim.json"
	jqe 'select(.metric == "kv_hit_rate") | .judgement == "outside_tolerance"'
	compare calibrate --real "$R/baseline/w1/trace_data.csv" --sim "$T/sim.csv"
	jqe 'select(.metric == "kv_hit_rate") | .judgement == null and (.why | test("cache_hit_rate"))'
	compare calibrate --no-header --real "$R/baseline/w1/trace_data.csv" --sim "$T/sim.json"
	jqe 'select(.metric == "kv_hit_rate") | .judgement == null and (.why | test("observed_kv_metrics"))'
}

@test "calibrate: bad usage and bad input exit 2 with one line" {
	run --separate-stderr "$C" calibrate --real "$R/baseline/w1/trace_data.csv"
	assert_bad_input
	run --separate-stderr "$C" calibrate --real - --sim -
	assert_bad_input
	printf '{"requests": [{"requestID": 5}]}' >"$T/bad.json"
	run --separate-stderr "$C" calibrate --real "$R/baseline/w1/trace_data.csv" --sim "$T/bad.json"
	assert_bad_input
	[[ "$stderr" == *"bad.json:1:29: expected requestID: a string"* ]]
	run --separate-stderr "$C" calibrate --warm-up -3 --real a --sim b
	assert_bad_input
}

@test "the schema rejects a null judgement without why, and a timeline without points" {
	compare ab --root "$R" "$R"/*/w2/i*/trace_data.csv
	jq -c 'select(.metric == "slo_attainment") | del(.why)' "$T/c.ndjson" >"$T/bad1"
	run validate_records "$T/bad1"
	[ "$status" -ne 0 ]
	"$C" timeline --arm a "$R/baseline/w3/trace_data.csv" | head -n 1 | jq -c 'del(.points)' >"$T/bad2"
	run validate_records "$T/bad2"
	[ "$status" -ne 0 ]
}

@test "samples: aw-real baseline vs treatment, every number against python" {
	need_samples
	A="$S2R_SAMPLES/aw-real"
	compare ab --root "$A" "$A"/*/*/trace_data.csv
	for w in w1_prefix_to_load_shift w2_stationary w3_multi_prefix_contention; do
		ref ab exclusive -- "@$w" baseline="$A/baseline/$w/trace_data.csv" \
		    treatment="$A/treatment/$w/trace_data.csv"
	done
	# the 19 cut streams of treatment/w3 (docs/records.md) are its errors
	jqe 'select(.metric == "error_rate" and .scope.workload == "w3_multi_prefix_contention") |
	    .a.value == 0 and .b.n == 1999 and .b.top_errors ==
	    [{"status": "failed_empty", "message": "", "count": 19}] and .judgement == "worse"'
	# their TTFT is left out: 1999 - 19 values
	jqe 'select(.metric == "ttft_ms" and .scope.workload == "w3_multi_prefix_contention") |
	    .a.n == 1999 and .b.n == 1980'
}

@test "samples: config-exploration's three arms under results/, every pair" {
	need_samples
	U="$S2R_SAMPLES/upstream/config-exploration/sim2real/workspace/runs/test"
	compare ab --root "$U" "$U"/results/*/w1_mid/trace_data.csv
	[ "$(jq -r '"\(.a.arm)-\(.b.arm)"' "$T/c.ndjson" | uniq | paste -sd' ')" = \
	    "blis1-blis2 blis1-blis3 blis2-blis3" ]
	jqe '.scope.workload == "w1_mid" and (.a.files[0] | startswith("results/"))'
	ref ab exclusive -- blis1="$U/results/blis1/w1_mid/trace_data.csv" \
	    blis2="$U/results/blis2/w1_mid/trace_data.csv" \
	    blis3="$U/results/blis3/w1_mid/trace_data.csv"
	compare calibrate --real "$U/results/blis1/w1_mid/trace_data.csv" \
	    --sim "$U/results/blis2/w1_mid/trace_data.csv"
	# both traces are cut to their first ~115 completions: few ids in common
	jqe 'select(.metric == "warm_up") | .source.how | test("warm_up_requests 200")'
}

@test "parity.mk: compare.ndjson for a workload two phases ran, the Comparison section, the charts" {
	make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$S2R_TOP/examples/sim" \
	    REAL="$S2R_TOP/examples/real" OUT="$T/o" S2R_BIN="$S2R_BIN" all html >/dev/null 2>&1 || true
	[ -s "$T/o/compare.ndjson" ]
	validate_records "$T/o/compare.ndjson"
	[ "$(jq -r 'select(.analysis == "ab") | .scope.workload' "$T/o/compare.ndjson" | sort -u | paste -sd' ')" = \
	    "chat_mixed prefix_heavy" ]
	jqe 'select(.analysis == "timeline") | .source.file | test("^(baseline|treatment)/")' "$T/o/compare.ndjson"
	grep -q '^## Comparison' "$T/o/report.md"
	grep -q '^### A/B, chat\\_mixed: baseline vs treatment' "$T/o/report.md"
	# the timeline records are counted (the Markdown report keeps only their number)
	n=$(jq -s '[.[] | select(.analysis == "timeline")] | length' "$T/o/compare.ndjson")
	[ "$n" -gt 0 ]
	grep -q "^Over time: $n timeline records" "$T/o/report.md"
	grep -q 'Requests per second' "$T/o/report.html"
	grep -q 'E2E against send time' "$T/o/report.html"
	# one phase only: nothing to compare, no file, no section
	mkdir -p "$T/one"
	cp -R "$S2R_TOP/examples/real/baseline" "$S2R_TOP/examples/real/generated" "$T/one/"
	make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$S2R_TOP/examples/sim" \
	    REAL="$T/one" OUT="$T/o1" S2R_BIN="$S2R_BIN" >/dev/null 2>&1 || true
	[ -s "$T/o1/report.md" ]
	[ ! -e "$T/o1/compare.ndjson" ]
	! grep -q '^## Comparison' "$T/o1/report.md" || false
}
