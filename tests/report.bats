#!/usr/bin/env bats
# s2r-report: the Markdown parity report from verdict records.
load helpers
bats_require_minimum_version 1.5.0

J="$FIXTURES/judge"

setup() {
	V="$S2R_BIN/s2r-verdict"
	# Workload rules only (--checks 1), so the other sections are empty.
	R="$S2R_BIN/s2r-report"
	VER="$BATS_TEST_TMPDIR/verdicts.ndjson"
	cat "$J"/*.ndjson | "$V" --checks 1 --no-fail-status >"$VER"
}

# summary_cell REPORT CATEGORY COLUMN(1-based after the name): Checks,
# FAIL, MISSING, WARN, PASS, PASS part not judged, Not judged, Findings
summary_cell() {
	awk -F' *\\| *' -v cat="$2" -v col="$3" '
	    /^## Summary/ { on = 1; next }
	    on && /^## / { exit }
	    on { name = $2; gsub(/\*/, "", name) }
	    on && name == cat { v = $(col + 2); gsub(/\*/, "", v); print v }' "$1"
}

@test "--help and --version" {
	run "$R" --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run "$R" --version
	[ "$output" = "s2r-report 0.1.0" ]
}

@test "header and layout of the original procedure" {
	run --separate-stderr "$R" --real REAL --sim SIM --date 2026-03-04 "$VER"
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.md"
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/r.md")" = "# Sim2Real Parity Report" ]
	grep -qx '\*\*Real bundle\*\*: REAL' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '\*\*Sim reference\*\*: SIM' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '\*\*Date\*\*: 2026-03-04' "$BATS_TEST_TMPDIR/r.md"
	# What to act on comes first, the evidence after it.
	[ "$(grep '^## ' "$BATS_TEST_TMPDIR/r.md" | tr '\n' '|')" = "## Summary|## Action Items|## 1. Workload Parity|## 2. Config Parity|## 3. Signal Parity|## 4. Policy Parity|## 5. Runtime Analysis|## 6. Alignment (Sim vs Framework)|" ]
	[ "$(grep -c '^No verdicts in this category: not run\.$' "$BATS_TEST_TMPDIR/r.md")" -eq 5 ]
	grep -q '^Contents: \[Summary\](#summary) · \[Action Items\](#action-items) · \[1\. Workload Parity\](#1-workload-parity)' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '### Workload: wpass' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '#### Phase: baseline' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '\*\*1a\. Arrival rate (QPS)\*\* — PASS' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '| Metric | Sim Spec | Real Trace | Diff | Tolerance | Verdict | Source |' "$BATS_TEST_TMPDIR/r.md"
	# The files most rows read once above the table, line and key per row.
	grep -qx 'Files: sim workloads/wpass.yaml; real trace\\_data.csv.' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '| qps.intended | 40 req/s | 40.2 req/s | +0.5% | ±5% | PASS | sim :4; real arrival\\_time\\_us |' "$BATS_TEST_TMPDIR/r.md"
	# A PASS row's why is its table row: not written again.
	[ "$(grep -c '^- qps.intended: Expected 40 req/s' "$BATS_TEST_TMPDIR/r.md")" -eq 0 ]
	[ "$(grep -c '^Sources:' "$BATS_TEST_TMPDIR/r.md")" -eq 0 ]
}

# checks_by_state VERDICTS CHECK-PREFIX: the checks per cell in each state,
# "FAIL MISSING WARN PASS PART NOTJUDGED", computed with jq alone.
checks_by_state() {
	jq -rs --arg p "$2" '[.[] | select(.kind == "verdict" and (.check | startswith($p)))]
	    | group_by([.check, .scope.phase, .scope.workload, .scope.iteration])
	    | map([.[].verdict]) as $c
	    | [ ($c | map(select(index("FAIL"))) | length),
	        ($c | map(select(index("FAIL") | not) | select(index("MISSING"))) | length),
	        ($c | map(select((index("FAIL") or index("MISSING")) | not) | select(index("WARN"))) | length),
	        ($c | map(select(all(. == "PASS"))) | length),
	        ($c | map(select(all(. == "PASS" or . == "INAPPLICABLE") and any(. == "PASS") and any(. == "INAPPLICABLE"))) | length),
	        ($c | map(select(all(. == "INAPPLICABLE"))) | length) ] | map(tostring) | join(" ")' "$1"
}

# no1h IN OUT: the verdicts of IN but check 1h's, with an end record.
no1h() {
	jq -c 'select(.kind == "verdict" and .check != "1h")' "$1" >"$2"
	verdict_end "$2"
}

