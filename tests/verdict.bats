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

# bursty W CLASS-ACTUAL MEAN-ACTUAL RATE-ACTUAL [no]: records of a cell of
# 1800 rows whose spec has a bursty client (s2r-expect's sd1 and the
# duration's sd); "no" leaves sd1 out (a spec of poisson clients).
bursty() {
	local sd1='"sd1":0.6316644679,' msd1='"sd1":243,'
	[ "${5:-}" = no ] && sd1='' msd1=''
	cat <<EOF
{"kind":"expect","check":"1b","metric":"class.fraction","value":0.3,${sd1}"unit":"fraction","scope":{"workload":"$1","class":"critical"},"source":{"file":"w.yaml","line":9,"field":"rate_fraction","how":"share"}}
{"kind":"measure","check":"1b","metric":"class.fraction","value":$2,"unit":"fraction","n":1800,"scope":{"phase":"p","workload":"$1","class":"critical"},"source":{"file":"t.csv","field":"slo_class","how":"rows"}}
{"kind":"expect","check":"1c","metric":"input_tokens.mean","value":300,${msd1}"unit":"tokens","scope":{"workload":"$1"},"source":{"file":"w.yaml","line":12,"field":"input_distribution","how":"mixture"}}
{"kind":"expect","check":"1c","metric":"input_tokens.stdev","value":150,"unit":"tokens","scope":{"workload":"$1"},"source":{"file":"w.yaml","line":12,"field":"input_distribution","how":"mixture"}}
{"kind":"measure","check":"1c","metric":"input_tokens.mean","value":$3,"unit":"tokens","n":1800,"scope":{"phase":"p","workload":"$1"},"source":{"file":"t.csv","field":"input_tokens","how":"mean"}}
{"kind":"expect","check":"1a","metric":"qps.intended","value":15,"unit":"req/s","scope":{"workload":"$1"},"source":{"file":"w.yaml","line":4,"field":"aggregate_rate","how":"configured"}}
{"kind":"expect","check":"1a","metric":"run.duration_us","value":120000000,"sd":3000000,"unit":"us","scope":{"workload":"$1"},"source":{"file":"w.yaml","line":5,"field":"num_requests","how":"when generation stops"}}
{"kind":"measure","check":"1a","metric":"qps.intended","value":$4,"unit":"req/s","n":1800,"scope":{"phase":"p","workload":"$1"},"source":{"file":"t.csv","field":"arrival_time_us","how":"rows / span"}}
EOF
}

@test "bursty clients: a share, a mean length and the rate outside the tolerance but within three standard errors of the arrivals' chance are WARN, beyond FAIL" {
	# Standard errors by hand, n = 1800 (sqrt 42.43): the share 0.6317 /
	# 42.43 = 1.489 pp (3 SE 4.47 pp; binomial sqrt(0.21) / 42.43: 3.24
	# pp); the mean 243 / 42.43 = 5.73 tokens (3 SE 17.2; stdev 150: 10.6);
	# the rate 15 req/s x 3e6 / 120e6 = 0.375 req/s (3 SE 1.125).
	{
		bursty near 0.26 316 15.9
		bursty far 0.25 320 16.5
		bursty poisson 0.26 316 15.9 no
	} >"$BATS_TEST_TMPDIR/in.ndjson"
	verdict "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT" || true
	validate_records "$OUT"
	got() {	# got WORKLOAD METRIC: its verdict
		jq -r --arg w "$1" --arg m "$2" 'select(.kind == "verdict" and
		    .scope.workload == $w and .metric == $m and
		    (.scope.class // "critical") == "critical") | .verdict' "$OUT"
	}
	[ "$(got near class.fraction)" = WARN ]
	[ "$(got near input_tokens.mean)" = WARN ]
	[ "$(got near qps.intended)" = WARN ]
	[ "$(got far class.fraction)" = FAIL ]
	[ "$(got far input_tokens.mean)" = FAIL ]
	[ "$(got far qps.intended)" = FAIL ]
	# without sd1 the share and the mean are poisson's (narrower): FAIL
	[ "$(got poisson class.fraction)" = FAIL ]
	[ "$(got poisson input_tokens.mean)" = FAIL ]
	# each WARN says why, with its band
	jq -r 'select(.scope.workload == "near" and .metric == "class.fraction") | .why' "$OUT" |
	    grep -qF 'three standard errors: 4.467 pp'
	jq -r 'select(.scope.workload == "near" and .metric == "input_tokens.mean") | .why' "$OUT" |
	    grep -qF 'three standard errors: 17.18 tokens'
	jq -r 'select(.scope.workload == "near" and .metric == "qps.intended") | .why' "$OUT" |
	    grep -qF "within the chance of the clients' arrival processes at this run's size (three standard errors: 1.125 req/s)"
}

@test "noise of the sample itself: a token stdev within three of its se, a client's CV within three standard errors of its chance, a mean of lengths without a finite variance, are WARN; beyond FAIL" {
	tok() {	# tok W ACTUAL [SE]
		printf '{"kind":"expect","check":"1c","metric":"input_tokens.stdev","value":150,"unit":"tokens","scope":{"workload":"%s"},"source":{"file":"w.yaml","line":12,"field":"input_distribution","how":"exact"}}\n' "$1"
		printf '{"kind":"measure","check":"1c","metric":"input_tokens.stdev","value":%s,%s"unit":"tokens","n":1800,"scope":{"phase":"p","workload":"%s"},"source":{"file":"t.csv","field":"input_tokens","how":"pstdev"}}\n' "$2" "${3:+\"se\":$3,}" "$1"
	}
	cv() {	# cv W PROCESS EXPECTED ACTUAL N SD1
		printf '{"kind":"expect","check":"1g","metric":"iat.cv","value":%s,"sd1":%s,"unit":"cv","process":"%s","scope":{"workload":"%s","client":"c"},"source":{"file":"w.yaml","line":20,"field":"arrival.cv","how":"configured"}}\n' "$3" "$6" "$2" "$1"
		printf '{"kind":"measure","check":"1g","metric":"iat.cv","value":%s,"unit":"cv","n":%s,"scope":{"phase":"p","workload":"%s","client":"c"},"source":{"file":"t.csv","field":"arrival_time_us","how":"cv of gaps"}}\n' "$4" "$5" "$1"
	}
	{
		# se 8 (3 se: 24): +20 is chance, +40 is not; no se: FAIL as before
		tok s1 170 8; tok s2 190 8; tok s3 170
		# gamma cv 5: sd1 5 sqrt(13) = 18.03, over 150 gaps se 1.472
		# (3 se 4.416); no sd1 (an older s2r-expect): no band
		cv g1 gamma 5 3.5 150 18.03; cv g2 gamma 5 9.5 150 18.03
		cv g3 gamma 5 3.5 150 null
		# poisson: sd1 1, over 100 gaps se 0.1, around 1
		cv p1 poisson 1 1.25 100 1; cv p2 poisson 1 1.5 100 1
		# lengths without a finite variance: a mean 20 % off is chance
		printf '{"kind":"expect","check":"1c","metric":"input_tokens.mean","value":300,"unit":"tokens","scope":{"workload":"h"},"source":{"file":"w.yaml","line":12,"field":"input_distribution","how":"exact"}}\n'
		printf '{"kind":"expect","check":"1c","metric":"input_tokens.stdev","value":null,"comparable":false,"why":"a Pareto component with alpha <= 2 has no variance","unit":"tokens","scope":{"workload":"h"},"source":{"file":"w.yaml","line":12,"field":"input_distribution","how":"exact"}}\n'
		printf '{"kind":"measure","check":"1c","metric":"input_tokens.mean","value":360,"unit":"tokens","n":500,"scope":{"phase":"p","workload":"h"},"source":{"file":"t.csv","field":"input_tokens","how":"mean"}}\n'
	} >"$BATS_TEST_TMPDIR/in.ndjson"
	verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
	validate_records "$OUT"
	got() {	# got WORKLOAD METRIC
		jq -r --arg w "$1" --arg m "$2" 'select(.kind == "verdict" and
		    .scope.workload == $w and .metric == $m) | .verdict' "$OUT"
	}
	[ "$(got s1 input_tokens.stdev)" = WARN ]
	[ "$(got s2 input_tokens.stdev)" = FAIL ]
	[ "$(got s3 input_tokens.stdev)" = FAIL ]
	[ "$(got g1 iat.cv)" = WARN ]
	[ "$(got g2 iat.cv)" = FAIL ]
	[ "$(got g3 iat.cv)" = FAIL ]
	[ "$(got p1 iat.cv)" = WARN ]
	[ "$(got p2 iat.cv)" = FAIL ]
	[ "$(got h input_tokens.mean)" = WARN ]
	jq -r 'select(.scope.workload == "h" and .metric == "input_tokens.mean") | .why' "$OUT" |
	    grep -qF 'have no finite variance (a Pareto component with alpha <= 2 has no variance): a mean of 500 rows can miss'
	jq -r 'select(.scope.workload == "g1") | .why' "$OUT" |
	    grep -qF 'within three standard errors of the CV'"'"'s chance over 150 inter-arrivals (one is 1.472)'
	jq -r 'select(.scope.workload == "s1") | .why' "$OUT" | grep -qF 'three standard errors: 24 tokens'
}

