#!/usr/bin/env bats
# s2r-expect over every real workload spec in the sample data: valid
# records or a clear not-comparable record, never a crash.
bats_require_minimum_version 1.5.0
load helpers

@test "every sample spec gives valid expect records" {
	need_samples
	n=0
	for f in "$S2R_SAMPLES"/workloads/*.yaml "$S2R_SAMPLES"/aw-sim/workloads/*.yaml \
	    "$S2R_SAMPLES"/14b-sim/workloads/*.yaml; do
		[ -e "$f" ] || continue
		run --separate-stderr "$S2R_BIN/s2r-expect" --root "$S2R_SAMPLES" "$f"
		[ "$status" -eq 0 ] || { echo "$f: $stderr"; return 1; }
		printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/out.ndjson"
		validate_records "$BATS_TEST_TMPDIR/out.ndjson"
		# a null value is always explained
		[ "$(jq -r 'select(.value == null and (.comparable != false or (.why|length) == 0)) | .metric' "$BATS_TEST_TMPDIR/out.ndjson")" = "" ]
		# every cell has its arrival-rate expectation
		[ "$(jq -r 'select(.metric == "qps.intended") | .metric' "$BATS_TEST_TMPDIR/out.ndjson")" = qps.intended ]
		n=$((n + 1))
	done
	[ "$n" -ge 20 ]
}

@test "14b w1: exact gaussian moments, not the textbook ones" {
	need_samples
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S2R_SAMPLES/14b-sim/workloads/w1_14b.yaml"
	[ "$status" -eq 0 ]
	m=$(printf '%s\n' "$output" | jq -r 'select(.metric=="input_tokens.mean") | .value')
	# clamping at 256 (3 sd below) lifts the mean above 1024 (reference
	# from /usr/bin/python3 summing erfc over 256..2048)
	want=$(/usr/bin/python3 -c '
import math
F=lambda x: 0.5*math.erfc(-(x-1024)/256/math.sqrt(2))
p={256:F(256.5), 2048:1-F(2047.5)}
p.update({k: F(k+.5)-F(k-.5) for k in range(257,2048)})
print(sum(k*v for k,v in p.items()))')
	awk -v a="$m" -v b="$want" 'BEGIN { exit !(a - b < 1e-6 && b - a < 1e-6) }'
	[ "$(printf '%s\n' "$output" | jq -r 'select(.metric=="class.fraction" and .scope.class=="sheddable") | .value')" = 0.45 ]
}

@test "AW and 14b lifecycle specs: mix not comparable, named with a line" {
	need_samples
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S2R_SAMPLES/aw-sim/workloads/w3_multi_prefix_contention.yaml"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | jq -r 'select(.metric=="prefix.fraction") | .comparable')" = false ]
	[[ "$(printf '%s\n' "$output" | jq -r 'select(.metric=="prefix.fraction") | .why')" == *"lifecycle.windows (line "* ]]
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S2R_SAMPLES/14b-sim/workloads/w2_14b_burst.yaml"
	[ "$status" -eq 0 ]
	# every client has the same lengths: those stay comparable
	[ "$(printf '%s\n' "$output" | jq -r 'select(.metric=="input_tokens.mean") | .comparable')" = null ]
	[ "$(printf '%s\n' "$output" | jq -r 'select(.metric=="class.fraction") | .comparable')" = false ]
}

@test "servegen and multi-turn samples: not-comparable records, no numbers" {
	need_samples
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S2R_SAMPLES/workloads/servegen-language.yaml"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | jq -r 'select(.metric=="input_tokens.stdev") | .value')" = null ]
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S2R_SAMPLES/workloads/workload_v2_multiturn.yaml"
	[ "$status" -eq 0 ]
	[[ "$(printf '%s\n' "$output" | jq -r 'select(.metric=="qps.intended") | .why')" == *multi_turn* ]]
}

# Every upstream workload spec, corpus document and measurement protocol
# (samples/upstream): valid records, every null explained, exit 0.
@test "upstream: every workload spec, corpus workload and measurement.yaml reads" {
	need_samples
	u="$S2R_SAMPLES/upstream"
	n=0
	for f in "$u"/blis-formats/examples/workload.*.yaml "$u"/blis-formats/examples/measurement.yaml \
	    "$u"/lora-2/measurement.yaml "$u"/lora-2/workloads/*.yaml \
	    "$u"/config-exploration/sim2real/workloads/*.yaml; do
		run --separate-stderr "$S2R_BIN/s2r-expect" --root "$u" "$f"
		[ "$status" -eq 0 ] || { echo "$f: $stderr"; return 1; }
		printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/out.ndjson"
		validate_records "$BATS_TEST_TMPDIR/out.ndjson"
		[ "$(jq -r 'select(.value == null and (.comparable != false or (.why|length) == 0)) | .metric' "$BATS_TEST_TMPDIR/out.ndjson")" = "" ]
		n=$((n + 1))
	done
	[ "$n" -eq 6 ]
}

@test "upstream corpus fixtures: sessions, pool, rounds, think time; tokens not comparable" {
	need_samples
	e="$S2R_SAMPLES/upstream/blis-formats/examples"
	"$S2R_BIN/s2r-expect" "$e/workload.corpus.FIXTURE.yaml" >"$BATS_TEST_TMPDIR/c.ndjson"
	v() { jq -r --arg m "$1" 'select(.metric==$m) | .value' "$BATS_TEST_TMPDIR/c.ndjson"; }
	[ "$(v sessions.count)" = 192 ]
	[ "$(v sessions.concurrent_max)" = 128 ]
	[ "$(v session.rounds.min)" = 2 ]
	[ "$(v think_time_us.max)" = 60000000 ]
	[ "$(v session.context_growth)" = accumulate ]
	[ "$(v input_tokens.mean)" = null ]
	# the legacy trace: shape says the same in its own keys
	"$S2R_BIN/s2r-expect" "$e/workload.trace-legacy.FIXTURE.yaml" >"$BATS_TEST_TMPDIR/c.ndjson"
	[ "$(v think_time_us.max)" = 15000000 ]
	[ "$(jq -r 'select(.metric=="sessions.count") | .source.field' "$BATS_TEST_TMPDIR/c.ndjson")" = trace.pool.total_sessions ]
}

@test "upstream lora-2: its measurement.yaml, config.md's blis observe block, 9 adapter clients" {
	need_samples
	"$S2R_BIN/s2r-expect" "$S2R_SAMPLES/upstream/lora-2" >"$BATS_TEST_TMPDIR/l.ndjson"
	validate_records "$BATS_TEST_TMPDIR/l.ndjson"
	l="$BATS_TEST_TMPDIR/l.ndjson"
	[ "$(jq -r 'select(.metric=="measurement.record_itl") | .value' "$l")" = true ]
	[ "$(jq -r 'select(.metric=="measurement.record_itl") | .source.file' "$l")" = measurement.yaml ]
	# the same protocol as config.md's fenced blis observe command
	[ "$(jq -r 'select(.metric=="observe.max_concurrency") | .value' "$l")" = 10000 ]
	[ "$(jq -r 'select(.metric=="measurement.max_concurrency") | .value' "$l")" = 10000 ]
	[ "$(jq -r 'select(.metric=="client.rate") | .scope.client' "$l" | wc -l)" -eq 9 ]
	# Zipf shares: the top adapter gets 10 x 0.3535 req/s
	jq -e -s 'map(select(.metric=="client.rate" and .scope.client=="client-answerability"))[0].value | . > 3.53 and . < 3.54' "$l"
}

@test "upstream lora-2: the adapter mix, each adapter's share of rate_fraction (independent of s2r-expect)" {
	need_samples
	spec="$S2R_SAMPLES/upstream/lora-2/workloads/granite-9adapter.workload.yaml"
	l="$BATS_TEST_TMPDIR/l.ndjson"
	"$S2R_BIN/s2r-expect" "$spec" >"$l"
	validate_records "$l"
	jq -c 'select(.metric=="adapter.fraction") | {a: .scope.adapter, v: .value}' "$l" | jq -s -c 'sort_by(.a)' >"$BATS_TEST_TMPDIR/got"
	/usr/bin/python3 - "$spec" >"$BATS_TEST_TMPDIR/want" <<'PY'
import json, sys, yaml
cl = yaml.safe_load(open(sys.argv[1]))["clients"]
tot = sum(c["rate_fraction"] for c in cl)
share = {}
for c in cl:
    share[c.get("adapter") or ""] = share.get(c.get("adapter") or "", 0) + c["rate_fraction"] / tot
print(json.dumps([{"a": a, "v": round(v, 10)} for a, v in sorted(share.items())], separators=(",", ":")))
PY
	[ "$(jq -c 'map(.v |= (. * 1e10 | round / 1e10))' "$BATS_TEST_TMPDIR/got")" = "$(jq -c 'map(.v |= (. * 1e10 | round / 1e10))' "$BATS_TEST_TMPDIR/want")" ]
	[ "$(jq -s 'map(select(.metric=="adapter.fraction")) | length' "$l")" -eq 9 ]
	# the source is the first client with the adapter, its line and key
	[ "$(jq -r 'select(.metric=="adapter.fraction" and .scope.adapter=="citations") | "\(.check) \(.source.line) \(.source.field)"' "$l")" = "1b 69 clients[1].adapter" ]
	# a spec without adapters has no adapter mix
	"$S2R_BIN/s2r-expect" "$S2R_SAMPLES/14b-sim/workloads/w1_14b.yaml" | jq -e -s 'map(select(.metric=="adapter.fraction")) | length == 0'
}

@test "upstream config-exploration chatbot.yaml: slo_class \"default\" is accepted as a class" {
	need_samples
	run --separate-stderr "$S2R_BIN/s2r-expect" "$S2R_SAMPLES/upstream/config-exploration/sim2real/workloads/chatbot.yaml"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | jq -r 'select(.metric=="class.fraction") | "\(.scope.class) \(.value)"')" = "default 1" ]
}