@test "summary counts checks per cell by state, as jq does, and the verdict rows" {
	"$R" --date 2026-01-01 "$VER" >"$BATS_TEST_TMPDIR/r.md" || true
	got=""
	for col in 2 3 4 5 6 7; do
		got="$got $(summary_cell "$BATS_TEST_TMPDIR/r.md" Workload "$col")"
	done
	[ "${got# }" = "$(checks_by_state "$VER" 1)" ]
	[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Total 1)" -eq "$(jq -s '[.[] | select(.kind == "verdict")] | group_by([.check, .scope.phase, .scope.workload, .scope.iteration]) | length' "$VER")" ]
	[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Config 1)" = 0 ]
	line="Verdict rows:"
	for v in PASS WARN FAIL INAPPLICABLE MISSING; do
		line="$line $(jq -s --arg v "$v" '[.[] | select(.verdict == $v)] | length' "$VER") $v,"
	done
	line=${line%,}
	line=${line/INAPPLICABLE/INAPPLICABLE (not judged)}
	grep -qxF "$line." "$BATS_TEST_TMPDIR/r.md"
	# 1h (measurement.yaml, the same in every cell) is written once and
	# pointed at after: without it, one table row per verdict.
	[ "$(grep -c '^The same table as in baseline/wfail\.$' "$BATS_TEST_TMPDIR/r.md")" -gt 0 ]
	no1h "$VER" "$BATS_TEST_TMPDIR/n.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/n.ndjson" >"$BATS_TEST_TMPDIR/n.md" || true
	[ "$(grep -c '^The same table as in' "$BATS_TEST_TMPDIR/n.md")" -eq 0 ]
	[ "$(grep -cE '^\| .* \| (PASS|WARN|FAIL|not judged|MISSING)( \(item [0-9]+\))? \| [^|]* \|$' "$BATS_TEST_TMPDIR/n.md")" -eq "$(grep -c '"kind":"verdict"' "$BATS_TEST_TMPDIR/n.ndjson")" ]
}

