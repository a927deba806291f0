#!/usr/bin/env bats
# s2r-verdict checks 2a-2d (lib/rules_config.c, rules_isolation.c,
# isopolicy.c) over hand-written records:
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

@test "2a: a value stated by some of the cell's logs says so, not every log" {
	judge '.'
	jqt 'select(.check == "2a" and .metric == "vllm.max_num_seqs" and
	    .scope.phase == "baseline") | .why | test("every log of the cell")' \
	    "$OUT"
	# one of the four logs lost its startup lines: 3 logs state it
	judge 'if .kind == "measure" and .check == "2a" and .metric ==
	    "vllm.max_num_seqs" and .scope.phase == "baseline" then .n = 3
	    else . end'
	[ "$(v 2a baseline vllm.max_num_seqs)" = PASS ]
	jqt 'select(.check == "2a" and .metric == "vllm.max_num_seqs" and
	    .scope.phase == "baseline") | .why |
	    test("3 of the cell.s 4 vLLM logs; the others state no value")' \
	    "$OUT"
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

@test "2a/5a: pods that disagree on a parameter config.md does not give: 2a FAIL, 5a WARN on the pods off the majority; a pod's address is no disagreement" {
	# baseline: p4 stores its KV cache in fp8, p1-p3 in auto; every pod's
	# KV-events topic names its own address
	# p2 alone sets --scheduling-policy, which vLLM logs only when set
	nd="from the 'non-default args' line (Python dict repr)"
	rec='{kind: "measure", scope: {phase: "baseline", workload: "w1"},
	    source: {file: "baseline/w1/server_logs/\($p)_vllm.log", line: 11}}'
	jq -c -n "
	    (range(1; 5) | \"p\(.)\" as \$p | $rec |
	     (.check = \"5a\" | .scope.instance = \$p |
	      ((.metric = \"vllm.kv_cache_dtype\" | .value = (if \$p == \"p4\" then \"fp8\" else \"auto\" end)),
	       (.metric = \"vllm.kv_events_config.topic\" | .value = \"kv@10.0.0.\(\$p[1:]):8000@m\"),
	       (.metric = \"vllm.max_num_seqs\" | .value = 256 | .source.how = \"$nd\"),
	       (if \$p == \"p2\" then .metric = \"vllm.scheduling_policy\" | .value = \"priority\" |
	        .source.how = \"$nd\" else empty end))),
	    (\"p2\" as \$p | $rec | .check = \"2a\" | .metric = \"vllm.scheduling_policy\" | .value = \"priority\" | .n = 1),
	     (.check = \"2a\" | .metric = \"vllm.kv_events_config.topic\" | .n = 1 |
	      .value = \"kv@10.0.0.\(\$p[1:]):8000@m\")),
	    (\"p1\" as \$p | $rec | .check = \"2a\" | .metric = \"vllm.kv_cache_dtype\" | .value = \"auto\" | .n = 3),
	    (\"p4\" as \$p | $rec | .check = \"2a\" | .metric = \"vllm.kv_cache_dtype\" | .value = \"fp8\" | .n = 1)" \
	    >"$BATS_TEST_TMPDIR/split.ndjson"
	cat "$BASE" "$BATS_TEST_TMPDIR/split.ndjson" >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2a,5a "$IN" >"$OUT"
	validate_records "$OUT"
	[ "$(v 2a baseline vllm.kv_cache_dtype)" = FAIL ]
	jqt 'select(.check == "2a" and .metric == "vllm.kv_cache_dtype") | .why |
	    test("disagree on vllm.kv_cache_dtype: auto in 3 logs .*; fp8 in 1 log \\(baseline/w1/server_logs/p4_vllm.log:11\\)\\. The sim bundle does not give")' "$OUT"
	# only p4 is off the majority
	[ "$(jq -r 'select(.check == "5a" and .metric == "vllm.kv_cache_dtype") |
	    [.scope.instance, .verdict] | join(" ")' "$OUT")" = "p4 WARN" ]
	jqt 'select(.check == "5a" and .metric == "vllm.kv_cache_dtype") | .why |
	    test("says vllm.kv_cache_dtype is fp8 .*, while 3 of the cell.s 4 logs say auto")' "$OUT"
	# a flag only one log's non-default args set: the others run the
	# default, which may be what the one set (a default resolved at
	# startup): WARN
	[ "$(v 2a baseline vllm.scheduling_policy)" = WARN ]
	jqt 'select(.check == "2a" and .metric == "vllm.scheduling_policy") | .why |
	    test("priority in 1 log .*; not stated in 3 logs whose non-default args leave it out, so vLLM.s default, which may or may not equal the value set")' "$OUT"
	[ "$(jq -r 'select(.check == "5a" and .metric == "vllm.scheduling_policy") |
	    [.scope.instance, .verdict] | join(" ")' "$OUT")" = "p2 WARN" ]
	jqt 'select(.check == "5a" and .metric == "vllm.scheduling_policy") | .why |
	    test("while 3 of the cell.s 4 logs leave it out of their non-default args")' "$OUT"
	# addresses masked: the topics are one setting, and the treatment
	# (no kv_cache_dtype records) has no such verdict
	[ "$(jq -s 'map(select(.metric == "vllm.kv_events_config.topic" and .kind == "verdict")) | length' "$OUT")" -eq 0 ]
	[ -z "$(v 2a treatment vllm.kv_cache_dtype)" ]
	# two against two: no majority, every pod WARN
	jq -c 'if .metric == "vllm.kv_cache_dtype" and .scope.instance == "p3" then .value = "fp8"
	    elif .metric == "vllm.kv_cache_dtype" and .check == "2a" then .n = 2 else . end' \
	    "$IN" >"$BATS_TEST_TMPDIR/tie.ndjson"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2a,5a "$BATS_TEST_TMPDIR/tie.ndjson" >"$OUT"
	[ "$(jq -r 'select(.check == "5a" and .metric == "vllm.kv_cache_dtype") | .verdict' "$OUT" | sort | uniq -c | awk '{print $1, $2}')" = "4 WARN" ]
	jqt 'select(.check == "5a" and .metric == "vllm.kv_cache_dtype") | .why | test("split without a majority")' "$OUT"
}

@test "2a, 5a: a config.md parameter some logs state and one log's non-default args leave out is WARN naming that pod" {
	nd="from the 'non-default args' line (Python dict repr)"
	rec='{kind: "measure", scope: {phase: "baseline", workload: "w1"},
	    source: {file: "baseline/w1/server_logs/\($p)_vllm.log", line: 11, how: "'"$nd"'"}}'
	# p1-p3 state max_num_seqs 256 (config.md's); p4's non-default args
	# (it has some: block_size) leave it out: it runs vLLM's default
	jq -c -n "
	    (range(1; 5) | \"p\(.)\" as \$p | $rec | .check = \"5a\" | .scope.instance = \$p |
	     ((.metric = \"vllm.block_size\" | .value = 64),
	      (if \$p != \"p4\" then .metric = \"vllm.max_num_seqs\" | .value = 256 else empty end)))" \
	    >"$BATS_TEST_TMPDIR/unset.ndjson"
	jq -c 'if .metric == "vllm.max_num_seqs" and .kind == "measure" and
	    .scope.phase == "baseline" then .n = 3 else . end' "$BASE" |
	    cat - "$BATS_TEST_TMPDIR/unset.ndjson" >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2a,2c,5a "$IN" >"$OUT"
	validate_records "$OUT"
	[ "$(v 2a baseline vllm.max_num_seqs)" = WARN ]
	jqt 'select(.check == "2a" and .metric == "vllm.max_num_seqs" and .scope.phase == "baseline") | .why |
	    test("256 in 3 logs .*; not stated in 1 log whose non-default args leave it out, so vLLM.s default, which may or may not equal the value set .* \\(instance p4\\)\\. The sim bundle says 256 \\(config.md:10\\)")' "$OUT"
	[ "$(jq -r 'select(.check == "5a" and .metric == "vllm.max_num_seqs") |
	    [.scope.instance, .verdict] | join(" ")' "$OUT")" = "p4 WARN" ]
	jqt 'select(.check == "5a" and .metric == "vllm.max_num_seqs") | .why |
	    test("Instance p4.s non-default args leave vllm.max_num_seqs out, so it runs vLLM.s default, while 3 of the cell.s 4 logs state a value; config.md says 256")' "$OUT"
	# p4 has its WARN, not also a vllm.args PASS; its siblings PASS
	[ "$(jq -r 'select(.check == "5a" and .metric == "vllm.args" and .scope.phase == "baseline") | .scope.instance' "$OUT" | sort | tr '\n' ' ')" = "p1 p2 p3 " ]
	# the treatment, every log stating it: PASS as before
	[ "$(v 2a treatment vllm.max_num_seqs)" = PASS ]
	# 2c: the baseline arm may not be one configuration, seen from both
	# arms: WARN (the default may equal 256), the arms still compared
	[ "$(v 2c baseline arms.vllm)" = WARN ]
	[ "$(v 2c treatment arms.vllm)" = WARN ]
	jqt 'select(.check == "2c" and .metric == "arms.vllm") | .why |
	    test("baseline/w1.s pods split on vllm.max_num_seqs: 256 in 3 logs \\(.*\\), left out of the non-default args of 1 log")' "$OUT"
}

@test "2a: an engine setting config.md does not give that every pod runs off vLLM's default (enforce_eager true) is WARN; at the default, nothing" {
	eng="the 'Initializing a V1 LLM engine ... with config:' line"
	judge "., (if .metric == \"vllm.model\" and .kind == \"measure\" then
	    (.metric = \"vllm.enforce_eager\" | .value = (.scope.phase == \"baseline\") |
	     .source.how = \"$eng\"),
	    (.metric = \"vllm.kv_cache_dtype\" | .value = \"auto\"),
	    (.metric = \"vllm.quantization\" | .value = null) else empty end)"
	[ "$(v 2a baseline vllm.enforce_eager)" = WARN ]
	jqt 'select(.check == "2a" and .metric == "vllm.enforce_eager") | .why |
	    test("does not give vllm.enforce_eager; the cell.s pods all run true \\(baseline/w1/server_logs/p1_vllm.log:11, every log of the cell\\), not vLLM.s default false")' "$OUT"
	# false, auto and null are the defaults: no verdict
	[ -z "$(v 2a treatment vllm.enforce_eager)" ]
	[ -z "$(v 2a baseline vllm.kv_cache_dtype)" ] && [ -z "$(v 2a baseline vllm.quantization)" ]
	# config.md giving it: compared as any parameter (PASS)
	judge "., (if .metric == \"vllm.model\" then
	    (.metric = \"vllm.enforce_eager\" | .value = true) else empty end)"
	[ "$(v 2a baseline vllm.enforce_eager)" = PASS ]
}

@test "2a: data-parallel engines per pod config.md does not give (every pod at 2) is WARN; at 1, nothing; config.md's bfloat16 is the engine's torch.bfloat16" {
	judge "., (if .metric == \"vllm.model\" and .kind == \"measure\" then
	    (.metric = \"vllm.data_parallel_size\" | .value = (if .scope.phase == \"baseline\" then 2 else 1 end)),
	    (.metric = \"vllm.dtype\" | .value = \"torch.bfloat16\")
	    elif .metric == \"vllm.model\" then (.metric = \"vllm.dtype\" | .value = \"bfloat16\")
	    else empty end)"
	[ "$(v 2a baseline vllm.data_parallel_size)" = WARN ]
	jqt 'select(.check == "2a" and .metric == "vllm.data_parallel_size") | .why |
	    test("does not give vllm.data_parallel_size; the cell.s pods all run 2 .*not vLLM.s default 1 \\(one engine per pod\\)")' "$OUT"
	[ -z "$(v 2a treatment vllm.data_parallel_size)" ]
	[ "$(v 2a baseline vllm.dtype)" = PASS ] && [ "$(v 2a treatment vllm.dtype)" = PASS ]
	# another dtype is another
	judge "., (if .metric == \"vllm.model\" and .kind == \"measure\" then
	    (.metric = \"vllm.dtype\" | .value = \"torch.float16\")
	    elif .metric == \"vllm.model\" then (.metric = \"vllm.dtype\" | .value = \"bf16\")
	    else empty end)"
	[ "$(v 2a baseline vllm.dtype)" = FAIL ]
}

@test "2a, 5a: block_size left out of every log, the router's metrics of the pods say another: FAIL naming them; the same size: the usual WARN" {
	# every pod's log has non-default args (max_num_seqs) without
	# block_size; the EPP reports each pod's CacheBlockSize
	mk() {
		jq -c -n --arg bs "$1" '
		    range(1; 5) | "p\(.)" as $p | {kind: "measure", scope: {phase: "baseline",
		    workload: "w1", instance: $p}} |
		    (.check = "5a" | .metric = "vllm.max_num_seqs" | .value = 256 |
		     .source = {file: "baseline/w1/server_logs/\($p)_vllm.log", line: 11,
		     how: "from the '"'"'non-default args'"'"' line (Python dict repr)"}),
		    (.check = "5g" | .metric = "epp.pod.cache_block_size" | .value = ($bs | tonumber) |
		     .unit = "tokens" | .source = {file: "baseline/w1/epp_logs/epp.log", line: 3}) '
		jq -c -n '{kind: "expect", check: "2a", metric: "vllm.block_size", value: 64,
		    unit: "tokens", scope: {}, source: {file: "config.md", line: 12}}'
		cat "$BASE"
	}
	mk 16 >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2a,5a "$IN" >"$OUT"
	validate_records "$OUT"
	[ "$(v 2a baseline vllm.block_size)" = FAIL ]
	jqt 'select(.check == "2a" and .metric == "vllm.block_size" and .scope.phase == "baseline") | .why |
	    test("The sim bundle says 64 \\(config.md:12\\).* router.s metrics .*: p1 16 \\(baseline/w1/epp_logs/epp.log:3\\); p2 16 .*; p4 16 .*\\. They ran vLLM.s default block size")' "$OUT"
	[ "$(jq -r 'select(.check == "5a" and .metric == "vllm.block_size") | [.scope.instance, .verdict] | join(" ")' "$OUT" | tr '\n' ' ')" = \
	    "p1 FAIL p2 FAIL p3 FAIL p4 FAIL " ]
	# the router says 64: no evidence against config.md, the WARN stands
	mk 64 >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2a,5a "$IN" >"$OUT"
	[ "$(v 2a baseline vllm.block_size)" = WARN ]
	[ -z "$(jq -r 'select(.check == "5a" and .metric == "vllm.block_size") | .verdict' "$OUT")" ]
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
	    .scope.phase == "treatment" then .value = 3 | .n = 3 else . end'
	[ "$(v 2b baseline instances.count)" = PASS ]
	[ "$(v 2b treatment instances.count)" = FAIL ]
	jqt 'select(.check == "2b" and .scope.phase == "treatment") |
	    .diff.value == -1 and .expected.value == 4' "$OUT"
	[ "$(v 2c treatment arms.instances)" = FAIL ]
	judge 'select(.metric != "instances.count" or .kind == "measure")'
	[ "$(v 2b baseline instances.count)" = MISSING ]
	# one file holding several pods' logs (kubectl logs -l): counted as
	# its pods, a WARN naming it even when the count agrees
	judge 'if .metric == "instances.count" and .kind == "measure" and
	    .scope.phase == "baseline" then .merged = [{file: "baseline/w1/server_logs/all_vllm.log",
	    pods: 3, line: 900}] | .n = (.n - 2) else . end'
	[ "$(v 2b baseline instances.count)" = WARN ]
	jqt 'select(.check == "2b" and .scope.phase == "baseline") | (.why |
	    test("all_vllm.log holds the vLLM logs of 3 pods \\(its workers start on 3 pod addresses, the second at line 900\\)")) and
	    (.action | test("kubectl logs POD"))' "$OUT"
}

@test "2b: the simulation ran another --num-instances than the pod count the logs confirm: FAIL; with data-parallel pods only a WARN" {
	sim='if .metric == "instances.count" and .kind == "expect" then ., (.metric = "sim.num_instances" | .value = 2 | .source.line = 48) else . end'
	judge "$sim"
	[ "$(v 2b baseline instances.count)" = FAIL ]
	jqt 'select(.check == "2b" and .scope.phase == "baseline") |
	    .expected.value == 4 and .actual.value == 4 and
	    (.why | test("The simulation ran --num-instances 2: it differs from the sim bundle.s pod count\\. The 4 server logs confirm the pod count: the simulation modelled 2 instances where 4 served the run\\.")) and
	    (.action | test("--num-instances"))' "$OUT"
	# the pods run 2 data-parallel engines each: a sim instance may be one
	judge "$sim, (if .metric == \"instances.count\" and .kind == \"measure\" then
	    .metric = \"vllm.data_parallel_size\" | .check = \"2a\" | .value = 2 | del(.n) else empty end)"
	[ "$(v 2b baseline instances.count)" = WARN ]
	jqt 'select(.check == "2b" and .scope.phase == "baseline") |
	    .why | test("2 data-parallel engines each")' "$OUT"
}

@test "2b: a log that never served (idle: no stats line, no request) is no serving instance: the count without it FAILs naming it" {
	judge 'if .metric == "instances.count" and .kind == "measure" and
	    .scope.phase == "treatment" then .idle = ["server_logs/p4_vllm.log"] else . end'
	[ "$(v 2b baseline instances.count)" = PASS ]
	[ "$(v 2b treatment instances.count)" = FAIL ]
	jqt 'select(.check == "2b" and .scope.phase == "treatment") | .diff.value == -1 and
	    (.why | test("found 4 server logs .* 1 of them \\(server_logs/p4_vllm.log\\) holds no stats line and no request where the others served: a pod that crashed at startup or got no traffic, so 3 served the run"))' "$OUT"
}

@test "2b: as many log files as instances expected, one without vLLM lines: WARN (a pod that never started, or a log not collected), and 2c WARN" {
	judge 'if .metric == "instances.count" and .kind == "measure" and
	    .scope.phase == "treatment" then .value = 3 | .n = 4 else . end'
	[ "$(v 2b treatment instances.count)" = WARN ]
	jqt 'select(.check == "2b" and .scope.phase == "treatment") | .diff.value == -1 and
	    (.why | test("found 3 server logs .* 1 more log file holds no vLLM line: a pod that never started .* a log that was not collected hides one"))' "$OUT"
	[ "$(v 2c treatment arms.instances)" = WARN ]
	jqt 'select(.metric == "arms.instances" and .scope.phase == "treatment") |
	    .why | test("holds no vLLM line .* may not be the arms")' "$OUT"
	# five files, three with vLLM lines: more files than pods, still FAIL
	judge 'if .metric == "instances.count" and .kind == "measure" and
	    .scope.phase == "treatment" then .value = 3 | .n = 5 else . end'
	[ "$(v 2b treatment instances.count)" = FAIL ]
}

@test "2b: a log file left out as a copy of another: the count without it, WARN naming both" {
	judge 'if .metric == "instances.count" and .kind == "measure" and
	    .scope.phase == "treatment" then .copies = [{file: "server_logs/d_vllm.log",
	    of: "server_logs/p1_vllm.log"}] else . end'
	[ "$(v 2b baseline instances.count)" = PASS ]
	[ "$(v 2b treatment instances.count)" = WARN ]
	jqt 'select(.check == "2b" and .scope.phase == "treatment") | .diff.value == 0 and
	    (.why | test("1 log file is left out as a copy of another: server_logs/d_vllm.log is the start of server_logs/p1_vllm.log")) and
	    (.action | test("remove the copy"))' "$OUT"
	[ "$(v 2c treatment arms.instances)" = PASS ]
}

@test "2b run mode: no server logs, but the PipelineRun deployed another replica count than the arm's scenario: FAIL naming both; the same count stays MISSING" {
	dep='{kind: "expect", check: "2a", metric: "config.deployed", value: 1,
	    unit: "count", n: 10, scope: {phase: "baseline", workload: "w1"},
	    values: [{metric: "instances.count",
	      sim: {value: 4, source: {file: "baselines/base.yaml", line: 19}},
	      run: {value: 2, source: {file: "cluster/pipelinerun-w1-baseline.yaml", line: 17}}}],
	    source: {file: "cluster/pipelinerun-w1-baseline.yaml", line: 17}}'
	nologs='if .metric == "logs.present.server_logs" and .scope.phase ==
	    "baseline" then .value = false else . end |
	    select(.kind != "measure" or .scope.phase != "baseline" or
	    .metric == "logs.present.server_logs" or .scope.workload == null)'
	judge "($nologs), (if .metric == \"vllm.model\" and .kind == \"expect\" then $dep else empty end)"
	[ "$(v 2b baseline instances.count)" = FAIL ]
	[ -z "$(v 2b baseline logs.present.server_logs)" ]
	jqt 'select(.check == "2b" and .scope.phase == "baseline") |
	    .diff.value == -2 and .expected.value == 4 and .actual.value == 2 and
	    (.why | test("deployed 2 vLLM replicas \\(cluster/pipelinerun-w1-baseline.yaml:17\\) where the sim bundle.s scenario for the arm has 4 \\(baselines/base.yaml:19\\)"))' "$OUT"
	# another parameter differs, the replicas agree: the count still cannot be read
	judge "($nologs), (if .metric == \"vllm.model\" and .kind == \"expect\" then
	    $dep | .values[0].metric = \"vllm.max_num_seqs\" else empty end)"
	[ "$(v 2b baseline logs.present.server_logs)" = MISSING ]
	[ -z "$(v 2b baseline instances.count)" ]
}

@test "2b: the PipelineRun split the pods into prefill and decode otherwise than the arm's scenario: FAIL whatever the count, with or without server logs" {
	# 3 aggregated pods simulated; 2 decode + 1 prefill deployed
	dep='{kind: "expect", check: "2a", metric: "config.deployed", value: 1,
	    unit: "count", n: 10, scope: {phase: "treatment", workload: "w1"},
	    values: [{metric: "instances.prefill",
	      sim: {value: 0, source: {file: "baselines/base.yaml", line: 19}},
	      run: {value: 1, source: {file: "cluster/pipelinerun-w1-treatment.yaml", line: 17}}}],
	    source: {file: "cluster/pipelinerun-w1-treatment.yaml", line: 17}}'
	judge ". , (if .metric == \"vllm.model\" and .kind == \"expect\" then $dep else empty end)"
	# the logs count the expected pods: the split still FAILs
	[ "$(v 2b baseline instances.count)" = PASS ]
	[ "$(v 2b treatment instances.count)" = FAIL ]
	jqt 'select(.check == "2b" and .scope.phase == "treatment") |
	    .diff.value == 1 and .expected.value == 0 and .actual.value == 1 and
	    (.why | test("deployed 1 prefill-only vLLM replica \\(cluster/pipelinerun-w1-treatment.yaml:17\\) where the sim bundle.s scenario for the arm has 0 \\(baselines/base.yaml:19\\): the arm ran disaggregated")) and
	    (.action | test("prefill and decode replicas"))' "$OUT"
	# the other way round: the sim's prefill pod deployed as aggregated
	judge ". , (if .metric == \"vllm.model\" and .kind == \"expect\" then
	    $dep | .values[0].sim.value = 1 | .values[0].run.value = 0 else empty end)"
	[ "$(v 2b treatment instances.count)" = FAIL ]
	jqt 'select(.check == "2b" and .scope.phase == "treatment") |
	    .why | test("deployed 0 prefill-only vLLM replicas .* has 1 .*split prefill and decode over other pods")' "$OUT"
}

@test "2b: a log file that is the end of another (kubectl logs --tail) is a copy: left out, WARN naming the line it begins at" {
	judge 'if .metric == "instances.count" and .kind == "measure" and
	    .scope.phase == "treatment" then .copies = [{file: "server_logs/d_vllm.log",
	    of: "server_logs/p1_vllm.log", line: 2490}] else . end'
	[ "$(v 2b treatment instances.count)" = WARN ]
	jqt 'select(.check == "2b" and .scope.phase == "treatment") | .diff.value == 0 and
	    (.why | test("server_logs/d_vllm.log is server_logs/p1_vllm.log from its line 2490 on \\(the same container.s log collected twice: .*kubectl logs --tail"))' "$OUT"
}

# stamps COUNT STAMP...: the baseline cell's trace sent from 04-23
# 14:17:00 to 14:18:40 UTC; its server_logs hold COUNT logs, pod pK's stats
# lines stamped by the K-th STAMP ("MM-DD"), from HH 14:16:50 to 14:20:10.
stamps() {
	local n=$1 k=0 recs=""

	shift
	for d in "$@"; do
		k=$((k + 1))
		recs="$recs, (\$r | .scope.instance = \"p$k\" |
		    (.metric = \"stats.first_stamp\" | .value = \"$d 14:16:50\"),
		    (.metric = \"stats.last_stamp\" | .value = \"$d 14:20:10\"))"
	done
	judge "if .metric == \"instances.count\" and .kind == \"measure\" and
	    .scope.phase == \"baseline\" then .value = $n else . end,
	    (if .metric == \"logs.present.server_logs\" and .scope.phase ==
	    \"baseline\" then {kind: \"measure\", check: \"5b\", scope: .scope,
	    source: {file: \"baseline/w1/server_logs/x_vllm.log\", line: 60}} as \$r |
	    (\$r | .metric = \"send_time_us.min\" | .value = 1776953820000000 | .unit = \"us\"),
	    (\$r | .metric = \"send_time_us.max\" | .value = 1776953920000000 | .unit = \"us\")
	    $recs else empty end)"
}

@test "2b: server logs of another run beside this run's are no instance of it: set aside and WARN; all of them WARN; a wrong count still FAIL" {
	# a rerun into the same folder: p5 and p6 are the first attempt's
	stamps 6 04-23 04-23 04-23 04-23 04-21 04-21
	[ "$(v 2b baseline instances.count)" = WARN ]
	jqt 'select(.check == "2b" and .scope.phase == "baseline") | .diff.value == 0 and
	    (.why | test("found 6 server logs .* 2 of them \\(p5, p6\\) are of another run: .*5b log.window\\), so this run had 4\\."))' "$OUT"
	# the arms then ran as many instances
	[ "$(v 2c baseline arms.instances)" = PASS ]
	jqt 'select(.metric == "arms.instances" and .scope.phase == "baseline") |
	    .why | test("ran 4 instances .* not counting server logs of another run")' "$OUT"
	# every log of this run: PASS
	stamps 4 04-23 04-23 04-23 04-23
	[ "$(v 2b baseline instances.count)" = PASS ]
	# every log of another run: the count is that run's, not this one's
	stamps 4 04-21 04-21 04-21 04-21
	[ "$(v 2b baseline instances.count)" = WARN ]
	jqt 'select(.check == "2b" and .scope.phase == "baseline") | .why |
	    test("Every one of them is of another run.*cannot be read")' "$OUT"
	[ "$(v 2c baseline arms.instances)" = PASS ]
	# three of this run beside two of another: FAIL, the count is this run's
	stamps 5 04-23 04-23 04-23 04-21 04-21
	[ "$(v 2b baseline instances.count)" = FAIL ]
	jqt 'select(.check == "2b" and .scope.phase == "baseline") | .diff.value == -1' "$OUT"
	[ "$(v 2c baseline arms.instances)" = FAIL ]
}

@test "2c: the policy under test is the only difference: PASS with the diff" {
	judge '.'
	jqt 'select(.check == "2c" and .metric == "arms.epp" and
	    .scope.phase == "treatment") | .verdict == "PASS" and
	    .actual.value == "plugins added adm" and
	    (.why | test("policy under test"))' "$OUT"
}

@test "2c: a difference the declared arms do not make is FAIL" {
	judge 'if .kind == "diff" and .section == "schedulingProfiles" then
	    .value = "differs" | .changes = [{op: "changed", item:
	    "default/qd", path: "weight", a: {value: 2, file:
	    "generated/baseline_config.yaml", line: 12}, b: {value: 5, file:
	    "generated/treatment_config.yaml", line: 12}}] else . end'
	[ "$(v 2c treatment arms.epp)" = FAIL ]
	jqt 'select(.check == "2c" and .metric == "arms.epp" and
	    .scope.phase == "treatment") | (.why | test("Beyond the policy under test \\(the declared configs do not differ there\\): schedulingProfiles changed default/qd.weight \\(2 . 5\\)")) and .action != null' "$OUT"
	# declared with other weights, the weight change is the policy
	ch='[{op: "changed", item: "default/qd", a: {value: 2, file:
	    "generated/baseline_config.yaml", line: 12}, b: {value: 5, file:
	    "generated/treatment_config.yaml", line: 12}}]'
	judge "if .kind == \"diff\" and .section == \"schedulingProfiles\" then
	    .value = \"differs\" | .changes = $ch else . end |
	    if .kind == \"expect\" and .metric == \"epp.scorer.weight\" and
	    .scope.phase == \"treatment\" then .value = 5 else . end"
	[ "$(v 2c treatment arms.epp)" = PASS ]
	# declared as removed in the treatment, deployed as a changed weight:
	# not the difference the declarations make
	judge "if .kind == \"diff\" and .section == \"schedulingProfiles\" then
	    .value = \"differs\" | .changes = $ch else . end |
	    select(.kind != \"expect\" or .scope.phase != \"treatment\" or
	    .metric != \"epp.scorer.weight\")"
	[ "$(v 2c treatment arms.epp)" = FAIL ]
}

@test "2c: no per-arm EPP configs: a plugin type one arm has is the policy (PASS), a shared scorer's weight a confound (FAIL)" {
	judge 'select(.kind != "expect" or (.metric | startswith("epp.") | not))'
	[ "$(v 2c treatment arms.epp)" = PASS ]
	jqt 'select(.check == "2c" and .metric == "arms.epp" and
	    .scope.phase == "treatment") | (.why | test("plugins whose type is in one arm only")) and
	    (.expected.value | test("gives no EPP config per arm"))' "$OUT"
	judge 'select(.kind != "expect" or (.metric | startswith("epp.") | not)) |
	    if .kind == "diff" and .section == "schedulingProfiles" then
	    .value = "differs" | .changes = [{op: "changed", item:
	    "default/qd", a: {value: 2, file: "generated/baseline_config.yaml",
	    line: 12}, b: {value: 3, file: "generated/treatment_config.yaml",
	    line: 12}}] else . end'
	[ "$(v 2c treatment arms.epp)" = FAIL ]
	jqt 'select(.check == "2c" and .metric == "arms.epp" and
	    .scope.phase == "treatment") | (.why | test("plugins added adm\\.")) and
	    (.why | test("Beyond the policy under test .*weight of a plugin both arms have.*: schedulingProfiles changed default/qd \\(2 . 3\\)"))' "$OUT"
}

@test "2c: one arm declared: its whole items as deployed are the policy, a shared plugin's parameter is not" {
	# the treatment alone declares flowControl.maxRequests, and has it
	fc='{kind: "expect", check: "2d", metric: "epp.flow_control", key:
	    "maxRequests", value: 10, scope: {phase: "treatment"}, source:
	    {file: "README.md", line: 60}}'
	ch='{op: "added", item: "maxRequests", b: {value: 10, file:
	    "generated/treatment_config.yaml", line: 20}}'
	judge "select(.kind != \"expect\" or .scope.phase != \"baseline\"),
	    (if .kind == \"measure\" and .metric == \"epp.plugin\" and .key ==
	    \"adm\" then ($fc | .kind = \"measure\" | .source.file =
	    \"generated/treatment_config.yaml\"), $fc else empty end),
	    (if .kind == \"diff\" and .section == \"plugins\" then
	    .section = \"flowControl\" | .changes = [$ch] else empty end)"
	[ "$(v 2c treatment arms.epp)" = PASS ]
	jqt 'select(.check == "2c" and .metric == "arms.epp" and
	    .scope.phase == "treatment") | (.why | test("flowControl added maxRequests")) and
	    (.why | test("EPP config of treatment \\(config.md:45\\) as deployed"))' "$OUT"
	# the same change, but the parameter of a plugin both arms have
	judge 'select(.kind != "expect" or .scope.phase != "baseline") |
	    if .kind == "diff" and .section == "plugins" then .changes =
	    [{op: "added", item: "qd", path: "parameters.lookback", b: {value:
	    5, file: "generated/treatment_config.yaml", line: 6}}] else . end'
	[ "$(v 2c treatment arms.epp)" = FAIL ]
}

@test "2c: identical deployed arms when the declared arms differ: FAIL" {
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
	jqt 'select(.check == "2c") | .why | test("only this one")' "$OUT"
	[ "$(jq -s 'map(select(.check == "2c")) | length' "$OUT")" -eq 1 ]
}

@test "2c: arms that ran other workloads are still compared, and the missing counterpart is MISSING" {
	judge 'if .kind == "measure" and .scope.phase == "treatment" and
	    .scope.workload == "w1" then .scope.workload = "w2" |
	    if .metric == "instances.count" then .value = 3 | .n = 3 else . end
	    else . end'
	[ "$(v 2c baseline arms.cell)" = MISSING ]
	[ "$(v 2c treatment arms.cell)" = MISSING ]
	[ "$(v 2c baseline arms.instances)" = FAIL ]
	[ "$(v 2c baseline arms.vllm)" = PASS ]
	[ "$(v 2c baseline arms.kv)" = PASS ]
	jqt 'select(.check == "2c" and .scope.phase == "baseline" and
	    .metric == "arms.cell") | .why | test("Arm treatment has no cell") and
	    test("it ran treatment/w2")' "$OUT"
	jqt 'select(.check == "2c" and .scope.phase == "baseline" and
	    .metric == "arms.instances") | (.why | test("treatment/w2 .*ran no w1 cell"))
	    and .diff.value == 1' "$OUT"
}

@test "2c: an arm whose pods disagree is not one configuration: FAIL in both arms" {
	judge '., (if .metric == "vllm.max_num_seqs" and .kind == "measure" and
	    .scope.phase == "baseline" then .value = 128 | .n = 1 |
	    .source.file = "baseline/w1/server_logs/p4_vllm.log" else empty end)'
	[ "$(v 2c baseline arms.vllm)" = FAIL ]
	[ "$(v 2c treatment arms.vllm)" = FAIL ]
	jqt 'select(.check == "2c" and .metric == "arms.vllm") | .why |
	    test("baseline/w1.s pods disagree on vllm.max_num_seqs: 256 in 4 logs .*, 128 in 1 log \\(baseline/w1/server_logs/p4_vllm.log:11\\)")' "$OUT"
}

@test "2c: values that differ only by pod address are one configuration; one stated by one arm only is WARN" {
	topic='{kind: "measure", check: "2a", metric: "vllm.kv_events_config.topic",
	    n: 1, scope: {phase: .scope.phase, workload: "w1"}, source:
	    .source}'
	judge "., (if .metric == \"vllm.model\" and .kind == \"measure\" then
	    ($topic | .value = \"kv@10.130.5.91:8000@m\"),
	    ($topic | .value = (\"kv@10.129.\" + (.scope.phase | length |
	    tostring) + \".7:8000@m\")) else empty end)"
	[ "$(v 2c baseline arms.vllm)" = PASS ]
	jqt 'select(.check == "2c" and .metric == "arms.vllm") | .why |
	    test("3 parameters equal \\(1 of them once pod names and addresses are set aside")' "$OUT"
	judge '., (if .metric == "vllm.model" and .kind == "measure" and
	    .scope.phase == "treatment" then .metric = "vllm.enforce_eager" |
	    .value = true else empty end)'
	[ "$(v 2c treatment arms.vllm)" = WARN ]
	jqt 'select(.check == "2c" and .metric == "arms.vllm" and
	    .scope.phase == "treatment") | (.why | test("stated in one arm only")) and
	    (.actual.value | test("vllm.enforce_eager \\(not stated\\) . true"))' "$OUT"
}

@test "2c: KV capacity across arms: within 1% PASS, 5% WARN, beyond FAIL; a cell without logs MISSING once" {
	for t in 199000:PASS 205000:WARN 230000:FAIL; do
		judge "if .metric == \"kv_cache.tokens\" and .scope.phase ==
		    \"treatment\" then .value = ${t%:*} else . end"
		[ "$(v 2c treatment arms.kv)" = "${t#*:}" ]
	done
	# 230000 against 198208: +16.04 %, computed independently
	want=$(python3 -c 'print(round((230000 - 198208) / 198208 * 100, 2))')
	jqt "select(.check == \"2c\" and .metric == \"arms.kv\" and
	    .scope.phase == \"treatment\") | (.diff.value * 100 | round) / 100 == $want
	    and .expected.value == 198208 and .actual.n == 1" "$OUT"
	judge 'select(.kind != "measure" or .scope.phase != "baseline" or
	    .scope.workload == null or .metric == "logs.present.server_logs") |
	    if .metric == "logs.present.server_logs" and .scope.phase ==
	    "baseline" then .value = false else . end'
	[ "$(v 2c baseline arms.vllm)" = MISSING ]
	[ "$(v 2c baseline arms.instances)" = MISSING ]
	[ "$(v 2c treatment arms.vllm)" = MISSING ]
	jqt 'select(.check == "2c" and .metric == "arms.vllm" and
	    .scope.phase == "treatment") | .why | test("of baseline/w1, so")' "$OUT"
}

@test "2c arms.workload: the arms' trace headers' seed and warm-up: equal PASS, another seed or a warm-up in one arm only FAIL naming both; unstated in one arm, no verdict" {
	# s2r-trace-stats' header records (trace_header.yaml), one per cell
	hdr='{kind: "measure", check: "1a", scope: .scope, source: {file:
	    (.scope.phase + "/" + .scope.workload + "/trace_header.yaml")}}'
	add=". , (if .metric == \"instances.count\" and .kind == \"measure\"
	    then ($hdr | .metric = \"workload.seed\" | .value = 42 |
	    .source.line = 6 | .source.field = \"workload_seed\"),
	    ($hdr | .metric = \"warm_up.requests\" | .value = 0 | .unit =
	    \"count\" | .source.line = 5 | .source.field = \"warm_up_requests\")
	    else empty end)"
	judge "$add"
	[ "$(v 2c baseline arms.workload)" = PASS ]
	[ "$(v 2c treatment arms.workload)" = PASS ]
	judge "$add | if .metric == \"workload.seed\" and .scope.phase ==
	    \"treatment\" then .value = 7 else . end"
	[ "$(v 2c baseline arms.workload)" = FAIL ]
	[ "$(v 2c treatment arms.workload)" = FAIL ]
	jqt 'select(.check == "2c" and .metric == "arms.workload" and
	    .scope.phase == "treatment") | .expected.value == 42 and
	    .actual.value == 7 and (.why | test("workload_seed 7 \\(treatment/w1/trace_header.yaml:6\\) against 42 \\(baseline/w1/trace_header.yaml:6\\)"))
	    and (.action | test("more than the policy"))' "$OUT"
	judge "$add | if .metric == \"warm_up.requests\" and .scope.phase ==
	    \"baseline\" then .value = 200 else . end"
	[ "$(v 2c treatment arms.workload)" = FAIL ]
	jqt 'select(.check == "2c" and .metric == "arms.workload") | .why |
	    test("warm_up_requests") and test("cold-cache")' "$OUT"
	judge "$add | select(.metric != \"workload.seed\" and
	    .metric != \"warm_up.requests\" or .scope.phase != \"treatment\")"
	[ -z "$(v 2c baseline arms.workload)" ]
}

@test "2a: the GPU from gpu_logs: the same part PASS, another FAIL, an unknown name WARN, none INAPPLICABLE" {
	gpu='{kind: "measure", check: "5h", metric: "gpu.name", scope:
	    {phase: .scope.phase, workload: "w1", instance: "node-1", device:
	    "0"}, source: {file: (.scope.phase + "/w1/gpu_logs/node-1.log"),
	    line: 10, field: "Name"}}'
	hw='{kind: "expect", check: "2a", metric: "vllm.hardware", value:
	    "H100-SXM-80GB", scope: {}, source: {file: "config.md", line: 9}}'
	judge "., (if .metric == \"instances.count\" and .kind == \"measure\"
	    then ($gpu | .value = (if .scope.phase == \"baseline\" then
	    \"NVIDIA H100 80GB HBM3\" else \"NVIDIA A100-SXM4-80GB\" end))
	    else empty end), (if .metric == \"vllm.model\" and .kind ==
	    \"expect\" then $hw else empty end)"
	[ "$(v 2a baseline vllm.hardware)" = PASS ]
	[ "$(v 2a treatment vllm.hardware)" = FAIL ]
	jqt 'select(.check == "2a" and .metric == "vllm.hardware" and
	    .scope.phase == "treatment") | (.why | test("config.md:9: model H100, 80 GB, SXM")) and
	    (.why | test("NVIDIA A100-SXM4-80GB \\(treatment/w1/gpu_logs/node-1.log:10: model A100, 80 GB, SXM\\)"))
	    and .actual.source.field == "Name" and .action != null' "$OUT"
	# a GPU config.md leaves to confirm names no model: WARN, not FAIL
	judge "., (if .metric == \"instances.count\" and .kind == \"measure\"
	    then ($gpu | .value = \"NVIDIA H100 80GB HBM3\") else empty end),
	    (if .metric == \"vllm.model\" and .kind == \"expect\" then
	    ($hw | .value = \"CONFIRM\") else empty end)"
	[ "$(v 2a baseline vllm.hardware)" = WARN ]
	jqt 'select(.metric == "vllm.hardware") | .why | test("by hand")' "$OUT"
	judge "., (if .metric == \"vllm.model\" and .kind == \"expect\" then
	    $hw else empty end)"
	[ "$(v 2a baseline vllm.hardware)" = INAPPLICABLE ]
	jqt 'select(.metric == "vllm.hardware") | .why | test("no gpu_logs")' "$OUT"
	# no gpu_logs, but the FlashAttention version the pods chose: FA2
	# under config.md's Hopper GPU is WARN, FA3 says nothing against it
	fa='{kind: "measure", check: "2a", metric: "vllm.flash_attn_version",
	    n: 4, scope: {phase: .scope.phase, workload: "w1"}, source:
	    {file: (.scope.phase + "/w1/server_logs/p1_vllm.log"), line: 22}}'
	judge "., (if .metric == \"vllm.model\" and .kind == \"expect\" then
	    $hw else empty end), (if .metric == \"vllm.model\" and .kind ==
	    \"measure\" then ($fa | .value = (if .scope.phase == \"baseline\"
	    then 2 else 3 end)) else empty end)"
	[ "$(v 2a baseline vllm.hardware)" = WARN ]
	jqt 'select(.metric == "vllm.hardware" and .scope.phase == "baseline") | .why |
	    test("H100, a Hopper\\); the cell has no gpu_logs, but its vLLM logs say FlashAttention version 2 \\(baseline/w1/server_logs/p1_vllm.log:22, every log of the cell\\), which vLLM runs on other GPUs than Hopper")' "$OUT"
	[ "$(v 2a treatment vllm.hardware)" = INAPPLICABLE ]
}

@test "2d: a deployed item given twice is FAIL, the same record repeated is not" {
	# the same record twice (s2r-expect repeats s2r-config's): one item
	judge '., (select(.kind == "measure" and
	    .metric == "epp.scorer.weight" and .scope.phase == "baseline"))'
	[ "$(v 2d baseline epp.config)" = PASS ]
	# the profile lists a scorer a second time, further down
	judge '., (select(.kind == "measure" and
	    .metric == "epp.scorer.weight" and .scope.phase == "baseline") |
	    .value = 5 | .source.line += 20)'
	[ "$(v 2d baseline epp.scorer.weight)" = FAIL ]
	jqt 'select(.check == "2d" and .scope.phase == "baseline" and
	    .verdict == "FAIL") | (.why | test("given twice in the deployed config: 2 \\(generated/baseline_config.yaml:[0-9]+\\) and again 5")) and
	    .actual.value == 5' "$OUT"
}

