/* rules_saturation.c - checks 3c-3d (signal parity, from code): do the
 * router, the sim algorithm and the generated plugin compute saturation
 * the same way (terms, aggregation, empty pool, stale metrics,
 * thresholds), and do the sim's snapshots age like the router's metrics?
 *
 * Like 3a-3b (rules_signal.c), verdicts come from the proof records of
 * s2r-grep-proof (lib/proofutil.h) and the sim's BLIS flags and config.md
 * rows (s2r-expect, s2r-config), once per bundle; without the router's
 * source the router side is INAPPLICABLE. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "judge.h"
#include "proofutil.h"
#include "rules_sigflow.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_snaparm.h"
#include "satgen.h"
#include "satside.h"
#include "str.h"

/* --- 3c ------------------------------------------------------------ */

/* The generated plugin has code but no saturation function, while the
 * sim computes one: what it has instead. */
static bool
generated_missing(const struct judge *j, const struct formula f[NSIDES],
    const struct pu_avail *av, struct sbuf *why)
{
	struct ru_list l;

	if (!av->generated || f[SIDE_GEN].p != NULL || f[SIDE_SIM].p == NULL)
		return false;
	satside_decisions(j, "generated", &l);
	sbuf_printf(why, " The generated plugin has no function that computes "
	    "a saturation (ratio terms over thresholds, their max, a mean over "
	    "endpoints; claim 3c.generated-decisions): %zu of its functions "
	    "read endpoint metrics or the priority", l.n);
	for (size_t i = 0; i < l.n; i++) {
		sbuf_adds(why, i ? ", " : " (");
		sbuf_adds(why, satside_name(l.v[i]));
		if (i + 1 == l.n)
			sbuf_adds(why, ")");
	}
	sbuf_adds(why, ", so the sim's saturation cannot be found in the "
	    "real plugin.");
	ru_list_free(&l);
	return true;
}

/* A cap on the decision functions read is said: a saturation function
 * past it was not looked at. */
static void
decisions_capped(const struct judge *j, struct sbuf *why)
{
	static const char *const claims[][2] = {
		{ "3c.sim-decisions", "sim" },
		{ "3c.generated-decisions", "generated" },
	};
	long shown;

	for (size_t i = 0; i < 2; i++)
		if (pu_claim_hits(j, claims[i][0], claims[i][1], &shown) >
		    shown) {
			sbuf_printf(why, " Not every %s function that reads the "
			    "signals was read", claims[i][1]);
			pu_cap_text(why, j, claims[i][0], claims[i][1]);
			sbuf_adds(why, ".");
		}
}

/* Side by side: each function's terms; mismatch when two recognised
 * ones differ, review lists the unrecognised ones. */
static void
formula_sides(struct pu_out *o, const struct formula f[NSIDES],
    bool *mismatch, struct sbuf *review)
{
	const struct formula *ref = NULL;
	bool any = false;

	for (size_t i = 0; i < NSIDES; i++) {
		if (f[i].p == NULL)
			continue;
		sbuf_adds(&o->why, any ? "; " : "Side by side: ");
		satside_describe(&o->why, &f[i]);
		any = true;
		if (!satside_recognised(&f[i])) {
			sbuf_printf(review, "%s", review->len ? ", " : "");
			pu_where(review, f[i].p, 0);
		} else if (f[i].one)
			*mismatch = true;
		else if (ref == NULL)
			ref = &f[i];
		else if (ref->queue != f[i].queue || ref->kv != f[i].kv ||
		    ref->pmax != f[i].pmax ||
		    (ref->queue && ref->kv && (ref->max != f[i].max ||
		    ref->sum != f[i].sum)))
			*mismatch = true;
	}
	sbuf_adds(&o->why, ".");
}

static json_t *
signature_side(const json_t *p)
{
	return pu_proof_side(p, 0, json_string(rec_get_str(
	    json_object_get(p, "facts"), "signature")));
}

static void
sat_formula(struct judge *j, const struct rule *r, const struct pu_avail *av)
{
	struct formula f[NSIDES];
	struct sbuf review = {0};
	bool mismatch = false, missing;
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "saturation.formula");
	satside_formulas(j, f, &o);
	if (f[SIDE_SIM].p != NULL)
		o.expect = signature_side(f[SIDE_SIM].p);
	if (f[SIDE_GEN].p != NULL)
		o.actual = signature_side(f[SIDE_GEN].p);
	if (f[SIDE_ROUTER].p == NULL && f[SIDE_SIM].p == NULL &&
	    f[SIDE_GEN].p == NULL) {
		sbuf_adds(&o.why, "No saturation function was found: ");
		sbuf_adds(&o.why, av->router ? "not in the router" :
		    PU_NO_CODEBASE);
		sbuf_adds(&o.why, "; no sim algorithm or generated plugin "
		    "computes one.");
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return;
	}
	formula_sides(&o, f, &mismatch, &review);
	missing = generated_missing(j, f, av, &o.why);
	decisions_capped(j, &o.why);
	if (mismatch)
		sbuf_adds(&o.why, " The per-endpoint terms or their "
		    "aggregation over endpoints differ: the sides "
		    "do not compute the same saturation (a side that reads one "
		    "endpoint's metrics for every endpoint averages that "
		    "endpoint's load, not the pool's).");
	if (review.len > 0)
		sbuf_printf(&o.why, " Review by hand (the ratio terms or the "
		    "mean over endpoints are not in the function body, e.g. "
		    "in a helper): %s.", sbuf_str(&review));
	if (f[SIDE_ROUTER].p == NULL)
		sbuf_printf(&o.why, " Router side: %s.", av->router ?
		    "no saturation detector found (claim 3c.router-saturation)"
		    : PU_NO_CODEBASE);
	v = mismatch ? V_FAIL : missing ? V_MISSING : review.len > 0 ?
	    V_WARN : f[SIDE_ROUTER].p == NULL ? V_INAPPLICABLE : V_PASS;
	if (v == V_PASS && satside_present(f, av, &o.why) < 2)
		v = V_INAPPLICABLE;
	if (v == V_PASS)
		sbuf_adds(&o.why, " The terms and the aggregation agree; "
		    "thresholds, empty pool and stale metrics are judged "
		    "below.");
	pu_out_emit(j, r, &o, v, mismatch ? "Make the generated plugin compute "
	    "the sim algorithm's saturation (same terms, same aggregation) "
	    "and rerun." : PU_ACT_REVIEW);
	sbuf_free(&review);
}

