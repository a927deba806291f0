#!/usr/bin/env bats
# s2r-verdict checks 2a-2d (lib/rules_config.c) over hand-written records:
# tests/fixtures/rules/config-base.ndjson is a two-arm bundle where
# everything agrees; each test changes one thing with jq.
load helpers
bats_require_minimum_version 1.5.0

setup() {
	BASE="$FIXTURES/rules/config-base.ndjson"
	IN="$BATS_TEST_TMPDIR/in.ndjson"
	OUT="$BATS_TEST_TMPDIR/v.ndjson"
}

# judge JQ-FILTER: the base records through the filter, verdicts of 2a-2d
# into $OUT, validated against the schemas.
judge() {
	jq -c "$1" "$BASE" >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2 "$IN" >"$OUT"
	validate_records "$OUT"
}

# jqt FILTER FILE: FILTER holds (true) for at least one record and all it
# yields (jq 1.6's -e judges only the last input).
jqt() {
	jq -s -e "[.[] | $1] | length > 0 and all" "$2" >/dev/null
}

# v CHECK PHASE METRIC: the verdicts of that metric, sorted, one line.
v() {
	jq -r --arg c "$1" --arg p "$2" --arg m "$3" \
	    'select(.check == $c and .scope.phase == $p and .metric == $m) |
	    .verdict' "$OUT" | sort -u | tr '\n' ' ' | sed 's/ $//'
}

@test "everything agrees: every 2a-2d verdict PASS, one per cell and check" {
	judge '.'
	[ "$(jq -r 'select(.kind == "verdict") | .verdict' "$OUT" | sort -u)" = PASS ]
	for c in 2a 2b 2c 2d; do
		for p in baseline treatment; do
			n=$(jq --arg c $c --arg p $p 'select(.check == $c and
			    .scope.phase == $p and .scope.workload == "w1")' \
			    "$OUT" | jq -s length)
			[ "$n" -ge 1 ]
		done
	done
	# no verdicts for the arm-level pseudo-cells (deployed EPP configs)
	[ "$(jq -s 'map(select(.kind == "verdict" and .scope.workload == null)) | length' "$OUT")" -eq 0 ]
}

@test "2a: a model path ending in config.md's name is that model" {
	judge '.'
	jqt 'select(.check == "2a" and .metric == "vllm.model" and
	    .scope.phase == "baseline") | .expected.value == "Qwen/Qwen3-14B"
	    and .actual.value == "/model-cache/models/Qwen/Qwen3-14B" and
	    .expected.source.line == 7 and (.why | test("config.md:7"))' "$OUT"
}

@test "2a: a parameter that differs is FAIL with both sources" {
	judge 'if .metric == "vllm.max_num_seqs" and .kind == "measure" and
	    .scope.phase == "treatment" then .value = 128 else . end'
	[ "$(v 2a treatment vllm.max_num_seqs)" = FAIL ]
	[ "$(v 2a baseline vllm.max_num_seqs)" = PASS ]
	jqt 'select(.check == "2a" and .verdict == "FAIL") |
	    (.why | test("config.md:10")) and
	    (.why | test("treatment/w1/server_logs/p1_vllm.log:11")) and
	    .action != null' "$OUT"
	# the arms differ too: 2c says so
	[ "$(v 2c treatment arms.vllm)" = FAIL ]
	jqt 'select(.check == "2c" and .metric == "arms.vllm" and
	    .scope.phase == "treatment") | .why | test("vllm.max_num_seqs 256 .* 128")' "$OUT"
}

@test "2a: logs that disagree within a cell are FAIL" {
	judge '., (if .metric == "vllm.max_num_seqs" and .kind == "measure" and
	    .scope.phase == "baseline" then .value = 512 | .n = 1 else empty end)'
	[ "$(v 2a baseline vllm.max_num_seqs)" = FAIL ]
	jqt 'select(.check == "2a" and .scope.phase == "baseline" and
	    .metric == "vllm.max_num_seqs") | .why | test("disagree")' "$OUT"
}

@test "2a: a parameter the logs do not state is WARN, one config.md lacks is INAPPLICABLE" {
	judge 'select(.metric != "vllm.max_num_seqs" or .kind == "expect"),
	    (if .metric == "vllm.model" and .kind == "expect" then empty
	    else empty end)'
	[ "$(v 2a baseline vllm.max_num_seqs)" = WARN ]
	judge 'select(.metric != "vllm.max_num_seqs" or .kind == "measure")'
	[ "$(v 2a baseline vllm.max_num_seqs)" = INAPPLICABLE ]
}

@test "2a/2b: no server logs is MISSING" {
	judge 'if .metric == "logs.present.server_logs" and .scope.phase ==
	    "baseline" then .value = false else . end |
	    select(.kind != "measure" or .scope.phase != "baseline" or
	    .metric == "logs.present.server_logs" or .scope.workload == null)'
	[ "$(v 2a baseline logs.present.server_logs)" = MISSING ]
	[ "$(v 2b baseline logs.present.server_logs)" = MISSING ]
}