@test "2d: a plugin parameter deployed in another case is the same field (Go's encoding/json), its value still judged" {
	par='{check: "4c", metric: "epp.plugin.parameter", scope: {phase: "baseline"}}'
	exp="$par + {kind: \"expect\", key: \"adm.sheddableShedStart\", value: 0.05, source: {file: \"config.md\", line: 40}}"
	dep="$par + {kind: \"measure\", key: \"adm.SheddableShedStart\", value: 0.05, source: {file: \"generated/baseline_config.yaml\", line: 30}}"
	judge ".,(if .metric == \"epp.scorer.weight\" and .kind == \"expect\" and .scope.phase == \"baseline\" then ($exp), ($dep) else empty end)"
	[ "$(v 2d baseline epp.config)" = PASS ]
	[ -z "$(v 2d baseline epp.plugin.parameter)" ]
	# the same field, another value: one FAIL naming both, not two absences
	judge ".,(if .metric == \"epp.scorer.weight\" and .kind == \"expect\" and .scope.phase == \"baseline\" then ($exp), ($dep | .value = 0.5) else empty end)"
	[ "$(v 2d baseline epp.plugin.parameter)" = FAIL ]
	[ "$(jq -c 'select(.check == "2d" and .metric == "epp.plugin.parameter")' "$OUT" | wc -l)" -eq 1 ]
	jqt 'select(.check == "2d" and .metric == "epp.plugin.parameter") | .why | test("config.md says 0.05 .*, the deployed config 0.5")' "$OUT"
	# another plugin's key is no match
	judge ".,(if .metric == \"epp.scorer.weight\" and .kind == \"expect\" and .scope.phase == \"baseline\" then ($exp), ($dep | .key = \"other.sheddableShedStart\") else empty end)"
	[ "$(jq -c 'select(.check == "2d" and .metric == "epp.plugin.parameter")' "$OUT" | wc -l)" -eq 2 ]
}

