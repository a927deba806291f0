/* rules_kduty.c - check A2 (GPU duty cycle: the multiplier
 * sum(cycle) / sum(measured) with its decomposition, decode more
 * launch-bound than prefill, the simulated cycle against the measured
 * one), the row rule_a2 of rules_align[]; split from rules_kernels.c
 * (A1), whose helpers for ranks, clocks and lulls it shares through
 * alignutil.h.
 *
 * Records: s2r-dutycycle (summary, duty) and s2r-kernel-match's iter
 * records (the simulated cycle); schemas/metrics-alignment.json. */
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

static const char ACT_DUTY[] = "Large host bubbles: read the decomposition "
    "(idle inside iterations = launch overhead, idle at barrier edges, gap "
    "between iterations = scheduler/host time) and explain it before the "
    "simulation bakes the multiplier in; recapture if one stall dominates.";
static const char ACT_DUTY_LOW[] = "The cycle is shorter than the measured "
    "critical path: iterations overlap (one iteration's GPU work runs into "
    "the next); check the iteration attribution before using this "
    "multiplier.";
static const char ACT_IDENTITY[] = "The duty-cycle identities do not hold "
    "(wall != measured + idle): the decomposition cannot be trusted; "
    "recapture, and report the trace to the s2r-dutycycle maintainers.";
static const char ACT_FEW[] = "Some iterations recorded implausibly few "
    "kernels (profiler buffer overflow under CUDA graphs): recapture with "
    "a larger buffer or a shorter window before trusting the multiplier.";
static const char ACT_RANKS[] = "Give every rank's trace of the capture "
    "(one per process of the tensor- or pipeline-parallel group) and "
    "rerun: the barrier model charges each window to its busiest rank, "
    "and a rank left out cannot be charged.  If the missing ranks are "
    "data-parallel replicas that never synchronise with these, say so "
    "and keep the result.";
static const char ACT_GAPDIR[] = "Prefill looks more launch-bound than "
    "decode, the opposite of what is expected: check the iterations' stage "
    "attribution (markers) and the per-stage populations.";
static const char ACT_CYCLE[] = "The kernels match but the simulated cycle "
    "does not: fix the duty-cycle correction (its population, per-stage "
    "multipliers, excluded outliers), not the kernels.";
static const char ACT_STAGE[] = "One pooled multiplier mis-corrects this "
    "stage: use per-stage multipliers (duty.multiplier.<stage>) in the "
    "simulation.";

struct decomp {
	double	cycle, wall, gap, measured, busy, collective, internal, boundary;
	size_t	n;
};

