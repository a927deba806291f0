#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# s2r-kernel-match (A1) and s2r-dutycycle (A2) on traces synthesised by
# tests/gen-kineto.py from a simulated slot table with injected effects.
# Expected values come from the generator's truth file or from jq over
# the records, never from the C code.
load helpers

KM="$S2R_BIN/s2r-kernel-match"
DC="$S2R_BIN/s2r-dutycycle"
RULES="$S2R_TOP/pipelines/rules/vllm-dense.rules"

setup() {
	T="$BATS_TEST_TMPDIR"
}

gen() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$T/t_{rank}.json" \
	    --slots "$T/slots.ndjson" --expect "$T/truth.json" "$@"
}

a1() {
	"$KM" --rules "$RULES" --slots "$T/slots.ndjson" "$@" >"$T/a1.ndjson"
	validate_records "$T/a1.ndjson"
}

metric() {
	jq -c --arg m "$1" 'select(.kind=="summary" and .metric==$m) | .value' \
	    "${2:-$T/a1.ndjson}"
}

agg() {	# aggregated op record of operation $1
	jq -c --arg o "$1" 'select(.kind=="op" and .scope.iteration==null and .op==$o)' \
	    "$T/a1.ndjson"
}

@test "both tools: --help and --version" {
	run "$KM" --help
	[ "$status" -eq 0 ] && [[ "$output" == usage:* ]]
	run "$KM" --version
	[ "$output" = "s2r-kernel-match 0.1.0" ]
	run "$DC" --help
	[ "$status" -eq 0 ] && [[ "$output" == usage:* ]]
	run "$DC" --version
	[ "$output" = "s2r-dutycycle 0.1.0" ]
	run --separate-stderr "$KM" --slots x
	[ "$status" -eq 2 ]
}

