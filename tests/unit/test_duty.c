/* test_duty.c - busy union, the barrier critical path on a hand-worked
 * two-rank example, the outlier statistic, layer-position labels and
 * rules that reach a kernel only through its namespace. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kduty.h"
#include "labels.h"
#include "unit.h"

static void
test_union(void)
{
	struct kiv v[] = { { 10, 20, 0 }, { 0, 5, 0 }, { 15, 30, 0 },
	    { 30, 31, 0 }, { 40, 40, 0 } };

	/* [0,5) + [10,31) = 26; the empty [40,40) adds nothing */
	CHECK(kiv_union(v, 5) == 26);
	CHECK(kiv_union(v, 0) == 0);
}

/* Rank 0: compute [0,10), all-reduce [12,20); compute [20,25).
 * Rank 1: compute [0,4) and [6,16), all-reduce [16,20).
 * Barrier: enter = max start 16, exit = max end 20, first arrival 12.
 * Segment [0,16): rank 0 busy 10, rank 1 busy 14 -> rank 1 wins;
 *   idle_boundary 0 + 0, idle_internal 2 (the [4,6) hole).
 * Collective [16,20) = 4, skew 16 - 12 = 4.
 * Segment [20,25): rank 0 busy 5, rank 1 0 -> rank 0 wins; 1 switch.
 * wall 25 = 14 + 5 (critical busy) + 4 (collective) + 2 + 0. */
static void
test_barrier(void)
{
	struct kiv r0[] = { { 0, 10, 0 }, { 12, 20, 1 }, { 20, 25, 0 } };
	struct kiv r1[] = { { 0, 4, 0 }, { 6, 16, 0 }, { 16, 20, 1 } };
	struct kiv *ranks[] = { r0, r1 };
	size_t nr[] = { 3, 3 };
	struct kterms t;

	kduty_window(ranks, nr, 2, &t);
	CHECK(t.wall == 25);
	CHECK(t.critical_busy == 19);
	CHECK(t.collective == 4);
	CHECK(t.skew == 4);
	CHECK(t.idle_internal == 2);
	CHECK(t.idle_boundary == 0);
	CHECK(t.measured == 23);
	CHECK(t.residual == 0);
	CHECK(t.segments == 2 && t.switches == 1 && t.collectives == 1);
	CHECK(t.gating_rank == 1);
	CHECK(t.kernel_sum == 23 && t.busy_union == 23);	/* max over ranks */
}

static void
test_modz(void)
{
	double v[] = { 1.0, 1.1, 0.9, 1.0, 1.05, 0.95, 1.0, 1.0, 9.0 };
	double m[] = { 3, 1, 2 };

	CHECK(kmod_z(v, 9, 9.0) > 3.5);
	CHECK(fabs(kmod_z(v, 9, 1.0)) < 0.01);
	CHECK(kmedian(m, 3) == 2);
}

static void
test_layer_labels(void)
{
	const char *rules =
	    "rule g1 kind=gemm op=qkv nth=1 re=gemm\n"
	    "rule g2 kind=gemm op=o nth=2 re=gemm\n"
	    "rule gt kind=gemm op=head nth=tail re=gemm\n"
	    "rule sk kind=gemm inherit re=splitK\n"
	    "rule ar kind=ar op=ar_o prev_op=o re=allreduce\n"
	    "rule ar2 kind=ar re=allreduce\n";
	/* two layers (gemm, gemm+splitK, allreduce) then the lm_head */
	const char *names[] = { "gemm_a", "gemm_b", "splitKreduce",
	    "allreduce", "gemm_a", "gemm_b", "allreduce", "gemm_c" };
	const char *want[] = { "qkv", "o", "o", "ar_o", "qkv", "o", "ar_o",
	    "head" };
	struct lrules rs;
	struct lnames ln;
	struct ktrace *t = ktrace_new("mem", "kineto");
	size_t idx[8];
	struct llabel lab[8];

	lrules_parse(&rs, "mem.rules", rules, strlen(rules));
	for (size_t i = 0; i < 8; i++) {
		struct kop *op = ktrace_add_op(t);

		op->name = strtab_intern(&t->names, names[i]);
		op->start = (int64_t)i * 10;
		op->dur = 5;
		op->stream = 7;
		idx[i] = i;
	}
	lnames_build(&rs, t, &ln);
	label_iteration(&rs, &ln, t, idx, 8, ST_DECODE, lab);
	for (size_t i = 0; i < 8; i++)
		CHECK_STR(lab[i].op, want[i]);
	lnames_free(&ln);
	lrules_free(&rs);
	ktrace_free(t);
}

/* One rule against a name: whether it reaches it only through a
 * qualifier fragment, and which qualifier. */
static void
via(const char *re, const char *name, const char *want)
{
	char text[256];
	struct lrules rs;
	size_t q = 0, ql = 0;
	bool got;

	snprintf(text, sizeof(text), "rule r kind=k re=%s\n", re);
	lrules_parse(&rs, "via.rules", text, strlen(text));
	got = lrule_via_qualifier(&rs.r[0], name, &q, &ql);
	if (want == NULL) {
		CHECK(!got);
	} else {
		CHECK(got);
		CHECK(got && ql == strlen(want) &&
		    strncmp(name + q, want, ql) == 0);
	}
	lrules_free(&rs);
}

static void
test_cross_family(void)
{
	/* "gemm" is a piece of the FBGEMM namespace, not of the kernel */
	via("gemm", "void fbgemm_gpu::permute_2D_lengths_kernel<int>(int, "
	    "int, int const*, int const*, int*)", "fbgemm_gpu");
	via("gemm|gemv", "void at::native::vectorized_elementwise_kernel<4, "
	    "fbgemm_gpu::_float_to_hfp8_gpu(at::Tensor const&)::{lambda(float)"
	    "#1}, at::detail::Array<char*, 2> >(int)", "fbgemm_gpu");
	via("rope", "void europe::scale_kernel<float>(float*)", "europe");
	/* in the kernel's own name (too), or a whole qualifier word */
	via("gemm", "void fbgemm_gpu::fp8_gemm_kernel<int>(int)", NULL);
	via("gemm", "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_64x64_"
	    "32x6_tn_align4>(cutlass_80_tensorop_s1688gemm_64x64_32x6_tn_align4"
	    "::Params)", NULL);
	via("gemm", "ampere_sgemm_32x128_tn", NULL);
	via("cutlass", "void cutlass::device_kernel<flash::enable_sm90_or_later"
	    "<flash::FlashAttnFwdSm90<int> > >(int)", NULL);
	via("fbgemm", "void fbgemm_gpu::permute_2D_lengths_kernel<int>(int)",
	    NULL);
	via("at::native::", "void at::native::reduce_kernel<512, 1>(int)", NULL);
	via("gemm", "void deep_gemm::fp8_kernel<128>(int)", NULL);
	via("^Memcpy", "Memcpy HtoD (Pageable -> Device)", NULL);
	via("gemm", "void vllm::rms_norm_kernel<c10::BFloat16>(int)", NULL);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "busy union of intervals", test_union },
		{ "barrier critical path, two ranks, by hand", test_barrier },
		{ "modified z and median", test_modz },
		{ "labels by position in the layer, inherit, prev_op",
		    test_layer_labels },
		{ "rules that reach a kernel only through its namespace",
		    test_cross_family },
		{ NULL, NULL },
	};

	return unit_run(tests);
}
