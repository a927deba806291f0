#!/usr/bin/env bats
# s2r-log-extract over the real AW bundle (vLLM 0.17.1, EPP v0.7.1):
# every extracted value agrees with an independent grep/sed of the line;
# and the runtime verdicts the real cells call for (5d's cut streams, 5g
# without objective keys, 5h over gpu_logs written for a copy of a cell).
load helpers
bats_require_minimum_version 1.5.0

setup() {
	need_samples
	AW=$S2R_SAMPLES/aw-real
	[ -d "$AW" ] || skip "no aw-real"
}

# nondefault KEY FILE: the value of 'KEY': in the non-default args line
nondefault() {
	grep -m1 'non-default args:' "$2" | sed -n "s/.*'$1': \([^,}]*\).*/\1/p" | tr -d "'[]"
}

@test "every AW cell parses, validates, and agrees with grep" {
	for cell in "$AW"/*/*/; do
		out=$BATS_TEST_TMPDIR/$(basename "$cell").$(basename "$(dirname "$cell")").ndjson
		run --separate-stderr "$S2R_BIN/s2r-log-extract" --root "$AW" "$cell"
		[ "$status" -eq 0 ] || { echo "$cell: $stderr"; false; }
		printf '%s\n' "$output" >"$out"
		validate_records "$out"
		[ "$(jq -r 'select(.metric=="instances.count") | .value' "$out")" -eq "$(ls "$cell"server_logs/*.log | wc -l)" ]
		for f in "$cell"server_logs/*.log; do
			pod=$(basename "$f" _vllm.log)
			v() { jq -r --arg m "$1" --arg p "$pod" 'select(.check!="2a" and .metric==$m and .scope.instance==$p) | .value' "$out"; }
			[ "$(v vllm.model)" = "$(grep -m1 -o "with config: model='[^']*'" "$f" | sed "s/.*model='//; s/'$//")" ]
			[ "$(v vllm.tensor_parallel_size)" = "$(grep -m1 -o 'tensor_parallel_size=[0-9]*' "$f" | cut -d= -f2)" ]
			[ "$(v vllm.max_model_len)" = "$(grep -m1 -o 'max_seq_len=[0-9]*' "$f" | cut -d= -f2)" ]
			[ "$(v vllm.block_size)" = "$(nondefault block_size "$f")" ]
			[ "$(v vllm.enable_prefix_caching)" = "$(grep -m1 -o 'enable_prefix_caching=[A-Za-z]*' "$f" | cut -d= -f2 | tr A-Z a-z)" ]
			[ "$(v vllm.max_num_seqs)" = "$(nondefault max_num_seqs "$f")" ]
			[ "$(v vllm.max_num_batched_tokens)" = "$(nondefault max_num_batched_tokens "$f")" ]
			[ "$(v vllm.gpu_memory_utilization)" = "$(nondefault gpu_memory_utilization "$f")" ]
			[ "$(v kv_cache.tokens)" = "$(sed -n 's/.*GPU KV cache size: \([0-9,]*\) tokens.*/\1/p' "$f" | tr -d ,)" ]
			[ "$(v instance.requests)" -eq "$(grep -c '"POST /v1/completions' "$f")" ]
			[ "$(v stats.samples)" -eq "$(grep -c 'Engine 000:' "$f")" ]
			[ "$(v log.pattern_count.WARNING)" -eq "$(grep -c ') WARNING [0-9]' "$f")" ]
		done
	done
}

@test "an AW cell whose logs were converted to CRLF line endings reads as the original (vLLM's banner lines end in a CR of their own)" {
	local cell=$AW/baseline/w2_stationary c=$BATS_TEST_TMPDIR/crlf
	mkdir -p "$c/server_logs"
	grep -q $'14B\r$' "$cell"/server_logs/*.log
	for f in "$cell"/server_logs/*.log; do
		sed 's/$/\r/' "$f" >"$c/server_logs/$(basename "$f")"
	done
	"$S2R_BIN/s2r-log-extract" --server-logs "$cell/server_logs" | jq -c 'del(.source.file)' >"$BATS_TEST_TMPDIR/lf"
	"$S2R_BIN/s2r-log-extract" --server-logs "$c/server_logs" | jq -c 'del(.source.file)' >"$BATS_TEST_TMPDIR/crlf.out"
	[ "$(grep -c '"vllm.model"' "$BATS_TEST_TMPDIR/lf")" -gt 0 ]
	diff "$BATS_TEST_TMPDIR/lf" "$BATS_TEST_TMPDIR/crlf.out"
}

@test "an AW cell collected with kubectl logs --timestamps (vLLM and EPP logs) reads as the original" {
	local cell=$AW/baseline/w2_stationary c=$BATS_TEST_TMPDIR/ts d
	for d in server_logs epp_logs; do
		mkdir -p "$c/$d"
		for f in "$cell/$d"/*; do
			awk '{ printf "2026-04-23T14:%02d:%02d.%09dZ %s\n", int(NR / 60) % 60, NR % 60, NR, $0 }' \
			    "$f" >"$c/$d/$(basename "$f")"
		done
	done
	head -1 "$c/server_logs/$(ls "$c/server_logs" | head -1)" | grep -q '^2026-04-23T14:00:01.000000001Z '
	"$S2R_BIN/s2r-log-extract" --server-logs "$cell/server_logs" --epp-logs "$cell/epp_logs" |
	    jq -c 'del(.source.file)' >"$BATS_TEST_TMPDIR/plain"
	"$S2R_BIN/s2r-log-extract" --server-logs "$c/server_logs" --epp-logs "$c/epp_logs" |
	    jq -c 'del(.source.file)' >"$BATS_TEST_TMPDIR/stamped"
	[ "$(grep -c '"epp\.' "$BATS_TEST_TMPDIR/plain")" -gt 0 ]
	[ "$(grep -c '"vllm.block_size"' "$BATS_TEST_TMPDIR/plain")" -gt 0 ]
	diff "$BATS_TEST_TMPDIR/plain" "$BATS_TEST_TMPDIR/stamped"
}

@test "AW EPP logs: each pod's metrics refreshes and failures agree with grep; a fetch that read nothing and a missing family are told apart" {
	cell=$BATS_TEST_TMPDIR/cell
	cp -R "$AW/baseline/w2_stationary" "$cell"
	chmod -R u+w "$cell"
	f=$(ls "$cell"/epp_logs/*.log)
	out=$BATS_TEST_TMPDIR/epp.ndjson
	"$S2R_BIN/s2r-log-extract" --epp-logs "$cell/epp_logs" >"$out"
	validate_records "$out"
	pod=sim2real-aw-decode-79f6f9b4db-k48j7
	[ "$(jq -r --arg p "$pod" 'select(.metric=="epp.pod.metrics_refreshed" and .scope.instance==$p) | .value' "$out")" -eq \
	    "$(grep '"msg":"Refreshed metrics"' "$f" | grep -c "$pod-rank-0")" ]
	# the real log's failures all name vLLM's LoRA family only: no fetch failed
	[ "$(jq -r 'select(.metric=="epp.pod.metrics_fetch_failed") | .value' "$out" | sort -u)" = 0 ]
	[ "$(jq -r 'select(.metric=="epp.pod.metric_families_missing") | .value' "$out" | sort -u)" = vllm:lora_requests_info ]
	# one pod's fetch times out from line 1000 on, another family goes missing everywhere
	sed -i -e "1000,\$ { /$pod-rank-0/ s/\"err\":\"[^}]*\"}\$/\"err\":\"Get \\\\\"http:\/\/10.0.0.9:8200\/metrics\\\\\": context deadline exceeded\"}/ }" \
	    -e 's/\(lora_requests_info\\" not found\)"/\1; metric family \\"vllm:gpu_cache_usage_perc\\" not found"/' "$f"
	"$S2R_BIN/s2r-log-extract" --epp-logs "$cell/epp_logs" >"$out"
	want=$(sed -n '1000,$p' "$f" | grep '"msg":"Failed to refreshed metrics:"' | grep -c "$pod-rank-0")
	[ "$want" -gt 0 ]
	[ "$(jq -r --arg p "$pod" 'select(.metric=="epp.pod.metrics_fetch_failed" and .scope.instance==$p) | .value' "$out")" -eq "$want" ]
	jq -s -e --arg p "$pod" '[.[] | select(.metric=="epp.pod.metrics_fetch_error" and .scope.instance==$p)] | length == 1 and (.[0].value | test("context deadline exceeded")) and .[0].source.line >= 1000' "$out" >/dev/null
	[ "$(jq -r --arg p "$pod" 'select(.metric=="epp.pod.metric_families_missing" and .scope.instance!=$p) | .value' "$out" | sort -u)" = \
	    "vllm:lora_requests_info, vllm:gpu_cache_usage_perc" ]
}

@test "AW EPP logs: pods and CacheNumGPUBlocks agree with the server logs" {
	cell=$AW/baseline/w1_prefix_to_load_shift
	out=$BATS_TEST_TMPDIR/epp.ndjson
	"$S2R_BIN/s2r-log-extract" "$cell" >"$out"
	[ "$(jq -r 'select(.metric=="epp.pods.count") | .value' "$out")" -eq "$(grep -o '"name":"[^"]*-rank-0"' "$cell"/epp_logs/*.log | sort -u | wc -l)" ]
	# which pods: the '-rank-0' names less the suffix, the server logs' pods
	[ "$(jq -r 'select(.metric=="epp.pod.seen") | .scope.instance' "$out" | sort | tr '\n' ' ')" = \
	    "$(grep -o '"name":"[^"]*-rank-0"' "$cell"/epp_logs/*.log | sed 's/.*"name":"\(.*\)-rank-0"/\1/' | sort -u | tr '\n' ' ')" ]
	[ "$(jq -r 'select(.metric=="epp.pod.seen") | .scope.instance' "$out" | sort | tr '\n' ' ')" = \
	    "$(ls "$cell"/server_logs | sed 's/_vllm.log$//' | sort | tr '\n' ' ')" ]
	[ "$(jq -r 'select(.metric=="epp.non_json_lines") | .value' "$out")" -eq "$(grep -vc '^{' "$cell"/epp_logs/*.log)" ]
	[ "$(jq -r 'select(.metric=="epp.has_priority") | .value' "$out")" = false ]
	# tokens / block_size in the server log = CacheNumGPUBlocks in the EPP log
	for pod in $(jq -r 'select(.metric=="epp.pod.cache_num_blocks") | .scope.instance' "$out"); do
		a=$(jq -r --arg p "$pod" 'select(.metric=="epp.pod.cache_num_blocks" and .scope.instance==$p) | .value' "$out")
		b=$(jq -r --arg p "$pod" 'select(.metric=="kv_cache.num_gpu_blocks" and .scope.instance==$p) | .value' "$out")
		[ "$a" = "$b" ]
	done
}

@test "AW EPP logs carry no objectiveKey: objective resolution is INAPPLICABLE and says why" {
	cell=$AW/baseline/w2_stationary
	out=$BATS_TEST_TMPDIR/epp.ndjson
	"$S2R_BIN/s2r-log-extract" --root "$AW" "$cell" >"$out"
	[ "$(jq -r 'select(.metric=="epp.has_objective_key") | .value' "$out")" = false ]
	[ "$(grep -c objectiveKey "$cell"/epp_logs/*.log)" -eq 0 ]
	# the tiers the sim would give (critical 100): there is nothing to see them by
	printf '%s\n' '{"kind":"expect","check":"4d","metric":"priority.tier","value":100,"scope":{"class":"critical"},"source":{"file":"README.md","line":1}}' >>"$out"
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 5g "$out" >"$BATS_TEST_TMPDIR/v.ndjson"
	validate_records "$BATS_TEST_TMPDIR/v.ndjson"
	jq -e -s '[.[] | select(.metric == "epp.objective.priority")] | length == 1 and
	    (.[0].verdict == "INAPPLICABLE") and (.[0].why | test("-v=3"))' "$BATS_TEST_TMPDIR/v.ndjson"
}

@test "AW treatment/w3: its 19 cut streams are one incident, 5d WARN with the first row cited" {
	cell=$AW/treatment/w3_multi_prefix_contention
	out=$BATS_TEST_TMPDIR/t.ndjson
	"$S2R_BIN/s2r-trace-stats" --root "$AW" --phase treatment \
	    --workload w3_multi_prefix_contention "$cell/trace_data.csv" >"$out"
	# independently: status ok, output 0, no finish_reason
	want=$(awk -F, 'NR > 1 && $25 == "ok" && $11 == 0 && $27 == "" { n++ } END { print n }' "$cell/trace_data.csv")
	line=$(awk -F, 'NR > 1 && $25 == "ok" && $11 == 0 && $27 == "" { print NR; exit }' "$cell/trace_data.csv")
	[ "$want" -eq 19 ]
	[ "$(jq -r 'select(.metric=="status.count" and .status=="failed_empty") | "\(.value):\(.source.line)"' "$out")" = "$want:$line" ]
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 5d "$out" >"$BATS_TEST_TMPDIR/v.ndjson"
	validate_records "$BATS_TEST_TMPDIR/v.ndjson"
	jq -e -s --arg w "19 cut streams .*first at treatment/w3_multi_prefix_contention/trace_data.csv:$line" \
	    '[.[] | select(.metric == "requests.failed")] | length == 1 and
	    .[0].verdict == "WARN" and (.[0].why | test($w))' "$BATS_TEST_TMPDIR/v.ndjson"
}

@test "gpu_logs written for an AW cell: every pod joins to its own GPU, the GPUs are judged" {
	real=$BATS_TEST_TMPDIR/real
	mkdir -p "$real/baseline"
	cp -R "$AW/baseline/w2_stationary" "$real/baseline/"
	chmod -R u+w "$real"
	"$S2R_TOP/tests/faults/fixtures/gpu/make-gpu-logs" --interval 1 "$real"
	cell=$real/baseline/w2_stationary
	out=$BATS_TEST_TMPDIR/g.ndjson
	"$S2R_BIN/s2r-log-extract" --root "$real" "$cell" >"$out"
	validate_records "$out"
	csv=$(ls "$cell"/gpu_logs/*.gpus.csv)
	node=$(basename "$csv" .gpus.csv)
	for f in "$cell"/server_logs/*_vllm.log; do
		pod=$(basename "$f" _vllm.log)
		uuid=$(sed -n 's/.*(UUID: \(GPU-[^)]*\)).*/\1/p' "$cell/gpu_logs/$pod.uuids")
		idx=$(awk -F', ' -v u="$uuid" '$2 == u { print $1 }' "$csv")
		[ "$(jq -r --arg p "$pod" 'select(.metric=="gpu.pod.gpus" and .scope.instance==$p) | .value' "$out")" = "$node/$idx" ]
	done
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks 5h "$out" >"$BATS_TEST_TMPDIR/v.ndjson"
	validate_records "$BATS_TEST_TMPDIR/v.ndjson"
	[ "$(jq -r 'select(.metric=="gpu.join") | .verdict' "$BATS_TEST_TMPDIR/v.ndjson")" = PASS ]
	[ "$(jq -r 'select(.metric=="gpu.busy.temperature_c.p95") | .verdict' "$BATS_TEST_TMPDIR/v.ndjson" | sort | uniq -c | awk '{ print $1 " " $2 }')" = "4 PASS" ]
}
