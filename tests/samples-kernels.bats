#!/usr/bin/env bats
# s2r-dutycycle on the real HTA Kineto traces: every figure of
# reference_numbers.jsonl and barrier_reference_sampled_rank01.json
# reproduced exactly (integer ns; duty to the reference's 6 digits).
bats_require_minimum_version 1.5.0
load helpers

DC="$S2R_BIN/s2r-dutycycle"
KM="$S2R_BIN/s2r-kernel-match"

setup() {
	need_samples
	H="$S2R_SAMPLES/kernels/hta"
	T="$BATS_TEST_TMPDIR"
}

ref() {	# reference_numbers.jsonl line of sample $1
	jq -c --arg f "$1" 'select(.file | endswith("/" + $f))' "$H/reference_numbers.jsonl"
}

# The whole-trace figures of one device, in the reference's shape (us).
check_trace() {
	local f=$1 out
	"$DC" "$H/$f" 2>/dev/null >"$T/d.ndjson"
	validate_records "$T/d.ndjson"
	out=$(jq -c 'select(.window=="trace") | {(.scope.device): ({kernels, gpu_ops} |
	    map_values({n, distinct_names, sum_ns, first_ns, last_ns, span_ns, busy_union_ns,
	                duty: (.duty * 1e6 | round)}))}' "$T/d.ndjson")
	want=$(ref "$f" | jq -c '.per_device | map_values({kernels, gpu_ops} |
	    map_values({n, distinct_names, sum_ns: (.sum_dur_us * 1000 | round),
	                first_ns: (.first_start_us * 1000 | round), last_ns: (.last_end_us * 1000 | round),
	                span_ns: (.span_us * 1000 | round), busy_union_ns: (.busy_union_us * 1000 | round),
	                duty: (.duty * 1e6 | round)}))')
	[ "$out" = "$want" ] || { echo "got  $out"; echo "want $want"; return 1; }
}

@test "samples: kernel counts, span, busy union, duty of every trace" {
	for f in base.json.gz benchmark_result_2869224_1695835535_trace.json.gz \
	    mi250_minitoy_train_ROCm6_2_kineto.json.gz sampled_rank-0.json.gz \
	    sampled_rank-1.json.gz; do
		check_trace "$f" || { echo "$f"; false; }
	done
}

# Per ProfilerStep: ops attributed by correlation, wall, busy union,
# kernel sum, cycle, gap = cycle - wall.  Python compares: epoch ns do
# not fit jq's doubles.
check_steps() {
	"$DC" "$H/$1" 2>/dev/null >"$T/d.ndjson"
	ref "$1" >"$T/ref.json"
	/usr/bin/python3 - "$T/d.ndjson" "$T/ref.json" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
ref = json.load(open(sys.argv[2]))
t0 = [r for r in recs if r.get("window") == "trace"][0]["gpu_ops"]["first_ns"]
first = {r["iter"]: r["first_ns"] for r in recs if r.get("window") == "iteration_rank"}
got = []
for r in recs:
    if r.get("window") != "iteration":
        continue
    d = {"step": "ProfilerStep#%d" % r["iter"], "n_ops": r["n_ops"]}
    if r["n_ops"]:
        d.update(first_start_rel_us=(first[r["iter"]] - t0) / 1000,
                 wall_us=r["wall_ns"] / 1000, busy_union_us=r["busy_union_ns"] / 1000,
                 kernel_sum_us=r["kernel_sum_ns"] / 1000)
    if r["cycle_ns"] is not None:
        d.update(gpu_cycle_us=r["cycle_ns"] / 1000, gap=r["gap_ns"] / 1000)
    got.append(d)
want = []
for d in list(ref["per_device"].values())[0]["per_step"]:
    d = dict(d)
    d.pop("cpu_range_us")
    if "gap_us(cycle-wall)" in d:
        d["gap"] = d.pop("gap_us(cycle-wall)")
    want.append(d)
if got != want:
    print("got ", got)
    print("want", want)
    sys.exit(1)
PY
}

@test "samples: per-ProfilerStep ops, wall, busy union, kernel sum, cycle and gap" {
	for f in base.json.gz mi250_minitoy_train_ROCm6_2_kineto.json.gz \
	    sampled_rank-0.json.gz sampled_rank-1.json.gz; do
		check_steps "$f" || { echo "$f"; false; }
	done
}

@test "samples: step multiplier sum(cycle)/sum(busy union) and identities" {
	for f in base.json.gz sampled_rank-0.json.gz sampled_rank-1.json.gz; do
		"$DC" "$H/$f" >"$T/d.ndjson"
		got=$(jq 'select(.metric=="duty.multiplier_busy_union") | .value * 1e6 | round' "$T/d.ndjson")
		want=$(ref "$f" | jq '.per_device[] | ."step_multiplier(sum_cycle/sum_busy_union)" * 1e6 | round')
		[ "$got" = "$want" ] || { echo "$f: $got vs $want"; false; }
		[ "$(jq 'select(.metric=="duty.identity_residual_ns") | .value' "$T/d.ndjson")" = 0 ]
	done
	# the MI250 trace has no step with a next step: no multiplier, not 0
	"$DC" "$H/mi250_minitoy_train_ROCm6_2_kineto.json.gz" >"$T/m.ndjson" 2>"$T/err"
	[ "$(jq 'select(.metric=="duty.multiplier") | .value' "$T/m.ndjson")" = null ]
	# ... and its empty ProfilerStep#2 is flagged
	[ "$(jq -c 'select(.metric=="duty.iterations.few_kernels") | .details | map(.iter)' "$T/m.ndjson")" = '[2]' ]
	grep -q "implausibly few" "$T/err"
}