@test "1g: a CV inside its band but five standard errors from the process's own is WARN (not chance); within them PASS" {
	cv() {	# cv W PROCESS EXPECTED ACTUAL N SD1
		printf '{"kind":"expect","check":"1g","metric":"iat.cv","value":%s,"sd1":%s,"unit":"cv","process":"%s","scope":{"workload":"%s","client":"c"},"source":{"file":"w.yaml","line":20,"field":"arrival.cv","how":"configured"}}\n' "$3" "$6" "$2" "$1"
		printf '{"kind":"measure","check":"1g","metric":"iat.cv","value":%s,"unit":"cv","n":%s,"scope":{"phase":"p","workload":"%s","client":"c"},"source":{"file":"t.csv","field":"arrival_time_us","how":"cv of gaps"}}\n' "$4" "$5" "$1"
	}
	{
		# poisson, 2500 gaps: se 0.02, five of them 0.1
		cv p1 poisson 1 0.83 2500 1; cv p2 poisson 1 0.93 2500 1
		cv p3 poisson 1 1.15 2500 1
		# few gaps: 0.83 is within chance of 100 (se 0.1)
		cv p4 poisson 1 0.83 100 1
		# gamma cv 3 (sd1 3 sqrt(13) = 10.82) over 40000 gaps: se 0.054
		cv g1 gamma 3 2.6 40000 10.82; cv g2 gamma 3 2.9 40000 10.82
		# no sd1 (an older s2r-expect): the band alone
		cv p5 poisson 1 0.83 2500 null
	} >"$BATS_TEST_TMPDIR/in.ndjson"
	verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
	validate_records "$OUT"
	got() {
		jq -r --arg w "$1" 'select(.kind == "verdict" and
		    .scope.workload == $w and .metric == "iat.cv") | .verdict' "$OUT"
	}
	[ "$(got p1)" = WARN ]
	[ "$(got p2)" = PASS ]
	[ "$(got p3)" = WARN ]
	[ "$(got p4)" = PASS ]
	[ "$(got g1)" = WARN ]
	[ "$(got g2)" = PASS ]
	[ "$(got p5)" = PASS ]
	jq -r 'select(.scope.workload == "p1") | .why' "$OUT" |
	    grep -qF 'Inside the band, but 8.5 standard errors of the CV over 2500 inter-arrivals'
}

@test "1g: a client with one row in the trace (no gap, no CV) is WARN, saying why, not INAPPLICABLE" {
	{
		printf '{"kind":"expect","check":"1g","metric":"iat.cv","value":1,"sd1":1,"unit":"cv","process":"poisson","scope":{"workload":"w","client":"c"},"source":{"file":"w.yaml","line":20,"field":"arrival.process","how":"configured"}}\n'
		printf '{"kind":"measure","check":"1g","metric":"iat.cv","value":null,"unit":"cv","n":0,"scope":{"phase":"p","workload":"w","client":"c"},"source":{"file":"t.csv","field":"arrival_time_us","how":"cv of gaps"}}\n'
	} >"$BATS_TEST_TMPDIR/in.ndjson"
	verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
	validate_records "$OUT"
	jq -e -s 'map(select(.kind == "verdict" and .metric == "iat.cv")) | length == 1 and
	    (.[0] | .verdict == "WARN" and .scope.client == "c" and .expected.value == 1 and
	    (.why | test("Client .c. has at most one row in the trace \\(t.csv\\): no inter-arrival gap")))' "$OUT"
}

