/* rules_kscale.c - findings about the scale and the clocks of the two
 * sides, beside rules_kernels.c.  A1: slots that predict 0 ns for
 * kernels that ran (kernel.slots.zero), and a shared factor too large to
 * be a clock or thermal shift of the capture, and iterations left out
 * because launches inside them lost their kernels (docs/checks.md §4).
 * A2: ranks whose collectives end before another rank starts them
 * (clocks that disagree, docs/checks.md §3), and a multiplier over its
 * bound whose idle time one iteration holds (a lull in the capture).
 *
 * Each is an error of scale the main verdicts cannot see: a row predicted
 * 0 ns pairs with nothing, so the kernel error leaves it out; a factor
 * that moves every operation alike reads as a clock shift ("do not
 * retune") however large it is; and a barrier model over two clocks
 * gives a critical path of neither. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "alignutil.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

static const char ACT_ZERO[] = "A slot that predicts 0 ns for kernels "
    "that ran is a missing cost: find the row of the cost model (its "
    "table, its shape bucket, its family) that returns 0 for this "
    "operation and give it a profiled cost; a slot meant to be off the "
    "critical path keeps its unit_ns and sets crit_ns 0.";
static const char ACT_SCALE[] = "Check the scale of the slots before the "
    "model: unit_ns in ns (not µs or ms), count = the layers or calls "
    "the unit is per, slots made for this model, tensor-parallel degree "
    "and GPU; then rerun.  No clock or thermal state moves every kernel "
    "this far, so do not read it as one (nor retune for it).";

static const json_t *
sub_of(const json_t *scope)
{
	return json_object_size(scope) > 0 ? scope : NULL;
}

/* kernel.slots.zero: rows whose slots predict 0 ns where kernels ran.
 * Any is a WARN (a cost that is missing, not small); from the unmapped
 * share of the measured time, a FAIL. */
void
a1_zero_slots(struct judge *j, const struct rule *r, const json_t *scope)
{
	const json_t *x = au_sum(j, "kernel.slots.zero", scope), *e;
	double share = 0, max = tol(j->tol, TOL_AL_UNMAPPED_SHARE), n = 0;
	double iters = 0, first = 0, line = 0;
	struct sbuf why = {0};
	char a[32], b[32], tolbuf[96];

	if (x == NULL)
		return;		/* records of an older s2r-kernel-match */
	ru_num(x, &share);
	rec_get_num(x, "n", &n);
	judge_fmt_num(b, sizeof(b), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "none (FAIL at %s%% of the time)", b);
	e = json_array_get(json_object_get(x, "details"), 0);
	if (e == NULL) {
		au_emit(j, r, "kernel.slots.zero", sub_of(scope), NULL, x,
		    false, 0, NULL, tolbuf, V_PASS, "No slot predicts 0 ns "
		    "for an operation whose kernels ran in a compared "
		    "iteration.", NULL, NULL);
		return;
	}
	rec_get_num(e, "iterations", &iters);
	rec_get_num(e, "first_iteration", &first);
	rec_get_num(e, "slot_line", &line);
	judge_fmt_num(a, sizeof(a), share * 100);
	sbuf_printf(&why, "%.0f (iteration, operation) row%s (%s%% of the "
	    "measured kernel time) ha%s slots that predict 0 ns (unit_ns x "
	    "count) while the kernels ran; the largest: %s in %.0f "
	    "iteration%s from iteration %.0f (slot line %.0f of %s).  A row "
	    "predicted 0 ns pairs with no measured time, so the kernel error "
	    "leaves it out.", n, n == 1 ? "" : "s", a, n == 1 ? "s" : "ve",
	    rec_get_str(e, "op"), iters, iters == 1 ? "" : "s", first, line,
	    rec_get_str(json_object_get(json_object_get(x, "source"), "sim"),
	    "file"));
	au_emit(j, r, "kernel.slots.zero", sub_of(scope), NULL, x, false, 0,
	    NULL, tolbuf, share + 1e-12 >= max ? V_FAIL : V_WARN,
	    sbuf_str(&why), ACT_ZERO, NULL);
	sbuf_free(&why);
}

/* The note kernel.error.abs carries when rows were predicted 0 ns (its
 * error does not count them) or ran no multiple of their slots' count
 * (its cause is then the count's): a PASS there is a WARN. */
enum jverdict_value
a1_zero_note(struct judge *j, const json_t *scope, enum jverdict_value v,
    struct sbuf *why)
{
	double share = 0, off = 0;
	char a[32];

