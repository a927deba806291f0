#!/usr/bin/env bats
# The fault-injection suite (issue 11, part 1): every script in
# tests/faults/ plants one fault in a copy of a real sample pair, runs the
# parity or alignment pipeline and must see the planted verdict (FAIL, or
# the WARN the procedure prescribes) while every verdict outside the
# checks and cells the fault declares stays as on the clean copy.  The
# harness is tests/faults/lib.sh; docs/faults.md lists the faults.  Faults
# in tests/faults/known-misses are skipped with their diagnosis (`make
# faults` still runs them).
load helpers
bats_require_minimum_version 1.5.0

setup_file() {
	# one clean run per pair for the whole file
	export FAULTS_TMP="$BATS_FILE_TMPDIR"
}

setup() {
	. "$S2R_TOP/tests/faults/lib.sh"
}

# The pair's inputs: every pair but vllm copies sample data.
need_pair() {
	[ "$1" = vllm ] || need_samples
}

fault() {
	local km
	km=$(known_miss "$1")
	[ -z "$km" ] || skip "known miss (issue 11): $km"
	need_pair "$(fault_field "$1" pair)"
	fault_eval "$1" || {
		cat "$FAULTS_TMP/faults/$1/result"
		return 1
	}
}

clean() {
	local v u
	need_pair "$1"
	for v in FAIL WARN; do
		u=$(clean_unexplained "$1" "$v") || return 1
		[ -z "$u" ] || {
			echo "clean $1: $v verdicts tests/faults/clean-verdicts does not explain:"
			echo "$u"
			return 1
		}
	done
}

@test "harness: every fault declares its pair, plant, catches and touches, and is tested and documented" {
	local n f
	[ "$(fault_list | wc -l)" -ge 45 ]
	for n in $(fault_list); do
		for f in pair plants catches touches; do
			[ -n "$(fault_field "$n" $f)" ] || { echo "$n: no '# $f:'"; return 1; }
		done
		grep -q "^	fault $n\$" "$BATS_TEST_FILENAME" || { echo "$n: no @test"; return 1; }
		grep -q "| \`$n\` |" "$S2R_TOP/docs/faults.md" || { echo "$n: not in docs/faults.md"; return 1; }
	done
	while read -r n _; do
		case $n in ''|\#*) continue ;; esac
		[ -f "$S2R_TOP/tests/faults/$n.sh" ] || { echo "known-misses: no fault $n"; return 1; }
	done <"$S2R_TOP/tests/faults/known-misses"
}

@test "harness: a fault that changes nothing is a miss, one that moves an undeclared verdict is disturbed" {
	need_samples
	FAULT_DIR="$BATS_TEST_TMPDIR/f"
	mkdir -p "$FAULT_DIR"
	printf '# pair: aw\n# plants: nothing\n# catches: 1a qps.actual phase=baseline,workload=w2_stationary => FAIL\n# touches: 1a\nplant() { :; }\n' \
	    >"$FAULT_DIR/noop.sh"
	run fault_eval noop
	[ "$status" -eq 1 ]
	grep -q '^not caught: 1a qps.actual' "$FAULTS_TMP/faults/noop/result"
	printf '# pair: aw\n# plants: a 5f fault declared as 1a\n# catches: 1a qps.actual phase=baseline,workload=w2_stationary => FAIL\n# touches: 1a\nplant() { sed -i "s/GPU KV cache size: 198,208 tokens/GPU KV cache size: 98,208 tokens/" "$REAL"/baseline/w2_stationary/server_logs/*k48j7*; trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" "rows = rows[::2]"; }\n' \
	    >"$FAULT_DIR/undeclared.sh"
	run fault_eval undeclared
	[ "$status" -eq 1 ]
	grep -q '^disturbed outside the touched set: 5f kv_cache.tokens instance=sim2real-aw-decode-79f6f9b4db-k48j7' \
	    "$FAULTS_TMP/faults/undeclared/result"
	! grep -q '^not caught' "$FAULTS_TMP/faults/undeclared/result" || false
}

# same_as_clean PAIR [KEYS]: plant() (the test's) in a copy of the pair
# must leave every verdict (whose key matches the extended regex KEYS) as
# on the clean copy: a variant the router or vLLM reads the same way is
# no fault.
same_as_clean() {
	local c d="$BATS_TEST_TMPDIR/variant" keys=${2:-.}
	need_pair "$1"
	c=$(pair_clean "$1")
	cp -R "$c/in" "$d"
	(cd "$d" && SIM=$d/sim REAL=$d/real && set -e && plant)
	pair_run "$1" "$d" "$d/out"
	diff <(/usr/bin/python3 "$FAULTS/compare" --keys "$c/out/verdicts.ndjson" |
	    grep -E "$keys") \
	    <(/usr/bin/python3 "$FAULTS/compare" --keys "$d/out/verdicts.ndjson" |
	    grep -E "$keys")
}

@test "variant aw: a scorer step without a weight is the router's weight 1, as the plan's explicit 1.0" {
	plant() {
		local f="$REAL/generated/treatment_config.yaml"
		sed -i '/pluginRef: delegation-scorer/{n;/weight: 1.0/d}' "$f"
		! grep -A1 'pluginRef: delegation-scorer' "$f" | grep -q weight || false
	}
	same_as_clean aw
}

@test "variant aw: a config without a picker routes with the max-score-picker the router adds, as the plan's (2c and 2d still see the text differ)" {
	plant() {
		local f="$REAL/generated/baseline_config.yaml"
		sed -i -e '/- name: picker/{N;d}' -e '/pluginRef: picker/d' "$f"
		! grep -q picker "$f" || false
	}
	same_as_clean aw '^(4[a-d]|5g) '
	jq -e -s 'map(select(.kind == "verdict" and .check == "4a" and
	    .metric == "routing.policy" and .scope.phase == "baseline")) |
	    .[0].why |
	    test("deployed max-score-picker [(]added by the router.s loader; generated/baseline_config.yaml:[0-9]+[)];")' \
	    "$BATS_TEST_TMPDIR/variant/out/verdicts.ndjson"
}

@test "clean aw: every FAIL and WARN is one tests/faults/clean-verdicts explains" {
	clean aw
}

@test "clean 14b: every FAIL and WARN is one tests/faults/clean-verdicts explains" {
	clean 14b
}

@test "clean upstream: every FAIL and WARN is one tests/faults/clean-verdicts explains" {
	clean upstream
}

@test "clean expceil: every FAIL and WARN is one tests/faults/clean-verdicts explains" {
	clean expceil
}

@test "clean corpus: every FAIL and WARN is one tests/faults/clean-verdicts explains" {
	clean corpus
}

@test "clean lora: every FAIL and WARN is one tests/faults/clean-verdicts explains" {
	clean lora
}

@test "clean hta: every FAIL and WARN is one tests/faults/clean-verdicts explains" {
	clean hta
}

@test "clean vllm: every FAIL and WARN is one tests/faults/clean-verdicts explains" {
	clean vllm
}

@test "1a-cell-traces-swapped (aw): 5b WARN" {
	fault 1a-cell-traces-swapped
}

@test "1a-corpus-concurrency (corpus): 1a FAIL" {
	fault 1a-corpus-concurrency
}

@test "1a-corpus-session-ids-merged (corpus): 1a FAIL" {
	fault 1a-corpus-session-ids-merged
}

@test "1a-corpus-sessions (corpus): 1a FAIL" {
	fault 1a-corpus-sessions
}