@test "1b: a class of the spec with no row FAILs, unless its share is small enough for the run's rows to miss it by chance (WARN)" {
	cls() {	# cls W ROWS: class a 99.5 %, class b 0.5 % with no row
		printf '{"kind":"expect","check":"1b","metric":"class.fraction","value":%s,"unit":"fraction","scope":{"workload":"%s","class":"%s"},"source":{"file":"w.yaml","line":9,"field":"rate_fraction","how":"share"}}\n' 0.995 "$1" a 0.005 "$1" b
		printf '{"kind":"measure","check":"1b","metric":"class.fraction","value":1,"unit":"fraction","n":%s,"scope":{"phase":"p","workload":"%s","class":"a"},"source":{"file":"t.csv","field":"slo_class","how":"rows of the class / rows"}}\n' "$2" "$1"
		printf '{"kind":"measure","check":"1a","metric":"requests.count","value":%s,"unit":"count","n":%s,"scope":{"phase":"p","workload":"%s"},"source":{"file":"t.csv","field":"request_id","how":"rows"}}\n' "$2" "$2" "$1"
	}
	{ cls short 116; cls long 6300; } >"$BATS_TEST_TMPDIR/in.ndjson"
	verdict --checks 1b --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
	validate_records "$OUT"
	got() {
		jq -r --arg w "$1" 'select(.kind == "verdict" and .scope.workload == $w and
		    .metric == "class.fraction" and .scope.class == "b") | .verdict' "$OUT"
	}
	# 116 rows miss a 0.5 % class 56 % of the time; 6300 rows almost never
	[ "$(got short)" = WARN ]
	[ "$(got long)" = FAIL ]
	jq -r 'select(.scope.workload == "short" and .scope.class == "b") | .why' "$OUT" |
	    grep -qF 'a share of 0.5% (w.yaml:9): 0.58 of the trace'"'"'s 116 rows, and none is in it, which chance alone gives 56% of the time'
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
	# Every key documented: the file's keys are exactly tol_table's names.
	run /usr/bin/python3 -c '
import re, sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
print(" ".join(sorted(s + "." + k for s in d for k in d[s])))
print(" ".join(sorted(re.findall(r"\{ TOL_[A-Z0-9_]+, \"([a-z_.0-9]+)\"", open(sys.argv[2]).read()))))' \
	    "$S2R_TOP/pipelines/tolerances.yaml" "$S2R_TOP/lib/tolerance.c"
	[ "${#lines[@]}" -eq 2 ] && [ "${lines[0]}" = "${lines[1]}" ]
	[ "$(echo "${lines[0]}" | wc -w)" -ge 45 ]
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
	# a real trace whose server reported no usage (value null): MISSING
	ratio null >/dev/null
	jq -c 'select(.metric == "server_input_tokens.ratio")' "$OUT" | jq -e '
	    .verdict == "MISSING" and (.why | test("cannot be seen")) and
	    (.action | test("include_usage"))'
}

@test "1e prefix.server_share: the prefix the server counted, within 5% PASS, to 10% WARN, beyond FAIL; none, no verdict" {
	# the trace-stats record of a cell, its share set per run
	share() {
		jq -c --argjson r "$1" 'select(.kind == "measure" and
		    .metric == "input_tokens.mean") | .metric =
		    "prefix.server_share" | .check = "1e" | .value = $r |
		    .unit = "fraction" | .source.field = "server_input_tokens"' \
		    "$J/pass.ndjson" | cat "$J/pass.ndjson" - >"$BATS_TEST_TMPDIR/in.ndjson"
		verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
		validate_records "$OUT"
		jq -r 'select(.metric == "prefix.server_share") | .verdict' "$OUT"
	}
	[ "$(share 1.04)" = PASS ]
	[ "$(share 0.96)" = PASS ]
	[ "$(share 0.92)" = WARN ]
	[ "$(share 1.3)" = FAIL ]
	[ "$(share 0)" = FAIL ]
	jq -c 'select(.metric == "prefix.server_share")' "$OUT" | jq -e '
	    .check == "1e" and .expected.value == 1 and .diff.value == -100 and
	    .tolerance == "±5% (WARN to ±10%)" and
	    (.why | test("recorded but not \\(all\\) sent")) and
	    (.action | test("shared prefix in front of the prompt"))'
	verdict --no-fail-status "$J/pass.ndjson" >"$OUT"
	[ -z "$(jq -r 'select(.metric == "prefix.server_share")' "$OUT")" ]
}

@test "1c server_input_tokens.ratio: a chat template's fixed tokens (the fit's intercept, slope within 5%) PASS; a slope or intercept beyond, as the ratio says" {
	fit() {	# fit RATIO SLOPE INTERCEPT: the verdict
		jq -c --argjson r "$1" --argjson s "$2" --argjson i "$3" 'select(.kind == "measure" and
		    .metric == "input_tokens.mean") | .metric =
		    "server_input_tokens.ratio" | .value = $r | del(.unit) |
		    .slope = $s | .intercept = $i |
		    .source.field = "server_input_tokens"' "$J/pass.ndjson" |
		    cat "$J/pass.ndjson" - >"$BATS_TEST_TMPDIR/in.ndjson"
		verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
		validate_records "$OUT"
		jq -r 'select(.metric == "server_input_tokens.ratio") | .verdict' "$OUT"
	}
	# 20 tokens a request on 150-token prompts: ratio 1.13, slope 1
	[ "$(fit 1.133 1.0 20)" = PASS ]
	jq -r 'select(.metric == "server_input_tokens.ratio") | .why' "$OUT" |
	    grep -qF "Per request the server adds about 20 tokens and counts the rest 1 times"
	[ "$(fit 1.08 1.03 9)" = PASS ]
	# another tokenizer: the slope is off
	[ "$(fit 1.08 1.08 0)" = WARN ]
	[ "$(fit 1.3 1.3 0)" = FAIL ]
	# more than a template: a long system prompt the simulation lacks
	[ "$(fit 1.3 1.0 300)" = FAIL ]
	[ "$(fit 1.08 1.0 -40)" = WARN ]
	# the allowance is a tolerance: a longer system line, or none at all
	printf 'workload:\n  template_max_tokens: 320\n' >"$BATS_TEST_TMPDIR/t.yaml"
	verdict() { "$S2R_BIN/s2r-verdict" -t "$BATS_TEST_TMPDIR/t.yaml" "$@"; }
	[ "$(fit 1.3 1.0 300)" = PASS ]
	jq -r 'select(.metric == "server_input_tokens.ratio") | .why' "$OUT" |
	    grep -qF "up to 320, workload.template_max_tokens"
	printf 'workload:\n  template_max_tokens: 0\n' >"$BATS_TEST_TMPDIR/t.yaml"
	[ "$(fit 1.133 1.0 20)" = FAIL ]
}