	if (ru_num(au_sum(j, "kernel.slots.count_mismatch", scope), &off) &&
	    off > 0) {
		judge_fmt_num(a, sizeof(a), off * 100);
		sbuf_printf(why, " %s%% of the measured kernel time is in rows "
		    "whose kernels ran no multiple of their slots' count "
		    "(kernel.slots.count_mismatch): read the count before the "
		    "cause.", a);
		v = v == V_PASS ? V_WARN : v;
	}

	if (!ru_num(au_sum(j, "kernel.slots.zero", scope), &share) ||
	    share <= 0)
		return v;
	judge_fmt_num(a, sizeof(a), share * 100);
	sbuf_printf(why, " %s%% of the measured kernel time is in rows whose "
	    "slots predict 0 ns (kernel.slots.zero): this error leaves them "
	    "out.", a);
	return v == V_PASS ? V_WARN : v;
}

/* Whether shared factor f (measured / simulated) is beyond any clock or
 * thermal shift (alignment.clock_shift_max, or below its inverse); the
 * finding into why and act when it is (why NULL: only whether). */
bool
a1_scale_error(const struct judge *j, double f, struct sbuf *why,
    struct sbuf *act)
{
	double max = tol(j->tol, TOL_AL_SHIFT_MAX);
	char a[32], b[32];

	if (!isfinite(f) || f <= 0 || (f <= max + 1e-12 &&
	    f + 1e-12 >= 1 / max))
		return false;
	if (why == NULL)
		return true;	/* only asked whether */
	judge_fmt_num(a, sizeof(a), f);
	judge_fmt_num(b, sizeof(b), max);
	sbuf_printf(why, " The shared factor %s is larger than a clock or "
	    "thermal shift (at most %s either way): a scale error of the "
	    "slots (a unit, a missing count, slots of another model, "
	    "parallelism or GPU) or a capture of other work.", a, b);
	sbuf_adds(act, ACT_SCALE);
	return true;
}

static const char ACT_CLOCKS[] = "Align the ranks' clocks before reading "
    "the cross-rank terms: capture every rank on one host clock (or "
    "synchronised, PTP rather than NTP), or shift each trace by its "
    "offset (the collectives' ends should coincide); if the clocks agree, "
    "the collectives matched by order are not the same operation "
    "(point-to-point sends, other process groups): capture the ranks of "
    "one group.";

/* Matched collectives a rank ended before the last rank started
 * (duty.collectives.early_exit), in most of them: the barrier model mixes
 * clocks, or pairs kernels that are not one collective.  Notes it in why;
 * a PASS becomes a WARN. */
enum jverdict_value
a2_clocks(const struct judge *j, enum jverdict_value v, struct sbuf *why,
    const char **act)
{
	const json_t *x = au_sum(j, "duty.collectives.early_exit", NULL);
	const json_t *d = json_object_get(x, "details");
	double n = 0, of = 0, lead = 0, first = 0;

	if (!ru_num(x, &n) || !rec_get_num(x, "n", &of) || n * 2 <= of)
		return v;
	rec_get_num(d, "max_lead_ns", &lead);
	rec_get_num(d, "first_iteration", &first);
	sbuf_printf(why, " In %.0f of %.0f collectives matched across ranks "
	    "a rank's kernel ended before the last rank's started (by up to "
	    "%.3f ms; the first in iteration %.0f), which no synchronizing "
	    "collective does: the ranks' clocks disagree, or the kernels "
	    "matched are not one collective, so the critical path and "
	    "collective terms mix them.", n, of, lead / 1e6, first);
	if (v != V_PASS)
		return v;
	*act = ACT_CLOCKS;
	return V_WARN;
}

static const char ACT_INCOMPLETE[] = "Recapture so that every launched "
    "kernel is recorded: stop the profiler only after the last step has "
    "finished on the GPU (synchronize first), and give CUPTI a larger "
    "activity buffer when it dropped records mid-capture; an iteration "
    "with kernels missing measures part of a step.";

static const char ACT_GRAPH[] = "Recapture with the kernels of CUDA-graph "
    "replays recorded (nsys --cuda-graph-trace=node; a torch profiler "
    "whose CUPTI traces graph kernels, with a buffer large enough for "
    "every replay), or capture the steps eagerly (--enforce-eager) for "
    "the kernel comparison; an iteration whose graph replay left no "
    "kernel measures only its eager part.";

