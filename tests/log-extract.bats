#!/usr/bin/env bats
# s2r-log-extract over hand-written fixtures in the real shapes of vLLM
# 0.17.1 (AW), 0.20.2 (QRT) and 0.26.0 (PD3) logs, both EPP encodings and
# a default nvidia-smi table.  Reference values come from grep/awk/jq on
# the fixture text, never from the tool.
load helpers
bats_require_minimum_version 1.5.0

L=$FIXTURES/logs
CELL=$L/bundle/baseline/w1
X() { "$S2R_BIN/s2r-log-extract" "$@"; }

setup() {
	OUT=$BATS_TEST_TMPDIR/out.ndjson
}

# value of metric $1 (optional instance $2) in $OUT
val() {
	jq -r --arg m "$1" --arg i "${2:-}" \
	    'select(.metric==$m and ($i=="" or .scope.instance==$i)) | .value' "$OUT"
}

@test "--help and --version" {
	run X --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run X --version
	[ "$output" = "s2r-log-extract 0.1.0" ]
}

@test "cell dir: scope from --root, every record validates" {
	X --root "$L/bundle" "$CELL" >"$OUT"
	validate_records "$OUT"
	[ "$(jq -r 'select(.scope.phase!="baseline" or .scope.workload!="w1") | 1' "$OUT" | wc -l)" -eq 0 ]
	[ "$(val instances.count)" -eq "$(ls "$CELL"/server_logs/*_vllm.log | wc -l)" ]
	[ "$(val logs.present.gpu_logs)" = true ]
}

@test "a log collected twice: the copy (its whole text the start of another log) is left out of the count and has no records" {
	d=$BATS_TEST_TMPDIR/b/baseline/w1
	mkdir -p "${d%/w1}"
	cp -R "$CELL" "$d"
	f=$d/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log
	head -n $(( $(wc -l <"$f") - 3 )) "$f" >"$d/server_logs/sim2real-aw-decode_vllm.log"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	validate_records "$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e '.value == 2 and .n == 2 and
	    .copies == [{file: "baseline/w1/server_logs/sim2real-aw-decode_vllm.log",
	      of: "baseline/w1/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log", line: 1}] and
	    (.source.how | test("2 of 2 files \\(less the copies"))'
	[ -z "$(jq -r 'select(.scope.instance == "sim2real-aw-decode") | 1' "$OUT")" ]
	# an exact copy: the later file of the two is the copy
	cp "$f" "$d/server_logs/sim2real-aw-decode-79f6f9b4db-zzzzz_vllm.log"
	rm "$d/server_logs/sim2real-aw-decode_vllm.log"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e '.value == 2 and
	    .copies[0].file == "baseline/w1/server_logs/sim2real-aw-decode-79f6f9b4db-zzzzz_vllm.log"'
	# the same text but one stats line of its own is no copy: three
	# instances
	sed -i 's/Running: 7 reqs/Running: 8 reqs/' "$d/server_logs/sim2real-aw-decode-79f6f9b4db-zzzzz_vllm.log"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e '.value == 3 and (has("copies") | not)'
}

@test "a log saved again with kubectl logs --tail (its end) or while the pod ran on (a stretch) is a copy too, with the line it begins at" {
	d=$BATS_TEST_TMPDIR/b/baseline/w1
	mkdir -p "${d%/w1}"
	cp -R "$CELL" "$d"
	f=$d/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log
	n=$(wc -l <"$f")
	# the last two thirds: no startup lines, stats lines of its pod's
	tail -n $(( n * 2 / 3 )) "$f" >"$d/server_logs/sim2real-aw-decode_vllm.log"
	grep -q 'Avg prompt throughput' "$d/server_logs/sim2real-aw-decode_vllm.log"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	validate_records "$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e --argjson l $(( n - n * 2 / 3 + 1 )) '
	    .value == 2 and .n == 2 and
	    .copies == [{file: "baseline/w1/server_logs/sim2real-aw-decode_vllm.log",
	      of: "baseline/w1/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log", line: $l}]'
	[ -z "$(jq -r 'select(.scope.instance == "sim2real-aw-decode") | 1' "$OUT")" ]
	# a stretch from the middle, saved while the pod ran on
	sed -n "$(( n / 3 )),$(( n * 2 / 3 ))p" "$f" >"$d/server_logs/sim2real-aw-decode_vllm.log"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e --argjson l $(( n / 3 )) '
	    .value == 2 and .copies[0].line == $l'
	# its last line changed: no copy, three instances
	sed -i '$ s/$/ x/' "$d/server_logs/sim2real-aw-decode_vllm.log"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e '.value == 3 and (has("copies") | not)'
}