@test "1c server_input_tokens.ratio: the ratio within 5% but the slope off by more than 5% and four standard errors WARNs (a truncation cap); a noisy slope or one within the band stays PASS" {
	fit() {	# fit RATIO SLOPE INTERCEPT SLOPE_SE: the verdict
		jq -c --argjson r "$1" --argjson s "$2" --argjson i "$3" --argjson e "$4" 'select(.kind == "measure" and
		    .metric == "input_tokens.mean") | .metric =
		    "server_input_tokens.ratio" | .value = $r | del(.unit) |
		    .slope = $s | .intercept = $i | .slope_se = $e |
		    .source.field = "server_input_tokens"' "$J/pass.ndjson" |
		    cat "$J/pass.ndjson" - >"$BATS_TEST_TMPDIR/in.ndjson"
		verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
		validate_records "$OUT"
		jq -r 'select(.metric == "server_input_tokens.ratio") | .verdict' "$OUT"
	}
	# long prompts cut at 1024 (the aw fault 1c-prompt-truncated's fit)
	[ "$(fit 0.957 0.903 39.3 0.0021)" = WARN ]
	jq -e -s 'map(select(.metric == "server_input_tokens.ratio"))[0] | (.why | test("counts do not grow with the prompts, so some prompts were prefilled shorter than the trace says, the long ones cut at a cap")) and (.action | test("truncate_prompt_tokens"))' "$OUT"
	# a slope that far by chance (prompts of nearly one length): PASS
	[ "$(fit 0.99 0.9 40 0.05)" = PASS ]
	# a clean tokenizer's slope 3 % off, however sure: within the band
	[ "$(fit 1.039 1.03 9 0.00001)" = PASS ]
	# no slope_se (an older s2r-trace-stats): as before
	[ "$(fit 0.957 0.903 39.3 null | head -1)" = PASS ]
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

@test "1a workload.conflict: the run's PipelineRun gave it another spec: FAIL; only the seed: WARN; none: no verdict" {
	conflict() {	# conflict METRIC SIM RUN: the verdict on one difference
		jq -c -n --arg m "$1" --argjson s "$2" --argjson r "$3" '{kind: "expect",
		    check: "1a", metric: "workload.conflict", value: 1, unit: "count",
		    values: [{metric: $m, scope: {workload: "wpass"},
		      sim: {value: $s, source: {file: "workloads/wpass.yaml", line: 4}},
		      run: {value: $r, source: {file: "cluster/pipelinerun-a.yaml", line: 33}}}],
		    scope: {phase: "baseline", workload: "wpass"},
		    source: {file: "cluster/pipelinerun-a.yaml", line: 33, column: 12,
		      field: "workloadSpec", how: "expectations that differ"}}' |
		    cat "$J/pass.ndjson" - >"$BATS_TEST_TMPDIR/in.ndjson"
		verdict --no-fail-status "$BATS_TEST_TMPDIR/in.ndjson" >"$OUT"
		validate_records "$OUT"
		jq -r 'select(.metric == "workload.conflict") | .verdict' "$OUT"
	}
	[ "$(conflict qps.intended 40 20)" = FAIL ]
	jq -s -e 'map(select(.metric == "workload.conflict"))[0] | (.why | test("qps.intended 20 there, 40 in the sim.s \\(workloads/wpass.yaml:4\\)"))
	    and .action != null' "$OUT"
	[ "$(conflict workload.seed 42 7)" = WARN ]
	verdict --no-fail-status "$J/pass.ndjson" >"$OUT"
	[ -z "$(jq -r 'select(.metric == "workload.conflict")' "$OUT")" ]
}

@test "1b adapter mix: s2r-synth writes the adapter column; PASS as specified, FAIL for adapters a spec without any never modelled, nothing for base-model rows alone" {
	need_samples
	local d="$BATS_TEST_TMPDIR" spec="$S2R_SAMPLES/upstream/lora-2/workloads/granite-9adapter.workload.yaml"
	"$S2R_BIN/s2r-synth" --seed 7 --mode real "$spec" "$d/cell"
	[ "$(head -1 "$d/cell/trace_data.csv" | tr ',' '\n' | tail -1)" = adapter ]
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cell/trace_data.csv" >"$d/m.ndjson"
	"$S2R_BIN/s2r-expect" --as w "$spec" >"$d/e.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	validate_records "$OUT"
	[ "$(jq -r 'select(.metric == "adapter.fraction") | .verdict' "$OUT" | sort | uniq -c | awk '{print $1, $2}')" = "9 PASS" ]
	# the spec without its adapter keys: the run's adapters were never simulated
	grep -v '^  adapter:' "$spec" >"$d/plain.yaml"
	"$S2R_BIN/s2r-expect" --as w "$d/plain.yaml" >"$d/e2.ndjson"
	verdict "$d/e2.ndjson" "$d/m.ndjson" >"$OUT" || true
	[ "$(jq -r 'select(.metric == "adapter.fraction") | .verdict' "$OUT" | sort -u)" = FAIL ]
	[ "$(jq -s 'map(select(.metric == "adapter.fraction")) | length' "$OUT")" -eq 9 ]
	jq -e -s 'map(select(.metric == "adapter.fraction" and .scope.adapter == "citations"))[0].why | test("no client of the spec has an adapter")' "$OUT"
	# base-model rows only (an empty adapter column) agree with such a spec
	"$S2R_BIN/s2r-synth" --seed 7 --mode real "$d/plain.yaml" "$d/plain"
	[ "$(head -1 "$d/plain/trace_data.csv" | tr ',' '\n' | tail -1)" = finish_reason ]
	sed -e '1s/$/,adapter/' -e '2,$s/$/,/' "$d/plain/trace_data.csv" >"$d/plain/t.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/plain/t.csv" >"$d/m2.ndjson"
	jq -e -s 'map(select(.metric == "adapter.fraction")) | length == 1 and .[0].value == 1 and .[0].scope.adapter == ""' "$d/m2.ndjson"
	verdict "$d/e2.ndjson" "$d/m2.ndjson" >"$OUT" || true
	[ -z "$(jq -r 'select(.metric == "adapter.fraction")' "$OUT")" ]
}

@test "1b client.class: each client's slo_class from the spec; every row of the client carries it PASS, one row of another class FAIL naming the client" {
	need_samples
	local d="$BATS_TEST_TMPDIR" spec="$S2R_SAMPLES/14b-sim/workloads/w1c_14b.yaml"
	"$S2R_BIN/s2r-expect" --as w "$spec" >"$d/e.ndjson"
	validate_records "$d/e.ndjson"
	[ "$(jq -r 'select(.metric == "client.class") | "\(.scope.client)=\(.value)@\(.source.line)"' "$d/e.ndjson" | tr '\n' ' ')" = "critical=critical@16 standard=standard@23 sheddable=sheddable@30 batch=batch@37 " ]
	"$S2R_BIN/s2r-synth" --seed 3 --requests 2000 --mode real "$spec" "$d/cell"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cell/trace_data.csv" >"$d/m.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	validate_records "$OUT"
	jq -e -s 'map(select(.metric == "client.class")) | length == 1 and .[0].verdict == "PASS" and .[0].actual.value == 0' "$OUT"
	# one request of client standard labelled critical: the shares barely move
	awk -F, -v OFS=, 'NR > 1 && $2 == "standard" && !done { $4 = "critical"; done = 1 } 1' \
	    "$d/cell/trace_data.csv" >"$d/one.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/one.csv" >"$d/m1.ndjson"
	verdict "$d/e.ndjson" "$d/m1.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.class")) | length == 1 and .[0].verdict == "FAIL" and .[0].actual.value == 1' "$OUT"
	jq -e -s 'map(select(.metric == "client.class"))[0].why | test("client \"standard\": 1 rows not \"standard\" \\(such as \"critical\"; .*w1c_14b.yaml:23\\)")' "$OUT"
	[ "$(jq -r 'select(.metric == "class.fraction") | .verdict' "$OUT" | sort -u)" = PASS ]
}