/* One saturation threshold (queue depth or KV utilization) on each
 * side: the sim's, the router's default and the deployed plugins'. */
struct threshold {
	const char	*metric;	/* of the verdicts */
	const char	*param;		/* plugin parameter suffix */
	const char	*what;
	const char	*dname;		/* router default constant */
	json_t		*sside;		/* the sim's side or NULL */
	double		 sv;
	bool		 have_default;
	double		 dv;
	const json_t	*dp;		/* the default's proof */
	long		 dline;
	struct satgen	 g;		/* the generated plugin's divisor */
};

/* The sim's threshold: BLIS flag, config.md threshold row, else the
 * literal divisor in the sim formula. */
static json_t *
sim_threshold(const struct judge *j, const char *flag, const char *row,
    const struct formula *sim, bool queue, double *val)
{
	const json_t *e = pu_bundle_find(j, "expect", flag, NULL, NULL);
	const struct pu_hit *h = queue ? &sim->qline : &sim->kvline;

	if (e == NULL)
		e = pu_bundle_find(j, "expect", row, NULL, NULL);
	if (e != NULL && ru_num(e, val))
		return pu_rec_side(e);
	if (sim->p == NULL || !(queue ? sim->queue : sim->kv) ||
	    !satgen_literal(h, val))
		return NULL;
	return pu_hit_side(h);
}

static void
threshold_init(const struct judge *j, bool queue, struct threshold *t)
{
	struct formula f[NSIDES];

	memset(t, 0, sizeof(*t));
	t->metric = queue ? "saturation.queue_depth_threshold" :
	    "saturation.kv_cache_util_threshold";
	t->param = queue ? ".queueDepthThreshold" : ".kvCacheUtilThreshold";
	t->what = queue ? "queue-depth threshold" : "KV threshold";
	t->dname = queue ? "DefaultQueueDepthThreshold" :
	    "DefaultKVCacheUtilThreshold";
	satside_formulas(j, f, NULL);
	t->sside = sim_threshold(j, queue ? "sim.queue_depth_threshold" :
	    "sim.kv_cache_util_threshold", queue ?
	    "admission.queue_depth_threshold" :
	    "admission.kv_cache_util_threshold", &f[SIDE_SIM], queue, &t->sv);
	t->dp = pu_router_default(j, PU_ANY, t->dname, &t->dv, &t->dline);
	t->have_default = t->dp != NULL;
	satgen_read(j, &f[SIDE_GEN], queue, &t->g);
}

/* The threshold the generated plugin applies when the EPP config gives
 * key = rv (key NULL: the config gives none): false when it cannot be
 * told (a default s2r did not find).  Says why in why. */
/* The deployed parameter of the same plugin and phase as m whose key's
 * last part is tag (case-insensitively, as json.Unmarshal matches):
 * the value a field with that JSON key gets.  NULL when none. */
static const json_t *
sibling_param(const struct judge *j, const json_t *m, const char *tag,
    double *v)
{
	const char *key = rec_get_str(m, "key"), *dot = strrchr(key, '.');
	const char *ph = rec_scope_str(m, "phase");
	size_t plen = dot != NULL ? (size_t)(dot - key) + 1 : 0;
	const json_t *hit = NULL;
	struct ru_list l;

	ru_collect(j, NULL, "measure", "epp.plugin.parameter", RU_ANY, true,
	    &l);
	for (size_t i = 0; i < l.n && hit == NULL; i++) {
		const char *k = rec_get_str(l.v[i], "key");
		const char *p2 = rec_scope_str(l.v[i], "phase");

		if (k != NULL && strncmp(k, key, plen) == 0 &&
		    strcasecmp(k + plen, tag) == 0 && (ph == NULL ||
		    (p2 != NULL && strcmp(ph, p2) == 0)) && ru_num(l.v[i], v))
			hit = l.v[i];
	}
	ru_list_free(&l);
	return hit;
}

static bool
gen_effective(const struct judge *j, const struct threshold *t,
    const json_t *m, double *eff, json_t **side, struct sbuf *why)
{
	const char *key = m != NULL ? rec_get_str(m, "key") : NULL;
	double rv = 0;
	const json_t *sib;

	const struct satgen *g = &t->g;

	satgen_text(why, g);
	if (g->kind == SG_UNDIVIDED) {
		if (key != NULL)
			sbuf_printf(why, " No value of %s reaches it.", key);
		*eff = NAN;	/* no threshold: differs from any */
		*side = pu_hit_side(&g->term);
		return true;
	}
	if (g->kind == SG_LITERAL || g->kind == SG_CONST) {
		if (key != NULL)
			sbuf_printf(why, " No value of %s reaches it.", key);
		*eff = g->literal;
		*side = g->kind == SG_CONST ? pu_proof_side(g->dp, 0,
		    rec_num(g->literal)) : pu_hit_side(&g->term);
		return true;
	}
	if (key != NULL && satgen_key_read(g, key)) {
		ru_num(m, &rv);
		*eff = rv;
		return true;
	}
	if (key != NULL && (sib = sibling_param(j, m, g->tag, &rv)) != NULL) {
		sbuf_printf(why, " That is another deployed parameter, %s "
		    "(", rec_get_str(sib, "key"));
		ru_where(why, sib);
		sbuf_printf(why, "), not %s: the formula divides this signal "
		    "by another setting's value.", key);
		*eff = rv;
		*side = pu_rec_side(sib);
		return true;
	}
	if (key != NULL)
		sbuf_printf(why, " The deployed key %s is not that JSON key: "
		    "json.Unmarshal ignores it, so the factory's default "
		    "applies.", key);
	else
		sbuf_adds(why, " The router's default does not apply to it: "
		    "the plugin's own default does.");
	if (!g->have_default) {
		sbuf_adds(why, " That default was not found (claim "
		    "3c.generated-param-defaults).");
		return false;
	}
	*eff = g->dflt;
	*side = pu_proof_side(g->dp, 0, rec_num(g->dflt));
	return true;
}

