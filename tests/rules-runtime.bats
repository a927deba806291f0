#!/usr/bin/env bats
# s2r-verdict checks 5a-5h (lib/rules_runtime.c) over hand-written
# records: tests/fixtures/rules/runtime-base.ndjson is one healthy cell
# (four instances, even spread, EPP log, no gpu_logs); each test changes
# one thing with jq.
load helpers
bats_require_minimum_version 1.5.0

setup() {
	BASE="$FIXTURES/rules/runtime-base.ndjson"
	IN="$BATS_TEST_TMPDIR/in.ndjson"
	OUT="$BATS_TEST_TMPDIR/v.ndjson"
}

judge() {
	jq -c "$1" "$BASE" >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 5 "$IN" >"$OUT"
	validate_records "$OUT"
}

jqt() {
	jq -s -e "[.[] | $1] | length > 0 and all" "$2" >/dev/null
}

# v CHECK METRIC [SUB]: the verdicts (of the instance/class SUB), sorted.
v() {
	jq -r --arg c "$1" --arg m "$2" --arg s "${3:-}" \
	    'select(.check == $c and .metric == $m and ($s == "" or
	    .scope.instance == $s or .scope.class == $s)) | .verdict' "$OUT" |
	    sort -u | tr '\n' ' ' | sed 's/ $//'
}

# set METRIC INSTANCE VALUE: a jq filter changing one measure's value.
set_m() {
	echo "if .kind == \"measure\" and .metric == \"$1\" and
	    .scope.instance == \"$2\" then .value = $3 else . end"
}

@test "a healthy cell: 5a-5g PASS, 5h INAPPLICABLE without gpu_logs" {
	judge '.'
	for c in 5a 5b 5c 5d 5e 5f 5g; do
		[ "$(jq -r --arg c $c 'select(.check == $c) | .verdict' "$OUT" |
		    sort -u)" = PASS ]
	done
	[ "$(v 5h logs.present.gpu_logs)" = INAPPLICABLE ]
}

@test "5a: one instance with another max_num_seqs is FAIL, the rest PASS" {
	judge "$(set_m vllm.max_num_seqs p3 128)"
	[ "$(v 5a vllm.max_num_seqs p3)" = FAIL ]
	[ "$(v 5a vllm.args p1)" = PASS ]
	jqt 'select(.check == "5a" and .verdict == "FAIL") |
	    (.why | test("config.md:10")) and
	    (.why | test("baseline/w1/server_logs/p3_vllm.log:11"))' "$OUT"
}

@test "5a: no server logs MISSING, no expectations INAPPLICABLE" {
	judge 'if .metric == "logs.present.server_logs" then .value = false
	    else . end'
	[ "$(v 5a logs.present.server_logs)" = MISSING ]
	judge 'select(.kind != "expect" or (.metric | startswith("vllm.") | not))'
	[ "$(v 5a vllm.args)" = INAPPLICABLE ]
}