@test "1b client.adapter: each client's LoRA adapter from the spec; adapters swapped between two clients FAIL naming both, though the adapter mix PASSes" {
	need_samples
	local d="$BATS_TEST_TMPDIR" spec="$S2R_SAMPLES/upstream/lora-2/workloads/granite-9adapter.workload.yaml"
	"$S2R_BIN/s2r-expect" --as w "$spec" >"$d/e.ndjson"
	validate_records "$d/e.ndjson"
	jq -e -s 'map(select(.metric == "client.adapter")) | length == 9 and
	    (map(select(.scope.client == "client-citations"))[0] | .value == "citations" and .check == "1b")' "$d/e.ndjson"
	"$S2R_BIN/s2r-synth" --seed 7 --mode real "$spec" "$d/cell"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cell/trace_data.csv" >"$d/m.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	validate_records "$OUT"
	jq -e -s 'map(select(.metric == "client.adapter")) | length == 1 and .[0].verdict == "PASS" and .[0].actual.value == 0' "$OUT"
	# the two smallest clients' adapters swapped: the mix moves within chance
	awk -F, -v OFS=, 'NR > 1 && $NF == "requirement_check" { $NF = "answer_relevance_rewriter"; print; next }
	    NR > 1 && $NF == "answer_relevance_rewriter" { $NF = "requirement_check" } 1' \
	    "$d/cell/trace_data.csv" >"$d/swap.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/swap.csv" >"$d/m1.ndjson"
	verdict "$d/e.ndjson" "$d/m1.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.adapter")) | length == 1 and .[0].verdict == "FAIL" and .[0].actual.value > 0' "$OUT"
	jq -e -s 'map(select(.metric == "client.adapter"))[0].why | test("client \"client-requirement_check\": [0-9]+ rows not \"requirement_check\" \\(such as \"answer_relevance_rewriter\"; .*granite-9adapter.workload.yaml:[0-9]+\\)")' "$OUT"
	# a spec without adapters expects none per client
	grep -v '^  adapter:' "$spec" >"$d/plain.yaml"
	"$S2R_BIN/s2r-expect" --as w "$d/plain.yaml" >"$d/e2.ndjson"
	[ -z "$(jq -r 'select(.metric == "client.adapter")' "$d/e2.ndjson")" ]
}

@test "1d under --unconstrained-output (measurement.yaml extraArgs or config.md's blis observe flags): the output FAIL says the protocol let the model stop early" {
	need_samples
	local d="$BATS_TEST_TMPDIR" spec="$S2R_SAMPLES/14b-sim/workloads/w1c_14b.yaml"
	"$S2R_BIN/s2r-expect" --as w "$spec" >"$d/e.ndjson"
	"$S2R_BIN/s2r-synth" --seed 3 --requests 2000 --mode real "$spec" "$d/cell"
	# the model stopped at its end of sequence: two thirds of the length
	/usr/bin/python3 - "$d/cell/trace_data.csv" "$d/eos.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for r in rows:
    r["output_tokens"] = str(max(1, int(r["output_tokens"]) * 2 // 3))
    r["finish_reason"] = "stop"
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/eos.csv" >"$d/m.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "output_tokens.mean"))[0] | .verdict == "FAIL" and (.action | test("unconstrained") | not)' "$OUT"
	printf 'kind: measurement-protocol\nversion: 1\nextraArgs: "--unconstrained-output"\n' >"$d/measurement.yaml"
	"$S2R_BIN/s2r-expect" "$d/measurement.yaml" >"$d/p.ndjson"
	verdict "$d/e.ndjson" "$d/p.ndjson" "$d/m.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "output_tokens.mean"))[0] | .verdict == "FAIL" and (.action | test("--unconstrained-output: the model stops at its end of sequence"))' "$OUT"
	jq -e -s 'map(select(.metric == "input_tokens.mean"))[0] | .verdict == "PASS"' "$OUT"
	printf '{"kind":"expect","check":"2a","metric":"observe.unconstrained_output","value":true,"scope":{},"source":{"file":"config.md","line":66}}\n' >"$d/c.ndjson"
	verdict "$d/e.ndjson" "$d/c.ndjson" "$d/m.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "output_tokens.mean"))[0] | .action | test("unconstrained-output")' "$OUT"
}

