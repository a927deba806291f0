/* rules_workload.c - checks 1a-1h: does the real load match the spec?
 *
 * Expectations come from s2r-expect (the sim bundle's workload YAML),
 * measurements from s2r-trace-stats (the cell's trace_data.csv); the
 * metric names are those of docs/records.md.  This file judges the
 * aggregates; the run's size and span, clients, sessions, windows, the
 * measurement protocol and the prompts the server counted are in
 * rules_wlrun.c, rules_wlwin.c, rules_protocol.c and rules_wlprompt.c
 * (rules_wl.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "rules_wl.h"
#include "ruleutil.h"
#include "str.h"
#include "strtab.h"

#define FROM_SPEC(field) "s2r-expect, from the sim workload YAML (" field ")"
#define FROM_TRACE(field) "s2r-trace-stats, from the cell's trace_data.csv (" \
	field ")"

static const char ACT_RATE[] = "The load generator did not run the spec's "
    "rate: check the aggregate_rate, rate_fraction and lifecycle windows of "
    "the workload YAML blis observe was given, then rerun the cell.";
static const char ACT_CEILING[] = "Client-side ceiling: the load generator "
    "could not send as fast as it scheduled.  Raise blis observe "
    "--max-concurrency, give the client more CPU or run it closer to the "
    "gateway, then rerun; until then the cell ran below the spec's load.";
static const char ACT_CLASS[] = "The SLO class mix differs from the spec: "
    "check the clients' slo_class and rate_fraction in the workload YAML "
    "the load generator ran.";
static const char ACT_ADAPTER[] = "The LoRA adapter mix differs from the "
    "spec: check the clients' adapter and rate_fraction in the workload "
    "YAML the load generator ran, and that it sent each request with its "
    "adapter as the model (not the base model).";
static const char ACT_ADAPTER_COLUMN[] = "Record the run with a blis "
    "observe that writes the trace's adapter column (BLIS 0045b726, "
    "2026-07-23, or later) so that the adapter mix can be checked.";
static const char ACT_TOKENS[] = "The token lengths sent do not follow the "
    "spec's distribution: check that the load generator ran this workload "
    "YAML and seed (and that the sim side's sampler moments are right).";
static const char ACT_TOKENS_FAILED[] = "Requests failed in this cell "
    "(5d), and the output lengths are the successful ones only: when the "
    "server refused the longest requests (HTTP 400: prompt + max_tokens "
    "over its --max-model-len) the lengths fall short with no generator "
    "fault.  Read 5d's failures first; else check that the load generator "
    "ran this workload YAML and seed.";
static const char ACT_UNCONSTRAINED[] = "The measurement protocol runs "
    "blis observe with --unconstrained-output: the model stops at its end "
    "of sequence, so the outputs are its own lengths, at most the sampled "
    "ones, not the sampler's the simulation decoded.  Rerun without it "
    "(exact-length mode), or simulate with the run's output lengths.";
static const char ACT_SUPPORT[] = "Values outside the distribution's "
    "[min, max]: the load generator did not clamp like BLIS's sampler, or "
    "ran another spec.";
static const char ACT_PREFIX[] = "Shared-prefix traffic differs from the "
    "spec: check the clients' prefix_group and prefix_length.";
static const char ACT_STREAMING[] = "The streaming mix differs from the "
    "spec: check the clients' streaming flag in the workload YAML.";
static const char ACT_BURST[] = "Arrivals do not follow the client's "
    "arrival process: check arrival.process/cv in the workload YAML and "
    "that the generator schedules by arrival time (not by completions).";

static const char ACT_NOISE[] = "Too few requests to judge this: rerun "
    "the cell longer (more requests) before acting on the difference.";
static const char ACT_FEW_GAPS[] = "Judge burstiness on a longer run of this "
    "client.";
/* The noise a rate has (noise_check's whose). */
static const char RATE_CHANCE[] = "the chance of the clients' arrival "
    "processes at this run's size";

static const char *
sub_value(const json_t *sub, const char *key)
{
	const char *v = rec_get_str(sub, key);

	return v != NULL ? v : "";
}

/* Outside the tolerance but within NOISE_SE standard errors of sampling
 * noise (n rows): the run is too small to tell, which is a WARN, not a
 * FAIL.  Three, as for counts and client rates (rules_wlrun.c): at two, a
 * ±2 pp class share of 2400 poisson rows fails one correct run in ten. */
#define NOISE_SE	3.0
/* Per client, one verdict per client and side: four, so that a spec's
 * dozens of client means fail a correct run about as rarely as its one
 * run mean does at three (a Bonferroni bound for some 20 clients). */
#define CLIENT_NOISE_SE	4.0
/* A client's arrival CV inside its process's band but this many standard
 * errors of its gaps from the process's own CV: no chance spread (five:
 * a correct generator gets there about once in two million clients), so
 * the generator drew another process the band is too wide to see (one
 * Poisson stream dealt to the clients in turn, jittered pacing). */
#define CV_NOT_CHANCE_SE	5.0

/* Outside the tolerance: within k standard errors se of the noise that
 * whose names, a WARN with note's sentence; else a FAIL. */
static enum jverdict_value
noise_check_k(const struct jcmp *cmp, double se, double k, const char *whose,
    struct sbuf *note)
{
	const char *unit = rec_get_str(cmp->measure, "unit");
	bool pp = cmp->diff_unit != NULL && strcmp(cmp->diff_unit, "pp") == 0;
	char num[32];

	if (!(se > 0) || fabs(cmp->a - cmp->e) > k * se)
		return V_FAIL;
	judge_fmt_num(num, sizeof(num), k * se * (pp ? 100 : 1));
	sbuf_printf(note, "%sOutside the tolerance but within %s (%s "
	    "standard errors: %s%s%s): the difference may be chance.",
	    note->len ? " " : "", whose, k == NOISE_SE ? "three" : "four", num,
	    pp || unit ? " " : "", pp ? "pp" : unit ? unit : "");
	return V_WARN;
}

/* noise_check_k at NOISE_SE standard errors. */
static enum jverdict_value
noise_check(const struct jcmp *cmp, double se, const char *whose,
    struct sbuf *note)
{
	return noise_check_k(cmp, se, NOISE_SE, whose, note);
}