@test "5b: per-instance share against the even share; spread >20% WARN, >40% FAIL" {
	# 100,100,100,100 -> p1 at 125 (share 125/425 = 29.4%: +17.6% PASS)
	judge "$(set_m instance.requests p1 125)"
	[ "$(v 5b instance.share p1)" = PASS ]
	# p1 at 140: 140/440 = 31.8%: +27.3% of 25% -> WARN
	judge "$(set_m instance.requests p1 140)"
	[ "$(v 5b instance.share p1)" = WARN ]
	want=$(awk 'BEGIN { printf "%.4f", (140 / 440 - 0.25) / 0.25 * 100 }')
	got=$(jq -r 'select(.check == "5b" and .scope.instance == "p1") |
	    .diff.value * 10000 | round / 10000 | tostring' "$OUT")
	awk -v a="$got" -v b="$want" 'BEGIN { exit !(a - b < 1e-3 && b - a < 1e-3) }'
	jqt 'select(.check == "5b" and .scope.instance == "p1") |
	    .actual.unit == "fraction" and .actual.n == 140 and
	    .expected.value == 0.25' "$OUT"
	# p1 at 200: 200/500 = 40%: +60% -> FAIL
	judge "$(set_m instance.requests p1 200)"
	[ "$(v 5b instance.share p1)" = FAIL ]
}

@test "5b: an instance with no requests is FAIL even for an affinity router" {
	judge "$(set_m instance.requests p2 0), (if .metric == \"requests.count\"
	    then {kind: \"expect\", check: \"2d\", metric: \"epp.plugin\", key:
	    \"pc\", value: \"prefix-cache-scorer\", scope: {phase: \"baseline\"},
	    source: {file: \"config.md\", line: 30}} else empty end)"
	[ "$(v 5b instance.share p2)" = FAIL ]
	jqt 'select(.check == "5b" and .scope.instance == "p2") |
	    .why | test("unhealthy")' "$OUT"
}

@test "5b: an affinity router's uneven spread is not judged" {
	judge "$(set_m instance.requests p1 200), (if .metric ==
	    \"requests.count\" then {kind: \"measure\", check: \"2d\", metric:
	    \"epp.plugin\", key: \"pc\", value: \"prefix-cache-scorer\", scope:
	    {phase: \"baseline\"}, source: {file:
	    \"generated/baseline_config.yaml\", line: 9}} else empty end)"
	[ "$(v 5b instance.share p1)" = PASS ]
	jqt 'select(.check == "5b" and .scope.instance == "p1") |
	    .tolerance == "not judged (affinity)"' "$OUT"
}

@test "5b: served vs sent: explained PASS, unexplained WARN, EPP-only INAPPLICABLE" {
	judge '.'
	[ "$(v 5b requests.served)" = PASS ]
	judge 'if .metric == "requests.count" then .value = 420 else . end'
	[ "$(v 5b requests.served)" = WARN ]
	jqt 'select(.metric == "requests.served") | .diff.value == -20' "$OUT"
	# access log disabled (null): the EPP's endpoints count instead
	judge '(if .metric == "instance.requests" then .value = null else .
	    end), (if .metric == "instance.requests" then .metric =
	    "epp.requests_handled" else empty end)'
	[ "$(v 5b requests.served)" = INAPPLICABLE ]
	[ "$(v 5b instance.share p1)" = PASS ]
	judge 'if .metric == "instance.requests" then .value = null else . end'
	[ "$(v 5b instance.requests)" = INAPPLICABLE ]
}

@test "5c: hits vs the prefix-caching setting and the workload's prefixes" {
	judge "$(set_m prefix_cache.hit_rate p1 0)"
	[ "$(v 5c prefix_cache.hit_rate p1)" = WARN ]
	judge 'if .metric == "vllm.enable_prefix_caching" then .value = false
	    else . end'
	[ "$(v 5c prefix_cache.hit_rate p1)" = FAIL ]
	judge 'select(.metric != "prefix_cache.hit_rate" or .scope.instance != "p4")'
	[ "$(v 5c prefix_cache.hit_rate p4)" = INAPPLICABLE ]
}

@test "5d: critical never shed; without admission nothing shed; lower priority sheds most" {
	judge 'if .metric == "shed.rate" and .scope.class == "critical" then
	    .value = 0.02 else . end'
	[ "$(v 5d shed.rate critical)" = FAIL ]
	judge 'if .metric == "shed.rate" and .scope.class == "sheddable" then
	    .value = 0.1 else . end'
	[ "$(v 5d shed.rate sheddable)" = FAIL ]
	jqt 'select(.check == "5d" and .scope.class == "sheddable") |
	    .why | test("no admission policy")' "$OUT"
	# with an admission plugin in the arm's deployed EPP config
	adm='{kind: "measure", check: "2d", metric: "epp.plugin", key: "adm",
	    value: "slo-admission-policy", scope: {phase: "baseline"}, source:
	    {file: "generated/baseline_config.yaml", line: 7}}'
	judge "(if .metric == \"shed.rate\" and .scope.class == \"sheddable\"
	    then .value = 0.1 else . end), (if .metric == \"requests.count\"
	    then $adm else empty end)"
	[ "$(v 5d shed.rate sheddable)" = PASS ]
	[ "$(v 5d shed.rate critical)" = PASS ]
	judge "., (if .metric == \"shed.rate\" and .scope.class == \"sheddable\"
	    then (.scope.class = \"batch\" | .value = 0.3) else empty end),
	    (if .metric == \"requests.count\" then $adm else empty end)"
	[ "$(v 5d shed.rate batch)" = WARN ]
	judge 'select(.metric != "shed.rate")'
	[ "$(v 5d shed.rate)" = MISSING ]
}

@test "5e: OOM and ERROR lines FAIL with the worst line cited; warnings only PASS" {
	judge "., (if .metric == \"log.pattern_count.ERROR\" and
	    .scope.instance == \"p2\" then (.metric = \"log.pattern_count.oom\" |
	    .value = 1) else empty end), (if .metric == \"log.evidence.WARNING\"
	    and .scope.instance == \"p2\" then (.metric = \"log.evidence.oom\" |
	    .value = \"torch.OutOfMemoryError: CUDA out of memory.\" |
	    .source.line = 421) else empty end)"
	[ "$(v 5e log.problems p2)" = FAIL ]
	[ "$(v 5e log.problems p1)" = PASS ]
	jqt 'select(.check == "5e" and .scope.instance == "p2") |
	    (.why | test("p2_vllm.log:421: torch.OutOfMemoryError")) and
	    (.actual.value | test("1 oom"))' "$OUT"
	judge "$(set_m log.pattern_count.timeout p1 2), (if .metric ==
	    \"log.lines\" and .scope.instance == \"p1\" then (.metric =
	    \"log.pattern_count.timeout\" | .value = 2) else empty end)"
	[ "$(v 5e log.problems p1)" = WARN ]
}

