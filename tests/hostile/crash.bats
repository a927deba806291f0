#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# A crash must not become a report that looks complete (issue 15, item
# 2): s2r-verdict used to die of a NULL phase on the README's own pipe
# shape, and s2r-report turned the empty stream into a report with zero
# verdicts, exit 0.  s2r-verdict now ends its stream with an end record
# counting its verdicts; s2r-report, --diff and --index refuse verdicts
# with no end record after them, and nothing at all is "no verdicts".
load hostile

V() { "$S2R_BIN/s2r-verdict" "$@"; }
R() { "$S2R_BIN/s2r-report" "$@"; }

# The README's shape: one cell measured without --phase, the same
# workload in a phase, and both arms' EPP configs.
records() {
	"$S2R_BIN/s2r-expect" sim >x.ndjson
	"$S2R_BIN/s2r-trace-stats" --workload chat_mixed \
	    real/baseline/chat_mixed/trace_data.csv >m.ndjson
	"$S2R_BIN/s2r-trace-stats" --phase treatment --workload chat_mixed \
	    real/treatment/chat_mixed/trace_data.csv >mt.ndjson
	for arm in baseline treatment; do
		"$S2R_BIN/s2r-config" --phase "$arm" \
		    --epp "real/generated/${arm}_config.yaml" >"e-$arm.ndjson"
	done
}

@test "crash: a cell without a phase beside another arm: verdicts, not a segfault" {
	records
	run --separate-stderr V x.ndjson m.ndjson mt.ndjson e-baseline.ndjson e-treatment.ndjson
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	[ -z "$stderr" ]
	printf '%s\n' "$output" >v.ndjson
	validate_records v.ndjson
	# 2c cannot compare a phase-less cell: INAPPLICABLE, saying why,
	# for it and for the arm it would be compared with
	[ "$(jq -r 'select(.check == "2c" and .scope.workload == "chat_mixed") |
	    "\(.scope.phase // "-") \(.verdict)"' v.ndjson)" = "- INAPPLICABLE
treatment INAPPLICABLE" ]
	jq -e -s 'map(select(.check == "2c" and .scope.workload == "chat_mixed")) |
	    all(.why | test("has no phase"))' v.ndjson
	# the end record counts the verdicts
	[ "$(tail -n 1 v.ndjson)" = "{\"kind\":\"end\",\"tool\":\"s2r-verdict\",\"verdicts\":$(grep -c '"kind":"verdict"' v.ndjson)}" ]
	# and the pipe of the README gives a report
	run --separate-stderr sh -c "'$S2R_BIN/s2r-verdict' x.ndjson m.ndjson mt.ndjson e-*.ndjson | '$S2R_BIN/s2r-report' --date 2026-01-01"
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	[[ "$output" == "# Sim2Real Parity Report"* ]]
}

@test "crash: a producer that died leaves s2r-report nothing to report: exit 2, one line" {
	run --separate-stderr sh -c "false | '$S2R_BIN/s2r-report'"
	assert_bad_input
	[ "$stderr" = "s2r-report: <stdin>: no records: expected s2r-verdict's output (did it fail?)" ]
	run --separate-stderr R /dev/null
	assert_bad_input
	[ "$stderr" = "s2r-report: no verdicts: expected s2r-verdict's output, got no verdicts and no end record (did s2r-verdict fail?)" ]
	# the same in HTML with evidence beside it: stdin is the verdicts
	"$S2R_BIN/s2r-trace-stats" real/baseline/chat_mixed/trace_data.csv >m.ndjson
	run --separate-stderr sh -c "false | '$S2R_BIN/s2r-report' --format html - m.ndjson"
	assert_bad_input
	[ "$stderr" = "s2r-report: <stdin>: no records: expected s2r-verdict's output (did it fail?)" ]
}

@test "crash: a verdict stream cut anywhere is refused, by the report, --diff and --index" {
	records
	V -n x.ndjson m.ndjson mt.ndjson e-baseline.ndjson e-treatment.ndjson >v.ndjson
	n=$(wc -l <v.ndjson)
	for keep in 1 $((n / 2)) $((n - 1)); do
		head -n "$keep" v.ndjson >cut.ndjson
		run --separate-stderr R cut.ndjson
		assert_bad_input
		[ "$stderr" = "s2r-report: cut.ndjson: the verdicts have no end record after them: the stream was cut (s2r-verdict died?) or is not s2r-verdict's output" ]
		run --separate-stderr R --diff v.ndjson cut.ndjson
		assert_bad_input
		[[ "$stderr" == "s2r-report: cut.ndjson: the verdicts have no end record"* ]]
	done
	# a stream cut inside its last line is not JSON: located
	head -c -5 v.ndjson >cut.ndjson
	run --separate-stderr R cut.ndjson
	assert_bad_input
	[[ "$stderr" == "s2r-report: cut.ndjson:$n:"* ]]
	# --index: the bundle whose verdicts are cut is an error row
	mkdir -p idx/good idx/cut
	cp v.ndjson idx/good/verdicts.ndjson
	head -n 3 v.ndjson >idx/cut/verdicts.ndjson
	run --separate-stderr R --index idx/good idx/cut
	[ "$status" -eq 1 ]
	grep -q '^| cut | ERROR |.*idx/cut/verdicts.ndjson: the verdicts have no end record after them' <<<"$output"
	grep -q '^| good | FAIL |' <<<"$output"
}

@test "crash: an end record that miscounts is refused where it is; two streams in a row are fine" {
	records
	V -n x.ndjson m.ndjson >v.ndjson
	n=$(grep -c '"kind":"verdict"' v.ndjson)
	{ grep '"kind":"verdict"' v.ndjson | sed 1d; tail -n 1 v.ndjson; } >less.ndjson
	run --separate-stderr R less.ndjson
	assert_bad_input
	[ "$stderr" = "s2r-report: less.ndjson:$n:1: end record: expected \"verdicts\": $((n - 1)) (the verdicts since the start or the end record before), got another count (verdicts lost or added?)" ]
	# two whole streams one after the other: one report of both
	cat v.ndjson v.ndjson >two.ndjson
	run --separate-stderr R --date 2026-01-01 two.ndjson
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	validate_records two.ndjson
}