/* noisy_band with k standard errors. */
static void
noisy_band_k(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const struct jcmp *cmp, double se, double k,
    const char *action)
{
	struct sbuf note = {0};

	if (cmp->within)
		judge_emit_cmp(j, r, c, q, cmp, V_PASS, NULL, NULL);
	else if (noise_check_k(cmp, se, k, "the sampling noise of this run",
	    &note) == V_FAIL)
		judge_emit_cmp(j, r, c, q, cmp, V_FAIL, NULL, action);
	else
		judge_emit_cmp(j, r, c, q, cmp, V_WARN, sbuf_str(&note),
		    ACT_NOISE);
	sbuf_free(&note);
}

void
noisy_band(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const struct jcmp *cmp, double se,
    const char *action)
{
	noisy_band_k(j, r, c, q, cmp, se, NOISE_SE, action);
}

double
wl_noise_se(const json_t *e, double poisson_sd1, double n)
{
	double sd1 = poisson_sd1;

	rec_get_num(e, "sd1", &sd1);
	return n > 0 && sd1 > 0 ? sd1 / sqrt(n) : 0;
}

double
wl_share_se(const json_t *e, double share, double n)
{
	return wl_noise_se(e, share >= 0 && share <= 1 ?
	    sqrt(share * (1 - share)) : 0, n);
}

/* A fraction ±pp, with the share's noise (wl_share_se). */
static void
fraction_band(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, double t, const char *action)
{
	struct jcmp cmp;
	double n = 0;

	if (!judge_compare(j, r, c, q, DIFF_PP, t, &cmp))
		return;
	rec_get_num(cmp.measure, "n", &n);
	noisy_band(j, r, c, q, &cmp, wl_share_se(cmp.expect, cmp.e, n),
	    action);
}

/* --- 1a ------------------------------------------------------------- */

/* "25200 requests over 119.8 s" from requests.count and the rate. */
static void
rate_note(struct sbuf *note, const struct judge *j, const struct jcell *c,
    double rate)
{
	const json_t *n = judge_measure(j, c, "requests.count", NULL);
	const json_t *cap = judge_expect(j, c, "requests.count", NULL);
	double rows, want;
	char a[32], b[32];

	if (ru_num(n, &rows) && rate > 0) {
		judge_fmt_num(a, sizeof(a), rows);
		judge_fmt_num(b, sizeof(b), rows / rate);
		sbuf_printf(note, "%s requests over %s s.", a, b);
	}
	if (ru_num(n, &rows) && ru_num(cap, &want)) {
		judge_fmt_num(a, sizeof(a), want);
		sbuf_printf(note, "%sThe spec generates %s requests (from ",
		    note->len > 0 ? " " : "", a);
		judge_source_text(note, json_object_get(cap, "source"));
		sbuf_adds(note, "); warm-up requests are not in the trace.");
	}
}

/* The standard error of a measured rate: its relative noise is the
 * request count's when the horizon or a window ends generation, the
 * duration's when num_requests does (s2r-expect's sd of each, from the
 * clients' arrival CVs); 0 when neither has one. */
static double
rate_se(const struct judge *j, const struct jcell *c, double rate)
{
	static const char *const bounds[] = { "requests.count",
	    "run.duration_us" };
	double rel = 0, v, sd;

	for (size_t i = 0; i < 2; i++) {
		const json_t *e = judge_expect(j, c, bounds[i], NULL);

		if (ru_num(e, &v) && v > 0 && rec_get_num(e, "sd", &sd) &&
		    sd / v > rel)
			rel = sd / v;
	}
	return rel * fabs(rate);
}

static void
rule_rate(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery qi = { "qps.intended", "qps.intended", NULL,
	    FROM_SPEC("aggregate_rate"), FROM_TRACE("arrival_time_us") };
	struct jquery qa = { "qps.intended", "qps.actual", NULL,
	    FROM_SPEC("aggregate_rate"), FROM_TRACE("send_time_us") };
	struct sbuf note = {0};
	struct jcmp cmp;
	double intended, floor_rate, band = tol(j->tol, TOL_RATE_PCT);
	enum jverdict_value v;
	char pct[32], num[32];

	if (judge_compare(j, r, c, &qi, DIFF_PCT, band, &cmp)) {
		rate_note(&note, j, c, cmp.a);
		v = cmp.within ? V_PASS : noise_check(&cmp, rate_se(j, c,
		    cmp.e), RATE_CHANCE, &note);
		judge_emit_cmp(j, r, c, &qi, &cmp, v, note.len ?
		    sbuf_str(&note) : NULL, v == V_WARN ? ACT_NOISE : ACT_RATE);
	}
	if (!judge_compare(j, r, c, &qa, DIFF_PCT, band, &cmp)) {
		sbuf_free(&note);
		return;
	}
	sbuf_reset(&note);
	rate_note(&note, j, c, cmp.a);
	if (cmp.within) {
		judge_emit_cmp(j, r, c, &qa, &cmp, V_PASS, sbuf_str(&note), NULL);
	} else if (ru_num(judge_measure(j, c, "qps.intended", NULL),
	    &intended) && intended > 0 &&
	    cmp.a < (floor_rate = intended * (1 - tol(j->tol,
	    TOL_CEILING_PCT) / 100))) {
		judge_fmt_num(pct, sizeof(pct), (intended - cmp.a) / intended *
		    100);
		judge_fmt_num(num, sizeof(num), intended);
		sbuf_printf(&note, "%sThe requests were sent %s%% slower than "
		    "the generator scheduled them (%s req/s): a client-side "
		    "ceiling, not a spec mismatch.", note.len ? " " : "", pct,
		    num);
		judge_emit_cmp(j, r, c, &qa, &cmp, V_WARN, sbuf_str(&note),
		    ACT_CEILING);
	} else {
		v = noise_check(&cmp, rate_se(j, c, cmp.e), RATE_CHANCE,
		    &note);
		judge_emit_cmp(j, r, c, &qa, &cmp, v, sbuf_str(&note),
		    v == V_WARN ? ACT_NOISE : ACT_RATE);
	}
	sbuf_free(&note);
}

