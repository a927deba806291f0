#!/usr/bin/env bats
# 1h, the measurement protocol: measurement.yaml (or config.md's blis
# observe flags) against the trace header and the trace, over a trace
# s2r-synth writes for tests/fixtures/workload/mixed.yaml (half the
# clients stream; 3000 requests, at most 71 in flight, the longest 9.3 s).
bats_require_minimum_version 1.5.0
load helpers

W="$FIXTURES/workload"

setup_file() {
	"$S2R_BIN/s2r-synth" "$W/mixed.yaml" "$BATS_FILE_TMPDIR/cell"
}

setup() {
	SIM="$BATS_TEST_TMPDIR/sim"
	CELL="$BATS_TEST_TMPDIR/cell"
	OUT="$BATS_TEST_TMPDIR/v.ndjson"
	mkdir -p "$SIM/workloads"
	cp "$W/mixed.yaml" "$SIM/workloads/"
	cp -R "$BATS_FILE_TMPDIR/cell" "$CELL"
}

# protocol KEY=VALUE...: SIM/measurement.yaml with those keys.
protocol() {
	printf 'kind: measurement-protocol\nversion: 1\n' >"$SIM/measurement.yaml"
	for kv in "$@"; do
		printf '%s: %s\n' "${kv%%=*}" "${kv#*=}" >>"$SIM/measurement.yaml"
	done
}

# judge [TRACE-STATS OPTIONS]: the verdicts of 1f and 1h (or $CHECKS).
judge() {
	"$S2R_BIN/s2r-expect" "$SIM" >"$BATS_TEST_TMPDIR/e.ndjson"
	"$S2R_BIN/s2r-trace-stats" --phase p --workload mixed "$@" "$CELL/trace_data.csv" \
	    >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --checks "${CHECKS:-1f,1h}" --no-fail-status "$BATS_TEST_TMPDIR/e.ndjson" \
	    "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	validate_records "$OUT"
}

verdict() {	# verdict CHECK METRIC
	jq -r --arg c "$1" --arg m "$2" 'select(.check==$c and .metric==$m) | .verdict' "$OUT"
}

why() {		# why CHECK METRIC
	jq -r --arg c "$1" --arg m "$2" 'select(.check==$c and .metric==$m) | .why' "$OUT"
}

@test "no protocol in the bundle: 1h is INAPPLICABLE, saying so" {
	judge
	# the sends against the plan are judged all the same (s2r-synth sends on time)
	[ "$(jq -r 'select(.check=="1h") | "\(.metric) \(.verdict)"' "$OUT" | tr '\n' ' ')" = "sends.late PASS measurement.protocol INAPPLICABLE " ]
	[[ "$(why 1h measurement.protocol)" == *"no measurement.yaml, no blis observe flags in config.md"* ]]
	[ "$(verdict 1f streaming.fraction)" = PASS ]
}

@test "a protocol the cell followed: every item PASSes" {
	protocol maxConcurrency=1000 timeout=60 warmupRequests=0 streaming=true recordItl=false
	judge
	[ "$(jq -r 'select(.check=="1h") | .verdict' "$OUT" | sort -u)" = PASS ]
	[ "$(jq -r 'select(.check=="1h") | .metric' "$OUT" | tr '\n' ' ')" = "sends.late warm_up.requests streaming.fraction inflight.max e2e_ms.max " ]
	# streaming: true leaves it to the clients' flags (half of them)
	[ "$(jq -r 'select(.check=="1h" and .metric=="streaming.fraction") | .expected.value' "$OUT")" = 0.5 ]
}

@test "warm-up: another count FAILs; without a trace header INAPPLICABLE" {
	protocol warmupRequests=20
	judge
	[ "$(verdict 1h warm_up.requests)" = FAIL ]
	[[ "$(why 1h warm_up.requests)" == *"leaves out the first 20 requests"*"the trace header says 0"* ]]
	judge --no-header
	[ "$(verdict 1h warm_up.requests)" = INAPPLICABLE ]
	[[ "$(why 1h warm_up.requests)" == *"no trace header"* ]]
}

