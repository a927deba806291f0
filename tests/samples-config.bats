#!/usr/bin/env bats
# s2r-config over the real sim bundles and generated EPP configs.
load helpers
bats_require_minimum_version 1.5.0

setup() {
	need_samples
	OUT="$BATS_TEST_TMPDIR/out.ndjson"
}

pick() {
	jq -r --arg m "$1" --arg k "${2:-}" \
	    'select(.metric == $m and (($k == "") or (.key == $k))) |
	     "\(.value) \(.source.file):\(.source.line)"' "$OUT"
}

line_of() {
	grep -n -F -- "$2" "$1" | head -1 | cut -d: -f1
}

# The value cell of the `--flag` row of AW's vLLM table, read with sed.
aw_flag() {
	sed -n "s/^| \`$1\` | \`\([^\`]*\)\` |\$/\1/p" "$S2R_SAMPLES/aw-sim/config.md"
}

@test "aw-sim: the vLLM --flag table, value by value against sed" {
	"$S2R_BIN/s2r-config" "$S2R_SAMPLES/aw-sim" >"$OUT"
	c="$S2R_SAMPLES/aw-sim/config.md"
	for f in model tensor-parallel-size gpu-memory-utilization \
	    max-model-len max-num-seqs max-num-batched-tokens block-size; do
		m="vllm.$(echo "$f" | tr - _)"
		want="$(aw_flag "--$f") config.md:$(line_of "$c" "| \`--$f\`")"
		[ "$(pick "$m")" = "$want" ] ||
			{ echo "$m: $(pick "$m"), want $want"; false; }
	done
	# "(true required — …)" reads as true
	[ "$(pick vllm.enable_prefix_caching)" = "true config.md:$(line_of "$c" "--enable-prefix-caching")" ]
	# "4 instances, Qwen/Qwen3-14B on H100-SXM-80GB, TP=1."
	want=$(sed -n 's/^\([0-9][0-9]*\) instances,.*/\1/p' "$c")
	[ "$(pick instances.count)" = "$want config.md:$(line_of "$c" " instances,")" ]
	validate_records "$OUT"
}

@test "aw-sim: both arms' EPP configs, scorer weights 3:2:2 and 1.0" {
	"$S2R_BIN/s2r-config" "$S2R_SAMPLES/aw-sim" >"$OUT"
	run jq -r 'select(.metric == "epp.scorer.weight") | "\(.scope.phase) \(.key) \(.value)"' "$OUT"
	[ "$output" = "$(printf 'baseline default/ppc 3\nbaseline default/kv 2\nbaseline default/qd 2\ntreatment default/delegation-scorer 1')" ]
	[ "$(jq -r 'select(.metric == "epp.plugin") | .scope.phase' "$OUT" | sort | uniq -c | awk '{print $1 $2}' | tr '\n' ' ')" = "6baseline 7treatment " ]
	[ "$(pick epp.plugin delegation-scorer)" = "adaptive-routing-scorer config.md:$(line_of "$S2R_SAMPLES/aw-sim/config.md" "type: adaptive-routing-scorer")" ]
	[ "$(jq -s 'map(select(.metric == "config.conflict")) | length' "$OUT")" -eq 0 ]
}

@test "14b-sim: vLLM table against awk; quoted log; the prefix-caching conflict" {
	"$S2R_BIN/s2r-config" "$S2R_SAMPLES/14b-sim" >"$OUT"
	c="$S2R_SAMPLES/14b-sim/config.md"
	for p in block_size gpu_memory_utilization max_num_batched_tokens \
	    max_num_seqs max_model_len tensor_parallel_size; do
		v=$(awk -F'|' -v k="\`$p\`" '$2 ~ k { gsub(/ /, "", $3); print $3; exit }' "$c")
		pick "vllm.$p" | grep -qx "$v config.md:$(line_of "$c" "| \`$p\`")" ||
			{ echo "$p: $(pick "vllm.$p"), want $v"; false; }
	done
	log=$(grep -n 'enable_prefix_caching=' "$c" | cut -d: -f1)
	tab=$(grep -n '^| `enable_prefix_caching` | False' "$c" | cut -d: -f1)
	[ "$(pick vllm.enable_prefix_caching | tr '\n' ' ')" = "false config.md:$tab true config.md:$log " ]
	run jq -c 'select(.metric == "config.conflict") | [.value, [.values[] | .value, .source.line]]' "$OUT"
	[ "$output" = "[\"vllm.enable_prefix_caching\",[false,$tab,true,$log]]" ]
	# the quoted non-default args agree with the table elsewhere
	nda=$(grep -n 'non-default args' "$c" | cut -d: -f1)
	[ "$(pick vllm.block_size | tr '\n' ' ')" = "64 config.md:$(line_of "$c" "| \`block_size\`") 64 config.md:$nda " ]
	[ "$(pick instances.count | sort -u | wc -l)" -eq 2 ]
	[ "$(pick instances.count | cut -d' ' -f1 | sort -u)" = 4 ]
	validate_records "$OUT"
}

@test "14b-sim: BLIS flags, thresholds, observe, tiers, per-arm EPP configs" {
	"$S2R_BIN/s2r-config" "$S2R_SAMPLES/14b-sim" >"$OUT"
	c="$S2R_SAMPLES/14b-sim/config.md"
	r="$S2R_SAMPLES/14b-sim/README.md"
	[ "$(pick sim.snapshot_refresh_interval_us)" = "50000 config.md:$(line_of "$c" "--snapshot-refresh-interval")" ]
	[ "$(pick sim.routing_policy)" = "round-robin config.md:$(line_of "$c" "--routing-policy")" ]
	[ "$(pick sim.num_instances)" = "4 config.md:$(line_of "$c" "--num-instances")" ]
	[ "$(pick admission.queue_depth_threshold)" = "5 config.md:$(line_of "$c" "QD threshold")" ]
	[ "$(pick observe.max_concurrency | tr '\n' ' ')" = "3000 config.md:$(line_of "$c" "--max-concurrency") 3000 README.md:$(line_of "$r" "blis observe --max-concurrency") " ]
	run jq -r 'select(.metric == "priority.tier") | "\(.scope.class) \(.value) \(.source.line)"' "$OUT"
	want=$(awk -F'|' '/^\| Tier \| Priority/ { t = 1; next } t && /^\|--/ { next }
	    t && /^\|/ { gsub(/ /, "", $2); gsub(/ /, "", $3); print $2, $3, NR; next } t { exit }' "$r")
	[ "$output" = "$want" ]
	[ "$(pick epp.plugin preemptive-shed)" = "preemptive-shed-admitter README.md:$(line_of "$r" "type: preemptive-shed-admitter")" ]
	[ "$(jq -r 'select(.metric == "epp.plugin" and .key == "preemptive-shed") | .scope.phase' "$OUT")" = treatment ]
	[ "$(jq -r 'select(.metric == "epp.plugin" and .key == "gaie-control") | .scope.phase' "$OUT")" = control ]
	[ "$(jq -r 'select(.metric == "epp.plugin.parameter" and .key == "preemptive-shed.sheddableShedStart") | .value' "$OUT")" = 0.005 ]
	[ "$(jq -r 'select(.metric == "epp.saturation_detector" and .key == "queueDepthThreshold") | .value' "$OUT" | sort -u)" = 999999999 ]
}

@test "AW generated configs: the diff is exactly the scorer change" {
	g="$S2R_SAMPLES/aw-real/generated"
	"$S2R_BIN/s2r-config" --root "$S2R_SAMPLES/aw-real" --diff \
	    "$g/baseline_config.yaml" "$g/treatment_config.yaml" >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 8 ]
	[ "$(jq -r 'select(.value == "differs") | .section' "$OUT" | tr '\n' ' ')" = "plugins schedulingProfiles " ]
	# plugins: one added, delegation-scorer of type adaptive-routing-scorer
	run jq -c 'select(.section == "plugins") | .changes[] | [.op, .item, .b.value.type, .b.file, .b.line]' "$OUT"
	[ "$output" = "[\"added\",\"delegation-scorer\",\"adaptive-routing-scorer\",\"generated/treatment_config.yaml\",$(line_of "$g/treatment_config.yaml" "name: delegation-scorer")]" ]
	# profile: the three scorer refs out, the delegation scorer in
	run jq -r 'select(.section == "schedulingProfiles") | .changes[] | "\(.op) \(.item) \(.a.value // .b.value) \(.a.line // .b.line)"' "$OUT"
	b="$g/baseline_config.yaml"
	[ "$output" = "$(printf 'added default/delegation-scorer 1 %s\nremoved default/kv 2 %s\nremoved default/ppc 3 %s\nremoved default/qd 2 %s' \
	    "$(($(line_of "$g/treatment_config.yaml" "pluginRef: delegation-scorer") + 1))" \
	    "$(($(line_of "$b" "pluginRef: kv") + 1))" "$(($(line_of "$b" "pluginRef: ppc") + 1))" \
	    "$(($(line_of "$b" "pluginRef: qd") + 1))")" ]
	# independent check: the text diff touches exactly these lines
	[ "$(diff "$g/baseline_config.yaml" "$g/treatment_config.yaml" | grep -c '^[<>]')" -eq 14 ]
	validate_records "$OUT"
}

@test "AW generated configs as measure records match config.md's expectations" {
	g="$S2R_SAMPLES/aw-real/generated"
	for arm in baseline treatment; do
		"$S2R_BIN/s2r-config" --epp "$g/${arm}_config.yaml" --phase "$arm" |
		    jq -c 'select(.metric == "epp.plugin" or .metric == "epp.scorer.weight") | [.scope.phase, .metric, .key, .value]' |
		    sort >"$OUT.m.$arm"
	done
	"$S2R_BIN/s2r-config" "$S2R_SAMPLES/aw-sim/config.md" |
	    jq -c 'select(.metric == "epp.plugin" or .metric == "epp.scorer.weight") | [.scope.phase, .metric, .key, .value]' |
	    sort >"$OUT.e"
	cat "$OUT.m.baseline" "$OUT.m.treatment" | sort | cmp - "$OUT.e"
}

@test "sample EPP template and verbosity overlay read; non-EPP overlays refused" {
	c="$S2R_SAMPLES/configs"
	"$S2R_BIN/s2r-config" --epp "$c/baseline_epp_template.yaml" --kind expect >"$OUT"
	# WEIGHT_FROM_SIM placeholders stay strings, never numbers
	[ "$(jq -r 'select(.metric == "epp.scorer.weight") | .value' "$OUT" | sort -u)" = WEIGHT_FROM_SIM ]
	validate_records "$OUT"
	"$S2R_BIN/s2r-config" --epp "$c/epp-verbosity.yaml" --kind expect >"$OUT"
	[ "$(pick epp.chart verbosity)" = "5 $c/epp-verbosity.yaml:$(line_of "$c/epp-verbosity.yaml" "verbosity:")" ]
	run --separate-stderr "$S2R_BIN/s2r-config" --epp "$c/vllm-logging.yaml"
	assert_bad_input
}

@test "exponential-ceiling r1: the generated configs' featureGates map reads; the config the PipelineRun deployed equals the generated one, on the image the run built" {
	r="$S2R_SAMPLES/upstream/exponential-ceiling/workspace/runs/r1"
	g="$r/generated/treatment_config.yaml"
	"$S2R_BIN/s2r-config" --root "$r" --epp "$g" --phase treatment \
	    --deployed "$r/cluster/pipelinerun-chatbot-mid-treatment.yaml" >"$OUT"
	# the map form (flowControl: true) is the gate on, at its own line
	[ "$(pick epp.feature_gate flowControl)" = "true generated/treatment_config.yaml:$(line_of "$g" "flowControl: true")" ]
	# the deployed string gives the gate as a list: equal all the same
	[ "$(jq -r 'select(.metric == "epp.deployed") | "\(.value) \(.scope.workload) \(.source.file):\(.source.line)"' "$OUT")" = \
	  "equal chatbot_mid cluster/pipelinerun-chatbot-mid-treatment.yaml:$(line_of "$r/cluster/pipelinerun-chatbot-mid-treatment.yaml" "name: scenarioContent" | awk '{ print $1 + 1 }')" ]
	# the image: run_metadata.json's component_image, which the scenario names
	img=$(jq -r .component_image "$r/run_metadata.json")
	grep -q "tag: ${img##*:}" "$r/cluster/treatment.yaml"
	[ "$(jq -r 'select(.metric == "epp.image") | "\(.value) \(.built) \(.needs_built)"' "$OUT")" = "built $img true" ]
	"$S2R_BIN/s2r-config" --epp "$r/generated/baseline_config.yaml" --phase baseline >"$OUT"
	[ "$(pick epp.feature_gate flowControl | cut -d' ' -f1)" = true ]
}