/* " Router default NAME = V (where)." */
static void
default_text(struct sbuf *b, const char *lead, const struct threshold *t)
{
	sbuf_printf(b, "%s%s = ", lead, t->dname);
	ru_num_text(b, t->dv);
	sbuf_adds(b, " (");
	pu_where(b, t->dp, t->dline);
	sbuf_adds(b, ").");
}

/* The router's default (lead first) and, when the thresholds differ,
 * what that does. */
static void
threshold_tail(struct pu_out *o, const struct threshold *t, const char *lead,
    bool differ)
{
	if (t->have_default) {
		default_text(&o->why, lead, t);
		pu_ev_add(o->evidence, "default thresholds", t->dp);
	}
	if (differ)
		sbuf_adds(&o->why, " The thresholds differ: the same load "
		    "gives a different saturation, so shedding starts at a "
		    "different load than simulated.");
}

/* The sim's threshold against the one applied, from the generated
 * plugin's formula (a literal, a default) or the deployed parameter m;
 * key and rv are m's. */
static void
threshold_deployed(struct judge *j, const struct rule *r,
    const struct threshold *t, const json_t *m, double rv)
{
	const char *key = rec_get_str(m, "key");
	json_t *gside = NULL;
	struct sbuf gwhy = {0};
	struct pu_out o;
	double eff = rv;
	bool known = true, eq;

	pu_out_init(&o, t->metric);
	o.sub = pu_phase_sub(rec_scope_str(m, "phase"), NULL);
	if (t->g.kind != SG_NONE)
		known = gen_effective(j, t, m, &eff, &gside, &gwhy);
	o.actual = gside != NULL ? gside : pu_rec_side(m);
	if (t->sside == NULL) {
		sbuf_printf(&o.why, "The deployed plugin sets %s ", key);
		ru_num_text(&o.why, rv);
		sbuf_printf(&o.why, " (");
		ru_where(&o.why, m);
		sbuf_printf(&o.why, ") but the sim bundle gives no %s (BLIS "
		    "flag, config.md threshold row or a literal in the sim "
		    "formula).%s", t->what, sbuf_str(&gwhy));
		sbuf_free(&gwhy);
		pu_out_emit(j, r, &o, V_MISSING, NULL);
		return;
	}
	o.expect = json_incref(t->sside);
	eq = fabs(t->sv - eff) <= 1e-9 * fmax(1, fabs(t->sv));
	sbuf_printf(&o.why, "The sim's %s is ", t->what);
	ru_num_text(&o.why, t->sv);
	sbuf_printf(&o.why, "; the deployed plugin's %s is ", key);
	ru_num_text(&o.why, rv);
	sbuf_adds(&o.why, " (");
	ru_where(&o.why, m);
	sbuf_printf(&o.why, ").%s", sbuf_str(&gwhy));
	sbuf_free(&gwhy);
	if (known && !isnan(eff) && eff != rv) {
		sbuf_adds(&o.why, " The threshold applied is ");
		ru_num_text(&o.why, eff);
		sbuf_adds(&o.why, ".");
	}
	threshold_tail(&o, t, " Router default ", known && !eq);
	pu_out_emit(j, r, &o, !known ? V_WARN : eq ? V_PASS : V_FAIL,
	    !known ? "Find the plugin's default threshold and compare it by "
	    "hand." : t->g.kind == SG_LITERAL || t->g.kind == SG_CONST ||
	    t->g.kind == SG_UNDIVIDED ?
	    "Make the plugin divide by "
	    "its parameter, set it to the sim's threshold and redeploy." :
	    "Set the plugin parameter (under the JSON key the plugin reads) "
	    "to the sim's threshold and redeploy.");
}

/* No deployed plugin sets the threshold, and the generated plugin
 * divides by its own: the sim's against what the plugin applies. */
static void
threshold_gen_default(struct judge *j, const struct rule *r,
    const struct threshold *t)
{
	json_t *gside = NULL;
	struct pu_out o;
	double eff = 0;
	bool known, eq;

	pu_out_init(&o, t->metric);
	o.expect = t->sside != NULL ? json_incref(t->sside) : NULL;
	sbuf_printf(&o.why, "No deployed plugin sets *%s.", t->param);
	known = gen_effective(j, t, NULL, &eff, &gside, &o.why);
	o.actual = gside;
	if (t->sside == NULL) {
		sbuf_printf(&o.why, " The sim bundle gives no %s.", t->what);
		pu_out_emit(j, r, &o, V_MISSING, NULL);
		return;
	}
	sbuf_printf(&o.why, " The sim's %s is ", t->what);
	ru_num_text(&o.why, t->sv);
	sbuf_adds(&o.why, ".");
	eq = known && fabs(t->sv - eff) <= 1e-9 * fmax(1, fabs(t->sv));
	threshold_tail(&o, t, " Router default, for the router's own "
	    "detector: ", known && !eq);
	pu_out_emit(j, r, &o, !known ? V_WARN : eq ? V_PASS : V_FAIL,
	    !known ? "Find the plugin's default threshold and compare it by "
	    "hand." : t->g.kind == SG_UNDIVIDED ? "Make the plugin divide "
	    "the signal by its threshold parameter, as the sim does, and "
	    "redeploy." : "Set the plugin parameter to the sim's threshold in "
	    "the EPP config and redeploy.");
}