@test "warm-up rows: a real trace's rows below the header's warm_up_requests FAIL, with or without a protocol" {
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	sed -i 's/^warm_up_requests: 0$/warm_up_requests: 20/' "$CELL/trace_header.yaml"
	judge
	# the 20 warm-up requests are still rows: FAIL, beside the protocol's
	# INAPPLICABLE (the bundle states none)
	[ "$(verdict 1h warm_up.rows)" = FAIL ]
	[ "$(verdict 1h measurement.protocol)" = INAPPLICABLE ]
	jq -c 'select(.check=="1h" and .metric=="warm_up.rows")' "$OUT" | jq -e '
	    .actual.value == 20 and .expected.value == 0 and .tolerance == "none"
	    and (.why | test("says the first 20 requests were left out .*20 of the 3000 rows have a smaller request_id .*recorded after all"))
	    and (.action | test("Drop the rows"))'
	# the rows left out as the header says: PASS, a protocol or none
	awk -F, 'NR == 1 || $1 >= 20' "$CELL/trace_data.csv" >"$CELL/t" &&
	    mv "$CELL/t" "$CELL/trace_data.csv"
	protocol warmupRequests=20
	judge
	[ "$(verdict 1h warm_up.rows)" = PASS ]
	[ "$(verdict 1h warm_up.requests)" = PASS ]
	[[ "$(why 1h warm_up.rows)" == *"0 of the 2980 rows have a smaller request_id." ]]
}

