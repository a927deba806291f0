/* rules_workload.c - checks 1a-1h: does the real load match the spec?
 *
 * Expectations come from s2r-expect (the sim bundle's workload YAML),
 * measurements from s2r-trace-stats (the cell's trace_data.csv); the
 * metric names are those of docs/records.md.  This file judges the
 * aggregates; the arrivals (1a's rate, 1g) are in rules_wlarrive.c; the
 * run's size and span, clients, sessions, windows, the
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

const char wl_act_noise[] = "Too few requests to judge this: rerun "
    "the cell longer (more requests) before acting on the difference.";

static const char *
sub_value(const json_t *sub, const char *key)
{
	const char *v = rec_get_str(sub, key);

	return v != NULL ? v : "";
}

/* Per client, one verdict per client and side: four, so that a spec's
 * dozens of client means fail a correct run about as rarely as its one
 * run mean does at three (a Bonferroni bound for some 20 clients). */
#define CLIENT_NOISE_SE	4.0

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
	    note->len ? " " : "", whose, k == WL_NOISE_SE ? "three" : "four", num,
	    pp || unit ? " " : "", pp ? "pp" : unit ? unit : "");
	return V_WARN;
}

/* noise_check_k at WL_NOISE_SE standard errors. */
enum jverdict_value
wl_noise_check(const struct jcmp *cmp, double se, const char *whose,
    struct sbuf *note)
{
	return noise_check_k(cmp, se, WL_NOISE_SE, whose, note);
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
		    wl_act_noise);
	sbuf_free(&note);
}