@test "1a-corpus-flattened (corpus): 1a FAIL" {
	fault 1a-corpus-flattened
}

@test "1a-duration-half (14b): 1a FAIL" {
	fault 1a-duration-half
}

@test "1a-failed-rows-dropped (14b): 1a FAIL" {
	fault 1a-failed-rows-dropped
}

@test "1a-rows-appended-twice-expceil (expceil): 1a FAIL" {
	fault 1a-rows-appended-twice-expceil
}

@test "1a-run-tail-cut (14b): 1a FAIL" {
	fault 1a-run-tail-cut
}

@test "1a-lifecycle-shift (14b): 1[ab] FAIL" {
	fault 1a-lifecycle-shift
}

@test "1a-rate-fraction-all (14b): 1a WARN" {
	fault 1a-rate-fraction-all
}

@test "1a-rate-low (aw): 1a FAIL" {
	fault 1a-rate-low
}

@test "1a-seed-not-recorded (expceil): 1a FAIL|WARN" {
	fault 1a-seed-not-recorded
}

@test "1a-seed-other (aw): 1a FAIL" {
	fault 1a-seed-other
}

@test "1a-client-dropped (14b): 1a FAIL" {
	fault 1a-client-dropped
}

@test "1a-client-window-short (14b): 1a FAIL" {
	fault 1a-client-window-short
}

@test "1a-retries-logged (14b): 1a WARN|FAIL" {
	fault 1a-retries-logged
}

@test "1a-send-ceiling (aw): 1a WARN" {
	fault 1a-send-ceiling
}

@test "1a-run-spec-differs (upstream): 1a FAIL" {
	fault 1a-run-spec-differs
}

@test "1b-adapter-base-model (lora): 1b FAIL" {
	fault 1b-adapter-base-model
}

@test "1b-adapter-column-lost (lora): 1b WARN" {
	fault 1b-adapter-column-lost
}

@test "1b-adapter-popularity-swapped (lora): 1b FAIL" {
	fault 1b-adapter-popularity-swapped
}

@test "1b-adapter-clients-swapped (lora): 1b FAIL" {
	fault 1b-adapter-clients-swapped
}

@test "1b-class-all-critical-expceil (expceil): 1b FAIL" {
	fault 1b-class-all-critical-expceil
}

@test "1b-class-by-row (14b): 1b FAIL" {
	fault 1b-class-by-row
}

@test "1b-class-mislabel (14b): 1b FAIL" {
	fault 1b-class-mislabel
}

@test "1b-class-mix-old-spec (14b): 1b FAIL" {
	fault 1b-class-mix-old-spec
}

@test "1b-class-renamed (14b): 1b FAIL" {
	fault 1b-class-renamed
}

@test "1b-window-class-mislabel (14b): 1b FAIL" {
	fault 1b-window-class-mislabel
}

@test "1c-corpus-growth (corpus): 1c FAIL" {
	fault 1c-corpus-growth
}

@test "1c-corpus-context-flat (corpus): 1c FAIL" {
	fault 1c-corpus-context-flat
}

@test "1c-server-tokens (aw): 1c FAIL" {
	fault 1c-server-tokens
}

@test "1c-input-narrow (aw): 1c FAIL" {
	fault 1c-input-narrow
}

@test "1c-input-short (aw): 1c FAIL" {
	fault 1c-input-short
}

@test "1c-usage-not-reported (aw): 1c MISSING" {
	fault 1c-usage-not-reported
}

@test "1c-window-input-short (aw): 1c FAIL" {
	fault 1c-window-input-short
}

@test "1c-input-uniform (aw): 1c FAIL" {
	fault 1c-input-uniform
}

@test "1c-input-lognormal (aw): 1c FAIL" {
	fault 1c-input-lognormal
}

@test "1c-input-constant (aw): 1c FAIL" {
	fault 1c-input-constant
}

@test "1c-input-over-max (aw): 1c WARN" {
	fault 1c-input-over-max
}

@test "1c-input-sorted (aw): 1c FAIL" {
	fault 1c-input-sorted
}

@test "1c-prompt-truncated (aw): 1c WARN" {
	fault 1c-prompt-truncated
}

@test "1d-client-output-half (14b): 1d FAIL" {
	fault 1d-client-output-half
}

@test "1d-client-outputs-swapped (aw): 1d FAIL" {
	fault 1d-client-outputs-swapped
}

@test "1d-eos-tail (aw): 1d WARN" {
	fault 1d-eos-tail
}

@test "1d-finish-column-renamed (aw): 1d MISSING" {
	fault 1d-finish-column-renamed
}

@test "1d-max-model-len-cut (lora): 1d FAIL" {
	fault 1d-max-model-len-cut
}

@test "1d-output-eos (aw): 1d FAIL" {
	fault 1d-output-eos
}

@test "1d-output-capped (aw): 1d FAIL" {
	fault 1d-output-capped
}

@test "1d-output-clamped-lora (lora): 1d FAIL" {
	fault 1d-output-clamped-lora
}

@test "1d-output-min-ignored (aw): 1d WARN" {
	fault 1d-output-min-ignored
}

@test "1e-client-prefix-dropped (aw): 1e FAIL" {
	fault 1e-client-prefix-dropped
}

@test "1e-prefix-group-merged (aw): 1e FAIL" {
	fault 1e-prefix-group-merged
}

@test "1e-prefix-length-half (aw): 1e FAIL" {
	fault 1e-prefix-length-half
}

@test "1e-prefix-lost (aw): 1e FAIL" {
	fault 1e-prefix-lost
}

@test "1e-prefix-not-sent (aw): 1e/1c FAIL" {
	fault 1e-prefix-not-sent
}

@test "1e-prefix-unplanned (upstream): 1e FAIL" {
	fault 1e-prefix-unplanned
}

@test "1e-window-prefix-lost (aw): 1e FAIL" {
	fault 1e-window-prefix-lost
}

@test "1e-prefix-other-tokenizer (aw): 1e WARN" {
	fault 1e-prefix-other-tokenizer
}

@test "1f-client-stream-flag-ignored (14b): 1f FAIL" {
	fault 1f-client-stream-flag-ignored
}

@test "1f-client-unstreamed (14b): 1f FAIL" {
	fault 1f-client-unstreamed
}

@test "1f-stream-buffered (upstream): 1f FAIL" {
	fault 1f-stream-buffered
}

@test "1f-stream-coalesced (aw): 1f WARN" {
	fault 1f-stream-coalesced
}

@test "1f-stream-not-sent (aw): 1f FAIL" {
	fault 1f-stream-not-sent
}

@test "1f-streaming-off (upstream): 1f FAIL" {
	fault 1f-streaming-off
}

@test "1f-window-streaming-off (aw): 1f FAIL" {
	fault 1f-window-streaming-off
}

@test "1f-first-chunk-at-headers (14b): 1f WARN" {
	fault 1f-first-chunk-at-headers
}

@test "1g-batched-sends (aw): 1g FAIL" {
	fault 1g-batched-sends
}

@test "1g-burst-as-poisson (14b): 1g FAIL" {
	fault 1g-burst-as-poisson
}

@test "1g-corpus-rounds-reordered (corpus): 1g FAIL" {
	fault 1g-corpus-rounds-reordered
}

@test "1g-gamma-shape-cv (14b): 1g FAIL" {
	fault 1g-gamma-shape-cv
}

@test "1g-constant-pacing (aw): 1g FAIL" {
	fault 1g-constant-pacing
}