@test "2d: a value deployed as a string where config.md gives a number is FAIL and says so" {
	judge 'if .kind == "measure" and .metric == "epp.scorer.weight" and
	    .scope.phase == "baseline" then .value = "2" else . end'
	[ "$(v 2d baseline epp.scorer.weight)" = FAIL ]
	jqt 'select(.check == "2d" and .scope.phase == "baseline" and
	    .verdict == "FAIL") | .why | test("config.md gives a number, the deployed config a string")' "$OUT"
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

@test "2d run mode: the EPP config the PipelineRun deployed against the generated one: equal PASS, differs FAIL, absent or unreadable WARN" {
	dep() {	# dep VALUE [SUMMARY]: one epp.deployed record for treatment/w1
		jq -n -c --arg v "$1" --arg s "${2:-no differences}" '{kind: "measure",
		    check: "2d", metric: "epp.deployed", value: $v, summary: $s,
		    generated: "generated/treatment_config.yaml",
		    scope: {phase: "treatment", workload: "w1"},
		    source: {file: "cluster/pipelinerun-w1-treatment.yaml", line: 17,
		      column: 12, field: "scenarioContent"}}'
	}
	for c in "equal PASS" "differs FAIL" "absent WARN" "none WARN" "unreadable WARN"; do
		set -- $c
		{ cat "$BASE"; dep "$1" "featureGates: removed flowControl"; } >"$IN"
		"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2 "$IN" >"$OUT"
		validate_records "$OUT"
		[ "$(v 2d treatment epp.deployed)" = "$2" ]
		[ -z "$(v 2d baseline epp.deployed)" ]
		# the field-by-field verdict against config.md is still there
		[ "$(v 2d treatment epp.config)" = PASS ]
		if [ "$1" = none ]; then
			jqt 'select(.metric == "epp.deployed") | .why | test("^No PipelineRun for this cell: featureGates")' "$OUT"
		else
			jqt 'select(.metric == "epp.deployed") |
			    .why | test("cluster/pipelinerun-w1-treatment.yaml:17, scenarioContent")' "$OUT"
		fi
		jqt 'select(.metric == "epp.deployed") |
		    (.why | test("generated/treatment_config.yaml")) and
		    .actual.value == "'"$1"'"' "$OUT"
	done
	# unreadable: the summary says where and why
	jqt 'select(.metric == "epp.deployed") | .why | test("cannot be read as one \\(featureGates: removed flowControl\\)")' "$OUT"
	{ cat "$BASE"; dep differs "featureGates: removed flowControl"; } >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2 "$IN" >"$OUT"
	jqt 'select(.metric == "epp.deployed") | (.why | test("differs from generated/treatment_config.yaml.*featureGates: removed flowControl")) and .action != null' "$OUT"
	# only apiVersion differs: WARN, not FAIL
	{ cat "$BASE"; dep differs "other: changed apiVersion" | jq -c '.matters = false'; } >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2 "$IN" >"$OUT"
	[ "$(v 2d treatment epp.deployed)" = WARN ]
	jqt 'select(.metric == "epp.deployed") | .why | test("only in other: changed apiVersion")' "$OUT"
}

