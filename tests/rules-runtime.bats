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

# plugin KEY TYPE LINE: a plugin of the arm's deployed EPP config
plugin() {
	echo "(if .metric == \"requests.count\" then {kind: \"measure\", check:
	    \"2d\", metric: \"epp.plugin\", key: \"$1\", value: \"$2\", scope:
	    {phase: \"baseline\"}, source: {file:
	    \"generated/baseline_config.yaml\", line: $3}} else empty end)"
}

# affinity [PICKER]: a prefix scorer in the arm (and a picker)
affinity() {
	plugin pc prefix-cache-scorer 9
	[ -z "${1:-}" ] || echo ", $(plugin picker "$1" 12)"
}

@test "5b: an instance whose log counts no request (access lines absent) while the others count theirs WARNs; a log without INFO lines is named as such" {
	# p3's log: 40 lines, none at INFO (a pod logging at WARNING)
	judge "$(set_m instance.requests p3 null), (if .metric == \"log.lines\"
	    then ., (.metric = \"log.info_lines\" | .check = \"5b\" | .value =
	    (if .scope.instance == \"p3\" then 0 else 500 end)) else . end)"
	[ "$(v 5b instance.share p3)" = WARN ]
	[ "$(v 5b instance.share p1)" = PASS ]
	jqt 'select(.metric == "instance.share" and .scope.instance == "p3") |
	    .why | test("no access line, while the cell.s other logs count their requests.*no INFO line at all")' "$OUT"
	# INFO lines but no access line: the access log was off on that pod
	judge "$(set_m instance.requests p3 null), (if .metric == \"log.lines\"
	    then ., (.metric = \"log.info_lines\" | .check = \"5b\" | .value =
	    500) else . end)"
	[ "$(v 5b instance.share p3)" = WARN ]
	jqt 'select(.metric == "instance.share" and .scope.instance == "p3") |
	    .why | test("access log is off")' "$OUT"
}

@test "5b: an affinity router: above the even share not judged, far below it WARN/FAIL" {
	judge "$(set_m instance.requests p1 200), $(affinity max-score-picker)"
	[ "$(v 5b instance.share p1)" = PASS ]
	jqt 'select(.check == "5b" and .scope.instance == "p1") |
	    (.tolerance | test("above even: not judged")) and
	    (.why | test("routes by affinity \\(prefix-cache-scorer, generated/baseline_config.yaml:9\\)"))' "$OUT"
	# the others at 100/500 = 20%: -20% of the even share, above the floor
	[ "$(v 5b instance.share p2)" = PASS ]
	# p2 at 40 of 340: 11.8%, -52.9% of 25%: below the -50% floor -> WARN
	judge "$(set_m instance.requests p2 40), $(affinity)"
	want=$(awk 'BEGIN { printf "%.4f", (40 / 340 - 0.25) / 0.25 * 100 }')
	got=$(jq -r 'select(.check == "5b" and .scope.instance == "p2") |
	    .diff.value * 10000 | round / 10000 | tostring' "$OUT")
	awk -v a="$got" -v b="$want" 'BEGIN { exit !(a - b < 1e-3 && b - a < 1e-3) }'
	[ "$(v 5b instance.share p2)" = WARN ]
	# p2 at 5 of 305 (1.6%, -93%): the affinity-starved instance -> FAIL
	judge "$(set_m instance.requests p2 5), $(affinity)"
	[ "$(v 5b instance.share p2)" = FAIL ]
	[ "$(jq -r 'select(.check == "5b" and .verdict == "PASS" and
	    (.tolerance | test("not judged")) and (.diff.value < -50)) | 1' "$OUT" | wc -l)" -eq 0 ]
}

@test "5b: a picker that ignores scores routes evenly, whatever scorers are configured" {
	# p1 at 200 of 500: +60% -> FAIL under random-picker, prefix scorer or not
	judge "$(set_m instance.requests p1 200), $(affinity random-picker)"
	[ "$(v 5b instance.share p1)" = FAIL ]
	jqt 'select(.check == "5b" and .scope.instance == "p1") |
	    (.why | test("picker random-picker \\(generated/baseline_config.yaml:12\\) ignores scores")) and
	    (.tolerance | test("WARN, .*FAIL$"))' "$OUT"
	judge "$(set_m instance.requests p1 200), $(affinity max-score-picker)"
	[ "$(v 5b instance.share p1)" = PASS ]
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

# prewarm US [WARMUP]: measurement.yaml's prewarmDuration (and warmupRequests)
prewarm() {
	local w=''
	[ -z "${2:-}" ] || w=", {kind: \"expect\", check: \"1h\", metric:
	    \"measurement.warmup_requests\", value: $2, unit: \"count\", scope:
	    {}, source: {file: \"measurement.yaml\", line: 10}}"
	echo "(if .metric == \"observe.warmup_requests\" then ., {kind:
	    \"expect\", check: \"1h\", metric: \"measurement.prewarm_us\",
	    value: $1, unit: \"us\", scope: {}, source: {file:
	    \"measurement.yaml\", line: 11}}$w else . end)"
}

@test "5b: served vs sent with a prewarm: its requests reach the pods, not the trace; none of them WARN" {
	# 400 served, 400 sent, 60 s of prewarm asked: the cell ran cold
	judge "$(prewarm 60000000)"
	[ "$(v 5b requests.served)" = WARN ]
	jqt 'select(.metric == "requests.served") |
	    (.why | test("asks 60 s of prewarm \\(measurement.yaml:11\\)")) and
	    (.why | test("not prewarmed")) and (.action | test("prewarm-duration")) and
	    .tolerance == "warm-up + prewarm"' "$OUT"
	# 24 prewarm requests: PASS, counted
	judge "$(prewarm 60000000) | $(set_m instance.requests p1 124)"
	[ "$(v 5b requests.served)" = PASS ]
	jqt 'select(.metric == "requests.served") | .diff.value == 24 and
	    (.why | test(": 24 prewarm requests \\(60 s asked"))' "$OUT"
	# measurement.yaml's warm-up (10) is taken over config.md's (0): ten
	# more is the warm-up alone, still no prewarm
	judge "$(prewarm 60000000 10) | $(set_m instance.requests p1 110)"
	[ "$(v 5b requests.served)" = WARN ]
	jqt 'select(.metric == "requests.served") |
	    .why | test("sends 10 warm-up requests \\(measurement.yaml:10\\)")' "$OUT"
	# 3,700 beyond: more than 60 s of prewarm at up to 60 a second sends
	judge "$(prewarm 60000000) | $(set_m instance.requests p1 3800)"
	[ "$(v 5b requests.served)" = WARN ]
	jqt 'select(.metric == "requests.served") | .why |
	    test("more than the warm-up and 60 s of prewarm .* send, 3600: requests from outside this cell")' "$OUT"
	# no protocol stated: an excess up to 5 % of the 400 sent (20) is an
	# unstated warm-up or prewarm; more is load the trace does not hold
	judge 'select(.metric != "observe.warmup_requests")'
	[ "$(v 5b requests.served)" = PASS ]
	judge "select(.metric != \"observe.warmup_requests\") | $(set_m instance.requests p1 120)"
	[ "$(v 5b requests.served)" = PASS ]
	jqt 'select(.metric == "requests.served") | (.why | test(": 20 beyond the trace.s requests, within the 20 requests")) and
	    .tolerance == "<= 20 (runtime.served_excess_pct)"' "$OUT"
	judge "select(.metric != \"observe.warmup_requests\") | $(set_m instance.requests p1 121)"
	[ "$(v 5b requests.served)" = WARN ]
	jqt 'select(.metric == "requests.served") | .why |
	    test(": 21 beyond the trace.s requests, more than the 20 requests .* an unstated warm-up and prewarm explains: requests from outside this cell")' "$OUT"
	# the trace header's warm-up (10) stands in for the protocol's; the
	# prewarm stays unstated
	hdr='{kind: "measure", check: "1a", metric: "warm_up.requests", value: 10,
	    unit: "count", scope: {phase: "baseline", workload: "w1"}, source:
	    {file: "baseline/w1/trace_header.yaml", line: 5}}'
	nowarm="select(.metric != \"observe.warmup_requests\") | (if .metric == \"requests.count\" then ., $hdr else . end)"
	judge "$nowarm | $(set_m instance.requests p1 110)"
	[ "$(v 5b requests.served)" = PASS ]
	jqt 'select(.metric == "requests.served") | (.why | test("sends 10 warm-up requests \\(the trace header.s warm_up_requests, baseline/w1/trace_header.yaml:5\\): exactly the warm-up")) and
	    .tolerance == "warm-up + 20 (runtime.served_excess_pct)"' "$OUT"
	judge "$nowarm | $(set_m instance.requests p1 105)"
	[ "$(v 5b requests.served)" = WARN ]
	judge "$nowarm | $(set_m instance.requests p1 131)"
	[ "$(v 5b requests.served)" = WARN ]
	jqt 'select(.metric == "requests.served") | .why | test(": 21 beyond the warm-up, more than the 20 requests .* an unstated prewarm explains")' "$OUT"
	# no prewarm asked (0 s): the excess is unexplained, as before
	judge "$(prewarm 0) | $(set_m instance.requests p1 124)"
	[ "$(v 5b requests.served)" = WARN ]
	judge "$(prewarm 0)"
	[ "$(v 5b requests.served)" = PASS ]
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

@test "5c: an instance that served with no stats line while its siblings log them WARNs (stats logging off there); idle, or no sibling logs stats, INAPPLICABLE" {
	# stats.samples of each instance: p4 none, the others 12
	samples='(select(.metric == "instance.requests") | .check = "5b" |
	    .metric = "stats.samples" | .value = (if .scope.instance == "p4"
	    then 0 else 12 end)), (select(.metric != "prefix_cache.hit_rate"
	    or .scope.instance != "p4"))'
	judge "$samples"
	[ "$(v 5c prefix_cache.hit_rate p4)" = WARN ]
	jqt 'select(.check == "5c" and .scope.instance == "p4") | (.why |
	    test("p4 served 100 requests .* while other pods of the cell log them: stats logging was off on this pod")) and
	    (.action | test("same logging"))' "$OUT"
	[ "$(v 5c prefix_cache.hit_rate p1)" = PASS ]
	# p4 served nothing: idle, nothing to see
	judge "$samples | $(set_m instance.requests p4 0)"
	[ "$(v 5c prefix_cache.hit_rate p4)" = INAPPLICABLE ]
	# no instance logs stats: nothing says p4 should have
	judge "$samples | if .metric == \"stats.samples\" then .value = 0 else . end"
	[ "$(v 5c prefix_cache.hit_rate p4)" = INAPPLICABLE ]
}

@test "5c: caching off on one instance against the experiment's on WARNs; hits with no shared prefixes (nor multi-round sessions) above runtime.prefix_hit_unshared_pct WARN" {
	# p3 restarted with --no-enable-prefix-caching: its own 0 hits PASS
	# alone ("0 with caching off"), WARN against config.md's on
	off='(if .metric == "prefix_cache.hit_rate" and .scope.instance == "p3"
	    then .value = 0 else . end), (select(.metric ==
	    "vllm.enable_prefix_caching") | .value = false | .n = 1 |
	    .check = "5a" | .scope.instance = "p3" | .source.file =
	    "baseline/w1/server_logs/p3_vllm.log")'
	plan='(select(.metric == "vllm.enable_prefix_caching") | .kind =
	    "expect" | .scope = {} | del(.n) | .source = {file: "config.md",
	    line: 137})'
	judge "$off"
	[ "$(v 5c prefix_cache.hit_rate p3)" = PASS ]
	judge "$off, $plan"
	[ "$(v 5c prefix_cache.hit_rate p3)" = WARN ]
	[ "$(v 5c prefix_cache.hit_rate p1)" = PASS ]
	jqt 'select(.check == "5c" and .scope.instance == "p3") | (.why |
	    test("Prefix caching is off \\(baseline/w1/server_logs/p3_vllm.log:11\\).*The experiment has prefix caching on \\(config.md:137\\): this instance ran without it"))
	    and (.action | test("--enable-prefix-caching"))' "$OUT"
	# no shared prefixes: p1 hits 60 %, above the default 20 %; p2 10 %
	unshared='select(.metric != "prefix.fraction") |
	    if .metric == "prefix_cache.hit_rate" then .value =
	    (if .scope.instance == "p1" then 0.6 else 0.1 end) else . end'
	judge "$unshared"
	[ "$(v 5c prefix_cache.hit_rate p1)" = WARN ]
	[ "$(v 5c prefix_cache.hit_rate p2)" = PASS ]
	jqt 'select(.check == "5c" and .scope.instance == "p1") | (.why |
	    test("60.0%.*Above 20% with no shared prefixes")) and .action != null' "$OUT"
	# sessions of three rounds resend their history: hits expected
	judge "$unshared, (select(.metric == \"prefix_cache.hit_rate\" and
	    .scope.instance == \"p1\") | del(.scope.instance) | .check = \"1a\" |
	    .metric = \"session.rounds.max\" | .value = 3 | .unit = \"count\")"
	[ "$(v 5c prefix_cache.hit_rate p1)" = PASS ]
	jqt 'select(.check == "5c" and .scope.instance == "p1") | .tolerance |
	    test("multi-round sessions")' "$OUT"
	jq -c "$unshared" "$BASE" >"$IN"
	printf 'runtime:\n  prefix_hit_unshared_pct: 70\n' >"$BATS_TEST_TMPDIR/t.yaml"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 5 -t "$BATS_TEST_TMPDIR/t.yaml" "$IN" >"$OUT"
	[ "$(v 5c prefix_cache.hit_rate p1)" = PASS ]
}