@test "1g-arrivals-bursty (aw): 1g FAIL" {
	fault 1g-arrivals-bursty
}

@test "1g-client-one-row (14b): 1g WARN, 1b FAIL" {
	fault 1g-client-one-row
}

@test "1g-clients-round-robin (aw): 1g FAIL" {
	fault 1g-clients-round-robin
}

@test "1g-constant-client-as-poisson (14b): 1g FAIL" {
	fault 1g-constant-client-as-poisson
}

@test "1g-corpus-think-time (corpus): 1g FAIL" {
	fault 1g-corpus-think-time
}

@test "1g-corpus-rounds-open-loop (corpus): 1g FAIL" {
	fault 1g-corpus-rounds-open-loop
}

@test "1g-corpus-think-skipped (corpus): 1g FAIL" {
	fault 1g-corpus-think-skipped
}

@test "1h-api-format-chat (14b): 1h FAIL" {
	fault 1h-api-format-chat
}

@test "1h-arm-results-copied (upstream): 1h FAIL" {
	fault 1h-arm-results-copied
}

@test "1h-client-cap-lower (14b): 1h FAIL" {
	fault 1h-client-cap-lower
}

@test "1h-client-clock-forward (aw): 1h WARN" {
	fault 1h-client-clock-forward
}

@test "1h-client-clock-step (aw): 1h WARN" {
	fault 1h-client-clock-step
}

@test "1h-corpus-warmup-truncates (corpus): 1h WARN" {
	fault 1h-corpus-warmup-truncates
}

@test "1h-itl-cut-short (lora): 1h WARN" {
	fault 1h-itl-cut-short
}

@test "1h-itl-missing (14b): 1h FAIL" {
	fault 1h-itl-missing
}

@test "1h-itl-other-run (lora): 1h FAIL" {
	fault 1h-itl-other-run
}

@test "1h-protocol-cap (14b): 1h FAIL" {
	fault 1h-protocol-cap
}

@test "1h-protocol-timeout (14b): 1h FAIL" {
	fault 1h-protocol-timeout
}

@test "1h-send-lag-upstream (upstream): 1h FAIL" {
	fault 1h-send-lag-upstream
}

@test "1h-streaming-off (14b): 1h FAIL" {
	fault 1h-streaming-off
}

@test "1h-warmup-other (14b): 1h FAIL" {
	fault 1h-warmup-other
}

@test "1h-warmup-rows-kept (expceil): 1h FAIL" {
	fault 1h-warmup-rows-kept
}

@test "2a-arm-flags-other (upstream): 2a FAIL" {
	fault 2a-arm-flags-other
}

@test "2a-arm-model-instruct (upstream): 2a FAIL" {
	fault 2a-arm-model-instruct
}

@test "2a-arm-other-gpu (upstream): 2a FAIL" {
	fault 2a-arm-other-gpu
}

@test "2a-gpu-mem-one-arm (aw): 2a FAIL" {
	fault 2a-gpu-mem-one-arm
}

@test "2a-lora-base-8b (lora): 2a FAIL" {
	fault 2a-lora-base-8b
}

@test "2a-trace-other-model (aw): 2a FAIL" {
	fault 2a-trace-other-model
}

@test "2a-gpu-type (14b): 2a FAIL" {
	fault 2a-gpu-type
}

@test "2a-prefix-caching-off (aw): 2a FAIL" {
	fault 2a-prefix-caching-off
}

@test "2b-log-collected-twice (aw): 2b WARN" {
	fault 2b-log-collected-twice
}

@test "2b-three-pods (aw): 2b FAIL" {
	fault 2b-three-pods
}

@test "2b-log-tail-copy (aw): 2b WARN" {
	fault 2b-log-tail-copy
}

@test "2b-old-pod-serving (aw): 2b FAIL" {
	fault 2b-old-pod-serving
}

@test "2b-pod-crashed-at-start (aw): 2b FAIL" {
	fault 2b-pod-crashed-at-start
}

@test "2b-pod-never-routed (14b): 2b FAIL" {
	fault 2b-pod-never-routed
}

@test "2b-sim-instances-other (14b): 2b FAIL" {
	fault 2b-sim-instances-other
}

@test "2a-run-flag-twice (upstream): 2a FAIL" {
	fault 2a-run-flag-twice
}

@test "2b-prefill-split (upstream): 2b FAIL" {
	fault 2b-prefill-split
}

@test "2a-run-flag-dropped (upstream): 2a WARN" {
	fault 2a-run-flag-dropped
}

@test "2a-eager-everywhere (14b): 2a WARN" {
	fault 2a-eager-everywhere
}

@test "2a-batched-tokens-default (aw): 2a FAIL, 5a FAIL, 2c FAIL" {
	fault 2a-batched-tokens-default
}

@test "2a-block-size-default (aw): 2a FAIL, 5a FAIL" {
	fault 2a-block-size-default
}

@test "2a-chunked-prefill-off (14b): 2a FAIL, 5a FAIL" {
	fault 2a-chunked-prefill-off
}

@test "2a-gpu-fa2-both-arms (aw): 2a WARN" {
	fault 2a-gpu-fa2-both-arms
}

@test "2b-run-replicas (upstream): 2b FAIL, 2a FAIL" {
	fault 2b-run-replicas
}

@test "2b-stale-extra-logs (aw): 5b FAIL, 2b WARN" {
	fault 2b-stale-extra-logs
}

@test "2b-log-not-collected (aw): 2b WARN" {
	fault 2b-log-not-collected
}

@test "2c-arm-other-seed (aw): 2c FAIL|WARN" {
	fault 2c-arm-other-seed
}

@test "2c-arm-vllm-version (aw): 2c FAIL|WARN" {
	fault 2c-arm-vllm-version
}

@test "2c-arm-warmup-one-arm (aw): 2c FAIL" {
	fault 2c-arm-warmup-one-arm
}

@test "2c-baseline-detector (14b): 2c FAIL" {
	fault 2c-baseline-detector
}

@test "2c-baseline-treatment-configmap (aw): 2c FAIL|WARN" {
	fault 2c-baseline-treatment-configmap
}

@test "2c-extra-feature-gate (aw): 2c FAIL" {
	fault 2c-extra-feature-gate
}

@test "2c-instances-other-workload (aw): 2c FAIL, MISSING" {
	fault 2c-instances-other-workload
}

@test "2c-kept-scorer-aw (aw): 2c FAIL, 2d FAIL" {
	fault 2c-kept-scorer-aw
}

@test "2c-lost-baseline-cell (aw): 2c MISSING|FAIL" {
	fault 2c-lost-baseline-cell
}

@test "2c-run-other-namespace (upstream): 2c WARN" {
	fault 2c-run-other-namespace
}

@test "2c-shared-param-aw (aw): 2c FAIL, 2d FAIL" {
	fault 2c-shared-param-aw
}

@test "2c-shared-picker-param (14b): 2c FAIL" {
	fault 2c-shared-picker-param
}

@test "2c-arm-model-revision (aw): 2c FAIL" {
	fault 2c-arm-model-revision
}

@test "2c-treatment-detector-aw (aw): 2c FAIL, 2d FAIL" {
	fault 2c-treatment-detector-aw
}

@test "2c-tokenizer-other-model (aw): 2c FAIL" {
	fault 2c-tokenizer-other-model
}

@test "2c-kv-events-other-epp (aw): 2c FAIL" {
	fault 2c-kv-events-other-epp
}

