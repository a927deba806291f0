/* rules_kstage.c - A1 findings across the ranks and stages of a
 * capture, beside rules_kernels.c (docs/checks.md §4): ranks that run
 * their kernels at different ratios to the slots (a slow GPU of the
 * group, which the others wait for inside the collectives), a "uniform"
 * factor that differs by stage (slots calibrated on another GPU, not a
 * clock shift), a mixed step compared with a pure one's slots (a
 * scheduling difference), and a capture with no iteration at all (a
 * warm-up or CUDA-graph capture).  Each turns a verdict that would read
 * the wrong cause, or pass on nothing, into one that names it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "alignutil.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

const char A1_ACT_MIXED[] = "The framework and the simulation "
    "scheduled differently (one mixes prefill into decode steps, the "
    "other runs them apart): run the simulation with the framework's "
    "scheduling (chunked prefill on, the same token budget), or compare "
    "only matched strata (iterations of the same stage and shapes) and "
    "report the scheduling difference separately; do not force the "
    "kernel sums to explain the end-to-end gap.";
static const char ACT_NOSTEP[] = "Capture the served steps: start the "
    "profiler after the engine's warm-up and CUDA-graph capture (vLLM's "
    "start_profile once the server is up, under load), check that the "
    "trace holds the framework's iteration annotations, and rerun.";

/* Whether kernel-match record rec (an iter record: scope plus
 * "iteration") is of the summary scope. */
bool
au_in_scope(const json_t *rec, const json_t *scope)
{
	const json_t *have = json_object_get(rec, "scope"), *v;
	const char *k;

	json_object_foreach((json_t *)scope, k, v)
		if (!json_equal(json_object_get(have, k), (json_t *)v))
			return false;
	return true;
}

/* The stages iterations are tagged with (s2r-kernel-match's iter
 * records: kstage_name's words); a record with another is skipped. */
static const char *const STAGES[] = { "prefill", "decode", "mixed" };
#define NSTAGES	(sizeof(STAGES) / sizeof(STAGES[0]))

static int
stage_of(const json_t *it)
{
	const char *st = rec_get_str(it, "stage");

	for (size_t k = 0; st != NULL && k < NSTAGES; k++)
		if (strcmp(st, STAGES[k]) == 0)
			return (int)k;
	return -1;
}

/* The measured/simulated ratio of each stage's compared iterations of
 * scope (iter records: sum meas_ns / sum sim_ns); NAN where a stage has
 * none. */
