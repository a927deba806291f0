#!/usr/bin/env bats
# s2r-log-extract over the real AW bundle (vLLM 0.17.1, EPP v0.7.1):
# every extracted value agrees with an independent grep/sed of the line.
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

@test "AW EPP logs: pods and CacheNumGPUBlocks agree with the server logs" {
	cell=$AW/baseline/w1_prefix_to_load_shift
	out=$BATS_TEST_TMPDIR/epp.ndjson
	"$S2R_BIN/s2r-log-extract" "$cell" >"$out"
	[ "$(jq -r 'select(.metric=="epp.pods.count") | .value' "$out")" -eq "$(grep -o '"name":"[^"]*-rank-0"' "$cell"/epp_logs/*.log | sort -u | wc -l)" ]
	[ "$(jq -r 'select(.metric=="epp.non_json_lines") | .value' "$out")" -eq "$(grep -vc '^{' "$cell"/epp_logs/*.log)" ]
	[ "$(jq -r 'select(.metric=="epp.has_priority") | .value' "$out")" = false ]
	# tokens / block_size in the server log = CacheNumGPUBlocks in the EPP log
	for pod in $(jq -r 'select(.metric=="epp.pod.cache_num_blocks") | .scope.instance' "$out"); do
		a=$(jq -r --arg p "$pod" 'select(.metric=="epp.pod.cache_num_blocks" and .scope.instance==$p) | .value' "$out")
		b=$(jq -r --arg p "$pod" 'select(.metric=="kv_cache.num_gpu_blocks" and .scope.instance==$p) | .value' "$out")
		[ "$a" = "$b" ]
	done
}