/* No deployed plugin sets the threshold: the sim's against the router's
 * default. */
static void
threshold_default(struct judge *j, const struct rule *r,
    const struct threshold *t, const struct pu_avail *av)
{
	enum jverdict_value v;
	struct pu_out o;

	if (t->g.kind != SG_NONE) {
		threshold_gen_default(j, r, t);
		return;
	}
	pu_out_init(&o, t->metric);
	o.expect = t->sside != NULL ? json_incref(t->sside) : NULL;
	sbuf_printf(&o.why, "No deployed plugin sets *%s, so the router's "
	    "default applies", t->param);
	if (t->have_default) {
		o.actual = pu_proof_side(t->dp, t->dline, rec_num(t->dv));
		pu_ev_add(o.evidence, "default thresholds", t->dp);
		default_text(&o.why, ": ", t);
	} else
		sbuf_printf(&o.why, "; %s.", av->router ? "the default was "
		    "not found (claim 3c.router-defaults)" : PU_NO_CODEBASE);
	if (t->sside != NULL) {
		sbuf_printf(&o.why, " The sim's %s is ", t->what);
		ru_num_text(&o.why, t->sv);
		sbuf_adds(&o.why, ".");
	} else
		sbuf_printf(&o.why, " The sim bundle gives no %s.", t->what);
	if (!t->have_default || t->sside == NULL)
		v = !av->router ? V_INAPPLICABLE : t->sside == NULL ?
		    V_MISSING : V_WARN;
	else
		v = fabs(t->sv - t->dv) <= 1e-9 * fmax(1, fabs(t->sv)) ?
		    V_PASS : V_FAIL;
	if (v == V_MISSING && o.expect == NULL && o.actual == NULL)
		v = V_INAPPLICABLE;
	pu_out_emit(j, r, &o, v, v == V_FAIL ? "Configure the threshold the "
	    "sim used (the router default differs) and redeploy." : "Find the "
	    "router's default threshold and compare it by hand.");
}

/* One threshold: sim vs each deployed plugin's parameter, else vs the
 * router default. */
static void
sat_threshold(struct judge *j, const struct rule *r,
    const struct pu_avail *av, bool queue)
{
	struct threshold t;
	struct ru_list params;
	bool any = false;
	double rv;

	threshold_init(j, queue, &t);
	ru_collect(j, NULL, "measure", "epp.plugin.parameter", RU_ANY, true,
	    &params);
	for (size_t i = 0; i < params.n; i++) {
		const char *key = rec_get_str(params.v[i], "key");

		if (key == NULL || !str_has_suffix(key, t.param) ||
		    !ru_num(params.v[i], &rv))
			continue;
		any = true;
		threshold_deployed(j, r, &t, params.v[i], rv);
	}
	ru_list_free(&params);
	if (!any)
		threshold_default(j, r, &t, av);
	json_decref(t.sside);
}

static void
rule_saturation(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct pu_avail av;

	pu_availability(j, &av);
	sat_formula(j, r, &av);
	sat_empty(j, r, &av);
	sat_stale(j, r, &av);	/* rules_handling.c */
	sat_threshold(j, r, &av, true);
	sat_threshold(j, r, &av, false);
	strv_free(&av.labels);
}

/* --- 3d ------------------------------------------------------------ */

/* A router duration fact (ns) and, with a key, the fact it belongs to. */
struct duration {
	const char	*key;		/* NULL: facts.values[0] */
	double		 ns;
};

static bool
has_duration(const json_t *p, void *arg)
{
	struct duration *d = arg;
	const json_t *facts = json_object_get(p, "facts");
	const char *k = rec_get_str(facts, "key");

	if (d->key == NULL)
		return rec_get_num(json_array_get(json_object_get(facts,
		    "values"), 0), "duration_ns", &d->ns);
	return k != NULL && strcmp(k, d->key) == 0 &&
	    rec_get_num(facts, "duration_ns", &d->ns);
}

/* The first found router proof of claim with a duration (keyed); *us. */
static const json_t *
router_duration(const struct judge *j, const char *claim, const char *key,
    double *us)
{
	struct duration d = { key, 0 };
	const json_t *p = pu_claim_find(j, claim, "router", PU_FOUND,
	    has_duration, &d);

	if (p != NULL)
		*us = d.ns / 1e3;
	return p;
}

/* What 3d compares: the sim's snapshot refresh against the router's
 * metrics refresh (deployed flag, else its defaults) and the saturation
 * detector's staleness threshold. */
/* BLIS's --snapshot-refresh-interval default, us (cmd/root.go). */
#define BLIS_SNAPSHOT_REFRESH_US	50000

struct snapshot {
	const json_t	*sim, *dep, *flag, *poll, *stale, *prom;
	bool		 have_sim;
	double		 sv, rv, stv, dfl_us;	/* us */
};