@test "2c-arm-other-gpu-aw (aw): 2c FAIL" {
	fault 2c-arm-other-gpu-aw
}

@test "2d-deployed-baseline-config (expceil): 2d FAIL" {
	fault 2d-deployed-baseline-config
}

@test "2d-deployed-gate-dropped (expceil): 2d FAIL" {
	fault 2d-deployed-gate-dropped
}

@test "2d-deployed-key-twice (expceil): 2d WARN" {
	fault 2d-deployed-key-twice
}

@test "2d-deployed-no-config (expceil): 2d WARN" {
	fault 2d-deployed-no-config
}

@test "2d-deployed-other-arm-phase (expceil): 2d WARN" {
	fault 2d-deployed-other-arm-phase
}

@test "2d-deployed-policy-params (expceil): 2d FAIL|WARN" {
	fault 2d-deployed-policy-params
}

@test "2d-deployed-ref-undefined (expceil): 2d FAIL" {
	fault 2d-deployed-ref-undefined
}

@test "2d-deployed-stale-image (expceil): 2d FAIL" {
	fault 2d-deployed-stale-image
}

@test "2d-flow-policy-unwired-expceil (expceil): 2d FAIL" {
	fault 2d-flow-policy-unwired-expceil
}

@test "2d-renamed-key (aw): 2d FAIL" {
	fault 2d-renamed-key
}

@test "2d-scorer-dropped (aw): 2d FAIL" {
	fault 2d-scorer-dropped
}

@test "2d-treatment-is-baseline (aw): 2d FAIL, 2c FAIL" {
	fault 2d-treatment-is-baseline
}

@test "2d-treatment-legacy-on (14b): 2d FAIL" {
	fault 2d-treatment-legacy-on
}

@test "2d-weight-baseline (aw): 2d FAIL" {
	fault 2d-weight-baseline
}

@test "3a-default-engine-sglang (14b): 3a WARN" {
	fault 3a-default-engine-sglang
}

@test "3a-deployed-queue-spec (14b): 3a FAIL" {
	fault 3a-deployed-queue-spec
}

@test "3a-kv-read-unused (14b): 3a FAIL" {
	fault 3a-kv-read-unused
}

@test "3a-priority-header (14b): 3a FAIL" {
	fault 3a-priority-header
}

@test "3a-queue-logged-only (14b): 3a FAIL" {
	fault 3a-queue-logged-only
}

@test "3a-queue-metric-running (14b): 3a FAIL" {
	fault 3a-queue-metric-running
}

@test "3a-queue-never-filled (14b): 3a FAIL" {
	fault 3a-queue-never-filled
}

@test "3a-queue-plus-running (14b): 3a WARN|FAIL" {
	fault 3a-queue-plus-running
}

@test "3a-router-field-renamed (14b): 3a FAIL" {
	fault 3a-router-field-renamed
}

@test "3a-wrong-signal (14b): 3a FAIL" {
	fault 3a-wrong-signal
}

@test "3b-deployed-kv-spec (14b): 3b WARN" {
	fault 3b-deployed-kv-spec
}

@test "3b-deprecated-kv-metric (14b): 3b WARN" {
	fault 3b-deprecated-kv-metric
}

@test "3b-kv-div100 (14b): 3b FAIL" {
	fault 3b-kv-div100
}

@test "3b-kv-full-percent (14b): 3b FAIL" {
	fault 3b-kv-full-percent
}

@test "3b-kv-metric-prefix-hits (14b): 3b WARN|FAIL" {
	fault 3b-kv-metric-prefix-hits
}

@test "3b-kv-scale-other-file (14b): 3b FAIL" {
	fault 3b-kv-scale-other-file
}

@test "3b-kv-threshold-twice (14b): 3b FAIL" {
	fault 3b-kv-threshold-twice
}

@test "3b-queue-int-division (14b): 3b FAIL" {
	fault 3b-queue-int-division
}

@test "3b-rescale-helper (14b): 3b FAIL" {
	fault 3b-rescale-helper
}

@test "3b-rescale-helper-other-file (14b): 3b FAIL" {
	fault 3b-rescale-helper-other-file
}

@test "3b-rescale-method (14b): 3b FAIL" {
	fault 3b-rescale-method
}

@test "3b-router-kv-percent (14b): 3b WARN|FAIL" {
	fault 3b-router-kv-percent
}

@test "3b-sim-kv-percent (14b): 3b WARN" {
	fault 3b-sim-kv-percent
}

@test "3b-test-percents-past-cap (14b): 3b WARN" {
	fault 3b-test-percents-past-cap
}

@test "3b-threshold-percent (14b): 3b FAIL" {
	fault 3b-threshold-percent
}

@test "3c-const-threshold (14b): 3c FAIL" {
	fault 3c-const-threshold
}

@test "3c-dead-saturation (14b): 3c FAIL" {
	fault 3c-dead-saturation
}

@test "3c-empty-pool-zero (14b): 3c FAIL" {
	fault 3c-empty-pool-zero
}

@test "3c-factory-default (14b): 3c FAIL" {
	fault 3c-factory-default
}

@test "3c-first-pod-metrics (14b): 3c FAIL" {
	fault 3c-first-pod-metrics
}

@test "3c-json-key-ignored (14b): 3c FAIL" {
	fault 3c-json-key-ignored
}

@test "3c-kv-threshold (14b): 3c FAIL" {
	fault 3c-kv-threshold
}

@test "3c-literal-threshold (14b): 3c FAIL" {
	fault 3c-literal-threshold
}

@test "3c-max-over-pods (14b): 3c FAIL" {
	fault 3c-max-over-pods
}

@test "3c-min-terms (14b): 3c FAIL" {
	fault 3c-min-terms
}

@test "3c-nil-metrics-skipped (14b): 3c FAIL" {
	fault 3c-nil-metrics-skipped
}

@test "3c-saturation-renamed (14b): 3c FAIL" {
	fault 3c-saturation-renamed
}

@test "3c-stale-filtered (14b): 3c FAIL" {
	fault 3c-stale-filtered
}

@test "3c-sum-not-mean (14b): 3c WARN" {
	fault 3c-sum-not-mean
}

@test "3d-chart-refresh-1s (expceil): 3d WARN|FAIL" {
	fault 3d-chart-refresh-1s
}

@test "3d-llmd-refresh-1s (14b): 3d WARN" {
	fault 3d-llmd-refresh-1s
}

@test "3d-plugin-cached-saturation (14b): 3d WARN" {
	fault 3d-plugin-cached-saturation
}

@test "3d-refresh-1s (14b): 3d WARN|FAIL" {
	fault 3d-refresh-1s
}

@test "3d-sim-refresh-ms (14b): 3d WARN" {
	fault 3d-sim-refresh-ms
}

@test "3d-sim-refresh-zero (14b): 3d WARN" {
	fault 3d-sim-refresh-zero
}

@test "3d-source-interval (14b): 3d WARN" {
	fault 3d-source-interval
}

@test "3d-staleness-code (14b): 3d WARN" {
	fault 3d-staleness-code
}

@test "3d-staleness-deployed (14b): 3d WARN" {
	fault 3d-staleness-deployed
}

@test "4a-admitter-not-loaded (14b): 4a FAIL" {
	fault 4a-admitter-not-loaded
}

@test "4a-affinity-picker (14b): 4a FAIL" {
	fault 4a-affinity-picker
}

@test "4a-base-weights-order-aw (aw): 4c FAIL" {
	fault 4a-base-weights-order-aw
}

