#!/usr/bin/env bats
# s2r-verdict: checks 1a-1g over hand-written expect/measure records.
load helpers
bats_require_minimum_version 1.5.0

J="$FIXTURES/judge"

setup() {
	V="$S2R_BIN/s2r-verdict"
	OUT="$BATS_TEST_TMPDIR/v.ndjson"
}

# The workload rules only: other areas' rules (config, runtime, ...) say
# MISSING for these workload-only fixtures, which is theirs to test.
verdict() {
	"$S2R_BIN/s2r-verdict" --checks 1 "$@"
}

# verdicts_of FILE WORKLOAD CHECK: the distinct verdict values, sorted.
verdicts_of() {
	jq -r --arg w "$2" --arg c "$3" \
	    'select(.scope.workload == $w and .check == $c) | .verdict' "$1" |
	    sort -u | tr '\n' ' '
}

# has_verdict FILE WORKLOAD CHECK VERDICT
has_verdict() {
	local got
	got=$(verdicts_of "$1" "$2" "$3")
	case " $got" in
	*" $4 "*) return 0 ;;
	esac
	echo "$3 in $2: want $4, got: $got"
	return 1
}

@test "--help and --version" {
	run "$V" --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run "$V" --version
	[ "$status" -eq 0 ]
	[ "$output" = "s2r-verdict 0.1.0" ]
}

@test "PASS for every check 1a-1g; exit 0 without FAIL" {
	run --separate-stderr verdict "$J/pass.ndjson"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$OUT"
	for c in 1a 1b 1c 1d 1e 1f 1g; do
		has_verdict "$OUT" wpass "$c" PASS
	done
	# Nothing but PASS, plus the informational merged CV and 1h (no
	# measurement protocol in these records).
	[ "$(jq -r 'select(.kind == "verdict" and .verdict != "PASS") | .metric' "$OUT" | tr '\n' ' ')" = "iat.cv_merged measurement.protocol " ]
	validate_records "$OUT"
}

@test "WARN for every check 1a-1g" {
	verdict "$J/warn.ndjson" >"$OUT"
	for c in 1a 1b 1c 1d 1e 1f 1g; do
		has_verdict "$OUT" wwarn "$c" WARN
	done
	# 1a: the client-side ceiling, with an action saying what to do.
	run jq -r 'select(.check == "1a" and .verdict == "WARN") | .metric + " " + .action' "$OUT"
	[[ "$output" == "qps.actual Client-side ceiling"* ]]
	# Every WARN and FAIL carries an action.
	[ "$(jq -s '[.[] | select(.verdict == "WARN" or .verdict == "FAIL") | select(.action == null)] | length' "$OUT")" -eq 0 ]
	validate_records "$OUT"
}

@test "FAIL for every check 1a-1g; exit 1" {
	run --separate-stderr verdict "$J/fail.ndjson"
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" >"$OUT"
	for c in 1a 1b 1c 1d 1e 1f 1g; do
		has_verdict "$OUT" wfail "$c" FAIL
	done
	# A class on one side only is a FAIL that says so.
	run jq -r 'select(.scope.class == "batch") | .verdict + " " + .why' "$OUT"
	[[ "$output" == 'FAIL class "batch" is in the trace'*'no such class.' ]]
	validate_records "$OUT"
}

@test "--no-fail-status exits 0 with FAIL or MISSING verdicts" {
	run --separate-stderr verdict --no-fail-status "$J/fail.ndjson"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | jq -s '[.[] | select(.verdict == "FAIL")] | length')" -gt 0 ]
	run --separate-stderr verdict --no-fail-status "$J/missing.ndjson"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | jq -s '[.[] | select(.verdict == "MISSING")] | length')" -gt 0 ]
	# --help says so
	run "$V" --help
	[[ "$output" == *"FAIL or MISSING"* ]]
}