@test "several pods' logs in one file (workers starting on several pod addresses) count as those pods, under merged" {
	d=$BATS_TEST_TMPDIR/b/baseline/w1
	mkdir -p "$d/server_logs"
	# each pod's worker line (as vLLM 0.17.1 writes it) after its engine line
	for p in aaaaa bbbbb; do
		ip=10.130.5.$([ $p = aaaaa ] && echo 91 || echo 92)
		sed "/Initializing a V1 LLM engine/a (APIServer pid=1) (EngineCore_DP0 pid=437) INFO 04-23 14:08:02 [parallel_state.py:1393] world_size=1 rank=0 local_rank=0 distributed_init_method=tcp://$ip:55611 backend=nccl" \
		    "$CELL/server_logs/sim2real-aw-decode-79f6f9b4db-${p}_vllm.log" >"$d/server_logs/$p.tmp"
	done
	# one pod per file: two instances, nothing merged
	cp "$d/server_logs/aaaaa.tmp" "$d/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log"
	cp "$d/server_logs/bbbbb.tmp" "$d/server_logs/sim2real-aw-decode-79f6f9b4db-bbbbb_vllm.log"
	mv "$d/server_logs/aaaaa.tmp" "$BATS_TEST_TMPDIR/a.log"
	mv "$d/server_logs/bbbbb.tmp" "$BATS_TEST_TMPDIR/b.log"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e '.value == 2 and (has("merged") | not)'
	# kubectl logs -l: both in one file, the second pod from its first line on
	rm "$d"/server_logs/*
	cat "$BATS_TEST_TMPDIR/a.log" "$BATS_TEST_TMPDIR/b.log" >"$d/server_logs/sim2real-aw-decode_vllm.log"
	second=$(( $(wc -l <"$BATS_TEST_TMPDIR/a.log") + $(grep -n distributed_init_method "$BATS_TEST_TMPDIR/b.log" | cut -d: -f1) ))
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	validate_records "$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e --argjson l "$second" '.value == 2 and .n == 1 and
	    .merged == [{file: "baseline/w1/server_logs/sim2real-aw-decode_vllm.log", pods: 2, line: $l}] and
	    (.source.how | test("counts as that many pods"))'
}

@test "a log with vLLM lines but no stats line and no request beside busy ones is idle (a pod that crashed at startup): listed, still counted" {
	d=$BATS_TEST_TMPDIR/b/baseline/w1
	mkdir -p "${d%/w1}"
	cp -R "$CELL" "$d"
	f=$d/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log
	# its startup only, up to the first stats or request line (its
	# health probes kept)
	awk '/Avg prompt throughput|"POST / { exit } 1' "$f" >"$f.start"
	mv "$f.start" "$f"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	validate_records "$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e '.value == 2 and
	    .idle == ["baseline/w1/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log"]'
	# every log idle (stats and access lines off): nothing tells
	for g in "$d"/server_logs/*_vllm.log; do
		awk '/Avg prompt throughput|"POST / { exit } 1' "$g" >"$g.start"
		mv "$g.start" "$g"
	done
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e '.value == 2 and (has("idle") | not)'
}

@test "a log with vLLM lines but no INFO line beside busy ones is quiet (logged above INFO), not idle: listed, still counted" {
	d=$BATS_TEST_TMPDIR/b/baseline/w1
	mkdir -p "${d%/w1}"
	cp -R "$CELL" "$d"
	f=$d/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log
	# VLLM_LOGGING_LEVEL=WARNING: its warnings only
	grep -v -e ') INFO ' -e 'INFO:  ' "$f" >"$f.warn" || true
	mv "$f.warn" "$f"
	grep -q ') WARNING ' "$f"
	X --root "$BATS_TEST_TMPDIR/b" "$d" >"$OUT"
	validate_records "$OUT"
	jq -c 'select(.metric == "instances.count")' "$OUT" | jq -e '.value == 2 and (has("idle") | not) and
	    .quiet == ["baseline/w1/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log"]'
}

@test "v0.17.1: config from the non-default args dict and the engine line" {
	f=$CELL/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log
	X --server-logs "$f" >"$OUT"
	validate_records "$OUT"
	want=$(grep -o 'max_seq_len=[0-9]*' "$f" | cut -d= -f2)
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.max_model_len") | .value' "$OUT")" = "$want" ]
	# the engine line wins the source, the others are named in how
	line=$(grep -n 'Initializing a V1 LLM engine' "$f" | cut -d: -f1)
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.max_model_len") | .source.line' "$OUT")" = "$line" ]
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.max_model_len") | .source.how | test("Using max model len")' "$OUT")" = true ]
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.served_model_name") | .value' "$OUT")" = "Qwen/Qwen3-14B" ]
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.kv_events_config.publisher") | .value' "$OUT")" = zmq ]
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.enable_prefix_caching") | .value' "$OUT")" = true ]
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.version") | .value' "$OUT")" = 0.17.1 ]
	[ "$(val kv_cache.tokens)" = "$(sed -n 's/.*GPU KV cache size: \([0-9,]*\) tokens.*/\1/p' "$f" | tr -d ,)" ]
	[ "$(val kv_cache.num_gpu_blocks)" = 3097 ]
	[ "$(val kv_cache.max_concurrency)" = 4.84 ]
	# the revisions the engine line states even when unset (None: the
	# default branch), so an arm pinned to another checkpoint differs in
	# a stated value
	[ "$(jq -c 'select(.check=="5a" and (.metric=="vllm.revision" or .metric=="vllm.tokenizer_revision")) | [.metric, .value, .source.line]' "$OUT")" = \
	  "$(printf '["vllm.revision",null,%s]\n["vllm.tokenizer_revision",null,%s]' "$line" "$line")" ]
	sed 's/ revision=None, tokenizer_revision=None,/ revision=5a1a8d1, tokenizer_revision=5a1a8d1,/' "$f" \
	    >"$BATS_TEST_TMPDIR/p_vllm.log"
	# the attention backend and FlashAttention version vLLM chose (FA3:
	# Hopper only), where the log says them
	{ sed -n 1,12p "$f"
	  echo '(APIServer pid=1) (EngineCore_DP0 pid=439) INFO 04-23 14:16:20 [cuda.py:405] Using FLASH_ATTN attention backend out of potential backends: ['"'"'FLASH_ATTN'"'"', '"'"'FLASHINFER'"'"'].'
	  echo '(APIServer pid=1) (EngineCore_DP0 pid=439) INFO 04-23 14:16:20 [flash_attn.py:587] Using FlashAttention version 3'
	  sed -n '13,$p' "$f"; } |
	    sed 's/ revision=None, tokenizer_revision=None,/ revision=5a1a8d1, tokenizer_revision=5a1a8d1,/' \
	    >"$BATS_TEST_TMPDIR/p_vllm.log"
	X --server-logs "$BATS_TEST_TMPDIR/p_vllm.log" >"$OUT"
	[ "$(jq -c 'select(.check=="5a" and (.metric=="vllm.attention_backend" or .metric=="vllm.flash_attn_version")) | [.metric, .value, .source.line]' "$OUT")" = \
	  "$(printf '["vllm.attention_backend","FLASH_ATTN",13]\n["vllm.flash_attn_version",3,14]')" ]
	[ "$(jq -r 'select(.check=="5a" and (.metric=="vllm.revision" or .metric=="vllm.tokenizer_revision")) | .value' "$OUT")" = \
	  "$(printf '5a1a8d1\n5a1a8d1')" ]
}

@test "--dtype and --max-model-len auto as the engine resolves them; the auto-fit line's max_model_len wins" {
	f=$CELL/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log
	p=$BATS_TEST_TMPDIR/p_vllm.log
	# --dtype bfloat16 set explicitly: the args' spelling and the engine
	# line's torch.bfloat16 are one value, not a disagreement
	sed "s/'max_num_seqs': 256, /'max_num_seqs': 256, 'dtype': 'bfloat16', /" "$f" >"$p"
	grep -q "'dtype': 'bfloat16'" "$p"
	X --server-logs "$p" >"$OUT"
	[ "$(jq -c 'select(.check=="5a" and .metric=="vllm.dtype") | .value' "$OUT")" = '"torch.bfloat16"' ]
	[ "$(jq -c 'select(.check=="2a" and .metric=="vllm.dtype") | .value' "$OUT")" = '"torch.bfloat16"' ]
	# half is torch.float16; auto is no value (the engine line resolves it)
	sed -e "s/'max_num_seqs': 256, /'max_num_seqs': 256, 'dtype': 'half', /" \
	    -e 's/ dtype=torch.bfloat16,/ dtype=torch.float16,/' "$f" >"$p"
	X --server-logs "$p" >"$OUT"
	[ "$(jq -c 'select(.check=="5a" and .metric=="vllm.dtype") | .value' "$OUT")" = '"torch.float16"' ]
	# --max-model-len auto (-1): not a length; the vLLM fit cut it to
	# 29440 after the engine line said 40960: one value, the fit's line
	line=$(grep -n 'GPU KV cache size' "$f" | cut -d: -f1)
	sed -e "s/'max_model_len': 40960, /'max_model_len': -1, /" \
	    -e "${line}i (APIServer pid=1) (EngineCore_DP0 pid=437) INFO 04-23 14:08:53 [kv_cache_utils.py:1112] Auto-fit max_model_len: reduced from 40960 to 29,440 to fit in available GPU memory (4.50 GiB available for KV cache)" \
	    "$f" >"$p"
	X --server-logs "$p" >"$OUT"
	validate_records "$OUT"
	[ "$(jq -c 'select(.check=="5a" and .metric=="vllm.max_model_len") | [.value, .source.line, .n]' "$OUT")" = "[29440,$line,1]" ]
	[ "$(jq -c 'select(.check=="2a" and .metric=="vllm.max_model_len") | .value' "$OUT")" = 29440 ]
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.max_model_len") | .source.how | test("Auto-fit")' "$OUT")" = true ]
	# the full length fits: the engine line's value stands
	sed -e "s/'max_model_len': 40960, /'max_model_len': -1, /" \
	    -e "${line}i (APIServer pid=1) (EngineCore_DP0 pid=437) INFO 04-23 14:08:53 [kv_cache_utils.py:1105] Auto-fit max_model_len: full model context length 40960 fits in available GPU memory" \
	    "$f" >"$p"
	X --server-logs "$p" >"$OUT"
	[ "$(jq -c 'select(.check=="5a" and .metric=="vllm.max_model_len") | [.value, .n]' "$OUT")" = '[40960,2]' ]
}

