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

# summary_cell REPORT CATEGORY COLUMN(1-based after the name)
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
	# Sections in order, each present even when empty.
	[ "$(grep '^## ' "$BATS_TEST_TMPDIR/r.md" | tr '\n' '|')" = "## Summary|## 1. Workload Parity|## 2. Config Parity|## 3. Signal Parity|## 4. Policy Parity|## 5. Runtime Analysis|## 6. Alignment (Sim vs Framework)|## Action Items|" ]
	[ "$(grep -c '^No verdicts in this category: not run\.$' "$BATS_TEST_TMPDIR/r.md")" -eq 5 ]
	grep -qx '### Workload: wpass' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '#### Phase: baseline' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '\*\*1a\. Arrival rate (QPS)\*\* — PASS' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '| Metric | Sim Spec | Real Trace | Diff | Tolerance | Verdict |' "$BATS_TEST_TMPDIR/r.md"
	grep -qx '| qps.intended | 40 req/s | 40.2 req/s | +0.5% | ±5% | PASS |' "$BATS_TEST_TMPDIR/r.md"
	# The plain-English sentence with its sources.
	grep -q '^- qps.intended: Expected 40 req/s (from workloads/wpass.yaml:4 aggregate\\_rate: the configured value), measured 40.2 req/s' "$BATS_TEST_TMPDIR/r.md"
	grep -q '^- qps.intended: sim workloads/wpass.yaml:4 aggregate\\_rate: the configured value; real baseline/wpass/trace\\_data.csv arrival\\_time\\_us' "$BATS_TEST_TMPDIR/r.md"
}

@test "summary counts equal jq counts over the verdicts" {
	"$R" --date 2026-01-01 "$VER" >"$BATS_TEST_TMPDIR/r.md" || true
	col=1
	for v in PASS WARN FAIL INAPPLICABLE MISSING; do
		want=$(jq -s --arg v "$v" '[.[] | select(.verdict == $v and (.check | startswith("1")))] | length' "$VER")
		[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Workload "$col")" = "$want" ]
		total=$(jq -s --arg v "$v" '[.[] | select(.verdict == $v)] | length' "$VER")
		[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Total "$col")" = "$total" ]
		[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Config "$col")" = 0 ]
		col=$((col + 1))
	done
	# One table row per verdict.
	[ "$(grep -v '^| Category' "$BATS_TEST_TMPDIR/r.md" | grep -cE '\| (PASS|WARN|FAIL|INAPPLICABLE|MISSING) \|$')" -eq "$(grep -c '"kind":"verdict"' "$VER")" ]
}

@test "categories come from the check id" {
	jq -c 'select(.check == "1a") | .check = "2b" | .title = "Instance count"' "$VER" >"$BATS_TEST_TMPDIR/v2.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/v2.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v2.ndjson" >"$BATS_TEST_TMPDIR/r.md" || true
	n=$(jq -s '[.[] | select(.verdict == "PASS")] | length' "$BATS_TEST_TMPDIR/v2.ndjson")
	[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Config 1)" = "$n" ]
	[ "$(summary_cell "$BATS_TEST_TMPDIR/r.md" Workload 1)" = 0 ]
	grep -qx '\*\*2b\. Instance count\*\* — .*' "$BATS_TEST_TMPDIR/r.md"
	grep -q '| Metric | Expected | Actual | Diff | Tolerance | Verdict |' "$BATS_TEST_TMPDIR/r.md"
}

@test "values from logs or YAML cannot break a table cell" {
	jq -c 'select(.metric == "qps.intended" and .scope.workload == "wpass") |
	    .expected.value = "a|b <script>alert(1)</script>\nnext `code` *x* _y_" |
	    .metric = "odd|metric"' "$VER" >"$BATS_TEST_TMPDIR/v2.ndjson"
	verdict_end "$BATS_TEST_TMPDIR/v2.ndjson"
	"$R" --date 2026-01-01 "$BATS_TEST_TMPDIR/v2.ndjson" >"$BATS_TEST_TMPDIR/r.md"
	row=$(grep '^| odd' "$BATS_TEST_TMPDIR/r.md")
	# One line, and exactly 7 unescaped pipes (6 cells).
	[ "$(printf '%s\n' "$row" | wc -l)" -eq 1 ]
	[ "$(printf '%s' "$row" | sed 's/\\|//g' | tr -cd '|' | wc -c)" -eq 7 ]
	[[ "$row" == *'a\|b &lt;script&gt;alert(1)&lt;/script&gt;<br>next \`code\` \*x\* \_y\_'* ]]
	! grep -q '<script>' "$BATS_TEST_TMPDIR/r.md"
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
	# and the Summary counts it
	[ "$(summary_cell "$BATS_TEST_TMPDIR/m.md" Total 5)" -eq "$(jq -s '[.[] | select(.verdict == "MISSING")] | length' "$BATS_TEST_TMPDIR/m.ndjson")" ]
	run --separate-stderr "$R" --date 2026-13-01 "$VER"
	assert_bad_input
	run --separate-stderr "$R" --format pdf "$VER"
	assert_bad_input
	SOURCE_DATE_EPOCH=soon run --separate-stderr "$R" "$VER"
	assert_bad_input
}

@test "Action Items list every FAIL, then every MISSING, then every WARN, with what to do" {
	"$R" --date 2026-01-01 "$VER" >"$BATS_TEST_TMPDIR/r.md" || true
	sed -n '/^## Action Items/,$p' "$BATS_TEST_TMPDIR/r.md" | grep -E '^[0-9]+\. ' >"$BATS_TEST_TMPDIR/items"
	nf=$(jq -s '[.[] | select(.verdict == "FAIL")] | length' "$VER")
	nm=$(jq -s '[.[] | select(.verdict == "MISSING")] | length' "$VER")
	nw=$(jq -s '[.[] | select(.verdict == "WARN")] | length' "$VER")
	[ "$nm" -gt 0 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/items")" -eq $((nf + nm + nw)) ]
	[ "$(head -n "$nf" "$BATS_TEST_TMPDIR/items" | grep -c '\[FAIL\]')" -eq "$nf" ]
	[ "$(sed -n "$((nf + 1)),$((nf + nm))p" "$BATS_TEST_TMPDIR/items" | grep -c '\[MISSING\]')" -eq "$nm" ]
	[ "$(tail -n "$nw" "$BATS_TEST_TMPDIR/items" | grep -c '\[WARN\]')" -eq "$nw" ]
	grep -q '\[WARN\] 1a Arrival rate (QPS) (baseline/wwarn, qps.actual): Client-side ceiling' "$BATS_TEST_TMPDIR/items"
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
