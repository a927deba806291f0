/* rules_kernels.c - check A1 (kernels: coverage, per-operation deviation
 * and its cause, label audit), the kernel-level row of rules_align[]
 * (rules_align.c, which has A0, A3 and the order; A2, the duty cycle,
 * is in rules_kduty.c).
 *
 * Records: s2r-kernel-match (A1: summary, iter, op) and s2r-dutycycle
 * (A2: summary, duty); schemas/metrics-alignment.json.  Expected = the
 * measured framework, actual = the simulation; a finding routes the fix
 * (docs/checks.md §5: relabel, re-profile a kernel, fix the
 * cost cache at a shape, recapture, fix the duty-cycle correction) and
 * says when the cause is ambiguous: stop and ask. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alignutil.h"
#include "err.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

static const char ACT_RELABEL[] = "Audit the labels before the model: run "
    "s2r-kernel-match --check with the rules and confirm the family's "
    "phase, position and label (a large unmapped kernel is usually a "
    "labeling miss).  Only once the label is confirmed is the operation "
    "missing from the model: add its slot (re-decide where the operation "
    "lives in the cost model).";
static const char ACT_SLOT[] = "A simulated slot has no measured kernel: "
    "check whether its kernel is labeled as another operation or left "
    "unmapped (relabel), or whether the framework fuses the operation away "
    "(then fold the slot into the operation that runs it).";
static const char ACT_CLOCK[] = "Every kernel is off by about the same "
    "factor: a clock or thermal artifact of this capture, not a cost-model "
    "gap.  Do not retune the cost model; recapture with locked clocks and "
    "a warmed-up GPU.";
static const char ACT_NOMATCH[] = "No operation matched between kernels "
    "and slots: check that the rules label the kernels with the slots' "
    "operation names and that the slots' iteration ids follow the trace's "
    "iteration markers.";
static const char ACT_ITERS[] = "Give slots for every captured iteration, "
    "numbered as the trace's iteration markers are (the simulated run's "
    "slot table for each iteration id and stage, or slots without an "
    "iteration that predict every step), or capture only the iterations "
    "the simulation covers, then rerun: A1 and A2's cycle judge only the "
    "iterations both sides have.";
/* ---- A1 ------------------------------------------------------------ */

/* The distinct scopes of kernel-match's summaries (one per compared
 * rank), sorted; caller decrefs. */