/* The lost launches of kernel.iterations.incomplete that are graph
 * launches (their details): a capture that does not record graph
 * replays, not a dropped buffer.  Says so into why; returns whether. */
static bool
graph_unrecorded(const json_t *x, struct sbuf *why)
{
	const json_t *d = json_object_get(x, "details");
	double lost = 0, graph = 0;

	if (!rec_get_num(d, "lost_graph_launches", &graph) || graph <= 0)
		return false;
	rec_get_num(d, "lost_launches", &lost);
	sbuf_printf(why, " %.0f of the %.0f lost launches are CUDA-graph "
	    "launches (cudaGraphLaunch): the profiler recorded none of "
	    "those replays' kernels (graph replays unrecorded or "
	    "under-recorded), so every step replayed from a graph measures "
	    "only its eager kernels.", graph, lost);
	return true;
}

/* kernel.iterations.incomplete: compared iterations left out because
 * launches inside them have no kernel in the trace. */
enum jverdict_value
a1_incomplete(const struct judge *j, const json_t *scope,
    enum jverdict_value v, struct sbuf *why, const char **act)
{
	const json_t *x = au_sum(j, "kernel.iterations.incomplete", scope);
	const char *how = rec_get_str(json_object_get(x, "source"), "how");
	const char *first = how != NULL ? strstr(how, "the first: ") : NULL;
	double n = 0;
	bool graph;

	if (!ru_num(x, &n) || n == 0)
		return v;
	sbuf_printf(why, " %.0f iteration%s with kernels and slots %s left "
	    "out: launches inside %s have no kernel in the trace (the "
	    "profiler dropped them or stopped before they ran), so %s "
	    "measured time is part of a step (%s).", n, n == 1 ? "" : "s",
	    n == 1 ? "is" : "are", n == 1 ? "it" : "them", n == 1 ? "its" :
	    "their", first != NULL ? first : "see the iter records");
	graph = graph_unrecorded(x, why);
	if (v != V_PASS)
		return v;
	*act = graph ? ACT_GRAPH : ACT_INCOMPLETE;
	return V_WARN;
}

static const char ACT_COUNT[] = "Check the slots' structure against the "
    "captured model before any cost: count is the units a slot charges "
    "(layers, experts, calls per step), and the framework launched the "
    "operation a number of times that is no multiple of it, so the slots "
    "describe another depth or structure (another checkpoint or variant "
    "of the model, pipeline stages, a different MoE top-k); make the "
    "slots for the model that ran, then rerun.";

/* kernel.slots.count_mismatch: matched rows whose kernel calls are no
 * multiple of the count their slots charge.  Any is a WARN; from the
 * unmapped share of the measured time, a FAIL. */
void
a1_count_mismatch(struct judge *j, const struct rule *r, const json_t *scope)
{
	const json_t *x = au_sum(j, "kernel.slots.count_mismatch", scope), *e;
	double share = 0, max = tol(j->tol, TOL_AL_UNMAPPED_SHARE), n = 0;
	double iters = 0, first = 0, calls = 0, count = 0;
	struct sbuf why = {0};
	char a[32], b[32], tolbuf[96];

	if (x == NULL)
		return;		/* records of an older s2r-kernel-match */
	ru_num(x, &share);
	rec_get_num(x, "n", &n);
	judge_fmt_num(b, sizeof(b), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "none (FAIL at %s%% of the time)", b);
	e = json_array_get(json_object_get(x, "details"), 0);
	if (e == NULL) {
		au_emit(j, r, "kernel.slots.count_mismatch", sub_of(scope), NULL,
		    x, false, 0, NULL, tolbuf, V_PASS, "Every matched operation "
		    "ran a multiple of the units its slots charge (count) in "
		    "each compared iteration.", NULL, NULL);
		return;
	}
	rec_get_num(e, "iterations", &iters);
	rec_get_num(e, "first_iteration", &first);
	rec_get_num(e, "calls", &calls);
	rec_get_num(e, "count", &count);
	judge_fmt_num(a, sizeof(a), share * 100);
	sbuf_printf(&why, "%.0f matched (iteration, operation) row%s (%s%% of "
	    "the measured kernel time) ran a number of kernels that is no "
	    "multiple of the units their slots charge; the largest: %s, %.0f "
	    "kernel%s against count %.0f in iteration %.0f (%.0f iteration%s "
	    "so).  The slots describe another depth or structure of the "
	    "model: a factor read from these rows is the count's, not a "
	    "clock's or a kernel's.", n, n == 1 ? "" : "s", a,
	    rec_get_str(e, "op"), calls, calls == 1 ? "" : "s", count, first,
	    iters, iters == 1 ? "" : "s");
	au_emit(j, r, "kernel.slots.count_mismatch", sub_of(scope), NULL, x,
	    false, 0, NULL, tolbuf, share + 1e-12 >= max ? V_FAIL : V_WARN,
	    sbuf_str(&why), ACT_COUNT, NULL);
	sbuf_free(&why);
}