@test "honest labels: a row not judged says so, a heading never says a plain PASS over rows not judged" {
	no1h "$VER" "$BATS_TEST_TMPDIR/n.ndjson"
	VER="$BATS_TEST_TMPDIR/n.ndjson"
	"$R" --date 2026-01-01 "$VER" >"$BATS_TEST_TMPDIR/r.md" || true
	[ "$(grep -c '| INAPPLICABLE |' "$BATS_TEST_TMPDIR/r.md")" -eq 0 ]
	[ "$(grep -c '| not judged |' "$BATS_TEST_TMPDIR/r.md")" -eq "$(jq -s '[.[] | select(.verdict == "INAPPLICABLE")] | length' "$VER")" ]
	# every check whose rows are PASS and INAPPLICABLE says how many were not judged
	part=$(jq -rs '[.[] | select(.kind == "verdict")] | group_by([.check, .scope.phase, .scope.workload])
	    | map(select(all(.verdict == "PASS" or .verdict == "INAPPLICABLE") and any(.verdict == "PASS") and any(.verdict == "INAPPLICABLE"))) | length' "$VER")
	[ "$part" -gt 0 ]
	[ "$(grep -cE '^\*\*1[a-h]\. .*\*\* — PASS, [0-9]+ of [0-9]+ not judged$' "$BATS_TEST_TMPDIR/r.md")" -eq "$part" ]
	none=$(jq -rs '[.[] | select(.kind == "verdict")] | group_by([.check, .scope.phase, .scope.workload]) | map(select(all(.verdict == "INAPPLICABLE"))) | length' "$VER")
	[ "$(grep -cE '^\*\*1[a-h]\. .*\*\* — not judged$' "$BATS_TEST_TMPDIR/r.md")" -eq "$none" ]
	# sources say sim for the spec and real for the trace, and by the
	# bundle a file lies in where the bundles are given
	grep -q '^1\. \[FAIL\] .* sim [^(]* (workloads/wfail.yaml:[0-9]* [^)]*), real .* (baseline/wfail/trace\\_data.csv ' "$BATS_TEST_TMPDIR/r.md"
	mkdir -p "$BATS_TEST_TMPDIR/s/workloads" "$BATS_TEST_TMPDIR/rr/generated"
	touch "$BATS_TEST_TMPDIR/s/config.md" "$BATS_TEST_TMPDIR/rr/generated/c.yaml"
	jq -c 'select(.kind == "verdict" and .verdict == "PASS" and .expected.source.line != null) | .check = "2d" | .title = "EPP config"
	    | .expected.source.file = "config.md" | .actual.source.file = "generated/c.yaml"' "$VER" | head -n 1 >"$BATS_TEST_TMPDIR/l.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/l.ndjson"
	"$R" --sim "$BATS_TEST_TMPDIR/s" --real "$BATS_TEST_TMPDIR/rr" "$BATS_TEST_TMPDIR/l.ndjson" >"$BATS_TEST_TMPDIR/l.md" || true
	grep -q '| sim config.md:[0-9]*; real generated/c.yaml' "$BATS_TEST_TMPDIR/l.md"
	# swapped bundles, swapped labels: the label comes from where the file is
	"$R" --sim "$BATS_TEST_TMPDIR/rr" --real "$BATS_TEST_TMPDIR/s" "$BATS_TEST_TMPDIR/l.ndjson" >"$BATS_TEST_TMPDIR/l.md" || true
	grep -q '| real config.md:[0-9]*; sim generated/c.yaml' "$BATS_TEST_TMPDIR/l.md"
	# neither: said as expected and actual, not guessed
	"$R" "$BATS_TEST_TMPDIR/l.ndjson" >"$BATS_TEST_TMPDIR/l.md" || true
	grep -q '| expected config.md:[0-9]*; actual generated/c.yaml' "$BATS_TEST_TMPDIR/l.md"
}

@test "categories come from the check id" {
	jq -c 'select(.check == "1a") | .check = "2b" | .title = "Instance count"' "$VER" >"$BATS_TEST_TMPDIR/v2.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/v2.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v2.ndjson" >"$BATS_TEST_TMPDIR/r.md" || true
	n=$(jq -s '[.[] | select(.kind == "verdict")] | group_by([.scope.phase, .scope.workload, .scope.iteration]) | length' "$BATS_TEST_TMPDIR/v2.ndjson")
	[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Config 1)" = "$n" ]
	[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Workload 1)" = 0 ]
	grep -qx '\*\*2b\. Instance count\*\* — .*' "$BATS_TEST_TMPDIR/r.md"
	grep -q '| Metric | Expected | Actual | Diff | Tolerance | Verdict | Source |' "$BATS_TEST_TMPDIR/r.md"
}

@test "values from logs or YAML cannot break a table cell" {
	jq -c 'select(.metric == "qps.intended" and .scope.workload == "wpass") |
	    .expected.value = "a|b <script>alert(1)</script>\nnext `code` *x* _y_" |
	    .metric = "odd|metric"' "$VER" >"$BATS_TEST_TMPDIR/v2.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/v2.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v2.ndjson" >"$BATS_TEST_TMPDIR/r.md"
	row=$(grep '^| odd' "$BATS_TEST_TMPDIR/r.md")
	# One line, and exactly 8 unescaped pipes (7 cells).
	[ "$(printf '%s\n' "$row" | wc -l)" -eq 1 ]
	[ "$(printf '%s' "$row" | sed 's/\\|//g' | tr -cd '|' | wc -c)" -eq 8 ]
	[[ "$row" == *'a\|b &lt;script&gt;alert(1)&lt;/script&gt;<br>next \`code\` \*x\* \_y\_'* ]]
	! grep -q '<script>' "$BATS_TEST_TMPDIR/r.md" || false
}

@test "times of a second or more read in seconds, exact to the integer's last digit" {
	# Every unit the records use for time, each side of a second, both
	# signs; the verdicts keep the integers.
	jq -c 'select(.metric == "qps.intended" and .scope.workload == "wfail") |
	    (.expected, .actual).unit = "us" | .expected.value = 120000000 |
	    .actual.value = 145078039 | .diff = {value: -25000010, unit: "us"}' \
	    "$VER" >"$BATS_TEST_TMPDIR/v2.ndjson"
	jq -c 'select(.metric == "qps.intended" and .scope.workload == "wpass") |
	    (.expected, .actual).unit = "ns" | .expected.value = 999999999 |
	    .actual.value = 1000000001 | .diff = {value: 2, unit: "ns"} |
	    .metric = "x.ns"' "$VER" >>"$BATS_TEST_TMPDIR/v2.ndjson"
	jq -c 'select(.metric == "qps.intended" and .scope.workload == "wpass") |
	    (.expected, .actual).unit = "ms" | .expected.value = 1500.5 |
	    .actual.value = -2000 | .metric = "x.ms"' "$VER" >>"$BATS_TEST_TMPDIR/v2.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/v2.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v2.ndjson" >"$BATS_TEST_TMPDIR/r.md" || true
	grep -qF '| qps.intended | 120 s | 145.078039 s | -25.00001 s |' "$BATS_TEST_TMPDIR/r.md"
	grep -qF 'sim 120 s (workloads/wfail.yaml' "$BATS_TEST_TMPDIR/r.md"
	grep -qF '| x.ns | 999999999 ns | 1.000000001 s | +2 ns |' "$BATS_TEST_TMPDIR/r.md"
	# Not a whole number of ms: as it was.
	grep -qF '| x.ms | 1500.5 ms | -2 s |' "$BATS_TEST_TMPDIR/r.md"
	! grep -qE '(120000000|145078039|25000010) us' "$BATS_TEST_TMPDIR/r.md" || false
}

@test "SOURCE_DATE_EPOCH and --date make the report reproducible" {
	SOURCE_DATE_EPOCH=1767225600 "$R" "$VER" >"$BATS_TEST_TMPDIR/a.md" || true
	sleep 1
	SOURCE_DATE_EPOCH=1767225600 "$R" "$VER" >"$BATS_TEST_TMPDIR/b.md" || true
	cmp "$BATS_TEST_TMPDIR/a.md" "$BATS_TEST_TMPDIR/b.md"
	grep -qx '\*\*Date\*\*: 2026-01-01' "$BATS_TEST_TMPDIR/a.md"
	SOURCE_DATE_EPOCH=0 "$R" --date 2025-12-31 "$VER" >"$BATS_TEST_TMPDIR/c.md" || true
	grep -qx '\*\*Date\*\*: 2025-12-31' "$BATS_TEST_TMPDIR/c.md"
	# Verdicts are grouped whatever the order of the files given.
	"$V" --checks 1 "$J/pass.ndjson" >"$BATS_TEST_TMPDIR/p.ndjson"
	"$V" --checks 1 -n "$J/fail.ndjson" >"$BATS_TEST_TMPDIR/f.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/p.ndjson" "$BATS_TEST_TMPDIR/f.ndjson" >"$BATS_TEST_TMPDIR/e.md" || true
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/f.ndjson" "$BATS_TEST_TMPDIR/p.ndjson" >"$BATS_TEST_TMPDIR/f.md" || true
	cmp "$BATS_TEST_TMPDIR/e.md" "$BATS_TEST_TMPDIR/f.md"
}

@test "exit status: 1 with a FAIL or a MISSING, 0 without, 2 on bad usage" {
	"$V" --checks 1 "$J/pass.ndjson" "$J/warn.ndjson" >"$BATS_TEST_TMPDIR/ok.ndjson"
	run --separate-stderr "$R" "$BATS_TEST_TMPDIR/ok.ndjson"
	[ "$status" -eq 0 ]
	run --separate-stderr "$R" "$VER"
	[ "$status" -eq 1 ]
	# a MISSING alone fails as a FAIL does
	"$V" --checks 1 -n "$J/pass.ndjson" "$J/missing.ndjson" >"$BATS_TEST_TMPDIR/m.ndjson"
	[ "$(jq -s '[.[] | select(.verdict == "FAIL")] | length' "$BATS_TEST_TMPDIR/m.ndjson")" -eq 0 ]
	run --separate-stderr "$R" -o "$BATS_TEST_TMPDIR/m.md" "$BATS_TEST_TMPDIR/m.ndjson"
	[ "$status" -eq 1 ]
	# and the Summary counts its checks
	[ "$(summary_cell "$BATS_TEST_TMPDIR/m.md" Total 3)" -eq "$(checks_by_state "$BATS_TEST_TMPDIR/m.ndjson" "" | cut -d' ' -f2)" ]
	[ "$(summary_cell "$BATS_TEST_TMPDIR/m.md" Total 3)" -gt 0 ]
	run --separate-stderr "$R" --date 2026-13-01 "$VER"
	assert_bad_input
	run --separate-stderr "$R" --format pdf "$VER"
	assert_bad_input
	SOURCE_DATE_EPOCH=soon run --separate-stderr "$R" "$VER"
	assert_bad_input
}

@test "Action Items: one per finding, FAIL then MISSING then WARN, naming values, files and what to do" {
	"$R" --date 2026-01-01 "$VER" >"$BATS_TEST_TMPDIR/r.md" || true
	sed -n '/^## Action Items/,/^## 1\./p' "$BATS_TEST_TMPDIR/r.md" | grep -E '^[0-9]+\. ' >"$BATS_TEST_TMPDIR/items"
	nf=$(grep -c '^[0-9]*\. \[FAIL\]' "$BATS_TEST_TMPDIR/items")
	nm=$(grep -c '^[0-9]*\. \[MISSING\]' "$BATS_TEST_TMPDIR/items")
	nw=$(grep -c '^[0-9]*\. \[WARN\]' "$BATS_TEST_TMPDIR/items")
	[ "$nf" -gt 0 ] && [ "$nm" -gt 0 ] && [ "$nw" -gt 0 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/items")" -eq $((nf + nm + nw)) ]
	[ "$(head -n "$nf" "$BATS_TEST_TMPDIR/items" | grep -c '\[FAIL\]')" -eq "$nf" ]
	[ "$(sed -n "$((nf + 1)),$((nf + nm))p" "$BATS_TEST_TMPDIR/items" | grep -c '\[MISSING\]')" -eq "$nm" ]
	[ "$(tail -n "$nw" "$BATS_TEST_TMPDIR/items" | grep -c '\[WARN\]')" -eq "$nw" ]
	# Here no two cells share a difference: one finding per verdict.
	[ "$((nf + nm + nw))" -eq "$(jq -s '[.[] | select(.verdict == "FAIL" or .verdict == "MISSING" or .verdict == "WARN")] | length' "$VER")" ]
	# An item names metric, both values, both sources, the gap, the cells, what to do.
	grep -q '^[0-9]*\. \[WARN\] 1a Arrival rate (QPS) — qps.actual: sim 40 req/s (workloads/wwarn.yaml:4 aggregate\\_rate), real [0-9.]* req/s (baseline/wwarn/trace\\_data.csv send\\_time\\_us); gap [-+][0-9.]*% (tolerance ±5%)\..* In 1 cell: baseline/wwarn (\[§1\](#1-workload-parity))\. Do: Client-side ceiling' "$BATS_TEST_TMPDIR/items"
	# the rows of the tables point at their item
	n=$(grep -n '\[WARN\] 1a Arrival rate (QPS) — qps.actual' "$BATS_TEST_TMPDIR/items" | cut -d. -f1 | cut -d: -f2)
	grep -q "^| qps.actual | 40 req/s | .* | WARN (item $n) |" "$BATS_TEST_TMPDIR/r.md"
	# FAILs of the workload come before FAILs of another area; within an
	# area, the larger relative gap first (python, independently).
	jq -c 'select(.kind == "verdict" and .verdict == "FAIL") | .check = "5a" | .title = "Runtime" | .scope.workload = "wz"' "$VER" >"$BATS_TEST_TMPDIR/v2.ndjson"
	jq -c 'select(.kind == "verdict")' "$VER" >>"$BATS_TEST_TMPDIR/v2.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/v2.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v2.ndjson" >"$BATS_TEST_TMPDIR/r2.md" || true
	sed -n '/^## Action Items/,/^## 1\./p' "$BATS_TEST_TMPDIR/r2.md" | grep '^[0-9]*\. \[FAIL\]' | sed 's/^[0-9]*\. \[FAIL\] \([0-9a-h]*\) .*/\1/' | cut -c1 | uniq | tr -d '\n' | grep -qx 15
	python3 - "$BATS_TEST_TMPDIR/r2.md" "$BATS_TEST_TMPDIR/v2.ndjson" <<'PY'
import json, re, sys
md, vs = open(sys.argv[1]).read(), [json.loads(l) for l in open(sys.argv[2])]
def gap(v):
    e, a = (v.get("expected") or {}).get("value"), (v.get("actual") or {}).get("value")
    if not isinstance(e, (int, float)) or not isinstance(a, (int, float)) or isinstance(e, bool) or isinstance(a, bool):
        return 1.0 if e is None or a is None or e != a else 0.0
    big = max(abs(e), abs(a))
    return min(1.0, abs(a - e) / big) if big else 0.0
fails = [v for v in vs if v.get("verdict") == "FAIL" and v["check"].startswith("1")]
extra = lambda v: len([k for k in v.get("scope", {}) if k not in ("phase", "workload", "iteration")])
items = [l for l in md.split("## Action Items")[1].split("\n## 1.")[0].splitlines() if "[FAIL] 1" in l]
got = [re.match(r"\d+\. \[FAIL\] (\w+) .*? — ([^:]*?)(:| moved)", l).group(2) for l in items]
def mt(v):
    s = [f"{k}={x or '(none)'}" for k, x in v.get("scope", {}).items() if k not in ("phase", "workload", "iteration")]
    return (v.get("metric") or "(all)").replace("_", "\\_") + (" (" + ", ".join(s).replace("_", "\\_") + ")" if s else "")
ord_got = []
for g in got:
    m = [v for v in fails if mt(v) == g]
    ord_got.append(min((extra(v), -gap(v)) for v in m))
assert ord_got == sorted(ord_got), (got, ord_got)
PY
}

@test "findings: the same difference in several cells is one finding listing them" {
	# the same FAIL in a second phase: same values, same spec line, the
	# same file of each cell
	jq -c 'select(.kind == "verdict") | select(.scope.workload == "wfail")' "$VER" >"$BATS_TEST_TMPDIR/v2.ndjson"
	jq -c 'select(.kind == "verdict") | select(.scope.workload == "wfail") | .scope.phase = "treatment"
	    | if .actual.source.file then .actual.source.file |= sub("^baseline/"; "treatment/") else . end' "$VER" >>"$BATS_TEST_TMPDIR/v2.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/v2.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v2.ndjson" >"$BATS_TEST_TMPDIR/r.md" || true
	nf=$(jq -s '[.[] | select(.kind == "verdict" and .verdict == "FAIL")] | length' "$BATS_TEST_TMPDIR/v2.ndjson")
	[ "$(grep -c '^[0-9]*\. \[FAIL\]' "$BATS_TEST_TMPDIR/r.md")" -eq $((nf / 2)) ]
	[ "$(grep '^[0-9]*\. \[FAIL\]' "$BATS_TEST_TMPDIR/r.md" | grep -c 'In 2 cells: baseline/wfail, treatment/wfail')" -eq $((nf / 2)) ]
	# the second cell's identical table is pointed at, not written again
	grep -q '^The same table as in baseline/wfail\.$' "$BATS_TEST_TMPDIR/r.md"
	# a different value in the second cell is a finding of its own
	jq -c 'if .scope.phase == "treatment" and .metric == "qps.intended" then .actual.value = 31 else . end' "$BATS_TEST_TMPDIR/v2.ndjson" >"$BATS_TEST_TMPDIR/v3.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v3.ndjson" >"$BATS_TEST_TMPDIR/r3.md" || true
	[ "$(grep -c '^[0-9]*\. \[FAIL\] 1a Arrival rate (QPS) — qps.intended:' "$BATS_TEST_TMPDIR/r3.md")" -eq 2 ]
}

@test "headline: at most five lines above the Summary, what the run supports and what not" {
	"$R" --date 2026-01-01 "$VER" >"$BATS_TEST_TMPDIR/r.md" || true
	sed -n '/^\*\*Date/,/^Contents:/p' "$BATS_TEST_TMPDIR/r.md" | grep -v '^\*\*Date\|^Contents:\|^$' >"$BATS_TEST_TMPDIR/head"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/head")" -le 5 ]
	grep -qx '\*\*Does this run support the simulated experiment? No: [0-9]* FAIL, [0-9]* MISSING and [0-9]* WARN findings\.\*\*' "$BATS_TEST_TMPDIR/head"
	grep -q '^- Not as simulated: Workload — ' "$BATS_TEST_TMPDIR/head"
	grep -qx '\- Not judged: Config (not run); Signal (not run); Policy (not run); Runtime (not run); Alignment (not run)' "$BATS_TEST_TMPDIR/head"
	# all PASS: yes
	"$V" --checks 1 "$J/pass.ndjson" >"$BATS_TEST_TMPDIR/p.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/p.ndjson" >"$BATS_TEST_TMPDIR/p.md"
	grep -qx '\*\*Does this run support the simulated experiment? Yes: 0 FAIL, 0 MISSING and 0 WARN findings\.\*\*' "$BATS_TEST_TMPDIR/p.md"
	grep -q '^- As simulated: Workload' "$BATS_TEST_TMPDIR/p.md"
}