@test "4a-baseline-weights-swapped-aw (aw): 4a FAIL" {
	fault 4a-baseline-weights-swapped-aw
}

@test "4a-delegation-unreferenced-aw (aw): 4a FAIL" {
	fault 4a-delegation-unreferenced-aw
}

@test "4a-filter-added-aw (aw): 4a WARN" {
	fault 4a-filter-added-aw
}

@test "4a-kv-events-off-aw (aw): 4a FAIL" {
	fault 4a-kv-events-off-aw
}

@test "4a-kv-events-port-aw (aw): 4a FAIL" {
	fault 4a-kv-events-port-aw
}

@test "4a-picker-random-aw (aw): 4a FAIL" {
	fault 4a-picker-random-aw
}

@test "4a-picker-unreferenced-aw (aw): 4a FAIL" {
	fault 4a-picker-unreferenced-aw
}

@test "4a-prefix-blocks-16-aw (aw): 4a FAIL" {
	fault 4a-prefix-blocks-16-aw
}

@test "4a-prefix-blocks-unset-aw (aw): 4a WARN" {
	fault 4a-prefix-blocks-unset-aw
}

@test "4a-prefix-scorer-approx-aw (aw): 4a FAIL" {
	fault 4a-prefix-scorer-approx-aw
}

@test "4a-prefix-tokenizer-other-aw (aw): 4a WARN" {
	fault 4a-prefix-tokenizer-other-aw
}

@test "4a-register-dropped (14b): 4a WARN" {
	fault 4a-register-dropped
}

@test "4a-scorer-listed-twice-aw (aw): 4a FAIL" {
	fault 4a-scorer-listed-twice-aw
}

@test "4a-scorer-weight-zero-aw (aw): 4a FAIL" {
	fault 4a-scorer-weight-zero-aw
}

@test "4a-sim-routing-least-loaded (14b): 4a FAIL" {
	fault 4a-sim-routing-least-loaded
}

@test "4a-unregistered-type (14b): 4a FAIL" {
	fault 4a-unregistered-type
}

@test "4a-weighted-random-picker-aw (aw): 4a FAIL" {
	fault 4a-weighted-random-picker-aw
}

@test "4b-baseline-admission (14b): 4b FAIL" {
	fault 4b-baseline-admission
}

@test "4b-baseline-admitter-renamed (14b): 4b FAIL" {
	fault 4b-baseline-admitter-renamed
}

@test "4b-baseline-concurrency-detector (14b): 4b FAIL" {
	fault 4b-baseline-concurrency-detector
}

@test "4b-baseline-detector-noop (14b): 4b FAIL" {
	fault 4b-baseline-detector-noop
}

@test "4b-baseline-detector-plugin-noop (14b): 4b FAIL" {
	fault 4b-baseline-detector-plugin-noop
}

@test "4b-baseline-flowcontrol-gate (14b): 4b FAIL" {
	fault 4b-baseline-flowcontrol-gate
}

@test "4b-legacy-sheds-all (14b): 4b WARN" {
	fault 4b-legacy-sheds-all
}

@test "4b-baseline-thresholds (14b): 4b FAIL" {
	fault 4b-baseline-thresholds
}

@test "4b-flowcontrol-default-on (14b): 4b FAIL" {
	fault 4b-flowcontrol-default-on
}

@test "4c-base-weights-drift (aw): 4c FAIL" {
	fault 4c-base-weights-drift
}

@test "4c-factory-param-override (14b): 4c FAIL" {
	fault 4c-factory-param-override
}

@test "4c-mode-control (aw): 4c FAIL" {
	fault 4c-mode-control
}

@test "4c-param-dropped (14b): 4c FAIL" {
	fault 4c-param-dropped
}

@test "4c-param-key-snake (14b): 4c FAIL" {
	fault 4c-param-key-snake
}

@test "4c-params-key-renamed (14b): 2d FAIL" {
	fault 4c-params-key-renamed
}

@test "4c-plan-swapped (14b): 4c FAIL" {
	fault 4c-plan-swapped
}

@test "4c-queue-threshold-drift (14b): 4c FAIL" {
	fault 4c-queue-threshold-drift
}

@test "4c-ramp-drift (14b): 4c FAIL" {
	fault 4c-ramp-drift
}

@test "4c-routing-weight-drift (aw): 4c FAIL" {
	fault 4c-routing-weight-drift
}

@test "4c-scorer-names-swapped-aw (aw): 4c FAIL" {
	fault 4c-scorer-names-swapped-aw
}

@test "4c-swapped-ramps (14b): 4c FAIL" {
	fault 4c-swapped-ramps
}

@test "4d-batch-case-dropped (14b): 4d FAIL" {
	fault 4d-batch-case-dropped
}

@test "4d-batch-literal-ramp (14b): 4d FAIL" {
	fault 4d-batch-literal-ramp
}

@test "4d-batch-unreached (14b): 4d FAIL" {
	fault 4d-batch-unreached
}

@test "4d-case-label-commented (14b): 4d FAIL" {
	fault 4d-case-label-commented
}

@test "4d-draw-inverted (14b): 4d FAIL" {
	fault 4d-draw-inverted
}

@test "4d-json-tags-swapped (14b): 4d FAIL" {
	fault 4d-json-tags-swapped
}

@test "4d-ramp-inverted (14b): 4d FAIL" {
	fault 4d-ramp-inverted
}

@test "4d-ramp-slope-inverted (14b): 4d FAIL" {
	fault 4d-ramp-slope-inverted
}

@test "4d-range-switch-inclusive (14b): 4d FAIL" {
	fault 4d-range-switch-inclusive
}

@test "4d-reject-commented (14b): 4d FAIL" {
	fault 4d-reject-commented
}

@test "4d-sheddable-fallthrough (14b): 4d FAIL" {
	fault 4d-sheddable-fallthrough
}

@test "4d-shed-flag-off (14b): 4d FAIL" {
	fault 4d-shed-flag-off
}

@test "4d-standard-shed (14b): 4d FAIL" {
	fault 4d-standard-shed
}

@test "4d-swapped-dispatch (14b): 4d FAIL" {
	fault 4d-swapped-dispatch
}

@test "4d-tier-by-name (14b): 4d FAIL" {
	fault 4d-tier-by-name
}

@test "4d-tier-const-typo (14b): 4d FAIL" {
	fault 4d-tier-const-typo
}

@test "4d-tier-consts-swapped (14b): 4d FAIL" {
	fault 4d-tier-consts-swapped
}

@test "5a-one-pod-max-num-seqs (aw): 5a, 2a, 2c FAIL" {
	fault 5a-one-pod-max-num-seqs
}

@test "5a-one-pod-block-size (aw): 5a FAIL, 2a FAIL" {
	fault 5a-one-pod-block-size
}

@test "5a-one-pod-kv-fp8 (aw): 5a WARN, 2a FAIL" {
	fault 5a-one-pod-kv-fp8
}

@test "5a-one-pod-old-image (aw): 2a FAIL, 5a WARN" {
	fault 5a-one-pod-old-image
}

@test "5a-one-pod-extra-flag (aw): 2a WARN, 5a WARN" {
	fault 5a-one-pod-extra-flag
}

@test "5a-one-pod-tp2 (14b): 5a FAIL, 2a FAIL" {
	fault 5a-one-pod-tp2
}

@test "5a-one-pod-default-seqs (aw): 5a WARN, 2a WARN" {
	fault 5a-one-pod-default-seqs
}