@test "INAPPLICABLE for every check 1a-1g, with the expectation's why" {
	verdict "$J/inapplicable.ndjson" >"$OUT"
	for c in 1a 1b 1c 1d 1e 1f 1g; do
		has_verdict "$OUT" winapp "$c" INAPPLICABLE
	done
	run jq -r 'select(.check == "1b") | .why' "$OUT"
	[ "$output" = "Not comparable: lifecycle windows make the aggregate class mix time-dependent" ]
	# The merged CV is evidence only: never PASS/FAIL, expected null.
	run jq -c 'select(.metric == "iat.cv_merged") | [.verdict, .expected, .actual.value]' "$OUT"
	[ "$output" = '["INAPPLICABLE",null,0.9]' ]
	validate_records "$OUT"
}

@test "MISSING for every check 1a-1g, naming what and where from" {
	run --separate-stderr verdict "$J/missing.ndjson"
	# MISSING fails the run as a FAIL does: nothing here is FAIL
	[ "$status" -eq 1 ]
	printf '%s\n' "$output" >"$OUT"
	[ "$(jq -s '[.[] | select(.verdict == "FAIL")] | length' "$OUT")" -eq 0 ]
	for c in 1a 1b 1c 1d 1e 1f 1g; do
		has_verdict "$OUT" wmiss "$c" MISSING
		# A workload only the sim side has: one MISSING per check.
		[ "$(jq -r --arg c "$c" 'select(.scope.workload == "wonly" and .check == $c) | .verdict' "$OUT")" = MISSING ]
	done
	run jq -r 'select(.scope.workload == "wmiss" and .metric == "qps.actual") | .why' "$OUT"
	[[ "$output" == *"No measurement of qps.actual in baseline/wmiss"*"s2r-trace-stats"*"send_time_us"* ]]
	run jq -r 'select(.scope.workload == "wmiss" and .metric == "streaming.fraction") | .why' "$OUT"
	[[ "$output" == *"No expectation for streaming.fraction"*"s2r-expect"* ]]
	validate_records "$OUT"
}