static void
stage_ratios(const struct judge *j, const json_t *scope,
    double ratio[NSTAGES])
{
	double meas[NSTAGES] = {0}, sim[NSTAGES] = {0};
	struct ru_list l;

	ru_select(j, &(struct jsel){ .kind = "iter" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *it = l.v[i];
		int st = stage_of(it);
		double m = 0, x = 0;

		if (st < 0 || !au_in_scope(it, scope) ||
		    !json_is_true(json_object_get(it, "compared")) ||
		    !rec_get_num(it, "meas_ns", &m) ||
		    !rec_get_num(it, "sim_ns", &x))
			continue;
		meas[st] += m;
		sim[st] += x;
	}
	ru_list_free(&l);
	for (size_t st = 0; st < NSTAGES; st++)
		ratio[st] = sim[st] > 0 ? meas[st] / sim[st] : NAN;
}

/* A "uniform" factor that differs by stage is no clock shift: clocks
 * move prefill and decode alike, while slots calibrated on another GPU
 * (other memory bandwidth), dtype or KV layout move the memory-bound
 * decode steps apart from the compute-bound prefill ones.  Whether the
 * stages' ratios differ beyond the operation tolerance; the finding
 * into why and act (when why is given). */
bool
a1_stage_split(const struct judge *j, const json_t *scope, struct sbuf *why,
    struct sbuf *act)
{
	const json_t *cause = au_sum(j, "kernel.cause", scope);
	double r[NSTAGES], tolop = 0.10, lo = INFINITY, hi = -INFINITY;
	int slo = -1, shi = -1;
	char a[32], b[32];

	rec_get_num(json_object_get(cause, "details"), "op_tolerance",
	    &tolop);
	stage_ratios(j, scope, r);
	for (int st = 0; st < (int)NSTAGES; st++) {
		if (!(r[st] > 0))
			continue;
		if (r[st] < lo)
			lo = r[st], slo = st;
		if (r[st] > hi)
			hi = r[st], shi = st;
	}
	if (slo < 0 || slo == shi || !(hi > lo * (1 + tolop)))
		return false;
	if (why == NULL)
		return true;
	judge_fmt_num(a, sizeof(a), hi);
	judge_fmt_num(b, sizeof(b), lo);
	sbuf_printf(why, " But the factor differs by stage (measured/"
	    "simulated %s in %s iterations, %s in %s ones): a clock or "
	    "thermal shift moves every stage alike, so this is not one; "
	    "slots calibrated on another GPU (other memory bandwidth), dtype "
	    "or KV layout move memory-bound steps apart from compute-bound "
	    "ones.", a, STAGES[shi], b, STAGES[slo]);
	sbuf_adds(act, "Check that the slots were calibrated on the "
	    "capture's GPU model, dtype and KV-cache layout (the sim's "
	    "hardware config against the trace's deviceProperties); "
	    "recalibrate on the deployed GPU before reading any per-kernel "
	    "cause.");
	return true;
}

/* The ranks' median measured/simulated ratios (kernel.median_ratio of
 * every A1 scope): the least and the greatest, with their ranks. */
struct rank_span {
	double		 lo, hi;
	char		 lo_rank[24], hi_rank[24];	/* copies: the scopes
							 * are freed */
	size_t		 n;
};

static void
rank_span(const struct judge *j, struct rank_span *rs)
{
	json_t *scopes = a1_scopes(j), *scope;
	size_t i;
	double m;

	*rs = (struct rank_span){ .lo = INFINITY, .hi = -INFINITY };
	json_array_foreach(scopes, i, scope) {
		const char *rk = rec_get_str(scope, "rank");

		if (rk == NULL || !ru_num(au_sum(j, "kernel.median_ratio",
		    scope), &m) || !(m > 0))
			continue;
		rs->n++;
		if (m < rs->lo) {
			rs->lo = m;
			snprintf(rs->lo_rank, sizeof(rs->lo_rank), "%s", rk);
		}
		if (m > rs->hi) {
			rs->hi = m;
			snprintf(rs->hi_rank, sizeof(rs->hi_rank), "%s", rk);
		}
	}
	json_decref(scopes);
}

/* Whether the ranks' median ratios to the slots differ beyond the
 * operation tolerance (kernel.cause details of scope). */
bool
a1_ranks_disagree(const struct judge *j, const json_t *scope)
{
	const json_t *cause = au_sum(j, "kernel.cause", scope);
	double tolop = 0.10;
	struct rank_span rs;

	rec_get_num(json_object_get(cause, "details"), "op_tolerance",
	    &tolop);
	rank_span(j, &rs);
	return rs.n >= 2 && rs.hi > rs.lo * (1 + tolop);
}

/* Ranks that disagree: the slots model one rank, so every rank of a
 * tensor-parallel group should run its kernels at about the same ratio
 * to them.  One rank well off the others is that GPU (throttled,
 * another clock or part, a noisy neighbour), not the capture's clocks
 * nor the cost model, and the other ranks wait for it inside the
 * collectives, so their collective "deviation" is that wait.  Read in
 * place of the cause (none is read from one rank's error then): v is
 * the verdict the error's size gives. */
enum jverdict_value
a1_ranks_note(const struct judge *j, const json_t *scope,
    enum jverdict_value v, struct sbuf *why, struct sbuf *act)
{
	struct rank_span rs;
	char a[32], b[32];

	if (!a1_ranks_disagree(j, scope))
		return v;
	rank_span(j, &rs);
	judge_fmt_num(a, sizeof(a), rs.hi);
	judge_fmt_num(b, sizeof(b), rs.lo);
	sbuf_printf(why, " The ranks disagree: rank %s runs its kernels at "
	    "%s times the slots (median measured/simulated), rank %s at %s, "
	    "while the slots model one rank: rank %s's GPU is slower than the "
	    "group's (throttled, another clock or part), and the other ranks "
	    "wait for it inside the collectives, so a collective's excess "
	    "there is that wait, not its cost.  No per-operation cause is "
	    "read from one rank's error while the ranks disagree.",
	    rs.hi_rank, a, rs.lo_rank, b, rs.hi_rank);
	if (act->len > 0)
		sbuf_adds(act, "  ");
	sbuf_adds(act, "Do not retune the cost model for one rank: check "
	    "the slow rank's GPU (clocks, temperature, nvidia-smi -q) and "
	    "recapture with the group's GPUs alike.");
	return v == V_FAIL ? V_FAIL : V_WARN;
}

/* Whether the first stage mismatch (kernel.iterations.stage_mismatch
 * details) is a mixed step against a pure one, either way round: a
 * scheduling difference (chunked prefill on one side only), not a
 * misnumbering. */
bool
a1_mixed_step(const json_t *mis)
{
	const json_t *d = json_object_get(mis, "details");
	const char *t = rec_get_str(d, "trace_stage");
	const char *s = rec_get_str(d, "slot_stage");

	if (t == NULL || s == NULL || strcmp(t, s) == 0)
		return false;
	return strcmp(t, "mixed") == 0 || strcmp(s, "mixed") == 0;
}

/* No iteration compared: a PASS would claim what was never compared.
 * With no iteration in the trace at all (the summary's n), the capture
 * holds no served step: the engine's warm-up or CUDA-graph capture runs
 * dummy batches without the execute_model annotation, or the window
 * missed the run. */
enum jverdict_value
a1_no_iterations(const json_t *cmp, struct sbuf *why, const char **act)
{
	double nit = -1;

	rec_get_num(cmp, "n", &nit);
	if (nit == 0) {
		sbuf_adds(why, " The trace has no iteration marker "
		    "(ProfilerStep#N, vLLM execute_..., SGLang step[...]): a "
		    "capture of the engine's warm-up or CUDA-graph capture "
		    "(dummy batches carry no execute_model annotation), or a "
		    "window that missed the served steps; its kernels cannot "
		    "be set against the slots.");
		*act = ACT_NOSTEP;
	} else {
		sbuf_adds(why, " No iteration of the trace has both kernels "
		    "and slots.");
	}
	return V_FAIL;
}


static const char ACT_PARALLEL[] = "Make the slots for the parallelism "
    "the capture ran (the tensor-parallel degree of the trace's world "
    "size, with its collectives and per-rank shards), or capture the "
    "deployment the simulation models; then rerun.  No per-operation "
    "cause holds across two parallelisms.";

static bool
collective(const char *cat)
{
	static const char *const kinds[] = { "allreduce", "all_reduce",
	    "allgather", "all_gather", "reduce_scatter", "reducescatter",
	    "alltoall", "all_to_all", "sendrecv", "nccl", "collective" };

	for (size_t i = 0; cat != NULL && i < sizeof(kinds) / sizeof(*kinds);
	    i++)
		if (strstr(cat, kinds[i]) != NULL)
			return true;
	return false;
}

/* Whether a slot of scope charges a collective (an aggregated op record,
 * one without an iteration, of a collective category with simulated
 * time). */
static bool
slots_collective(const struct judge *j, const json_t *scope)
{
	struct ru_list l;
	bool any = false;
	double sim = 0;

	ru_select(j, &(struct jsel){ .kind = "op" }, &l);
	for (size_t i = 0; i < l.n && !any; i++) {
		const json_t *o = l.v[i];

		any = au_in_scope(o, scope) && json_object_get(json_object_get(
		    o, "scope"), "iteration") == NULL &&
		    collective(rec_get_str(o, "category")) &&
		    rec_get_num(o, "sim_ns", &sim) && sim > 0;
	}
	ru_list_free(&l);
	return any;
}

/* The largest unmapped measured family of scope when it is a collective
 * at the unmapped share or above and no slot charges any collective:
 * the slots model no parallelism the capture ran (its entry); NULL
 * otherwise. */
const json_t *
a1_parallel_mismatch(const struct judge *j, const json_t *scope)
{
	const json_t *list = au_sum(j, "kernel.unmapped_measured", scope), *e;
	double max = tol(j->tol, TOL_AL_UNMAPPED_SHARE), sh = 0;
	size_t i;

	json_array_foreach(json_object_get(list, "details"), i, e) {
		if (!rec_get_num(e, "share", &sh) || sh < max)
			continue;
		if (collective(rec_get_str(e, "category")))
			return slots_collective(j, scope) ? NULL : e;
	}
	return NULL;
}

static const char ACT_COLLECTIVE[] = "Add the collectives the parallel "
    "run launches to the simulation (a slot per all-reduce, all-gather or "
    "all-to-all of a step, with its cost at this world size), then "
    "rerun; the per-rank compute slots already track.";

/* Whether the operations both sides have still track (kernel error of
 * scope within its tolerance) although no slot charges a collective:
 * then the slots are the parallel run's shards and only its collectives
 * are missing, not another parallelism (says so into why). */
static bool
shards_track(const struct judge *j, const json_t *scope, struct sbuf *why)
{
	double e = NAN, max = tol(j->tol, TOL_AL_KERNEL_ERROR);
	char a[32];

	if (!ru_num(au_sum(j, "kernel.error.abs", scope), &e) || isnan(e) ||
	    e > max + 1e-12)
		return false;
	judge_fmt_num(a, sizeof(a), e * 100);
	sbuf_printf(why, "; yet the operations both sides have track "
	    "(kernel error %s%%): the slots are the parallel run's per-rank "
	    "shards but charge none of its collectives, so the simulation "
	    "leaves out every all-reduce of the step (a missing slot, not a "
	    "labeling miss or another parallelism).", a);
	return true;
}

/* The coverage's and the kernel error's note on a parallelism mismatch
 * (a1_parallel_mismatch); at least WARN. */
enum jverdict_value
a1_parallel_note(const struct judge *j, const json_t *scope,
    enum jverdict_value v, struct sbuf *why, const char **act)
{
	const json_t *e = a1_parallel_mismatch(j, scope);
	double world = 0, sh = 0;
	char a[32];

	if (e == NULL)
		return v;
	rec_get_num(e, "share", &sh);
	judge_fmt_num(a, sizeof(a), sh * 100);
	sbuf_printf(why, " The unmapped %s (%s, %s%% of the measured kernel "
	    "time) is a collective and no slot charges any collective",
	    rec_get_str(e, "op"), rec_get_str(e, "category"), a);
	if (ru_num(au_sum(j, "duty.world_size", NULL), &world) && world > 1)
		sbuf_printf(why, ", while the capture ran %.0f ranks "
		    "(distributedInfo.world_size)", world);
	if (shards_track(j, scope, why)) {
		*act = ACT_COLLECTIVE;
		return v == V_PASS ? V_WARN : v;
	}
	sbuf_adds(why, ": the slots model another parallelism than the "
	    "capture (no tensor parallelism), so every per-rank cost (GEMM, "
	    "attention shards) is another one's too, and a shared factor is "
	    "the parallelism's, not a clock's.");
	*act = ACT_PARALLEL;
	return v == V_PASS ? V_WARN : v;
}

/* Slots of another parallelism than the capture (a1_parallel_mismatch):
 * every per-rank cost differs, so no cause is read from the error. */
enum jverdict_value
a1_other_parallelism(const struct judge *j, const json_t *scope, bool over,
    struct sbuf *why, struct sbuf *act)
{
	const char *a = NULL;
	enum jverdict_value v;

	v = a1_parallel_note(j, scope, over ? V_FAIL : V_WARN, why, &a);
	if (a != ACT_COLLECTIVE)	/* the shards differ: no cause holds */
		sbuf_adds(why, " No cause is read from the error.");
	sbuf_adds(act, a);
	return v;
}