/* Sums of the iterations the multiplier used (a cycle, not excluded). */
static void
decomposition(const struct judge *j, struct decomp *d)
{
	static const char *const keys[] = { "wall_ns", "gap_ns", "measured_ns",
	    "critical_busy_ns", "collective_ns", "idle_internal_ns",
	    "idle_boundary_ns" };
	double *sums[] = { &d->wall, &d->gap, &d->measured, &d->busy,
	    &d->collective, &d->internal, &d->boundary };
	struct ru_list l;

	memset(d, 0, sizeof(*d));
	ru_select(j, &(struct jsel){ .kind = "duty" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *rec = l.v[i];
		const char *w = rec_get_str(rec, "window");
		double x;

		if (w == NULL || strcmp(w, "iteration") != 0 ||
		    json_is_true(json_object_get(rec, "excluded")) ||
		    !rec_get_num(rec, "cycle_ns", &x))
			continue;
		d->cycle += x;
		d->n++;
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (rec_get_num(rec, keys[k], &x))
				*sums[k] += x;
	}
	ru_list_free(&l);
}

static json_t *
ms_share(double ns, double of)
{
	char buf[128], n[32], p[32];

	judge_fmt_num(n, sizeof(n), ns / 1e6);
	judge_fmt_num(p, sizeof(p), of > 0 ? ns / of * 100 : 0);
	snprintf(buf, sizeof(buf), "%s ms (%s%% of the cycle)", n, p);
	return json_string(buf);
}

static json_t *
duty_table(const struct judge *j)
{
	static const char *const cols[] = { "term", "value" };
	static const char *const stages[] = { "prefill", "mixed", "decode",
	    "unknown" };
	json_t *t = au_table_new("Duty-cycle decomposition (iterations with a "
	    "cycle, outliers excluded)", cols, 2);
	struct decomp d;
	char metric[64];

	decomposition(j, &d);
	au_table_row(t, 2, au_str("iterations"), json_integer((json_int_t)d.n));
	au_table_row(t, 2, au_str("sum cycle"), ms_share(d.cycle, d.cycle));
	au_table_row(t, 2, au_str("  gap between iterations"),
	    ms_share(d.gap, d.cycle));
	au_table_row(t, 2, au_str("  idle inside iterations (launch bubbles)"),
	    ms_share(d.internal, d.cycle));
	au_table_row(t, 2, au_str("  idle at barrier edges"),
	    ms_share(d.boundary, d.cycle));
	au_table_row(t, 2, au_str("  critical busy"),
	    ms_share(d.busy, d.cycle));
	au_table_row(t, 2, au_str("  collectives"),
	    ms_share(d.collective, d.cycle));
	au_table_row(t, 2, au_str("multiplier (sum cycle / sum measured)"),
	    au_val_of(au_sum(j, "duty.multiplier", NULL)));
	au_table_row(t, 2, au_str("multiplier, busy-union variant"),
	    au_val_of(au_sum(j, "duty.multiplier_busy_union", NULL)));
	for (size_t i = 0; i < 4; i++) {
		const json_t *m, *g;
		char label[96];

		snprintf(metric, sizeof(metric), "duty.multiplier.%s",
		    stages[i]);
		m = au_sum(j, metric, NULL);
		snprintf(metric, sizeof(metric), "duty.gap_fraction.%s",
		    stages[i]);
		g = au_sum(j, metric, NULL);
		if (m == NULL && g == NULL)
			continue;
		snprintf(label, sizeof(label), "%s: multiplier", stages[i]);
		au_table_row(t, 2, au_str(label), au_val_of(m));
		snprintf(label, sizeof(label), "%s: gap fraction", stages[i]);
		au_table_row(t, 2, au_str(label), au_val_of(g));
	}
	au_table_row(t, 2, au_str("excluded by the outlier screen"),
	    au_val_of(au_sum(j, "duty.iterations.excluded", NULL)));
	au_table_row(t, 2, au_str("iterations with too few kernels"),
	    au_val_of(au_sum(j, "duty.iterations.few_kernels", NULL)));
	au_table_row(t, 2, au_str("identity residual (ns)"),
	    au_val_of(au_sum(j, "duty.identity_residual_ns", NULL)));
	return t;
}

/* Ranks the capture ran (duty.world_size) but the traces given lack:
 * their busy time is outside the barrier model, so a PASS would rest
 * on part of the job.  Notes it in why; a PASS becomes a WARN. */
static enum jverdict_value
ranks_missing(const struct judge *j, enum jverdict_value v,
    struct sbuf *why, const char **act)
{
	const json_t *ws = au_sum(j, "duty.world_size", NULL), *e;
	double world, given = 0;
	size_t i;

	if (!ru_num(ws, &world) || !ru_num(au_sum(j, "duty.ranks", NULL),
	    &given) || world <= given)
		return v;
	sbuf_printf(why, " The traces state a world of %.0f ranks "
	    "(distributedInfo.world_size) but %.0f %s given (rank", world,
	    given, given == 1 ? "is" : "are");
	json_array_foreach(json_object_get(ws, "details"), i, e)
		sbuf_printf(why, "%s %lld", i > 0 ? "," : "",
		    (long long)json_integer_value(e));
	sbuf_adds(why, "): a slower rank left out is invisible to the barrier "
	    "model, so this multiplier rests on part of the job.");
	if (v != V_PASS)
		return v;
	*act = ACT_RANKS;
	return V_WARN;
}

static void
a2_multiplier(struct judge *j, const struct rule *r)
{
	const json_t *mr = au_sum(j, "duty.multiplier", NULL);
	double m, res = 0, few = 0, warn = tol(j->tol, TOL_AL_MULT_WARN),
	    max = tol(j->tol, TOL_AL_MULT_MAX);
	struct sbuf why = {0};
	enum jverdict_value v;
	const char *act;
	char a[32], b[32], c[32], tolbuf[96];

	ru_num(au_sum(j, "duty.identity_residual_ns", NULL), &res);
	ru_num(au_sum(j, "duty.iterations.few_kernels", NULL), &few);
	judge_fmt_num(b, sizeof(b), warn);
	judge_fmt_num(c, sizeof(c), max);
	snprintf(tolbuf, sizeof(tolbuf), "1-%s (WARN to %s)", b, c);
	if (!ru_num(mr, &m)) {
		au_emit(j, r, "duty.multiplier", NULL, mr, NULL, false, 0, NULL,
		    tolbuf, V_INAPPLICABLE, "No iteration has a cycle (one "
		    "iteration, or a whole-trace window): the multiplier cannot "
		    "be computed.", NULL,
		    au_evidence(duty_table(j), mr));
		return;
	}
	judge_fmt_num(a, sizeof(a), m);
	sbuf_printf(&why, "Multiplier sum(cycle)/sum(measured) = %s: kernels "
	    "fill %s%% of the GPU cycle.", a, m > 0 ? (judge_fmt_num(c,
	    sizeof(c), 100 / m), c) : "?");
	if (res != 0) {
		v = V_FAIL;
		act = ACT_IDENTITY;
		sbuf_adds(&why, " The identities do not hold (residual != 0).");
	} else if (m > max) {
		v = V_FAIL;
		act = ACT_DUTY;
		sbuf_adds(&why, " Host bubbles dominate the cycle.");
	} else if (m < 1) {
		v = V_WARN;
		act = ACT_DUTY_LOW;
		sbuf_adds(&why, " Below 1: iterations overlap.");
	} else if (m > warn) {
		v = V_WARN;
		act = ACT_DUTY;
		sbuf_adds(&why, " A well-batched run stays near 1: this gap "
		    "deserves an explanation, not silent absorption.");
	} else {
		v = V_PASS;
		act = NULL;
	}
	if (few > 0) {	/* at any multiplier: it counts their loss as idle */
		sbuf_printf(&why, " %.0f iteration%s recorded too few kernels "
		    "(launches whose kernels the trace lacks, or graph "
		    "replays under-recorded): their unrecorded GPU work counts "
		    "as idle, so a cycle over them overstates the host bubbles.",
		    few, few == 1 ? "" : "s");
		if (v == V_PASS || act == ACT_DUTY)
			act = ACT_FEW;
		v = v == V_PASS ? V_WARN : v;
	}
	v = a2_copied(j, v, &why, &act);	/* before: its action wins */
	v = ranks_missing(j, v, &why, &act);
	v = a2_clocks(j, v, &why, &act);
	v = a2_lull(j, v, m > warn, &why, &act);
	au_emit(j, r, "duty.multiplier", NULL, mr, NULL, false, 0, NULL, tolbuf,
	    v, sbuf_str(&why), act,
	    au_evidence(duty_table(j), mr));
	sbuf_free(&why);
}

static void
a2_direction(struct judge *j, const struct rule *r)
{
	const json_t *d = au_sum(j, "duty.gap_fraction.decode", NULL);
	const json_t *p = au_sum(j, "duty.gap_fraction.prefill", NULL);
	double gd, gp;
	struct sbuf why = {0};
	char a[32], b[32];

	if (!ru_num(d, &gd) || !ru_num(p, &gp)) {
		au_emit(j, r, "duty.gap_fraction.decode", NULL, d, NULL,
		    false, 0, NULL, "decode >= prefill", V_INAPPLICABLE,
		    "Needs both prefill and decode iterations with a cycle; "
		    "the capture has only one stage.", NULL, NULL);
		return;
	}
	judge_fmt_num(a, sizeof(a), gd * 100);
	judge_fmt_num(b, sizeof(b), gp * 100);
	sbuf_printf(&why, "Gap between iterations: decode %s%% of its cycle, "
	    "prefill %s%% (decode is expected more launch-bound).", a, b);
	/* Both are measured; the diff is decode - prefill. */
	au_emit(j, r, "duty.gap_fraction.decode", NULL, d, NULL, true,
	    (gd - gp) * 100, "pp", "decode >= prefill",
	    gd + 1e-12 >= gp ? V_PASS : V_WARN, sbuf_str(&why), ACT_GAPDIR,
	    NULL);
	sbuf_free(&why);
}

struct cyc {
	double	sim, cycle;
	size_t	n;
};

/* The simulated time of each compared iteration (kernel-match iter
 * records), sorted by iteration then input order: the first record of an
 * iteration with a sim_ns is the one that counts. */
struct itersim {
	double	iter, sim_ns;
	size_t	seq;
};

static int
itersim_cmp(const void *pa, const void *pb)
{
	const struct itersim *a = pa, *b = pb;

	if (a->iter != b->iter)
		return a->iter < b->iter ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static struct itersim *
itersims(const struct judge *j, size_t *n)
{
	struct ru_list l;
	struct itersim *v;

	ru_select(j, &(struct jsel){ .kind = "iter" }, &l);
	v = xcalloc(l.n + 1, sizeof(*v));
	*n = 0;
	for (size_t i = 0; i < l.n; i++) {
		struct itersim *x = &v[*n];

		if (json_is_true(json_object_get(l.v[i], "compared")) &&
		    rec_get_num(l.v[i], "iter", &x->iter) &&
		    rec_get_num(l.v[i], "sim_ns", &x->sim_ns)) {
			x->seq = i;
			(*n)++;
		}
	}
	ru_list_free(&l);
	qsort(v, *n, sizeof(*v), itersim_cmp);
	return v;
}

/* The simulated time of iteration it, or NAN. */
static double
itersim_of(const struct itersim *v, size_t n, double it)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;

		if (v[m].iter < it)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < n && v[lo].iter == it ? v[lo].sim_ns : NAN;
}

/* Simulated kernel time (kernel-match iter records) x multiplier against
 * the measured cycle (dutycycle iteration records), per stage (index
 * 0-3) and overall (4), over the iterations in both. */
static size_t
cycles(const struct judge *j, double mult, struct cyc out[5])
{
	static const char *const stages[] = { "prefill", "mixed", "decode",
	    "unknown" };
	size_t any = 0, nsims;
	struct itersim *sims = itersims(j, &nsims);
	struct ru_list l;

	memset(out, 0, 5 * sizeof(*out));
	ru_select(j, &(struct jsel){ .kind = "duty" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *d = l.v[i];
		const char *w = rec_get_str(d, "window"), *st;
		double it, cyc, sim;
		size_t s;

		if (w == NULL || strcmp(w, "iteration") != 0 ||
		    json_is_true(json_object_get(d, "excluded")) ||
		    !rec_get_num(d, "cycle_ns", &cyc) ||
		    !rec_get_num(d, "iter", &it))
			continue;
		sim = itersim_of(sims, nsims, it);
		if (isnan(sim))
			continue;
		st = rec_get_str(d, "stage");
		for (s = 0; s < 4; s++)
			if (st != NULL && strcmp(st, stages[s]) == 0)
				break;
		if (s == 4)
			s = 3;
		out[s].sim += sim * mult;
		out[s].cycle += cyc;
		out[s].n++;
		out[4].sim += sim * mult;
		out[4].cycle += cyc;
		out[4].n++;
		any++;
	}
	ru_list_free(&l);
	free(sims);
	return any;
}

static void
a2_cycle(struct judge *j, const struct rule *r)
{
	static const char *const names[] = { "align.cycle.prefill",
	    "align.cycle.mixed", "align.cycle.decode", "align.cycle.unknown",
	    "align.cycle" };
	static const char *const cols[] = { "iterations", "n",
	    "simulated x multiplier (ms)", "measured cycle (ms)", "sim vs "
	    "measured" };
	double m, t = tol(j->tol, TOL_AL_CYCLE_PCT);
	struct cyc c[5];
	int a1 = au_worst_of(j, "A1");
	json_t *table;
	char tolbuf[96], a[32];

	judge_fmt_num(a, sizeof(a), t);
	snprintf(tolbuf, sizeof(tolbuf), "\u00b1%s%%", a);
	if (!ru_num(au_sum(j, "duty.multiplier", NULL), &m) ||
	    cycles(j, m, c) == 0) {
		au_emit(j, r, "align.cycle", NULL, NULL, NULL, false, 0, NULL,
		    tolbuf, V_INAPPLICABLE, "Needs the multiplier and iterations "
		    "that both s2r-dutycycle (a cycle) and s2r-kernel-match "
		    "(simulated kernel time) cover.", NULL, NULL);
		return;
	}
	table = au_table_new("Simulated cycle (kernel time x multiplier) "
	    "against the measured GPU cycle", cols, 5);
	for (size_t s = 0; s < 5; s++) {
		double rel;
		struct sbuf why = {0};
		enum jverdict_value v;
		const char *act;
		char p[32];

		if (c[s].n == 0 || c[s].cycle <= 0)
			continue;
		rel = (c[s].sim - c[s].cycle) / c[s].cycle * 100;
		au_table_row(table, 5, au_str(s == 4 ? "all" : names[s] + 12),
		    json_integer((json_int_t)c[s].n), json_real(c[s].sim / 1e6),
		    json_real(c[s].cycle / 1e6), au_pct(rel));
		judge_fmt_num(p, sizeof(p), rel);
		sbuf_printf(&why, "Over %zu iterations the simulated kernel time "
		    "times the multiplier is %s%% off the measured GPU cycle.",
		    c[s].n, p);
		if (fabs(rel) <= t + 1e-9) {
			v = V_PASS;
			act = NULL;
		} else if (s < 4) {
			v = V_WARN;
			act = ACT_STAGE;
		} else if (a1 == V_PASS) {
			v = V_FAIL;
			act = ACT_CYCLE;
			sbuf_adds(&why, " A1 passes, so the kernels are right: the "
			    "duty-cycle correction is the suspect.");
		} else {
			v = V_FAIL;
			act = "Fix the kernel-level finding (A1) first: the cycle "
			    "gap follows from the kernels.";
			sbuf_adds(&why, " A1 did not pass: the kernel-level gap "
			    "explains this one.");
		}
		/* The table, whole by then, goes with the overall verdict. */
		au_emit(j, r, names[s], NULL, NULL, NULL, true, rel, "%",
		    tolbuf, v, sbuf_str(&why), act, s == 4 ?
		    au_evidence(json_incref(table), au_sum(j,
		    "duty.multiplier", NULL)) : NULL);
		sbuf_free(&why);
	}
	json_decref(table);
}

void
rule_a2(struct judge *j, const struct rule *r, const struct jcell *c)
{
	if (!au_alignment_run(j))
		return;
	if (au_refused(j, r, "A2", "duty.multiplier", "the duty cycle"))
		return;
	if (au_sum(j, "duty.multiplier", NULL) == NULL) {
		au_missing(j, r, "duty.multiplier", "No s2r-dutycycle summary "
		    "records: the duty cycle needs the profiler trace "
		    "(pipelines/align.mk TRACE=).", "Capture a profiler trace of "
		    "the real run and give it as TRACE.");
		return;
	}
	a2_multiplier(j, r);
	a2_direction(j, r);
	a2_cycle(j, r);
}