@test "-o writes atomically: no temporary left, old file kept on bad input" {
	out="$BATS_TEST_TMPDIR/dir/report.md"
	mkdir -p "$BATS_TEST_TMPDIR/dir"
	run --separate-stderr "$R" --date 2026-01-01 -o "$out" "$VER"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	"$R" --date 2026-01-01 "$VER" | cmp - "$out" || true
	[ "$("$R" --date 2026-01-01 "$VER" | md5sum)" = "$(md5sum <"$out")" ]
	[ "$(ls "$BATS_TEST_TMPDIR/dir")" = report.md ]
	printf 'not json\n' >"$BATS_TEST_TMPDIR/bad.ndjson"
	cp "$out" "$BATS_TEST_TMPDIR/before.md"
	run --separate-stderr "$R" -o "$out" "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	cmp "$out" "$BATS_TEST_TMPDIR/before.md"
	[ "$(ls "$BATS_TEST_TMPDIR/dir")" = report.md ]
	run --separate-stderr "$R" -o "$BATS_TEST_TMPDIR/no/such/dir/r.md" "$VER"
	[ "$status" -eq 2 ]
}

@test "bad input: not NDJSON, record without kind, truncated line, bad verdict" {
	printf 'nope\n' >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr "$R" "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == "s2r-report: $BATS_TEST_TMPDIR/bad.ndjson:1:"[0-9]*": expected a JSON record"* ]]
	printf '{"check":"1a"}\n' >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr "$R" "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == *"bad.ndjson:1:1: expected a JSON object with a string \"kind\"" ]]
	{ head -n 2 "$VER"; head -n 3 "$VER" | tail -n 1 | head -c 60; } >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr "$R" "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == *"bad.ndjson:3:"[0-9]*": expected a JSON record"* ]]
	printf '{"kind":"verdict","check":"9z","verdict":"PASS"}\n' >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr "$R" "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == *'bad.ndjson:1:1: verdict record: expected "check" to be a checklist id (1a ... A3), got "9z"' ]]
	printf '{"kind":"verdict","check":"1a","verdict":"OK"}\n' >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr "$R" "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
}