@test "2a: a config.md conflict is WARN naming both lines" {
	judge '., (if .metric == "vllm.max_num_seqs" and .kind == "expect" then
	    {kind: "expect", check: "2a", metric: "config.conflict",
	    value: "vllm.max_num_seqs", scope: {}, values: [{value: 256,
	    source: {file: "config.md", line: 10}}, {value: 128, source:
	    {file: "config.md", line: 3}}], source: {file: "config.md",
	    line: 10}} else empty end)'
	[ "$(v 2a baseline config.conflict)" = WARN ]
	jqt 'select(.metric == "config.conflict") | .why |
	    test("config.md:10") and test("config.md:3")' "$OUT"
}

@test "2b: instance count PASS, FAIL, and MISSING without an expectation" {
	judge 'if .metric == "instances.count" and .kind == "measure" and
	    .scope.phase == "treatment" then .value = 3 else . end'
	[ "$(v 2b baseline instances.count)" = PASS ]
	[ "$(v 2b treatment instances.count)" = FAIL ]
	jqt 'select(.check == "2b" and .scope.phase == "treatment") |
	    .diff.value == -1 and .expected.value == 4' "$OUT"
	[ "$(v 2c treatment arms.instances)" = FAIL ]
	judge 'select(.metric != "instances.count" or .kind == "measure")'
	[ "$(v 2b baseline instances.count)" = MISSING ]
}

@test "2c: the policy under test is the only difference: PASS with the diff" {
	judge '.'
	jqt 'select(.check == "2c" and .metric == "arms.epp" and
	    .scope.phase == "treatment") | .verdict == "PASS" and
	    .actual.value == "plugins added adm" and
	    (.why | test("policy under test"))' "$OUT"
}

@test "2c: a difference config.md's arms do not make is FAIL" {
	judge 'if .kind == "diff" and .section == "schedulingProfiles" then
	    .value = "differs" | .changes = [{op: "changed", item:
	    "default/qd", path: "weight", a: {value: 2, file:
	    "generated/baseline_config.yaml", line: 12}, b: {value: 5, file:
	    "generated/treatment_config.yaml", line: 12}}] else . end'
	[ "$(v 2c treatment arms.epp)" = FAIL ]
	jqt 'select(.check == "2c" and .metric == "arms.epp" and
	    .scope.phase == "treatment") | (.why | test("Beyond the policy under test: schedulingProfiles changed default/qd.weight \\(2 . 5\\)")) and .action != null' "$OUT"
}

@test "2c: config.md without per-arm EPP configs: WARN; identical deployed arms when config.md's differ: FAIL" {
	judge 'select(.kind != "expect" or (.metric | startswith("epp.") | not))'
	[ "$(v 2c treatment arms.epp)" = WARN ]
	judge 'if .kind == "diff" then .value = "equal" | .changes = [] else . end'
	[ "$(v 2c treatment arms.epp)" = FAIL ]
	jqt 'select(.check == "2c" and .metric == "arms.epp" and
	    .scope.phase == "treatment") | .why | test("not deployed")' "$OUT"
}

@test "2c: no diff records MISSING; one arm only INAPPLICABLE" {
	judge 'select(.kind != "diff")'
	[ "$(v 2c treatment arms.epp)" = MISSING ]
	judge 'select(.scope.phase != "treatment")'
	[ "$(v 2c baseline arms.epp)" = INAPPLICABLE ]
}

@test "2d: field by field against config.md: PASS, FAIL, MISSING, INAPPLICABLE" {
	judge 'if .kind == "measure" and .metric == "epp.scorer.weight" and
	    .scope.phase == "baseline" then .value = 3 else . end'
	[ "$(v 2d treatment epp.config)" = PASS ]
	[ "$(v 2d baseline epp.scorer.weight)" = FAIL ]
	jqt 'select(.check == "2d" and .scope.phase == "baseline") |
	    .expected.value == 2 and .actual.value == 3 and
	    (.why | test("config.md:30")) and
	    (.why | test("generated/baseline_config.yaml:12"))' "$OUT"
	judge 'select(.kind != "measure" or .key != "adm")'
	[ "$(v 2d treatment epp.plugin)" = FAIL ]
	jqt 'select(.check == "2d" and .scope.phase == "treatment") |
	    .why | test("not in the deployed config")' "$OUT"
	judge 'select(.kind != "measure" or .scope.workload != null or
	    .scope.phase != "baseline")'
	[ "$(v 2d baseline epp.config)" = MISSING ]
	judge 'select(.kind != "expect" or .scope.phase != "baseline")'
	[ "$(v 2d baseline epp.config)" = INAPPLICABLE ]
}

@test "output is deterministic" {
	judge '.'
	cp "$OUT" "$BATS_TEST_TMPDIR/first"
	judge '.'
	cmp "$OUT" "$BATS_TEST_TMPDIR/first"
}