static void
snapshot_facts(const struct judge *j, struct snapshot *s)
{
	double pv = 0, dv = 0;

	memset(s, 0, sizeof(*s));
	s->sim = pu_bundle_find(j, "expect", "sim.snapshot_refresh_interval_us",
	    NULL, NULL);
	s->have_sim = ru_num(s->sim, &s->sv);
	s->dep = pu_bundle_find(j, NULL, "epp.chart", snap_refresh_flag, &dv);
	s->flag = router_duration(j, "3d.refresh-flags",
	    "RefreshMetricsInterval", &s->rv);
	s->poll = router_duration(j, "3d.poll-interval", NULL, &pv);
	s->stale = router_duration(j, "3d.detector-staleness", NULL, &s->stv);
	s->prom = pu_first_found(j, "3d.prometheus-interval", "router");
	if (s->flag == NULL && s->poll != NULL)
		s->rv = pv;
	s->dfl_us = s->rv;	/* what an arm without a flag keeps */
	if (s->dep != NULL)
		s->rv = dv;
}

/* The router's refresh interval: deployed, else its default; false when
 * neither is known. */
static bool
refresh_router_text(struct pu_out *o, const struct snapshot *s)
{
	const json_t *p = s->flag != NULL ? s->flag : s->poll;

	if (s->dep != NULL) {
		o->actual = pu_rec_side(s->dep);
		sbuf_adds(&o->why, " The deployment sets the router's refresh "
		    "to ");
		snap_ms_text(&o->why, s->rv);
		sbuf_adds(&o->why, " (");
		ru_where(&o->why, s->dep);
		sbuf_adds(&o->why, ").");
		return true;
	}
	if (p == NULL) {
		sbuf_adds(&o->why, " The router's refresh interval was not "
		    "found (claims 3d.refresh-flags, 3d.poll-interval).");
		return false;
	}
	o->actual = pu_proof_side(p, 0, rec_num(s->rv));
	json_object_set_new(o->actual, "unit", json_string("us"));
	sbuf_adds(&o->why, " The router polls each pod's /metrics every ");
	snap_ms_text(&o->why, s->rv);
	sbuf_adds(&o->why, " by default (");
	pu_where(&o->why, p, 0);
	sbuf_printf(&o->why, " %s).", s->flag != NULL ?
	    "RefreshMetricsInterval" : "defaultRefreshInterval");
	return true;
}

/* The sim's snapshot age against the router's refresh. */
static enum jverdict_value
refresh_compare(struct sbuf *why, const struct snapshot *s)
{
	if (fabs(s->sv - s->rv) < 0.5) {
		sbuf_adds(why, " The delays are equal: admission decisions on "
		    "both sides see queue depth and KV usage at most that "
		    "old.");
		return V_PASS;
	}
	sbuf_adds(why, " The delays differ: real admission decisions see "
	    "signals up to ");
	snap_ms_text(why, s->rv);
	sbuf_adds(why, " old, the sim's up to ");
	snap_ms_text(why, s->sv);
	sbuf_adds(why, s->rv > s->sv ? ". The real system reacts later to a "
	    "burst: queues grow before saturation rises, so shedding starts "
	    "later and overshoots compared with the sim." : ". The real system "
	    "reacts sooner than the sim, so the sim overstates how late "
	    "shedding starts under bursts.");
	return V_WARN;
}

/* The plugin type arm's EPP config gives plugin name, or NULL. */
static const char *
plugin_type(const struct judge *j, const char *arm, const char *name,
    size_t n)
{
	struct ru_list l;
	const char *type = NULL;

	pu_arm_recs(j, "measure", "epp.plugin", arm, &l);
	for (size_t i = 0; i < l.n && type == NULL; i++) {
		const char *k = rec_get_str(l.v[i], "key");

		if (k != NULL && strlen(k) == n && strncmp(k, name, n) == 0)
			type = pu_str_value(l.v[i]);
	}
	ru_list_free(&l);
	return type;
}

/* A source period rec as the router applies it: rounded to a multiple
 * of the refresh s->rv (at least one); false when not a duration. */
static bool
source_period(const json_t *rec, const struct snapshot *s, double *us)
{
	const char *text = pu_str_value(rec);

	if (text == NULL || !snap_duration_us(text, us) || *us <= 0)
		return false;
	if (s->rv > 0)
		*us = fmax(1, round(*us / s->rv)) * s->rv;
	return true;
}

/* A deployed data source's own scrape period (NAME.interval of a plugin
 * whose type is a data source) in arm: one snapshot.refresh_interval
 * verdict for that arm, the period rounded to a multiple of the
 * router's refresh as llm-d-router does (claim 3d.source-interval). */
static void
refresh_source(struct judge *j, const struct rule *r,
    const struct snapshot *s, const json_t *rec, const json_t *field)
{
	const char *arm = rec_scope_str(rec, "phase");
	const char *text = pu_str_value(rec);
	struct snapshot eff = *s;
	struct pu_out o;
	double us;

	pu_out_init(&o, "snapshot.refresh_interval");
	o.sub = pu_phase_sub(arm, NULL);
	o.expect = pu_rec_side(s->sim);
	o.actual = pu_rec_side(rec);
	pu_ev_add(o.evidence, "the data source's scrape period", field);
	sbuf_printf(&o.why, "Arm %s's EPP config gives its metrics data "
	    "source a scrape period of its own (", arm);
	ru_where(&o.why, rec);
	if (text == NULL || !snap_duration_us(text, &us) || us <= 0 ||
	    !source_period(rec, s, &eff.rv)) {
		sbuf_adds(&o.why, "), not a Go duration.");
		pu_out_emit(j, r, &o, V_WARN, "Read the deployed scrape period "
		    "by hand.");
		return;
	}
	sbuf_adds(&o.why, "): ");
	snap_ms_text(&o.why, us);
	sbuf_adds(&o.why, ", which the router reads (");
	pu_where(&o.why, field, 0);
	sbuf_adds(&o.why, ") and rounds to a multiple of its refresh (");
	snap_ms_text(&o.why, s->rv);
	sbuf_adds(&o.why, ").");
	if (!s->have_sim) {
		sbuf_adds(&o.why, " The sim bundle gives no "
		    "--snapshot-refresh-interval (config.md).");
		pu_out_emit(j, r, &o, V_MISSING, NULL);
		return;
	}
	sbuf_adds(&o.why, " The sim refreshes every ");
	snap_ms_text(&o.why, s->sv);
	sbuf_adds(&o.why, ".");
	pu_out_emit(j, r, &o, refresh_compare(&o.why, &eff), "Set "
	    "--snapshot-refresh-interval to the arm's scrape period (in "
	    "microseconds) and rerun the sim, or drop the data source's "
	    "interval.");
}