@test "no input, or nothing judged: no report, exit 2 (a dead producer is not an empty report)" {
	run --separate-stderr "$R" --date 2026-01-01 /dev/null
	assert_bad_input
	[ "$stderr" = "s2r-report: no verdicts: expected s2r-verdict's output, got no verdicts and no end record (did s2r-verdict fail?)" ]
	"$V" --checks 1 /dev/null >"$BATS_TEST_TMPDIR/none.ndjson"
	run --separate-stderr "$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/none.ndjson"
	assert_bad_input
	[ "$stderr" = "s2r-report: no verdicts: s2r-verdict judged nothing (its input held no records any check applies to)" ]
}

@test "the verdicts of one workload section, with the other sections empty (not run)" {
	jq -c 'select(.kind == "verdict" and .scope.workload == "wpass")' "$VER" >"$BATS_TEST_TMPDIR/v2.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/v2.ndjson"
	run --separate-stderr "$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v2.ndjson"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^No verdicts in this category: not run\.$')" -eq 5 ]
	[[ "$output" == *"No FAIL, MISSING or WARN verdicts: nothing to act on."* ]]
}

@test "--index: a bundle with a MISSING and no FAIL is counted and fails the index" {
	d="$BATS_TEST_TMPDIR/idx"
	mkdir -p "$d/bm" "$d/bp"
	"$V" --checks 1 -n "$J/pass.ndjson" "$J/missing.ndjson" >"$d/bm/verdicts.ndjson"
	"$V" --checks 1 -n "$J/pass.ndjson" >"$d/bp/verdicts.ndjson"
	nm=$(jq -s '[.[] | select(.verdict == "MISSING")] | length' "$d/bm/verdicts.ndjson")
	np=$(jq -s '[.[] | select(.verdict == "PASS")] | length' "$d/bm/verdicts.ndjson")
	[ "$nm" -gt 0 ]
	[ "$(jq -s '[.[] | select(.verdict == "FAIL")] | length' "$d/bm/verdicts.ndjson")" -eq 0 ]
	cd "$d"
	run --separate-stderr "$R" --index --date 2026-01-01 bm bp
	[ "$status" -eq 1 ]
	[[ "$output" == *"**Bundles**: 2: 1 with a FAIL or MISSING, 0 with WARN only, 1 clean, 0 failed to process"* ]]
	printf '%s\n' "$output" | grep -qF "| bm | MISSING | $np/0/0/$nm |"
	printf '%s\n' "$output" | grep -q '^| bm | MISSING |.*| MISSING 1a '
	run --separate-stderr "$R" --index --date 2026-01-01 bp
	[ "$status" -eq 0 ]
}

