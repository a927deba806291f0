#!/usr/bin/env bats
# Corpus workloads judged: tests/fixtures/workload/corpus.yaml (10
# sessions, 16 at once, at least 3 rounds, think times cut at 90 s,
# independent rounds) against traces with sessions:
# tests/fixtures/trace/v3 (2 sessions of 3 and 2 rounds, both at once,
# think times 2-5 s, accumulating, version 3 header).
bats_require_minimum_version 1.5.0
load helpers

W="$FIXTURES/workload"
T="$FIXTURES/trace"

setup() {
	OUT="$BATS_TEST_TMPDIR/v.ndjson"
}

# judge SPEC TRACE [TRACE-STATS OPTIONS]: the 1x verdicts.
judge() {
	local spec=$1 trace=$2
	shift 2
	"$S2R_BIN/s2r-expect" --as agentic "$spec" >"$BATS_TEST_TMPDIR/e.ndjson"
	"$S2R_BIN/s2r-trace-stats" --phase p --workload agentic "$@" "$trace" \
	    >"$BATS_TEST_TMPDIR/m.ndjson"
	"$S2R_BIN/s2r-verdict" --checks 1 --no-fail-status "$BATS_TEST_TMPDIR/e.ndjson" \
	    "$BATS_TEST_TMPDIR/m.ndjson" >"$OUT"
	validate_records "$OUT"
}

v() {	# v METRIC: its verdict
	jq -r --arg m "$1" 'select(.metric==$m) | .verdict' "$OUT"
}

@test "sessions, rounds, pool, think time and growth against the spec" {
	judge "$W/corpus.yaml" "$T/v3/trace_data.csv"
	# 2 sessions of the 10, fewer rounds than 3 in one of them
	[ "$(v sessions.count)" = FAIL ]
	[ "$(v session.rounds.min)" = FAIL ]
	[[ "$(jq -r 'select(.metric=="session.rounds.min") | .why' "$OUT")" == *"fewer rounds than the spec's minimum"* ]]
	# at most 10 at once: 2 is fewer than the pool
	[ "$(v sessions.concurrent_max)" = FAIL ]
	[ "$(v think_time_us.max)" = PASS ]
	[ "$(v session.context_growth)" = FAIL ]
	[[ "$(jq -r 'select(.metric=="session.context_growth") | .why' "$OUT")" == *'is "independent"'*'"accumulate"'* ]]
}

@test "what the corpus decides is INAPPLICABLE, with the reason" {
	judge "$W/corpus.yaml" "$T/v3/trace_data.csv"
	for m in requests.count run.duration_us client.rate qps.intended class.fraction \
	    input_tokens.mean output_tokens.mean prefix.fraction streaming.fraction iat.cv; do
		[ "$(v "$m")" = INAPPLICABLE ] || { echo "$m: $(v "$m")"; return 1; }
		jq -r --arg m "$m" 'select(.metric==$m) | .why' "$OUT" | grep -q "corpus workload"
	done
}

@test "a trace without sessions fails the session checks" {
	judge "$W/corpus.yaml" "$T/l27/trace_data.csv"
	[ "$(v sessions.count)" = FAIL ]
	[[ "$(jq -r 'select(.metric=="sessions.count") | .why' "$OUT")" == *"no session_id"* ]]
}

@test "no second round: think time INAPPLICABLE; a version 2 header: growth INAPPLICABLE" {
	mkdir -p "$BATS_TEST_TMPDIR/one"
	awk -F, 'NR == 1 || $7 == 0' "$T/v3/trace_data.csv" >"$BATS_TEST_TMPDIR/one/trace_data.csv"
	sed 's/^trace_version: 3$/trace_version: 2/; /^session_context_growth:/d' \
	    "$T/v3/trace_header.yaml" >"$BATS_TEST_TMPDIR/one/trace_header.yaml"
	judge "$W/corpus.yaml" "$BATS_TEST_TMPDIR/one/trace_data.csv"
	[ "$(v think_time_us.max)" = INAPPLICABLE ]
	[[ "$(jq -r 'select(.metric=="think_time_us.max") | .why' "$OUT")" == *"second round"* ]]
	[ "$(v session.context_growth)" = INAPPLICABLE ]
	[[ "$(jq -r 'select(.metric=="session.context_growth") | .why' "$OUT")" == *"trace_version 3"* ]]
}