/* The spec a run's PipelineRun gave it against the sim bundle's
 * (s2r-expect --run: workload.conflict, the expectations that differ):
 * the run was told to generate another workload than the one simulated.
 * Only the seed: the same workload, drawn differently, WARN. */
static void
spec_conflict(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *e = judge_expect(j, c, "workload.conflict", NULL);
	const json_t *vals = json_object_get(e, "values"), *d;
	struct sbuf why = {0};
	bool seed_only;
	double n;
	size_t i;

	if (e == NULL || !ru_num(e, &n))
		return;
	seed_only = (size_t)n == json_array_size(vals);
	sbuf_printf(&why, "The PipelineRun gave the run a workload spec (");
	ru_where(&why, e);
	sbuf_printf(&why, ") whose expectations differ from the sim bundle's "
	    "in %.0f place%s:", n, n == 1 ? "" : "s");
	json_array_foreach(vals, i, d)
		if (strcmp(rec_get_str(d, "metric"), "workload.seed") != 0)
			seed_only = false;
	ru_differences(&why, vals, (size_t)n, "there");
	sbuf_adds(&why, seed_only ? "Only the seed: the same workload, drawn "
	    "otherwise; the trace is judged against the sim's spec." :
	    "The run was told to generate another workload than the one "
	    "simulated; the trace is judged against the sim's spec.");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "workload.conflict",
	    .expect = e, .tolerance = "exact", .verdict = seed_only ? V_WARN :
	    V_FAIL, .why = sbuf_str(&why), .action = "Rerun the cell with "
	    "the simulated spec (the PipelineRun's workloadSpec param), or "
	    "simulate the spec the run was given." });
	sbuf_free(&why);
}

static void
rule_run(struct judge *j, const struct rule *r, const struct jcell *c)
{
	rule_rate(j, r, c);
	wl_rule_run(j, r, c);
	spec_conflict(j, r, c);
}

/* --- sub-scoped metrics (classes, prefix groups, clients) ------------ */

typedef void sub_fn(struct judge *j, const struct rule *r,
    const struct jcell *c, const struct jquery *q);

/* A value present on one side only. */
static void
one_sided(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const char *key, const char *action)
{
	const json_t *e = judge_expect(j, c, q->expect_metric, q->sub);
	const json_t *m = judge_measure(j, c, q->measure_metric, q->sub);
	struct sbuf why = {0};
	double v;

	/* A whole side absent is missing data, not a difference. */
	if ((e == NULL && !judge_any(j, c, "expect", q->expect_metric)) ||
	    (m == NULL && !judge_any(j, c, "measure", q->measure_metric)) ||
	    (e != NULL && json_is_false(json_object_get(e, "comparable")))) {
		struct jcmp unused;

		judge_compare(j, r, c, q, DIFF_ABS, 0, &unused);
		return;
	}
	if (e != NULL && ru_num(e, &v) && v == 0) {
		sbuf_printf(&why, "The spec gives %s \"%s\" a zero share and the "
		    "trace has none of it.", key, sub_value(q->sub, key));
		judge_emit(j, r, c, &(struct jverdict){ .metric =
		    q->measure_metric, .sub = q->sub, .expect = e,
		    .verdict = V_PASS, .why = sbuf_str(&why) });
		sbuf_free(&why);
		return;
	}
	if (e == NULL && strcmp(key, "adapter") == 0 &&
	    *sub_value(q->sub, key) == '\0') {
		sbuf_adds(&why, "Requests to the base model (an empty adapter) "
		    "are in the trace (from ");
		judge_source_text(&why, json_object_get(m, "source"));
		sbuf_adds(&why, ") but every client of the spec names an "
		    "adapter.");
	} else if (e == NULL) {
		sbuf_printf(&why, "%s \"%s\" is in the trace (from ", key,
		    sub_value(q->sub, key));
		judge_source_text(&why, json_object_get(m, "source"));
		sbuf_adds(&why, ") but the spec has no such ");
		sbuf_printf(&why, "%s.", key);
	} else {
		sbuf_printf(&why, "The spec has %s \"%s\" (from ", key,
		    sub_value(q->sub, key));
		judge_source_text(&why, json_object_get(e, "source"));
		sbuf_printf(&why, ") but the trace has no %s of it.",
		    strcmp(key, "client") == 0 ? "inter-arrival measurement" :
		    "rows");
	}
	judge_emit(j, r, c, &(struct jverdict){ .metric = q->measure_metric,
	    .sub = q->sub, .expect = e, .measure = m, .verdict = V_FAIL,
	    .why = sbuf_str(&why), .action = action });
	sbuf_free(&why);
}

/* Runs fn for every sub-scope (by key) of q's metrics in c that has both
 * sides; one_sided() for the rest.  With no sub-scope at all on either
 * side the whole check is missing. */
static void
each_sub(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *base, const char *key, sub_fn *fn,
    const char *action, bool need_any)
{
	json_t *subs = judge_subscopes(j, c, base->expect_metric,
	    base->measure_metric, key);
	const json_t *all;
	json_t *sub;
	size_t i;

	/* One expectation for the whole cell, marked not comparable, stands
	 * for every sub-scope (e.g. a lifecycle-dependent class mix). */
	all = judge_expect(j, c, base->expect_metric, NULL);
	if (all != NULL && json_is_false(json_object_get(all, "comparable"))) {
		struct jcmp unused;

		judge_compare(j, r, c, base, DIFF_ABS, 0, &unused);
		goto out;
	}
	if (json_array_size(subs) == 0) {
		if (need_any)
			judge_missing(j, r, c, base, NULL, NULL);
		goto out;
	}
	json_array_foreach(subs, i, sub) {
		struct jquery q = *base;

		q.sub = sub;
		if (judge_expect(j, c, q.expect_metric, sub) != NULL &&
		    judge_measure(j, c, q.measure_metric, sub) != NULL)
			fn(j, r, c, &q);
		else
			one_sided(j, r, c, &q, key, action);
	}
out:
	json_decref(subs);
}

/* --- 1b ------------------------------------------------------------- */

static void
class_band(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q)
{
	fraction_band(j, r, c, q, tol(j->tol, TOL_CLASS_PP), ACT_CLASS);
}