@test "values, diffs and sources match the records (independent jq arithmetic)" {
	cat "$J"/*.ndjson | verdict --no-fail-status >"$OUT"
	# diff in % = (actual - expected) / expected * 100 for qps.
	run jq -r 'select(.metric == "qps.actual" and .diff != null) |
	    [.scope.workload, .diff.value, ((.actual.value - .expected.value) / .expected.value * 100)] |
	    select((.[1] - .[2]) | fabs > 1e-6) | .[0]' "$OUT"
	[ -z "$output" ]
	# pp for fractions.
	run jq -r 'select(.metric == "class.fraction" and .diff != null) |
	    select((.diff.value - (.actual.value - .expected.value) * 100) | fabs > 1e-6) | .scope.class' "$OUT"
	[ -z "$output" ]
	# Sources are copied from the input records.
	run jq -r 'select(.scope.workload == "wpass" and .metric == "qps.intended") |
	    .expected.source.file + ":" + (.expected.source.line | tostring) + " " + .actual.source.field' "$OUT"
	[ "$output" = "workloads/wpass.yaml:4 arrival_time_us" ]
}

@test "why reads like the spec's sentence" {
	verdict "$J/pass.ndjson" >"$OUT"
	run jq -r 'select(.metric == "qps.intended") | .why' "$OUT"
	[[ "$output" == "Expected 40 req/s (from workloads/wpass.yaml:4 aggregate_rate: the configured value), measured 40.2 req/s (from baseline/wpass/trace_data.csv arrival_time_us"*"Difference: +0.5% (tolerance ±5%). 4800 requests over 119.4 s."* ]]
}

@test "output is sorted by check, cell, sub-scope and byte-identical across runs and input order" {
	cat "$J/pass.ndjson" "$J/fail.ndjson" | verdict --no-fail-status >"$OUT"
	tac "$J/fail.ndjson" | cat - "$J/pass.ndjson" | verdict --no-fail-status >"$OUT.2"
	cmp "$OUT" "$OUT.2"
	run sh -c "jq -r 'select(.kind == \"verdict\") | .check' '$OUT' | sort -c"
	[ "$status" -eq 0 ]
	# within a check, wfail sorts before wpass (same phase).
	[ "$(jq -r 'select(.check == "1a") | .scope.workload' "$OUT" | uniq | tr '\n' ' ')" = "wfail wpass " ]
}

@test "an expect with no phase applies to every phase of its workload" {
	sed 's/"phase":"baseline"/"phase":"treatment"/' "$J/pass.ndjson" |
	    grep '"kind":"measure"' | cat "$J/pass.ndjson" - | verdict >"$OUT"
	[ "$(jq -r 'select(.check == "1a" and .metric == "qps.actual") | .scope.phase + " " + .verdict' "$OUT" | tr '\n' ' ')" = "baseline PASS treatment PASS " ]
}

@test "a tolerance override file changes a verdict" {
	printf 'workload:\n  tokens_mean_pct: 20\n' >"$BATS_TEST_TMPDIR/t.yaml"
	verdict --no-fail-status "$J/fail.ndjson" >"$OUT"
	verdict --no-fail-status --tolerances "$BATS_TEST_TMPDIR/t.yaml" "$J/fail.ndjson" >"$OUT.2"
	[ "$(jq -r 'select(.metric == "input_tokens.mean") | .verdict + " " + .tolerance' "$OUT")" = "FAIL ±5%" ]
	[ "$(jq -r 'select(.metric == "input_tokens.mean") | .verdict + " " + .tolerance' "$OUT.2")" = "PASS ±20%" ]
}

@test "pipelines/tolerances.yaml lists every default: same verdicts as none" {
	verdict --no-fail-status "$J/fail.ndjson" "$J/warn.ndjson" >"$OUT"
	verdict --no-fail-status -t "$S2R_TOP/pipelines/tolerances.yaml" "$J/fail.ndjson" "$J/warn.ndjson" >"$OUT.2"
	cmp "$OUT" "$OUT.2"
	# Every key documented: the file's keys are exactly those --help-tolerances knows.
	run /usr/bin/python3 -c '
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
print(" ".join(sorted(s + "." + k for s in d for k in d[s])))' "$S2R_TOP/pipelines/tolerances.yaml"
	[ "$(echo "$output" | wc -w)" -eq 44 ]
}

@test "unknown tolerance key: file:line:column, exit 2" {
	printf 'workload:\n  rate_pct: 5\n  rate_pc: 3\n' >"$BATS_TEST_TMPDIR/t.yaml"
	run --separate-stderr verdict -t "$BATS_TEST_TMPDIR/t.yaml" "$J/pass.ndjson"
	assert_bad_input
	[[ "$stderr" == "s2r-verdict: $BATS_TEST_TMPDIR/t.yaml:3:3: expected a known tolerance key in workload, got \"rate_pc\"" ]]
}

@test "bad tolerance values and sections: file:line:column, exit 2" {
	printf 'workload:\n  rate_pct: lots\n' >"$BATS_TEST_TMPDIR/t.yaml"
	run --separate-stderr verdict -t "$BATS_TEST_TMPDIR/t.yaml" "$J/pass.ndjson"
	assert_bad_input
	[[ "$stderr" == *"t.yaml:2:13: workload.rate_pct: expected a non-negative number, got \"lots\"" ]]
	printf 'routing:\n  spread: 1\n' >"$BATS_TEST_TMPDIR/t.yaml"
	run --separate-stderr verdict -t "$BATS_TEST_TMPDIR/t.yaml" "$J/pass.ndjson"
	assert_bad_input
	[[ "$stderr" == *"t.yaml:1:1: expected a tolerance section"* ]]
	printf 'workload:\n  poisson_cv_min: 2\n' >"$BATS_TEST_TMPDIR/t.yaml"
	run --separate-stderr verdict -t "$BATS_TEST_TMPDIR/t.yaml" "$J/pass.ndjson"
	assert_bad_input
}

@test "--checks selects checks and areas; a bad list is a usage error" {
	"$V" --checks 1a,1f "$J/pass.ndjson" >"$OUT"
	[ "$(jq -r 'select(.kind == "verdict") | .check' "$OUT" | sort -u | tr '\n' ' ')" = "1a 1f " ]
	"$V" --checks 1 "$J/pass.ndjson" >"$OUT"
	[ "$(jq -r 'select(.kind == "verdict") | .check' "$OUT" | sort -u | wc -l)" -eq 8 ]
	"$V" --checks 5 -n "$J/pass.ndjson" >"$OUT"
	[ "$(jq -r 'select(.kind == "verdict") | .check' "$OUT" | grep -vc '^5')" -eq 0 ]
	run --separate-stderr "$V" --checks 1z "$J/pass.ndjson"
	assert_bad_input
	[[ "$stderr" == *'got "1z"'* ]]
}

@test "unknown kinds are passed over; stdin works" {
	{ echo '{"kind":"kernel","name":"x"}'; cat "$J/pass.ndjson"; } | verdict - >"$OUT"
	verdict "$J/pass.ndjson" | cmp - "$OUT"
}

@test "bad input: not NDJSON" {
	printf '%s\n' '{"kind":"expect","check":"1a","metric":"qps.intended","value":40}' 'not json' >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr verdict "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == "s2r-verdict: $BATS_TEST_TMPDIR/bad.ndjson:2:"[0-9]*": expected a JSON record"* ]]
}

@test "bad input: record without kind" {
	printf '%s\n' '{"check":"1a"}' >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr verdict "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == *"bad.ndjson:1:1: expected a JSON object with a string \"kind\"" ]]
}

@test "bad input: truncated last line" {
	head -c 150 "$J/pass.ndjson" >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr verdict "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == *"bad.ndjson:1:"[0-9]*": expected a JSON record"* ]]
}

@test "bad input: expect without metric, scope not an object" {
	printf '%s\n' '{"kind":"expect","check":"1a","value":1}' >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr verdict "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
	[[ "$stderr" == *'bad.ndjson:1:1: expect record: expected a string "metric", got none' ]]
	printf '%s\n' '{"kind":"measure","check":"1a","metric":"qps.actual","scope":["x"]}' >"$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr verdict "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_bad_input
}

@test "unreadable input file: exit 2" {
	run --separate-stderr verdict "$BATS_TEST_TMPDIR/nope.ndjson"
	assert_bad_input
}

@test "empty input: no verdicts, exit 0, and the end record counts none" {
	run --separate-stderr verdict /dev/null
	[ "$status" -eq 0 ]
	[ "$output" = '{"kind":"end","tool":"s2r-verdict","verdicts":0}' ]
}

# many FILE N: the pass fixture's records for N workloads (wpass1..N).
many() {
	local i=1
	while [ "$i" -le "$2" ]; do
		sed "s/\"wpass\"/\"wpass$i\"/; s|/wpass|/wpass$i|g" "$J/pass.ndjson"
		i=$((i + 1))
	done >"$1"
}

@test "verdicts past 4 MiB go through a temporary file in TMPDIR, which is gone after; none there is one clear line" {
	many "$BATS_TEST_TMPDIR/in.ndjson" 400
	mkdir "$BATS_TEST_TMPDIR/tmp"
	TMPDIR="$BATS_TEST_TMPDIR/tmp" "$V" -n "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
	[ "$(wc -c <"$OUT")" -gt $((4 * 1024 * 1024)) ]
	[ -z "$(ls -A "$BATS_TEST_TMPDIR/tmp")" ]
	# every workload judged alike, in order, and the stream is whole
	[ "$(jq -r 'select(.kind == "verdict" and .check == "1a") | .scope.workload' "$OUT" | uniq | wc -l)" -eq 400 ]
	[ "$(jq -s '[.[] | select(.kind == "verdict" and .scope.workload != null)] | group_by(.scope.workload) | map(length) | unique | length' "$OUT")" -eq 1 ]
	[ "$(tail -n 1 "$OUT" | jq -r .kind)" = end ]
	# the same verdicts as one workload's run, renamed
	"$V" -n "$J/pass.ndjson" | jq -c 'select(.kind == "verdict")' |
	    sed 's/"wpass"/"wpass7"/; s|/wpass|/wpass7|g' | jq -c 'select(.scope.workload == "wpass7")' >"$BATS_TEST_TMPDIR/one"
	jq -c 'select(.kind == "verdict" and .scope.workload == "wpass7")' "$OUT" |
	    diff - "$BATS_TEST_TMPDIR/one"
	run --separate-stderr env TMPDIR=/nonexistent/s2r "$V" -n "$BATS_TEST_TMPDIR/in.ndjson"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "s2r-verdict: cannot create a temporary file in /nonexistent/s2r: No such file or directory" ]
}

@test "1c server_input_tokens.ratio: within 5% PASS, to 10% WARN, beyond FAIL; none, no verdict" {
	# the trace-stats record of a cell, its ratio set per run
	ratio() {
		jq -c --argjson r "$1" 'select(.kind == "measure" and
		    .metric == "input_tokens.mean") | .metric =
		    "server_input_tokens.ratio" | .value = $r | del(.unit) |
		    .source.field = "server_input_tokens"' "$J/pass.ndjson" |
		    cat "$J/pass.ndjson" - >"$BATS_TEST_TMPDIR/in.ndjson"
		verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
		validate_records "$OUT"
		jq -r 'select(.metric == "server_input_tokens.ratio") |
		    .verdict' "$OUT"
	}
	[ "$(ratio 1.049)" = PASS ]
	[ "$(ratio 0.951)" = PASS ]
	[ "$(ratio 1.08)" = WARN ]
	[ "$(ratio 0.92)" = WARN ]
	[ "$(ratio 1.3)" = FAIL ]
	[ "$(ratio 0.7)" = FAIL ]
	jq -c 'select(.metric == "server_input_tokens.ratio")' "$OUT" | jq -e '
	    .expected.value == 1 and (.diff.value * 1000 | round) == -30000
	    and .tolerance == "±5% (WARN to ±10%)" and .action != null and
	    (.why | test("another tokenizer"))'
	verdict --no-fail-status "$J/pass.ndjson" >"$OUT"
	[ -z "$(jq -r 'select(.metric == "server_input_tokens.ratio")' "$OUT")" ]
}

@test "1g iat.cv_send: the send times held to the client's process like its arrivals; none, no verdict" {
	# sends CV1 CV2 CV3: clients c1 (poisson), c2 (constant), c3 (gamma
	# cv 2) sent with these CVs (send_time_us), arrivals as pass.ndjson
	sends() {
		jq -c --argjson v "[$1, $2, $3]" 'select(.kind == "measure" and
		    .metric == "iat.cv") | .metric = "iat.cv_send" |
		    .value = $v[(.scope.client | ltrimstr("c") | tonumber) - 1] |
		    .source.field = "send_time_us"' "$J/pass.ndjson" |
		    cat "$J/pass.ndjson" - >"$BATS_TEST_TMPDIR/in.ndjson"
		verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
		validate_records "$OUT"
		jq -r 'select(.metric == "iat.cv_send") | .scope.client + " " +
		    .verdict' "$OUT" | tr '\n' ' '
	}
	[ "$(sends 1.03 0.05 2.2)" = "c1 PASS c2 PASS c3 PASS " ]
	# a generator batching its sends on a timer: every CV far too high
	[ "$(sends 2.0 0.5 3.0)" = "c1 FAIL c2 FAIL c3 FAIL " ]
	jq -c 'select(.metric == "iat.cv_send" and .scope.client == "c1")' \
	    "$OUT" | jq -e '.actual.source.field == "send_time_us" and
	    .expected.value == 1 and .tolerance == "0.8-1.2" and
	    (.why | test("send times")) and .action != null'
	verdict --no-fail-status "$J/pass.ndjson" >"$OUT"
	[ -z "$(jq -r 'select(.metric == "iat.cv_send")' "$OUT")" ]
}