@test "2d run mode: the EPP image the PipelineRun deployed: the run's build PASS, another FAIL when the config needs it, none WARN" {
	img() {	# img VALUE NEEDS [IMAGE]: one epp.image record for treatment/w1
		jq -n -c --arg v "$1" --argjson n "$2" --arg i "${3:-}" '{kind: "measure",
		    check: "2d", metric: "epp.image", value: $v,
		    built: "ghcr.io/me/router:r1", built_from: "run_metadata.json",
		    needs_built: $n, plugin_type: "ceiling-policy",
		    scope: {phase: "treatment", workload: "w1"},
		    source: {file: "cluster/pipelinerun-w1-treatment.yaml", line: 17,
		      column: 12, field: "scenarioContent: images.inferenceScheduler"}}
		    + (if $i == "" then {} else {image: $i} end)'
	}
	for c in "built true ghcr.io/me/router:r1 PASS" "other true ghcr.io/me/router:r0 FAIL" \
	    "other false ghcr.io/llm-d/router:v1 PASS" "default true - WARN" "default false - PASS"; do
		set -- $c
		{ cat "$BASE"; img "$1" "$2" "${3#-}"; } >"$IN"
		"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2 "$IN" >"$OUT"
		validate_records "$OUT"
		[ "$(v 2d treatment epp.image)" = "$4" ]
		[ "$(v 2d treatment epp.config)" = PASS ]
		jqt 'select(.metric == "epp.image") | .why | test("pipelinerun-w1-treatment.yaml:17, scenarioContent")' "$OUT"
	done
	{ cat "$BASE"; img other true ghcr.io/me/router:r0; } >"$IN"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 2 "$IN" >"$OUT"
	jqt 'select(.metric == "epp.image") | (.why | test("deployed the EPP image ghcr.io/me/router:r0, not the one the run built with the plugin type ceiling-policy its config names: ghcr.io/me/router:r1")) and
	    .expected.value == "ghcr.io/me/router:r1" and .actual.value == "ghcr.io/me/router:r0"' "$OUT"
}