@test "samples: two-rank barrier terms of barrier_reference_sampled_rank01.json" {
	"$DC" --whole --kernels-only "$H/sampled_rank-0.json.gz" "$H/sampled_rank-1.json.gz" >"$T/b.ndjson"
	validate_records "$T/b.ndjson"
	got=$(jq -c 'select(.window=="whole") | {n_collectives_per_rank: .collectives,
	    wall_ms: (.wall_ns / 1e6), measured_ms: (.measured_ns / 1e6),
	    critical_busy_ms: (.critical_busy_ns / 1e6), collective_ms: (.collective_ns / 1e6),
	    collective_skew_ms: (.collective_skew_ns / 1e6), idle_internal_ms: (.idle_internal_ns / 1e6),
	    idle_boundary_ms: (.idle_boundary_ns / 1e6), segments, critical_rank_switches,
	    identity_residual_ns: .residual_ns}' "$T/b.ndjson")
	want=$(jq -c 'del(.files, .per_rank_busy_union_ms)' "$H/barrier_reference_sampled_rank01.json")
	[ "$got" = "$want" ] || { echo "got  $got"; echo "want $want"; false; }
	got=$(jq -s -c 'map(select(.window=="whole_rank") | .busy_union_ns / 1e6)' "$T/b.ndjson")
	[ "$got" = "$(jq -c .per_rank_busy_union_ms "$H/barrier_reference_sampled_rank01.json")" ]
	# ranks come from distributedInfo
	[ "$(jq -s -c 'map(select(.window=="trace") | .scope.rank)' "$T/b.ndjson")" = '["0","1"]' ]
}

@test "samples: emit-kernels counts and --check on real names" {
	"$KM" --emit-kernels "$H/sampled_rank-0.json.gz" >"$T/k.ndjson"
	validate_records "$T/k.ndjson"
	[ "$(jq -s 'map(select(.kind=="kernel" and .cat=="kernel")) | length' "$T/k.ndjson")" = 1154 ]
	[ "$(jq -s 'map(select(.kind=="kernel")) | length' "$T/k.ndjson")" = 1204 ]
	[ "$(jq -s 'map(select(.kind=="kernel" and .iter==null)) | length' "$T/k.ndjson")" = 0 ]
	"$KM" --check --rules "$S2R_TOP/pipelines/rules/vllm-dense.rules" "$H/sampled_rank-0.json.gz" >"$T/c.ndjson"
	validate_records "$T/c.ndjson"
	[ "$(jq 'select(.metric=="labels.unmatched_names") | .value > 0' "$T/c.ndjson")" = true ]
}

@test "samples: a bare gemm pattern labels FBGEMM kernels through their namespace" {
	# The shipped dense rules on a DLRM trace: "gemm" is a piece of
	# "fbgemm_gpu::", so the GEMM rule takes permute, quantisation and
	# elementwise kernels of FBGEMM.  The reference, independently: the
	# first rule (Python re, the same ERE subset) of each kernel name, and
	# whether it still matches with every qualifier word "fbgemm_gpu"
	# blanked out.
	R="$S2R_TOP/pipelines/rules/vllm-dense.rules"
	"$KM" --check --rules "$R" "$H/sampled_rank-0.json.gz" >"$T/c.ndjson"
	validate_records "$T/c.ndjson"
	jq -r 'select(.metric=="labels.cross_family") | .details[] | [.rule, .qualifier, .name] | @tsv' \
	    "$T/c.ndjson" | sort >"$T/got"
	/usr/bin/python3 - "$R" "$H/sampled_rank-0.json.gz" <<'PY' | sort >"$T/want"
import gzip, json, re, sys
rules = []
for line in open(sys.argv[1]):
    f = line.split()
    if f and f[0] == "rule":
        rules.append((f[1], re.compile(line.split(" re=", 1)[1].strip(), re.I)))
names = {e["name"] for e in json.load(gzip.open(sys.argv[2]))["traceEvents"]
         if e.get("ph") == "X" and e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset")}
for n in names:
    first = next(((i, r) for i, r in rules if r.search(n)), None)
    if first and "fbgemm_gpu::" in n and not first[1].search(n.replace("fbgemm_gpu::", "_::")):
        print("%s\tfbgemm_gpu\t%s" % (first[0], n))
PY
	[ -s "$T/want" ]
	diff "$T/want" "$T/got"
	grep -q $'^gemm-qkv\tfbgemm_gpu\tvoid fbgemm_gpu::permute_2D_lengths_kernel<int>' "$T/got"
	# the fixture rules of the fault suite avoid it
	"$KM" --check --rules "$S2R_TOP/tests/faults/fixtures/align/hta.rules" \
	    "$H/sampled_rank-0.json.gz" "$H/sampled_rank-1.json.gz" >"$T/h.ndjson"
	[ "$(jq 'select(.metric=="labels.cross_family") | .value' "$T/h.ndjson")" = 0 ]
}
