# helpers.bash - shared by every bats file: `load helpers`.
#
#   S2R_BIN      the tools under test (scripts/run-tests sets it)
#   S2R_SAMPLES  real sample data; suites over it call need_samples
: "${S2R_TOP:=$(cd "$BATS_TEST_DIRNAME/.." && pwd)}"
: "${S2R_BIN:=$S2R_TOP/build/asan/bin}"
: "${S2R_SAMPLES:=$S2R_TOP/../shared/samples}"
FIXTURES="$S2R_TOP/tests/fixtures"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export SOURCE_DATE_EPOCH=1767225600

# Every record in the NDJSON file $1 must validate against the schema of
# its kind (schemas/<kind>.schema.json); metric names against the
# vocabularies in schemas/metrics-*.json.
validate_records() {
	/usr/bin/python3 "$S2R_TOP/scripts/validate-records" "$@"
}

# verdict_end FILE: appends s2r-verdict's end record, counting FILE's
# verdicts since its last end record, to a verdict file a test wrote or
# filtered (s2r-report refuses verdicts with no end record after them).
verdict_end() {
	jq -c -n --argjson n "$(jq -s 'reduce .[] as $r (0; if $r.kind == "end" then 0
	    elif $r.kind == "verdict" then . + 1 else . end)' "$1")" \
	    '{kind: "end", tool: "s2r-verdict", verdicts: $n}' >>"$1"
}

need_samples() {
	[ -d "$S2R_SAMPLES" ] || skip "no sample data at $S2R_SAMPLES"
}

# assert_bad_input STATUS OUTPUT: one line on stderr naming a location,
# exit 2, and no records on stdout.  Use with `run --separate-stderr`.
assert_bad_input() {
	[ "$status" -eq 2 ] || { echo "status $status, want 2"; return 1; }
	[ -z "$output" ] || { echo "stdout not empty: $output"; return 1; }
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ] ||
		{ echo "stderr not one line: $stderr"; return 1; }
	case "$stderr" in
	*AddressSanitizer*|*runtime\ error*) echo "sanitizer: $stderr"; return 1 ;;
	esac
}