static const char ACT_BACKEND[] = "The framework runs another kernel than "
    "the one the simulator profiled for the slot (another attention "
    "backend, GEMM library or quantisation path): align the framework's "
    "backend with the simulation (e.g. vLLM's attention backend "
    "setting), or re-profile the slot's cost on the kernel the framework "
    "launches; a cost that agrees here may not at other shapes.";

/* kernel.slots.kernel_mismatch: paired rows whose kernels are not the
 * kernel their slots name as the one the cost assumes.  Any is a WARN,
 * even where the timing agrees: the cost was profiled on another
 * backend, and the agreement holds at these shapes only (the kernel
 * error FAILs where it does not agree).  INAPPLICABLE when no slot
 * names a kernel. */
void
a1_kernel_mismatch(struct judge *j, const struct rule *r, const json_t *scope)
{
	const json_t *x = au_sum(j, "kernel.slots.kernel_mismatch", scope), *e;
	double share = 0, opshare = 0, line = 0, n = 0;
	struct sbuf why = {0};
	char a[32], b[32], kname[96];
	const char *k;

	if (x == NULL)
		return;		/* records of an older s2r-kernel-match */
	if (!ru_num(x, &share)) {
		au_emit(j, r, "kernel.slots.kernel_mismatch", sub_of(scope),
		    NULL, x, false, 0, NULL, "none", V_INAPPLICABLE, "No slot "
		    "names the kernel its cost assumes (a \"kernel\" fragment "
		    "in the slots), so the kernels the framework launched "
		    "cannot be cross-checked with the simulator's.", NULL,
		    NULL);
		return;
	}
	e = json_array_get(json_object_get(x, "details"), 0);
	if (e == NULL) {
		au_emit(j, r, "kernel.slots.kernel_mismatch", sub_of(scope),
		    NULL, x, false, 0, NULL, "none", V_PASS, "Every paired "
		    "operation whose slots name a kernel ran that kernel.",
		    NULL, NULL);
		return;
	}
	rec_get_num(x, "n", &n);
	rec_get_num(e, "op_share", &opshare);
	rec_get_num(e, "slot_kernel_line", &line);
	k = rec_get_str(e, "kernel");
	snprintf(kname, sizeof(kname), "%.80s%s", k != NULL ? k : "?",
	    k != NULL && strlen(k) > 80 ? "..." : "");
	judge_fmt_num(a, sizeof(a), share * 100);
	judge_fmt_num(b, sizeof(b), opshare * 100);
	sbuf_printf(&why, "%.0f paired (iteration, operation) row%s (%s%% of "
	    "the measured kernel time) ran kernels other than the one their "
	    "slots' cost assumes; the largest: %s ran %s (%s%% of its time) "
	    "where its slots name \"%s\" (slot line %.0f).  The framework "
	    "runs another backend or implementation than the simulator "
	    "profiled, whatever the timing says here.", n, n == 1 ? "" : "s",
	    a, rec_get_str(e, "op"), kname, b, rec_get_str(e, "slot_kernel"),
	    line);
	au_emit(j, r, "kernel.slots.kernel_mismatch", sub_of(scope), NULL, x,
	    false, 0, NULL, "none", V_WARN, sbuf_str(&why), ACT_BACKEND,
	    NULL);
	sbuf_free(&why);
}

static const char ACT_LULL[] = "One iteration holds most of the idle "
    "time: a lull (the engine waiting for requests, a stall), not a host "
    "bubble of every step.  Recapture a window under steady load (or cut "
    "the lull out of it) before the simulation bakes the multiplier in; "
    "the multiplier of the other iterations is given.";

/* The iteration (of the cycle-level duty records the multiplier pools)
 * with the most idle time (cycle - measured), the idle time of all of
 * them, and the cycle and measured sums without it; false when fewer
 * than 3 iterations. */