@test "warm-up rows: sessions the warm-up cut at the head WARN" {
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	# two-round sessions: request 2k is round 0 of session k, 2k+1 round 1
	/usr/bin/python3 - "$CELL/trace_data.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for r in rows:
    i = int(r["request_id"])
    r["session_id"], r["round_index"] = "s%d" % (i // 2), str(i % 2)
rows = [r for r in rows if int(r["request_id"]) >= 21]
w = csv.DictWriter(open(sys.argv[1], "w", newline=""),
                   fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
	sed -i 's/^warm_up_requests: 0$/warm_up_requests: 21/' "$CELL/trace_header.yaml"
	judge
	# request 21 is round 1 of s10, whose round 0 was warm-up
	[ "$(verdict 1h warm_up.rows)" = WARN ]
	[[ "$(why 1h warm_up.rows)" == *"1 of the 1490 sessions has no round 0"* ]]
	jq -e -s 'map(select(.metric == "warm_up.rows"))[0].action |
	    test("warm_up_requests 0")' "$OUT"
	# a warm-up of whole sessions: PASS
	awk -F, 'NR == 1 || $1 >= 22' "$CELL/trace_data.csv" >"$CELL/t" &&
	    mv "$CELL/t" "$CELL/trace_data.csv"
	sed -i 's/^warm_up_requests: 21$/warm_up_requests: 22/' "$CELL/trace_header.yaml"
	judge
	[ "$(verdict 1h warm_up.rows)" = PASS ]
}

@test "trace.copied: one real trace in two cells FAILs in both; distinct traces say nothing" {
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	"$S2R_BIN/s2r-expect" "$SIM" >"$BATS_TEST_TMPDIR/e.ndjson"
	for p in a b; do
		"$S2R_BIN/s2r-trace-stats" --phase $p --workload mixed \
		    "$CELL/trace_data.csv"
	done >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 1h --no-fail-status \
	    "$BATS_TEST_TMPDIR/e.ndjson" "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	validate_records "$OUT"
	[ "$(jq -r 'select(.metric == "trace.copied") | "\(.scope.phase) \(.verdict)"' "$OUT" | tr '\n' ' ')" = "a FAIL b FAIL " ]
	jq -e -s 'map(select(.metric == "trace.copied" and .scope.phase == "a"))[0].why |
	    test("row for row, the trace of b/mixed")' "$OUT"
	# the rows in another order: still the one run
	{ head -1 "$CELL/trace_data.csv"; tail -n +2 "$CELL/trace_data.csv" | tac; } \
	    >"$BATS_TEST_TMPDIR/rev.csv"
	mkdir -p "$BATS_TEST_TMPDIR/b"
	cp "$BATS_TEST_TMPDIR/rev.csv" "$BATS_TEST_TMPDIR/b/trace_data.csv"
	cp "$CELL/trace_header.yaml" "$BATS_TEST_TMPDIR/b/"
	{ "$S2R_BIN/s2r-trace-stats" --phase a --workload mixed "$CELL/trace_data.csv"
	  "$S2R_BIN/s2r-trace-stats" --phase b --workload mixed "$BATS_TEST_TMPDIR/b/trace_data.csv"
	} >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 1h --no-fail-status \
	    "$BATS_TEST_TMPDIR/e.ndjson" "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	[ "$(jq -r 'select(.metric == "trace.copied") | .verdict' "$OUT" | sort -u)" = FAIL ]
	# one send a microsecond later: another run, no trace.copied
	awk -F, -v OFS=, 'NR == 2 { $21 = $21 + 1 } 1' "$CELL/trace_data.csv" \
	    >"$BATS_TEST_TMPDIR/b/trace_data.csv"
	{ "$S2R_BIN/s2r-trace-stats" --phase a --workload mixed "$CELL/trace_data.csv"
	  "$S2R_BIN/s2r-trace-stats" --phase b --workload mixed "$BATS_TEST_TMPDIR/b/trace_data.csv"
	} >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 1h --no-fail-status \
	    "$BATS_TEST_TMPDIR/e.ndjson" "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	[ -z "$(jq -r 'select(.metric == "trace.copied") | .verdict' "$OUT")" ]
}

@test "recordItl: every request streams (1f INAPPLICABLE) and the ITL file must be there" {
	protocol recordItl=true
	judge
	[ "$(verdict 1f streaming.fraction)" = INAPPLICABLE ]
	[[ "$(why 1f streaming.fraction)" == *"measurement.yaml:3"*"streams every request"* ]]
	[ "$(verdict 1h streaming.fraction)" = FAIL ]
	[ "$(verdict 1h itl.requests)" = FAIL ]
	[[ "$(why 1h itl.requests)" == *"no trace_data.itl.csv"* ]]
	# the per-chunk file of every successful request: PASS
	awk -F, 'NR > 1 && $25 == "ok" { print $1 ",0," $22 }' "$CELL/trace_data.csv" |
	    { echo request_id,chunk_index,timestamp_us; cat; } >"$CELL/trace_data.itl.csv"
	judge
	[ "$(verdict 1h itl.requests)" = PASS ]
	# half of them: WARN
	awk 'NR == 1 || NR % 2' "$CELL/trace_data.itl.csv" >"$BATS_TEST_TMPDIR/half.csv"
	judge --itl "$BATS_TEST_TMPDIR/half.csv"
	[ "$(verdict 1h itl.requests)" = WARN ]
}

@test "recordItl: an ITL file of another run (the ids, none of the times) FAILs" {
	protocol recordItl=true
	# chunk 0 of every successful request, an hour before the trace's
	awk -F, 'NR > 1 && $25 == "ok" { printf "%s,0,%d\n", $1, $22 - 3600000000 }' \
	    "$CELL/trace_data.csv" | { echo request_id,chunk_index,timestamp_us; cat; } \
	    >"$CELL/trace_data.itl.csv"
	judge
	jq -c 'select(.check=="1h" and .metric=="itl.requests")' "$OUT" | jq -e '
	    .verdict == "FAIL" and (.why | test("Only 0 of them have chunk 0 at the trace row.s own first_chunk_time_us .*another run.s"))'
	[ "$(jq -r 'select(.metric=="itl.own") | .value' "$BATS_TEST_TMPDIR/m.ndjson")" = 0 ]
	# one in 50 a microsecond off: within workload.rate_pct, PASS
	awk -F, 'NR > 1 && $25 == "ok" { printf "%s,0,%d\n", $1, $22 - (++k % 50 == 1) }' \
	    "$CELL/trace_data.csv" | { echo request_id,chunk_index,timestamp_us; cat; } \
	    >"$CELL/trace_data.itl.csv"
	judge
	[ "$(verdict 1h itl.requests)" = PASS ]
	[ "$(jq -r 'select(.metric=="itl.own") | .value' "$BATS_TEST_TMPDIR/m.ndjson")" -lt \
	  "$(jq -r 'select(.metric=="itl.requests") | .value' "$BATS_TEST_TMPDIR/m.ndjson")" ]
}

@test "1f client.streaming.fraction: a client sent against its flag FAILs, while the overall share holds" {
	judge
	[ "$(jq -c 'select(.metric=="client.streaming.fraction")' "$OUT")" = "" ]
	# bulk (streaming: true) sent unstreamed, as many docs rows (streaming
	# false) streamed: the overall share is unchanged
	n=$(awk -F, '$2 == "bulk"' "$CELL/trace_data.csv" | wc -l)
	awk -F, -v OFS=, -v n="$n" '$2 == "bulk" { $9 = "false" }
	    $2 == "docs" && k++ < n { $9 = "true" } 1' "$CELL/trace_data.csv" >"$CELL/t" &&
	    mv "$CELL/t" "$CELL/trace_data.csv"
	judge
	[ "$(verdict 1f streaming.fraction)" = PASS ]
	[ "$(jq -r 'select(.metric=="client.streaming.fraction") | "\(.scope.client) \(.verdict)"' "$OUT" | tr '\n' ' ')" = "bulk FAIL docs FAIL " ]
	jq -c 'select(.metric=="client.streaming.fraction" and .scope.client=="bulk")' "$OUT" | jq -e '
	    .expected.value == 1 and .actual.value == 0 and .tolerance == "\u00b1 streaming_pp"
	    and (.why | test("Client .bulk. streamed 0.0% of its requests .* where its spec says streaming: true \\(workloads/mixed.yaml:40"))'
	# a protocol that forces streaming judges it under 1h, not per client
	protocol recordItl=true
	judge
	[ "$(jq -c 'select(.metric=="client.streaming.fraction")' "$OUT")" = "" ]
}

@test "1f client.streaming.chunked: a client answered whole FAILs, named, while the cell's share holds" {
	judge
	[ "$(jq -c 'select(.metric=="client.streaming.chunked")' "$OUT")" = "" ]
	# 25 of bulk's streamed rows answered whole (1.7 % of the cell's
	# streamed rows: inside streaming_pp), the streaming column unchanged
	awk -F, -v OFS=, 'NR > 1 && $2 == "bulk" && $25 == "ok" && k++ < 25 { $22 = $23; $24 = 1 } 1' \
	    "$BATS_FILE_TMPDIR/cell/trace_data.csv" >"$CELL/trace_data.csv"
	judge
	[ "$(verdict 1f streaming.chunked)" = PASS ]
	[ "$(jq -r 'select(.metric=="client.streaming.chunked") | "\(.scope.client) \(.verdict)"' "$OUT")" = "bulk FAIL" ]
	jq -c 'select(.metric=="client.streaming.chunked")' "$OUT" | jq -e '
	    .expected.value == 1 and .actual.value < 0.95 and .actual.source.line > 1
	    and (.why | test("Client .bulk.: [0-9]+ of its [0-9]+ successful streamed requests .*answered whole"))'
	# every streamed answer whole: the cell's FAIL says it, no client repeats it
	awk -F, -v OFS=, 'NR > 1 && $25 == "ok" { $22 = $23; $24 = 1 } 1' "$BATS_FILE_TMPDIR/cell/trace_data.csv" \
	    >"$CELL/trace_data.csv"
	judge
	[ "$(verdict 1f streaming.chunked)" = FAIL ]
	[ "$(jq -c 'select(.metric=="client.streaming.chunked")' "$OUT")" = "" ]
}

@test "1e client.prefix.fraction: a client sent against its prefix_group FAILs, while the overall share holds" {
	CHECKS=1e judge
	[ "$(jq -c 'select(.metric=="client.prefix.fraction" and .verdict)' "$OUT")" = "" ]
	# bulk (prefix_group doc-system) sent bare, as many chat rows (no
	# prefix_group) sent with it: the overall share is unchanged
	n=$(awk -F, '$2 == "bulk"' "$CELL/trace_data.csv" | wc -l)
	awk -F, -v OFS=, -v n="$n" '$2 == "bulk" { $7 = ""; $8 = 0 }
	    $2 == "chat" && k++ < n { $7 = "doc-system"; $8 = 50 } 1' "$CELL/trace_data.csv" >"$CELL/t" &&
	    mv "$CELL/t" "$CELL/trace_data.csv"
	CHECKS=1e judge
	[ "$(verdict 1e prefix.fraction)" = PASS ]
	[ "$(jq -r 'select(.metric=="client.prefix.fraction" and .verdict) | "\(.scope.client) \(.verdict)"' "$OUT" | tr '\n' ' ')" = "bulk FAIL chat FAIL " ]
	jq -c 'select(.metric=="client.prefix.fraction" and .verdict and .scope.client=="bulk")' "$OUT" | jq -e '
	    .expected.value == 1 and .actual.value == 0 and .tolerance == "\u00b1 prefix_pp"
	    and (.why | test("Client .bulk. sent a shared prefix on 0.0% of its requests .* where its spec says a prefix_group \\(workloads/mixed.yaml:42"))'
}

@test "streaming: false turns streaming off for every request" {
	protocol streaming=false
	judge
	[ "$(verdict 1h streaming.fraction)" = FAIL ]
	[ "$(jq -r 'select(.check=="1h" and .metric=="streaming.fraction") | .expected.value' "$OUT")" = 0 ]
	[ "$(verdict 1f streaming.fraction)" = INAPPLICABLE ]
}

@test "concurrency cap: reached is a WARN, exceeded a FAIL" {
	protocol maxConcurrency=71
	judge
	[ "$(verdict 1h inflight.max)" = WARN ]
	[[ "$(why 1h inflight.max)" == *"the cap was reached"* ]]
	protocol maxConcurrency=50
	judge
	[ "$(verdict 1h inflight.max)" = FAIL ]
}

# hold NTH MS: every NTH row of the cell's trace sent MS later than it was
# (its chunks move with it), as a client that waited for a slot does.
hold() {
	gawk -F, -v OFS=, -v nth="$1" -v us="$(($2 * 1000))" '
	    BEGIN { split("send_time_us first_chunk_time_us last_chunk_time_us", t, " ") }
	    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	    (NR - 1) % nth == 0 { for (k in t) if ($c[t[k]] > 0) $c[t[k]] += us }
	    { print }' "$CELL/trace_data.csv" >"$CELL/t"
	mv "$CELL/t" "$CELL/trace_data.csv"
}

# late: the rows sent 50 ms or more after their plan, counted apart from
# s2r: send - arrival less its least value, over rows of round 0.
late() {
	gawk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    { d[NR] = $c["send_time_us"] - $c["arrival_time_us"]
	      if (NR == 2 || d[NR] < least) least = d[NR] }
	    END { for (i in d) n += d[i] - least >= 50000; print n + 0 }' "$CELL/trace_data.csv"
}

@test "late sends: first-round requests sent 50 ms or more after their plan WARN above 1 %, FAIL above 10 %" {
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	judge
	[ "$(verdict 1h sends.late)" = PASS ]
	[[ "$(why 1h sends.late)" == "0 of 3000 first-round requests (0.00%) were sent 50 ms or more after"*"kept to the schedule." ]]
	# one row in 40 held 80 ms: 75 rows, 2.5 %
	hold 40 80
	[ "$(late)" = 75 ]
	judge
	[ "$(verdict 1h sends.late)" = WARN ]
	jq -e -s 'map(select(.check=="1h" and .metric=="sends.late"))[0] | .actual.value == 75
	    and .actual.n == 3000 and .expected.value == 0
	    and .tolerance == "at most 1% (WARN), 10% (FAIL)"
	    and (.why | test("75 of 3000 first-round requests \\(2.50%\\) .*the latest 80.[0-9] ms after"))
	    and (.action | test("--max-concurrency"))' "$OUT"
	# one in 5 held 2 s more, under a protocol whose cap the cell stayed below
	hold 5 2000
	protocol maxConcurrency=1000
	judge
	[ "$(verdict 1h sends.late)" = FAIL ]
	[ "$(jq -r 'select(.check=="1h" and .metric=="sends.late") | .actual.value' "$OUT")" = "$(late)" ]
	[[ "$(why 1h sends.late)" == *"the latest 2.08 s after"*"the protocol's cap 1000 (measurement.yaml:3): the client held requests back below that cap"* ]]
	# a looser tolerance: the same share is a WARN
	printf 'workload:\n  late_sends_fail_pct: 50\n' >"$BATS_TEST_TMPDIR/t.yaml"
	"$S2R_BIN/s2r-verdict" --checks 1h --no-fail-status --tolerances "$BATS_TEST_TMPDIR/t.yaml" \
	    "$BATS_TEST_TMPDIR/e.ndjson" "$BATS_TEST_TMPDIR/m.ndjson" |
	    jq -e -s 'map(select(.metric == "sends.late"))[0].verdict == "WARN"'
}

# step_back SEC US: the client clock went back US after SEC s of planned
# arrivals: the wall-clock times of the rows planned from then on are US
# earlier (an NTP step), their arrival_time_us unchanged.
step_back() {
	gawk -F, -v OFS=, -v at="$(($1 * 1000000))" -v us="$2" '
	    BEGIN { split("send_time_us first_chunk_time_us last_chunk_time_us", t, " ") }
	    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	    $c["arrival_time_us"] >= at { for (k in t) if ($c[t[k]] > 0) $c[t[k]] -= us }
	    { print }' "$CELL/trace_data.csv" >"$CELL/t"
	mv "$CELL/t" "$CELL/trace_data.csv"
}

@test "clock step back: sends.clock_back WARNs where and by how much, late sends counted on each side; none on a clean or a held run" {
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	judge
	[ -z "$(verdict 1h sends.clock_back)" ]
	jq -e -s 'map(select(.metric == "sends.clock_back")) == []' "$BATS_TEST_TMPDIR/m.ndjson"
	# a client at its ceiling (one row in 5 held 2 s) is no clock step
	hold 5 2000
	judge
	[ -z "$(verdict 1h sends.clock_back)" ]
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	step_back 30 1500000
	judge
	[ "$(verdict 1h sends.clock_back)" = WARN ]
	jq -e -s 'map(select(.metric == "sends.clock_back"))[0] | .value >= 1400000
	    and .value <= 1500000 and .unit == "us" and .n == 3000
	    and .at_us > 29e6 and .at_us < 31e6 and .source.field == "send_time_us"' \
	    "$BATS_TEST_TMPDIR/m.ndjson"
	validate_records "$BATS_TEST_TMPDIR/m.ndjson"
	[[ "$(why 1h sends.clock_back)" == "The load generator's wall clock went back 1.5 s at about "*"only a clock step"*"qps.actual"* ]]
	# the rows before the step are not late against the rows after it
	[ "$(verdict 1h sends.late)" = PASS ]
	[[ "$(why 1h sends.late)" == "0 of 3000 first-round requests"* ]]
	# a 5 s step shortens the send span of this 60 s run by a twelfth:
	# qps.actual is out of its band by the clock alone, a WARN saying so
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	step_back 30 5000000
	judge
	"$S2R_BIN/s2r-verdict" --checks 1a --no-fail-status "$BATS_TEST_TMPDIR/e.ndjson" \
	    "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	[ "$(verdict 1a qps.actual)" = WARN ]
	[[ "$(why 1a qps.actual)" == *"The client's clock went back 5 s mid-run"*"1h sends.clock_back): over the send span with the step restored the rate is "*"within the tolerance." ]]
	[ "$(verdict 1a qps.intended)" = PASS ]
}

@test "clock step forward: sends.clock_forward WARNs where and by how much, not late sends; a client falling behind for good is no step" {
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	step_back 30 -1500000
	judge
	[ "$(verdict 1h sends.clock_forward)" = WARN ]
	[ -z "$(verdict 1h sends.clock_back)" ]
	jq -e -s 'map(select(.metric == "sends.clock_forward"))[0] | .value >= 1400000
	    and .value <= 1500000 and .unit == "us" and .n == 3000
	    and .at_us > 29e6 and .at_us < 31e6' "$BATS_TEST_TMPDIR/m.ndjson"
	validate_records "$BATS_TEST_TMPDIR/m.ndjson"
	[[ "$(why 1h sends.clock_forward)" == "The load generator's wall clock went forward 1.5 s at about "*"to the end of the run"* ]]
	# the rows after the step are not late against the rows before it
	[ "$(verdict 1h sends.late)" = PASS ]
	# a 5 s step lengthens the send span of this 60 s run: qps.actual
	# says the clock moved it
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	step_back 30 -5000000
	judge
	"$S2R_BIN/s2r-verdict" --checks 1a --no-fail-status "$BATS_TEST_TMPDIR/e.ndjson" \
	    "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	[[ "$(why 1a qps.actual)" == *"The client's clock went forward 5 s mid-run"*"1h sends.clock_forward): over the send span with the step restored"* ]]
	# a client that stalls 1.5 s and then sends ever later (its backlog
	# grows to the end) is late, not a clock step
	"$S2R_BIN/s2r-synth" --mode real "$W/mixed.yaml" "$CELL"
	gawk -F, -v OFS=, '
	    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	    $c["arrival_time_us"] >= 30000000 { d = 1500000 + int(($c["arrival_time_us"] - 30000000) / 10)
		$c["send_time_us"] += d; $c["first_chunk_time_us"] += d; $c["last_chunk_time_us"] += d }
	    { print }' "$CELL/trace_data.csv" >"$CELL/t"
	mv "$CELL/t" "$CELL/trace_data.csv"
	judge
	[ -z "$(verdict 1h sends.clock_forward)" ]
	[ "$(verdict 1h sends.late)" = FAIL ]
}

@test "timeout: a request longer than the per-request timeout FAILs" {
	protocol timeout=5
	judge
	[ "$(verdict 1h e2e_ms.max)" = FAIL ]
	[[ "$(why 1h e2e_ms.max)" == *"the per-request timeout is 5 s"* ]]
}

@test "config.md's blis observe flags: the protocol when there is no measurement.yaml; a WARN when both differ" {
	printf '# Config\n\n## Load Generator (blis observe)\n\n| Parameter | Value |\n|---|---|\n| `--max-concurrency` | 500 |\n' >"$SIM/config.md"
	judge
	[ "$(verdict 1h inflight.max)" = PASS ]
	[[ "$(why 1h inflight.max)" == *"config.md:7"* ]]
	protocol maxConcurrency=1000
	judge
	[ "$(jq -r 'select(.check=="1h" and .metric=="measurement.max_concurrency") | .verdict' "$OUT")" = WARN ]
	[[ "$(why 1h measurement.max_concurrency)" == *"measurement.yaml says 1000"*"config.md"*"say 500"* ]]
}

@test "a protocol that fixes nothing the trace shows: one INAPPLICABLE saying so" {
	protocol prewarmDuration='"30s"' detectors='"composite"'
	judge
	[ "$(jq -r 'select(.check=="1h") | "\(.metric) \(.verdict)"' "$OUT" | tr '\n' ' ')" = "sends.late PASS measurement.protocol INAPPLICABLE " ]
	[[ "$(why 1h measurement.protocol)" == *"fixes none of what the cell shows"* ]]
}

@test "apiFormat: the endpoint the servers' access logs saw; the other one FAILs; no access lines INAPPLICABLE" {
	protocol apiFormat='"completions"'
	logs() {	# logs ENDPOINT: the fixture's server logs with ENDPOINT
		mkdir -p "$BATS_TEST_TMPDIR/logs"
		for f in "$FIXTURES"/logs/bundle/baseline/w1/server_logs/*.log; do
			sed -E "s|POST /v1/(chat/)?completions HTTP|POST $1 HTTP|" "$f" >"$BATS_TEST_TMPDIR/logs/${f##*/}"
		done
		"$S2R_BIN/s2r-log-extract" --phase p --workload mixed \
		    --server-logs "$BATS_TEST_TMPDIR/logs" >"$BATS_TEST_TMPDIR/l.ndjson"
	}
	judge_logs() {
		judge
		"$S2R_BIN/s2r-verdict" --checks 1h --no-fail-status "$BATS_TEST_TMPDIR/e.ndjson" \
		    "$BATS_TEST_TMPDIR/m.ndjson" "$BATS_TEST_TMPDIR/l.ndjson" >"$OUT"
		validate_records "$OUT"
	}
	logs /v1/completions
	judge_logs
	[ "$(verdict 1h measurement.api_format)" = PASS ]
	[ "$(jq -r 'select(.metric=="measurement.api_format") | "\(.expected.value) \(.actual.value) \(.expected.source.file) \(.actual.source.file != null)"' "$OUT")" = "completions completions measurement.yaml true" ]
	logs /v1/chat/completions
	judge_logs
	[ "$(verdict 1h measurement.api_format)" = FAIL ]
	[[ "$(why 1h measurement.api_format)" == *"0 requests there and "*" to /v1/chat/completions"*"other apiFormat"* ]]
	# the fixture's logs as they are: 14 completions, 2 chat requests
	"$S2R_BIN/s2r-log-extract" --phase p --workload mixed --server-logs \
	    "$FIXTURES/logs/bundle/baseline/w1/server_logs" >"$BATS_TEST_TMPDIR/l.ndjson"
	judge_logs
	[ "$(verdict 1h measurement.api_format)" = WARN ]
	[[ "$(why 1h measurement.api_format)" == *"14 requests there and 2 to /v1/chat/completions"*"some requests used the other endpoint"* ]]
	# no server logs: nothing shows the endpoint
	judge
	[ "$(verdict 1h measurement.api_format)" = INAPPLICABLE ]
	[[ "$(why 1h measurement.api_format)" == *"no access lines"* ]]
}

@test "1f streaming.tokens_per_chunk: one token a chunk PASS; a stream coalesced into 16-token writes WARN, the proxy named" {
	judge
	[ "$(verdict 1f streaming.tokens_per_chunk)" = PASS ]
	# every chunked answer's events coalesced 16 to a write
	awk -F, -v OFS=, 'NR > 1 && $25 == "ok" && $24 > 1 { $24 = int(($24 + 15) / 16) + 1 } 1' \
	    "$BATS_FILE_TMPDIR/cell/trace_data.csv" >"$CELL/trace_data.csv"
	judge
	[ "$(verdict 1f streaming.chunked)" = PASS ]
	[ "$(verdict 1f streaming.tokens_per_chunk)" = WARN ]
	[[ "$(why 1f streaming.tokens_per_chunk)" == *"output tokens a chunk"*"the stream was coalesced"* ]]
	jq -s -e 'map(select(.kind == "verdict" and .metric == "streaming.tokens_per_chunk")) |
	    length == 1 and (.[0] | .expected.value == 1 and .actual.value > 2 and
	    (.action | test("proxy buffering")))' "$OUT" >/dev/null
}

@test "1f streaming.ttft_per_tpot: streamed first chunks after a token time PASS; stamped 1 ms after the send (the response headers) WARN; a cell half unstreamed, none" {
	# half the rows answered whole: their TTFT and TPOT say nothing of
	# the stream, no verdict
	judge
	[ -z "$(verdict 1f streaming.ttft_per_tpot)" ]
	# the streamed rows alone
	awk -F, 'NR == 1 || $9 == "true"' "$BATS_FILE_TMPDIR/cell/trace_data.csv" \
	    >"$CELL/trace_data.csv"
	judge
	[ "$(verdict 1f streaming.ttft_per_tpot)" = PASS ]
	# every answer's first chunk stamped 1 ms after its send
	awk -F, -v OFS=, 'NR == 1 || $9 == "true"' "$BATS_FILE_TMPDIR/cell/trace_data.csv" |
	    awk -F, -v OFS=, 'NR > 1 && $25 == "ok" && $22 > 0 { $22 = $21 + 1000 } 1' \
	    >"$CELL/trace_data.csv"
	judge
	[ "$(verdict 1f streaming.ttft_per_tpot)" = WARN ]
	[[ "$(why 1f streaming.ttft_per_tpot)" == *"well inside one token's time"*"response headers"* ]]
	jq -s -e 'map(select(.kind == "verdict" and .metric == "streaming.ttft_per_tpot")) |
	    length == 1 and (.[0] | .expected.value == 0.25 and .actual.value < 0.25 and
	    (.action | test("stream reader")))' "$OUT" >/dev/null
}

@test "1f streaming.chunked: streamed rows answered whole FAIL, whatever the streaming column says" {
	judge
	[ "$(verdict 1f streaming.chunked)" = PASS ]
	[ "$(jq -r 'select(.metric=="streaming.chunked") | "\(.expected.value) \(.expected.source.file) \(.actual.source.file != null)"' "$OUT")" = "1 workloads/mixed.yaml true" ]
	# every answer in one chunk, the streaming column unchanged
	awk -F, -v OFS=, 'NR > 1 && $25 == "ok" { $22 = $23; $24 = 1 } 1' "$BATS_FILE_TMPDIR/cell/trace_data.csv" \
	    >"$CELL/trace_data.csv"
	judge
	[ "$(verdict 1f streaming.fraction)" = PASS ]
	[ "$(verdict 1f streaming.chunked)" = FAIL ]
	[[ "$(why 1f streaming.chunked)" == "0 of the "*"answered whole"*"proxy buffered the stream"* ]]
	# no chunk counts (0, as a sim trace writes): how the answers came
	# cannot be seen
	awk -F, -v OFS=, 'NR > 1 { $24 = 0 } 1' "$BATS_FILE_TMPDIR/cell/trace_data.csv" \
	    >"$CELL/trace_data.csv"
	judge
	[ "$(verdict 1f streaming.chunked)" = INAPPLICABLE ]
	[[ "$(why 1f streaming.chunked)" == *"has a chunk count in the trace"* ]]
}