@test "5f: KV capacity equal PASS, a few percent WARN, more FAIL; none MISSING" {
	judge "$(set_m kv_cache.tokens p3 350000)"
	[ "$(v 5f kv_cache.tokens p3)" = PASS ]
	judge "$(set_m kv_cache.tokens p3 360000)"
	[ "$(v 5f kv_cache.tokens p3)" = WARN ]
	judge "$(set_m kv_cache.tokens p3 300000)"
	[ "$(v 5f kv_cache.tokens p3)" = FAIL ]
	judge 'select(.metric != "kv_cache.tokens")'
	[ "$(v 5f kv_cache.tokens)" = MISSING ]
}

@test "5g: objectives, pods, flow control; no EPP log INAPPLICABLE" {
	d='select(.metric != "epp.objective.priority" or .scope.class != "critical")'
	judge "$d"
	[ "$(v 5g epp.objective.priority critical)" = WARN ]
	judge 'if .metric == "epp.objective.priority" and .scope.class ==
	    "critical" then .value = 0 else . end'
	[ "$(v 5g epp.objective.priority critical)" = FAIL ]
	judge 'if .metric == "epp.pods.count" then .value = 3 else . end'
	[ "$(v 5g epp.pods.count)" = FAIL ]
	judge '., (if .metric == "requests.count" then {kind: "measure", check:
	    "2d", metric: "epp.feature_gate", key: "flowControl", value: true,
	    scope: {phase: "baseline"}, source: {file:
	    "generated/baseline_config.yaml", line: 3}} else empty end)'
	[ "$(v 5g epp.flow_control.outcomes)" = WARN ]
	judge 'if .metric == "epp.has_objective_key" then .value = false else . end'
	[ "$(v 5g epp.objective.priority)" = INAPPLICABLE ]
	judge 'if .metric == "logs.present.epp_logs" then .value = false else . end'
	[ "$(v 5g logs.present.epp_logs)" = INAPPLICABLE ]
}

@test "5h: hot samples WARN, uncorrected ECC errors FAIL" {
	g='{kind: "measure", check: "5h", scope: {phase: "baseline",
	    workload: "w1", instance: "node1", device: "0"}, source: {file:
	    "baseline/w1/gpu_logs/node1.log", line: 2}}'
	judge "(if .metric == \"logs.present.gpu_logs\" then .value = true
	    else . end), (if .metric == \"requests.count\" then
	    ($g + {metric: \"gpu.name\", value: \"NVIDIA H100 80GB HBM3\"}),
	    ($g + {metric: \"gpu.hot_samples\", value: 3, unit: \"count\"})
	    else empty end)"
	[ "$(v 5h gpu.health node1)" = WARN ]
	judge "(if .metric == \"logs.present.gpu_logs\" then .value = true
	    else . end), (if .metric == \"requests.count\" then
	    ($g + {metric: \"gpu.name\", value: \"NVIDIA H100 80GB HBM3\"}),
	    ($g + {metric: \"gpu.ecc_uncorrected.max\", value: 1, unit: \"count\"})
	    else empty end)"
	[ "$(v 5h gpu.health node1)" = FAIL ]
}