@test "access log: POST counts per instance equal grep -c, with status breakdown" {
	X "$CELL" >"$OUT"
	for f in "$CELL"/server_logs/*_vllm.log; do
		pod=$(basename "$f" _vllm.log)
		want=$(grep -c -E '"POST /v1/(chat/)?completions ' "$f")
		[ "$(val instance.requests "$pod")" -eq "$want" ]
		ok=$(grep -c '"POST /v1/completions HTTP/1.1" 200' "$f")
		[ "$(val access.count.POST_v1_completions.200 "$pod")" -eq "$ok" ]
		[ "$(val access.count.POST_v1_chat_completions.400 "$pod")" -eq 1 ]
	done
}

@test "stats lines: min/mean/max/last against awk" {
	f=$CELL/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log
	X --server-logs "$f" >"$OUT"
	read -r n mn mx mean last < <(grep -o 'Prefix cache hit rate: [0-9.]*' "$f" | awk '{v=$5; s+=v; if(NR==1||v<mn)mn=v; if(NR==1||v>mx)mx=v; l=v} END {printf "%d %s %s %.6f %s\n", NR, mn, mx, s/NR, l}')
	[ "$(val stats.samples)" -eq "$n" ]
	[ "$(val stats.prefix_cache_hit_rate_pct.min)" = "$mn" ]
	[ "$(val stats.prefix_cache_hit_rate_pct.max)" = "$mx" ]
	[ "$(val stats.prefix_cache_hit_rate_pct.last)" = "$last" ]
	awk -v a="$(val stats.prefix_cache_hit_rate_pct.mean)" -v b="$mean" 'BEGIN {exit !((a-b)^2 < 1e-12)}'
	[ "$(jq -r 'select(.metric=="prefix_cache.hit_rate") | .check' "$OUT")" = 5c ]
}

@test "a stats line with requests running and no token made is a stall; an idle one is not" {
	f=$BATS_TEST_TMPDIR/p1_vllm.log
	s='(APIServer pid=1) INFO 04-23 14:42:%s [loggers.py:259] Engine 000: Avg prompt throughput: %s tokens/s, Avg generation throughput: %s tokens/s, Running: %s reqs, Waiting: 0 reqs, GPU KV cache usage: 10.6%%, Prefix cache hit rate: 37.9%%\n'
	{
		printf "$s" 10 4492.6 2001.5 29
		printf "$s" 20 0.0 0.0 29	# stalled: 29 running, nothing made
		printf "$s" 30 0.0 35.2 3	# decode only: busy
		printf "$s" 40 0.0 0.0 0	# idle
	} >"$f"
	X --server-logs "$f" >"$OUT"
	validate_records "$OUT"
	[ "$(val log.pattern_count.stall)" = 1 ]
	[ "$(jq -r 'select(.metric=="log.evidence.stall") | .source.line' "$OUT")" = 2 ]
	jq -s -e '[.[] | select(.metric=="log.evidence.stall")] | length == 1 and (.[0].value | test("14:42:20 .*Running: 29 reqs"))' "$OUT" >/dev/null
}

@test "vLLM's warning for request fields it ignored is counted with its line; the level's own count keeps it" {
	f=$BATS_TEST_TMPDIR/p1_vllm.log
	{
		echo "(APIServer pid=1) WARNING 04-23 14:41:48 [utils.py:72] Received a request with trace context but tracing is disabled"
		echo "(APIServer pid=1) WARNING 04-23 14:41:48 [protocol.py:79] The following fields were present in the request but ignored: {'extra_body'}"
		echo '(APIServer pid=1) INFO:     10.131.4.95:0 - "POST /v1/completions HTTP/1.1" 200 OK'
		echo "(APIServer pid=1) WARNING 04-23 14:41:49 [protocol.py:79] The following fields were present in the request but ignored: {'extra_body'}"
	} >"$f"
	X --server-logs "$f" >"$OUT"
	validate_records "$OUT"
	[ "$(val log.pattern_count.ignored_fields)" = 2 ]
	[ "$(val log.pattern_count.WARNING)" = 3 ]
	[ "$(val log.info_lines)" = 1 ]	# the access line
	[ "$(jq -r 'select(.metric=="log.evidence.ignored_fields") | .source.line' "$OUT" | tr '\n' ' ')" = "2 4 " ]
}

@test "v0.20.2: EngineCore prefix, preemptions, errors with evidence" {
	f=$L/v0202/qrt-decode-0_vllm.log
	X --server-logs "$f" >"$OUT"
	validate_records "$OUT"
	[ "$(val vllm.tensor_parallel_size | head -1)" = 2 ]
	[ "$(val kv_cache.tokens)" = 281008 ]
	[ "$(val stats.preemptions.total)" = "$(grep -o 'Preemptions: [0-9]*' "$f" | awk '{s+=$2} END {print s}')" ]
	[ "$(val stats.samples)" -eq "$(grep -c 'Engine 000:' "$f")" ]
	[ "$(val log.pattern_count.ERROR)" -eq "$(grep -c ') ERROR [0-9]' "$f")" ]
	[ "$(val log.pattern_count.oom)" -eq 1 ]
	[ "$(val log.pattern_count.traceback)" -eq 1 ]
	[ "$(val log.pattern_count.engine_dead)" -eq 2 ]
	[ "$(val log.pattern_count.cuda_error)" -eq 1 ]
	[ "$(val log.pattern_count.timeout)" -eq 1 ]
	line=$(grep -n 'CUDA out of memory' "$f" | cut -d: -f1)
	[ "$(jq -r 'select(.metric=="log.evidence.oom") | .source.line' "$OUT")" = "$line" ]
	[ "$(jq -r 'select(.metric=="vllm.chat_template" and .check=="5a") | .value' "$OUT")" = "{{ 'it''s' }}" ]
}

@test "v0.26.0: merged KV line, aggregated engines, disagreement emits both" {
	f=$L/v0260/pd3-decode-rank-0_vllm.log
	X --server-logs "$f" >"$OUT"
	validate_records "$OUT"
	[ "$(val kv_cache.tokens)" = 34952 ]
	[ "$(val kv_cache.max_concurrency)" = 4.27 ]
	[ "$(val kv_cache.request_tokens)" = 8192 ]
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.max_model_len") | .value' "$OUT" | sort -n | tr '\n' ' ')" = "8192 16384 " ]
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.max_model_len" and .value==8192) | .source.how | test("DISAGREES with line 4")' "$OUT")" = true ]
	[ "$(val stats.samples)" = 2 ]
	[ "$(val stats.prompt_throughput.mean)" = 200 ]
	[ "$(val instance.requests)" = null ]
}

@test "data-parallel engines that state different KV sizes: each under its rank; agreeing ones one record" {
	f=$BATS_TEST_TMPDIR/dp_vllm.log
	# the 0.17.1 fixture's KV lines, then DP1's with a smaller cache
	cp "$CELL/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log" "$f"
	grep 'GPU KV cache size\|Maximum concurrency' "$f" |
	    sed -e 's/EngineCore_DP0 pid=[0-9]*/EngineCore_DP1 pid=999/' >"$f.dp1"
	[ -s "$f.dp1" ]
	cat "$f.dp1" >>"$f"
	X --server-logs "$f" >"$OUT"
	[ "$(jq -s '[.[] | select(.metric=="kv_cache.tokens")] | length' "$OUT")" = 1 ]
	[ "$(jq -r 'select(.metric=="kv_cache.tokens") | .scope.rank' "$OUT")" = null ]
	sed -i -e 's/GPU KV cache size: [0-9,]* tokens/GPU KV cache size: 1,000 tokens/' "$f.dp1"
	cp "$CELL/server_logs/sim2real-aw-decode-79f6f9b4db-aaaaa_vllm.log" "$f"
	cat "$f.dp1" >>"$f"
	X --server-logs "$f" >"$OUT"
	validate_records "$OUT"
	[ "$(jq -r 'select(.metric=="kv_cache.tokens" and .scope.rank=="001") | .value' "$OUT")" = 1000 ]
	[ "$(jq -r 'select(.metric=="kv_cache.tokens" and .scope.rank=="000") | .source.line' "$OUT")" = "$(grep -n 'EngineCore_DP0.*GPU KV cache size' "$f" | cut -d: -f1)" ]
}

