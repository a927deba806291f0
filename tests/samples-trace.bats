#!/usr/bin/env bats
# s2r-trace-stats on the real traces of the AW sample bundle
# ($S2R_SAMPLES/aw-real/<phase>/<workload>/trace_data.csv, 27 columns).
# Every number is recomputed independently (tests/fixtures/trace/
# trace_ref.py: python csv + statistics modules) and must agree to 1e-9
# relative.
load helpers
bats_require_minimum_version 1.5.0

setup() {
	need_samples
	OUT="$BATS_TEST_TMPDIR/out.ndjson"
}

traces() {
	ls "$S2R_SAMPLES"/aw-real/*/*/trace_data.csv
}

@test "every AW trace reads, validates and agrees with python" {
	[ "$(traces | wc -l)" -eq 6 ]
	for f in $(traces); do
		cell=${f%/trace_data.csv}
		run --separate-stderr "$S2R_BIN/s2r-trace-stats" --root "$S2R_SAMPLES/aw-real" \
		    --phase "$(basename "$(dirname "$cell")")" --workload "$(basename "$cell")" "$f"
		[ "$status" -eq 0 ] || { echo "$f: $stderr"; false; }
		[ -z "$stderr" ]
		printf '%s\n' "$output" >"$OUT"
		validate_records "$OUT"
		/usr/bin/python3 "$FIXTURES/trace/trace_ref.py" "$f" "$OUT"
	done
}

@test "row counts and input mean agree with awk" {
	for f in $(traces); do
		"$S2R_BIN/s2r-trace-stats" "$f" >"$OUT"
		want=$(awk -F, 'NR > 1 { n++; s += $10 } END { printf "%d %.10g", n, s / n }' "$f")
		got=$(jq -r 'select(.metric == "requests.count" or .metric == "input_tokens.mean") | .value' "$OUT" | paste -sd' ')
		[ "$got" = "$want" ] || { echo "$f: got $got, want $want"; false; }
	done
}

@test "treatment/w3: the 19 stream-cut rows are failed_empty, not ok" {
	f="$S2R_SAMPLES/aw-real/treatment/w3_multi_prefix_contention/trace_data.csv"
	"$S2R_BIN/s2r-trace-stats" "$f" >"$OUT"
	[ "$(jq -r 'select(.metric == "status.count" and .status == "failed_empty") | .value' "$OUT")" = 19 ]
	[ "$(jq -r 'select(.metric == "status.count" and .status == "ok") | .value' "$OUT")" = 1980 ]
	[ "$(jq -r 'select(.metric == "output_tokens.mean") | .n' "$OUT")" = 1980 ]
	# baseline/w3 has none
	"$S2R_BIN/s2r-trace-stats" "${f/treatment/baseline}" >"$OUT"
	[ "$(jq -r 'select(.metric == "status.count" and .status == "failed_empty") | .value' "$OUT")" = 0 ]
}

@test "per-client IAT CV is near 1 for the Poisson clients (sanity)" {
	"$S2R_BIN/s2r-trace-stats" "$S2R_SAMPLES/aw-real/baseline/w2_stationary/trace_data.csv" >"$OUT"
	jq -e -s 'map(select(.metric == "iat.cv")) | length > 0 and all(.[]; .value > 0.8 and .value < 1.2)' "$OUT"
}