@test "A1 on a faithful trace: no deviation, only the sampling helper unmapped" {
	gen
	a1 "$T/t_0.json"
	[ "$(metric kernel.cause)" = '"none"' ]
	[ "$(metric kernel.ops.deviating)" = 0 ]
	[ "$(metric kernel.error.abs)" = 0 ]
	[ "$(metric kernel.top_deviation)" = null ]
	[ "$(metric kernel.unmapped_measured.large)" = 0 ]
	[ "$(metric kernel.unmapped_simulated)" = 0 ]
	[ "$(metric kernel.iterations.compared)" = 6 ]
	# the only unmapped family is sampling, flagged as expected noise
	run jq -c 'select(.metric=="kernel.unmapped_measured") | .details | map([.op, .expected_noise])' "$T/a1.ndjson"
	[ "$output" = '[["sampling",true]]' ]
	# coverage recomputed from the op records: 1 - sampling / all
	want=$(jq -s '[.[] | select(.kind=="op" and .scope.iteration==null)] |
	    (map(.meas_ns) | add) as $all | (map(select(.op=="sampling").meas_ns) | add) as $s |
	    ($all - $s) / $all * 1e9 | round' "$T/a1.ndjson")
	got=$(metric kernel.coverage.measured | jq '. * 1e9 | round')
	[ $((got - want)) -le 1 ] && [ $((want - got)) -le 1 ]
	# the GEMMs got their operation by position in the layer
	for op in qkv_proj o_proj gate_up_proj down_proj lm_head input_norm post_attn_norm final_norm; do
		[ "$(agg $op | jq -r .status)" = matched ] || { echo "$op"; false; }
	done
	[ "$(agg lm_head | jq .n_kernels)" = 6 ]
	[ "$(agg qkv_proj | jq .n_kernels)" = 24 ]
}

@test "A1: one operation 25 % slower is concentrated and ranked first" {
	gen --slow o_proj:1.25
	a1 "$T/t_0.json"
	[ "$(metric kernel.cause)" = '"concentrated"' ]
	[ "$(metric kernel.top_deviation)" = '"o_proj"' ]
	[ "$(metric kernel.ops.deviating)" = 1 ]
	# rel = (sim - meas) / meas = (1 - 1.25) / 1.25 = -0.2
	[ "$(agg o_proj | jq '.rel')" = -0.2 ]
	[ "$(agg o_proj | jq '.rank_by_abs_err')" = 1 ]
	[ "$(agg o_proj | jq '.share_of_abs_err')" = 1 ]
	[ "$(agg gate_up_proj | jq '.rel')" = 0 ]
	[ "$(metric kernel.median_ratio)" = 1 ]
}

@test "A1: a uniform 5 % clock shift is uniform_shift, not a model gap" {
	gen --clock 1.05
	a1 "$T/t_0.json"
	[ "$(metric kernel.cause)" = '"uniform_shift"' ]
	[ "$(metric kernel.median_ratio)" = 1.05 ]
	[ "$(metric kernel.ops.deviating)" = 0 ]
	want=$(jq -s '[.[] | select(.kind=="op" and .scope.iteration==null and .status=="matched")] |
	    ((map(.sim_ns) | add) - (map(.meas_ns) | add)) / (map(.meas_ns) | add) * 1e9 | round' "$T/a1.ndjson")
	[ "$(metric kernel.error.signed | jq '. * 1e9 | round')" = "$want" ]
}

cause() {	# cause [FIELD]: kernel.cause's value, or a field of its details
	if [ -z "${1:-}" ]; then metric kernel.cause; return; fi
	jq -c --arg f "$1" 'select(.metric=="kernel.cause") | .details[$f]' "$T/a1.ndjson"
}

resid() {	# resid FIELD: the first kernel.residual_top entry's field
	jq -c --arg f "$1" 'select(.metric=="kernel.residual_top") | .details[0][$f]' "$T/a1.ndjson"
}

@test "A1: a clock shift plus one slower operation is mixed: the factor comes out, the operation stays" {
	gen --clock 1.15 --slow o_proj:1.6
	a1 "$T/t_0.json"
	[ "$(cause)" = '"mixed"' ]
	# 11 of the 12 matched operations share the clock factor exactly
	[ "$(cause shared_factor)" = 1.15 ]
	[ "$(cause shared_ops)" = 11 ] && [ "$(cause matched_ops)" = 12 ]
	[ "$(cause shift)" = true ] && [ "$(cause outliers)" = 1 ]
	[ "$(metric kernel.residual_top)" = '"o_proj"' ]
	# measured o_proj = 1.6 x 1.15 x its slot: after dividing 1.15 out the
	# simulation is 1/1.6 - 1 = -0.375 of measured
	[ "$(resid rel_after_factor)" = -0.375 ]
	want=$(jq -s '[.[] | select(.kind=="op" and .scope.iteration!=null and .op=="o_proj") |
	    (.sim_ns * 1.15 - .meas_ns) | fabs] | add | round' "$T/a1.ndjson")
	[ "$(resid resid_abs_err_ns)" = "$want" ]
	[ "$(resid share_of_residual)" = 1 ]
	# o_proj is off in every iteration with its one kernel: no evidence
	[ "$(resid likely)" = '"undetermined"' ]
	[ "$(resid iterations_tracking)" = 0 ]
}

@test "A1: the same kernel off only at the prefill shape is a shape edge" {
	gen --slow gate_up_proj:1.5:prefill
	a1 "$T/t_0.json"
	[ "$(cause)" = '"concentrated"' ] && [ "$(cause shift)" = false ]
	[ "$(resid op)" = '"gate_up_proj"' ]
	[ "$(resid likely)" = '"shape_edge"' ]
	[ "$(resid iterations_deviating)" = 1 ] && [ "$(resid iterations_tracking)" = 5 ]
	[ "$(resid iteration | jq -r .marker)" = "execute_context_4(2048)_generation_0(0)" ]
	[ "$(resid kernel | jq -r .)" = "$(/usr/bin/python3 -c 'import importlib.util as u, sys
s = u.spec_from_file_location("g", sys.argv[1]); g = u.module_from_spec(s); s.loader.exec_module(g)
print(g.NAMES["gate_up_proj"])' "$S2R_TOP/tests/gen-kineto.py")" ]
}

@test "A1: a kernel launched only where the operation deviates is a different kernel" {
	gen --swap attention:decode --slow attention:1.6:decode
	a1 "$T/t_0.json"
	[ "$(resid op)" = '"attention"' ]
	[ "$(resid likely)" = '"different_kernel"' ]
	[ "$(resid iterations_deviating)" = 5 ] && [ "$(resid iterations_tracking)" = 1 ]
	[[ "$(resid kernel)" == '"void flashinfer::BatchDecodeWithPagedKVCacheKernel<'* ]]
	[ "$(resid kernel_share)" = 1 ]
}

@test "A1: the slots' kernel fragment tells a different kernel from a shape edge" {
	gen --slot-kernels --swap attention --slow attention:1.5
	a1 "$T/t_0.json"
	[ "$(resid likely)" = '"different_kernel"' ]
	[ "$(resid slot_kernel)" = '"FlashAttnFwdSm90"' ]
	line=$(grep -n '"op":"attention"' "$T/slots.ndjson" | head -1 | cut -d: -f1)
	[ "$(resid slot_kernel_line)" = "$line" ]
	[[ "$(resid kernel)" == *flashinfer::BatchDecode* ]]
	# the assumed kernel ran, slower everywhere: the cost at these shapes
	gen --slot-kernels --slow attention:1.5
	a1 "$T/t_0.json"
	[ "$(resid likely)" = '"shape_edge"' ]
	[[ "$(resid kernel)" == *FlashAttnFwdSm90* ]]
	# without the fragment the same trace cannot tell
	gen --slow attention:1.5
	a1 "$T/t_0.json"
	[ "$(resid likely)" = '"undetermined"' ]
}

@test "A1: two matched operations off the same way are ambiguous" {
	gen --clock 1.2
	jq -c 'select(.op == "qkv_proj" or .op == "o_proj")' "$T/slots.ndjson" >"$T/two.ndjson"
	"$KM" --rules "$RULES" --slots "$T/two.ndjson" "$T/t_0.json" >"$T/a1.ndjson"
	validate_records "$T/a1.ndjson"
	[ "$(cause)" = '"ambiguous"' ] && [ "$(cause matched_ops)" = 2 ]
	# one of them on time: the other one's gap is concentrated
	gen --slow qkv_proj:1.2
	jq -c 'select(.op == "qkv_proj" or .op == "o_proj")' "$T/slots.ndjson" >"$T/two.ndjson"
	"$KM" --rules "$RULES" --slots "$T/two.ndjson" "$T/t_0.json" >"$T/a1.ndjson"
	[ "$(cause)" = '"concentrated"' ]
}

@test "labels: a rule reaching a kernel only through its namespace is cross-family" {
	name='void fbgemm_gpu::permute_2D_data_kernel<false, int, int>(int, int, int const*, int*)'
	gen --extra --extra-name "$name"
	a1 "$T/t_0.json"
	[ "$(metric labels.cross_family)" = 1 ]
	run jq -r 'select(.metric=="labels.cross_family") | .details[0] | [.qualifier, .kind, .name, .calls] | @tsv' "$T/a1.ndjson"
	[ "$output" = "$(printf 'fbgemm_gpu\tgemm\t%s\t24' "$name")" ]
	# its rule and line in the rules file
	rule=$(jq -r 'select(.metric=="labels.cross_family") | .details[0] | "\(.line) \(.rule)"' "$T/a1.ndjson")
	[ "$(sed -n "${rule%% *}p" "$RULES" | awk '{ print $2 }')" = "${rule#* }" ]
	"$KM" --check --rules "$RULES" "$T/t_0.json" >"$T/c.ndjson"
	validate_records "$T/c.ndjson"
	[ "$(metric labels.cross_family "$T/c.ndjson")" = 1 ]
	# the faithful trace: cutlass::, vllm:: and at::native:: names are not
	gen
	a1 "$T/t_0.json"
	[ "$(metric labels.cross_family)" = 0 ]
}

@test "A1: a kernel with no slot is a large unmapped measured family" {
	gen --extra
	a1 "$T/t_0.json"
	[ "$(metric kernel.unmapped_measured.large)" = 1 ]
	run jq -r 'select(.metric=="kernel.unmapped_measured") | .details[0] | [.op, .large, .calls] | @tsv' "$T/a1.ndjson"
	[ "$output" = "$(printf 'unmapped:void my_unknown_fused_thing_kernel<128>(float*, int)\ttrue\t24')" ]
	[ "$(metric kernel.cause)" = '"none"' ]
	[ "$(metric kernel.unmapped_simulated)" = 0 ]
}

@test "A1: a slot with no kernel is unmapped simulated; coverage says by how much" {
	gen --drop rope
	a1 "$T/t_0.json"
	run jq -r 'select(.metric=="kernel.unmapped_simulated") | .details | map(.op) | join(",")' "$T/a1.ndjson"
	[ "$output" = rope ]
	want=$(jq -s '(map(.unit_ns * .count) | add) as $all |
	    (map(select(.op=="rope") | .unit_ns * .count) | add) as $r | ($all - $r) / $all * 1e9 | round' "$T/slots.ndjson")
	[ "$(metric kernel.coverage.simulated | jq '. * 1e9 | round')" = "$want" ]
	[ "$(metric kernel.unmapped_measured.large)" = 0 ]
	[ "$(metric kernel.cause)" = '"none"' ]
}

@test "A1 TP=2: all-reduces after o_proj and down_proj get their own operations, on every rank" {
	gen --tp 2
	a1 "$T/t_0.json" "$T/t_1.json"
	for r in 0 1; do
		a="select(.kind==\"op\" and .scope.iteration==null and .scope.rank==\"$r\" and .op==\"attn_allreduce\")"
		[ "$(jq -r "$a | .status" "$T/a1.ndjson")" = matched ]
		[ "$(jq -r "$a | .n_kernels" "$T/a1.ndjson")" = 24 ]
	done
	[ "$(jq -r 'select(.kind=="op" and .scope.iteration==null and .scope.rank=="0" and .op=="mlp_allreduce") | .status' "$T/a1.ndjson")" = matched ]
	# every rank compared by default, the lowest first
	[ "$(jq -c 'select(.kind=="summary") | .scope' "$T/a1.ndjson" | uniq)" = "$(printf '%s\n' '{"device":"0","rank":"0"}' '{"device":"1","rank":"1"}')" ]
	"$KM" --rules "$RULES" --slots "$T/slots.ndjson" --rank 1 "$T/t_0.json" "$T/t_1.json" >"$T/r1.ndjson"
	[ "$(jq -c 'select(.kind=="summary") | .scope' "$T/r1.ndjson" | sort -u)" = '{"device":"1","rank":"1"}' ]
}

@test "A2 TP=2: barrier terms, skew of the late rank, identities to the ns" {
	gen --tp 2
	"$DC" "$T/t_0.json" "$T/t_1.json" >"$T/d.ndjson"
	validate_records "$T/d.ndjson"
	# every iteration: 2 all-reduces per layer, rank 1 arrives 2 us late
	run jq -s -c '[.[] | select(.window=="iteration") | [.collectives, .collective_skew_ns, .ranks]] | unique' "$T/d.ndjson"
	[ "$output" = '[[8,16000,2]]' ]
	run jq -s '[.[] | select(.window=="iteration") |
	    select(.wall_ns != .measured_ns + .idle_internal_ns + .idle_boundary_ns or
	           .measured_ns != .critical_busy_ns + .collective_ns)] | length' "$T/d.ndjson"
	[ "$output" = 0 ]
	# cycle and wall against the generator's truth
	run jq -s -c '[.[] | select(.window=="iteration") | [.iter, .cycle_ns, .wall_ns]]' "$T/d.ndjson"
	want=$(jq -c '[.iterations[] | [.iter, .cycle_ns, .wall_ns]]' "$T/truth.json")
	[ "$output" = "$want" ]
	[ "$(metric duty.identity_residual_ns "$T/d.ndjson")" = 0 ]
	[ "$(metric duty.ranks "$T/d.ndjson")" = 2 ]
}

@test "A2: clock shift and slow op change kernel time, identities still hold" {
	gen --slow o_proj:1.25 --clock 1.05
	"$DC" "$T/t_0.json" >"$T/d.ndjson"
	[ "$(metric duty.identity_residual_ns "$T/d.ndjson")" = 0 ]
	run jq -s -c '[.[] | select(.window=="iteration") | [.iter, .cycle_ns, .wall_ns]]' "$T/d.ndjson"
	[ "$output" = "$(jq -c '[.iterations[] | [.iter, .cycle_ns, .wall_ns]]' "$T/truth.json")" ]
}

@test "A2: multiplier = sum(cycle)/sum(measured), per stage, last iteration has no cycle" {
	gen --mixed
	"$DC" "$T/t_0.json" >"$T/d.ndjson"
	validate_records "$T/d.ndjson"
	want=$(jq -s '[.[] | select(.window=="iteration" and .cycle_ns != null)] |
	    ((map(.cycle_ns) | add) / (map(.measured_ns) | add)) * 1e9 | round' "$T/d.ndjson")
	[ "$(metric duty.multiplier "$T/d.ndjson" | jq '. * 1e9 | round')" = "$want" ]
	[ "$(jq -s '[.[] | select(.window=="iteration")] | last | .cycle_ns' "$T/d.ndjson")" = null ]
	run jq -s -c '[.[] | select(.window=="iteration") | .stage]' "$T/d.ndjson"
	[ "$output" = '["prefill","mixed","decode","decode","decode","decode"]' ]
	[ -n "$(metric duty.multiplier.decode "$T/d.ndjson")" ]
	[ -n "$(metric duty.multiplier.prefill "$T/d.ndjson")" ]
	# decode is more launch-bound than prefill
	dec=$(metric duty.gap_fraction.decode "$T/d.ndjson")
	pre=$(metric duty.gap_fraction.prefill "$T/d.ndjson")
	jq -n --argjson d "$dec" --argjson p "$pre" '$d > $p' | grep -qx true
}

@test "A2: the gap fractions use the multiplier's screened iterations: a decode lull set aside does not hide prefill looking more launch-bound" {
	# a 5 ms stall after the prefill step, and a 0.5 s lull after decode
	# step 6 (of 11 decode steps: the screen sets it aside)
	gen --iters 12 --stall 0:5000000 --stall 6:500000000
	"$DC" "$T/t_0.json" >"$T/d.ndjson"
	validate_records "$T/d.ndjson"
	run jq -c 'select(.metric=="duty.multiplier") | .details.excluded | map(.iter)' "$T/d.ndjson"
	[ "$output" = '[6]' ]
	want=$(jq -s '[.[] | select(.window=="iteration" and .cycle_ns != null and .excluded == false and .stage == "decode")] |
	    ((map(.cycle_ns - .wall_ns) | add) / (map(.cycle_ns) | add)) * 1e9 | round' "$T/d.ndjson")
	[ "$(metric duty.gap_fraction.decode "$T/d.ndjson" | jq '. * 1e9 | round')" = "$want" ]
	jq -c 'select(.metric=="duty.gap_fraction.decode") | .n' "$T/d.ndjson" | grep -qx 9
	dec=$(metric duty.gap_fraction.decode "$T/d.ndjson")
	pre=$(metric duty.gap_fraction.prefill "$T/d.ndjson")
	jq -n --argjson d "$dec" --argjson p "$pre" '$d < 0.5 and $p > $d' | grep -qx true
	"$S2R_BIN/s2r-verdict" --no-fail-status --checks A2 "$T/d.ndjson" >"$T/v.ndjson"
	[ "$(jq -r 'select(.metric=="duty.gap_fraction.decode") | .verdict' "$T/v.ndjson")" = WARN ]
}

@test "A2: a host stall is screened out of the multiplier, and listed" {
	gen --iters 12 --stall 5:50000000
	"$DC" "$T/t_0.json" >"$T/d.ndjson"
	validate_records "$T/d.ndjson"
	[ "$(metric duty.iterations.excluded "$T/d.ndjson")" = 1 ]
	run jq -c 'select(.metric=="duty.multiplier") | .details.excluded | map(.iter)' "$T/d.ndjson"
	[ "$output" = '[5]' ]
	want=$(jq -s '[.[] | select(.window=="iteration" and .cycle_ns != null and .excluded == false)] |
	    ((map(.cycle_ns) | add) / (map(.measured_ns) | add)) * 1e9 | round' "$T/d.ndjson")
	[ "$(metric duty.multiplier "$T/d.ndjson" | jq '. * 1e9 | round')" = "$want" ]
	# without the stall nothing is excluded
	gen --iters 12
	"$DC" "$T/t_0.json" >"$T/d2.ndjson"
	[ "$(metric duty.iterations.excluded "$T/d2.ndjson")" = 0 ]
}

@test "A2: a step whose kernels the profiler dropped leaves the cycle before it unknown, not idle" {
	gen
	"$DC" "$T/t_0.json" >"$T/clean.ndjson"
	# every kernel of iteration 3 dropped; its marker and launches stay
	/usr/bin/python3 - "$T/t_0.json" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
evs = doc["traceEvents"]
marks = sorted(e["ts"] for e in evs if e.get("cat") == "user_annotation")
a, b = marks[3], marks[4]
doc["traceEvents"] = [e for e in evs if not (e.get("cat") == "kernel" and a <= e["ts"] < b)]
json.dump(doc, open(path, "w"))
PY
	"$DC" "$T/t_0.json" >"$T/d.ndjson" 2>/dev/null
	validate_records "$T/d.ndjson"
	[ "$(jq -c 'select(.window=="iteration" and .iter==2) | .cycle_ns' "$T/d.ndjson" | head -1)" = null ]
	[ "$(metric duty.iterations.with_cycle "$T/d.ndjson")" = 3 ]
	# the multiplier over the iterations whose cycle is known (0, 1, 4),
	# as the clean capture has them
	want=$(jq -s '[.[] | select(.window=="iteration" and .cycle_ns != null and .excluded == false and .iter != 2 and .iter != 3)] |
	    ((map(.cycle_ns) | add) / (map(.measured_ns) | add)) * 1e9 | round' "$T/clean.ndjson")
	[ "$(metric duty.multiplier "$T/d.ndjson" | jq '. * 1e9 | round')" = "$want" ]
	[ "$(metric duty.iterations.few_kernels "$T/d.ndjson")" = 1 ]
}

@test "CUDA-graph decode: kernels of one graph launch stay in their iteration" {
	gen --graph
	"$KM" --emit-kernels "$T/t_0.json" >"$T/k.ndjson"
	validate_records "$T/k.ndjson"
	run jq -s -c 'map(select(.kind=="kernel")) | group_by(.iter) | map([.[0].iter, length, (map(.graph) | any)])' "$T/k.ndjson"
	# 4 layers x 10 + final norm, lm_head, sampling (launched after the
	# marker closed: still its iteration); decode ones under the graph
	[ "$output" = '[[0,43,false],[1,43,true],[2,43,true],[3,43,true],[4,43,true],[5,43,true]]' ]
	run jq -s -c 'map(select(.kind=="kernel" and .iter==1)) | [(map(.corr) | unique | length), (map(select(.graph)) | length)]' "$T/k.ndjson"
	# one graph launch for the 40 layer kernels, 3 eager launches after
	[ "$output" = '[4,40]' ]
}

@test "emit-kernels: records carry exact ns and reload to the same duty cycle" {
	gen
	"$KM" --emit-kernels "$T/t_0.json" >"$T/k.ndjson"
	validate_records "$T/k.ndjson"
	"$DC" "$T/t_0.json" | jq -c 'select(.window=="iteration") | del(.source)' >"$T/a"
	"$DC" "$T/k.ndjson" | jq -c 'select(.window=="iteration") | del(.source, .marker, .stage)' >"$T/b"
	jq -c 'del(.marker, .stage)' "$T/a" | diff - "$T/b"
}

@test "nsys stats CSV reports give the same iterations as the Kineto trace" {
	gen --nsys "$T/nsys"
	"$DC" "$T/t_0.json" | jq -c 'select(.window=="iteration") | del(.source)' >"$T/a"
	"$DC" "$T/nsys/cuda_gpu_trace.csv" "$T/nsys/cuda_api_trace.csv" \
	    "$T/nsys/nvtx_pushpop_trace.csv" >"$T/n.ndjson"
	validate_records "$T/n.ndjson"
	jq -c 'select(.window=="iteration") | del(.source)' "$T/n.ndjson" | diff "$T/a" -
	[ "$(jq -r 'select(.window=="trace") | .format' "$T/n.ndjson")" = nsys ]
}

@test "Kineto reader: exact decimal ts, cuda_sync and unknown categories counted" {
	"$DC" "$FIXTURES/kernels/tiny.json" >"$T/d.ndjson"
	validate_records "$T/d.ndjson"
	run jq -c 'select(.window=="iteration") | [.iter, .stage, .cycle_ns, .wall_ns]' "$T/d.ndjson"
	[ "${lines[0]}" = '[0,"decode",30000,3500]' ]
	run jq -c 'select(.window=="trace") | [.kernels.first_ns, .kernels.last_ns, .counts.cuda_sync, .counts.other_events]' "$T/d.ndjson"
	[ "$output" = '[110001,143501,1,1]' ]
}

@test "--check lists unmatched names and shadowed rules" {
	gen --extra
	"$KM" --check --rules "$FIXTURES/kernels/shadow.rules" "$T/t_0.json" >"$T/c.ndjson"
	validate_records "$T/c.ndjson"
	run jq -c 'select(.metric=="labels.shadowed_rules") | .details | map([.rule, .shadowed_by])' "$T/c.ndjson"
	[ "$output" = '[["attn-cutlass","gemm-any"]]' ]
	run jq -c 'select(.metric=="labels.unused_rules") | .details | map(.rule)' "$T/c.ndjson"
	[ "$output" = '["never"]' ]
	run jq -r 'select(.metric=="labels.unmatched_names") | .details[].name' "$T/c.ndjson"
	echo "$output" | grep -q my_unknown_fused_thing_kernel
	echo "$output" | grep -q rotary_embedding_kernel
	# the shipped rules leave only the unknown kernel unmatched
	"$KM" --check --rules "$RULES" "$T/t_0.json" >"$T/c2.ndjson"
	[ "$(metric labels.unmatched_names "$T/c2.ndjson")" = 1 ]
	[ "$(metric labels.shadowed_rules "$T/c2.ndjson")" = 0 ]
}

@test "output is byte-for-byte deterministic" {
	gen --tp 2 --slow down_proj:1.1
	a1 "$T/t_0.json" "$T/t_1.json"
	"$KM" --rules "$RULES" --slots "$T/slots.ndjson" "$T/t_0.json" "$T/t_1.json" | cmp - "$T/a1.ndjson"
	"$DC" "$T/t_0.json" "$T/t_1.json" >"$T/d1"
	"$DC" "$T/t_0.json" "$T/t_1.json" | cmp - "$T/d1"
}

@test "bad input: trace cut mid-array" {
	gen
	head -c 5000 "$T/t_0.json" >"$T/cut.json"
	run --separate-stderr "$DC" "$T/cut.json"
	assert_bad_input
	[[ "$stderr" == *"cut.json:"*":"*": expected"* ]]
}

@test "bad input: truncated gzip" {
	gen
	gzip -c "$T/t_0.json" | head -c 3000 >"$T/cut.json.gz"
	run --separate-stderr "$DC" "$T/cut.json.gz"
	assert_bad_input
	[[ "$stderr" == *"truncated"* ]]
}

@test "bad input: kernel without ts, negative duration, non-numeric ts" {
	printf '{"traceEvents":[\n{"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"dur":1}]}\n' >"$T/a.json"
	run --separate-stderr "$DC" "$T/a.json"
	assert_bad_input
	[[ "$stderr" == *"a.json:2:1: kernel event \"k\": expected \"ts\""* ]]
	printf '{"traceEvents":[{"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":5,"dur":-1}]}' >"$T/b.json"
	run --separate-stderr "$KM" --emit-kernels "$T/b.json"
	assert_bad_input
	[[ "$stderr" == *"b.json:1:82: expected a duration >= 0"* ]]
	printf '{"traceEvents":[{"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":"soon","dur":1}]}' >"$T/c.json"
	run --separate-stderr "$DC" "$T/c.json"
	assert_bad_input
	[[ "$stderr" == *"c.json:1:74: expected \"ts\" in microseconds"* ]]
}

@test "bad input: unsorted events are fine, an empty file and garbage are not" {
	gen
	jq -c '.traceEvents |= reverse' "$T/t_0.json" >"$T/rev.json"
	"$DC" "$T/t_0.json" | jq -c 'select(.window=="iteration") | del(.source)' >"$T/a"
	"$DC" "$T/rev.json" | jq -c 'select(.window=="iteration") | del(.source)' | diff "$T/a" -
	: >"$T/empty.json"
	run --separate-stderr "$DC" "$T/empty.json"
	assert_bad_input
	printf 'hello,world\n1,2\n' >"$T/g.csv"
	run --separate-stderr "$DC" "$T/g.csv"
	assert_bad_input
	[[ "$stderr" == *"expected an nsys stats CSV header"* ]]
}

@test "bad input: nsys row with a bad number names line and column" {
	gen --nsys "$T/nsys"
	sed '7s/^[0-9]*,/12x,/' "$T/nsys/cuda_gpu_trace.csv" >"$T/bad.csv"
	run --separate-stderr "$DC" "$T/bad.csv"
	assert_bad_input
	[[ "$stderr" == *"bad.csv:7:1: Start: expected a number, got \"12x\""* ]]
}

@test "bad input: rules and slots" {
	gen
	run --separate-stderr "$KM" --rules "$FIXTURES/kernels/bad-nth.rules" --slots "$T/slots.ndjson" "$T/t_0.json"
	assert_bad_input
	[[ "$stderr" == *"bad-nth.rules:2:23: expected nth=1..64 or nth=tail, got zero"* ]]
	printf 'rule a kind=gemm re=(unclosed\n' >"$T/re.rules"
	run --separate-stderr "$KM" --rules "$T/re.rules" --slots "$T/slots.ndjson" "$T/t_0.json"
	assert_bad_input
	[[ "$stderr" == *"re.rules:1:21: expected a POSIX extended regular expression"* ]]
	printf '{"kind":"slot","slot":"x","unit_ns":-5}\n' >"$T/s.ndjson"
	run --separate-stderr "$KM" --rules "$RULES" --slots "$T/s.ndjson" "$T/t_0.json"
	assert_bad_input
	[[ "$stderr" == *"s.ndjson:1:1: slot: expected an integer \"unit_ns\" >= 0"* ]]
	printf '{"kind":"slot","slot":"x","unit_ns":5}\n{"kind":"slot","slot":"y","kernel":"","unit_ns":5}\n' >"$T/k.ndjson"
	run --separate-stderr "$KM" --rules "$RULES" --slots "$T/k.ndjson" "$T/t_0.json"
	assert_bad_input
	[[ "$stderr" == *"k.ndjson:2:1: slot: expected \"kernel\" to be a fragment of a kernel name, got an empty string"* ]]
}