/* Whether rec is a data source's own scrape period: NAME.interval of a
 * plugin whose type is a data source in the same arm. */
static bool
source_interval(const struct judge *j, const json_t *rec)
{
	const char *key = rec_get_str(rec, "key");
	const char *arm = rec_scope_str(rec, "phase");
	const char *dot = key != NULL ? strchr(key, '.') : NULL;
	const char *type;

	if (dot == NULL || strcmp(dot, ".interval") != 0 || arm == NULL)
		return false;
	type = plugin_type(j, arm, key, (size_t)(dot - key));
	return type != NULL && strstr(type, "data-source") != NULL;
}

/* The deployed records of arm (any arm: NULL) that are data-source
 * scrape periods, when a router codebase reads one (claim
 * 3d.source-interval); *field: that proof. */
static void
source_recs(const struct judge *j, const char *arm, const json_t **field,
    struct ru_list *out)
{
	struct ru_list l;

	memset(out, 0, sizeof(*out));
	*field = pu_first_found(j, "3d.source-interval", "router");
	if (*field == NULL)
		return;
	ru_select(j, &(struct jsel){ .kind = "measure",
	    .metric = "epp.plugin.parameter", .ph = arm != NULL ? JM_IS :
	    JM_ANY, .phase = arm }, &l);
	for (size_t i = 0; i < l.n; i++)
		if (source_interval(j, l.v[i]))
			ru_list_add(out, l.v[i]);
	ru_list_free(&l);
}

/* Every deployed data source with its own scrape period. */
static void
refresh_sources(struct judge *j, const struct rule *r,
    const struct snapshot *s)
{
	const json_t *field;
	struct ru_list l;

	source_recs(j, NULL, &field, &l);
	for (size_t i = 0; i < l.n; i++)
		refresh_source(j, r, s, l.v[i], field);
	ru_list_free(&l);
}

/* A constant of codebase label named name with a duration, from the
 * refresh claims' const records (3d.min-refresh, 3d.poll-interval):
 * *us. */
static bool
label_const(const struct judge *j, const char *label, const char *name,
    double *us)
{
	static const char *const claims[] = { "3d.min-refresh",
	    "3d.poll-interval" };
	bool found = false;

	for (size_t c = 0; c < 2 && !found; c++) {
		struct ru_list l;

		pu_claim_list(j, claims[c], "router", &l);
		for (size_t i = 0; i < l.n && !found; i++) {
			const json_t *v;
			size_t k;
			double ns;

			if (!pu_found(l.v[i]) ||
			    strcmp(pu_label(l.v[i]), label) != 0)
				continue;
			json_array_foreach(json_object_get(json_object_get(
			    l.v[i], "facts"), "values"), k, v)
				if (!found && rec_get_str(v, "name") != NULL &&
				    strcmp(rec_get_str(v, "name"), name) == 0 &&
				    rec_get_num(v, "duration_ns", &ns)) {
					*us = ns / 1e3;
					found = true;
				}
		}
		ru_list_free(&l);
	}
	return found;
}

/* Codebase label's default refresh (us): its RefreshMetricsInterval
 * flag default, through a constant of its own when the default names
 * one (llm-d-router's MinRefreshMetricsInterval), else its data layer's
 * polling interval.  The proof that says it, or NULL. */
static const json_t *
label_refresh(const struct judge *j, const char *label, double *us)
{
	static const char *const claims[] = { "3d.refresh-flags",
	    "3d.poll-interval" };
	const json_t *found = NULL;

	for (size_t c = 0; c < 2 && found == NULL; c++) {
		struct ru_list l;

		pu_claim_list(j, claims[c], "router", &l);
		for (size_t i = 0; i < l.n && found == NULL; i++) {
			const json_t *f = json_object_get(l.v[i], "facts");
			const char *k = rec_get_str(f, "key");
			const char *v = rec_get_str(f, "value");
			struct duration d = { c == 0 ? "RefreshMetricsInterval" :
			    NULL, 0 };

			if (!pu_found(l.v[i]) ||
			    strcmp(pu_label(l.v[i]), label) != 0)
				continue;
			if (has_duration(l.v[i], &d)) {
				*us = d.ns / 1e3;
				found = l.v[i];
			} else if (c == 0 && k != NULL && strcmp(k,
			    "RefreshMetricsInterval") == 0 && v != NULL &&
			    label_const(j, label, v, us))
				found = l.v[i];
		}
		ru_list_free(&l);
	}
	return found;
}

/* The router codebases whose default refresh is not the one judged
 * (s->rv): said in why, each with its proof.  When the codebases
 * disagree, which one ran decides how old the signals are, and the
 * bundle does not say: a review.  Whether any differs. */