@test "output is deterministic" {
	judge '.'
	cp "$OUT" "$BATS_TEST_TMPDIR/first"
	judge '.'
	cmp "$OUT" "$BATS_TEST_TMPDIR/first"
}

@test "2a trace.server_model: the header's model against config.md's, else the logs'; none without a header model" {
	# hm MODEL: the baseline's trace header names MODEL
	hm() {
		echo "., (if .kind == \"measure\" and .metric == \"vllm.model\"
		    and .scope.phase == \"baseline\" then (.metric =
		    \"trace.server_model\" | .value = \"$1\" | del(.n) |
		    .source = {file: \"baseline/w1/trace_header.yaml\",
		    line: 10, field: \"server.model\"}) else empty end)"
	}
	judge "$(hm Qwen/Qwen3-14B)"
	[ "$(v 2a baseline trace.server_model)" = PASS ]
	[ -z "$(v 2a treatment trace.server_model)" ]
	judge "$(hm Qwen/Qwen3-8B)"
	[ "$(v 2a baseline trace.server_model)" = FAIL ]
	jqt 'select(.metric == "trace.server_model") | (.why |
	    test("config.md names Qwen/Qwen3-14B \\(config.md:7\\)")) and
	    (.why | test("baseline/w1/trace_header.yaml:10")) and
	    .action != null' "$OUT"
	# config.md without a model: the server logs' model is the reference
	judge "$(hm Qwen/Qwen3-8B) | select(.kind != \"expect\" or
	    .metric != \"vllm.model\")"
	[ "$(v 2a baseline trace.server_model)" = FAIL ]
	jqt 'select(.metric == "trace.server_model") | .why |
	    test("the server logs name /model-cache/models/Qwen/Qwen3-14B")' "$OUT"
}