json_t *
a1_scopes(const struct judge *j)
{
	json_t *subs = json_array(), *have;
	struct ru_list l;
	size_t idx;

	ru_select(j, &(struct jsel){ .kind = "summary",
	    .metric = "kernel.coverage.measured" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		json_t *scope = json_object_get(l.v[i], "scope");
		bool dup = false;

		json_array_foreach(subs, idx, have)
			dup = dup || json_equal(have, scope);
		if (!dup)
			json_array_append_new(subs, scope != NULL ?
			    json_deep_copy(scope) : json_object());
	}
	ru_list_free(&l);
	return subs;
}

static json_t *
a1_sub(const json_t *scope)
{
	return json_object_size(scope) > 0 ? (json_t *)scope : NULL;
}

/* The head of a kernel name (template-heavy names run to kilobytes). */
static void
kernel_head(char *buf, size_t len, const char *k)
{
	snprintf(buf, len, "%.80s%s", k != NULL ? k : "see the op records",
	    k != NULL && strlen(k) > 80 ? "..." : "");
}

/* An unmapped list (kernel.unmapped_measured or _simulated details): the
 * largest share of an entry that is not expected noise, and a table;
 * the largest helper entry (expected noise) into *helper, when given. */
static double
unmapped(const json_t *rec, bool measured, json_t **table,
    const json_t **helper)
{
	static const char *const mcols[] = { "family", "category", "share",
	    "calls", "helper", "large", "kernel" };
	static const char *const scols[] = { "slot", "share", "ms", "large" };
	json_t *d = json_object_get(rec, "details"), *e;
	double worst = 0, helper_share = 0;
	size_t i;

	*table = measured ? au_table_new("Unmapped measured kernels (largest "
	    "first)", mcols, 7) : au_table_new("Simulated slots with no "
	    "measured kernel (largest first)", scols, 4);
	json_array_foreach(d, i, e) {
		double sh = 0, ns = 0;
		json_t *names = json_object_get(e, "kernel_names");
		bool noise = json_is_true(json_object_get(e, "expected_noise"));

		rec_get_num(e, "share", &sh);
		if (!noise && sh > worst)
			worst = sh;
		if (noise && helper != NULL && sh > helper_share) {
			*helper = e;
			helper_share = sh;
		}
		if (i >= 10)
			continue;
		if (measured) {
			au_table_row(*table, 7, au_str(rec_get_str(e, "op")),
			    au_str(rec_get_str(e, "category")), au_share(sh),
			    json_object_get(e, "calls") != NULL ?
			    json_deep_copy(json_object_get(e, "calls")) : NULL,
			    json_boolean(noise),
			    json_boolean(json_is_true(json_object_get(e,
			    "large"))), au_str(json_string_value(json_array_get(
			    names, 0))));
		} else {
			rec_get_num(e, "total_ns", &ns);
			au_table_row(*table, 4, au_str(rec_get_str(e, "slot") ?
			    rec_get_str(e, "slot") : rec_get_str(e, "op")),
			    au_share(sh), json_real(ns / 1e6),
			    json_boolean(json_is_true(json_object_get(e,
			    "large"))));
		}
	}
	return worst;
}

static const char ACT_HELPER[] = "Find out what the helper family does "
    "that takes this long (its kernel is in the table): work the "
    "simulator does not model (a per-layer cast or copy, KV-cache "
    "offload transfers, a slow sampler) needs a slot of its own, and a "
    "kernel the helper rule reaches by accident needs a rule of its own "
    "before it.";

/* A helper family (bookkeeping the rules expect to have no slot) at the
 * unmapped share or above: helpers are expected to be small, so a large
 * one is a WARN until someone says what it is. */
static enum jverdict_value
helper_mark(const json_t *e, double max, enum jverdict_value v,
    struct sbuf *why, const char **act)
{
	json_t *names = json_object_get(e, "kernel_names");
	double sh = 0;
	char a[32], kname[96];

	if (e == NULL || !rec_get_num(e, "share", &sh) || sh < max)
		return v;
	judge_fmt_num(a, sizeof(a), sh * 100);
	kernel_head(kname, sizeof(kname), json_string_value(json_array_get(
	    names, 0)));
	sbuf_printf(why, " The helper family %s (%s) holds %s%% of the "
	    "measured kernel time by itself: helpers (copies, fills, "
	    "sampling, launch prep) are expected to be small, so this one is "
	    "unmodeled work or a kernel its rule reaches by mistake until "
	    "shown otherwise.", rec_get_str(e, "op"), kname, a);
	if (v != V_PASS)
		return v;
	*act = ACT_HELPER;
	return V_WARN;
}

static void
a1_coverage(struct judge *j, const struct rule *r, const json_t *scope,
    bool measured)
{
	const char *cov_m = measured ? "kernel.coverage.measured" :
	    "kernel.coverage.simulated";
	const json_t *cov = au_sum(j, cov_m, scope);
	const json_t *list = au_sum(j, measured ? "kernel.unmapped_measured" :
	    "kernel.unmapped_simulated", scope);
	const json_t *large = au_sum(j, measured ?
	    "kernel.unmapped_measured.large" :
	    "kernel.unmapped_simulated.large", scope);
	double worst, nlarge = 0, max = tol(j->tol, TOL_AL_UNMAPPED_SHARE);
	json_t *table;
	const json_t *helper = NULL;
	struct sbuf why = {0};
	enum jverdict_value v;
	const char *act = measured ? ACT_RELABEL : ACT_SLOT;
	char a[32], b[32], tolbuf[96];

	worst = unmapped(list, measured, &table, measured ? &helper : NULL);
	ru_num(large, &nlarge);
	judge_fmt_num(a, sizeof(a), worst * 100);
	judge_fmt_num(b, sizeof(b), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "largest unmapped < %s%%", b);
	v = worst >= max ? V_FAIL : nlarge > 0 ? V_WARN : V_PASS;
	sbuf_printf(&why, "%s: the largest unmapped %s (helpers excepted) "
	    "holds %s%% of the %s time; %.0f flagged large by "
	    "s2r-kernel-match.", measured ? "Measured side" : "Simulated side",
	    measured ? "kernel family" : "slot", a, measured ? "measured kernel"
	    : "simulated critical-path", nlarge);
	if (v != V_PASS)
		sbuf_adds(&why, measured ? " A large unmapped measured kernel is "
		    "a structural hole or a labeling miss: resolve it before "
		    "trusting the per-operation comparison." : " A large slot "
		    "with no kernel is usually a mis-labeled or mis-mapped "
		    "kernel, or an operation the framework fuses.");
	v = helper_mark(helper, max, v, &why, &act);
	if (measured)
		v = a1_parallel_note(j, scope, v, &why, &act);
	au_emit(j, r, cov_m, a1_sub(scope), measured ? cov : NULL, measured ?
	    NULL : cov, false, 0, NULL, tolbuf, v, sbuf_str(&why), act,
	    au_evidence(table, list != NULL ? list : cov));
	sbuf_free(&why);
}

static json_t *
deviation_table(const json_t *top)
{
	static const char *const cols[] = { "operation", "sim vs measured",
	    "share of |error|", "share of critical path" };
	json_t *t = au_table_new("Per-operation deviation, by contribution to "
	    "the error", cols, 4), *e;
	size_t i;

	json_array_foreach(json_object_get(top, "details"), i, e) {
		double rel = NAN, sh = NAN, cs = NAN;

		if (i >= 10)
			break;
		rec_get_num(e, "rel", &rel);
		rec_get_num(e, "share_of_abs_err", &sh);
		rec_get_num(e, "critical_share", &cs);
		au_table_row(t, 4, au_str(rec_get_str(e, "op")),
		    au_pct(rel * 100), au_share(sh), au_share(cs));
	}
	return t;
}

/* Operations still off once the shared factor is divided out
 * (kernel.residual_top), with what the evidence points at. */
static json_t *
residual_table(const json_t *res)
{
	static const char *const cols[] = { "operation", "sim vs measured",
	    "after the shared factor", "share of what is left",
	    "likely cause", "deviates in" };
	json_t *t = au_table_new("Per-operation deviation once the shared "
	    "factor is divided out, by contribution to what is left", cols,
	    6), *e;
	size_t i;

	json_array_foreach(json_object_get(res, "details"), i, e) {
		double rel = NAN, after = NAN, sh = NAN, d = 0, k = 0;
		char in[64];

		if (i >= 10)
			break;
		rec_get_num(e, "rel", &rel);
		rec_get_num(e, "rel_after_factor", &after);
		rec_get_num(e, "share_of_residual", &sh);
		rec_get_num(e, "iterations_deviating", &d);
		rec_get_num(e, "iterations_tracking", &k);
		snprintf(in, sizeof(in), "%.0f of %.0f iterations", d, d + k);
		au_table_row(t, 6, au_str(rec_get_str(e, "op")),
		    au_pct(rel * 100), au_pct(after * 100), au_share(sh),
		    au_str(rec_get_str(e, "likely")), au_str(in));
	}
	return t;
}

/* " (first: <marker>, <stage>)" of an outlier's deviating iteration. */
static void
where_text(struct sbuf *b, const json_t *e)
{
	const json_t *it = json_object_get(e, "iteration");

	if (!json_is_object(it))
		return;
	sbuf_printf(b, " (first: %s, %s)", rec_get_str(it, "marker"),
	    rec_get_str(it, "stage"));
}

static const char ACT_LABELING[] = "Relabel first: a rule reaches some of "
    "these kernels only through a fragment of their namespace "
    "(labels.cross_family lists them): anchor the pattern to the kernel's "
    "own name, or give that library's kernels their own rule before it, "
    "then rerun; the gap may vanish with the labels.";
static const char ACT_KERNEL[] = "A different kernel or implementation: "
    "align the backend the simulator profiled with the one the framework "
    "launched (GEMM tile, attention implementation, quantization path), "
    "or re-profile the launched kernel and give the slot its cost.";
static const char ACT_SHAPE[] = "The right kernel, mispredicted at these "
    "shapes: validate the kernel cost cache at that shape or bucket "
    "boundary and add the missing row; do not change the kernel.";
static const char ACT_EITHER[] = "Cross-check the kernel the framework "
    "launched against the kernel the slot's cost assumes (a \"kernel\" "
    "fragment in the slots lets s2r-kernel-match do it): a different "
    "kernel or backend means re-profiling that kernel; the right kernel "
    "mispredicted at a shape means fixing the kernel cost cache there.";

/* Outlier e (a kernel.residual_top entry) likely "shape_edge". */
static void
shape_text(const json_t *e, const char *kname, double d, double k,
    struct sbuf *why)
{
	const char *sk = rec_get_str(e, "slot_kernel");

	if (sk != NULL)
		sbuf_printf(why, " Likely a shape edge: the slot's kernel ran "
		    "(\"%s\": %s), mispredicted", sk, kname);
	else
		sbuf_printf(why, " Likely a shape edge: the same kernels (%s) "
		    "track in %.0f iterations and deviate at other shapes,",
		    kname, k);
	sbuf_printf(why, " in %.0f of %.0f iterations", d, d + k);
	where_text(why, e);
	sbuf_adds(why, ".");
}

/* The evidence for outlier e (a kernel.residual_top entry) into why,
 * and what to do about it into act. */
static void
outlier_text(const json_t *e, struct sbuf *why, struct sbuf *act)
{
	const char *likely = rec_get_str(e, "likely");
	const char *sk = rec_get_str(e, "slot_kernel");
	double share = NAN, d = 0, k = 0;
	char kname[96], pc[32];

	if (likely == NULL)
		likely = "undetermined";
	kernel_head(kname, sizeof(kname), rec_get_str(e, "kernel"));
	rec_get_num(e, "kernel_share", &share);
	rec_get_num(e, "iterations_deviating", &d);
	rec_get_num(e, "iterations_tracking", &k);
	judge_fmt_num(pc, sizeof(pc), share * 100);
	if (strcmp(likely, "labeling") == 0) {
		sbuf_printf(why, " Likely a labeling accident: %s%% of its "
		    "time is kernels its rule reached only through a namespace "
		    "fragment (%s).", pc, kname);
		sbuf_adds(act, ACT_LABELING);
	} else if (strcmp(likely, "different_kernel") == 0) {
		if (sk != NULL)
			sbuf_printf(why, " Likely a different kernel: the "
			    "slot assumes \"%s\", but %s%% of the operation's "
			    "time ran in other kernels (%s).", sk, pc, kname);
		else
			sbuf_printf(why, " Likely a different kernel: it "
			    "deviates in %.0f of %.0f iterations, and there "
			    "%s%% of its time is a kernel it does not launch "
			    "where it tracks (%s).", d, d + k, pc, kname);
		sbuf_adds(act, ACT_KERNEL);
	} else if (strcmp(likely, "shape_edge") == 0) {
		shape_text(e, kname, d, k, why);
		sbuf_adds(act, ACT_SHAPE);
	} else {
		sbuf_printf(why, " A different kernel cannot be told from a "
		    "shape edge here: %s, and the slots name no kernel (%s "
		    "ran).", k == 0 ? "it deviates in every compared iteration"
		    : "the iterations where it deviates and where it tracks "
		    "have the same or unknown shapes", kname);
		sbuf_adds(act, ACT_EITHER);
	}
}

/* Cause "mixed": a shift of most operations and outliers beyond it. */
static enum jverdict_value
a1_mixed(const json_t *cause, const json_t *e, bool over, struct sbuf *why,
    struct sbuf *act)
{
	const json_t *d = json_object_get(cause, "details");
	double f = NAN, k = 0, n = 0, out = 0, after = NAN;
	char a[32], b[32];

	rec_get_num(d, "shared_factor", &f);
	rec_get_num(d, "shared_ops", &k);
	rec_get_num(d, "matched_ops", &n);
	rec_get_num(d, "outliers", &out);
	rec_get_num(e, "rel_after_factor", &after);
	judge_fmt_num(a, sizeof(a), f);
	judge_fmt_num(b, sizeof(b), after * 100);
	sbuf_printf(why, " Two causes at once: %.0f of %.0f operations are off "
	    "by the same factor (measured/simulated %s: a uniform clock or "
	    "thermal shift of the capture), and with that factor taken out %s "
	    "is still %s%s%% off", k, n, a, rec_get_str(e, "op"),
	    after > 0 ? "+" : "", b);
	if (out > 1)
		sbuf_printf(why, " (and %.0f more operations)", out - 1);
	sbuf_adds(why, ".");
	sbuf_adds(act, "Stop and ask before changing the cost model: the "
	    "shared factor is a capture artifact (do not retune for it; "
	    "recapture with locked clocks and a warmed-up GPU), while the "
	    "operation's remaining gap may be a model gap.  Decide with the "
	    "experimenter which part is real.  If a clean capture confirms "
	    "the operation's gap: ");
	outlier_text(e, why, act);
	return over ? V_FAIL : V_WARN;
}

/* Cause "concentrated": outliers and no shift. */
static enum jverdict_value
a1_concentrated(const json_t *e, bool over, struct sbuf *why,
    struct sbuf *act)
{
	double rel = NAN;
	char a[32];

	rec_get_num(e, "rel", &rel);
	judge_fmt_num(a, sizeof(a), rel * 100);
	sbuf_printf(why, " The error is concentrated in %s (sim %s%s%% "
	    "against measured)%s.", rec_get_str(e, "op"), rel > 0 ? "+" : "", a,
	    over ? "" : ", though the total stays within tolerance");
	outlier_text(e, why, act);
	return over ? V_FAIL : V_WARN;
}

/* The cause's verdict, why and action (kcause.h). */
static enum jverdict_value
a1_cause(struct judge *j, const json_t *scope, const char *c, bool over,
    struct sbuf *why, struct sbuf *act)
{
	const json_t *cause = au_sum(j, "kernel.cause", scope);
	const json_t *res = au_sum(j, "kernel.residual_top", scope);
	const json_t *e = json_array_get(json_object_get(res, "details"), 0);
	double m = NAN, n = 0;
	char a[32];

	if (strcmp(c, "uniform_shift") == 0) {
		ru_num(au_sum(j, "kernel.median_ratio", scope), &m);
		judge_fmt_num(a, sizeof(a), m);
		sbuf_printf(why, " Every operation is off by about the same "
		    "factor (median measured/simulated %s)%s", a,
		    a1_scale_error(j, m, NULL, NULL) ||
		    a1_stage_split(j, scope, NULL, NULL) ? "." : ": a clock or "
		    "thermal shift of the capture.");
		if (a1_scale_error(j, m, why, act))
			return V_FAIL;
		if (a1_stage_split(j, scope, why, act))
			return over ? V_FAIL : V_WARN;
		sbuf_adds(act, ACT_CLOCK);
		return V_WARN;
	}
	if (strcmp(c, "ambiguous") == 0) {
		rec_get_num(json_object_get(cause, "details"), "matched_ops",
		    &n);
		sbuf_printf(why, " Only %.0f matched operation%s, all off the "
		    "same way: a clock or thermal shift cannot be told from a "
		    "model gap.", n, n == 1 ? "" : "s");
		sbuf_adds(act, "Stop and ask: the attribution decides whether "
		    "the cost model changes at all.  Recapture with locked "
		    "clocks, or label and compare more operations, before "
		    "changing anything.");
		return V_WARN;
	}
	if (strcmp(c, "mixed") == 0 && e != NULL)
		return a1_mixed(cause, e, over, why, act);
	if (strcmp(c, "concentrated") == 0 && e != NULL)
		return a1_concentrated(e, over, why, act);
	sbuf_adds(act, "The error is spread thin: recapture to rule out noise, "
	    "then compare the operations with the largest share of the "
	    "error.");
	return over ? V_FAIL : V_PASS;
}

/* Iterations compared with slots of another stage (kernel.iterations.
 * stage_mismatch): the error then measures the numbering, not the cost
 * model, and no cause read from it (a clock shift least of all) holds.
 * Whether there are any; the finding into why and act. */
static bool
misnumbered(const struct judge *j, const json_t *scope, struct sbuf *why,
    struct sbuf *act)
{
	double n = 0;

	if (!ru_num(au_sum(j, "kernel.iterations.stage_mismatch", scope), &n) ||
	    n == 0)
		return false;
	sbuf_printf(why, " %.0f compared iteration%s got slots made for "
	    "another stage (kernel.iterations.compared): the error compares "
	    "different steps, so no cause is read from it.", n,
	    n == 1 ? "" : "s");
	sbuf_adds(act, ACT_ITERS);
	return true;
}

/* Compared iterations given slots costed for another batch (kernel.
 * slots.batch_mismatch): the error sets another batch's costs against
 * these kernels, so no cause is read.  Whether there are any. */
static bool
other_batch(const struct judge *j, const json_t *scope, struct sbuf *why,
    struct sbuf *act)
{
	double n = 0;

	if (!ru_num(au_sum(j, "kernel.slots.batch_mismatch", scope), &n) ||
	    n == 0)
		return false;
	sbuf_printf(why, " %.0f compared iteration%s got slots costed for "
	    "another batch than the marker's (kernel.slots.batch_mismatch): "
	    "the error sets another batch's costs against these kernels, so "
	    "no cause is read from it.", n, n == 1 ? "" : "s");
	sbuf_adds(act, "Cost the slots at the batch each step ran (kernel."
	    "slots.batch_mismatch), then read the error again.");
	return true;
}

static void
a1_deviation(struct judge *j, const struct rule *r, const json_t *scope)
{
	const json_t *err = au_sum(j, "kernel.error.abs", scope);
	const json_t *cause = au_sum(j, "kernel.cause", scope);
	const json_t *top = au_sum(j, "kernel.top_deviation", scope);
	const json_t *res = au_sum(j, "kernel.residual_top", scope);
	const json_t *cmp = au_sum(j, "kernel.iterations.compared", scope);
	const char *c = rec_get_str(cause, "value");
	double e = NAN, ncmp = 0;
	double max = tol(j->tol, TOL_AL_KERNEL_ERROR);
	struct sbuf why = {0}, act = {0};
	enum jverdict_value v;
	json_t *ev = NULL;
	char a[32], b[32], tolbuf[96];

	ru_num(err, &e);
	ru_num(cmp, &ncmp);
	judge_fmt_num(b, sizeof(b), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "<= %s%% duration-weighted", b);
	judge_fmt_num(a, sizeof(a), e * 100);
	if (ncmp == 0 || c == NULL || strcmp(c, "no_matched_ops") == 0) {
		au_emit(j, r, "kernel.error.abs", a1_sub(scope), NULL, err,
		    false, 0, NULL, tolbuf, V_FAIL, "No iteration pairs "
		    "measured kernels with simulated slots by operation: "
		    "nothing to compare.", ACT_NOMATCH, NULL);
		return;
	}
	sbuf_printf(&why, "Duration-weighted kernel error %s%% over %.0f "
	    "iterations; cause \"%s\".", a, ncmp, c);
	if (misnumbered(j, scope, &why, &act) ||
	    other_batch(j, scope, &why, &act))
		v = e > max + 1e-12 ? V_FAIL : V_WARN;
	else if (a1_parallel_mismatch(j, scope) != NULL)
		v = a1_other_parallelism(j, scope, e > max + 1e-12, &why, &act);
	else if (a1_ranks_disagree(j, scope))
		v = a1_ranks_note(j, scope, e > max + 1e-12 ? V_FAIL : V_WARN,
		    &why, &act);
	else
		v = a1_cause(j, scope, c, e > max + 1e-12, &why, &act);
	v = a1_zero_note(j, scope, v, &why);
	if (json_array_size(json_object_get(res, "details")) > 0)
		ev = au_evidence(residual_table(res), res);
	else if (top != NULL)
		ev = au_evidence(deviation_table(top), top);
	au_emit(j, r, "kernel.error.abs", a1_sub(scope), NULL, err, false, 0,
	    NULL, tolbuf, v, sbuf_str(&why), sbuf_str(&act), ev);
	sbuf_free(&why);
	sbuf_free(&act);
}

/* The measured iterations of scope that have no slot: their share of
 * the measured kernel time (returned) and their stages and first marker
 * in words (into what). */
static double
unjudged(const struct judge *j, const json_t *scope, struct sbuf *what)
{
	struct ru_list l;
	double all = 0, only = 0;
	const char *first = NULL;
	struct sbuf stages = {0};

	ru_select(j, &(struct jsel){ .kind = "iter" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *it = l.v[i];
		const char *st = rec_get_str(it, "stage");
		double meas = 0, sim = 0;

		if (!au_in_scope(it, scope) || !rec_get_num(it, "meas_ns", &meas))
			continue;
		all += meas;
		rec_get_num(it, "sim_ns", &sim);
		if (json_is_true(json_object_get(it, "compared")) || sim > 0 ||
		    meas <= 0)
			continue;
		only += meas;
		if (first == NULL)
			first = rec_get_str(it, "marker");
		if (st == NULL)
			st = "unknown";
		if (strstr(stages.s != NULL ? stages.s : "", st) == NULL)
			sbuf_printf(&stages, "%s%s", stages.len > 0 ? ", " : "",
			    st);
	}
	ru_list_free(&l);
	sbuf_printf(what, "stage %s; the first: %s", stages.len > 0 ?
	    stages.s : "unknown", first != NULL ? first : "no marker");
	sbuf_free(&stages);
	return all > 0 ? only / all : 0;
}

/* "the first: ..." of a record's how, or the whole how. */
static const char *
first_of(const char *how)
{
	const char *f = how != NULL ? strstr(how, "the first: ") : NULL;

	return f != NULL ? f : how != NULL ? how : "see the iter records";
}

/* Iteration coverage: a measured iteration with no slot, an iteration
 * marker with slots but no kernels, or one given another stage's slots
 * is judged by no other A1 verdict (nor by A2's cycle), so a PASS there
 * would claim what was never compared. */
static void
a1_iterations(struct judge *j, const struct rule *r, const json_t *scope)
{
	const json_t *cmp = au_sum(j, "kernel.iterations.compared", scope);
	const json_t *mis = au_sum(j, "kernel.iterations.stage_mismatch",
	    scope);
	double ncmp = 0, monly = 0, sonly = 0, nmis = 0, share;
	double max = tol(j->tol, TOL_AL_UNMAPPED_SHARE);
	struct sbuf why = {0}, what = {0};
	const char *act = ACT_ITERS;
	enum jverdict_value v;
	char a[32], b[32], tolbuf[128];

	if (cmp == NULL)
		return;
	ru_num(cmp, &ncmp);
	ru_num(au_sum(j, "kernel.iterations.measured_only", scope), &monly);
	ru_num(au_sum(j, "kernel.iterations.simulated_only", scope), &sonly);
	ru_num(mis, &nmis);
	share = unjudged(j, scope, &what);
	judge_fmt_num(b, sizeof(b), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "every iteration compared (FAIL "
	    "from %s%% of the measured time unjudged)", b);
	sbuf_printf(&why, "%.0f iteration%s compared with slots.", ncmp,
	    ncmp == 1 ? "" : "s");
	if (monly > 0) {
		judge_fmt_num(a, sizeof(a), share * 100);
		sbuf_printf(&why, " %.0f measured iteration%s (%s%% of the "
		    "measured kernel time; %s) ha%s no slot: no A1 or A2 cycle "
		    "verdict judges %s.", monly, monly == 1 ? "" : "s", a,
		    sbuf_str(&what), monly == 1 ? "s" : "ve", monly == 1 ?
		    "it" : "them");
	}
	if (sonly > 0)
		sbuf_printf(&why, " %.0f simulated iteration%s ha%s no measured "
		    "kernels (its marker is in the trace: the profiler dropped "
		    "the kernels).", sonly, sonly == 1 ? "" : "s", sonly == 1 ?
		    "s" : "ve");
	if (nmis > 0 && a1_mixed_step(mis)) {
		sbuf_printf(&why, " %.0f compared iteration%s got slots made "
		    "for another stage (%s): the framework ran prefill and "
		    "decode in one step (chunked prefill) where the simulation "
		    "scheduled them as separate steps, so the two sides' "
		    "iteration populations differ and these iterations compare "
		    "different steps.", nmis, nmis == 1 ? "" : "s",
		    first_of(rec_get_str(json_object_get(mis, "source"),
		    "how")));
		act = A1_ACT_MIXED;
	} else if (nmis > 0)
		sbuf_printf(&why, " %.0f compared iteration%s got slots made "
		    "for another stage (%s): the slots' iteration ids do not "
		    "follow the trace's markers, so these iterations compare "
		    "different steps.", nmis, nmis == 1 ? "" : "s",
		    first_of(rec_get_str(json_object_get(mis, "source"),
		    "how")));
	v = nmis > 0 || (monly > 0 && share + 1e-12 >= max) ? V_FAIL :
	    monly > 0 || sonly > 0 ? V_WARN : V_PASS;
	if (ncmp == 0)
		v = a1_no_iterations(cmp, &why, &act);
	v = a1_incomplete(j, scope, v, &why, &act);
	au_emit(j, r, "kernel.iterations.compared", a1_sub(scope), NULL, cmp,
	    false, 0, NULL, tolbuf, v, sbuf_str(&why), act, NULL);
	sbuf_free(&why);
	sbuf_free(&what);
}

/* Kernels a rule labeled through a namespace fragment (labels.h):
 * guilty until proven, they manufacture gaps; at the unmapped share
 * they are a FAIL. */
static void
a1_labels(struct judge *j, const struct rule *r, const json_t *scope)
{
	const json_t *x = au_sum(j, "labels.cross_family", scope), *e;
	const json_t *list = json_object_get(x, "details");
	double max = tol(j->tol, TOL_AL_UNMAPPED_SHARE), share = 0;
	size_t i, n = json_array_size(list);
	struct sbuf why = {0};
	char a[32], b[32], kname[96], tolbuf[96];

	if (x == NULL)
		return;		/* records of an older s2r-kernel-match */
	judge_fmt_num(b, sizeof(b), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "none (FAIL at %s%% of the time)", b);
	if (n == 0) {
		au_emit(j, r, "labels.cross_family", a1_sub(scope), NULL, x,
		    false, 0, NULL, tolbuf, V_PASS, "Every labeled kernel "
		    "matched its rule in its own name, none only through a "
		    "fragment of a namespace.", NULL, NULL);
		return;
	}
	json_array_foreach(list, i, e) {
		double sh = 0;

		rec_get_num(e, "share", &sh);
		share += sh;
	}
	e = json_array_get(list, 0);
	judge_fmt_num(a, sizeof(a), share * 100);
	kernel_head(kname, sizeof(kname), rec_get_str(e, "name"));
	sbuf_printf(&why, "%zu kernel name%s (%s%% of the measured kernel "
	    "time) matched a rule only through part of a word of a namespace "
	    "or class qualifier; the largest: rule %s (line %lld, kind %s) "
	    "labels %s as %s because \"%s\" contains its pattern.  Such "
	    "kernels belong to another library's family: the operation they "
	    "were given is measured wrong.", n, n == 1 ? "" : "s", a,
	    rec_get_str(e, "rule"), (long long)json_integer_value(
	    json_object_get(e, "line")), rec_get_str(e, "kind"), kname,
	    rec_get_str(e, "op") ? rec_get_str(e, "op") : "?",
	    rec_get_str(e, "qualifier"));
	au_emit(j, r, "labels.cross_family", a1_sub(scope), NULL, x, false, 0,
	    NULL, tolbuf, share + 1e-12 >= max ? V_FAIL : V_WARN,
	    sbuf_str(&why), ACT_LABELING, NULL);
	sbuf_free(&why);
}

void
rule_a1(struct judge *j, const struct rule *r, const struct jcell *c)
{
	json_t *scopes, *scope;
	size_t i;

	if (!au_alignment_run(j))
		return;
	if (au_refused(j, r, "A1", "kernel.coverage.measured", "the "
	    "per-operation kernel comparison"))
		return;
	scopes = a1_scopes(j);
	if (json_array_size(scopes) == 0)
		au_missing(j, r, "kernel.coverage.measured", "No "
		    "s2r-kernel-match summary records: the per-operation "
		    "kernel comparison needs a profiler trace, simulated slots "
		    "and labeling rules (pipelines/align.mk TRACE=, SLOTS=, "
		    "RULES=).", "Capture a profiler trace of the real run and "
		    "give it with the simulated slots and the labeling rules.");
	json_array_foreach(scopes, i, scope) {
		a1_coverage(j, r, scope, true);
		a1_coverage(j, r, scope, false);
		a1_iterations(j, r, scope);
		a1_labels(j, r, scope);
		a1_zero_slots(j, r, scope);
		a1_count_mismatch(j, r, scope);
		a1_batch_mismatch(j, r, scope);
		a1_kernel_mismatch(j, r, scope);
		a1_deviation(j, r, scope);
	}
	json_decref(scopes);
}