static bool
refresh_codebases(const struct judge *j, const struct snapshot *s,
    const struct pu_avail *av, struct pu_out *o)
{
	bool differ = false;

	for (size_t i = 0; i < av->labels.n; i++) {
		double us;
		const json_t *p = label_refresh(j, av->labels.v[i], &us);

		if (p == NULL || fabs(us - s->rv) < 0.5)
			continue;
		sbuf_printf(&o->why, " But router codebase %s polls every ",
		    av->labels.v[i]);
		snap_ms_text(&o->why, us);
		sbuf_adds(&o->why, " by default (");
		pu_where(&o->why, p, 0);
		sbuf_adds(&o->why, ").");
		pu_ev_add(o->evidence, "another codebase's refresh", p);
		differ = true;
	}
	if (differ)
		sbuf_adds(&o->why, " The codebases disagree: which one the "
		    "real run deployed decides how old its signals are.");
	return differ;
}

static void
snapshot_refresh(struct judge *j, const struct rule *r,
    const struct snapshot *s, const struct pu_avail *av)
{
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "snapshot.refresh_interval");
	o.expect = pu_rec_side(s->sim);
	if (s->have_sim) {
		sbuf_adds(&o.why, "The sim refreshes the signals its routing "
		    "and admission see every ");
		snap_ms_text(&o.why, s->sv);
		sbuf_adds(&o.why, s->sv == 0 ? " (0: an oracle, always "
		    "current)" : "");
		sbuf_adds(&o.why, " (");
		ru_where(&o.why, s->sim);
		sbuf_adds(&o.why, " --snapshot-refresh-interval).");
	} else
		sbuf_adds(&o.why, "The sim bundle gives no "
		    "--snapshot-refresh-interval (config.md).");
	pu_ev_claim(o.evidence, j, "3d.refresh-flags", "router",
	    "EPP flag defaults");
	pu_ev_claim(o.evidence, j, "3d.poll-interval", "router",
	    "the data layer's polling interval");
	if (!av->router && s->dep == NULL) {
		sbuf_printf(&o.why, " Router side: %s.", PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return;
	}
	if (!refresh_router_text(&o, s)) {
		pu_out_emit(j, r, &o, s->have_sim ? V_WARN : V_MISSING,
		    "Find the router's metrics refresh setting by hand.");
		return;
	}
	if (s->prom != NULL) {
		sbuf_adds(&o.why, " Prometheus scrape intervals (");
		pu_where(&o.why, s->prom, 0);
		sbuf_adds(&o.why, ") only feed dashboards, not admission.");
		pu_ev_add(o.evidence, "Prometheus scrape interval "
		    "(observability only)", s->prom);
	}
	if (!s->have_sim) {
		/* BLIS's own default is a fact of its version, not of this
		 * run: said to guide the reader, never judged. */
		sbuf_printf(&o.why, " BLIS's default (cmd/root.go) is %d ms; "
		    "if the sim ran with it, the delays %s, but the bundle "
		    "does not say which BLIS ran, nor with what flags.",
		    BLIS_SNAPSHOT_REFRESH_US / 1000,
		    fabs(s->rv - BLIS_SNAPSHOT_REFRESH_US) < 0.5 ?
		    "would be equal" : "would differ");
		pu_out_emit(j, r, &o, V_MISSING, NULL);
		return;
	}
	v = refresh_compare(&o.why, s);
	if (s->dep == NULL && refresh_codebases(j, s, av, &o) && v == V_PASS)
		v = V_WARN;
	pu_out_emit(j, r, &o, v, "Set "
	    "--snapshot-refresh-interval to the router's refresh interval (in "
	    "microseconds) and rerun the sim, or account for the difference "
	    "when comparing.");
	refresh_sources(j, r, s);
}

/* A staleness threshold stv (us) against the sim's snapshot age and the
 * router's refresh. */
static enum jverdict_value
staleness_verdict(struct sbuf *why, const struct snapshot *s, double stv,
    bool refresh)
{
	if (s->have_sim && s->sv > stv) {
		sbuf_adds(why, " The sim's snapshots (");
		snap_ms_text(why, s->sv);
		sbuf_adds(why, ") are older than that: in the router such "
		    "metrics would count as saturated, in the sim they are "
		    "used as if fresh.");
		return V_WARN;
	}
	if (refresh && s->rv >= stv) {
		sbuf_adds(why, " The refresh is not shorter than the "
		    "staleness threshold: pods can count as saturated between "
		    "two polls, which the sim never does.");
		return V_WARN;
	}
	sbuf_adds(why, " Polling is well inside that window, so in normal "
	    "operation no pod counts as stale; only a pod whose metrics stop "
	    "(restart, slow /metrics) does, which the sim does not model.");
	return V_PASS;
}

/* Arm's metricsStalenessThreshold record, or NULL. */
static const json_t *
arm_staleness(const struct judge *j, const char *arm)
{
	struct ru_list l;
	const json_t *found = NULL;

	pu_arm_recs(j, "measure", "epp.saturation_detector", arm, &l);
	for (size_t i = 0; i < l.n && found == NULL; i++) {
		const char *key = rec_get_str(l.v[i], "key");

		if (key != NULL && strcmp(key, "metricsStalenessThreshold") ==
		    0)
			found = l.v[i];
	}
	ru_list_free(&l);
	return found;
}

/* One arm whose EPP config sets the detector's staleness threshold (st)
 * or gives its data source its own scrape period (src): the staleness
 * in force there against the refresh in force there. */