@test "5a-one-pod-quant-fp8 (aw): 5a WARN, 2a FAIL" {
	fault 5a-one-pod-quant-fp8
}

@test "5a-log-since (aw): 5a MISSING" {
	fault 5a-log-since
}

@test "5a-one-pod-gpu-mem-util (aw): 5a FAIL" {
	fault 5a-one-pod-gpu-mem-util
}

@test "5a-one-pod-batched-tokens (aw): 5a FAIL" {
	fault 5a-one-pod-batched-tokens
}

@test "5a-one-pod-chunked-off (aw): 5a WARN" {
	fault 5a-one-pod-chunked-off
}

@test "5a-one-pod-max-model-len (aw): 5a FAIL" {
	fault 5a-one-pod-max-model-len
}

@test "5a-one-pod-enforce-eager (14b): 5a WARN" {
	fault 5a-one-pod-enforce-eager
}

@test "5b-affinity-starved (aw): 5b WARN|FAIL" {
	fault 5b-affinity-starved
}

@test "5b-dead-pod (14b): 5b FAIL" {
	fault 5b-dead-pod
}

@test "5b-log-appended-twice (aw): 5b FAIL" {
	fault 5b-log-appended-twice
}

@test "5b-log-level-warning (aw): 5b WARN, 2b WARN" {
	fault 5b-log-level-warning
}

@test "5b-pod-gone-burst (14b): 5b FAIL" {
	fault 5b-pod-gone-burst
}

@test "5b-foreign-load (aw): 5b WARN" {
	fault 5b-foreign-load
}

@test "5b-no-prewarm (14b): 5b WARN" {
	fault 5b-no-prewarm
}

@test "5b-overloaded-cell (aw): 5b WARN" {
	fault 5b-overloaded-cell
}

@test "5b-pod-log-missing (aw): 5b WARN|FAIL" {
	fault 5b-pod-log-missing
}

@test "5b-restarted-pod (aw): 5b FAIL" {
	fault 5b-restarted-pod
}

@test "5b-restart-in-log (aw): 5b FAIL" {
	fault 5b-restart-in-log
}

@test "5b-logs-tail-cut (aw): 5b WARN" {
	fault 5b-logs-tail-cut
}

@test "5b-logs-collected-early (aw): 5b WARN" {
	fault 5b-logs-collected-early
}

@test "5b-stale-logs (aw): 5b FAIL" {
	fault 5b-stale-logs
}

@test "5b-uneven-random (14b): 5b FAIL" {
	fault 5b-uneven-random
}

@test "5c-cache-prewarmed-with-run (aw): 5c WARN|FAIL" {
	fault 5c-cache-prewarmed-with-run
}

@test "5c-dp-no-prefix-hits (aw): 5c WARN" {
	fault 5c-dp-no-prefix-hits
}

@test "5c-one-pod-cold (aw): 5c WARN" {
	fault 5c-one-pod-cold
}

@test "5c-prefix-hits-low (aw): 5c WARN" {
	fault 5c-prefix-hits-low
}

@test "5c-no-prefix-hits (aw): 5c WARN" {
	fault 5c-no-prefix-hits
}

@test "5c-one-pod-caching-off (aw): 5c WARN" {
	fault 5c-one-pod-caching-off
}

@test "5c-hits-unshared (14b): 5c WARN" {
	fault 5c-hits-unshared
}

@test "5c-prefix-hits-low-prewarmed (aw): 5c WARN" {
	fault 5c-prefix-hits-low-prewarmed
}

@test "5c-one-pod-log-stats-off (aw): 5c WARN" {
	fault 5c-one-pod-log-stats-off
}

@test "5d-adapter-not-loaded-lora (lora): 5d FAIL" {
	fault 5d-adapter-not-loaded-lora
}

@test "5d-critical-shed (14b): 5d FAIL" {
	fault 5d-critical-shed
}

@test "5d-critical-503 (14b): 5d FAIL" {
	fault 5d-critical-503
}

@test "5d-admitter-inert (14b): 5d WARN" {
	fault 5d-admitter-inert
}

@test "5d-aborted (aw): 5d FAIL" {
	fault 5d-aborted
}

@test "5d-critical-shed-expceil (expceil): 5d FAIL" {
	fault 5d-critical-shed-expceil
}

@test "5d-cut-streams (aw): 5d FAIL" {
	fault 5d-cut-streams
}

@test "5d-empty-200-upstream (upstream): 5d FAIL" {
	fault 5d-empty-200-upstream
}

@test "5d-http500-baseline (aw): 5d FAIL" {
	fault 5d-http500-baseline
}

@test "5d-shed-baseline (14b): 5d FAIL" {
	fault 5d-shed-baseline
}

@test "5d-shed-same-ramp (14b): 5d WARN" {
	fault 5d-shed-same-ramp
}

@test "5d-shed-status-200 (14b): 5d FAIL" {
	fault 5d-shed-status-200
}

@test "5d-shed-uncoded (14b): 5d FAIL" {
	fault 5d-shed-uncoded
}

@test "5d-shed-retried (14b): 5d WARN|FAIL" {
	fault 5d-shed-retried
}

@test "5d-timeouts (upstream): 5d FAIL" {
	fault 5d-timeouts
}

@test "5e-cuda-illegal-access (aw): 5e FAIL" {
	fault 5e-cuda-illegal-access
}

@test "5e-engine-stall (aw): 5e WARN" {
	fault 5e-engine-stall
}

@test "5e-ignored-fields (aw): 5e WARN" {
	fault 5e-ignored-fields
}

@test "5e-oom (aw): 5e FAIL" {
	fault 5e-oom
}

@test "5e-pod-killed (aw): 5e WARN" {
	fault 5e-pod-killed
}

@test "5e-refused-requests (aw): 5e FAIL" {
	fault 5e-refused-requests
}

@test "5e-server-500 (aw): 5e FAIL" {
	fault 5e-server-500
}

@test "5f-kv-full-scrapes (aw): 5f WARN" {
	fault 5f-kv-full-scrapes
}

@test "5f-kv-full-stats (aw): 5f WARN" {
	fault 5f-kv-full-stats
}

@test "5f-kv-reference-pod-small (aw): 5f FAIL" {
	fault 5f-kv-reference-pod-small
}

@test "5f-preemptions (aw): 5f WARN" {
	fault 5f-preemptions
}

@test "5f-preemptions-scrapes (aw): 5f WARN" {
	fault 5f-preemptions-scrapes
}

@test "5f-preemptions-summary (aw): 5f WARN" {
	fault 5f-preemptions-summary
}

@test "5f-kv-sim-blocks (14b): 5f FAIL" {
	fault 5f-kv-sim-blocks
}

@test "5f-kv-small-pod (aw): 5f FAIL" {
	fault 5f-kv-small-pod
}

@test "5g-epp-kv-metric-missing (aw): 5g WARN" {
	fault 5g-epp-kv-metric-missing
}

@test "5g-epp-log-stale (aw): 5g FAIL" {
	fault 5g-epp-log-stale
}

@test "5g-epp-metrics-unreachable (aw): 5g WARN" {
	fault 5g-epp-metrics-unreachable
}

@test "5g-epp-other-pod (aw): 5g FAIL" {
	fault 5g-epp-other-pod
}

@test "5g-epp-pod-undiscovered (aw): 5g FAIL" {
	fault 5g-epp-pod-undiscovered
}