@test "1d output_tokens.stopped: answers ending at the end of sequence in exact-length mode: one row or 1 % PASS, 3 % WARN, 20 % FAIL; INAPPLICABLE under --unconstrained-output; none without the column" {
	need_samples
	local d="$BATS_TEST_TMPDIR" spec="$S2R_SAMPLES/14b-sim/workloads/w1c_14b.yaml"
	"$S2R_BIN/s2r-expect" --as w "$spec" >"$d/e.ndjson"
	"$S2R_BIN/s2r-synth" --seed 3 --requests 2000 --mode real "$spec" "$d/cell"
	# stops K: every 1/K-th successful row ends at the end of sequence,
	# its length kept (the tail hidden in the mean is 1d's mean's business)
	stops() {
		awk -F, -v OFS=, -v every="$1" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "finish_reason") f = i; if ($i == "status") st = i }; print; next }
		    $st == "ok" && $f == "length" && ++k % every == 0 { $f = "stop" } 1' \
		    "$d/cell/trace_data.csv" >"$d/s.csv"
		"$S2R_BIN/s2r-trace-stats" --workload w "$d/s.csv" >"$d/m.ndjson"
		validate_records "$d/m.ndjson"
		verdict "$d/e.ndjson" "$d/m.ndjson" ${2:+"$2"} >"$OUT" || true
		validate_records "$OUT"
	}
	sv() { jq -r 'select(.metric == "output_tokens.stopped") | .verdict' "$OUT"; }
	stops 100000
	[ "$(sv)" = PASS ]
	jq -e -s 'map(select(.metric == "output_tokens.stopped"))[0] | .actual.value == 0 and .expected.value == 0 and .tolerance == "at most 1% (WARN to 10%)"' "$OUT"
	n=$(jq -r 'select(.metric == "output_tokens.stopped") | .actual.n' "$OUT")
	stops $((n - 1))	# one row: a last token that was the end of sequence
	[ "$(sv)" = PASS ]
	jq -e -s 'map(select(.metric == "output_tokens.stopped"))[0] | (.why | test("the first at .*s.csv:[0-9]+\\)\\. What exact-length mode allows")) and .actual.source.line > 1' "$OUT"
	stops 100
	[ "$(sv)" = PASS ]
	stops 33
	[ "$(sv)" = WARN ]
	jq -e -s 'map(select(.metric == "output_tokens.stopped"))[0] | (.why | test("^3(\\.[0-9]*)?% of the successful answers ended at the model.s end of sequence.*min_tokens did not hold")) and (.action | test("min_tokens reaches vLLM"))' "$OUT"
	# the mean and stdev of these rows did not move: 1d's only signal
	[ "$(jq -r 'select(.check == "1d" and .metric != "output_tokens.stopped") | .verdict' "$OUT" | sort -u)" = PASS ]
	stops 5
	[ "$(sv)" = FAIL ]
	printf 'kind: measurement-protocol\nversion: 1\nextraArgs: "--unconstrained-output"\n' >"$d/measurement.yaml"
	"$S2R_BIN/s2r-expect" "$d/measurement.yaml" >"$d/p.ndjson"
	stops 5 "$d/p.ndjson"
	[ "$(sv)" = INAPPLICABLE ]
	jq -e -s 'map(select(.metric == "output_tokens.stopped"))[0] | .why | test("Not comparable: the protocol runs blis observe with --unconstrained-output")' "$OUT"
	# a trace without finish_reason (schema before f1a4c610) and no header
	# saying it is real: no record, no verdict
	cut -d, -f1-26 "$d/cell/trace_data.csv" >"$d/old.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/old.csv" >"$d/m.ndjson"
	[ -z "$(jq -r 'select(.metric == "output_tokens.stopped")' "$d/m.ndjson")" ]
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	[ -z "$(sv)" ]
	# a real trace (its header beside it) whose column is renamed: the
	# record says so (value null, the unknown column named), MISSING
	mkdir "$d/renamed"
	cp "$d/cell/trace_header.yaml" "$d/renamed/"
	sed '1s/,finish_reason$/,stop_reason/' "$d/cell/trace_data.csv" >"$d/renamed/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/renamed/trace_data.csv" >"$d/m.ndjson"
	validate_records "$d/m.ndjson"
	jq -c 'select(.metric == "output_tokens.stopped")' "$d/m.ndjson" | jq -e '.value == null and
	    .n > 1900 and (.source.how | test("no finish_reason column .*columns of no known layout: stop_reason$"))'
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	validate_records "$OUT"
	[ "$(sv)" = MISSING ]
	jq -e -s 'map(select(.metric == "output_tokens.stopped"))[0] | (.why | test("cannot be seen")) and (.action | test("writes finish_reason"))' "$OUT"
}

@test "1d: short outputs in a cell whose longest requests failed (HTTP 400, a context limit) point the action at 5d's failures, not at the generator" {
	need_samples
	local d="$BATS_TEST_TMPDIR" spec="$S2R_SAMPLES/14b-sim/workloads/w1c_14b.yaml"
	"$S2R_BIN/s2r-expect" --as w "$spec" >"$d/e.ndjson"
	"$S2R_BIN/s2r-synth" --seed 3 --requests 2000 --mode real "$spec" "$d/cell"
	# the answers over 280 tokens refused: the long tail fails
	/usr/bin/python3 - "$d/cell/trace_data.csv" "$d/cut.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for r in rows:
    if r["status"] == "ok" and int(r["output_tokens"]) > 280:
        r.update(status="error", error_message="HTTP 400: context length", output_tokens="0",
                 first_chunk_time_us="0", last_chunk_time_us="0", num_chunks="0", finish_reason="")
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cut.csv" >"$d/m.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	validate_records "$OUT"
	jq -e -s 'map(select(.metric == "output_tokens.mean"))[0] | .verdict == "FAIL" and (.action | test("^Requests failed in this cell \\(5d\\).*--max-model-len"))' "$OUT"
	# all served: the action asks about the generator
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cell/trace_data.csv" | jq -c 'if .metric == "output_tokens.mean" then .value *= 0.8 else . end' >"$d/m.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "output_tokens.mean"))[0] | .verdict == "FAIL" and (.action | test("^The token lengths sent do not follow"))' "$OUT"
}

@test "1c/1d per client: each client's mean length against its own sampler (exact pmf, computed here); a small client off FAILs while the run's mean stays inside its band" {
	local d="$BATS_TEST_TMPDIR"
	cat >"$d/w.yaml" <<'YAML'
version: "2"
seed: 5
aggregate_rate: 50
num_requests: 4000
clients:
  - id: big
    rate_fraction: 0.95
    arrival: {process: poisson}
    input_distribution: {type: constant, params: {value: 300}}
    output_distribution: {type: constant, params: {value: 100}}
  - id: small
    rate_fraction: 0.05
    arrival: {process: poisson}
    input_distribution: {type: constant, params: {value: 300}}
    output_distribution: {type: exponential, params: {mean: 50}}
YAML
	"$S2R_BIN/s2r-expect" --as w "$d/w.yaml" >"$d/e.ndjson"
	validate_records "$d/e.ndjson"
	# round half away from zero of Exp(mean 50), floor 1: sum over the pmf
	want=$(/usr/bin/python3 -c '
import math
m, s = 50.0, 0.0
F = lambda x: 1 - math.exp(-x / m) if x > 0 else 0.0
s = 1 * F(1.5)
for k in range(2, 5000):
    s += k * (F(k + 0.5) - F(k - 0.5))
print("%.8f" % s)')
	jq -e -s --argjson w "$want" 'map(select(.metric == "client.output_tokens.mean" and .scope.client == "small"))[0] | (.value - $w | fabs) < 1e-6 and .check == "1d" and .source.line == 15' "$d/e.ndjson"
	jq -e -s 'map(select(.metric == "client.output_tokens.mean" and .scope.client == "big"))[0] | .value == 100 and .sd1 == 0' "$d/e.ndjson"
	"$S2R_BIN/s2r-synth" --seed 9 --mode real "$d/w.yaml" "$d/cell"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cell/trace_data.csv" >"$d/m.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	validate_records "$OUT"
	[ "$(jq -r 'select(.metric | test("^client\\.(in|out)put_tokens\\.mean$")) | .verdict' "$OUT" | sort | uniq -c | awk '{print $1, $2}')" = "4 PASS" ]
	# the small client's outputs at a third: its mean FAILs, the run's stays within 5 %
	awk -F, -v OFS=, 'NR > 1 && $2 == "small" { $11 = int($11 / 3) + 1 } 1' "$d/cell/trace_data.csv" >"$d/third.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/third.csv" >"$d/m3.ndjson"
	verdict "$d/e.ndjson" "$d/m3.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.output_tokens.mean" and .scope.client == "small"))[0].verdict == "FAIL"' "$OUT"
	jq -e -s 'map(select(.metric == "client.output_tokens.mean" and .scope.client == "big"))[0].verdict == "PASS"' "$OUT"
	jq -e -s 'map(select(.metric == "output_tokens.mean"))[0].verdict == "PASS"' "$OUT"
	jq -e -s 'map(select(.metric == "client.output_tokens.mean" and .scope.client == "small"))[0].tolerance == "±25%"' "$OUT"
	# its own tolerance: wide enough, the third passes
	printf 'workload:\n  client_tokens_mean_pct: 80\n' >"$d/t.yaml"
	verdict --tolerances "$d/t.yaml" "$d/e.ndjson" "$d/m3.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.output_tokens.mean" and .scope.client == "small"))[0] | .verdict == "PASS" and .tolerance == "±80%"' "$OUT"
}