static void
adapter_band(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q)
{
	fraction_band(j, r, c, q, tol(j->tol, TOL_CLASS_PP), ACT_ADAPTER);
}

/* The spec names adapters but the trace cannot say which each request
 * used (no adapter column: a trace older than the column): WARN, the
 * workload's defining mix is unchecked. */
static void
adapters_unrecorded(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct sbuf why = {0};
	struct ru_list l;

	ru_collect(j, c, "expect", "adapter.fraction", RU_ANY, false, &l);
	sbuf_printf(&why, "The spec splits its requests over %zu LoRA "
	    "adapters (with the base model's share, if any; from ", l.n);
	ru_where(&why, l.v[0]);
	sbuf_adds(&why, ") but the trace has no adapter column: which adapter "
	    "each request named cannot be told, so the adapter mix is not "
	    "checked.");
	ru_emit(j, r, c, "adapter.fraction", NULL, l.v[0], NULL, NULL, V_WARN,
	    sbuf_str(&why), ACT_ADAPTER_COLUMN);
	ru_list_free(&l);
	sbuf_free(&why);
}

/* Adapters in the trace of a spec that names none: the run served
 * adapters the simulation never modelled.  Rows of the base model only
 * (an empty adapter column) agree with such a spec. */
static void
adapters_unplanned(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct ru_list l;
	struct sbuf why = {0};

	ru_collect(j, c, "measure", "adapter.fraction", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *name = rec_scope_str(l.v[i], "adapter");
		json_t *sub;

		if (name == NULL || *name == '\0')
			continue;
		sbuf_reset(&why);
		sbuf_printf(&why, "Requests of the trace named LoRA adapter "
		    "\"%s\" (from ", name);
		ru_where(&why, l.v[i]);
		sbuf_adds(&why, ") but no client of the spec has an adapter: "
		    "the simulation modelled the base model only.");
		sub = rec_scope_new();
		rec_scope_set(sub, "adapter", name);
		ru_emit(j, r, c, "adapter.fraction", sub, NULL, l.v[i], NULL,
		    V_FAIL, sbuf_str(&why), ACT_ADAPTER);
		json_decref(sub);
	}
	ru_list_free(&l);
	sbuf_free(&why);
}

/* The LoRA adapter mix (adapter.fraction per adapter, "" the base
 * model), ±class_pp as the class mix; only where a side has one. */
static void
rule_adapters(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery q = { "adapter.fraction", "adapter.fraction", NULL,
	    FROM_SPEC("clients' adapter and rate_fraction"),
	    FROM_TRACE("adapter") };
	bool spec = judge_any(j, c, "expect", "adapter.fraction");
	bool trace = judge_any(j, c, "measure", "adapter.fraction");

	if (spec && !trace)
		adapters_unrecorded(j, r, c);
	else if (!spec && trace)
		adapters_unplanned(j, r, c);
	else if (spec)
		each_sub(j, r, c, &q, "adapter", adapter_band, ACT_ADAPTER,
		    false);
}

/* A label every request of a client carries (its slo_class, its LoRA
 * adapter): the spec's per client, the trace's rows per client and
 * label. */
struct labelkind {
	const char	*expect, *measure;	/* client.class, ...count */
	const char	*key, *col;		/* scope key, trace column */
	const char	*why, *action;		/* what a wrong label did */
};

static const struct labelkind LABEL_CLASS = { "client.class",
    "client.class.count", "class", "slo_class", "The load "
    "generator did not label each request with its client's class, so the "
    "clients ran at other priorities than the simulation's.", ACT_CLASS };
static const struct labelkind LABEL_ADAPTER = { "client.adapter",
    "client.adapter.count", "adapter", "adapter", "The load "
    "generator did not send each request to its client's LoRA adapter, so "
    "the adapters served other clients' prompts and lengths than in the "
    "simulation, whatever the adapter mix says.", ACT_ADAPTER };

/* The clients whose rows carry another label than theirs: per client
 * (interned id) its expectation, the rows of other labels and the first
 * such label. */
struct misclass {
	struct strtab	 ids;
	const json_t	**expect;
	double		*bad;
	const char	**other;
};

/* Interns the expectations' clients; false when there are none. */
static bool
misclass_init(struct misclass *mc, const struct ru_list *e)
{
	memset(mc, 0, sizeof(*mc));
	for (size_t i = 0; i < e->n; i++) {
		const char *id = rec_scope_str(e->v[i], "client");
		bool added;
		uint32_t k;

		if (id == NULL || rec_get_str(e->v[i], "value") == NULL)
			continue;
		k = strtab_intern_n(&mc->ids, id, strlen(id), &added);
		if (!added)
			continue;
		mc->expect = xreallocarray(mc->expect, mc->ids.cap,
		    sizeof(*mc->expect));
		mc->bad = xreallocarray(mc->bad, mc->ids.cap, sizeof(*mc->bad));
		mc->other = xreallocarray(mc->other, mc->ids.cap,
		    sizeof(*mc->other));
		mc->expect[k] = e->v[i];
		mc->bad[k] = 0;
		mc->other[k] = NULL;
	}
	return mc->ids.n > 0;
}

/* Adds the measures' rows whose label (scope key) is not their
 * client's; returns how many clients have such rows. */
static size_t
misclass_count(struct misclass *mc, const struct ru_list *m, double *total,
    const char *key)
{
	size_t nbad = 0;
	double k;

	for (size_t i = 0; i < m->n; i++) {
		const char *id = rec_scope_str(m->v[i], "client");
		const char *cls = rec_scope_str(m->v[i], key);
		long x = id != NULL ? strtab_find_n(&mc->ids, id, strlen(id)) :
		    -1;

		if (x < 0 || cls == NULL || !ru_num(m->v[i], &k) || k <= 0 ||
		    strcmp(cls, rec_get_str(mc->expect[x], "value")) == 0)
			continue;
		nbad += mc->bad[x] == 0;
		if (mc->bad[x] == 0)
			mc->other[x] = cls;
		mc->bad[x] += k;
		*total += k;
	}
	return nbad;
}

static void
misclass_free(struct misclass *mc)
{
	strtab_free(&mc->ids);
	free(mc->expect);
	free(mc->bad);
	free(mc->other);
}