@test "aw samples: the report is at most a quarter of its old size a verdict, and one moved key is one finding" {
	need_samples
	O="$BATS_TEST_TMPDIR/aw"
	make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$S2R_SAMPLES/aw-sim" \
	    REAL="$S2R_SAMPLES/aw-real" OUT="$O" S2R_BIN="$S2R_BIN" >/dev/null 2>&1
	# 524292 bytes for 523 verdicts: the aw report.md at 0e99f57, before
	# findings (every fact as a bullet, a table row and a source line).
	# Checks added since add verdicts (each client's mean lengths), so
	# the bound is per verdict: a quarter of the old report's bytes each.
	local nv
	nv=$(jq -s 'map(select(.kind == "verdict")) | length' "$O/verdicts.ndjson")
	[ "$nv" -ge 523 ]
	[ "$(($(wc -c <"$O/report.md") * 523 * 4))" -le $((524292 * nv)) ]
	[ "$(wc -c <"$O/report.md")" -le $(($(wc -c <"$O/verdicts.ndjson") / 4)) ]
	# no verdict lost: a table row each, or its cell points at the same
	# table of an earlier cell (python, independently of the report)
	python3 - "$O/report.md" "$O/verdicts.ndjson" <<'PY'
import json, re, sys
md = open(sys.argv[1]).read().split("\n## Comparison")[0]
vs = [json.loads(l) for l in open(sys.argv[2]) if '"kind":"verdict"' in l]
cells, rows, pointers, block = {}, 0, {}, None
for v in vs:
    k = (v["check"], v["scope"].get("phase"), v["scope"].get("workload"))
    cells[k] = cells.get(k, 0) + 1
phase = wl = None
for line in md.splitlines():
    if line.startswith("### Workload: "): wl, phase = line[14:].replace("\\_", "_"), None
    elif line.startswith("### Bundle-wide"): wl, phase = None, None
    elif line.startswith("#### Phase: "): phase = line[12:].replace("\\_", "_")
    m = re.match(r"\*\*(\w+)\. ", line)
    if m: block = (m.group(1), phase, wl)
    if line.startswith("The same table as in "): pointers[block] = 1
    if re.match(r"^\| .* \| (PASS|WARN|FAIL|not judged|MISSING)( \(item \d+\))? \| [^|]* \|$", line): rows += 1
assert rows + sum(cells[b] for b in pointers) == len(vs), (rows, len(vs))
PY
	# the moved key: two one-sided FAIL verdicts in each of three cells
	[ "$(jq -s '[.[] | select(.check == "2d" and .verdict == "FAIL")] | length' "$O/verdicts.ndjson")" -eq 6 ]
	sed -n '/^## Action Items/,/^## 1\./p' "$O/report.md" | grep speculativeIndexing >"$BATS_TEST_TMPDIR/moved"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/moved")" -eq 1 ]
	grep -q '^\([0-9]*\)\. \[FAIL\] 2d .* speculativeIndexing moved: sim true (config.md:27 plugins\\\[ppc\\\].parameters.indexerConfig.speculativeIndexing) → real true (generated/baseline\\_config.yaml:15 plugins\\\[ppc\\\].parameters.speculativeIndexing)\. In 3 cells: baseline/w1\\_prefix\\_to\\_load\\_shift, baseline/w2\\_stationary, baseline/w3\\_multi\\_prefix\\_contention' "$BATS_TEST_TMPDIR/moved"
	n=$(cut -d. -f1 "$BATS_TEST_TMPDIR/moved")
	# the rows point at that item (the other cells at the same table)
	[ "$(grep -c "| exact | FAIL (item $n) |" "$O/report.md")" -eq 2 ]
	[ "$(grep -c '^The same table as in baseline/w1\\_prefix\\_to\\_load\\_shift\.$' "$O/report.md")" -gt 0 ]
	# no doubled words, no "found in 0 files" (fixed where they came from)
	[ "$(grep -c 'aggregate\\\?_rate: aggregate\\\?_rate\|epp.plugin.parameter: epp.plugin.parameter\| 0 files' "$O/report.md")" -eq 0 ]
	make -s -f "$S2R_TOP/pipelines/parity.mk" SIM="$S2R_SAMPLES/aw-sim" \
	    REAL="$S2R_SAMPLES/aw-real" OUT="$O" S2R_BIN="$S2R_BIN" html >/dev/null 2>&1
	[ "$(grep -c 'aggregate_rate: aggregate_rate\|epp.plugin.parameter: epp.plugin.parameter\| 0 files' "$O/report.html")" -eq 0 ]
	grep -q 'no files to search' "$O/report.md"
	# real files are labelled real: the server logs of both arms
	[ "$(grep -c '| sim server\\_logs/' "$O/report.md")" -eq 0 ]
	grep -q '; real server\\_logs/sim2real-aw-decode-[0-9a-z-]*\\_vllm.log:' "$O/report.md"
}

