#!/usr/bin/env bats
# s2r-config: config.md / README / EPP configs -> expect records; EPP diff.
load helpers
bats_require_minimum_version 1.5.0

F="$FIXTURES/config"

setup() {
	OUT="$BATS_TEST_TMPDIR/out.ndjson"
}

# The records of one metric (and key) as compact "value line" pairs.
pick() {
	jq -r --arg m "$1" --arg k "${2:-}" \
	    'select(.metric == $m and (($k == "") or (.key == $k))) |
	     "\(.value) \(.source.line)"' "$OUT"
}

# Cell 2 of the first table row whose first cell contains $2, as written
# in file $1 (backticks, quotes and anything after the first blank gone):
# an independent reading of the table.
cell2() {
	awk -F'|' -v k="$2" 'index($2, k) {
		v = $3; gsub(/[`"]/, "", v); sub(/^ +/, "", v); sub(/ .*/, "", v);
		gsub(/,/, "", v); print v; exit }' "$1"
}

# Every result of filter $1 over the records of $2 is true, and there is
# at least one (jq -e alone looks at the last input only).
check_rec() {
	jq -s -e "[.[] | $1] | length > 0 and all" "$2" >/dev/null
}

line_of() {
	grep -n -F -- "$2" "$1" | head -1 | cut -d: -f1
}

# expect/measure schemas come from other engineers; EPP records need a
# "key" property (asked of the lead).  Skip validation, loudly, while a
# schema forbids it.
validate_or_skip() {
	local kind=$1 file=$2
	jq -e '.properties.key != null or .additionalProperties != false' \
	    "$S2R_TOP/schemas/$kind.schema.json" >/dev/null 2>&1 ||
	    skip "schemas/$kind.schema.json does not allow the key property yet"
	validate_records "$file"
}

@test "--help and --version" {
	run "$S2R_BIN/s2r-config" --help
	[ "$status" -eq 0 ]
	[[ "$output" == usage:* ]]
	run "$S2R_BIN/s2r-config" --version
	[ "$status" -eq 0 ]
	[ "$output" = "s2r-config 0.1.0" ]
}

@test "canonical: every vLLM table row, valued as the table says" {
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT"
	for p in max_num_seqs block_size gpu_memory_utilization \
	    tensor_parallel_size max_num_batched_tokens max_model_len; do
		want="$(cell2 "$F/canonical.md" "\`$p\`") $(line_of "$F/canonical.md" "| \`$p\`")"
		[ "$(pick "vllm.$p")" = "$want" ] ||
			{ echo "$p: $(pick "vllm.$p") want $want"; false; }
	done
	[ "$(pick vllm.model)" = "meta-llama/Llama-3.1-8B-Instruct 10" ]
	[ "$(pick vllm.hardware)" = "A100-SXM-80GB 11" ]
	[ "$(pick vllm.enable_chunked_prefill)" = "true 18" ]
	[ "$(pick vllm.enable_prefix_caching)" = "false 20" ]
	# the escaped pipe stays inside its cell: the value is still 2
	[ "$(pick vllm.tensor_parallel_size)" = "2 12" ]
}

@test "canonical: source carries file, line, column, field and how" {
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT"
	check_rec 'select(.metric == "vllm.max_num_seqs") |
	    .source.file == "'"$F"'/canonical.md" and .source.column == 20 and
	    .source.field == "max_num_seqs" and
	    (.source.how | test("vLLM Pod Configuration"))' "$OUT"
	# every record has a source line
	[ "$(jq -s 'map(select(.source.line == null)) | length' "$OUT")" -eq 0 ]
}

@test "canonical: instance count from the pod row and from --num-instances" {
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT"
	run pick instances.count
	[ "${lines[0]}" = "3 $(line_of "$F/canonical.md" "Number of vLLM pods")" ]
	[ "${#lines[@]}" -eq 3 ]
	[ "$(jq -s 'map(select(.metric == "config.conflict")) | length' "$OUT")" -eq 0 ]
}

@test "canonical: EPP arms from em-dash headings, gates, flow control" {
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT"
	run jq -r 'select(.metric == "epp.plugin") | "\(.scope.phase) \(.key)=\(.value)"' "$OUT"
	[ "${#lines[@]}" -eq 8 ]
	[[ "$output" == *"treatment tier-ceiling=tier-ceiling-policy"* ]]
	[[ "$output" == *"control random-picker=random-picker"* ]]
	[ "$(jq -r 'select(.metric == "epp.feature_gate") | "\(.scope.phase):\(.value)"' "$OUT" | tr '\n' ' ')" = "treatment:true control:false " ]
	[ "$(pick epp.flow_control usageLimitPolicyPluginRef)" = "tier-ceiling $(line_of "$F/canonical.md" "usageLimitPolicyPluginRef:")" ]
	[ "$(jq -r 'select(.metric == "epp.plugin.parameter" and .key == "tier-ceiling.sheddableStart") | .value' "$OUT")" = "0.02" ]
	# weights are numbers whether written 2.0 or 2
	[ "$(jq -r 'select(.metric == "epp.scorer.weight" and .scope.phase == "baseline") | .value' "$OUT" | sort -u)" = "2" ]
	# a picker has no weight, but is in the profile
	[ -z "$(pick epp.scorer.weight default/max-score-picker)" ]
	[ "$(jq -r 'select(.metric == "epp.profile.plugin" and .key == "default/max-score-picker") | .scope.phase' "$OUT" | tr '\n' ' ')" = "baseline treatment " ]
}

@test "canonical: priority bands from router.inferenceObjectives" {
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT"
	run jq -r 'select(.metric == "priority.tier") | "\(.check) \(.scope.class) \(.value) \(.source.line)"' "$OUT"
	[ "${lines[0]}" = "2d critical 100 $(line_of "$F/canonical.md" "priority: 100")" ]
	[ "${lines[1]}" = "2d sheddable -50 $(line_of "$F/canonical.md" "priority: -50")" ]
}

@test "canonical: blis observe command with continuations, each flag on its line" {
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT"
	[ "$(pick observe.max_concurrency)" = "2000 $(line_of "$F/canonical.md" "  --max-concurrency 2000")" ]
	[ "$(pick observe.timeout)" = "900 $(line_of "$F/canonical.md" "--timeout=900")" ]
	[ "$(pick observe.warmup_requests)" = "20 $(line_of "$F/canonical.md" "--warmup-requests 20")" ]
	check_rec 'select(.metric == "observe.timeout") | .source.column == 3' "$OUT"
}

@test "canonical: BLIS flags from the table and the fenced blis run" {
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT"
	[ "$(pick sim.snapshot_refresh_interval_us)" = "10000 $(line_of "$F/canonical.md" "--snapshot-refresh-interval 10000")" ]
	check_rec 'select(.metric == "sim.snapshot_refresh_interval_us") | .unit == "us" and .check == "3d"' "$OUT"
	[ "$(pick sim.routing_policy)" = "weighted $(line_of "$F/canonical.md" "--routing-policy weighted")" ]
	[ "$(pick sim.routing_scorers)" = "queue-depth:2,kv-utilization:2 $(line_of "$F/canonical.md" "--routing-policy weighted")" ]
	[ "$(pick sim.flow_control)" = "true $(line_of "$F/canonical.md" "| \`--flow-control\`")" ]
	[ "$(pick sim.kv_cache_util_threshold)" = "0.8 $(line_of "$F/canonical.md" "--kv-cache-util-threshold")" ]
	[ "$(pick sim.num_instances | wc -l)" -eq 2 ]
	# the flags table is not mistaken for admission threshold rows
	[ -z "$(pick admission.queue_depth_threshold)" ]
	# a table of BLIS defaults without --flag cells gives nothing
	[ -z "$(pick sim.block_size_in_tokens)" ]
}

@test "BLIS flags table with a vLLM column: only the flag column names flags; a remark after the flag, two flags with two values" {
	cat >"$BATS_TEST_TMPDIR/config.md" <<'MD'
# Deployment

## vLLM Pod Configuration

| Parameter | Value |
| --- | --- |
| Model | ibm-granite/granite-3.3-2b-instruct |

## 5. Simulation to deployment mapping

| BLIS flag | Value for this cell | vLLM parameter | Agrees? |
| --- | --- | --- | --- |
| `--num-instances` | 2 | Number of vLLM pods | yes |
| `--hardware` / `--tp` | H100 / 1 | GPU / tensor_parallel_size | yes |
| `--lora-adapter-capacity` (lora-config `adapter_capacity`) | 3 | `--max-loras` | yes |
| lora-config adapter ranks (max 32) | 32 | `--max-lora-rank` | yes |
| a note on routing | any | `--routing-policy` | no |
MD
	"$S2R_BIN/s2r-config" "$BATS_TEST_TMPDIR/config.md" >"$OUT"
	validate_records "$OUT"
	[ "$(pick sim.num_instances)" = "2 13" ]
	[ "$(pick sim.hardware)" = "H100 14" ]
	[ "$(pick sim.tp)" = "1 14" ]
	[ "$(pick sim.lora_adapter_capacity)" = "3 15" ]
	# the vLLM column's flags are vLLM's, with the next column's "yes"/"no"
	[ -z "$(pick sim.max_lora_rank)" ]
	[ -z "$(pick sim.max_loras)" ]
	[ -z "$(pick sim.routing_policy)" ]
	# a Flag column that is not the first
	printf '## vLLM\n\n| Parameter | Value |\n|---|---|\n| Model | m |\n\n## BLIS flags\n\n| # | Flag | Value |\n|---|---|---|\n| 1 | `--routing-policy` | weighted |\n' >"$BATS_TEST_TMPDIR/c2.md"
	"$S2R_BIN/s2r-config" "$BATS_TEST_TMPDIR/c2.md" >"$OUT"
	[ "$(pick sim.routing_policy)" = "weighted 11" ]
}

@test "QRT-like: parenthesised arms, ~~~ fences, InferenceObjective docs, tables" {
	"$S2R_BIN/s2r-config" "$F/qrt.md" >"$OUT"
	[ "$(jq -r 'select(.metric == "epp.plugin" and .key == "quartic-ceiling") | .scope.phase' "$OUT")" = treatment ]
	[ "$(jq -r 'select(.metric == "epp.plugin" and (.source.how | contains("loader adds") | not)) | .scope.phase' "$OUT" | sort | uniq -c | awk '{print $1 $2}' | tr '\n' ' ')" = "2baseline 3treatment " ]
	# no picker in either profile: the router's loader adds max-score-picker
	[ "$(jq -r 'select(.metric == "epp.profile.plugin" and (.source.how | endswith("; not in the config: the router'"'"'s config loader adds it"))) | "\(.scope.phase) \(.key) \(.source.line)"' "$OUT" | tr '\n' ' ')" = "baseline default/max-score-picker 28 treatment default/max-score-picker 47 " ]
	run jq -r 'select(.metric == "priority.tier") | "\(.check) \(.scope.class) \(.value) \(.source.line)"' "$OUT"
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[0]}" = "4d critical 100 $(line_of "$F/qrt.md" "| critical | 100")" ]
	[ "${lines[3]}" = "2d batch -10 $(line_of "$F/qrt.md" "priority: -10")" ]
	[ "$(pick sim.admission_policy)" = "tier-shed $(line_of "$F/qrt.md" "--admission-policy")" ]
}

@test "QRT-like: 1 pod deployed but --num-instances 4 is a reported conflict" {
	"$S2R_BIN/s2r-config" "$F/qrt.md" >"$OUT"
	run jq -c 'select(.metric == "config.conflict") | [.value, [.values[].value], [.values[].source.line]]' "$OUT"
	[ "$output" = "[\"instances.count\",[1,4],[$(line_of "$F/qrt.md" "Number of pods"),$(line_of "$F/qrt.md" "--num-instances")]]" ]
}

@test "14b-like: table and quoted log both reported, conflicts flagged" {
	"$S2R_BIN/s2r-config" "$F/quoted-log.md" >"$OUT"
	log=$(line_of "$F/quoted-log.md" "with config:")
	nda=$(line_of "$F/quoted-log.md" "non-default args:")
	tab=$(line_of "$F/quoted-log.md" "| \`enable_prefix_caching\`")
	[ "$(pick vllm.enable_prefix_caching | tr '\n' ' ')" = "false $tab true $log " ]
	[ "$(pick vllm.max_num_seqs | tr '\n' ' ')" = "256 $(line_of "$F/quoted-log.md" "| \`max_num_seqs\`") 512 $nda " ]
	[ "$(pick vllm.max_model_len | tr '\n' ' ')" = "32768 $(line_of "$F/quoted-log.md" "| \`max_model_len\`") 32768 $log " ]
	[ "$(pick vllm.dtype)" = "torch.bfloat16 $log" ]
	# nested reprs (KVEventsConfig(…), dicts) are skipped, not misread
	[ -z "$(jq -r 'select(.source.field == "enable_kv_cache_events")' "$OUT")" ]
	run jq -r 'select(.metric == "config.conflict") | .value' "$OUT"
	[ "$output" = "$(printf 'vllm.max_num_seqs\nvllm.enable_prefix_caching')" ]
	check_rec 'select(.metric == "config.conflict" and .value == "vllm.enable_prefix_caching") |
	    (.values | map(.value) == [false, true]) and
	    (.values | map(.source.line) == ['"$tab"', '"$log"'])' "$OUT"
	# columns point into the log line
	[ "$(jq -r 'select(.metric == "vllm.enable_prefix_caching" and .value == true) | .source.column' "$OUT")" = \
	  "$(awk -v n="$log" 'NR == n { print index($0, "enable_prefix_caching=") }' "$F/quoted-log.md")" ]
}

@test "14b-like: thresholds, BLIS-only flags, load generator table" {
	"$S2R_BIN/s2r-config" "$F/quoted-log.md" >"$OUT"
	[ "$(pick admission.queue_depth_threshold)" = "5 $(line_of "$F/quoted-log.md" "QD threshold")" ]
	[ "$(pick admission.kv_cache_util_threshold)" = "0.8 $(line_of "$F/quoted-log.md" "KV threshold")" ]
	[ "$(pick sim.snapshot_refresh_interval_us)" = "25000 $(line_of "$F/quoted-log.md" "--snapshot-refresh-interval")" ]
	[ "$(pick observe.max_concurrency)" = "1500 $(line_of "$F/quoted-log.md" "--max-concurrency")" ]
	[ "$(pick sim.block_size_in_tokens)" = "16 $(line_of "$F/quoted-log.md" "--block-size-in-tokens")" ]
}

@test "AW-like: --flag table, bare --no-enable flag, prose instance count" {
	"$S2R_BIN/s2r-config" "$F/aw-like.md" >"$OUT"
	[ "$(pick vllm.model)" = "Qwen/Qwen3-4B $(line_of "$F/aw-like.md" "| \`--model\`")" ]
	[ "$(pick vllm.enable_prefix_caching)" = "false $(line_of "$F/aw-like.md" "--no-enable-prefix-caching")" ]
	[ "$(pick vllm.enable_chunked_prefill)" = "true $(line_of "$F/aw-like.md" "--enable-chunked-prefill")" ]
	[ "$(pick instances.count)" = "2 $(line_of "$F/aw-like.md" "2 instances,")" ]
	[ "$(pick vllm.hardware)" = "H100-SXM-80GB $(line_of "$F/aw-like.md" "2 instances,")" ]
	# the column of the GPU word in that line, found independently
	col=$(grep -F "2 instances," "$F/aw-like.md" | awk '{ print index($0, "H100") }')
	check_rec "select(.metric == \"vllm.hardware\") | .source.column == $col and
	    .source.field == \"GPU\"" "$OUT"
	[ "$(jq -r 'select(.metric == "epp.plugin" and .key == "blend") | .scope.phase' "$OUT")" = treatment ]
	[ "$(pick epp.plugin.parameter blend.scorerNames)" = '["qd","pc"] '"$(line_of "$F/aw-like.md" "scorerNames:")" ]
}

@test "a fraction as a percentage and counts with vLLM's k/K suffixes are read as vLLM reads them" {
	md=$BATS_TEST_TMPDIR/config.md
	printf '%s\n' '## vLLM Server Arguments' '' '| Argument | Value |' '|---|---|' \
	    '| `--gpu-memory-utilization` | `90%` |' '| `--max-model-len` | `40K` |' \
	    '| `--max-num-batched-tokens` | 8k |' '| `--max-num-seqs` | 1.5K |' \
	    '| `--block-size` | 64 |' '| `swap_space` | 4 % of it |' >"$md"
	"$S2R_BIN/s2r-config" "$md" >"$OUT"
	validate_records "$OUT"
	[ "$(pick vllm.gpu_memory_utilization)" = "0.9 $(line_of "$md" 90%)" ]
	# K is 1024 (vLLM's human_readable_int), k 1000
	[ "$(pick vllm.max_model_len)" = "40960 $(line_of "$md" 40K)" ]
	[ "$(pick vllm.max_num_batched_tokens)" = "8000 $(line_of "$md" 8k)" ]
	[ "$(pick vllm.block_size)" = "64 $(line_of "$md" block-size)" ]
	# the sign as a token of its own
	[ "$(pick vllm.swap_space)" = "0.04 $(line_of "$md" swap_space)" ]
	# vLLM refuses decimals with a binary suffix: not a number here either
	check_rec 'select(.metric == "vllm.max_num_seqs") | .comparable == false and
	    (.why | test("expected a number"))' "$OUT"
	check_rec 'select(.metric == "vllm.max_model_len") | .source.how | test("K 1024")' "$OUT"
}

@test "GPU from prose only when the vLLM table names none, and only a GPU-shaped word" {
	md="$BATS_TEST_TMPDIR/c.md"
	printf '## vLLM Pod Configuration\n\nRuns on NVIDIA-A100-SXM4-80GB nodes (V1 engine, T4 spares).\n\n| Parameter | Value |\n|---|---|\n| max_num_seqs | 128 |\n' >"$md"
	"$S2R_BIN/s2r-config" "$md" >"$OUT"
	[ "$(pick vllm.hardware)" = "NVIDIA-A100-SXM4-80GB 3" ]
	printf '## vLLM Pod Configuration\n\nRuns on H100 nodes.\n\n| Parameter | Value |\n|---|---|\n| GPU | L40S |\n' >"$md"
	"$S2R_BIN/s2r-config" "$md" >"$OUT"
	[ "$(pick vllm.hardware)" = "L40S 7" ]
	printf '## vLLM Pod Configuration\n\nThe V1 engine with Qwen3-14B, W1 and T4 in the text.\n\n| Parameter | Value |\n|---|---|\n| max_num_seqs | 128 |\n' >"$md"
	"$S2R_BIN/s2r-config" "$md" >"$OUT"
	[ -z "$(pick vllm.hardware)" ]
}

@test "README tier table: one priority.tier per class, unicode minus read" {
	"$S2R_BIN/s2r-config" "$F/readme-tiers.md" >"$OUT"
	run jq -r 'select(.metric == "priority.tier") | "\(.check) \(.scope.class) \(.value)"' "$OUT"
	[ "$output" = "$(printf '4d critical 100\n4d standard 0\n4d batch -10\n4d sheddable -50')" ]
	[ "$(pick observe.max_concurrency)" = "2500 $(line_of "$F/readme-tiers.md" "blis observe")" ]
}

@test "a bundle directory reads config.md and README.md, cited relative" {
	mkdir -p "$BATS_TEST_TMPDIR/sim"
	cp "$F/quoted-log.md" "$BATS_TEST_TMPDIR/sim/config.md"
	cp "$F/readme-tiers.md" "$BATS_TEST_TMPDIR/sim/README.md"
	"$S2R_BIN/s2r-config" "$BATS_TEST_TMPDIR/sim" >"$OUT"
	[ "$(jq -r '.source.file' "$OUT" | sort -u | tr '\n' ' ')" = "README.md config.md " ]
	# --root strips the prefix from named files
	"$S2R_BIN/s2r-config" --root "$BATS_TEST_TMPDIR/sim" "$BATS_TEST_TMPDIR/sim/config.md" >"$OUT"
	[ "$(jq -r '.source.file' "$OUT" | sort -u)" = "config.md" ]
}

@test "output is deterministic and streams from stdin" {
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT"
	"$S2R_BIN/s2r-config" "$F/canonical.md" >"$OUT.2"
	cmp "$OUT" "$OUT.2"
	"$S2R_BIN/s2r-config" - <"$F/canonical.md" >"$OUT.3"
	[ "$(jq -r .value "$OUT.3" | md5sum)" = "$(jq -r .value "$OUT" | md5sum)" ]
}

@test "EPP shapes: bare, legacy inferenceExtension string, v0.9.0 router" {
	for f in gaie-values router-values; do
		"$S2R_BIN/s2r-config" --epp "$F/$f.yaml" --phase baseline >"$OUT"
		[ "$(jq -r 'select(.metric == "epp.plugin") | .key' "$OUT" | tr '\n' ' ')" = \
		  "queue-scorer kv-cache-utilization-scorer max-score-picker " ]
		# lines of the config string are lines of the outer file
		[ "$(pick epp.plugin queue-scorer)" = "queue-scorer $(line_of "$F/$f.yaml" "- type: queue-scorer")" ]
		col=$(awk '/- type: queue-scorer/ { print index($0, "queue-scorer"); exit }' "$F/$f.yaml")
		[ "$(jq -r 'select(.metric == "epp.plugin" and .key == "queue-scorer") | .source.column' "$OUT")" = "$col" ]
		[ "$(jq -r 'select(.metric == "priority.tier") | "\(.scope.class)=\(.value)"' "$OUT" | tr '\n' ' ')" = "critical=100 sheddable=-50 " ]
		[ "$(pick epp.chart flags.v)" = "4 $(line_of "$F/$f.yaml" "v: 4")" ]
		[ "$(jq -r .kind "$OUT" | sort -u)" = measure ]
	done
	"$S2R_BIN/s2r-config" --epp "$F/objectives.yaml" --kind expect >"$OUT"
	[ "$(jq -r '"\(.kind) \(.scope.class)=\(.value)"' "$OUT" | tr '\n' ' ')" = "expect standard=0 expect batch=-10 " ]
}

@test "EPP loader defaults: a deployed config without profiles runs 'default' of its filters and scorers (weight 1) and max-score-picker; a fence without profiles is part of a plan" {
	printf 'plugins:\n- type: queue-scorer\n- type: prefix-cache-scorer\n- name: lr\n  type: low-queue-filter\n- type: single-profile-handler\n' \
	    >"$BATS_TEST_TMPDIR/epp.yaml"
	"$S2R_BIN/s2r-config" --epp "$BATS_TEST_TMPDIR/epp.yaml" --phase a >"$OUT"
	validate_records "$OUT"
	run jq -r 'select(.metric == "epp.profile.plugin" or .metric == "epp.scorer.weight" or .metric == "epp.plugin") |
	    "\(.metric) \(.key) \(.value) \(.source.line) \(.source.how | contains("loader adds it"))"' "$OUT"
	[ "$output" = "epp.plugin max-score-picker max-score-picker 1 true
epp.profile.plugin default/max-score-picker true 1 true
epp.plugin queue-scorer queue-scorer 2 false
epp.profile.plugin default/queue-scorer true 2 true
epp.scorer.weight default/queue-scorer 1 2 true
epp.plugin prefix-cache-scorer prefix-cache-scorer 3 false
epp.profile.plugin default/prefix-cache-scorer true 3 true
epp.scorer.weight default/prefix-cache-scorer 1 3 true
epp.plugin lr low-queue-filter 5 false
epp.profile.plugin default/lr true 5 true
epp.plugin single-profile-handler single-profile-handler 6 false" ]
	{ printf '## EPP Configuration (Baseline)\n\n```yaml\n'; cat "$BATS_TEST_TMPDIR/epp.yaml"; printf '```\n'; } >"$BATS_TEST_TMPDIR/plan.md"
	"$S2R_BIN/s2r-config" "$BATS_TEST_TMPDIR/plan.md" >"$OUT"
	[ "$(jq -s 'map(select(.metric == "epp.plugin")) | length' "$OUT")" -eq 4 ]
	[ "$(jq -s 'map(select(.metric == "epp.profile.plugin" or .metric == "epp.scorer.weight")) | length' "$OUT")" -eq 0 ]
}

@test "EPP shapes: a ConfigMap whose data holds the config reads as the bare config, at lines of the outer file" {
	printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: epp\ndata:\n  other: "x"\n  config.yaml: |\n' >"$BATS_TEST_TMPDIR/cm.yaml"
	printf 'kind: EndpointPickerConfig\nplugins:\n- type: queue-scorer\n- type: max-score-picker\nschedulingProfiles:\n- name: default\n  plugins:\n  - pluginRef: queue-scorer\n    weight: 2\n  - pluginRef: max-score-picker\n' \
	    >"$BATS_TEST_TMPDIR/bare.yaml"
	sed 's/^/    /' "$BATS_TEST_TMPDIR/bare.yaml" >>"$BATS_TEST_TMPDIR/cm.yaml"
	"$S2R_BIN/s2r-config" --epp "$BATS_TEST_TMPDIR/bare.yaml" --phase a | jq -c 'del(.source)' >"$BATS_TEST_TMPDIR/bare.out"
	"$S2R_BIN/s2r-config" --epp "$BATS_TEST_TMPDIR/cm.yaml" --phase a >"$OUT"
	validate_records "$OUT"
	jq -c 'del(.source)' "$OUT" | diff "$BATS_TEST_TMPDIR/bare.out" -
	[ "$(pick epp.plugin queue-scorer)" = "queue-scorer $(line_of "$BATS_TEST_TMPDIR/cm.yaml" "- type: queue-scorer")" ]
	[ "$(jq -r 'select(.metric == "epp.plugin" and .key == "queue-scorer") | .source.column' "$OUT")" = 13 ]
	# a ConfigMap without an EPP config is no EPP config
	printf 'kind: ConfigMap\ndata:\n  a: b\n' >"$BATS_TEST_TMPDIR/cm2.yaml"
	run "$S2R_BIN/s2r-config" --epp "$BATS_TEST_TMPDIR/cm2.yaml"
	[ "$status" -eq 2 ]
	[[ "$output" == *"cm2.yaml:1:1: expected an EndpointPickerConfig"*"a ConfigMap holding an EndpointPickerConfig"* ]]
}

@test "EPP overlay: the config string replaces the baseline's, flags merge" {
	"$S2R_BIN/s2r-config" --epp "$F/router-values.yaml" --epp "$F/router-overlay.yaml" >"$OUT"
	[ "$(pick epp.plugin tier-ceiling)" = "tier-ceiling-policy $(line_of "$F/router-overlay.yaml" "- type: tier-ceiling-policy")" ]
	check_rec 'select(.metric == "epp.chart" and .key == "flags.v") | .source.file | endswith("router-values.yaml")' "$OUT"
	check_rec 'select(.metric == "epp.chart" and .key == "flags.allow-experimental-plugins") | .value == true' "$OUT"
	check_rec 'select(.metric == "priority.tier" and .scope.class == "critical") | .source.file | endswith("router-values.yaml")' "$OUT"
}

@test "--diff: the same config in two shapes differs only in apiVersion" {
	"$S2R_BIN/s2r-config" --diff "$F/gaie-values.yaml" "$F/router-values.yaml" >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 8 ]
	[ "$(jq -r 'select(.value == "differs") | .section' "$OUT")" = other ]
	check_rec 'select(.section == "other") | .changes == [.changes[0]] and
	    .changes[0].op == "changed" and .changes[0].item == "apiVersion"' "$OUT"
	validate_records "$OUT"
}

@test "--diff: added plugin, changed parameter, replaced profile refs" {
	"$S2R_BIN/s2r-config" --diff "$F/bare-baseline.yaml" "$F/bare-treatment.yaml" >"$OUT"
	[ "$(jq -r 'select(.value == "differs") | .section' "$OUT" | tr '\n' ' ')" = "plugins schedulingProfiles " ]
	run jq -c 'select(.section == "plugins") | .changes[] | [.op, .item, .path, .a.value, .a.line, .b.value, .b.line]' "$OUT"
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[0]}" = "[\"added\",\"blend\",null,null,null,{\"type\":\"blend-scorer\",\"parameters\":{\"scorerNames\":[\"pc\",\"kv\",\"qd\"]}},$(line_of "$F/bare-treatment.yaml" "name: blend")]" ]
	[ "${lines[1]}" = "[\"changed\",\"pc\",\"parameters.maxPrefixBlocksToMatch\",256,$(line_of "$F/bare-baseline.yaml" "maxPrefixBlocksToMatch"),512,$(line_of "$F/bare-treatment.yaml" "maxPrefixBlocksToMatch")]" ]
	run jq -r 'select(.section == "schedulingProfiles") | .changes[] | "\(.op) \(.item) \(.a.value // .b.value)"' "$OUT"
	[ "$output" = "$(printf 'added default/blend 1\nremoved default/kv 2\nremoved default/pc 3\nremoved default/qd 2')" ]
	validate_records "$OUT"
}

@test "--diff --overlay: a treatment overlay against its baseline" {
	"$S2R_BIN/s2r-config" --diff --overlay "$F/router-values.yaml" "$F/router-overlay.yaml" >"$OUT"
	[ "$(jq -r 'select(.value == "differs") | .section' "$OUT" | tr '\n' ' ')" = "featureGates plugins flowControl chart " ]
	check_rec 'select(.section == "chart") | .changes == [{"op":"added","item":"flags","path":"allow-experimental-plugins","b":{"value":true,"file":"'"$F"'/router-overlay.yaml","line":'"$(line_of "$F/router-overlay.yaml" "allow-experimental")"',"column":37}}]' "$OUT"
	validate_records "$OUT"
}

@test "expect records validate (schemas/expect.schema.json)" {
	for f in canonical qrt quoted-log aw-like readme-tiers; do
		"$S2R_BIN/s2r-config" "$F/$f.md" >>"$OUT"
	done
	validate_or_skip expect "$OUT"
}

@test "measure records of --epp validate (schemas/measure.schema.json)" {
	for f in gaie-values router-values objectives bare-baseline; do
		"$S2R_BIN/s2r-config" --epp "$F/$f.yaml" --phase baseline >>"$OUT"
	done
	validate_or_skip measure "$OUT"
}

@test "bad input: malformed fenced YAML is config.md:LINE:COL of the outer file" {
	run --separate-stderr "$S2R_BIN/s2r-config" "$F/bad-yaml.md"
	assert_bad_input
	line=$(line_of "$F/bad-yaml.md" "name: broken-indent")
	[[ "$stderr" == "s2r-config: $F/bad-yaml.md:$line:"* ]]
	[[ "$stderr" == *"opened at line $((line - 4))"* ]]
}

@test "bad input: a malformed plugin string is located in the outer file" {
	run --separate-stderr "$S2R_BIN/s2r-config" --epp "$F/bad-string.yaml"
	assert_bad_input
	[[ "$stderr" == "s2r-config: $F/bad-string.yaml:1"[01]":"* ]]
	run --separate-stderr "$S2R_BIN/s2r-config" --diff "$F/bare-baseline.yaml" "$F/bad-plugins.yaml"
	assert_bad_input
	[[ "$stderr" == *"bad-plugins.yaml:4:3: plugins: expected a list, got a mapping" ]]
	run --separate-stderr "$S2R_BIN/s2r-config" --epp "$F/not-epp.yaml"
	assert_bad_input
	[[ "$stderr" == *"not-epp.yaml:1:1: expected an EndpointPickerConfig"* ]]
}

@test "bad input: an alias inside its own anchor, an alias bomb (not a crash, not a hang)" {
	t="$BATS_TEST_TMPDIR"
	printf 'apiVersion: inference.networking.x-k8s.io/v1alpha1\nkind: EndpointPickerConfig\nplugins: &p\n- type: a\n  name: a\n  parameters:\n    x: *p\n' >"$t/cycle.yaml"
	for args in "--epp $t/cycle.yaml" "--diff $t/cycle.yaml $t/cycle.yaml"; do
		run --separate-stderr timeout 20 "$S2R_BIN/s2r-config" $args
		assert_bad_input
		[[ "$stderr" == "s2r-config: $t/cycle.yaml:7:8: expected an alias to a complete node, got one inside its own anchor (a cycle)" ]]
	done
	# level k: ten aliases to level k-1, 10^k nodes expanded
	prev=a
	printf 'a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n' >"$t/bomb.yaml"
	for k in b c d e f g h; do
		printf '%s: &%s [*%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s]\n' $k $k $prev $prev $prev $prev $prev $prev $prev $prev $prev $prev >>"$t/bomb.yaml"
		prev=$k
	done
	run --separate-stderr timeout 20 "$S2R_BIN/s2r-config" --diff "$t/bomb.yaml" "$t/bomb.yaml"
	assert_bad_input
	[[ "$stderr" == "s2r-config: $t/bomb.yaml:6:36: expected at most 1000000 nodes reached through aliases, got more (alias bomb?)" ]]
}

@test "bad input: unreadable file, binary junk, bad usage" {
	run --separate-stderr "$S2R_BIN/s2r-config" "$BATS_TEST_TMPDIR/absent.md"
	assert_bad_input
	[[ "$stderr" == *"absent.md: cannot open"* ]]
	printf '# ok\n\n| a | b |\n|---|---|\n| x \001\002\377 | y |\n' >"$BATS_TEST_TMPDIR/junk.md"
	run --separate-stderr "$S2R_BIN/s2r-config" "$BATS_TEST_TMPDIR/junk.md"
	assert_bad_input
	[[ "$stderr" == *"junk.md:5:5: expected Markdown text, got binary byte 0x01" ]]
	head -c 3000 /dev/urandom >"$BATS_TEST_TMPDIR/rand.yaml"
	printf '\0' >>"$BATS_TEST_TMPDIR/rand.yaml"
	run --separate-stderr "$S2R_BIN/s2r-config" --epp "$BATS_TEST_TMPDIR/rand.yaml"
	assert_bad_input
	run --separate-stderr "$S2R_BIN/s2r-config"
	[ "$status" -eq 2 ]
	run --separate-stderr "$S2R_BIN/s2r-config" --diff "$F/bare-baseline.yaml"
	assert_bad_input
	run --separate-stderr "$S2R_BIN/s2r-config" --kind nope --epp "$F/objectives.yaml"
	assert_bad_input
	mkdir -p "$BATS_TEST_TMPDIR/empty"
	run --separate-stderr "$S2R_BIN/s2r-config" "$BATS_TEST_TMPDIR/empty"
	assert_bad_input
}

@test "--deployed: the EPP config a PipelineRun's scenario deployed against the generated one" {
	pr="$F/run-pipelinerun.yaml" gen="$F/run-generated.yaml"
	dep() {
		"$S2R_BIN/s2r-config" --root "$F" --epp "$gen" --phase "${2:-treatment}" \
		    --deployed "$1" | jq -c 'select(.metric == "epp.deployed")'
	}
	# featureGates as a map (the generated file) equals the deployed list
	dep "$pr" >"$OUT"
	check_rec '.value == "equal" and .check == "2d" and .generated == "run-generated.yaml" and
	    .scope == {phase: "treatment", workload: "w1"} and
	    .source.file == "run-pipelinerun.yaml" and
	    .source.line == '"$(line_of "$pr" "value: |")"' and .source.field == "scenarioContent"' "$OUT"
	# no PipelineRun of the phase: one record for the phase, value none
	dep "$pr" baseline >"$OUT"
	check_rec '.value == "none" and .scope == {phase: "baseline"} and
	    .summary == "none of the run'"'"'s 1 PipelineRun deploys a scenario for phase baseline" and
	    .source.file == "run-generated.yaml"' "$OUT"
	[ "$(wc -l <"$OUT")" -eq 1 ]
	# the gate dropped from the deployed config: differs, with both sides' places
	sed '/- flowControl$/d' "$pr" >"$BATS_TEST_TMPDIR/gate.yaml"
	dep "$BATS_TEST_TMPDIR/gate.yaml" >"$OUT"
	check_rec '.value == "differs" and .summary == "featureGates: removed flowControl" and
	    .changes == [{op: "removed", item: "flowControl", section: "featureGates",
	      a: {value: true, file: "run-generated.yaml", line: 4, column: 3}}]' "$OUT"
	validate_or_skip measure "$OUT"
	# only the schema version differs: differs, matters false
	sed 's|apiVersion: inference.networking.x-k8s.io/v1alpha1|apiVersion: llm-d.ai/v1alpha1|' \
	    "$pr" >"$BATS_TEST_TMPDIR/api.yaml"
	dep "$BATS_TEST_TMPDIR/api.yaml" >"$OUT"
	check_rec '.value == "differs" and .matters == false and .summary == "other: changed apiVersion"' "$OUT"
	dep "$BATS_TEST_TMPDIR/gate.yaml" >"$OUT"
	check_rec '.matters == true' "$OUT"
	# a key given twice: unreadable, located in the scenario text
	sed 's/^\( *\)usageLimitPolicyPluginRef: .*/&\n\1usageLimitPolicyPluginRef: other/' \
	    "$pr" >"$BATS_TEST_TMPDIR/twice.yaml"
	dep "$BATS_TEST_TMPDIR/twice.yaml" >"$OUT"
	check_rec '.value == "unreadable" and
	    (.summary | test("duplicate mapping key \"usageLimitPolicyPluginRef\""))' "$OUT"
	# no plugin config in the scenario (flags only): absent
	sed '/pluginsConfigFile:/,/exponential-ceiling"$/d' "$pr" >"$BATS_TEST_TMPDIR/none.yaml"
	dep "$BATS_TEST_TMPDIR/none.yaml" >"$OUT"
	check_rec '.value == "absent"' "$OUT"
	validate_or_skip measure "$OUT"
	run --separate-stderr "$S2R_BIN/s2r-config" --deployed "$pr" --epp "$gen"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--deployed: expected --epp FILE and --phase"* ]]
}

@test "--deployed: the EPP image the scenario deployed against the one the run built" {
	run_dir="$BATS_TEST_TMPDIR/run" gen="$F/run-generated.yaml"
	mkdir -p "$run_dir/cluster"
	sed 's/^\(        \)inferenceExtension:$/\1images:\n\1  inferenceScheduler:\n\1    repository: ghcr.io\/me\/llm-d-router\n\1    tag: r1\n&/' \
	    "$F/run-pipelinerun.yaml" >"$run_dir/cluster/pr.yaml"
	img() {
		"$S2R_BIN/s2r-config" --root "$run_dir" --epp "$gen" --phase treatment \
		    --deployed "$run_dir/cluster/pr.yaml" | jq -c 'select(.metric == "epp.image")'
	}
	# no run_metadata.json, no translation: nothing to compare with
	[ -z "$(img)" ]
	echo '{"version": 1, "component_image": "ghcr.io/me/llm-d-router:r1"}' >"$run_dir/run_metadata.json"
	echo '{"plugin_type": "exponential-ceiling-policy"}' >"$run_dir/translation_output.json"
	img >"$OUT"
	check_rec '.value == "built" and .image == "ghcr.io/me/llm-d-router:r1" and
	    .built_from == "run_metadata.json" and .needs_built and
	    .plugin_type == "exponential-ceiling-policy" and
	    .scope == {phase: "treatment", workload: "w1"} and
	    .source.file == "cluster/pr.yaml"' "$OUT"
	validate_or_skip measure "$OUT"
	sed -i 's/tag: r1$/tag: r0/' "$run_dir/cluster/pr.yaml"
	img >"$OUT"
	check_rec '.value == "other" and .image == "ghcr.io/me/llm-d-router:r0" and .built == "ghcr.io/me/llm-d-router:r1"' "$OUT"
	# a config that names no plugin the run built does not need its image
	echo '{"plugin_type": "other-policy"}' >"$run_dir/translation_output.json"
	img >"$OUT"
	check_rec '.value == "other" and (.needs_built | not)' "$OUT"
	# newer translations: the algorithm's own image_ref
	echo '{"algorithms": [{"name": "treatment", "image_ref": "ghcr.io/me/llm-d-router:abc-treatment"}]}' \
	    >"$run_dir/translation_output.json"
	img >"$OUT"
	check_rec '.value == "other" and .needs_built and .built == "ghcr.io/me/llm-d-router:abc-treatment" and
	    .built_from == "translation_output.json"' "$OUT"
	# no image in the scenario: the chart's default
	sed -i '/images:$/,/tag: r0$/d' "$run_dir/cluster/pr.yaml"
	img >"$OUT"
	check_rec '.value == "default" and .image == null' "$OUT"
	validate_or_skip measure "$OUT"
}

@test "--deployed: the scenario's chart keys as epp.chart.deployed records of the arm (3d)" {
	pr="$F/run-pipelinerun.yaml" gen="$F/run-generated.yaml"
	chart() {
		"$S2R_BIN/s2r-config" --root "$BATS_TEST_TMPDIR" --epp "$gen" --phase "${2:-treatment}" \
		    --deployed "$1" | jq -c 'select(.metric == "epp.chart.deployed")'
	}
	cp "$pr" "$BATS_TEST_TMPDIR/pr.yaml"
	# keyed as config.md's epp.chart (flags.KEY), typed, cited at the scenario
	chart "$BATS_TEST_TMPDIR/pr.yaml" >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 2 ]
	check_rec 'select(.key == "flags.v") | .value == 3 and .kind == "measure" and .check == "3d" and
	    .scope == {phase: "treatment", workload: "w1"} and .source.file == "pr.yaml" and
	    .source.line == '"$(line_of "$pr" "value: |")"' and
	    (.source.field | startswith("scenarioContent: chart[flags.v]"))' "$OUT"
	check_rec 'select(.key == "pluginsConfigFile") | .value == "custom-plugins.yaml"' "$OUT"
	validate_or_skip measure "$OUT"
	# a scenario that sets only helm flags (no plugin config) still deploys them
	sed -e '/pluginsConfigFile:/,/exponential-ceiling"$/d' -e 's/^\( *\)v: 3$/\1refresh-metrics-interval: 1s/' \
	    "$pr" >"$BATS_TEST_TMPDIR/flags.yaml"
	chart "$BATS_TEST_TMPDIR/flags.yaml" >"$OUT"
	check_rec '.key == "flags.refresh-metrics-interval" and .value == "1s"' "$OUT"
	# another phase's PipelineRun: none
	[ -z "$(chart "$BATS_TEST_TMPDIR/flags.yaml" baseline)" ]
}