/* The why of a client.class (client.adapter) FAIL: the first clients
 * (in the spec's order) with their rows of other labels; the first one's
 * expectation. */
static const json_t *
misclass_why(const struct misclass *mc, size_t nbad, const char *file,
    const struct labelkind *lk, struct sbuf *why)
{
	const json_t *first = NULL;
	size_t shown = 0;

	sbuf_printf(why, "Requests of the trace carry another %s than "
	    "their client's (%s, %s by client_id):", lk->col, file, lk->col);
	for (size_t x = 0; x < mc->ids.n && shown < 5; x++) {
		if (mc->bad[x] == 0)
			continue;
		if (first == NULL)
			first = mc->expect[x];
		sbuf_printf(why, "%s client \"%s\": %.0f rows not \"%s\" (such "
		    "as \"%s\"; ", shown++ ? ";" : "", mc->ids.s[x], mc->bad[x],
		    rec_get_str(mc->expect[x], "value"), mc->other[x]);
		ru_where(why, mc->expect[x]);
		sbuf_adds(why, ")");
	}
	if (nbad > 5)
		sbuf_printf(why, " and %zu more clients", nbad - 5);
	sbuf_printf(why, ". %s", lk->why);
	return first;
}

/* Every request carries its client's slo_class (client.class against
 * the trace's client.class.count), or its LoRA adapter (client.adapter,
 * client.adapter.count, with the trace's adapter column): exact, no
 * noise.  A generator that relabels requests (classes by row, not by
 * client; adapters shuffled over clients) can keep the shares and still
 * send each client's traffic at other priorities, or to other adapters. */
static void
client_labels(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct labelkind *lk)
{
	struct ru_list e, m;
	struct misclass mc;
	struct sbuf why = {0};
	const json_t *first;
	size_t nbad;
	double total = 0;
	json_t *es, *ms;
	char text[64];

	ru_collect(j, c, "expect", lk->expect, RU_ANY, false, &e);
	ru_collect(j, c, "measure", lk->measure, RU_ANY, false, &m);
	if (m.n > 0 && misclass_init(&mc, &e)) {
		nbad = misclass_count(&mc, &m, &total, lk->key);
		first = nbad > 0 ? misclass_why(&mc, nbad,
		    rec_get_str(json_object_get(m.v[0], "source"), "file"),
		    lk, &why) : mc.expect[0];
		if (nbad == 0)
			sbuf_printf(&why, "Every row carries its client's "
			    "%s (%zu clients of the spec).", lk->col, mc.ids.n);
		snprintf(text, sizeof(text), "each client's %s", lk->col);
		es = ru_side(json_string(text), NULL, first, NULL);
		snprintf(text, sizeof(text), "rows whose %s is not their "
		    "client's", lk->col);
		ms = ru_side(rec_num(total), "count", m.v[0], text);
		json_object_del(ms, "n");	/* the first client's rows */
		judge_emit(j, r, c, &(struct jverdict){ .metric =
		    lk->expect, .expect = es, .measure = ms,
		    .tolerance = "exact", .verdict = nbad ? V_FAIL : V_PASS,
		    .why = sbuf_str(&why), .action = lk->action });
		json_decref(es);
		json_decref(ms);
		misclass_free(&mc);
	}
	ru_list_free(&e);
	ru_list_free(&m);
	sbuf_free(&why);
}

static void
rule_class(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery q = { "class.fraction", "class.fraction", NULL,
	    FROM_SPEC("clients' slo_class and rate_fraction"),
	    FROM_TRACE("slo_class") };

	each_sub(j, r, c, &q, "class", class_band, ACT_CLASS, true);
	rule_adapters(j, r, c);
	client_labels(j, r, c, &LABEL_CLASS);
	client_labels(j, r, c, &LABEL_ADAPTER);
	wl_rule_windows(j, r, c);
}

/* --- 1c / 1d -------------------------------------------------------- */

/* min/max are evidence: WARN only when the trace leaves the support. */
static void
support(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, bool is_min)
{
	struct jcmp cmp;
	bool inside;

	if (!judge_compare(j, r, c, q, DIFF_ABS, 0, &cmp))
		return;
	inside = is_min ? cmp.a >= cmp.e : cmp.a <= cmp.e;
	snprintf(cmp.tolerance, sizeof(cmp.tolerance), "%s",
	    is_min ? "actual >= min" : "actual <= max");
	judge_emit_cmp(j, r, c, q, &cmp, inside ? V_PASS : V_WARN,
	    inside ? "Inside the distribution's support." :
	    "Outside the distribution's support.", ACT_SUPPORT);
}

/* The mean with noise sd/sqrt(n), sd the sampler's exact stdev (or the
 * expectation's sd1). */
static void
token_mean(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const char *side, const char *action)
{
	struct jcmp cmp;
	const json_t *es;
	struct sbuf note = {0};
	char metric[64];
	double sd = 0, n = 0;

	if (!judge_compare(j, r, c, q, DIFF_PCT, tol(j->tol,
	    TOL_TOKENS_MEAN_PCT), &cmp))
		return;
	snprintf(metric, sizeof(metric), "%s_tokens.stdev", side);
	es = judge_expect(j, c, metric, NULL);
	rec_get_num(cmp.measure, "n", &n);
	/* No finite variance (a heavy tail): the sample mean has no bound
	 * on its chance, so a difference cannot be told from it. */
	if (!cmp.within && es != NULL && rec_get_str(es, "why") != NULL &&
	    json_object_get(cmp.expect, "sd1") == NULL) {
		sbuf_printf(&note, "Outside the tolerance, but the spec's lengths "
		    "have no finite variance (%s): a mean of %.0f rows can miss "
		    "by this much by chance.", rec_get_str(es, "why"), n);
		judge_emit_cmp(j, r, c, q, &cmp, V_WARN, sbuf_str(&note),
		    ACT_NOISE);
		sbuf_free(&note);
		return;
	}
	ru_num(es, &sd);
	noisy_band(j, r, c, q, &cmp, wl_noise_se(cmp.expect, sd, n), action);
}

/* The stdev with the noise the sample itself shows (the measure's se,
 * s2r-trace-stats: from its fourth central moment); none without it. */