@test "1c/1d shape: each client's lengths against its sampler's exact law; same-moment uniforms, a cut tail and constant lengths FAIL, a small KS distance WARNs, few rows are INAPPLICABLE" {
	local d="$BATS_TEST_TMPDIR"
	cat >"$d/w.yaml" <<'YAML'
version: "2"
seed: 5
aggregate_rate: 50
num_requests: 3000
clients:
  - id: long
    rate_fraction: 0.7
    arrival: {process: poisson}
    input_distribution: {type: gaussian, params: {mean: 512, std_dev: 128, min: 128, max: 1024}}
    output_distribution: {type: gaussian, params: {mean: 256, std_dev: 128, min: 32, max: 768}}
  - id: short
    rate_fraction: 0.3
    arrival: {process: poisson}
    input_distribution: {type: exponential, params: {mean: 200}}
    output_distribution: {type: lognormal, params: {mu: 4.5, sigma: 0.6}}
YAML
	"$S2R_BIN/s2r-expect" --as w "$d/w.yaml" >"$d/e.ndjson"
	validate_records "$d/e.ndjson"
	jq -e -s 'map(select(.metric == "client.input_tokens.shape" and .scope.client == "long"))[0] | .value == 0 and .check == "1c" and .law == {type: "gaussian", mean: 512, std_dev: 128, min: 128, max: 1024, mu: 0, sigma: 0, alpha: 0, xm: 0, mix_weight: 0, value: 0} and .source.line == 9' "$d/e.ndjson"
	[ "$(jq -s 'map(select(.metric | test("^client\\.(in|out)put_tokens\\.shape$"))) | length' "$d/e.ndjson")" = 4 ]
	"$S2R_BIN/s2r-synth" --seed 3 "$d/w.yaml" "$d/cell"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cell/trace_data.csv" >"$d/m.ndjson"
	validate_records "$d/m.ndjson"
	# 201 quantiles, the first the least and the last the largest length
	jq -e -s --argjson lo "$(awk -F, 'NR > 1 && $2 == "long" { print $10 }' "$d/cell/trace_data.csv" | sort -n | head -1)" \
	    'map(select(.metric == "client.input_tokens.quantiles" and .scope.client == "long"))[0] | (.quantiles | length) == 201 and .quantiles[0] == [0, $lo] and .quantiles[200][0] == 1' "$d/m.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	validate_records "$OUT"
	[ "$(jq -r 'select(.metric // "" | test("shape$")) | .verdict' "$OUT" | sort | uniq -c | awk '{print $1, $2}')" = "4 PASS" ]
	jq -e -s 'map(select(.metric == "client.input_tokens.shape" and .scope.client == "long"))[0] | .tolerance == "chance >= 1e-05 (KS, least, largest); KS D <= 0.05" and (.why | test("Nothing beyond chance"))' "$OUT"
	# same mean and stdev, uniform: the run's and the client's moments pass, the shape FAILs
	python3 - "$d/cell/trace_data.csv" "$d/u.csv" <<'PY'
import csv, random, sys
rows = list(csv.DictReader(open(sys.argv[1])))
rng, half = random.Random(1), 128 * 3 ** 0.5
for r in rows:
    if r["client_id"] == "long":
        r["input_tokens"] = str(int(rng.uniform(512 - half, 512 + half) + 0.5))
    if r["client_id"] == "long" and int(r["output_tokens"]) > 400:
        r["output_tokens"] = "400"
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/u.csv" >"$d/mu.ndjson"
	verdict "$d/e.ndjson" "$d/mu.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "input_tokens.mean" or .metric == "input_tokens.stdev" or .metric == "client.input_tokens.mean")) | length == 4 and all(.verdict == "PASS")' "$OUT"
	jq -e -s 'map(select(.metric == "client.input_tokens.shape" and .scope.client == "long"))[0] | .verdict == "FAIL" and (.why | test("Both tails of the law are cut")) and (.action | test("^The token lengths sent"))' "$OUT"
	# outputs capped at 400: the upper tail is cut
	jq -e -s 'map(select(.metric == "client.output_tokens.shape" and .scope.client == "long"))[0] | .verdict == "FAIL" and (.why | test("upper tail is cut: its rows should reach above 400 tokens"))' "$OUT"
	jq -e -s 'map(select(.metric // "" | test("shape$")) | select(.scope.client == "short")) | all(.verdict == "PASS")' "$OUT"
	# a KS distance beyond chance at or below shape_ks_max is a WARN; a cut tail stays a FAIL
	printf 'workload:\n  shape_ks_max: 0.5\n' >"$d/t.yaml"
	verdict --tolerances "$d/t.yaml" "$d/e.ndjson" "$d/mu.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.output_tokens.shape" and .scope.client == "long"))[0].verdict == "FAIL"' "$OUT"
	# prompts of 450-511 tokens sent 62 longer: the extremes stay, the KS
	# distance (about 0.19) FAILs, and WARNs at or below shape_ks_max
	awk -F, -v OFS=, 'NR > 1 && $2 == "long" && $10 >= 450 && $10 < 512 { $10 += 62 } 1' "$d/cell/trace_data.csv" >"$d/k.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/k.csv" >"$d/mk.ndjson"
	verdict "$d/e.ndjson" "$d/mk.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.input_tokens.shape" and .scope.client == "long"))[0] | .verdict == "FAIL" and .actual.value > 0.15 and (.why | test("cut") | not) and (.why | test("follow another law"))' "$OUT"
	verdict --tolerances "$d/t.yaml" "$d/e.ndjson" "$d/mk.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.input_tokens.shape" and .scope.client == "long"))[0] | .verdict == "WARN" and (.why | test("within workload.shape_ks_max"))' "$OUT"
	# constant lengths: D about a half
	awk -F, -v OFS=, 'NR > 1 && $2 == "short" { $10 = 200 } 1' "$d/cell/trace_data.csv" >"$d/c.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/c.csv" >"$d/mc.ndjson"
	verdict "$d/e.ndjson" "$d/mc.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.input_tokens.shape" and .scope.client == "short"))[0] | .verdict == "FAIL" and .actual.value > 0.3'  "$OUT"
	# twenty rows: too few to clear a law (INAPPLICABLE), a difference they show is a WARN
	head -21 "$d/cell/trace_data.csv" >"$d/few.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/few.csv" >"$d/mf.ndjson"
	verdict "$d/e.ndjson" "$d/mf.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric // "" | test("shape$"))) | length > 0 and all(.verdict == "INAPPLICABLE") and all(.why | test("Too few rows"))' "$OUT"
	awk -F, -v OFS=, 'NR > 1 { $10 = 1000 } 1' "$d/few.csv" >"$d/few2.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/few2.csv" >"$d/mf.ndjson"
	verdict "$d/e.ndjson" "$d/mf.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.input_tokens.shape")) | length > 0 and all(.verdict == "WARN") and all(.action | test("^Too few requests"))' "$OUT"
}