@test "past 4 MiB of verdicts: the lines go to TMPDIR and the report is whole; no TMPDIR to write in is exit 2 and no report" {
	big="$BATS_TEST_TMPDIR/big.ndjson"
	# 64 replicas of every workload: 4.5 MB of verdict lines
	jq -c 'select(.kind == "verdict") as $v | range(64) as $i | $v |
	    .scope.workload |= (if . == null then . else "\(.)-r\($i)" end)' \
	    "$VER" >"$big"
	n=$(wc -l <"$big")
	[ "$(wc -c <"$big")" -gt 4194304 ]
	echo "{\"kind\":\"end\",\"tool\":\"s2r-verdict\",\"verdicts\":$n}" >>"$big"
	run --separate-stderr "$R" --date 2026-01-01 -o "$BATS_TEST_TMPDIR/big.md" "$big"
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	# every verdict counted, as jq counts them, and every workload's section
	got=$(sed -n 's/^Verdict rows: \([0-9]*\) PASS, \([0-9]*\) WARN, \([0-9]*\) FAIL, \([0-9]*\) INAPPLICABLE (not judged), \([0-9]*\) MISSING\.$/\1 \2 \3 \4 \5/p' \
	    "$BATS_TEST_TMPDIR/big.md")
	want=$(jq -rs 'map(select(.kind == "verdict")) as $v |
	    ["PASS", "WARN", "FAIL", "INAPPLICABLE", "MISSING"] |
	    map(. as $x | $v | map(select(.verdict == $x)) | length) | join(" ")' "$big")
	[ "$got" = "$want" ]
	"$R" --date 2026-01-01 "$VER" >"$BATS_TEST_TMPDIR/one.md" || true
	[ "$(grep -c '^### Workload: ' "$BATS_TEST_TMPDIR/big.md")" -eq \
	    $((64 * $(grep -c '^### Workload: ' "$BATS_TEST_TMPDIR/one.md"))) ]
	# the last section is there, whole: its table ends the Workload Parity part
	[ "$(grep -c '^## ' "$BATS_TEST_TMPDIR/big.md")" -eq "$(grep -c '^## ' "$BATS_TEST_TMPDIR/one.md")" ]
	TMPDIR=/nonexistent run --separate-stderr "$R" --date 2026-01-01 -o "$BATS_TEST_TMPDIR/big2.md" "$big"
	assert_bad_input
	[[ "$stderr" == "s2r-report: cannot create a temporary file in /nonexistent: "* ]]
	[ ! -e "$BATS_TEST_TMPDIR/big2.md" ]
}