static bool
lull_of(const struct judge *j, double *iter, double *idle, double *all,
    double *cyc_rest, double *meas_rest)
{
	struct ru_list l;
	double cs = 0, ms = 0, top_c = 0, top_m = 0;
	size_t n = 0;

	*idle = -1;
	*all = 0;
	ru_select(j, &(struct jsel){ .kind = "duty" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *w = rec_get_str(l.v[i], "window");
		double c, m, it;

		if (w == NULL || strcmp(w, "iteration") != 0 ||
		    json_is_true(json_object_get(l.v[i], "excluded")) ||
		    !rec_get_num(l.v[i], "cycle_ns", &c) ||
		    !rec_get_num(l.v[i], "measured_ns", &m) ||
		    !rec_get_num(l.v[i], "iter", &it))
			continue;
		n++;
		cs += c;
		ms += m;
		*all += c - m;
		if (c - m > *idle) {
			*idle = c - m;
			*iter = it;
			top_c = c;
			top_m = m;
		}
	}
	ru_list_free(&l);
	*cyc_rest = cs - top_c;
	*meas_rest = ms - top_m;
	return n >= 3;
}

/* A multiplier over its bound (over) whose idle time sits mostly in one
 * iteration: the outlier screen (too few iterations in a stage to run)
 * kept a lull that reads as a host bubble of every step.  Notes it and
 * the multiplier without it in why; the verdict stands, the action is
 * another: the capture, not the host, is to fix. */
enum jverdict_value
a2_lull(const struct judge *j, enum jverdict_value v, bool over,
    struct sbuf *why, const char **act)
{
	double it = 0, idle, all, cr, mr;
	char a[32], b[32];

	if (!over || !lull_of(j, &it, &idle, &all, &cr, &mr) || all <= 0 ||
	    idle * 2 <= all || mr <= 0)
		return v;
	judge_fmt_num(a, sizeof(a), idle / all * 100);
	judge_fmt_num(b, sizeof(b), cr / mr);
	sbuf_printf(why, " Iteration %.0f alone holds %s%% of the idle time "
	    "(%.3f ms): a lull concentrated in one step, not a bubble of "
	    "every step; without it the multiplier is %s.", it, a, idle / 1e6,
	    b);
	*act = ACT_LULL;
	return v;
}

static const char ACT_COPIED[] = "Two traces claim one rank (a copied "
    "file, or two captures of one rank): give each rank's own trace of "
    "one capture and rerun; the first given was used, the other left "
    "out, so a rank the copy stood in for is missing from the barrier "
    "model.";

static const char ACT_SESSIONS[] = "Two profiling sessions of one rank "
    "were given (a second start_profile/stop_profile window, or an older "
    "capture left in the folder): give the traces of one capture window, "
    "one per rank, and rerun; only the first given was judged, and a "
    "step of the other window is no sample of this one's.";

/* One left-out trace in words, by how its GPU window relates to the
 * kept one's (s2r-dutycycle's details window, offset_ns); whether it is
 * another window of the rank (a second session) rather than a copy. */
static bool
dup_text(const json_t *e, struct sbuf *why)
{
	const char *w = rec_get_str(e, "window");
	double off = 0;

	sbuf_printf(why, "%s claims rank %lld, as %s does",
	    rec_get_str(e, "dropped"), (long long)json_integer_value(
	    json_object_get(e, "rank")), rec_get_str(e, "kept"));
	rec_get_num(e, "offset_ns", &off);
	if (w != NULL && strcmp(w, "disjoint") == 0) {
		sbuf_printf(why, ", over another GPU time window (%.3f s %s, "
		    "no overlap): a second capture session of that rank",
		    fabs(off) / 1e9, off < 0 ? "earlier" : "later");
		return true;
	}
	if (w != NULL && strcmp(w, "overlapping") == 0)
		sbuf_printf(why, ", over a window that overlaps it (starting "
		    "%.3f ms %s)", fabs(off) / 1e6, off < 0 ? "earlier" :
		    "later");
	return false;
}

/* Traces s2r-dutycycle left out because an earlier one claimed their
 * rank (duty.ranks.copied): named with the trace kept in why, and as a
 * copy or another session of the rank by their windows; a PASS becomes
 * a WARN, as the bundle holds a trace where a rank's own should be. */
enum jverdict_value
a2_copied(const struct judge *j, enum jverdict_value v, struct sbuf *why,
    const char **act)
{
	const json_t *rec = au_sum(j, "duty.ranks.copied", NULL), *e;
	double n;
	size_t i, sessions = 0;

	if (!ru_num(rec, &n) || n == 0)
		return v;
	sbuf_printf(why, " %.0f trace%s left out: another trace given before "
	    "claims %s rank (", n, n == 1 ? " was" : "s were",
	    n == 1 ? "its" : "their");
	json_array_foreach(json_object_get(rec, "details"), i, e) {
		if (i > 0)
			sbuf_adds(why, "; ");
		sessions += dup_text(e, why);
	}
	sbuf_adds(why, sessions > 0 ? "): two capture sessions of one rank, "
	    "of which only the first given is judged." : "): a copy where a "
	    "rank's own trace should be.");
	if (v != V_PASS)
		return v;
	*act = sessions > 0 ? ACT_SESSIONS : ACT_COPIED;
	return V_WARN;
}

static const char ACT_BATCH[] = "Evaluate the cost model at the batch the "
    "framework ran (the requests and tokens of each step, as its "
    "iteration markers give them: the simulation's batch size, "
    "max_num_seqs or max_num_batched_tokens differ from the deployment's, "
    "or the slot export used the configured maximum), then rerun; a "
    "deviation read from slots of another batch is the batch's, not a "
    "kernel's.";

/* kernel.slots.batch_mismatch: compared iterations whose slots state a
 * batch (requests, tokens) other than the one their marker ran: FAIL,
 * as every batch-dependent cost (attention, KV writes, the GEMMs past
 * their memory-bound knee) is another step's.  INAPPLICABLE when no
 * slot states its batch. */
void
a1_batch_mismatch(struct judge *j, const struct rule *r, const json_t *scope)
{
	const json_t *x = au_sum(j, "kernel.slots.batch_mismatch", scope);
	const json_t *d = json_object_get(x, "details");
	double n = 0, of = 0, sb = -1, st = -1, mb = -1, mt = -1;
	struct sbuf why = {0};

	if (x == NULL)
		return;		/* records of an older s2r-kernel-match */
	if (!ru_num(x, &n)) {
		au_emit(j, r, "kernel.slots.batch_mismatch", sub_of(scope),
		    NULL, x, false, 0, NULL, "none", V_INAPPLICABLE, "No slot "
		    "states the batch its cost was computed for (slot fields "
		    "batch, tokens), so the simulated batch cannot be checked "
		    "against the iteration markers'.", NULL, NULL);
		return;
	}
	rec_get_num(x, "n", &of);
	if (n == 0 || d == NULL) {
		au_emit(j, r, "kernel.slots.batch_mismatch", sub_of(scope),
		    NULL, x, false, 0, NULL, "none", V_PASS, "The slots of "
		    "every compared iteration that state a batch state the "
		    "one its marker ran.", NULL, NULL);
		return;
	}
	rec_get_num(d, "slot_batch", &sb);
	rec_get_num(d, "slot_tokens", &st);
	rec_get_num(d, "batch", &mb);
	rec_get_num(d, "tokens", &mt);
	sbuf_printf(&why, "%.0f of %.0f compared iteration%s got slots costed "
	    "for another batch than the framework ran; the first: iteration "
	    "%lld (%s, line %lld) ran %.0f request%s, %.0f token%s, and its "
	    "slot %s (%s, line %lld) was computed for ", n, of, of == 1 ? "" :
	    "s", (long long)json_integer_value(json_object_get(d,
	    "first_iteration")), rec_get_str(d, "marker"), (long long)
	    json_integer_value(json_object_get(d, "marker_line")), mb,
	    mb == 1 ? "" : "s", mt, mt == 1 ? "" : "s", rec_get_str(d,
	    "slot"), rec_get_str(json_object_get(json_object_get(x,
	    "source"), "sim"), "file"), (long long)json_integer_value(
	    json_object_get(d, "slot_line")));
	if (sb >= 0)
		sbuf_printf(&why, "%.0f request%s%s", sb, sb == 1 ? "" : "s",
		    st >= 0 ? ", " : "");
	if (st >= 0)
		sbuf_printf(&why, "%.0f token%s", st, st == 1 ? "" : "s");
	sbuf_adds(&why, ": the cost model was evaluated at another batch "
	    "size, so a deviation read from these iterations is the batch's, "
	    "not a clock's or a kernel's.");
	au_emit(j, r, "kernel.slots.batch_mismatch", sub_of(scope), NULL, x,
	    false, 0, NULL, "none", V_FAIL, sbuf_str(&why), ACT_BATCH, NULL);
	sbuf_free(&why);
}