static void
token_stdev(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const char *action)
{
	struct jcmp cmp;
	double se = 0;

	if (!judge_compare(j, r, c, q, DIFF_PCT, tol(j->tol,
	    TOL_TOKENS_STDEV_PCT), &cmp))
		return;
	rec_get_num(cmp.measure, "se", &se);
	noisy_band(j, r, c, q, &cmp, se, action);
}

/* The expectation saying the protocol lets the model stop at its end of
 * sequence (blis observe --unconstrained-output drops min_tokens), or
 * NULL: then the outputs are the sampled lengths (docs/formats.md). */
static const json_t *
unconstrained_output(const struct judge *j, const struct jcell *c)
{
	const json_t *e = judge_expect(j, c, "observe.unconstrained_output",
	    NULL);
	const char *args;

	if (e != NULL && !json_is_false(json_object_get(e, "value")))
		return e;
	e = judge_expect(j, c, "measurement.extra_args", NULL);
	args = e != NULL ? rec_get_str(e, "value") : NULL;
	return args != NULL && strstr(args, "--unconstrained-output") != NULL ?
	    e : NULL;
}

static void
tokens(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *side, const char *action)
{
	static const char *const stats[] = { "mean", "stdev", "min", "max" };
	char metric[64], spec[128], trace[128];

	snprintf(spec, sizeof(spec), FROM_SPEC("%s_distribution"),
	    strcmp(side, "input") == 0 ? "input" : "output");
	snprintf(trace, sizeof(trace), FROM_TRACE("%s_tokens"), side);
	for (size_t i = 0; i < 4; i++) {
		struct jquery q = { metric, metric, NULL, spec, trace };

		snprintf(metric, sizeof(metric), "%s_tokens.%s", side,
		    stats[i]);
		if (i == 0)
			token_mean(j, r, c, &q, side, action);
		else if (i == 1)
			token_stdev(j, r, c, &q, action);
		else
			support(j, r, c, &q, i == 2);
	}
}

/* Each client's mean length against its own sampler, within
 * workload.client_tokens_mean_pct (a client's few rows are noisier than
 * the run's), WARN within CLIENT_NOISE_SE standard errors (sd1/sqrt(n) of
 * its rows): only clients with both sides, the clients themselves being
 * 1a's. */
static void
client_token_means(struct judge *j, const struct rule *r,
    const struct jcell *c, const char *side, const char *action)
{
	char metric[64], spec[128], trace[128];
	struct jquery q = { metric, metric, NULL, spec, trace };
	json_t *subs, *sub;
	size_t i;

	snprintf(metric, sizeof(metric), "client.%s_tokens.mean", side);
	snprintf(spec, sizeof(spec), FROM_SPEC("the client's "
	    "%s_distribution"), side);
	snprintf(trace, sizeof(trace), FROM_TRACE("%s_tokens per client_id"),
	    side);
	subs = judge_subscopes(j, c, metric, metric, "client");
	json_array_foreach(subs, i, sub) {
		struct jcmp cmp;
		double n = 0;

		q.sub = sub;
		if (judge_expect(j, c, metric, sub) == NULL ||
		    judge_measure(j, c, metric, sub) == NULL ||
		    !judge_compare(j, r, c, &q, DIFF_PCT, tol(j->tol,
		    TOL_CLIENT_MEAN_PCT), &cmp))
			continue;
		rec_get_num(cmp.measure, "n", &n);
		noisy_band_k(j, r, c, &q, &cmp, wl_noise_se(cmp.expect, 0, n),
		    CLIENT_NOISE_SE, action);
	}
	json_decref(subs);
}

static void
rule_input(struct judge *j, const struct rule *r, const struct jcell *c)
{
	tokens(j, r, c, "input", ACT_TOKENS);
	client_token_means(j, r, c, "input", ACT_TOKENS);
	wl_rule_shapes(j, r, c, "input", ACT_TOKENS, false, false);
	wl_rule_server_tokens(j, r, c);
	wl_rule_windows(j, r, c);
	wl_rule_growth(j, r, c);
}

/* The share of cell c's rows that did not succeed (5d's success.fraction
 * per class, weighted by its rows); 0 without them. */
static double
failed_share(const struct judge *j, const struct jcell *c)
{
	json_t *subs = judge_subscopes(j, c, "success.fraction",
	    "success.fraction", "class"), *sub;
	double failed = 0, rows = 0;
	size_t i;

	json_array_foreach(subs, i, sub) {
		const json_t *m = judge_measure(j, c, "success.fraction", sub);
		double ok, n = 0;

		if (ru_num(m, &ok) && rec_get_num(m, "n", &n) && isfinite(ok)) {
			failed += (1 - ok) * n;
			rows += n;
		}
	}
	json_decref(subs);
	return rows > 0 ? failed / rows : 0;
}

static void
rule_output(struct judge *j, const struct rule *r, const struct jcell *c)
{
	/* Beyond 1 % of the requests failing, a short output mean may be the
	 * server refusing the longest (5d), not the generator. */
	const char *action = unconstrained_output(j, c) ? ACT_UNCONSTRAINED :
	    failed_share(j, c) > 0.01 ? ACT_TOKENS_FAILED : ACT_TOKENS;

	tokens(j, r, c, "output", action);
	client_token_means(j, r, c, "output", action);
	wl_rule_shapes(j, r, c, "output", action, unconstrained_output(j, c) !=
	    NULL, failed_share(j, c) > 0.01);
	wl_rule_stopped(j, r, c, unconstrained_output(j, c));
	wl_rule_windows(j, r, c);
}

/* --- 1e ------------------------------------------------------------- */

static void
prefix_length(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q)
{
	judge_band(j, r, c, q, DIFF_ABS, tol(j->tol, TOL_PREFIX_LEN_ABS),
	    ACT_PREFIX);
}