@test "default gpu_memory_utilization is said to be the default" {
	f=$L/v0260/pd3-decode-rank-0_vllm.log
	X --server-logs "$f" >"$OUT"
	[ "$(jq -r 'select(.check=="5a" and .metric=="vllm.gpu_memory_utilization") | .value==0.9 and (.source.how | test("default"))' "$OUT")" = true ]
}

@test "2a per cell: one record per distinct value with the count of logs" {
	X "$CELL" >"$OUT"
	[ "$(jq -r 'select(.check=="2a" and .metric=="vllm.block_size") | "\(.value) \(.n)"' "$OUT")" = "64 2" ]
	[ "$(jq -r 'select(.check=="2a" and .metric=="vllm.kv_events_config.topic") | .n' "$OUT" | wc -l)" -eq 2 ]
}

@test "EPP: both encodings, duplicate keys (last wins), non-JSON and half-JSON lines" {
	run --separate-stderr X --epp-logs "$CELL/epp_logs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$OUT"
	validate_records "$OUT"
	[[ "$stderr" == *"_1414.log:27:"*"expected a JSON object"* ]]
	[ "$(val epp.non_json_lines)" -eq "$(cat "$CELL"/epp_logs/*.log | grep -vc '^{')" ]
	[ "$(val log.bad_lines.json_syntax)" -eq 1 ]
	[ "$(val epp.levels_seen)" = "Level(-4),Level(-5),debug,info" ]
	want=$(cat "$CELL"/epp_logs/*.log | grep -c '"msg":"Request handled"')
	[ "$(jq -r 'select(.metric=="epp.requests_handled" and (.scope|has("instance")|not)) | .value' "$OUT")" -eq "$want" ]
	# "objectiveKey":"WRONG" comes first in the line; the last key wins
	[ "$(jq -r 'select(.metric=="epp.objective.requests" and .scope.class=="critical") | .value' "$OUT")" = 2 ]
	[ "$(jq -r 'select(.metric=="epp.objective.priority" and .scope.class=="batch") | .value' "$OUT" | sort -n | tr '\n' ' ')" = "-10 5 " ]
	[ "$(val epp.priorities_seen)" = "-50,-10,0,5,100" ]
	[ "$(val epp.flow_control.outcome.RejectedCapacity.m50)" = 1 ]
	[ "$(val epp.flow_control.outcome.Dispatched.100)" = 2 ]
	[ "$(val epp.pods.count)" = 2 ]
	[ "$(jq -r 'select(.metric == "epp.pod.seen") | .scope.instance' "$OUT" | tr '\n' ' ')" = \
	    "sim2real-aw-decode-79f6f9b4db-aaaaa sim2real-aw-decode-79f6f9b4db-bbbbb " ]
	[ "$(val epp.pod.cache_num_blocks sim2real-aw-decode-79f6f9b4db-aaaaa)" = 3097 ]
	[ "$(val epp.requests_handled sim2real-aw-decode-79f6f9b4db-aaaaa)" = 2 ]
	[ "$(val epp.has_priority)" = true ]
}

@test "EPP: 'Request handled' lines per objectiveKey (5g resolution), against python's json" {
	X --epp-logs "$CELL/epp_logs" >"$OUT"
	validate_records "$OUT"
	# json.loads keeps a duplicate key's last value, as the EPP's readers do
	want=$(/usr/bin/python3 - "$CELL"/epp_logs/*.log <<'EOF'
import collections, json, sys
n, total = collections.Counter(), 0
for f in sorted(sys.argv[1:]):
    for line in open(f):
        try:
            o = json.loads(line)
        except ValueError:
            continue
        if isinstance(o, dict) and o.get("msg") == "Request handled":
            total += 1
            if "objectiveKey" in o:
                n[o["objectiveKey"]] += 1
print(total, " ".join("%s=%d" % kv for kv in sorted(n.items())))
EOF
)
	got="$(jq -r 'select(.metric=="epp.requests_handled" and .scope.instance==null) | .value' "$OUT") $(jq -r 'select(.metric=="epp.objective.requests") | "\(.scope.class)=\(.value)"' "$OUT" | sort | tr '\n' ' ' | sed 's/ $//')"
	[ "$got" = "$want" ]
}

@test "GPU log: per-GPU temperature, power, memory, throttling against awk" {
	g=$CELL/gpu_logs/gpu-node-7.log
	X --gpu-logs "$g" >"$OUT"
	validate_records "$OUT"
	[ "$(val gpu.blocks)" -eq "$(grep -c '^===== ' "$g")" ]
	maxt=$(awk -F'|' '/ [0-9]+C /{split($2,a," "); sub("C","",a[2]); print a[2]}' "$g" | awk 'NR%2==1' | sort -n | tail -1)
	[ "$(jq -r 'select(.metric=="gpu.temperature_c.max" and .scope.device=="0") | .value' "$OUT")" = "$maxt" ]
	[ "$(jq -r 'select(.metric=="gpu.hot_samples" and .scope.device=="0") | .value' "$OUT")" = 1 ]
	[ "$(jq -r 'select(.metric=="gpu.power_capped_samples" and .scope.device=="0") | .value' "$OUT")" = 1 ]
	[ "$(jq -r 'select(.metric=="gpu.perf_states" and .scope.device=="1") | .value' "$OUT")" = "P0,P2" ]
	[ "$(jq -r 'select(.metric=="gpu.ecc_uncorrected.max" and .scope.device=="1") | .value' "$OUT")" = 2 ]
	[ "$(jq -r 'select(.metric=="gpu.name") | .scope.instance' "$OUT" | sort -u)" = gpu-node-7 ]
}

@test "GPU log: the process table's compute processes per GPU, the table with the most kept; graphics ones and tables listing none not counted" {
	g=$BATS_TEST_TMPDIR/gpu-node-7.log
	# the second table: another compute job on GPU 0 (a driver before
	# 450 prints no GI/CI columns) and an Xorg on GPU 1
	awk '{ print } /123456 / && ++n == 2 {
	    print "|    0     777001      C   python train.py                                  14336MiB |"
	    print "|    1   N/A  N/A      2211      G   /usr/lib/xorg/Xorg                              4MiB |" }' \
	    "$CELL/gpu_logs/gpu-node-7.log" >"$g"
	X --gpu-logs "$g" >"$OUT"
	validate_records "$OUT"
	pm() { jq -r --arg m "$1" --arg d "$2" 'select(.metric == $m and .scope.device == $d) | .value' "$OUT"; }
	[ "$(pm gpu.processes.max 0)" = 2 ]
	[ "$(pm gpu.processes 0)" = "PID 123456 /usr/bin/python3 61234MiB; PID 777001 python train.py 14336MiB" ]
	[ "$(jq -r 'select(.metric == "gpu.processes.max" and .scope.device == "0") | .source.line' "$OUT")" = 49 ]
	[ "$(pm gpu.processes.max 1)" = 0 ]
	[ -z "$(pm gpu.processes 1)" ]
	# no process row at all: no record
	grep -v '123456 \|777001\|2211 ' "$g" >"$g.none"
	X --gpu-logs "$g.none" >"$OUT"
	[ -z "$(jq -r 'select(.metric | startswith("gpu.processes")) | .value' "$OUT")" ]
}

# gpu_cell DIR: a cell under DIR/baseline/w1 with the bundle fixture's
# pods, a real-mode trace of ~40 s and the gpu_logs the collector writes
# (sampled every second); prints the cell's path.
gpu_cell() {
	local d=$1/baseline/w1
	mkdir -p "$d"
	cp -R "$CELL/server_logs" "$d/"
	"$S2R_BIN/s2r-synth" --seed 7 --mode real --requests 2000 \
	    --start-epoch-us 1788935400000000 "$FIXTURES/workload/mixed.yaml" \
	    "$d" >/dev/null
	"$S2R_TOP/tests/faults/fixtures/gpu/make-gpu-logs" --interval 1 "$1"
	echo "$d"
}

@test "GPU window and join: each pod's GPU, its full-load samples in the trace's window, against an independent reading" {
	d=$(gpu_cell "$BATS_TEST_TMPDIR/real")
	X --root "$BATS_TEST_TMPDIR/real" "$d" >"$OUT"
	validate_records "$OUT"
	# upstream's rule re-read from the files: window = first send .. last
	# response, samples stamped inside it at GPU-Util 100, type-7 quantiles
	/usr/bin/python3 - "$d" "$OUT" <<'EOF'
import calendar, csv, glob, json, os, re, sys
cell, out = sys.argv[1:]
rows = list(csv.DictReader(open(os.path.join(cell, "trace_data.csv"))))
lo = min(int(r["send_time_us"]) for r in rows)
hi = max(max(int(r["last_chunk_time_us"]), int(r["send_time_us"])) for r in rows)
log = glob.glob(os.path.join(cell, "gpu_logs", "*.log"))[0]
node = os.path.basename(log)[:-4]
uuid = {l.split(",")[0].strip(): l.split(",")[1].strip()
        for l in open(os.path.join(cell, "gpu_logs", node + ".gpus.csv"))}
pods = {}
for f in glob.glob(os.path.join(cell, "gpu_logs", "*.uuids")):
    u = re.search(r"\(UUID: (\S+)\)", open(f).read()).group(1)
    pods[u] = os.path.basename(f)[:-6]
busy, inwin, gpu, t = {}, {}, None, None
for line in open(log):
    m = re.match(r"===== (\S+) ", line)
    if m:
        t = calendar.timegm(__import__("time").strptime(m.group(1), "%Y-%m-%dT%H:%M:%SZ")) * 10**6
        continue
    m = re.match(r"\|\s+(\d+)\s+NVIDIA", line)
    if m:
        gpu = m.group(1)
        continue
    m = re.match(r"\| N/A\s+(\d+)C\s+P\d+\s+(\d+)W /\s+\d+W \|.*\|\s+(\d+)%", line)
    if m and gpu is not None:
        if lo <= t <= hi:
            inwin[gpu] = inwin.get(gpu, 0) + 1
            if int(m.group(3)) >= 100:
                busy.setdefault(gpu, []).append((int(m.group(1)), int(m.group(2))))
        gpu = None
def q7(v, q):
    v = sorted(v); h = (len(v) - 1) * q; i = int(h)
    return v[i] if i + 1 >= len(v) else v[i] + (h - i) * (v[i + 1] - v[i])
recs = [json.loads(l) for l in open(out)]
def val(metric, dev=None, inst=None):
    for r in recs:
        s = r["scope"]
        if r["metric"] == metric and s.get("device") == dev and \
                (inst is None or s.get("instance") == inst):
            return r["value"]
    raise SystemExit("no %s %s %s" % (metric, dev, inst))
def near(a, b):
    assert abs(a - b) <= 1e-6 * max(1, abs(b)), (a, b)
assert val("gpu.window.start_us") == lo and val("gpu.window.end_us") == hi
for idx, u in uuid.items():
    assert val("gpu.uuid", idx) == u
    if u in pods:
        assert val("gpu.pods", idx) == pods[u]
        assert val("gpu.pod.gpus", None, pods[u]) == "%s/%s" % (node, idx)
    assert val("gpu.window.samples", idx) == inwin.get(idx, 0)
    b = busy.get(idx, [])
    assert val("gpu.busy.samples", idx) == len(b), idx
    if not b:
        continue
    temps = [x[0] for x in b]; power = [x[1] for x in b]
    mean = sum(power) / len(power)
    thr = sum(1 for tt, p in b if tt >= 80 and p <= mean - 50)
    near(val("gpu.busy.temperature_c.p95", idx), q7(temps, 0.95))
    near(val("gpu.busy.temperature_c.max", idx), max(temps))
    near(val("gpu.busy.power_w.mean", idx), mean)
    near(val("gpu.busy.power_w.p10", idx), q7(power, 0.10))
    assert val("gpu.busy.throttled_samples", idx) == thr
    near(val("gpu.busy.throttle.fraction", idx), thr / len(b))
assert len(pods) == 2 and sum(1 for i in uuid if busy.get(i)) == 4
EOF
	# the window is the trace's: named explicitly it is the same
	X --root "$BATS_TEST_TMPDIR/real" --trace "$d/trace_data.csv" "$d" | cmp - "$OUT"
	[ "$(jq -r 'select(.metric=="gpu.window.start_us") | .source.file' "$OUT")" = baseline/w1/trace_data.csv ]
}

@test "GPU ERR! samples, MIG mode and its devices table, the tables inside the window; EPP ts span, epoch and ISO 8601" {
	d=$(gpu_cell "$BATS_TEST_TMPDIR/real")
	log=$(ls "$d"/gpu_logs/*.log)
	# GPU 1 unreadable (ERR!) in 5 tables mid-log (mid-run); the
	# sampler's first and last tables inside the window, re-read
	total=$(grep -c '^===== ' "$log")
	awk -v from=$((total / 2)) '/^===== / { n++ }
	n > from && n <= from + 5 && gpu == 1 { $0 = "| ERR!  ERR!  ERR!             ERR! / ERR!  |   61247MiB /  81559MiB |    ERR!      Default |" }
	{ gpu = -1 } /^\|   1  NVIDIA/ { gpu = 1 } { print }' "$log" >"$log.tmp"
	mv "$log.tmp" "$log"
	X --root "$BATS_TEST_TMPDIR/real" "$d" >"$OUT"
	validate_records "$OUT"
	lo=$(val gpu.window.start_us) hi=$(val gpu.window.end_us)
	inwin=$(grep '^===== ' "$log" | while read -r _ t _; do
		echo $(($(date -u -d "$t" +%s) * 1000000)); done |
	    awk -v lo="$lo" -v hi="$hi" '$1 >= lo && $1 <= hi')
	[ "$(val gpu.window.blocks)" -eq "$(echo "$inwin" | wc -l)" ]
	[ "$(val gpu.window.first_us)" -eq "$(echo "$inwin" | head -1)" ]
	[ "$(val gpu.window.last_us)" -eq "$(echo "$inwin" | tail -1)" ]
	[ "$(jq -r 'select(.metric=="gpu.error_samples") | .scope.device + ":" + (.value|tostring)' "$OUT")" = "1:5" ]
	[ -z "$(jq -r 'select(.metric=="gpu.error_samples" and .scope.device != "1") | 1' "$OUT")" ]
	# no trace, no window: no window records
	X --gpu-logs "$log" >"$OUT"
	[ -z "$(val gpu.window.blocks)" ]
	# GPU 0 in MIG mode, with nvidia-smi's 'MIG devices' table after the
	# GPUs: its rows (SM count 132 where a GPU row has its ECC count) are
	# not GPU rows
	awk '/^\|   0  NVIDIA/ { gpu = 0 } gpu == 0 && /Disabled \|$/ { sub(/Disabled \|$/, " Enabled |"); gpu = -1 }
	/^\| Processes:/ { print "| MIG devices:                                                                            |"
	  print "|==================+==================================+===========+=======================|"
	  print "|  0    0   0   0  |           61245MiB / 80880MiB    | 132     0 |  7   0    7    0    7 |"
	  print "|                  |                 4MiB / 131072MiB |           |                       |"
	  print "+------------------+----------------------------------+-----------+-----------------------+" }
	/^\+-/ { gpu = -1 } { print }' "$log" >"$log.tmp"
	mv "$log.tmp" "$log"
	run --separate-stderr X --root "$BATS_TEST_TMPDIR/real" "$d"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	printf '%s\n' "$output" >"$OUT"
	[ "$(jq -r 'select(.metric=="gpu.ecc_uncorrected.max") | .value' "$OUT" | sort -u)" = 0 ]
	[ "$(jq -r 'select(.metric=="gpu.mig_samples") | .scope.device + ":" + (.value|tostring)' "$OUT")" = "0:$(jq -r 'select(.metric=="gpu.window.samples" and .scope.device=="0") | .value' "$OUT")" ]
	[ -z "$(val log.bad_lines.gpu_table)" ]
	# nvidia-smi's own error in place of 3 tables mid-run (those of the
	# ERR! samples): counted, the first its source, every GPU missing there
	awk -v from=$((total / 2)) '/^===== / { n++; skip = 0; if (n > from && n <= from + 3) { print; print "Unable to determine the device handle for GPU0000:2A:00.0: Unknown Error"; skip = 1; next } }
	!skip { print }' "$log" >"$log.tmp"
	mv "$log.tmp" "$log"
	X --root "$BATS_TEST_TMPDIR/real" "$d" >"$OUT"
	[ "$(val gpu.smi_errors)" = 3 ]
	[ "$(jq -r 'select(.metric=="gpu.smi_errors") | .source.line' "$OUT")" -eq "$(grep -n 'Unable to determine' "$log" | head -1 | cut -d: -f1)" ]
	[ "$(jq -r 'select(.metric=="gpu.window.samples" and .scope.device=="3") | .value' "$OUT")" -eq $(($(val gpu.window.blocks) - 3)) ]
	# EPP: zap's epoch seconds and ISO 8601 (Z, an offset, a fraction)
	e=$BATS_TEST_TMPDIR/epp
	mkdir -p "$e"
	printf '%s\n' '{"level":"info","ts":1776332400.5,"msg":"a"}' \
	    '{"level":"info","ts":"2026-04-16T09:39:00Z","msg":"b"}' \
	    '{"level":"info","ts":"2026-04-16T11:45:00.25+02:00","msg":"c"}' \
	    '{"level":"info","ts":"yesterday","msg":"d"}' '{"level":"info","msg":"e"}' >"$e/epp.log"
	X --epp-logs "$e" >"$OUT"
	validate_records "$OUT"
	[ "$(val epp.ts.first_us)" = 1776332340000000 ]
	[ "$(val epp.ts.last_us)" = 1776332700250000 ]
	[ "$(jq -r 'select(.metric=="epp.ts.last_us") | .n' "$OUT")" = 3 ]
	[ "$(jq -r 'select(.metric=="epp.ts.first_us") | .source.line' "$OUT")" = 2 ]
}

@test "EPP routers: pods named by the file names, replicas side by side, a replacement" {
	e=$BATS_TEST_TMPDIR/epp
	mkdir -p "$e"
	# two replicas logging through the same minutes: none replaced
	printf '%s\n' '{"level":"info","ts":1776332400,"msg":"a"}' '{"level":"info","ts":1776332700,"msg":"b"}' >"$e/epp-aaa_0940.log"
	printf '%s\n' '{"level":"info","ts":1776332410,"msg":"a"}' '{"level":"info","ts":1776332690,"msg":"b"}' >"$e/epp-bbb_0940.log"
	X --epp-logs "$e" >"$OUT"
	validate_records "$OUT"
	[ "$(val epp.routers)" = 2 ]
	[ "$(val epp.router.replaced)" = 0 ]
	[ -z "$(val epp.router.replaced_pod)" ]
	# a third pod starting 60 s before aaa's last line, logging on after
	# it: a rollout's overlap, aaa replaced
	printf '%s\n' '{"level":"info","ts":1776332640,"msg":"a"}' '{"level":"info","ts":1776333000,"msg":"b"}' >"$e/epp-ccc_0944.log"
	rm "$e/epp-bbb_0940.log"
	X --epp-logs "$e" >"$OUT"
	[ "$(val epp.router.replaced)" = 1 ]
	[ "$(val epp.router.replaced_pod)" = epp-aaa ]
	jq -r 'select(.metric=="epp.router.replaced") | .source.file' "$OUT" | grep -q 'epp-ccc_0944\.log$'
	# a file not named <pod>_<HHMM>.log names no router
	rm -f "$e"/*.log
	printf '%s\n' '{"level":"info","ts":1776332400,"msg":"a"}' >"$e/epp.log"
	X --epp-logs "$e" >"$OUT"
	[ -z "$(val epp.routers)" ]
}

@test "GPU log: nvidia-smi failing as a whole is the sampler's, counted with its first line" {
	g=$BATS_TEST_TMPDIR/gpu_logs
	mkdir -p "$g"
	printf '%s\n' '===== 2026-04-16T09:39:30Z node-1 (mon/dcgm-a) =====' \
	    'Failed to initialize NVML: Driver/library version mismatch' \
	    'NVML library version: 570.172' \
	    '===== 2026-04-16T09:39:40Z node-1 (mon/dcgm-a) =====' \
	    'Failed to initialize NVML: Driver/library version mismatch' >"$g/node-1.log"
	X --gpu-logs "$g" >"$OUT"
	validate_records "$OUT"
	[ "$(val gpu.blocks)" = 2 ]
	[ "$(val gpu.smi_failed)" = 2 ]
	[ "$(val gpu.smi_failed.text)" = 'Failed to initialize NVML: Driver/library version mismatch' ]
	[ "$(jq -r 'select(.metric=="gpu.smi_failed") | .source.line' "$OUT")" = 2 ]
	[ -z "$(val gpu.smi_errors)" ]
	[ -z "$(val gpu.name)" ]
}

@test "GPU join files: a TP=2 pod, MIG lines, a header row, a UUID in no node's list, bad lines warned" {
	g=$BATS_TEST_TMPDIR/gpu_logs
	mkdir -p "$g"
	cp "$CELL/gpu_logs/gpu-node-7.log" "$g/"
	printf 'index, uuid, pci.bus_id\n0, GPU-aaaa0000-1111-2222-3333-444444444444, 00000000:18:00.0\n1, GPU-bbbb0000-1111-2222-3333-444444444444, 00000000:2A:00.0\nnot a row\n' >"$g/gpu-node-7.gpus.csv"
	printf 'GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-bbbb0000-1111-2222-3333-444444444444)\n  MIG 3g.40gb     Device  0: (UUID: MIG-cccc0000-1111-2222-3333-444444444444)\nGPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-aaaa0000-1111-2222-3333-444444444444)\n' >"$g/pod-tp2.uuids"
	printf 'GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-dddd0000-1111-2222-3333-444444444444)\n' >"$g/pod-lost.uuids"
	printf 'Failed to initialize NVML: Unknown Error\n' >"$g/pod-nvml.uuids"
	run --separate-stderr X --gpu-logs "$g"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$OUT"
	validate_records "$OUT"
	[ "$(val gpu.pod.gpus pod-tp2)" = "gpu-node-7/1,gpu-node-7/0" ]
	[ "$(jq -r 'select(.metric=="gpu.pod.gpus" and .scope.instance=="pod-tp2") | .n' "$OUT")" = 2 ]
	[ "$(val gpu.pod.gpus pod-lost)" = null ]
	[ "$(val gpu.pod.gpus pod-nvml)" = null ]
	[ "$(jq -r 'select(.metric=="gpu.pods") | .scope.device + "=" + .value' "$OUT" | tr '\n' ' ')" = "0=pod-tp2 1=pod-tp2 " ]
	[ "$(val log.bad_lines.gpu_join)" = 2 ]
	[[ "$stderr" == *"gpu-node-7.gpus.csv:4:1: expected \"index, uuid, bus id\""* ]]
	[[ "$stderr" == *"pod-nvml.uuids:1:1: expected \"GPU N: <name> (UUID: GPU-...)\""* ]]
	# no window without a trace: every table counts
	[ "$(jq -r 'select(.metric=="gpu.window.samples" and .scope.device=="0") | .value' "$OUT")" -eq "$(grep -c '^===== ' "$g/gpu-node-7.log")" ]
	[ -z "$(val gpu.window.start_us)" ]
}

@test "bad input: an unreadable join file, a trace with a bad time" {
	g=$BATS_TEST_TMPDIR/gpu_logs
	mkdir -p "$g"
	cp "$CELL/gpu_logs/gpu-node-7.log" "$g/"
	run --separate-stderr X --gpu-logs "$g/gpu-node-7.log" --gpu-logs "$g/missing.uuids"
	assert_bad_input
	[[ "$stderr" == *"missing.uuids: cannot open"* ]]
	printf 'request_id,send_time_us,last_chunk_time_us\n1,12x,5\n' >"$BATS_TEST_TMPDIR/t.csv"
	run --separate-stderr X --gpu-logs "$g" --trace "$BATS_TEST_TMPDIR/t.csv"
	assert_bad_input
	[[ "$stderr" == *"t.csv:2:"*"send_time_us"* ]]
}

@test "absent epp_logs and gpu_logs are said, not an error" {
	d=$BATS_TEST_TMPDIR/cell
	mkdir -p "$d/server_logs"
	cp "$L/v0202/qrt-decode-0_vllm.log" "$d/server_logs/"
	X "$d" >"$OUT"
	[ "$(val logs.present.epp_logs)" = false ]
	[ "$(val logs.present.gpu_logs)" = false ]
	[ "$(jq -r 'select(.metric|startswith("epp.")) | 1' "$OUT" | wc -l)" -eq 0 ]
}

@test "deterministic: same bytes twice; stdin works" {
	X "$CELL" >"$OUT"
	X "$CELL" | cmp - "$OUT"
	[ "$(X --server-logs - <"$L/v0202/qrt-decode-0_vllm.log" | jq -r 'select(.metric=="kv_cache.tokens") | .value')" = 281008 ]
}

@test "bad input: unreadable file, bad usage" {
	run --separate-stderr X --server-logs /nonexistent/x_vllm.log
	assert_bad_input
	[[ "$stderr" == *"/nonexistent/x_vllm.log"* ]]
	run --separate-stderr X --bogus
	[ "$status" -eq 2 ]
	run --separate-stderr X
	[ "$status" -eq 2 ]
	[ -z "$output" ]
}

@test "bad input: 200 MB single line, binary junk, invalid UTF-8, truncated — warned, rest still read" {
	f=$BATS_TEST_TMPDIR/bad_vllm.log
	head -n 12 "$L/v0202/qrt-decode-0_vllm.log" >"$f"
	head -c 200000000 /dev/zero | tr '\0' 'x' >>"$f"
	printf '\n\001\000\002junk\n(APIServer pid=1) INFO 01-01 00:00:00 [x.py:1] caf\351\n' >>"$f"
	tail -n 3 "$L/v0202/qrt-decode-0_vllm.log" >>"$f"
	printf '(APIServer pid=45) INFO:     10.0.0.1:0 - "POST /v1/compl' >>"$f"
	run --separate-stderr X --server-logs "$f"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$OUT"
	validate_records "$OUT"
	[[ "$stderr" == *"bad_vllm.log:13:"*"longer"* ]]
	[[ "$stderr" == *"bad_vllm.log:14:"*"NUL"* ]]
	[[ "$stderr" == *"bad_vllm.log:15:"*"UTF-8"* ]]
	[[ "$stderr" == *"truncated"* ]]
	[ "$(val log.bad_lines.overlong)" = 1 ]
	[ "$(val log.bad_lines.binary)" = 1 ]
	[ "$(val log.bad_lines.invalid_utf8)" = 1 ]
	[ "$(val log.bad_lines.truncated)" = 1 ]
	[ "$(val kv_cache.tokens)" = 281008 ]
	[ "$(val log.pattern_count.cuda_error)" = 1 ]
}

# The fields of one stats line as a JSON row [kv, running, waiting,
# prefix hit rate] (null: the line has no hit rate).
stats_row() {
	local l hit

	l=$(cat)
	hit=$(echo "$l" | sed -n 's/.*, Prefix cache hit rate: \([0-9.]*\)%.*/\1/p')
	echo "$l" | sed -n 's/.*Running: \([0-9]*\) reqs, Waiting: \([0-9]*\) reqs.*GPU KV cache usage: \([0-9.]*\)%.*/[\3,\1,\2]/p' |
	    jq -c --arg h "$hit" 'map(tonumber) + [if $h == "" then null else ($h | tonumber) end]'
}

@test "stats.series: one point per stats line, first and last from the log text" {
	for f in "$L"/v0202/qrt-decode-0_vllm.log "$CELL"/server_logs/*_vllm.log; do
		X --server-logs "$f" >"$OUT"
		validate_records "$OUT"
		lines=$(grep -c 'Engine 000: ' "$f")
		[ "$(jq -c 'select(.metric == "stats.series") | .points | length' "$OUT")" -eq "$lines" ]
		[ "$(jq -c 'select(.metric == "stats.series") | [.n, .value, .columns]' "$OUT")" = \
		    "[$lines,null,[\"t_s\",\"kv_cache_usage_pct\",\"running\",\"waiting\",\"prefix_cache_hit_rate_pct\"]]" ]
		first=$(grep -m1 'Engine 000: ' "$f")
		last=$(grep 'Engine 000: ' "$f" | tail -1)
		# t: seconds between the HH:MM:SS stamps (same day in these logs)
		secs() { sed 's/.* INFO [0-9-]* \([0-9:]*\) .*/\1/' | awk -F: '{ print $1 * 3600 + $2 * 60 + $3 }'; }
		dt=$(( $(echo "$last" | secs) - $(echo "$first" | secs) ))
		[ "$(jq -c 'select(.metric == "stats.series") | .points[0]' "$OUT")" = \
		    "$(echo "$first" | stats_row | jq -c '[0] + .')" ]
		[ "$(jq -c 'select(.metric == "stats.series") | .points[-1]' "$OUT")" = \
		    "$(echo "$last" | stats_row | jq -c --argjson t "$dt" '[$t] + .')" ]
		[ "$(jq -r 'select(.metric == "stats.series") | .source.line' "$OUT")" = \
		    "$(grep -n -m1 'Engine 000: ' "$f" | cut -d: -f1)" ]
	done
}

@test "stats.series: a long log across New Year is downsampled to at most 240 points, max per bucket" {
	f=$BATS_TEST_TMPDIR/long_vllm.log
	# 1000 stats lines 10 s apart from 12-31 22:00:00 (crosses midnight
	# into 01-01): elapsed of the last line is 9990 s.
	/usr/bin/python3 - "$f" <<-'PY'
	import datetime, sys
	t0 = datetime.datetime(2001, 12, 31, 22, 0, 0)
	with open(sys.argv[1], "w") as out:
	    for i in range(1000):
	        t = t0 + datetime.timedelta(seconds=10 * i)
	        kv = (i * 37) % 1000 / 10
	        out.write("(APIServer pid=1) INFO %s [loggers.py:259] Engine 000: Avg prompt "
	                  "throughput: 1.0 tokens/s, Avg generation throughput: 2.0 tokens/s, "
	                  "Running: %d reqs, Waiting: %d reqs, GPU KV cache usage: %.1f%%, "
	                  "Prefix cache hit rate: 0.0%%\n" % (t.strftime("%m-%d %H:%M:%S"), i % 50, i % 7, kv))
	PY
	X --server-logs "$f" >"$OUT"
	validate_records "$OUT"
	S() { jq -c "select(.metric == \"stats.series\") | $1" "$OUT"; }
	[ "$(S '.points | length')" -le 240 ]
	[ "$(S '.points | length')" -gt 100 ]
	[ "$(S .n)" -eq 1000 ]
	# times strictly increase, start at 0, the last bucket holds 9990 s
	[ "$(S '[.points[][0]] | . == (sort | unique)')" = true ]
	[ "$(S '.points[0][0]')" -eq 0 ]
	w=$(S .source.how | sed 's/.*buckets of \([0-9]*\) s.*/\1/')
	last=$(S '.points[-1][0]')
	[ "$last" -le 9990 ] && [ "$last" -gt $((9990 - w)) ]
	# bucket maxima: the series' maxima are the log's maxima
	[ "$(S '[.points[][1]] | max')" = "$(grep -o 'usage: [0-9.]*' "$f" | cut -d' ' -f2 | sort -n | tail -1)" ]
	[ "$(S '[.points[][2]] | max')" = 49 ]
	[ "$(S '[.points[][3]] | max')" = 6 ]
	[ "$(S '[.points[][4]] | max')" = 0 ]
	# and the first bucket's values are the maxima of the lines in [0, w)
	want=$(awk -v w="$w" 'NR <= int((w + 9) / 10) { sub(/.*usage: /, ""); sub(/%.*/, ""); if ($0 + 0 > m) m = $0 + 0 } END { print m }' "$f")
	[ "$(S '.points[0][1]')" = "$want" ]
}

@test "stats.first_stamp/last_stamp: the busy window's ends from the log text; an impossible stamp is skipped" {
	for f in "$L"/v0202/qrt-decode-0_vllm.log "$CELL"/server_logs/*_vllm.log; do
		X --server-logs "$f" >"$OUT"
		validate_records "$OUT"
		stamp() { sed 's/.* INFO \([0-9-]* [0-9:]*\) .*/\1/'; }
		[ "$(val stats.first_stamp)" = "$(grep -m1 'Engine 000: ' "$f" | stamp)" ]
		[ "$(val stats.last_stamp)" = "$(grep 'Engine 000: ' "$f" | tail -1 | stamp)" ]
		[ "$(jq -r 'select(.metric == "stats.last_stamp") | .source.line' "$OUT")" = \
		    "$(grep -n 'Engine 000: ' "$f" | tail -1 | cut -d: -f1)" ]
		# the container's start: its first startup line
		[ "$(val log.start_stamp)" = "$(grep -m1 -e 'non-default args: ' \
		    -e 'Initializing a V1 LLM engine' "$f" | stamp)" ]
		[ "$(jq -r 'select(.metric == "log.start_stamp") | .source.line' "$OUT")" = \
		    "$(grep -n -m1 -e 'non-default args: ' -e 'Initializing a V1 LLM engine' "$f" | cut -d: -f1)" ]
	done
	# one startup, no restart stamp
	[ -z "$(val log.restart_stamp)" ]
	# a log that follows the pod across a restart: its startup lines
	# again after the stats lines; the restart's first is the stamp
	f=$BATS_TEST_TMPDIR/restart_vllm.log
	g="$L/v0202/qrt-decode-0_vllm.log"
	{ cat "$g"; grep -e 'non-default args: ' -e 'Initializing a V1 LLM engine' "$g" |
	    sed 's/ \([0-9][0-9]-[0-9][0-9]\) [0-9:]* / \1 23:59:58 /'; } >"$f"
	X --server-logs "$f" >"$OUT"
	validate_records "$OUT"
	[ "$(val log.start_stamp)" = "$(grep -m1 -e 'non-default args: ' \
	    -e 'Initializing a V1 LLM engine' "$g" | stamp)" ]
	[ "$(val log.restart_stamp | cut -c7-)" = 23:59:58 ]
	[ "$(jq -r 'select(.metric == "log.restart_stamp") | .source.line' "$OUT")" = $(($(wc -l <"$g") + 1)) ]
	# a log cut with --since has no startup line: no start stamp
	f=$BATS_TEST_TMPDIR/since_vllm.log
	grep -v -e 'non-default args: ' -e 'Initializing a V1 LLM engine' \
	    "$L/v0202/qrt-decode-0_vllm.log" >"$f"
	X --server-logs "$f" >"$OUT"
	[ -n "$(val stats.first_stamp)" ]
	[ -z "$(val log.start_stamp)" ]
	f=$BATS_TEST_TMPDIR/stamp_vllm.log
	grep 'Engine 000: ' "$L/v0202/qrt-decode-0_vllm.log" >"$f"
	last=$(tail -1 "$f" | stamp)
	sed -n '1s/ 06-08 / 13-08 /p' "$f" >>"$f"
	X --server-logs "$f" >"$OUT" 2>/dev/null
	[ "$(val stats.last_stamp)" = "$last" ]
	# no stats line: no stamps
	grep -v 'Engine 000: ' "$L/v0202/qrt-decode-0_vllm.log" >"$f"
	X --server-logs "$f" >"$OUT" 2>/dev/null
	[ -z "$(val stats.first_stamp)" ]
}

@test "stats.series: an impossible stamp is warned about and left out" {
	f=$BATS_TEST_TMPDIR/stamp_vllm.log
	grep 'Engine 000: ' "$L/v0202/qrt-decode-0_vllm.log" >"$f"
	sed -n '1s/ 06-08 / 13-08 /p' "$f" >>"$f"
	run --separate-stderr X --server-logs "$f"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$OUT"
	validate_records "$OUT"
	[[ "$stderr" == *"stamp_vllm.log:5:"*"MM-DD HH:MM:SS"*"13-08"* ]]
	[ "$(val log.bad_lines.stamp)" = 1 ]
	[ "$(jq -c 'select(.metric == "stats.series") | .points | length' "$OUT")" -eq 4 ]
	[ "$(val stats.kv_cache_usage_pct.max)" = 38.1 ]
}

@test "-o FILE: the same records as on stdout, and nothing else in the folder" {
	cell=$L/bundle/baseline/w1
	mkdir "$BATS_TEST_TMPDIR/o"
	"$S2R_BIN/s2r-log-extract" --output "$BATS_TEST_TMPDIR/o/l.ndjson" "$cell"
	"$S2R_BIN/s2r-log-extract" "$cell" | cmp - "$BATS_TEST_TMPDIR/o/l.ndjson"
	[ "$(jq -s length "$BATS_TEST_TMPDIR/o/l.ndjson")" -gt 10 ]
	[ "$(ls -A "$BATS_TEST_TMPDIR/o")" = l.ndjson ]
}