@test "5g-flow-control-undeclared (14b): 5g WARN" {
	fault 5g-flow-control-undeclared
}

@test "5g-objective-default (14b): 5g FAIL" {
	fault 5g-objective-default
}

@test "5g-objective-header-never-sent (14b): 5g FAIL|WARN" {
	fault 5g-objective-header-never-sent
}

@test "5g-objective-key-lost (14b): 5g FAIL" {
	fault 5g-objective-key-lost
}

@test "5g-objective-keys-swapped (14b): 5g FAIL" {
	fault 5g-objective-keys-swapped
}

@test "5g-objective-priorities-swapped (14b): 5g FAIL" {
	fault 5g-objective-priorities-swapped
}

@test "5g-objective-stale-priority (14b): 5g FAIL" {
	fault 5g-objective-stale-priority
}

@test "5g-stale-endpoint (aw): 5g FAIL" {
	fault 5g-stale-endpoint
}

@test "5h-ecc-errors (14b): 5h FAIL" {
	fault 5h-ecc-errors
}

@test "5h-gpu-err (14b): 5h FAIL" {
	fault 5h-gpu-err
}

@test "5h-gpu-fell-off-bus (14b): 5h FAIL" {
	fault 5h-gpu-fell-off-bus
}

@test "5h-gpu-log-other-node (14b): 5h WARN" {
	fault 5h-gpu-log-other-node
}

@test "5h-gpu-log-stops (14b): 5h WARN" {
	fault 5h-gpu-log-stops
}

@test "5h-hot-gpu (14b): 5h FAIL" {
	fault 5h-hot-gpu
}

@test "5h-mig-slices (14b): 5h FAIL" {
	fault 5h-mig-slices
}

@test "5h-persistent-hotspot (14b): 5h FAIL" {
	fault 5h-persistent-hotspot
}

@test "5h-power-capped (14b): 5h FAIL" {
	fault 5h-power-capped
}

@test "5h-shared-gpu (14b): 5h WARN" {
	fault 5h-shared-gpu
}

@test "5h-clocks-locked (14b): 5h WARN" {
	fault 5h-clocks-locked
}

@test "5h-throttle (14b): 5h FAIL" {
	fault 5h-throttle
}

@test "A0-arrivals-rate (hta): A0 FAIL" {
	fault A0-arrivals-rate
}

@test "A0-population (hta): A0 FAIL" {
	fault A0-population
}

@test "A0-real-retried (hta): A0 WARN|FAIL" {
	fault A0-real-retried
}

@test "A0-real-two-clients (hta): A0 FAIL" {
	fault A0-real-two-clients
}

@test "A0-sides-swapped (hta): A0 FAIL" {
	fault A0-sides-swapped
}

@test "A0-sim-is-real (hta): A0 FAIL" {
	fault A0-sim-is-real
}

@test "A0-prompt-mismatch (hta): A0 FAIL" {
	fault A0-prompt-mismatch
}

@test "A0-real-eos-early (hta): A0 WARN" {
	fault A0-real-eos-early
}

@test "A0-sim-other-model (hta): A0 FAIL" {
	fault A0-sim-other-model
}

@test "A0-sim-untimed (hta): A0 FAIL" {
	fault A0-sim-untimed
}

@test "A1-collectives-unsimulated (vllm): A1 FAIL, A1 WARN|FAIL" {
	fault A1-collectives-unsimulated
}

@test "A1-graph-unrecorded (vllm): A1 WARN|FAIL, A2 WARN|FAIL" {
	fault A1-graph-unrecorded
}

@test "A1-prefill-not-captured (vllm): A1 FAIL" {
	fault A1-prefill-not-captured
}

@test "A1-rank-copied-twice (vllm): A2 WARN|FAIL" {
	fault A1-rank-copied-twice
}

@test "A1-backend-flashinfer (vllm): A1 WARN" {
	fault A1-backend-flashinfer
}

@test "A1-capture-cut (vllm): A1 WARN" {
	fault A1-capture-cut
}

@test "A1-cross-family-rule (hta): A1 WARN|FAIL" {
	fault A1-cross-family-rule
}

@test "A1-decode-unsimulated (vllm): A1 FAIL" {
	fault A1-decode-unsimulated
}

@test "A1-extra-slot (hta): A1 FAIL" {
	fault A1-extra-slot
}

@test "A1-iterations-off-by-one (vllm): A1 FAIL" {
	fault A1-iterations-off-by-one
}

@test "A1-large-helper (vllm): A1 WARN|FAIL" {
	fault A1-large-helper
}

@test "A1-missing-slot (hta): A1 FAIL" {
	fault A1-missing-slot
}

@test "A1-mixed-step (vllm): A1 FAIL" {
	fault A1-mixed-step
}

@test "A1-one-op (hta): A1 FAIL" {
	fault A1-one-op
}

@test "A1-other-kernel (vllm): A1 WARN|FAIL" {
	fault A1-other-kernel
}

@test "A1-sessions-concatenated (vllm): A1 FAIL" {
	fault A1-sessions-concatenated
}

@test "A1-shape-edge (vllm): A1 WARN|FAIL" {
	fault A1-shape-edge
}

@test "A1-slots-other-batch (vllm): A1 FAIL, A1 WARN|FAIL" {
	fault A1-slots-other-batch
}

@test "A1-slots-other-depth (vllm): A1 FAIL" {
	fault A1-slots-other-depth
}

@test "A1-slots-in-us (vllm): A1 FAIL" {
	fault A1-slots-in-us
}

@test "A1-slots-other-gpu (vllm): A1 WARN|FAIL" {
	fault A1-slots-other-gpu
}

@test "A1-slots-tp1 (vllm): A1 FAIL, WARN|FAIL" {
	fault A1-slots-tp1
}

@test "A1-slow-rank (vllm): A1 WARN|FAIL" {
	fault A1-slow-rank
}

@test "A1-trace-ns (vllm): A1 FAIL" {
	fault A1-trace-ns
}

@test "A1-uniform-drift (hta): A1 WARN" {
	fault A1-uniform-drift
}

@test "A1-uniform-plus-op (hta): A1 FAIL" {
	fault A1-uniform-plus-op
}

@test "A1-warmup-capture (vllm): A1 FAIL" {
	fault A1-warmup-capture
}

@test "A1-zero-slot (vllm): A1 FAIL, WARN" {
	fault A1-zero-slot
}

@test "A2-cupti-drop (vllm): A1 WARN, A2 WARN" {
	fault A2-cupti-drop
}

@test "A2-engine-idle-gap (vllm): A2 WARN|FAIL" {
	fault A2-engine-idle-gap
}

@test "A2-host-bubbles (vllm): A2 WARN|FAIL" {
	fault A2-host-bubbles
}

@test "A2-lull-hides-prefill-stall (vllm): A2 WARN" {
	fault A2-lull-hides-prefill-stall
}

@test "A2-one-rank-of-two (vllm): A2 WARN|FAIL" {
	fault A2-one-rank-of-two
}

@test "A2-prefill-stall (vllm): A2 WARN" {
	fault A2-prefill-stall
}

@test "A2-rank-clock-offset (vllm): A2 WARN|FAIL" {
	fault A2-rank-clock-offset
}

@test "A2-rank-two-sessions (vllm): A2 WARN|FAIL" {
	fault A2-rank-two-sessions
}

@test "A2-step-dropped (vllm): A2 WARN, A1 WARN" {
	fault A2-step-dropped
}

@test "A2-trace-truncated (vllm): A2 WARN|FAIL|MISSING" {
	fault A2-trace-truncated
}