static void
rule_prefix(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery qf = { "prefix.fraction", "prefix.fraction", NULL,
	    FROM_SPEC("clients' prefix_group"), FROM_TRACE("prefix_length") };
	struct jquery ql = { "prefix_length.mean", "prefix_length.mean", NULL,
	    FROM_SPEC("prefix_length per prefix_group"),
	    FROM_TRACE("prefix_length per prefix_group") };
	struct jcmp cmp;

	if (judge_compare(j, r, c, &qf, DIFF_PP, tol(j->tol, TOL_PREFIX_PP),
	    &cmp)) {
		if (cmp.e == 0 && cmp.a == 0)
			judge_emit_cmp(j, r, c, &qf, &cmp, V_PASS, "No client "
			    "has a prefix_group and every prefix_length in the "
			    "trace is 0.", NULL);
		else if (cmp.e == 0)
			judge_emit_cmp(j, r, c, &qf, &cmp, V_FAIL, "The spec "
			    "has no shared prefix but the trace has prefix "
			    "tokens.", ACT_PREFIX);
		else {
			double n = 0;

			rec_get_num(cmp.measure, "n", &n);
			noisy_band(j, r, c, &qf, &cmp, wl_share_se(cmp.expect,
			    cmp.e, n), ACT_PREFIX);
		}
	}
	/* Per group: the configured length is exact on both sides. */
	each_sub(j, r, c, &ql, "prefix_group", prefix_length, ACT_PREFIX,
	    false);
	wl_rule_prefix_counted(j, r, c);
	wl_rule_windows(j, r, c);
}

/* --- 1f ------------------------------------------------------------- */

/* More tokens a chunk than this is a coalesced stream: vLLM sends one
 * event a token and one to finish (about 1 a chunk); two leaves room for
 * a server that batches a step's tokens now and then. */
#define MAX_TOKENS_PER_CHUNK	2.0

static const char ACT_COALESCED[] = "The streamed answers came in a few "
    "large chunks: check for a proxy buffering the stream between the load "
    "generator and the gateway (nginx proxy_buffering, a service mesh) "
    "and the server's --stream-interval or speculative decoding; the "
    "first chunk then comes several tokens late, so TTFT and ITL measure "
    "the stream's chunking as well as the model.";

/* streaming.tokens_per_chunk against one a chunk: a WARN, not a FAIL,
 * since a server stream interval above 1 or speculative decoding chunks
 * the stream too, by configuration. */
static void
stream_granularity(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	const json_t *m = judge_measure(j, c, "streaming.tokens_per_chunk",
	    NULL);
	struct sbuf why = {0};
	double a, n = 0;
	enum jverdict_value v;
	json_t *side;
	char band[32];

	if (!ru_num(m, &a))
		return;
	rec_get_num(m, "n", &n);
	v = a <= MAX_TOKENS_PER_CHUNK ? V_PASS : V_WARN;
	sbuf_printf(&why, "The %.0f successful streamed answers that came in "
	    "chunks carried ", n);
	ru_num_text(&why, a);
	sbuf_adds(&why, " output tokens a chunk (");
	ru_where(&why, m);
	sbuf_adds(&why, ")");
	sbuf_adds(&why, v == V_PASS ? ": one event a token, as vLLM streams." :
	    ": the stream was coalesced (a proxy buffering writes, or the "
	    "server's stream interval), so each answer's first chunk came "
	    "several token times after its first token.");
	side = ru_side(rec_num(1), "tokens", NULL, "vLLM streams one event a "
	    "token (and one to finish)");
	snprintf(band, sizeof(band), "\u2264 %g", MAX_TOKENS_PER_CHUNK);
	ru_emit(j, r, c, "streaming.tokens_per_chunk", NULL, side, m, band, v,
	    sbuf_str(&why), v == V_PASS ? NULL : ACT_COALESCED);
	json_decref(side);
	sbuf_free(&why);
}

static void
rule_streaming(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery q = { "streaming.fraction", "streaming.fraction", NULL,
	    FROM_SPEC("clients' streaming"), FROM_TRACE("streaming") };
	const json_t *forced;
	double f;
	struct sbuf why = {0};

	/* --record-itl or --no-streaming overrides the clients' flags. */
	if ((forced = wl_protocol_streaming(j, c, &f)) != NULL) {
		sbuf_printf(&why, "The measurement protocol (");
		ru_where(&why, forced);
		sbuf_printf(&why, ") %s, whatever the clients' streaming flags "
		    "say: streaming is judged against it under 1h.", f > 0 ?
		    "streams every request" : "streams no request");
		ru_emit(j, r, c, "streaming.fraction", NULL, judge_expect(j, c,
		    "streaming.fraction", NULL), judge_measure(j, c,
		    "streaming.fraction", NULL), NULL, V_INAPPLICABLE,
		    sbuf_str(&why), NULL);
		sbuf_free(&why);
	} else
		fraction_band(j, r, c, &q, tol(j->tol, TOL_STREAMING_PP),
		    ACT_STREAMING);
	wl_rule_chunked(j, r, c);
	stream_granularity(j, r, c);
	wl_rule_windows(j, r, c);
}

/* --- 1g ------------------------------------------------------------- */

/* The verdict *v of the CV cmp->a against the band of its arrival
 * process.  False when there is nothing more to say: the shaped
 * comparison could not be made, or the process has no burstiness rule
 * (then judged inapplicable here). */
static bool
cv_band(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const char *process, struct jcmp *cmp,
    struct sbuf *note, enum jverdict_value *v)
{
	double lo, hi;
	char a[32], b[32];

	if (strcmp(process, "poisson") == 0) {
		lo = tol(j->tol, TOL_POISSON_CV_MIN);
		hi = tol(j->tol, TOL_POISSON_CV_MAX);
		judge_fmt_num(a, sizeof(a), lo);
		judge_fmt_num(b, sizeof(b), hi);
		snprintf(cmp->tolerance, sizeof(cmp->tolerance), "%s-%s", a, b);
		*v = cmp->a >= lo && cmp->a <= hi ? V_PASS : V_FAIL;
		return true;
	}
	if (strcmp(process, "constant") == 0) {
		hi = tol(j->tol, TOL_CONSTANT_CV_MAX);
		judge_fmt_num(a, sizeof(a), hi);
		snprintf(cmp->tolerance, sizeof(cmp->tolerance), "< %s", a);
		*v = cmp->a < hi ? V_PASS : V_FAIL;
		return true;
	}
	if (strcmp(process, "gamma") == 0 || strcmp(process, "weibull") == 0) {
		if (!judge_compare(j, r, c, q, DIFF_PCT, tol(j->tol,
		    TOL_SHAPED_CV_PCT), cmp))
			return false;
		*v = cmp->within ? V_PASS : V_FAIL;
		return true;
	}
	sbuf_printf(note, " There is no burstiness rule for this process.");
	judge_emit_cmp(j, r, c, q, cmp, V_INAPPLICABLE, sbuf_str(note), NULL);
	return false;
}