@test "think times longer than max_think_time FAIL; gaps measured between rounds get the slack" {
	sed 's/max_think_time: 1m30s/max_think_time: 4s/' "$W/corpus.yaml" >"$BATS_TEST_TMPDIR/c.yaml"
	judge "$BATS_TEST_TMPDIR/c.yaml" "$T/v3/trace_data.csv"
	[ "$(v think_time_us.max)" = FAIL ]
	# without the column the think times are the gaps between rounds,
	# which hold the client's overhead: 5 s against 4.8 s + 5 % = 5.04 s
	mkdir -p "$BATS_TEST_TMPDIR/nt"
	cut -d, -f1-31 "$T/v3/trace_data.csv" >"$BATS_TEST_TMPDIR/nt/trace_data.csv"
	sed 's/max_think_time: 1m30s/max_think_time: 4800ms/' "$W/corpus.yaml" >"$BATS_TEST_TMPDIR/c.yaml"
	judge "$BATS_TEST_TMPDIR/c.yaml" "$BATS_TEST_TMPDIR/nt/trace_data.csv" --no-header
	[ "$(v think_time_us.max)" = PASS ]
	jq -r 'select(.metric=="think_time_us.max") | .tolerance' "$OUT" | grep -q "max_think_time + 5%"
}

@test "closed-loop rounds: one sent before the previous answer plus its think time FAILs session.rounds.early" {
	judge "$W/corpus.yaml" "$T/v3/trace_data.csv"
	[ "$(v session.rounds.early)" = PASS ]
	[ "$(jq -r 'select(.metric=="session.rounds.early") | [.expected.source.file, .actual.source.file] | map(. != null) | all' "$OUT")" = true ]
	# s1's second round (think 3 s after a round that ended at 1 s) sent
	# at 2.5 s: the think time was not waited
	mkdir -p "$BATS_TEST_TMPDIR/early"
	cp "$T/v3/trace_header.yaml" "$BATS_TEST_TMPDIR/early/"
	awk -F, -v OFS=, '$1 == 2 { $22 = 2500000; $23 = 1700000002500000 } 1' \
	    "$T/v3/trace_data.csv" >"$BATS_TEST_TMPDIR/early/trace_data.csv"
	judge "$W/corpus.yaml" "$BATS_TEST_TMPDIR/early/trace_data.csv"
	[ "$(v session.rounds.early)" = FAIL ]
	[[ "$(jq -r 'select(.metric=="session.rounds.early") | .why' "$OUT")" == *"largest shortfall 1500000 us"*"not closed-loop." ]]
	# the same round sent before s1's first round itself: out of order
	awk -F, -v OFS=, '$1 == 2 { $22 = 0; $23 = 1699999999000000 } 1' \
	    "$T/v3/trace_data.csv" >"$BATS_TEST_TMPDIR/early/r.csv"
	"$S2R_BIN/s2r-trace-stats" "$BATS_TEST_TMPDIR/early/r.csv" |
	    jq -e -s 'map(select(.metric=="session.rounds.early"))[0].out_of_order == 1'
	judge "$W/corpus.yaml" "$BATS_TEST_TMPDIR/early/r.csv"
	[ "$(v session.rounds.early)" = FAIL ]
	[[ "$(jq -r 'select(.metric=="session.rounds.early") | .why' "$OUT")" == *"not closed-loop. 1 of them went out before the previous round of their session was even sent: the replay sent the rounds out of order"* ]]
	# the think time cap alone passes it
	[ "$(v think_time_us.max)" = PASS ]
	# one round only: nothing to follow
	awk -F, 'NR == 1 || $7 == 0' "$T/v3/trace_data.csv" >"$BATS_TEST_TMPDIR/early/trace_data.csv"
	judge "$W/corpus.yaml" "$BATS_TEST_TMPDIR/early/trace_data.csv"
	[ "$(v session.rounds.early)" = INAPPLICABLE ]
}

@test "accumulating context: a round whose prompt did not grow FAILs session.rounds.grown" {
	sed 's/context_growth: independent/context_growth: accumulate/' "$W/corpus.yaml" >"$BATS_TEST_TMPDIR/c.yaml"
	judge "$BATS_TEST_TMPDIR/c.yaml" "$T/v3/trace_data.csv"
	[ "$(v session.rounds.grown)" = PASS ]
	[ "$(v session.context_growth)" = PASS ]
	# s1's third round sent alone: 120 tokens after a 220-token round
	mkdir -p "$BATS_TEST_TMPDIR/flat"
	cp "$T/v3/trace_header.yaml" "$BATS_TEST_TMPDIR/flat/"
	awk -F, -v OFS=, '$1 == 4 { $11 = 120 } 1' "$T/v3/trace_data.csv" \
	    >"$BATS_TEST_TMPDIR/flat/trace_data.csv"
	judge "$BATS_TEST_TMPDIR/c.yaml" "$BATS_TEST_TMPDIR/flat/trace_data.csv"
	[ "$(v session.rounds.grown)" = FAIL ]
	[[ "$(jq -r 'select(.metric=="session.rounds.grown") | .why' "$OUT")" == *"did not accumulate"* ]]
	# the header still says accumulate
	[ "$(v session.context_growth)" = PASS ]
	# independent rounds: no growth expected
	judge "$W/corpus.yaml" "$BATS_TEST_TMPDIR/flat/trace_data.csv"
	[ -z "$(v session.rounds.grown)" ]
}