static void
staleness_arm(struct judge *j, const struct rule *r,
    const struct snapshot *s, const char *arm, const json_t *st,
    const json_t *src, bool refresh)
{
	struct snapshot a = *s;
	const char *text = pu_str_value(st);
	struct pu_out o;
	double stv = s->stv;

	pu_out_init(&o, "snapshot.staleness");
	o.sub = pu_phase_sub(arm, NULL);
	o.expect = pu_rec_side(s->sim);
	o.actual = pu_rec_side(st != NULL ? st : src);
	sbuf_printf(&o.why, "Arm %s: ", arm);
	if (st != NULL) {
		sbuf_adds(&o.why, "its EPP config sets the saturation "
		    "detector's metricsStalenessThreshold (");
		ru_where(&o.why, st);
		if (text == NULL || !snap_duration_us(text, &stv)) {
			sbuf_adds(&o.why, ") to a value that is not a Go "
			    "duration.");
			pu_out_emit(j, r, &o, V_WARN, "Read the deployed "
			    "staleness threshold by hand.");
			return;
		}
		sbuf_adds(&o.why, ") to ");
	} else
		sbuf_adds(&o.why, "the router's detector keeps its default "
		    "staleness threshold, ");
	snap_ms_text(&o.why, stv);
	sbuf_adds(&o.why, ": a pod whose metrics are older counts as fully "
	    "saturated");
	if (snap_arm_refresh(j, arm, &a.rv) != NULL)
		refresh = true;	/* the arm's own deployed flag */
	if (src != NULL && source_period(src, &a, &a.rv)) {
		sbuf_adds(&o.why, "; its metrics data source polls every ");
		snap_ms_text(&o.why, a.rv);
		sbuf_adds(&o.why, " (");
		ru_where(&o.why, src);
		sbuf_adds(&o.why, ")");
		refresh = true;
	} else if (refresh) {
		sbuf_adds(&o.why, "; the router refreshes every ");
		snap_ms_text(&o.why, a.rv);
	}
	sbuf_adds(&o.why, ".");
	pu_out_emit(j, r, &o, staleness_verdict(&o.why, &a, stv, refresh),
	    "Keep the staleness threshold well above the refresh in force "
	    "(the router default is 200 ms against a 50 ms poll), or model it "
	    "in the sim, and rerun.");
}

/* Every deployed arm that changes the staleness threshold or the
 * refresh the detector sees: one verdict per arm. */
static void
staleness_deployed(struct judge *j, const struct rule *r,
    const struct snapshot *s, bool refresh)
{
	struct strv arms;
	const char *kind = pu_epp_arms(j, &arms);

	for (size_t a = 0; kind != NULL && strcmp(kind, "measure") == 0 &&
	    a < arms.n; a++) {
		const json_t *st = arm_staleness(j, arms.v[a]), *field;
		struct ru_list src;
		double us;

		source_recs(j, arms.v[a], &field, &src);
		if (st != NULL || (s->stale != NULL && (src.n > 0 ||
		    snap_arm_refresh(j, arms.v[a], &us) != NULL)))
			staleness_arm(j, r, s, arms.v[a], st, src.n > 0 ?
			    src.v[0] : NULL, refresh);
		ru_list_free(&src);
	}
	strv_free(&arms);
}

static void
snapshot_staleness(struct judge *j, const struct rule *r,
    const struct snapshot *s, const struct pu_avail *av)
{
	bool refresh = s->flag != NULL || s->poll != NULL || s->dep != NULL;
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "snapshot.staleness");
	o.expect = pu_rec_side(s->sim);
	if (s->stale == NULL) {
		sbuf_printf(&o.why, "The detector's staleness threshold: %s.",
		    av->router ? "not found (claim 3d.detector-staleness)" :
		    PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, av->router ? V_WARN : V_INAPPLICABLE,
		    "Find the saturation detector's staleness threshold by "
		    "hand.");
		staleness_deployed(j, r, s, refresh);
		return;
	}
	pu_ev_add(o.evidence, "the detector's staleness threshold", s->stale);
	o.actual = pu_proof_side(s->stale, 0, rec_num(s->stv));
	json_object_set_new(o.actual, "unit", json_string("us"));
	sbuf_adds(&o.why, "The router's saturation detector counts a pod whose "
	    "metrics are older than ");
	snap_ms_text(&o.why, s->stv);
	sbuf_adds(&o.why, " as fully saturated (");
	pu_where(&o.why, s->stale, 0);
	sbuf_adds(&o.why, ")");
	if (refresh) {
		sbuf_adds(&o.why, "; it refreshes every ");
		snap_ms_text(&o.why, s->rv);
	}
	sbuf_adds(&o.why, ".");
	v = staleness_verdict(&o.why, s, s->stv, refresh);
	pu_out_emit(j, r, &o, v, "Compare the sim's snapshot age with the "
	    "detector's staleness threshold and align them.");
	staleness_deployed(j, r, s, refresh);
}

static void
rule_snapshot(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct snapshot s;
	struct pu_avail av;

	pu_availability(j, &av);
	snapshot_facts(j, &s);
	snapshot_refresh(j, r, &s, &av);
	snap_refresh_arms(j, r, &(struct snap_base){ .sim = s.sim,
	    .have_sim = s.have_sim, .sv = s.sv, .dfl = s.flag != NULL ?
	    s.flag : s.poll, .dfl_us = s.dfl_us, .unknown_why = av.router ?
	    "claims 3d.refresh-flags and 3d.poll-interval found no default" :
	    PU_NO_CODEBASE });
	snapshot_staleness(j, r, &s, &av);
	strv_free(&av.labels);
}

/* 3d: the router's refresh against the sim's, then a cache the plugin
 * keeps on top of it (rules_sigflow.c); one row a check. */
static void
rule_snapshot_all(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct snapshot s;

	rule_snapshot(j, r, c);
	sf_rule_cache(j, r, c);
	snapshot_facts(j, &s);
	sf_rule_stale(j, r, s.dep != NULL || s.flag != NULL || s.poll != NULL ?
	    s.rv : 0, s.dep != NULL ? s.dep : s.flag != NULL ? s.flag :
	    s.poll);
}

const struct rule rules_saturation[] = {
	{ "3c", "Saturation formula", false, rule_saturation },
	{ "3d", "Snapshot delay", false, rule_snapshot_all },
	{ NULL, NULL, false, NULL }
};