/* Emits the band's verdict v over n inter-arrivals, made a WARN where
 * the CV's standard error says more than the band: a PASS too many
 * errors from the process's own CV, a FAIL within chance, or too few
 * gaps to tell. */
static void
cv_emit(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, struct jcmp *cmp, struct sbuf *note,
    enum jverdict_value v, double n)
{
	double se;
	char a[32], b[32];

	/* The expectation's sd1: a measured CV's noise per gap. */
	se = wl_noise_se(cmp->expect, 0, n);
	if (v == V_PASS && se > 0 && n >= tol(j->tol, TOL_IAT_MIN_SAMPLES) &&
	    fabs(cmp->a - cmp->e) > CV_NOT_CHANCE_SE * se) {
		judge_fmt_num(a, sizeof(a), fabs(cmp->a - cmp->e) / se);
		judge_fmt_num(b, sizeof(b), n);
		sbuf_printf(note, " Inside the band, but %s standard errors "
		    "of the CV over %s inter-arrivals from the process's own: "
		    "no chance spread of it; the generator drew another "
		    "process (one stream dealt to the clients in turn, "
		    "jittered pacing) that the band is too wide to see.", a,
		    b);
		judge_emit_cmp(j, r, c, q, cmp, V_WARN, sbuf_str(note),
		    ACT_BURST);
		return;
	}
	if (v == V_FAIL && fabs(cmp->a - cmp->e) <= NOISE_SE * se) {
		judge_fmt_num(a, sizeof(a), se);
		judge_fmt_num(b, sizeof(b), n);
		sbuf_printf(note, " Outside the tolerance but within three "
		    "standard errors of the CV's chance over %s inter-arrivals "
		    "(one is %s): too few to tell.", b, a);
		judge_emit_cmp(j, r, c, q, cmp, V_WARN, sbuf_str(note),
		    ACT_FEW_GAPS);
		return;
	}
	if (n > 0 && n < tol(j->tol, TOL_IAT_MIN_SAMPLES)) {
		judge_fmt_num(a, sizeof(a), n);
		sbuf_printf(note, " Only %s inter-arrivals: too few for the CV "
		    "to say anything (it would have been %s).", a,
		    judge_verdict_names[v]);
		judge_emit_cmp(j, r, c, q, cmp, V_WARN, sbuf_str(note),
		    ACT_FEW_GAPS);
		return;
	}
	judge_emit_cmp(j, r, c, q, cmp, v, sbuf_str(note), ACT_BURST);
}

static void
client_cv(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q)
{
	const char *process;
	struct jcmp cmp;
	struct sbuf note = {0};
	double n = 0;
	enum jverdict_value v;

	if (!judge_compare(j, r, c, q, DIFF_ABS, 0, &cmp))
		return;
	process = rec_get_str(cmp.expect, "process");
	if (process == NULL)
		process = "";
	rec_get_num(cmp.measure, "n", &n);
	sbuf_printf(&note, "Arrival process %s.", *process ? process :
	    "(not given)");
	if (strcmp(q->measure_metric, "iat.cv_send") == 0)
		sbuf_adds(&note, " Judged on the send times (send_time_us): "
		    "the arrivals the servers saw, which a generator that "
		    "batches its sends bunches however well it scheduled "
		    "them.");
	if (cv_band(j, r, c, q, process, &cmp, &note, &v))
		cv_emit(j, r, c, q, &cmp, &note, v, n);
	sbuf_free(&note);
}

static void
rule_burst(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery q = { "iat.cv", "iat.cv", NULL,
	    FROM_SPEC("the client's arrival.process and cv"),
	    FROM_TRACE("arrival_time_us per client_id") };
	const json_t *merged = judge_measure(j, c, "iat.cv_merged", NULL);
	struct sbuf why = {0};
	double cv;
	char a[32];
	struct jquery qs = { "iat.cv", "iat.cv_send", NULL,
	    FROM_SPEC("the client's arrival.process and cv"),
	    FROM_TRACE("send_time_us per client_id") };

	each_sub(j, r, c, &q, "client", client_cv, ACT_BURST, true);
	/* real traces only: a sim trace sends at its arrival times */
	if (judge_any(j, c, "measure", "iat.cv_send"))
		each_sub(j, r, c, &qs, "client", client_cv, ACT_BURST, false);
	wl_rule_think(j, r, c);
	if (merged == NULL)
		return;
	/* Evidence only: independent clients merged need not look like any
	 * single process, so this is never PASS or FAIL. */
	sbuf_adds(&why, "Informational only: the merged arrival stream of all "
	    "clients has CV ");
	if (ru_num(merged, &cv)) {
		judge_fmt_num(a, sizeof(a), cv);
		sbuf_adds(&why, a);
	} else
		sbuf_adds(&why, "n/a");
	sbuf_adds(&why, " (from ");
	judge_source_text(&why, json_object_get(merged, "source"));
	sbuf_adds(&why, "); burstiness is judged per client.");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "iat.cv_merged",
	    .measure = merged, .verdict = V_INAPPLICABLE,
	    .why = sbuf_str(&why) });
	sbuf_free(&why);
}

const struct rule rules_workload[] = {
	{ "1a", "Arrival rate (QPS)", true, rule_run },
	{ "1b", "SLO class distribution", true, rule_class },
	{ "1c", "Input token distribution", true, rule_input },
	{ "1d", "Output token distribution", true, rule_output },
	{ "1e", "Prefix tokens", true, rule_prefix },
	{ "1f", "Streaming", true, rule_streaming },
	{ "1g", "Burstiness (arrival pattern)", true, rule_burst },
	{ "1h", "Measurement protocol", true, wl_rule_protocol },
	{ NULL, NULL, false, NULL }
};
