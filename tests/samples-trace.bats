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

# samples/upstream: config-exploration's real traces (27 columns, rows not
# sorted by arrival, warm-up 200, version 2 headers), and BLIS's v3 header
# and ITL examples (their numbers are constructed: only shapes asserted).
@test "upstream config-exploration traces: per-client statistics and the header agree with python" {
	for f in "$S2R_SAMPLES"/upstream/config-exploration/sim2real/workspace/runs/test/results/*/w1_mid/trace_data.csv; do
		"$S2R_BIN/s2r-trace-stats" "$f" >"$OUT"
		validate_records "$OUT"
		[ "$(jq -r 'select(.metric=="warm_up.requests") | .value' "$OUT")" = 200 ]
		[ "$(jq -r 'select(.metric=="workload.seed") | .value' "$OUT")" = 42 ]
		/usr/bin/python3 - "$f" "$OUT" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
recs = [json.loads(l) for l in open(sys.argv[2])]
for c in {r["client_id"] for r in rows}:
    a = sorted(int(r["arrival_time_us"]) for r in rows if r["client_id"] == c)
    [rate] = [x["value"] for x in recs if x["metric"] == "client.rate" and x["scope"].get("client") == c]
    assert abs(rate - (len(a) - 1) / (a[-1] - a[0]) * 1e6) < 1e-9 * rate
    [n] = [x["value"] for x in recs if x["metric"] == "client.requests" and x["scope"].get("client") == c]
    assert n == len(a)
[d] = [x["value"] for x in recs if x["metric"] == "run.duration_us"]
assert d == max(int(r["arrival_time_us"]) for r in rows)
PY
	done
}

@test "upstream v3 header and ITL examples read: goodput targets, observed KV metrics, chunks" {
	e="$S2R_SAMPLES/upstream/blis-formats/examples"
	t=$(ls "$S2R_SAMPLES"/upstream/config-exploration/sim2real/workspace/runs/test/results/blis1/w1_mid/trace_data.csv)
	"$S2R_BIN/s2r-trace-stats" --header "$e/trace_header.v3.CONSTRUCTED.yaml" \
	    --itl "$e/trace_data.itl.FIXTURE.csv" "$t" >"$OUT"
	validate_records "$OUT"
	[ "$(jq -r 'select(.metric=="goodput.ttft_ms") | .scope.class' "$OUT" | tr '\n' ' ')" = "critical standard " ]
	[ "$(jq -r 'select(.metric=="goodput.e2e_ms") | .scope.class' "$OUT")" = critical ]
	[ "$(jq -r 'select(.metric=="kv.observed_hit_rate") | .source.field' "$OUT")" = observed_kv_metrics.hit_rate ]
	# 2 requests x 3 chunks
	[ "$(jq -r 'select(.metric=="itl.requests") | "\(.value) \(.n)"' "$OUT")" = "2 6" ]
	# a version 3 header without session_context_growth: rounds do not accumulate
	[ "$(jq -r 'select(.metric=="session.context_growth") | .value' "$OUT")" = "" ]
}
