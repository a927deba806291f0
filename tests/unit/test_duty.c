/* test_duty.c - busy union, the barrier critical path on a hand-worked
 * two-rank example, the outlier statistic and layer-position labels. */
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

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "busy union of intervals", test_union },
		{ "barrier critical path, two ranks, by hand", test_barrier },
		{ "modified z and median", test_modz },
		{ "labels by position in the layer, inherit, prev_op",
		    test_layer_labels },
		{ NULL, NULL },
	};

	return unit_run(tests);
}