@test "5c: caching on (vLLM's default) against the experiment's off: hits above runtime.prefix_hit_unshared_pct WARN, below PASS" {
	# config.md plans --no-enable-prefix-caching; the pods ran vLLM's
	# default (on, the engine line says so): p1 hits 30 %, p2 5 %
	plan='(select(.metric == "vllm.enable_prefix_caching") | .kind =
	    "expect" | .value = false | .scope = {} | del(.n) |
	    .source = {file: "config.md", line: 26})'
	judge "$(set_m prefix_cache.hit_rate p2 0.05), $plan"
	[ "$(v 5c prefix_cache.hit_rate p1)" = WARN ]
	[ "$(v 5c prefix_cache.hit_rate p2)" = PASS ]
	jqt 'select(.check == "5c" and .scope.instance == "p1") | (.why |
	    test("Prefix caching is on .*30.0%.*The experiment has prefix caching off \\(config.md:26\\): this instance ran with it on")) and
	    (.action | test("--no-enable-prefix-caching"))' "$OUT"
}

# hits BEST OTHER: the cell with half its prompt tokens in shared prefixes
# (mean prefix_length 300 of 300 + 300), instance p1's best stats line
# hitting BEST %, the others OTHER %.
hits() {
	judge "., (select(.metric == \"prefix_cache.hit_rate\") |
	    .metric = \"stats.prefix_cache_hit_rate_pct.max\" | .unit = \"%\" |
	    .value = (if .scope.instance == \"p1\" then $1 else $2 end)),
	    (select(.metric == \"prefix_cache.hit_rate\" and .scope.instance ==
	    \"p1\") | del(.scope.instance) | .source.file =
	    \"baseline/w1/trace_data.csv\" |
	    (.metric = \"prefix_length.mean\" | .check = \"1e\"),
	    (.metric = \"input_tokens.mean\" | .check = \"1c\") |
	    .value = 300 | .unit = \"tokens\")"
}

@test "5c: the best hit rate of any instance against the prompts' shared share: under half WARN" {
	hits 30 2
	[ "$(v 5c prefix_cache.hit_rate.best)" = PASS ]
	hits 24 24
	[ "$(v 5c prefix_cache.hit_rate.best)" = WARN ]
	jqt 'select(.metric == "prefix_cache.hit_rate.best") | (.why |
	    test("50.0% of the trace.s prompt tokens are shared prefixes \\(mean prefix_length 300.0, mean input_tokens 300.0\\); the best hit rate of any instance.s stats lines, all of them: they could not be cut at the trace.s first send .* is 24.0% \\(baseline/w1/server_logs/p1_vllm.log:500\\), under half of it"))
	    and .action != null' "$OUT"
	# caching off: judged per instance only (5c FAILs the hits there)
	judge 'if .metric == "vllm.enable_prefix_caching" then .value = false else . end'
	[ -z "$(v 5c prefix_cache.hit_rate.best)" ]
}

# prewarmed FIRST [SENDS]: hits 95 2, and p1's stats lines from FIRST
# ("MM-DD HH:MM:SS") as stats.series: a prewarm's three lines at 92-95 %,
# then the run's at 5-6 %; given SENDS, the trace sent from 2026-01-01
# 00:00:30 UTC for 30 s (Unix seconds 1767225630-1767225660).
prewarmed() {
	local sends=""

	[ -z "${2:-}" ] || sends=", ((.metric = \"send_time_us.min\" |
	    .value = 1767225630000000), (.metric = \"send_time_us.max\" |
	    .value = 1767225660000000) | .unit = \"us\" |
	    del(.scope.instance) | .source = {file:
	    \"baseline/w1/trace_data.csv\", field: \"send_time_us\"})"
	hits 95 2
	jq -c ". , (select(.metric == \"stats.prefix_cache_hit_rate_pct.max\"
	    and .scope.instance == \"p1\") | del(.unit) |
	    (.metric = \"stats.first_stamp\" | .value = \"$1\"),
	    (.metric = \"stats.last_stamp\" | .value = \"01-01 00:01:00\"),
	    (.metric = \"stats.series\" | .check = \"5f\" | .value = null |
	    .columns = [\"t_s\", \"kv_cache_usage_pct\", \"running\",
	    \"waiting\", \"prefix_cache_hit_rate_pct\"] | .points = [[0, 1, 4,
	    0, 92], [10, 1, 4, 0, 95], [20, 1, 4, 0, 94], [34, 5, 9, 0, 6],
	    [44, 8, 20, 0, 5], [54, 9, 20, 0, null]]) $sends)" "$IN" >"$IN.2"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 5 "$IN.2" >"$OUT"
}

@test "5c: the best hit rate is of the stats lines from the trace's first send on (a prewarm's lines before it do not count)" {
	prewarmed "01-01 00:00:00" sends
	[ "$(v 5c prefix_cache.hit_rate.best)" = WARN ]
	# the cut is the first send and 10 s of skew: the 6 % row at 34 s
	# is out, the 5 % row at 44 s the best (the null row is no line's)
	jqt 'select(.metric == "prefix_cache.hit_rate.best") | (.why |
	    test("stats lines stamped from 01-01 00:00:40 UTC on \\(the trace.s first send and 10 s of clock skew; 1 of 4 instances. logs could be cut there, the others. whole logs count: .*\\) is 5.0% \\(the stats.series row 44 s after the first stats line of baseline/w1/server_logs/p1_vllm.log:500\\), under half of it"))
	    and .actual.value == 0.05 and (.actual.source.how |
	    test("stamped from the trace.s first send on"))' "$OUT"
	# no send times: the whole log counts, as before, and the why says so
	prewarmed "01-01 00:00:00"
	[ "$(v 5c prefix_cache.hit_rate.best)" = PASS ]
	jqt 'select(.metric == "prefix_cache.hit_rate.best") | .why |
	    test("all of them: they could not be cut .* is 95.0%")' "$OUT"
	# a pod clock three hours off the sends (5b WARNs): not cut either
	prewarmed "01-01 03:00:00" sends
	[ "$(v 5c prefix_cache.hit_rate.best)" = PASS ]
	# p1's hit rates all from before the first send (its lines from
	# 23:58:00): it has none inside the run; the others' whole logs
	# (no stamps) hit 2 %
	prewarmed "12-31 23:58:00" sends
	[ "$(v 5c prefix_cache.hit_rate.best)" = WARN ]
	jqt 'select(.metric == "prefix_cache.hit_rate.best") | .why |
	    test("1 of 4 instances. logs could be cut there.* is 2.0%")' "$OUT"
}

@test "5c/5f: a log of two data-parallel engines is judged per engine (rank), not read as no hit rate" {
	# p2's stats lines come per engine: 000 hits, 001 never does; 001
	# also preempted, at a 99 % KV peak
	judge "(if .metric == \"prefix_cache.hit_rate\" and .scope.instance ==
	    \"p2\" then (.scope.rank = \"000\"), (.scope.rank = \"001\" |
	    .value = 0 | .source.line = 501) else . end),
	    (if .metric == \"kv_cache.tokens\" and .scope.instance == \"p2\"
	    then (.metric = \"stats.preemptions.total\" | .value = 7 |
	    .unit = \"count\" | .scope.rank = \"001\"), (.metric =
	    \"stats.kv_cache_usage_pct.max\" | .value = 99 | .unit = \"%\" |
	    .scope.rank = \"001\") else empty end)"
	[ "$(jq -r 'select(.check == "5c" and .scope.instance == "p2") |
	    "\(.scope.rank) \(.verdict)"' "$OUT" | tr '\n' ' ')" = "000 PASS 001 WARN " ]
	jqt 'select(.check == "5c" and .scope.rank == "001") |
	    .why | test("0.0% on its data-parallel engine 001 \\(baseline/w1/server_logs/p2_vllm.log:501")' "$OUT"
	[ "$(v 5f stats.preemptions.total p2)" = WARN ]
	jqt 'select(.metric == "stats.preemptions.total") | (.scope.rank == "001")
	    and (.why | test("engine 001 report 7 preemptions")) and
	    (.why | test("peaked at 99%"))' "$OUT"
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

@test "5d: an admission plugin that shed nothing WARNs on its sheddable classes; flow control does not" {
	# every shed.rate 0: the plugin never ran, or the load stayed low
	adm='{kind: "measure", check: "2d", metric: "epp.plugin", key: "adm",
	    value: "preemptive-shed-admitter", scope: {phase: "baseline"},
	    source: {file: "generated/treatment_config.yaml", line: 7}}'
	judge "(if .metric == \"shed.rate\" then .value = 0 else . end),
	    (if .metric == \"requests.count\" then $adm else empty end)"
	[ "$(v 5d shed.rate sheddable)" = WARN ]
	[ "$(v 5d shed.rate critical)" = PASS ]
	jqt 'select(.check == "5d" and .scope.class == "sheddable") |
	    (.why | test("never ran or the load stayed below")) and
	    (.action | test("registered in the EPP binary"))' "$OUT"
	# one shed request in a class it may shed: the plugin ran
	judge "(if .metric == \"shed.rate\" and .scope.class == \"sheddable\"
	    then .value = 0.001 else . end),
	    (if .metric == \"requests.count\" then $adm else empty end)"
	[ "$(v 5d shed.rate sheddable)" = PASS ]
	# flow control queues rather than rejects: no sheds is no news
	fc='{kind: "measure", check: "2d", metric: "epp.flow_control", key:
	    "usageLimitPolicyPluginRef", value: "exponential-ceiling", scope:
	    {phase: "baseline"}, source: {file: "generated/treatment_config.yaml",
	    line: 9}}'
	judge "(if .metric == \"shed.rate\" then .value = 0 else . end),
	    (if .metric == \"requests.count\" then $fc else empty end)"
	[ "$(v 5d shed.rate sheddable)" = PASS ]
	jqt 'select(.check == "5d" and .scope.class == "sheddable") |
	    .why | test("an admission policy")' "$OUT"
}

@test "5d: a status.count row without its status is said, not a crash (it crashed s2r-verdict)" {
	judge 'if .metric == "status.count" and .value == 0 then del(.status)
	    else . end'
	[ "$(v 5d shed.rate critical)" = PASS ]
	judge 'if .metric == "status.count" and .value == 250 then del(.status)
	    else . end'
	jqt 'select(.check == "5d" and .scope.class == "sheddable") |
	    .why | test("250 \\(no status\\)")' "$OUT"
}

@test "5e: a stalled engine (requests running, no token made) WARNs with its stats line cited" {
	judge "., (if .metric == \"log.lines\" and .scope.instance == \"p3\"
	    then (.metric = \"log.pattern_count.stall\" | .value = 1),
	    (.metric = \"log.evidence.stall\" | .value = (\"Engine 000: Avg \" +
	    \"prompt throughput: 0.0 tokens/s, Avg generation throughput: \" +
	    \"0.0 tokens/s, Running: 29 reqs\") | .source.line = 640) else
	    empty end)"
	[ "$(v 5e log.problems p3)" = WARN ]
	[ "$(v 5e log.problems p1)" = PASS ]
	jqt 'select(.check == "5e" and .scope.instance == "p3") |
	    (.actual.value | test("1 stats lines with requests running and no token made")) and
	    (.why | test("p3_vllm.log:640: Engine 000: .*Running: 29 reqs"))' "$OUT"
}

@test "5e: a log that stops while busy, 30 s or more before the cell's other logs, WARNs; an idle early end, or a busy one within a stats interval, does not" {
	# last stats line: p1 14:20:18 idle (the latest), p2 14:18:44 with 35
	# running (94 s early), p3 14:20:08 with 1 running (10 s: collected
	# just after), p4 14:18:44 idle (no requests at the end)
	judge "., (if .metric == \"instance.requests\" then
	    ({p1: [\"14:20:18\", 0], p2: [\"14:18:44\", 35],
	      p3: [\"14:20:08\", 1], p4: [\"14:18:44\", 0]}[.scope.instance])
	    as \$l | (.metric = \"stats.last_stamp\" | .value = (\"04-23 \" +
	    \$l[0]) | .source.line = 2252 | del(.unit)),
	    (.metric = \"stats.running.last\" | .value = \$l[1] | .unit =
	    \"count\") else empty end)"
	[ "$(v 5e log.problems p2)" = WARN ]
	for p in p1 p3 p4; do
		[ "$(v 5e log.problems $p)" = PASS ]
	done
	jqt 'select(.check == "5e" and .scope.instance == "p2") |
	    (.actual.value | test("the log stops with 35 requests running, 94 s before the cell.s other logs end")) and
	    (.why | test("p2_vllm.log:2252: its last stats line \\(04-23 14:18:44, Running: 35\\); the latest of the others: .*p1_vllm.log:2252 \\(04-23 14:20:18\\)"))' "$OUT"
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

@test "5e: requests with fields vLLM ignored WARN with the warning cited; other warnings still PASS" {
	judge "., (if .metric == \"log.lines\" and .scope.instance == \"p2\"
	    then (.metric = \"log.pattern_count.ignored_fields\" | .value = 40),
	    (.metric = \"log.pattern_count.WARNING\" | .value = 41),
	    (.metric = \"log.evidence.ignored_fields\" | .value = (\"WARNING \" +
	    \"04-23 14:41:48 [protocol.py:79] The following fields were \" +
	    \"present in the request but ignored: {'extra_body'}\") |
	    .source.line = 1382) else empty end)"
	[ "$(v 5e log.problems p2)" = WARN ]
	[ "$(v 5e log.problems p1)" = PASS ]
	jqt 'select(.check == "5e" and .scope.instance == "p2") |
	    (.actual.value | test("40 requests with fields vLLM ignored")) and
	    (.why | test("p2_vllm.log:1382: WARNING .*but ignored: \\{.extra_body.\\}"))' "$OUT"
}

# acc INSTANCE FIELD COUNT: an access.count record of the instance, made
# from its instance.requests record.
acc() {
	echo "(if .metric == \"instance.requests\" and .scope.instance ==
	    \"$1\" then (.metric = \"access.count.x\" | .value = $3 |
	    .source.field = \"$2\" | .source.line = 77) else empty end)"
}

@test "5e: completions answered 4xx/5xx WARN, above 1 % of the instance's FAIL; other paths and 2xx ignored" {
	# p3: 1 of its 100 completions (1 %, not above 1 %), p4: 5 of 100
	judge ". , $(acc p3 'POST /v1/completions 400' 1),
	    $(acc p4 'POST /v1/chat/completions 503' 5),
	    $(acc p1 'POST /v1/completions 200' 100),
	    $(acc p2 'GET /health 503' 9)"
	[ "$(v 5e log.problems p3)" = WARN ]
	[ "$(v 5e log.problems p4)" = FAIL ]
	[ "$(v 5e log.problems p1)" = PASS ]
	[ "$(v 5e log.problems p2)" = PASS ]
	jqt 'select(.check == "5e" and .scope.instance == "p4") |
	    (.actual.value | test("5 inference requests answered with an HTTP error \\(5.00% of the 100")) and
	    (.why | test("p4_vllm.log:77: 5 access lines .POST /v1/chat/completions 503.")) and
	    (.action | test("P/D prefill leg"))' "$OUT"
	# without the instance's request count the share is unknown: WARN
	judge "select(.metric != \"instance.requests\" or .scope.instance != \"p4\"),
	    $(acc p4 'POST /v1/completions 500' 5)"
	[ "$(v 5e log.problems p4)" = WARN ]
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

@test "5f: the odd instance is the one named, even when it is the first (the reference is the median)" {
	# p1, the first instance, holds a quarter less: it FAILs, its three
	# healthy peers PASS against the median (348736)
	judge "$(set_m kv_cache.tokens p1 261552)"
	[ "$(v 5f kv_cache.tokens p1)" = FAIL ]
	for p in p2 p3 p4; do
		[ "$(v 5f kv_cache.tokens $p)" = PASS ]
	done
	jqt 'select(.check == "5f" and .scope.instance == "p1") |
	    (.diff.value | . * 100 | round) == -2500 and
	    (.why | test("the median of the 4 instances of the arms running this workload\\) holds 348736"))' "$OUT"
}

@test "5f: sizes split two against two: the median's side WARNs (no majority), the other FAILs" {
	# p1 and p2 hold a quarter less: the median (lower middle) is p2's
	judge "$(set_m kv_cache.tokens p1 261552) | $(set_m kv_cache.tokens p2 261552)"
	[ "$(v 5f kv_cache.tokens p1)" = WARN ]
	[ "$(v 5f kv_cache.tokens p2)" = WARN ]
	[ "$(v 5f kv_cache.tokens p3)" = FAIL ]
	[ "$(v 5f kv_cache.tokens p4)" = FAIL ]
	jqt 'select(.check == "5f" and .scope.instance == "p1") | .why |
	    test("only 2 of the 4 sizes are within .*the others hold up to 348736 \\(baseline/w1/server_logs/p[34]_vllm.log.*no majority")' "$OUT"
	# three against one: the odd one FAILs, the three PASS
	judge "$(set_m kv_cache.tokens p1 261552)"
	[ "$(v 5f kv_cache.tokens p2)" = PASS ]
}

@test "5f: every KV size a log states is judged, each engine of a data-parallel pod under its rank" {
	# p2 runs two data-parallel engines; DP1's GPU holds another
	# process: its size (line 49) is a quarter less than DP0's
	judge "if .metric == \"kv_cache.tokens\" and .scope.instance == \"p2\"
	    then (.scope.rank = \"000\"), (.scope.rank = \"001\" |
	    .value = 261552 | .source.line = 49) else . end"
	jqt 'select(.check == "5f" and .metric == "kv_cache.tokens" and
	    .scope.instance == "p2") | (.scope.rank == "000" and
	    .verdict == "PASS") or (.scope.rank == "001" and
	    .verdict == "FAIL" and (.why | test("data-parallel engine 001 .*holds 261552 KV-cache tokens \\(baseline/w1/server_logs/p2_vllm.log:49")))' "$OUT"
	[ "$(jq -s '[.[] | select(.check == "5f" and .metric ==
	    "kv_cache.tokens" and .scope.instance == "p2")] | length' "$OUT")" = 2 ]
}

@test "5f stats.kv_cache_usage_pct.max: a full cache in the stats lines WARNs when no scrapes judge it; room to spare PASS" {
	# p2's stats lines peak at 99.6 %, p1's at 40 %
	judge "., (if .metric == \"kv_cache.tokens\" and (.scope.instance == \"p1\" or
	    .scope.instance == \"p2\") then (.metric = \"stats.kv_cache_usage_pct.max\" |
	    .value = (if .scope.instance == \"p2\" then 99.6 else 40 end) |
	    .unit = \"%\" | .source.line = 900) else empty end)"
	[ "$(v 5f stats.kv_cache_usage_pct.max p2)" = WARN ]
	[ "$(v 5f stats.kv_cache_usage_pct.max p1)" = PASS ]
	jqt 'select(.metric == "stats.kv_cache_usage_pct.max" and .scope.instance == "p2") |
	    (.why | test("peaked at 99.6% \\(baseline/w1/server_logs/p2_vllm.log:900.*The cache was full")) and
	    .tolerance == "< 95%" and .action != null' "$OUT"
	# with the cell's scrapes, they judge the usage (metrics.*), not the
	# stats lines
	judge "., (if .metric == \"kv_cache.tokens\" and .scope.instance == \"p2\"
	    then (.metric = \"stats.kv_cache_usage_pct.max\" | .value = 99.6 |
	    .unit = \"%\"), (.metric = \"metrics.kv_cache_usage_pct.max\" |
	    .value = 99.6 | .unit = \"%\") else empty end)"
	[ -z "$(v 5f stats.kv_cache_usage_pct.max)" ]
	[ "$(v 5f metrics.kv_cache_usage_pct.max p2)" = WARN ]
}

@test "5a/5f: a log without its startup lines is MISSING for that instance only" {
	# p3's log was collected with kubectl logs --since: requests and
	# problem counts, but no vllm.* parameter and no KV cache size
	judge 'select(.scope.instance != "p3" or ((.metric |
	    startswith("vllm.")) or .metric == "kv_cache.tokens" | not))'
	[ "$(v 5a vllm.args p3)" = MISSING ]
	[ "$(v 5f kv_cache.tokens p3)" = MISSING ]
	[ "$(v 5a vllm.args p1)" = PASS ]
	[ "$(v 5f kv_cache.tokens p1)" = PASS ]
	jqt 'select(.scope.instance == "p3" and .verdict == "MISSING") |
	    (.why | test("p3_vllm.log")) and (.why | test("startup"))' "$OUT"
}

@test "5f: preemptions in an instance's stats lines WARN" {
	judge '., (if .metric == "kv_cache.tokens" and .scope.instance ==
	    "p2" then (.metric = "stats.preemptions.total" | .value = 37 |
	    .unit = "count" | .source.how = "total of Preemptions") else
	    empty end)'
	[ "$(v 5f stats.preemptions.total p2)" = WARN ]
	[ "$(v 5f kv_cache.tokens p2)" = PASS ]
	jqt 'select(.metric == "stats.preemptions.total") |
	    (.why | test("37 preemptions")) and (.actual.value == 37)' "$OUT"
	# no preemptions line: no verdict (older vLLM never prints one)
	judge '.'
	[ -z "$(v 5f stats.preemptions.total)" ]
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


@test "5g: flow control on: outcomes for every handled request PASS, for part of them WARN" {
	gate='., (if .metric == "requests.count" then {kind: "measure", check:
	    "2d", metric: "epp.feature_gate", key: "flowControl", value: true,
	    scope: {phase: "baseline"}, source: {file:
	    "generated/baseline_config.yaml", line: 3}} else empty end)'
	judge "$gate | if .metric == \"epp.flow_control.outcomes\" then .value = 400 else . end"
	[ "$(v 5g epp.flow_control.outcomes)" = PASS ]
	# rejections add outcomes without handled lines: still PASS
	judge "$gate | if .metric == \"epp.flow_control.outcomes\" then .value = 460 else . end"
	[ "$(v 5g epp.flow_control.outcomes)" = PASS ]
	# 150 outcomes for 400 handled requests: 250 bypassed flow control
	judge "$gate | if .metric == \"epp.flow_control.outcomes\" then .value = 150 else . end"
	[ "$(v 5g epp.flow_control.outcomes)" = WARN ]
	jq -r 'select(.metric == "epp.flow_control.outcomes") | .why' "$OUT" |
	    grep -q '250 were scheduled without passing flow control'
}

# refresh POD OK FAILED [ERR] [FAMILIES]: the EPP's metrics refreshes of
# a pod, as s2r-log-extract writes them
refresh() {
	echo "(if .metric == \"epp.levels_seen\" then
	    ({kind: \"measure\", check: \"5g\", scope: {phase: \"baseline\",
	    workload: \"w1\", instance: \"$1\"}, source: {file:
	    \"baseline/w1/epp_logs/epp_1600.log\", line: 40}} |
	    (.metric = \"epp.pod.metrics_refreshed\" | .value = $2),
	    (.metric = \"epp.pod.metrics_fetch_failed\" | .value = $3),
	    (select(\"${4:-}\" != \"\") | .metric = \"epp.pod.metrics_fetch_error\" |
	    .value = \"${4:-}\" | .source.line = 90),
	    (select(\"${5:-}\" != \"\") | .metric =
	    \"epp.pod.metric_families_missing\" | .value = \"${5:-}\" |
	    .source.line = 41)) else empty end)"
}

@test "5g epp.metrics.errors: a fetch that read nothing WARNs (never one good: FAIL); a missing family the scorers read WARNs, LoRA's alone PASSes" {
	judge "., $(refresh p1 80 0 '' vllm:lora_requests_info),
	    $(refresh p2 60 20 'dial tcp 10.0.0.2:8200: i/o timeout' vllm:lora_requests_info),
	    $(refresh p3 0 80 'dial tcp 10.0.0.3:8200: connection refused'),
	    $(refresh p4 80 0 '' 'vllm:lora_requests_info, vllm:gpu_cache_usage_perc')"
	[ "$(v 5g epp.metrics.errors p1)" = PASS ]
	[ "$(v 5g epp.metrics.errors p2)" = WARN ]
	[ "$(v 5g epp.metrics.errors p3)" = FAIL ]
	[ "$(v 5g epp.metrics.errors p4)" = WARN ]
	jqt 'select(.metric == "epp.metrics.errors" and .scope.instance == "p2") |
	    .why | test("20 refreshes read nothing \\(dial tcp 10.0.0.2:8200: i/o timeout .*epp_1600.log:90\\)")' "$OUT"
	jqt 'select(.metric == "epp.metrics.errors" and .scope.instance == "p4") |
	    .why | test("exports no vllm:gpu_cache_usage_perc \\(.*epp_1600.log:41\\)")' "$OUT"
	# without refresh records (an EPP log below -v=5) nothing is judged
	judge .
	[ -z "$(v 5g epp.metrics.errors)" ]
}

# st CLASS STATUS N: one more status.count record of the cell
st() {
	echo "(if .metric == \"requests.count\" then {kind: \"measure\", check:
	    \"5d\", metric: \"status.count\", status: \"$2\", value: $3, unit:
	    \"count\", scope: {phase: \"baseline\", workload: \"w1\", class:
	    \"$1\"}, source: {file: \"baseline/w1/trace_data.csv\", line: 17,
	    field: \"status\"}} else empty end)"
}

# pct FAILED ROWS: the failed share in percent, as the verdict's diff
pct() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", a / b * 100 }'
}

diff_of() {
	jq -r --arg m "$1" 'select(.metric == $m) | .diff.value' "$OUT" |
	    awk '{ printf "%.6f", $1 }'
}

@test "5d: errors, timeouts and cut streams in any arm: > 0.1% WARN, > 1% FAIL" {
	judge '.'
	[ "$(v 5d requests.failed)" = PASS ]
	# 400 ok rows + 100 HTTP 500s (the 25% baseline of issue 11) -> FAIL
	judge ".,$(st sheddable http_error 100)"
	[ "$(v 5d requests.failed)" = FAIL ]
	[ "$(diff_of requests.failed)" = "$(pct 100 500)" ]
	jqt 'select(.metric == "requests.failed") | (.why | test("100 HTTP errors \\(first at baseline/w1/trace_data.csv:17\\)")) and
	    (.why | test("no admission policy: every request should be ok")) and
	    .actual.n == 500 and .expected.value == 0' "$OUT"
	# 1 timeout in 401 rows: 0.249% -> WARN; 4 cut streams in 404: 0.99% -> WARN
	judge ".,$(st critical timeout 1)"
	[ "$(v 5d requests.failed)" = WARN ]
	judge ".,$(st critical failed_empty 4)"
	[ "$(v 5d requests.failed)" = WARN ]
	[ "$(diff_of requests.failed)" = "$(pct 4 404)" ]
	jqt 'select(.metric == "requests.failed") | .why | test("4 cut streams")' "$OUT"
	# 5 in 405: 1.23% -> FAIL, the classes each named
	judge ".,$(st critical failed_empty 3),$(st sheddable error 2)"
	[ "$(v 5d requests.failed)" = FAIL ]
	jqt 'select(.metric == "requests.failed") | .why |
	    test("by class: \"critical\" 3 failed_empty, \"sheddable\" 2 error")' "$OUT"
	# 20 requests the server aborted in 420: 4.76% -> FAIL
	judge ".,$(st critical aborted 20)"
	[ "$(v 5d requests.failed)" = FAIL ]
	[ "$(diff_of requests.failed)" = "$(pct 20 420)" ]
	jqt 'select(.metric == "requests.failed") | .why |
	    test("20 requests the server aborted")' "$OUT"
	# sheds are not failures: they stay per class (shed.rate)
	judge ".,$(st sheddable shed 100)"
	[ "$(v 5d requests.failed)" = PASS ]
	# 1 row of a status the format does not define in 401 (0.25%, under
	# the FAIL band): never a PASS, and named
	judge ".,$(st sheddable unknown 1)"
	[ "$(v 5d requests.failed)" = WARN ]
	jqt 'select(.metric == "requests.failed") | .why |
	    test("1 rows with a status the trace format does not define") and
	    test("the failure and shed rates are wrong")' "$OUT"
}

@test "5d: an arm that sheds on purpose still fails on errors; no status counts MISSING" {
	adm='{kind: "measure", check: "2d", metric: "epp.plugin", key: "adm",
	    value: "slo-admission-policy", scope: {phase: "baseline"}, source:
	    {file: "generated/baseline_config.yaml", line: 7}}'
	judge ".,$(st sheddable timeout 20), (if .metric == \"requests.count\"
	    then $adm else empty end)"
	[ "$(v 5d requests.failed)" = FAIL ]
	jqt 'select(.metric == "requests.failed") | .why | test("sheds on purpose")' "$OUT"
	judge 'select(.metric != "status.count")'
	[ "$(v 5d requests.failed)" = MISSING ]
	judge 'if .metric == "status.count" then .value = 0 else . end'
	[ "$(v 5d requests.failed)" = INAPPLICABLE ]
}

# obj CLASS N: 'Request handled' lines of objectiveKey CLASS
obj() {
	echo "(if .metric == \"requests.count\" then {kind: \"measure\", check:
	    \"5g\", metric: \"epp.objective.requests\", value: $2, unit: \"count\",
	    scope: {phase: \"baseline\", workload: \"w1\", class: \"$1\"}, source:
	    {file: \"baseline/w1/epp_logs/epp_1600.log\", line: 9}} else empty end)"
}

@test "5g objective resolution: requests resolved, key-less lines, priorities seen" {
	judge '.'
	[ "$(v 5g epp.objective.resolved)" = PASS ]
	[ "$(v 5g epp.objective.empty)" = PASS ]
	[ "$(v 5g epp.priorities_seen)" = PASS ]
	# 50 of the critical requests lost their key: 350 keyed of 400 handled
	judge "(if .metric == \"epp.objective.requests\" and .scope.class ==
	    \"critical\" then .value = 100 else . end), $(obj '' 50)"
	[ "$(v 5g epp.objective.resolved)" = FAIL ]
	[ "$(jq -r 'select(.metric == "epp.objective.resolved") | .diff.value' "$OUT")" = -50 ]
	# 50 > max(5% of 400 = 20, warm-up 0 + 60/s x no prewarm)
	[ "$(v 5g epp.objective.empty)" = FAIL ]
	jqt 'select(.metric == "epp.objective.empty") | .why |
	    test("50 of 400 .* first at baseline/w1/epp_logs/epp_1600.log:9.*larger of 20 \\(5% of them\\) and 0")' "$OUT"
	# ... but not when the access logs count 50 requests beyond the
	# trace's (its warm-up and prewarm, which carry no objective)
	judge "(if .metric == \"epp.objective.requests\" and .scope.class ==
	    \"critical\" then .value = 100 else . end), $(obj '' 50) |
	    $(set_m instance.requests p1 150)"
	[ "$(v 5g epp.objective.empty)" = PASS ]
	jqt 'select(.metric == "epp.objective.empty") | (.why |
	    test("and 50 \\(the requests the instances. access logs count beyond the trace")) and
	    .tolerance == "<= max(5%, served beyond the trace)"' "$OUT"
	# nor, without access counts, within a minute of prewarm at 60 a
	# second (the protocol's bound)
	prew='{kind: "expect", check: "2a", metric: "observe.prewarm_duration",
	    value: "60s", scope: {}, source: {file: "config.md", line: 41}}'
	judge "(if .metric == \"epp.objective.requests\" and .scope.class ==
	    \"critical\" then .value = 100 else . end), $(obj '' 50),
	    (if .metric == \"requests.count\" then $prew else empty end) |
	    (if .metric == \"instance.requests\" then .value = null else . end)"
	[ "$(v 5g epp.objective.empty)" = PASS ]
	jqt 'select(.metric == "epp.objective.empty") | .why |
	    test("and 3600 \\(0 warm-up requests, config.md:40; 60 a second of 60 s prewarm, config.md:41\\)")' "$OUT"
	# a log that holds only part of the run cannot say: WARN
	judge "(if .metric == \"epp.requests_handled\" then .value = 300 else .
	    end) | (if .metric == \"epp.objective.requests\" and .scope.class ==
	    \"critical\" then .value = 50 else . end)"
	[ "$(v 5g epp.objective.resolved)" = WARN ]
	# shed requests are never scheduled: 300 keyed for 400 sent, 100 shed
	judge "., $(st sheddable shed 100) | (if .metric ==
	    \"epp.objective.requests\" and .scope.class == \"sheddable\" then
	    .value = 150 else . end)"
	[ "$(v 5g epp.objective.resolved)" = PASS ]
	judge 'select(.metric != "requests.count")'
	[ "$(v 5g epp.objective.resolved)" = INAPPLICABLE ]
}

# cc CLASS N: the trace's class.count of CLASS
cc() {
	echo "(if .metric == \"requests.count\" then {kind: \"measure\", check:
	    \"1b\", metric: \"class.count\", value: $2, unit: \"count\",
	    scope: {phase: \"baseline\", workload: \"w1\", class: \"$1\"},
	    source: {file: \"baseline/w1/trace_data.csv\", field:
	    \"slo_class\"}} else empty end)"
}

@test "5g: a class sent under another class's objective key FAILs by count" {
	# the trace's 150 critical and 250 sheddable rows, the log's lines
	# by key the same: each class under its own key
	judge ".,$(cc critical 150),$(cc sheddable 250)"
	[ "$(v 5g epp.objective.class_requests critical)" = PASS ]
	[ "$(v 5g epp.objective.class_requests sheddable)" = PASS ]
	# 100 sheddable requests sent with the critical key: 250 critical
	# lines for 150 rows, 150 sheddable lines for 250; the priority
	# checks see nothing (key and priority agree on every line)
	judge "(if .metric == \"epp.objective.requests\" then .value = (if
	    .scope.class == \"critical\" then 250 else 150 end) else . end),
	    $(cc critical 150),$(cc sheddable 250)"
	[ "$(v 5g epp.objective.class_requests sheddable)" = FAIL ]
	[ "$(v 5g epp.objective.class_requests critical)" = PASS ]
	[ "$(v 5g epp.objective.resolved)" = PASS ]
	jqt 'select(.metric == "epp.objective.class_requests" and .scope.class == "sheddable") |
	    (.why | test("100 are missing while other keys hold more lines than their classes. rows \\(\"critical\" 250 lines for 150 rows\\)")) and
	    .diff.value == -100 and .expected.value == 250 and .actual.value == 150' "$OUT"
	# the sheddable class's 100 sheds are never scheduled: 150 lines PASS
	judge "(if .metric == \"epp.objective.requests\" and .scope.class ==
	    \"sheddable\" then .value = 150 else . end),
	    $(cc critical 150),$(cc sheddable 250),$(st sheddable shed 100)"
	[ "$(v 5g epp.objective.class_requests sheddable)" = PASS ]
	# missing lines no other key holds (keys lost): WARN, not FAIL
	judge "(if .metric == \"epp.objective.requests\" and .scope.class ==
	    \"sheddable\" then .value = 150 else . end), $(obj '' 100),
	    $(cc critical 150),$(cc sheddable 250)"
	[ "$(v 5g epp.objective.class_requests sheddable)" = WARN ]
	# a log of part of the run cannot tell: WARN
	judge "(if .metric == \"epp.objective.requests\" then .value = (if
	    .scope.class == \"critical\" then 160 else 100 end) else . end),
	    $(cc critical 150),$(cc sheddable 250)"
	[ "$(v 5g epp.objective.class_requests sheddable)" = WARN ]
	# no SLO classes in the trace: no verdict
	judge '.'
	[ -z "$(v 5g epp.objective.class_requests)" ]
}

@test "5g: a priority nobody configured FAILs, and the deployed objectives win over the sim's tiers" {
	judge ".,(if .metric == \"epp.objective.priority\" and .scope.class ==
	    \"critical\" then (.value = 50 | .source.line = 77) else empty end)"
	[ "$(v 5g epp.priorities_seen)" = FAIL ]
	[ "$(v 5g epp.objective.priority critical)" = FAIL ]
	jqt 'select(.metric == "epp.priorities_seen") | .why |
	    test("Not configured: \"critical\" at 50 \\(baseline/w1/epp_logs/epp_1600.log:77\\)")' "$OUT"
	dep='{kind: "measure", check: "2d", metric: "priority.tier", value: 90,
	    scope: {phase: "baseline", class: "critical"}, source: {file:
	    "generated/baseline_config.yaml", line: 30}}'
	judge ".,(if .metric == \"requests.count\" then $dep else empty end)"
	[ "$(v 5g epp.objective.priority critical)" = FAIL ]
	jqt 'select(.metric == "epp.objective.priority") | .why |
	    test("generated/baseline_config.yaml:30")' "$OUT"
	jqt 'select(.metric == "epp.priorities_seen") | .why |
	    test("deployed InferenceObjectives")' "$OUT"
}

# gpu NODE DEV P95 MAX THROTTLE CAP [N [NAME]]: one GPU's 5h records
gpu() {
	local g="{kind: \"measure\", check: \"5h\", scope: {phase: \"${PH:-baseline}\",
	    workload: \"w1\", instance: \"$1\", device: \"$2\"}, source: {file:
	    \"${PH:-baseline}/w1/gpu_logs/$1.log\", line: $((10 + 4 * $2))}}"
	echo "($g + {metric: \"gpu.name\", value: \"${8:-NVIDIA H100 80GB HBM3}\"}),
	    ($g + {metric: \"gpu.busy.samples\", value: ${7:-40}, unit: \"count\"}),
	    ($g + {metric: \"gpu.busy.temperature_c.p95\", value: $3, n: ${7:-40}}),
	    ($g + {metric: \"gpu.busy.temperature_c.max\", value: $4, n: ${7:-40}}),
	    ($g + {metric: \"gpu.busy.throttle.fraction\", value: $5, unit:
	    \"fraction\", n: ${7:-40}}),
	    ($g + {metric: \"gpu.power_cap_w\", value: $6}),
	    ($g + {metric: \"gpu.ecc_uncorrected.max\", value: 0, unit: \"count\"})"
}

# judge_gpu RECORDS: the base cell with gpu_logs and these records
judge_gpu() {
	judge "(if .metric == \"logs.present.gpu_logs\" then .value = true
	    else . end), (if .metric == \"requests.count\" then $1 else empty end)"
}

# vg METRIC DEVICE: the 5h verdict of one GPU
vg() {
	jq -r --arg m "$1" --arg d "$2" 'select(.check == "5h" and
	    .metric == $m and .scope.device == $d) | .verdict' "$OUT"
}

@test "5h: temperature p95 <70/70-79/>=80 and max <75/75-84/>=85 C, throttling 0/<=5%/>5%" {
	judge_gpu "$(gpu n1 0 69.9 74 0 700), $(gpu n1 1 70 75 0.05 700), $(gpu n1 2 80 85 0.051 700)"
	[ "$(vg gpu.busy.temperature_c.p95 0)" = PASS ]
	[ "$(vg gpu.busy.temperature_c.max 0)" = PASS ]
	[ "$(vg gpu.busy.throttle.fraction 0)" = PASS ]
	[ "$(vg gpu.busy.temperature_c.p95 1)" = WARN ]
	[ "$(vg gpu.busy.temperature_c.max 1)" = WARN ]
	[ "$(vg gpu.busy.throttle.fraction 1)" = WARN ]
	[ "$(vg gpu.busy.temperature_c.p95 2)" = FAIL ]
	[ "$(vg gpu.busy.temperature_c.max 2)" = FAIL ]
	[ "$(vg gpu.busy.throttle.fraction 2)" = FAIL ]
	jqt 'select(.metric == "gpu.busy.temperature_c.p95" and .scope.device == "2") |
	    (.why | test("GPU 2 of n1 \\(NVIDIA H100 80GB HBM3\\): temperature p95 80.0 C over 40 samples")) and
	    (.actual.source.file == "baseline/w1/gpu_logs/n1.log") and .action != null' "$OUT"
	# no pod join: every GPU is judged, and the verdict says so
	[ "$(v 5h gpu.join)" = INAPPLICABLE ]
}

@test "5h: power cap against the design TDP; an unknown model or too few full-load samples is not judged" {
	# 665 W is 5% below the H100 SXM's 700 W: the edge, PASS; 664 W FAIL
	judge_gpu "$(gpu n1 0 60 65 0 665), $(gpu n1 1 60 65 0 664), $(gpu n1 2 60 65 0 300 40 'NVIDIA Z9')"
	[ "$(vg gpu.power_cap_w 0)" = PASS ]
	[ "$(vg gpu.power_cap_w 1)" = FAIL ]
	jqt 'select(.metric == "gpu.power_cap_w" and .scope.device == "1") |
	    .expected.value == 700 and (.why | test("power cap 664 W .*design TDP 700 W"))' "$OUT"
	[ "$(vg gpu.power_cap_w 2)" = INAPPLICABLE ]
	jqt 'select(.metric == "gpu.power_cap_w" and .scope.device == "2") |
	    .why | test("not known to s2r")' "$OUT"
	# 29 samples at full load: temperature and throttling not judged
	judge_gpu "$(gpu n1 0 90 95 0.5 700 29)"
	[ "$(vg gpu.busy.samples 0)" = INAPPLICABLE ]
	[ -z "$(vg gpu.busy.temperature_c.p95 0)" ]
	[ "$(vg gpu.power_cap_w 0)" = PASS ]
	jqt 'select(.metric == "gpu.busy.samples") | .why | test("29 samples at full load .* 30 are needed")' "$OUT"
	judge_gpu "$(gpu n1 0 60 65 0 700) | if .metric == \"gpu.ecc_uncorrected.max\"
	    then .value = 2 else . end"
	[ "$(vg gpu.ecc_uncorrected.max 0)" = FAIL ]
	judge_gpu "$(gpu n1 0 60 65 0 700) | if .metric == \"gpu.ecc_uncorrected.max\"
	    then .value = null else . end"
	[ "$(vg gpu.ecc_uncorrected.max 0)" = INAPPLICABLE ]
}

@test "5h gpu.mig: a GPU in MIG mode FAILs against a whole simulated GPU, WARNs with none stated, PASSes a simulated MIG profile" {
	mig="{kind: \"measure\", check: \"5h\", metric: \"gpu.mig_samples\", value: 180,
	    unit: \"count\", n: 180, scope: {phase: \"baseline\", workload: \"w1\",
	    instance: \"n1\", device: \"0\"}, source: {file: \"baseline/w1/gpu_logs/n1.log\", line: 12}}"
	hw() { echo "{kind: \"expect\", check: \"2a\", metric: \"vllm.hardware\", value: \"$1\", scope: {}, source: {file: \"config.md\", line: 24}}"; }
	judge_gpu "$(gpu n1 0 60 65 0 700), $(gpu n1 1 60 65 0 700), $mig"
	[ "$(vg gpu.mig 0)" = WARN ]
	[ -z "$(vg gpu.mig 1)" ]
	judge_gpu "$(gpu n1 0 60 65 0 700), $mig, $(hw H100-SXM-80GB)"
	[ "$(vg gpu.mig 0)" = FAIL ]
	jqt 'select(.metric == "gpu.mig") | (.why | test("MIG mode Enabled in 180 samples .*n1.log:12, the first.*The simulation modelled H100-SXM-80GB \\(config.md:24\\), a whole GPU")) and (.action | test("nvidia-smi -mig 0"))' "$OUT"
	judge_gpu "$(gpu n1 0 60 65 0 700), $mig, $(hw H100-MIG-3g.40gb)"
	[ "$(vg gpu.mig 0)" = PASS ]
}

# eppspan FIRST_S LAST_S: sends from 0 to 100 s (epoch 1776330000 s on)
# and the EPP log's lines from FIRST_S to LAST_S
eppspan() {
	local t0=1776330000000000 c="scope: {phase: \"baseline\", workload: \"w1\"}"
	local src="source: {file: \"baseline/w1/epp_logs/epp.log\", line: 1}"
	echo "., {kind: \"measure\", check: \"5b\", metric: \"send_time_us.min\", value: $t0, $c},
	    {kind: \"measure\", check: \"5b\", metric: \"send_time_us.max\", value: ($t0 + 100000000), $c},
	    {kind: \"measure\", check: \"5g\", metric: \"epp.ts.first_us\", value: ($t0 + $1 * 1000000), $c, $src},
	    {kind: \"measure\", check: \"5g\", metric: \"epp.ts.last_us\", value: ($t0 + $2 * 1000000), $c, $src}"
}

@test "5g epp.log.window: EPP lines of the run PASS (its tail too), of another attempt or day FAIL" {
	judge "if .metric == \"requests.count\" then $(eppspan -300 120) else . end"
	[ "$(v 5g epp.log.window)" = PASS ]
	jqt 'select(.metric == "epp.log.window") | .why | test("from -300 s to 120 s after the trace.s first send .*The log is of the run")' "$OUT"
	# only the tail, collected after the last send: PASS, said
	judge "if .metric == \"requests.count\" then $(eppspan 107 114) else . end"
	[ "$(v 5g epp.log.window)" = PASS ]
	jqt 'select(.metric == "epp.log.window") | .why | test("only of its end")' "$OUT"
	# the day before
	judge "if .metric == \"requests.count\" then $(eppspan -86400 -86290) else . end"
	[ "$(v 5g epp.log.window)" = FAIL ]
	jqt 'select(.metric == "epp.log.window") | (.why | test("Every line is 86290 s before the first send: the log is of another run")) and (.action | test("EPP log of this run"))' "$OUT"
	# more than 10 min after the last send
	judge "if .metric == \"requests.count\" then $(eppspan 701 760) else . end"
	[ "$(v 5g epp.log.window)" = FAIL ]
	# no ts in the log: no verdict
	judge .
	[ -z "$(v 5g epp.log.window)" ]
}

# cover BLOCKS [FIRST_S LAST_S]: the workload window 0..180 s (epoch
# 1776330000 s on) and node n1's tables inside it
cover() {
	local t0=1776330000000000 c="scope: {phase: \"baseline\", workload: \"w1\"}"
	local n="scope: {phase: \"baseline\", workload: \"w1\", instance: \"n1\"},
	    source: {file: \"baseline/w1/gpu_logs/n1.log\"}"
	echo "{kind: \"measure\", check: \"5h\", metric: \"gpu.window.start_us\", value: $t0, $c},
	    {kind: \"measure\", check: \"5h\", metric: \"gpu.window.end_us\", value: ($t0 + 180000000), $c},
	    {kind: \"measure\", check: \"5h\", metric: \"gpu.window.blocks\", value: $1, $n}"
	[ $# -lt 3 ] || echo ", {kind: \"measure\", check: \"5h\", metric: \"gpu.window.first_us\",
	    value: ($t0 + $2 * 1000000), $n}, {kind: \"measure\", check: \"5h\", metric:
	    \"gpu.window.last_us\", value: ($t0 + $3 * 1000000), $n}"
}

@test "5h: a GPU reading ERR! or missing from the tables FAILs; the gpu log against the workload window: whole PASS, stopped mid-run WARN, none inside FAIL" {
	err="{kind: \"measure\", check: \"5h\", metric: \"gpu.error_samples\", value: 57,
	    unit: \"count\", n: 64, scope: {phase: \"baseline\", workload: \"w1\",
	    instance: \"n1\", device: \"1\"}, source: {file: \"baseline/w1/gpu_logs/n1.log\", line: 1995}}"
	judge_gpu "$(gpu n1 0 60 65 0 700), $(gpu n1 1 60 65 0 700), $err, $(cover 180 1 180)"
	[ "$(vg gpu.errors 0)" = PASS ]
	[ "$(vg gpu.errors 1)" = FAIL ]
	jqt 'select(.metric == "gpu.errors" and .scope.device == "1") |
	    (.why | test("GPU 1 of n1 .*: 57 of its 64 samples inside the workload window read ERR! \\(baseline/w1/gpu_logs/n1.log:1995, the first\\)")) and
	    .actual.value == 57 and (.action | test("Xid"))' "$OUT"
	# its temperature, over the samples it still read, passes: only gpu.errors says it
	[ "$(vg gpu.busy.temperature_c.p95 1)" = PASS ]
	[ "$(v 5h gpu.window.coverage n1)" = PASS ]
	jqt 'select(.metric == "gpu.window.coverage") | .why |
	    test("180 tables inside the workload window of 180 s, from 1 s to 180 s after its start \\(one every 1.0 s\\): 1 s of it unsampled")' "$OUT"
	# the sampler died at 60 s: 121 s unsampled, past two intervals and 18 s
	judge_gpu "$(gpu n1 0 60 65 0 700), $(cover 60 1 60)"
	[ "$(v 5h gpu.window.coverage n1)" = WARN ]
	jqt 'select(.metric == "gpu.window.coverage") | (.why | test("121 s of it unsampled .*: the sampler stopped")) and .action != null' "$OUT"
	# nvidia-smi could not reach a GPU: its tables lack GPU 0 from 60 s on
	ws() { echo "{kind: \"measure\", check: \"5h\", metric: \"gpu.window.samples\", value: $1,
	    unit: \"count\", scope: {phase: \"baseline\", workload: \"w1\", instance: \"n1\", device: \"0\"},
	    source: {file: \"baseline/w1/gpu_logs/n1.log\", line: 10}}"; }
	smi="{kind: \"measure\", check: \"5h\", metric: \"gpu.smi_errors\", value: 120, unit: \"count\",
	    scope: {phase: \"baseline\", workload: \"w1\", instance: \"n1\"}, source: {file: \"baseline/w1/gpu_logs/n1.log\", line: 2394}}"
	judge_gpu "$(gpu n1 0 60 65 0 700), $(ws 60), $smi, $(cover 180 1 180)"
	[ "$(vg gpu.errors 0)" = FAIL ]
	jqt 'select(.metric == "gpu.errors") | .why | test("no field read ERR! in its 60 samples .*; it is missing from 120 of the node.s tables inside it \\(nvidia-smi could not reach a GPU: baseline/w1/gpu_logs/n1.log:2394, the first\\): the driver lost a GPU of the node")' "$OUT"
	# one table short: the sampler's last, cut short
	judge_gpu "$(gpu n1 0 60 65 0 700), $(ws 179), $(cover 180 1 180)"
	[ "$(vg gpu.errors 0)" = PASS ]
	# one table every 10 s with its phase: 9 s at each end is allowed
	judge_gpu "$(gpu n1 0 60 65 0 700), $(cover 17 9 171)"
	[ "$(v 5h gpu.window.coverage n1)" = PASS ]
	# every table outside the window: a log of another time
	judge_gpu "$(gpu n1 0 60 65 0 700), $(cover 0)"
	[ "$(v 5h gpu.window.coverage n1)" = FAIL ]
	jqt 'select(.metric == "gpu.window.coverage") | .why | test("no table stamped inside the workload window")' "$OUT"
}

# pod POD VALUE [DEV]: a pod's GPUs, and the GPU's pods
pod() {
	local src="source: {file: \"baseline/w1/gpu_logs/$1.uuids\", line: 1}"
	echo "{kind: \"measure\", check: \"5h\", metric: \"gpu.pod.gpus\", value:
	    $2, n: 1, scope: {phase: \"baseline\", workload: \"w1\", instance:
	    \"$1\"}, $src}"
	[ -z "${3:-}" ] || echo ", {kind: \"measure\", check: \"5h\", metric:
	    \"gpu.pods\", value: \"$1\", scope: {phase: \"baseline\", workload:
	    \"w1\", instance: \"n1\", device: \"$3\"}, $src}"
}

@test "5h: only the GPUs the pods ran on are judged; a pod without its GPUs is WARN" {
	all="$(pod p1 '"n1/1"' 1), $(pod p2 '"n1/0"' 0), $(pod p3 '"n1/3"' 3), $(pod p4 '"n1/2"' 2)"
	judge_gpu "$(gpu n1 0 60 65 0 700), $(gpu n1 1 60 65 0 700), $(gpu n1 2 60 65 0 700), $(gpu n1 3 60 65 0 700), $(gpu n1 4 90 95 0 300), $all"
	[ "$(v 5h gpu.join)" = PASS ]
	[ -z "$(vg gpu.busy.temperature_c.p95 4)" ]
	[ "$(vg gpu.busy.temperature_c.p95 1)" = PASS ]
	jqt 'select(.metric == "gpu.busy.temperature_c.p95" and .scope.device == "1") |
	    .why | test("GPU 1 of n1 \\(pod p1, ")' "$OUT"
	# p4's UUID is in no node's list, p3 has no .uuids at all
	judge_gpu "$(gpu n1 0 60 65 0 700), $(gpu n1 1 60 65 0 700), $(pod p1 '"n1/1"' 1), $(pod p2 '"n1/0"' 0), $(pod p4 null)"
	[ "$(v 5h gpu.join)" = WARN ]
	jqt 'select(.metric == "gpu.join") | .why |
	    test("Not found: p4 \\(baseline/w1/gpu_logs/p4.uuids:1\\); p3 \\(no .uuids\\)")' "$OUT"
	# .uuids but no <node>.gpus.csv: no pod's GPU is known, all are judged
	judge_gpu "$(gpu n1 0 60 65 0 700), $(gpu n1 4 90 95 0 700), $(pod p1 null)"
	[ "$(v 5h gpu.join)" = WARN ]
	[ "$(vg gpu.busy.temperature_c.p95 4)" = FAIL ]
	jqt 'select(.metric == "gpu.join") | .why | test("every GPU of the node logs \\(2\\) is judged")' "$OUT"
	# the node's UUIDs known (gpus.csv) and no pod's among them: the
	# logs are of another node
	judge_gpu "$(gpu n1 0 60 65 0 700), $(gpu n1 1 60 65 0 700), $(pod p1 null), {kind: \"measure\", check: \"5h\", metric: \"gpu.uuid\", value: \"GPU-d0e1\", scope: {phase: \"baseline\", workload: \"w1\", instance: \"n1\", device: \"0\"}, source: {file: \"baseline/w1/gpu_logs/n1.gpus.csv\", line: 1}}"
	[ "$(v 5h gpu.join)" = WARN ]
	jqt 'select(.metric == "gpu.join") | .why | test("None of the GPUs the pods list is in the node logs: they are of a node the pods did not run on")' "$OUT"
	# and no GPU of that node is judged as the cell's (no PASS for them)
	[ "$(jq -s '[.[] | select(.kind == "verdict" and .check == "5h" and .metric != "gpu.join")] | length' "$OUT")" -eq 0 ]
}

# two_cells RECORDS: the base cell with gpu_logs, copied as phase
# treatment, and RECORDS
two_cells() {
	echo "((if .metric == \"logs.present.gpu_logs\" then .value = true else
	    . end) | ., (if .scope.phase == \"baseline\" and .scope.workload ==
	    \"w1\" then .scope.phase = \"treatment\" | .source.file |=
	    sub(\"^baseline\"; \"treatment\") else empty end)),
	    (if .metric == \"requests.count\" and .scope.phase == \"baseline\"
	    then $1 else empty end)"
}

@test "5h: the same GPU hot in two cells is a persistent hotspot; hot in one is not" {
	two="$(gpu n1 1 85 90 0 700), $(PH=treatment gpu n1 1 86 91 0 700)"
	judge "$(two_cells "$two")"
	[ "$(jq -r 'select(.metric == "gpu.hotspot") | .scope.phase + ":" + .verdict' "$OUT" | sort | tr '\n' ' ')" = "baseline:FAIL treatment:FAIL " ]
	jqt 'select(.metric == "gpu.hotspot" and .scope.phase == "baseline") | .why |
	    test("and in 1 other cell\\(s\\): treatment/w1 \\(treatment/w1/gpu_logs/n1.log:14\\)")' "$OUT"
	one="$(gpu n1 1 85 90 0 700), $(PH=treatment gpu n1 1 60 65 0 700)"
	judge "$(two_cells "$one")"
	[ "$(jq -r 'select(.metric == "gpu.hotspot") | 1' "$OUT" | wc -l)" -eq 0 ]
}

@test "5h marks latency claims: A3 on a trace whose cell ran on a throttled GPU says so" {
	A=$FIXTURES/align
	"$S2R_BIN/s2r-latency" --root "$A" --real "$A/trace_data.csv" \
	    --sim "$A/sim.csv" >"$BATS_TEST_TMPDIR/lat.ndjson"
	# the cell whose GPU window came from that trace, GPU 0 at p95 85 C
	win='{kind: "measure", check: "5h", metric: "gpu.window.start_us",
	    value: 1, unit: "us", scope: {phase: "baseline", workload: "w1"},
	    source: {file: "trace_data.csv", field: "send_time_us"}}'
	for p95 in 85 60; do
		jq -c "(if .metric == \"requests.count\" then $win, $(gpu n1 0 $p95 $((p95 + 1)) 0 700)
		    else empty end)" "$BASE" >"$BATS_TEST_TMPDIR/gpu.ndjson"
		"$S2R_BIN/s2r-verdict" --no-fail-status --checks A3 \
		    "$BATS_TEST_TMPDIR/lat.ndjson" "$BATS_TEST_TMPDIR/gpu.ndjson" >"$OUT"
		validate_records "$OUT"
		n=$(jq -r 'select(.check == "A3" and (.why |
		    test("The real cell baseline/w1 ran on a throttled GPU \\(5h: GPU 0 of n1 fails its thermal check, baseline/w1/gpu_logs/n1.log:10\\)"))) | 1' "$OUT" | wc -l)
		if [ "$p95" = 85 ]; then [ "$n" -ge 3 ]; else [ "$n" -eq 0 ]; fi
	done
}

# window LO_S HI_S FIRST LAST [START]: 5b log.window of p1 when the trace
# sent from LO_S to HI_S (Unix seconds), p1's stats lines run from FIRST to
# LAST ("MM-DD HH:MM:SS") and, given START, its vLLM started then (and,
# given $RESTART, started again then).
window() {
	local start=""

	[ -z "${5:-}" ] || start="(.metric = \"log.start_stamp\" |
	    .value = \"$5\" | .source.line = 11 | del(.unit)),"
	[ -z "${RESTART:-}" ] || start="$start (.metric = \"log.restart_stamp\" |
	    .value = \"$RESTART\" | .source.line = 900 | del(.unit)),"
	judge "., (if .metric == \"instance.requests\" and
	    .scope.instance == \"p1\" then $start
	    (.metric = \"stats.first_stamp\" | .value = \"$3\" |
	    del(.unit)), (.metric = \"stats.last_stamp\" |
	    .value = \"$4\" | del(.unit)),
	    (.metric = \"send_time_us.min\" | .value = ($1 * 1000000) |
	    .unit = \"us\" | del(.scope.instance) | .source =
	    {file: \"baseline/w1/trace_data.csv\",
	    field: \"send_time_us\"}),
	    (.metric = \"send_time_us.max\" | .value = ($2 * 1000000) |
	    .unit = \"us\" | del(.scope.instance) | .source =
	    {file: \"baseline/w1/trace_data.csv\",
	    field: \"send_time_us\"}) else empty end)"
	v 5b log.window p1
}

@test "5b log.window: busy stamps inside the send window PASS, hours apart WARN, days apart FAIL, across New Year" {
	win() { window "$@"; }
	# 2026-04-23 14:18:21 to 14:19:59 UTC
	[ "$(win 1776953901 1776953999 '04-23 14:18:22' '04-23 14:20:12')" = PASS ]
	# a pod clock two hours ahead: apart by 16:21:00 - 14:19:59
	[ "$(win 1776953901 1776953999 '04-23 16:21:00' '04-23 16:22:00')" = WARN ]
	jqt 'select(.metric == "log.window") | .diff.value ==
	    (16 * 3600 + 21 * 60) - (14 * 3600 + 19 * 60 + 59)' "$OUT"
	# the logs of a run two days earlier
	[ "$(win 1776953901 1776953999 '04-21 14:18:22' '04-21 14:20:12')" = FAIL ]
	jqt 'select(.metric == "log.window") | (.why | test("another run")) and
	    .expected.source.field == "send_time_us" and
	    (.why | test("04-23 14:18:21 to 04-23 14:19:59 UTC"))' "$OUT"
	# 2026-12-31 23:59:00 to 2027-01-01 00:01:00: stamps without a year
	[ "$(win 1798761540 1798761660 '12-31 23:59:05' '01-01 00:01:10')" = PASS ]
	# (its vLLM started before: a log with no startup line whose first
	# stats line is 65 s late reads as cut, a WARN of its own)
	[ "$(window 1798761540 1798761660 '01-01 00:00:05' '01-01 00:01:10' '12-31 23:50:00')" = PASS ]
	# a sim trace (send_time_us = arrival, not an epoch): not judged
	[ -z "$(win 0 98 '04-23 14:18:22' '04-23 14:20:12')" ]
}

@test "5e: a container that started (or started again) inside the run WARNs: its log's counts do not cover the run" {
	# sends 14:18:21-14:19:59 UTC; p1 busy 14:18:42-14:20:12
	window 1776953901 1776953999 '04-23 14:18:42' '04-23 14:20:12' '04-23 14:18:38' >/dev/null
	[ "$(v 5e log.problems p1)" = WARN ]
	[ "$(v 5e log.problems p2)" = PASS ]
	jqt 'select(.check == "5e" and .scope.instance == "p1") |
	    (.actual.value | test("the container started 17 s after the trace.s first send \\(the log of the container before it")) and
	    (.why | test("p1_vllm.log:11: its first startup line \\(04-23 14:18:38\\)")) and
	    (.action | test("kubectl logs --previous"))' "$OUT"
	# started before the first send, restarted at 14:19:20: WARN
	RESTART='04-23 14:19:20' window 1776953901 1776953999 '04-23 14:18:22' '04-23 14:20:12' '04-23 14:10:00' >/dev/null
	[ "$(v 5e log.problems p1)" = WARN ]
	jqt 'select(.check == "5e" and .scope.instance == "p1") |
	    .actual.value | test("the container restarted 59 s after")' "$OUT"
	# started 10 s before the first send, no restart: PASS
	window 1776953901 1776953999 '04-23 14:18:22' '04-23 14:20:12' '04-23 14:18:11' >/dev/null
	[ "$(v 5e log.problems p1)" = PASS ]
	# a pod clock two hours off: not judged here (5b says so)
	window 1776953901 1776953999 '04-23 16:21:00' '04-23 16:22:00' '04-23 16:20:50' >/dev/null
	[ "$(v 5e log.problems p1)" = PASS ]
}

@test "5h gpu.processes: one compute process on a pod's GPU PASSes, a second in one table WARNs and names both, none listed is not judged" {
	procs() {
		local g="{kind: \"measure\", check: \"5h\", unit: \"count\", n: 180,
		    scope: {phase: \"baseline\", workload: \"w1\", instance: \"n1\",
		    device: \"0\"}, source: {file: \"baseline/w1/gpu_logs/n1.log\", line: 48}}"
		echo "($g + {metric: \"gpu.processes.max\", value: $1})"
		[ -z "${2:-}" ] || echo ", ($g + {metric: \"gpu.processes\", value: \"$2\"})"
	}
	judge_gpu "$(gpu n1 0 60 65 0 700), $(procs 1 'PID 823822 python3 60689MiB')"
	[ "$(vg gpu.processes 0)" = PASS ]
	judge_gpu "$(gpu n1 0 60 65 0 700), $(procs 2 'PID 823822 python3 60689MiB; PID 3141592 python3 14336MiB')"
	[ "$(vg gpu.processes 0)" = WARN ]
	jqt 'select(.metric == "gpu.processes") | (.why | test("at most 2 compute processes in one nvidia-smi table inside the workload window \\(baseline/w1/gpu_logs/n1.log:48\\): PID 823822 python3 60689MiB; PID 3141592 python3 14336MiB\\. The pod.s GPU was shared")) and (.action | test("time-slicing or MPS")) and .actual.value == 2' "$OUT"
	# nvidia-smi in a container that sees no process: not judged
	judge_gpu "$(gpu n1 0 60 65 0 700), $(procs 0)"
	[ -z "$(vg gpu.processes 0)" ]
}

@test "5h gpu.busy.power_w.mean: a pod's GPU 30 % below its peers' median at full load WARNs; within it PASS; fewer than two peers, no verdict" {
	pw() {
		echo "{kind: \"measure\", check: \"5h\", metric: \"gpu.busy.power_w.mean\",
		    value: $3, n: 40, scope: {phase: \"baseline\", workload: \"w1\",
		    instance: \"$1\", device: \"$2\"}, source: {file:
		    \"baseline/w1/gpu_logs/$1.log\", line: $((22 + 4 * $2))}}"
	}
	four="$(gpu n1 0 60 65 0 700), $(gpu n1 1 60 65 0 700), $(gpu n1 2 60 65 0 700), $(gpu n1 3 55 60 0 700)"
	judge_gpu "$four, $(pw n1 0 550), $(pw n1 1 545), $(pw n1 2 560), $(pw n1 3 259)"
	[ "$(vg gpu.busy.power_w.mean 3)" = WARN ]
	[ "$(vg gpu.busy.power_w.mean 0)" = PASS ]
	jqt 'select(.metric == "gpu.busy.power_w.mean" and .scope.device == "3") |
	    (.why | test("GPU 3 of n1 .*: 259 W mean power over its 40 full-load samples \\(baseline/w1/gpu_logs/n1.log:34\\); the median of the cell.s 3 other GPUs of the model at full load is 550 W.*clocks were held down")) and
	    .expected.value == 550 and (.action | test("nvidia-smi -rgc"))' "$OUT"
	# 30 % below is the line: 386 W against 550 W is 29.8 % below
	judge_gpu "$four, $(pw n1 0 550), $(pw n1 1 545), $(pw n1 2 560), $(pw n1 3 386)"
	[ "$(vg gpu.busy.power_w.mean 3)" = PASS ]
	# runtime.gpu_peer_power_pct 25: 29.8 % below is past the line
	printf 'runtime:\n  gpu_peer_power_pct: 25\n' >"$BATS_TEST_TMPDIR/t.yaml"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 5 --tolerances \
	    "$BATS_TEST_TMPDIR/t.yaml" "$IN" >"$OUT"
	[ "$(vg gpu.busy.power_w.mean 3)" = WARN ]
	jqt 'select(.metric == "gpu.busy.power_w.mean" and .scope.device == "3") |
	    .tolerance == "> peers\u0027 median - 25%"' "$OUT"
	# one peer only: no median to hold it against
	judge_gpu "$(gpu n1 0 60 65 0 700), $(gpu n1 1 60 65 0 700), $(pw n1 0 550), $(pw n1 1 259)"
	[ -z "$(vg gpu.busy.power_w.mean 1)" ]
}

@test "5b log.window: a restart inside the log FAILs (its startup cited); a log cut at its start WARNs; neither before the run" {
	# p1 started at 14:16:06 before the first send (14:18:21) and again
	# at RESTART; stats lines from FIRST to LAST
	rwin() { RESTART=$3 window 1776953901 1776953999 "$1" "$2" '04-23 14:16:06'; }
	[ "$(rwin '04-23 14:18:22' '04-23 14:20:12' '04-23 14:19:02')" = FAIL ]
	jqt 'select(.metric == "log.window") | (.why |
	    test("restarted: startup lines again, after it had been busy, at 04-23 14:19:02 \\(baseline/w1/server_logs/p1_vllm.log:900\\), 41 s after")) and
	    (.action | test("--previous")) and .diff.value == 41 and
	    .actual.value == "restarted 04-23 14:19:02, busy 04-23 14:18:22 - 04-23 14:20:12"' "$OUT"
	# a restart before the first send (a crash during the prewarm): PASS
	[ "$(rwin '04-23 14:16:40' '04-23 14:20:12' '04-23 14:17:30')" = PASS ]
	# startup lines after the stats lines but stamped before them: the
	# log runs back (a copy of it appended): FAIL; within 10 s, no finding
	[ "$(rwin '04-23 14:18:22' '04-23 14:20:12' '04-23 14:16:06')" = FAIL ]
	jqt 'select(.metric == "log.window") | (.why |
	    test("stamped 04-23 14:16:06 \\(baseline/w1/server_logs/p1_vllm.log:900\\), 136 s before its first stats line: the log runs back in time")) and
	    (.action | test("not >>")) and .diff.value == 136 and
	    .actual.value == "started again 04-23 14:16:06, busy 04-23 14:18:22 - 04-23 14:20:12"' "$OUT"
	[ "$(rwin '04-23 14:18:22' '04-23 14:20:12' '04-23 14:18:15')" = PASS ]
	# no startup line, the first stats line 42 s after the first send: cut
	[ "$(window 1776953901 1776953999 '04-23 14:19:03' '04-23 14:20:12')" = WARN ]
	jqt 'select(.metric == "log.window") | (.why | test("no startup line and its first stats line is 42 s after")) and
	    (.action | test("without --tail or --since"))' "$OUT"
	# no startup line but busy from the start: PASS
	[ "$(window 1776953901 1776953999 '04-23 14:18:40' '04-23 14:20:12')" = PASS ]
}

@test "5b log.window: a container started during the run FAILs; before it, or a pod clock in another zone, does not" {
	# the trace sent from LO_S to HI_S; p1's vLLM started at START, its
	# stats lines run from FIRST to LAST
	win() { window "$1" "$2" "$4" "$5" "$3"; }
	# 2026-04-23 14:18:21 to 14:19:59 UTC; started 14:16:06: PASS
	[ "$(win 1776953901 1776953999 '04-23 14:16:06' '04-23 14:18:22' '04-23 14:20:12')" = PASS ]
	# started 14:18:38, 17 s after the first send: FAIL, the start cited
	[ "$(win 1776953901 1776953999 '04-23 14:18:38' '04-23 14:19:18' '04-23 14:20:18')" = FAIL ]
	jqt 'select(.metric == "log.window") | (.why |
	    test("started at 04-23 14:18:38 \\(baseline/w1/server_logs/p1_vllm.log:11\\), 17 s after")) and
	    (.action | test("--previous")) and .diff.value == 17 and
	    .actual.value == "started 04-23 14:18:38, busy 04-23 14:19:18 - 04-23 14:20:18" and
	    .actual.source.line == 11' "$OUT"
	# within the 10 s a clock may be off: PASS
	[ "$(win 1776953901 1776953999 '04-23 14:18:31' '04-23 14:18:40' '04-23 14:20:18')" = PASS ]
	# a pod clock 30 min ahead: its start looks late, but its last stats
	# line is 30 min after the last send, so the clocks disagree: not a
	# restart (the windows still overlap: PASS)
	[ "$(win 1776953901 1776957599 '04-23 14:46:06' '04-23 14:48:22' '04-23 15:50:00')" = PASS ]
}

@test "5g epp.pods.names: the EPP's pods against the server logs' pods: same PASS, one swapped FAIL, none in common WARN, no names no verdict" {
	# pods P...: epp.pod.seen records for them, made from p1's log.lines
	pods() {
		local f="." p
		for p in "$@"; do
			f="$f, (if .metric == \"log.lines\" and .scope.instance ==
			    \"p1\" then (.check = \"5g\" | .metric = \"epp.pod.seen\" |
			    .value = true | del(.unit) | .scope.instance = \"$p\" |
			    .source = {file: \"baseline/w1/epp_logs/epp_1412.log\",
			    line: 3}) else empty end)"
		done
		judge "$f"
		v 5g epp.pods.names
	}
	[ "$(pods p1 p2 p3 p4)" = PASS ]
	[ "$(pods p1 p2 p3 p9)" = FAIL ]
	jqt 'select(.metric == "epp.pods.names") | (.why |
	    test("only the EPP.s: p9; only in server_logs: p4\\.")) and
	    .actual.value == "4 pods, 1 without a server log" and
	    .expected.value == "4 pods with a server log" and
	    .actual.source.file == "baseline/w1/epp_logs/epp_1412.log"' "$OUT"
	# the EPP saw a fifth pod: FAIL too (epp.pods.count says 5 vs 4)
	[ "$(pods p1 p2 p3 p4 p5)" = FAIL ]
	[ "$(pods ns-a ns-b ns-c ns-d)" = WARN ]
	jqt 'select(.metric == "epp.pods.names") | .why | test("No name in common")' "$OUT"
	[ -z "$(pods)" ]
}

@test "5f kv_cache.sim_tokens: each instance's KV cache against --total-kv-blocks x --block-size-in-tokens (16 unset); no pinned blocks, no verdict" {
	# sim B [S]: the sim bundle pins B blocks of S tokens
	sim() {
		local f=". , {kind: \"expect\", check: \"2a\", metric:
		    \"sim.total_kv_blocks\", value: $1, scope: {}, source:
		    {file: \"config.md\", line: 59}}"
		[ -z "${2:-}" ] || f="$f, {kind: \"expect\", check: \"2a\",
		    metric: \"sim.block_size_in_tokens\", value: $2, scope: {},
		    source: {file: \"config.md\", line: 40}}"
		echo "$f"
	}
	# 348736 tokens = 5449 blocks of 64 = 21796 of 16
	judge "$(sim 5449 64)"
	[ "$(v 5f kv_cache.sim_tokens)" = PASS ]
	judge "$(sim 21796)"
	[ "$(v 5f kv_cache.sim_tokens)" = PASS ]
	jqt 'select(.metric == "kv_cache.sim_tokens") | (.why |
	    test("21796 blocks \\(config.md:59\\) of 16 tokens \\(BLIS.s default")) and
	    .expected.value == 348736' "$OUT"
	# p3 holds 340000: (340000 - 348736) / 348736 = -2.5 %: WARN
	judge "$(sim 5449 64) | $(set_m kv_cache.tokens p3 340000)"
	[ "$(v 5f kv_cache.sim_tokens p3)" = WARN ]
	[ "$(v 5f kv_cache.sim_tokens p1)" = PASS ]
	# 6000 blocks of 64 = 384000: every pod -9.2 %, FAIL, while the
	# pods agree with each other (kv_cache.tokens PASS)
	judge "$(sim 6000 64)"
	[ "$(v 5f kv_cache.sim_tokens)" = FAIL ]
	[ "$(v 5f kv_cache.tokens)" = PASS ]
	jqt 'select(.metric == "kv_cache.sim_tokens") | (.diff.value * 100 |
	    round) == -918 and (.why | test("larger than the real one"))' "$OUT"
	judge '.'
	[ -z "$(v 5f kv_cache.sim_tokens)" ]
}