void
noisy_band(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const struct jcmp *cmp, double se,
    const char *action)
{
	noisy_band_k(j, r, c, q, cmp, se, WL_NOISE_SE, action);
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

/* --- sub-scoped metrics (classes, prefix groups, clients) ------------ */

/* A class (adapter) the spec gives a share p that the trace has no row
 * of: over the cell's N rows chance alone leaves it out with probability
 * (1 - p)^N.  Below this, a generator that dropped it; above, a small
 * share in a short run, which no row cannot tell from chance. */
#define ABSENT_BY_CHANCE	0.001

/* True, with a WARN emitted, when the spec's share e of the class
 * (adapter) q->sub is small enough for the trace's rows to miss it by
 * chance. */
static bool
absent_by_chance(struct judge *j, const struct rule *r,
    const struct jcell *c, const struct jquery *q, const char *key,
    const json_t *e)
{
	double p, rows, chance;
	struct sbuf why = {0};

	if ((strcmp(key, "class") != 0 && strcmp(key, "adapter") != 0) ||
	    !ru_num(e, &p) || !(p > 0 && p < 1) || !ru_num(judge_measure(j,
	    c, "requests.count", NULL), &rows) || !(rows > 0) ||
	    (chance = pow(1 - p, rows)) < ABSENT_BY_CHANCE)
		return false;
	sbuf_printf(&why, "The spec gives %s \"%s\" a share of %.3g%% (", key,
	    sub_value(q->sub, key), p * 100);
	ru_where(&why, e);
	sbuf_printf(&why, "): %.2g of the trace's %.0f rows, and none is "
	    "in it, which chance alone gives %.2g%% of the time: too few "
	    "rows to tell a dropped %s from a small one.", p * rows, rows,
	    chance * 100, key);
	judge_emit(j, r, c, &(struct jverdict){ .metric = q->measure_metric,
	    .sub = q->sub, .expect = e, .verdict = V_WARN,
	    .why = sbuf_str(&why), .action = wl_act_noise });
	sbuf_free(&why);
	return true;
}

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
	} else if (absent_by_chance(j, r, c, q, key, e)) {
		return;
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
void
wl_each_sub(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *base, const char *key, wl_sub_fn *fn,
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
		wl_each_sub(j, r, c, &q, "adapter", adapter_band, ACT_ADAPTER,
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

	wl_each_sub(j, r, c, &q, "class", class_band, ACT_CLASS, true);
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
		    wl_act_noise);
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
	wl_each_sub(j, r, c, &ql, "prefix_group", prefix_length, ACT_PREFIX,
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

/* The median TTFT at least this share of the median time per output
 * token: a first token needs an engine step that ran the prompt (or its
 * uncached rest), which takes at least about one decode step, so a
 * first chunk far inside one token time was stamped before the engine
 * ran (at the response headers, which vLLM sends first), whatever the
 * model or load.  Clean runs sit at 3 to 200 times the token time. */
#define MIN_TTFT_PER_TPOT	0.25

static const char ACT_FIRST_EARLY[] = "The first chunks were stamped "
    "before any token could exist: check the load generator's stream "
    "reader (it must stamp the first SSE data line carrying a token, not "
    "the response headers) and rerun; TTFT from this trace is not the "
    "engine's.";

/* ttft_ms.p50 against tpot_ms.p50 of a cell whose requests streamed:
 * WARN when the first chunk came sooner than a fraction of one token's
 * time, as nothing but a misplaced stamp does that. */
static void
stream_first_early(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	const json_t *tt = judge_measure(j, c, "ttft_ms.p50", NULL);
	const json_t *tp = judge_measure(j, c, "tpot_ms.p50", NULL);
	struct sbuf why = {0};
	double f, ttft, tpot;
	enum jverdict_value v;
	json_t *es, *as;
	char band[32];

	if (!ru_num(judge_measure(j, c, "streaming.fraction", NULL), &f) ||
	    f < 0.5 || !ru_num(tt, &ttft) || !ru_num(tp, &tpot) ||
	    tpot <= 0 || ttft <= 0)
		return;
	v = ttft >= MIN_TTFT_PER_TPOT * tpot ? V_PASS : V_WARN;
	sbuf_printf(&why, "The median TTFT is %.3g ms (", ttft);
	ru_where(&why, tt);
	sbuf_printf(&why, "), %.3g times the median time per output token "
	    "%.3g ms (", ttft / tpot, tpot);
	ru_where(&why, tp);
	sbuf_adds(&why, v == V_PASS ? "): the first chunks came after an "
	    "engine step could have run the prompts." : "): the first chunks "
	    "came well inside one token's time, before any engine step could "
	    "have run the prompt, so the trace stamps them at something else "
	    "(the response headers): its TTFT is not the engine's.");
	es = ru_side(rec_num(MIN_TTFT_PER_TPOT), "ratio", NULL, "a first "
	    "token needs at least one engine step, about one token time");
	as = ru_side(rec_num(ttft / tpot), "ratio", tt, "ttft_ms.p50 / "
	    "tpot_ms.p50 of the trace's rows");
	snprintf(band, sizeof(band), "\u2265 %g", MIN_TTFT_PER_TPOT);
	ru_emit(j, r, c, "streaming.ttft_per_tpot", NULL, es, as, band, v,
	    sbuf_str(&why), v == V_PASS ? NULL : ACT_FIRST_EARLY);
	json_decref(es);
	json_decref(as);
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
	wl_rule_client_chunked(j, r, c);
	stream_granularity(j, r, c);
	stream_first_early(j, r, c);
	wl_rule_windows(j, r, c);
}

const struct rule rules_workload[] = {
	{ "1a", "Arrival rate (QPS)", true, wl_rule_rate },
	{ "1b", "SLO class distribution", true, rule_class },
	{ "1c", "Input token distribution", true, rule_input },
	{ "1d", "Output token distribution", true, rule_output },
	{ "1e", "Prefix tokens", true, rule_prefix },
	{ "1f", "Streaming", true, rule_streaming },
	{ "1g", "Burstiness (arrival pattern)", true, wl_rule_burst },
	{ "1h", "Measurement protocol", true, wl_rule_protocol },
	{ NULL, NULL, false, NULL }
};