@test "1c/1d shape: rows piled on the largest length (a cap on an unbounded law) FAIL by their ties, the law's own clamp atoms do not" {
	local d="$BATS_TEST_TMPDIR"
	cat >"$d/w.yaml" <<'YAML'
version: "2"
seed: 5
aggregate_rate: 50
num_requests: 1500
clients:
  - id: long
    rate_fraction: 0.7
    arrival: {process: poisson}
    input_distribution: {type: gaussian, params: {mean: 512, std_dev: 256, min: 128, max: 768}}
    output_distribution: {type: gaussian, params: {mean: 256, std_dev: 128, min: 32, max: 768}}
  - id: short
    rate_fraction: 0.3
    arrival: {process: poisson}
    input_distribution: {type: exponential, params: {mean: 200}}
    output_distribution: {type: exponential, params: {mean: 100}}
YAML
	"$S2R_BIN/s2r-expect" --as w "$d/w.yaml" >"$d/e.ndjson"
	"$S2R_BIN/s2r-synth" --seed 3 "$d/w.yaml" "$d/cell"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cell/trace_data.csv" >"$d/m.ndjson"
	validate_records "$d/m.ndjson"
	# the rows at the least and the largest length, counted
	jq -e -s --argjson k "$(awk -F, 'NR > 1 && $2 == "long" && $10 == 768' "$d/cell/trace_data.csv" | wc -l)" \
	    'map(select(.metric == "client.input_tokens.quantiles" and .scope.client == "long"))[0] | .at_largest == $k and $k > 10 and .at_least >= 1' "$d/m.ndjson"
	# the gaussian's clamp at 768 holds a sixth of the rows: its atom, a PASS
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	[ "$(jq -r 'select(.metric // "" | test("shape$")) | .verdict' "$OUT" | sort | uniq -c | awk '{print $1, $2}')" = "4 PASS" ]
	# the short client's prompts capped at 600 tokens (5 % of them)
	awk -F, -v OFS=, 'NR > 1 && $2 == "short" && $10 > 600 { $10 = 600 } 1' "$d/cell/trace_data.csv" >"$d/cap.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cap.csv" >"$d/mc.ndjson"
	verdict "$d/e.ndjson" "$d/mc.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.input_tokens.shape" and .scope.client == "short"))[0] | .verdict == "FAIL" and (.why | test("rows sit at exactly 600 tokens, the largest length .*: the upper tail is cut at that length"))' "$OUT"
	# and floored at 20 (the law's own floor is 1)
	awk -F, -v OFS=, 'NR > 1 && $2 == "short" && $11 < 20 { $11 = 20 } 1' "$d/cell/trace_data.csv" >"$d/floor.csv"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/floor.csv" >"$d/mf.ndjson"
	verdict "$d/e.ndjson" "$d/mf.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.output_tokens.shape" and .scope.client == "short"))[0] | .verdict == "FAIL" and (.why | test("rows sit at exactly 20 tokens, the least length .*lower tail is cut"))' "$OUT"
}

@test "1c/1d trend: a client's lengths that move with its arrival times FAIL (a pool sorted by length); independent draws PASS" {
	local d="$BATS_TEST_TMPDIR"
	cat >"$d/w.yaml" <<'YAML'
version: "2"
seed: 5
aggregate_rate: 50
num_requests: 2000
clients:
  - id: long
    rate_fraction: 0.7
    arrival: {process: poisson}
    input_distribution: {type: gaussian, params: {mean: 512, std_dev: 128, min: 128, max: 1024}}
    output_distribution: {type: gaussian, params: {mean: 256, std_dev: 128, min: 32, max: 768}}
  - id: short
    rate_fraction: 0.3
    arrival: {process: poisson}
    input_distribution: {type: exponential, params: {mean: 200}}
    output_distribution: {type: exponential, params: {mean: 100}}
YAML
	"$S2R_BIN/s2r-expect" --as w "$d/w.yaml" >"$d/e.ndjson"
	"$S2R_BIN/s2r-synth" --seed 3 "$d/w.yaml" "$d/cell"
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/cell/trace_data.csv" >"$d/m.ndjson"
	validate_records "$d/m.ndjson"
	# r of the long client's prompts with their arrivals, as python computes it
	want=$(python3 - "$d/cell/trace_data.csv" <<'PY'
import csv, statistics, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["client_id"] == "long"]
print(statistics.correlation([float(r["arrival_time_us"]) for r in rows], [float(r["input_tokens"]) for r in rows]))
PY
)
	jq -e -s --argjson w "$want" 'map(select(.metric == "client.input_tokens.trend" and .scope.client == "long"))[0] | (.value - $w | fabs) < 1e-9 and .check == "1c" and .n > 1000' "$d/m.ndjson"
	verdict "$d/e.ndjson" "$d/m.ndjson" >"$OUT" || true
	validate_records "$OUT"
	[ "$(jq -r 'select(.metric // "" | test("trend$")) | .verdict' "$OUT" | sort | uniq -c | awk '{print $1, $2}')" = "4 PASS" ]
	# the short client's answers handed out shortest first: same lengths, sorted by arrival
	python3 - "$d/cell/trace_data.csv" "$d/s.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
mine = sorted((r for r in rows if r["client_id"] == "short"), key=lambda r: int(r["arrival_time_us"]))
for r, x in zip(mine, sorted(int(r["output_tokens"]) for r in mine)):
    r["output_tokens"] = str(x)
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
	"$S2R_BIN/s2r-trace-stats" --workload w "$d/s.csv" >"$d/ms.ndjson"
	verdict "$d/e.ndjson" "$d/ms.ndjson" >"$OUT" || true
	jq -e -s 'map(select(.metric == "client.output_tokens.shape" and .scope.client == "short"))[0].verdict == "PASS"' "$OUT"
	jq -e -s 'map(select(.metric == "client.output_tokens.trend" and .scope.client == "short"))[0] | .verdict == "FAIL" and (.why | test("answer lengths grew over the run")) and (.action | test("sorted or bucketed"))' "$OUT"
}