@test "A3-client-ceiling (hta): A0 WARN" {
	fault A3-client-ceiling
}

@test "A3-itl-file-cut (hta): A3 WARN" {
	fault A3-itl-file-cut
}

@test "A3-itl-stalls (hta): A3 FAIL" {
	fault A3-itl-stalls
}

@test "A3-overloaded (hta): A3 WARN" {
	fault A3-overloaded
}

@test "A3-real-stream-buffered (hta): A3 WARN" {
	fault A3-real-stream-buffered
}

@test "A3-real-stream-interval (hta): A3 INAPPLICABLE" {
	fault A3-real-stream-interval
}

@test "A3-sim-batched-tokens (hta): A3 WARN" {
	fault A3-sim-batched-tokens
}

@test "A3-sim-itl-stale (hta): A3 FAIL" {
	fault A3-sim-itl-stale
}

@test "A3-tpot-fast (hta): A3 FAIL" {
	fault A3-tpot-fast
}

@test "A3-ttft-slower (hta): A3 FAIL" {
	fault A3-ttft-slower
}

@test "run-cell-lost (upstream): 1a MISSING" {
	fault run-cell-lost
}

@test "2a-max-model-len-auto-fit (aw): 2a FAIL, 5a FAIL" {
	fault 2a-max-model-len-auto-fit
}

@test "2a-spec-decode-one-arm (aw): 2a WARN, 2c FAIL" {
	fault 2a-spec-decode-one-arm
}

@test "2a-run-flag-space-form (upstream): 2a FAIL" {
	fault 2a-run-flag-space-form
}

@test "2a-config-md-percent (aw): 2a FAIL, 5a FAIL" {
	fault 2a-config-md-percent
}

@test "2a-data-parallel-pods (14b): 2a WARN" {
	fault 2a-data-parallel-pods
}

@test "2a-dtype-half-one-arm (14b): 2a FAIL" {
	fault 2a-dtype-half-one-arm
}

@test "5a-one-pod-env-fa2 (aw): 5a WARN, 2a FAIL" {
	fault 5a-one-pod-env-fa2
}

@test "2b-logs-in-one-file (aw): 2b WARN" {
	fault 2b-logs-in-one-file
}

@test "2a-fp8-checkpoint (14b): 2a FAIL, 2a WARN" {
	fault 2a-fp8-checkpoint
}

@test "2d-param-key-case-twice (aw): 2d FAIL" {
	fault 2d-param-key-case-twice
}

@test "2d-param-quoted-aw (aw): 2d FAIL" {
	fault 2d-param-quoted-aw
}

@test "2d-profile-empty-added (aw): 2d FAIL, 4a WARN" {
	fault 2d-profile-empty-added
}

@test "3a-kv-snapshot-unset (14b): 3a FAIL" {
	fault 3a-kv-snapshot-unset
}

@test "5b-served-smoke-load (aw): 5b WARN" {
	fault 5b-served-smoke-load
}

@test "5d-status-cancelled (14b): 5d WARN" {
	fault 5d-status-cancelled
}

@test "5f-kv-arm-small (aw): 5f WARN" {
	fault 5f-kv-arm-small
}

@test "5f-kv-dp-rank-small (aw): 5f FAIL, 2c WARN" {
	fault 5f-kv-dp-rank-small
}

@test "3a-queue-helper-running (14b): 3a FAIL" {
	fault 3a-queue-helper-running
}

@test "3b-kv-compound-div (14b): 3b FAIL" {
	fault 3b-kv-compound-div
}

@test "3b-kv-percent-const-1e2 (14b): 3b FAIL" {
	fault 3b-kv-percent-const-1e2
}

@test "3c-admit-empty-sentinel (14b): 3c FAIL" {
	fault 3c-admit-empty-sentinel
}

@test "3c-empty-pool-clamped (14b): 3c FAIL" {
	fault 3c-empty-pool-clamped
}

@test "3c-kv-ratio-queue-threshold (14b): 3c FAIL" {
	fault 3c-kv-ratio-queue-threshold
}

@test "3c-queue-ratio-undivided (14b): 3c FAIL" {
	fault 3c-queue-ratio-undivided
}

@test "3c-terms-added (14b): 3c FAIL" {
	fault 3c-terms-added
}

@test "3d-plugin-staleness-ns (14b): 3d FAIL" {
	fault 3d-plugin-staleness-ns
}

@test "4a-load-filter-added-aw (aw): 4a FAIL" {
	fault 4a-load-filter-added-aw
}

@test "4a-load-filter-both-arms (14b): 4a FAIL" {
	fault 4a-load-filter-both-arms
}

@test "4a-picker-left-to-loader-aw (aw): 4a FAIL" {
	fault 4a-picker-left-to-loader-aw
}

@test "4a-pickers-unnamed-aw (aw): 4a WARN" {
	fault 4a-pickers-unnamed-aw
}

@test "4a-profile-left-to-loader-aw (aw): 4a FAIL" {
	fault 4a-profile-left-to-loader-aw
}

@test "4a-scorer-weight-omitted-aw (aw): 4a FAIL, 2d FAIL" {
	fault 4a-scorer-weight-omitted-aw
}

@test "4a-weighted-policy-weight-drift-aw (aw): 4a FAIL" {
	fault 4a-weighted-policy-weight-drift-aw
}

@test "4b-baseline-admitter-control-name (14b): 4b FAIL" {
	fault 4b-baseline-admitter-control-name
}

@test "4b-baseline-control-thresholds (14b): 4b FAIL" {
	fault 4b-baseline-control-thresholds
}

@test "4c-params-under-picker (14b): 4c WARN" {
	fault 4c-params-under-picker
}

@test "4c-treatment-filter-unplanned-aw (aw): 4c WARN, 4a WARN" {
	fault 4c-treatment-filter-unplanned-aw
}

@test "4d-batch-full-copy (14b): 4d FAIL" {
	fault 4d-batch-full-copy
}

@test "4d-case-start-full-swapped (14b): 4d FAIL" {
	fault 4d-case-start-full-swapped
}

@test "4d-ramp-tiers-mixed (14b): 4d FAIL" {
	fault 4d-ramp-tiers-mixed
}

@test "4d-tier-table-batch-positive (14b): 4d FAIL" {
	fault 4d-tier-table-batch-positive
}

@test "5d-engine-error (aw): 5d FAIL" {
	fault 5d-engine-error
}

@test "A0-real-warm-up-rows (hta): A0 WARN" {
	fault A0-real-warm-up-rows
}

@test "A3-real-ttft-headers (hta): A3 WARN" {
	fault A3-real-ttft-headers
}

@test "A3-too-few-requests (hta): A3 WARN" {
	fault A3-too-few-requests
}

@test "A3-tpot-tail (hta): A3 WARN" {
	fault A3-tpot-tail
}

@test "A3-ttft-far-faster (hta): A3 FAIL" {
	fault A3-ttft-far-faster
}

@test "5g-epp-router-replaced (14b): 5g WARN" {
	fault 5g-epp-router-replaced
}

@test "5h-gpu-log-empty (14b): 5h MISSING" {
	fault 5h-gpu-log-empty
}

@test "5h-gpu-nvml-failed (14b): 5h MISSING" {
	fault 5h-gpu-nvml-failed
}

@test "5h-gpu-nvml-lost-midrun (14b): 5h WARN" {
	fault 5h-gpu-nvml-lost-midrun
}
