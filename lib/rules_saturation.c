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

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

/* --- 3c ------------------------------------------------------------ */

static const char *const kv_needles[] = { "KVCacheUsagePercent", "KVUtil",
	"kvUtil", "KVUsage", "kvUsage", NULL };
static const char *const queue_needles[] = { "WaitingQueueSize",
	"QueueDepth", "queueDepth", NULL };
static const char *const stale_needles[] = { "UpdateTime", "Stale",
	"stale", NULL };
static const char *const nil_needles[] = { "== nil", "HasMetrics", NULL };

/* The checkable facts of one saturation function. */
struct formula {
	const json_t	*p;		/* NULL: no such function */
	const char	*who;
	bool		 queue, kv;	/* per-endpoint ratio terms */
	struct pu_hit	 qline, kvline;
	bool		 max, mean;	/* aggregation */
	bool		 stale, missing;
	struct pu_hit	 staleline, missline;
	const char	*empty;		/* empty-pool return or NULL */
};

static void
analyse(const json_t *p, const char *who, struct formula *f)
{
	const json_t *ep = json_object_get(json_object_get(p, "facts"),
	    "empty_pool");

	memset(f, 0, sizeof(*f));
	f->who = who;
	if (p == NULL)
		return;
	f->p = p;
	f->queue = pu_find_line(p, queue_needles, &f->qline);
	f->kv = pu_find_line(p, kv_needles, &f->kvline);
	f->max = pu_snippet_has(p, "max(");
	f->mean = pu_snippet_has(p, "/ float64(len(") ||
	    pu_snippet_has(p, "/float64(len(");
	f->stale = pu_find_line(p, stale_needles, &f->staleline);
	f->missing = pu_find_line(p, nil_needles, &f->missline);
	f->empty = rec_get_str(ep, "returns");
}

static bool
recognised(const struct formula *f)
{
	return f->p != NULL && (f->queue || f->kv) && f->max && f->mean;
}

static void
describe(struct sbuf *b, const struct formula *f)
{
	sbuf_printf(b, "%s (", f->who);
	pu_where(b, f->p, 0);
	sbuf_adds(b, "): ");
	if (!recognised(f)) {
		sbuf_adds(b, "terms or aggregation not recognised");
		return;
	}
	sbuf_printf(b, "per endpoint %s%s%s%s%s, mean over endpoints",
	    f->queue && f->kv ? "max(" : "", f->queue ? "queue ratio" : "",
	    f->queue && f->kv ? ", " : "", f->kv ? "KV ratio" : "",
	    f->queue && f->kv ? ")" : "");
}

/* The router's function: the first recognised one, else the first. */
static void
router_formula(const struct judge *j, struct formula *f, struct pu_out *o)
{
	struct ru_list l;
	bool have = false;

	analyse(NULL, "router", f);
	pu_claim_list(j, "3c.router-saturation", "router", &l);
	for (size_t i = 0; i < l.n; i++) {
		struct formula t;

		if (!pu_found(l.v[i]))
			continue;
		if (o != NULL)
			pu_ev_add(o->evidence, "saturation detector "
			    "(full function)", l.v[i]);
		analyse(l.v[i], "router", &t);
		if (!have || (recognised(&t) && !recognised(f))) {
			*f = t;
			have = true;
		}
	}
	ru_list_free(&l);
}

static void
formulas(const struct judge *j, struct formula f[3], struct pu_out *o)
{
	router_formula(j, &f[0], o);
	analyse(pu_first_found(j, "3c.sim-saturation", "sim"), "sim algorithm",
	    &f[1]);
	analyse(pu_first_found(j, "3c.generated-saturation", "generated"),
	    "generated plugin", &f[2]);
	if (o == NULL)
		return;
	if (f[1].p != NULL)
		pu_ev_add(o->evidence, "saturation (full function)",
		    f[1].p);
	if (f[2].p != NULL)
		pu_ev_add(o->evidence, "saturation (full "
		    "function)", f[2].p);
}

/* How many of the three functions are there; with fewer than two there
 * is nothing to compare, and the text says which side is missing. */
static size_t
sides_present(const struct formula f[3], const struct pu_avail *av,
    struct sbuf *why)
{
	size_t n = (f[0].p != NULL) + (f[1].p != NULL) + (f[2].p != NULL);

	if (n >= 2)
		return n;
	sbuf_adds(why, " Nothing to compare it with:");
	if (f[0].p == NULL)
		sbuf_printf(why, " router: %s;", av->router ? "no saturation "
		    "detector found (claim 3c.router-saturation)" :
		    PU_NO_CODEBASE);
	if (f[1].p == NULL)
		sbuf_adds(why, " the sim bundle has no saturation function in "
		    "algorithm/ or algorithms/;");
	if (f[2].p == NULL)
		sbuf_adds(why, " the real bundle has no generated plugin "
		    "computing one;");
	why->s[why->len - 1] = '.';
	return n;
}

static void
sat_formula(struct judge *j, const struct rule *r, const struct pu_avail *av)
{
	struct formula f[3];
	struct sbuf review = {0};
	bool mismatch = false, any = false;
	const struct formula *ref = NULL;
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "saturation.formula");
	formulas(j, f, &o);
	if (f[1].p != NULL)
		o.expect = pu_proof_side(f[1].p, 0, json_string(rec_get_str(
		    json_object_get(f[1].p, "facts"), "signature")));
	if (f[2].p != NULL)
		o.actual = pu_proof_side(f[2].p, 0, json_string(rec_get_str(
		    json_object_get(f[2].p, "facts"), "signature")));
	for (size_t i = 0; i < 3; i++) {
		if (f[i].p == NULL)
			continue;
		sbuf_adds(&o.why, any ? "; " : "Side by side: ");
		describe(&o.why, &f[i]);
		any = true;
		if (!recognised(&f[i])) {
			sbuf_printf(&review, "%s", review.len ? ", " : "");
			pu_where(&review, f[i].p, 0);
			continue;
		}
		if (ref == NULL) {
			ref = &f[i];
			continue;
		}
		if (ref->queue != f[i].queue || ref->kv != f[i].kv)
			mismatch = true;
	}
	if (!any) {
		sbuf_adds(&o.why, "No saturation function was found: ");
		sbuf_adds(&o.why, av->router ? "not in the router" :
		    PU_NO_CODEBASE);
		sbuf_adds(&o.why, "; no sim algorithm or generated plugin "
		    "computes one.");
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		sbuf_free(&review);
		return;
	}
	sbuf_adds(&o.why, ".");
	if (mismatch)
		sbuf_adds(&o.why, " The per-endpoint terms differ: the sides "
		    "do not compute the same saturation.");
	if (review.len > 0)
		sbuf_printf(&o.why, " Review by hand (the ratio terms or the "
		    "mean over endpoints are not in the function body, e.g. "
		    "in a helper): %s.", sbuf_str(&review));
	if (f[0].p == NULL)
		sbuf_printf(&o.why, " Router side: %s.", av->router ?
		    "no saturation detector found (claim 3c.router-saturation)"
		    : PU_NO_CODEBASE);
	v = mismatch ? V_FAIL : review.len > 0 ? V_WARN :
	    f[0].p == NULL ? V_INAPPLICABLE : V_PASS;
	if (v == V_PASS && sides_present(f, av, &o.why) < 2)
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

static bool
same_number(const char *a, const char *b)
{
	double x, y;

	if (a == NULL || b == NULL)
		return a == b;
	if (parse_f64(a, strlen(a), &x) && parse_f64(b, strlen(b), &y))
		return x == y;
	return strcmp(a, b) == 0;
}

static void
sat_empty(struct judge *j, const struct rule *r, const struct pu_avail *av)
{
	struct formula f[3];
	bool mismatch = false, nobranch = false, any = false;
	const char *ref = NULL;
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "saturation.empty_pool");
	formulas(j, f, NULL);
	for (size_t i = 0; i < 3; i++) {
		struct pu_hit h = { .p = f[i].p };
		const json_t *ep;
		double line = 0;

		if (f[i].p == NULL)
			continue;
		ep = json_object_get(json_object_get(f[i].p, "facts"),
		    "empty_pool");
		rec_get_num(ep, "line", &line);
		h.line = (long)line;
		snprintf(h.code, sizeof(h.code), "if %s { return %s }",
		    rec_get_str(ep, "cond") ? rec_get_str(ep, "cond") : "?",
		    f[i].empty ? f[i].empty : "?");
		sbuf_adds(&o.why, any ? "; " : "Empty pool: ");
		any = true;
		sbuf_printf(&o.why, "%s ", f[i].who);
		if (f[i].empty == NULL) {
			pu_where(&o.why, f[i].p, 0);
			sbuf_adds(&o.why, " has no empty-pool branch (a mean "
			    "over zero endpoints is 0/0 = NaN in Go)");
			nobranch = true;
			continue;
		}
		sbuf_printf(&o.why, "returns %s (", f[i].empty);
		pu_cite(&o.why, &h);
		sbuf_adds(&o.why, ")");
		if (i == 1)
			o.expect = pu_hit_side(&h);
		else if (i == 2 || o.actual == NULL)
			o.actual = (json_decref(o.actual), pu_hit_side(&h));
		if (ref == NULL)
			ref = f[i].empty;
		else if (!same_number(ref, f[i].empty))
			mismatch = true;
	}
	if (!any) {
		sbuf_printf(&o.why, "No saturation function to read the "
		    "empty-pool value from%s%s.", av->router ? "" : "; ",
		    av->router ? "" : PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return;
	}
	sbuf_adds(&o.why, ".");
	if (mismatch)
		sbuf_adds(&o.why, " The values differ: with no endpoint (all "
		    "pods starting or gone) one side reports a saturated pool "
		    "and the other does not, so admission behaves differently "
		    "exactly when the pool is empty.");
	if (f[0].p == NULL)
		sbuf_printf(&o.why, " Router side: %s.", av->router ?
		    "no saturation detector found" : PU_NO_CODEBASE);
	v = mismatch ? V_FAIL : nobranch ? V_WARN :
	    f[0].p == NULL ? V_INAPPLICABLE : V_PASS;
	if (v == V_PASS && sides_present(f, av, &o.why) < 2)
		v = V_INAPPLICABLE;
	pu_out_emit(j, r, &o, v, mismatch ? "Return the router's empty-pool "
	    "value from the generated plugin (and the sim) and rerun." :
	    "Add an explicit empty-pool branch that returns the router's "
	    "value.");
}

static void
stale_text(struct sbuf *b, const struct formula *f)
{
	sbuf_printf(b, "%s counts ", f->who);
	if (f->stale) {
		sbuf_adds(b, "stale metrics as saturated (");
		pu_cite(b, &f->staleline);
		sbuf_adds(b, ")");
	} else if (f->missing) {
		sbuf_adds(b, "only missing metrics as saturated (");
		pu_cite(b, &f->missline);
		sbuf_adds(b, "), never stale ones");
	} else {
		sbuf_adds(b, "neither stale nor missing metrics (");
		pu_where(b, f->p, 0);
		sbuf_adds(b, ")");
	}
}

/* What f counts as saturated, as a side. */
static json_t *
stale_side(const struct formula *f)
{
	return pu_proof_side(f->p, f->stale ? f->staleline.line :
	    f->missline.line, json_string(f->stale ? "stale" : f->missing ?
	    "missing only" : "none"));
}

static void
sat_stale(struct judge *j, const struct rule *r, const struct pu_avail *av)
{
	struct formula f[3];
	const json_t *st = pu_first_found(j, "3d.detector-staleness", "router");
	bool differ = false, any = false;
	const struct formula *ref = NULL;
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "saturation.stale_metrics");
	formulas(j, f, NULL);
	for (size_t i = 0; i < 3; i++) {
		if (f[i].p == NULL)
			continue;
		sbuf_adds(&o.why, any ? "; " : "");
		any = true;
		stale_text(&o.why, &f[i]);
		if (ref == NULL)
			ref = &f[i];
		else if (ref->stale != f[i].stale ||
		    ref->missing != f[i].missing)
			differ = true;
	}
	if (f[1].p != NULL)
		o.expect = stale_side(&f[1]);
	if (f[2].p != NULL)
		o.actual = stale_side(&f[2]);
	if (st != NULL)
		pu_ev_add(o.evidence, "the detector's staleness "
		    "threshold", st);
	if (!any) {
		sbuf_printf(&o.why, "No saturation function to compare%s%s.",
		    av->router ? "" : "; ", av->router ? "" : PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return;
	}
	sbuf_adds(&o.why, ".");
	if (differ) {
		sbuf_adds(&o.why, " The sides treat endpoints with stale or "
		    "missing metrics differently");
		if (f[0].p != NULL && f[0].stale)
			sbuf_adds(&o.why, ": in the router a pod whose metrics "
			    "stop updating for longer than the staleness "
			    "threshold raises saturation to 1.0 for that pod, "
			    "the others keep using its last values. Review "
			    "whether that matters for this run (a pod restart "
			    "or a slow /metrics endpoint)");
		sbuf_adds(&o.why, ".");
	}
	if (f[0].p == NULL)
		sbuf_printf(&o.why, " Router side: %s.", av->router ?
		    "no saturation detector found" : PU_NO_CODEBASE);
	v = differ ? V_WARN : f[0].p == NULL ? V_INAPPLICABLE : V_PASS;
	if (v == V_PASS && sides_present(f, av, &o.why) < 2)
		v = V_INAPPLICABLE;
	pu_out_emit(j, r, &o, v, "Review the stale/missing-metrics branches "
	    "side by side; make the plugin follow the router (or document "
	    "why not).");
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
};

/* The sim's threshold: BLIS flag, config.md threshold row, else the
 * literal divisor in the sim formula. */
static json_t *
sim_threshold(const struct judge *j, const char *flag, const char *row,
    const struct formula *sim, bool queue, double *val)
{
	const json_t *e = pu_bundle_find(j, "expect", flag, NULL, NULL);
	const struct pu_hit *h = queue ? &sim->qline : &sim->kvline;
	const char *slash;

	if (e == NULL)
		e = pu_bundle_find(j, "expect", row, NULL, NULL);
	if (e != NULL && ru_num(e, val))
		return pu_rec_side(e);
	if (sim->p == NULL || !(queue ? sim->queue : sim->kv))
		return NULL;
	slash = strrchr(h->code, '/');
	if (slash == NULL)
		return NULL;
	slash++;
	while (*slash == ' ')
		slash++;
	if (!parse_f64(slash, strlen(slash), val))
		return NULL;
	return pu_hit_side(h);
}

static bool
numbered(const json_t *x, void *v)
{
	return rec_get_num(x, "number", v);
}

/* A 3c.router-defaults proof whose values name t->dname with a number:
 * the default, its line. */
static bool
has_default(const json_t *p, void *arg)
{
	struct threshold *t = arg;
	const json_t *x = pu_fact_find(p, "values", "name", t->dname,
	    numbered, &t->dv);

	if (x == NULL)
		return false;
	t->dline = (long)json_number_value(json_object_get(x, "line"));
	return true;
}

static void
threshold_init(const struct judge *j, bool queue, struct threshold *t)
{
	struct formula f[3];

	memset(t, 0, sizeof(*t));
	t->metric = queue ? "saturation.queue_depth_threshold" :
	    "saturation.kv_cache_util_threshold";
	t->param = queue ? ".queueDepthThreshold" : ".kvCacheUtilThreshold";
	t->what = queue ? "queue-depth threshold" : "KV threshold";
	t->dname = queue ? "DefaultQueueDepthThreshold" :
	    "DefaultKVCacheUtilThreshold";
	formulas(j, f, NULL);
	t->sside = sim_threshold(j, queue ? "sim.queue_depth_threshold" :
	    "sim.kv_cache_util_threshold", queue ?
	    "admission.queue_depth_threshold" :
	    "admission.kv_cache_util_threshold", &f[1], queue, &t->sv);
	t->dp = pu_claim_find(j, "3c.router-defaults", "router", PU_ANY,
	    has_default, t);
	t->have_default = t->dp != NULL;
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

/* The sim's threshold against the deployed plugin parameter m. */
static void
threshold_deployed(struct judge *j, const struct rule *r,
    const struct threshold *t, const json_t *m, double rv)
{
	const char *key = rec_get_str(m, "key");
	struct pu_out o;
	bool eq;

	pu_out_init(&o, t->metric);
	o.sub = pu_phase_sub(rec_scope_str(m, "phase"), NULL);
	o.actual = pu_rec_side(m);
	if (t->sside == NULL) {
		sbuf_printf(&o.why, "The deployed plugin sets %s ", key);
		ru_num_text(&o.why, rv);
		sbuf_printf(&o.why, " (");
		ru_where(&o.why, m);
		sbuf_printf(&o.why, ") but the sim bundle gives no %s (BLIS "
		    "flag, config.md threshold row or a literal in the sim "
		    "formula).", t->what);
		pu_out_emit(j, r, &o, V_MISSING, NULL);
		return;
	}
	o.expect = json_incref(t->sside);
	eq = fabs(t->sv - rv) <= 1e-9 * fmax(1, fabs(t->sv));
	sbuf_printf(&o.why, "The sim's %s is ", t->what);
	ru_num_text(&o.why, t->sv);
	sbuf_printf(&o.why, "; the deployed plugin's %s is ", key);
	ru_num_text(&o.why, rv);
	sbuf_adds(&o.why, " (");
	ru_where(&o.why, m);
	sbuf_adds(&o.why, ").");
	if (t->have_default) {
		default_text(&o.why, " Router default ", t);
		pu_ev_add(o.evidence, "default thresholds", t->dp);
	}
	if (!eq)
		sbuf_adds(&o.why, " The thresholds differ: the same load gives "
		    "a different saturation, so shedding starts at a different "
		    "load than simulated.");
	pu_out_emit(j, r, &o, eq ? V_PASS : V_FAIL, "Set the plugin parameter "
	    "to the sim's threshold and redeploy.");
}

/* No deployed plugin sets the threshold: the sim's against the router's
 * default. */
static void
threshold_default(struct judge *j, const struct rule *r,
    const struct threshold *t, const struct pu_avail *av)
{
	enum jverdict_value v;
	struct pu_out o;

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
	sat_stale(j, r, &av);
	sat_threshold(j, r, &av, true);
	sat_threshold(j, r, &av, false);
	strv_free(&av.labels);
}

/* --- 3d ------------------------------------------------------------ */

/* "50ms", "2s", "100us", "1m" → microseconds. */
static bool
duration_us(const char *s, double *us)
{
	static const struct { const char *unit; double us; } units[] = {
		{ "ns", 1e-3 }, { "us", 1 }, { "\xc2\xb5s", 1 }, { "ms", 1e3 },
		{ "s", 1e6 }, { "m", 60e6 }, { "h", 3600e6 },
	};
	size_t n = strlen(s);

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t k = strlen(units[i].unit);
		double v;

		if (n > k && strcmp(s + n - k, units[i].unit) == 0 &&
		    parse_f64(s, n - k, &v)) {
			*us = v * units[i].us;
			return true;
		}
	}
	return false;
}

static void
ms_text(struct sbuf *b, double us)
{
	if (us >= 1e6 && fmod(us, 1e6) == 0) {
		ru_num_text(b, us / 1e6);
		sbuf_adds(b, " s");
		return;
	}
	ru_num_text(b, us / 1e3);
	sbuf_adds(b, " ms");
}

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

/* A helm flag --refresh-metrics-interval with a duration; *us. */
static bool
refresh_flag(const json_t *rec, void *us)
{
	const char *key = rec_get_str(rec, "key");
	const json_t *v = json_object_get(rec, "value");

	return key != NULL && (strstr(key, "refresh-metrics-interval") !=
	    NULL || strstr(key, "refreshMetricsInterval") != NULL) &&
	    json_is_string(v) && duration_us(json_string_value(v), us);
}

/* What 3d compares: the sim's snapshot refresh against the router's
 * metrics refresh (deployed flag, else its defaults) and the saturation
 * detector's staleness threshold. */
struct snapshot {
	const json_t	*sim, *dep, *flag, *poll, *stale, *prom;
	bool		 have_sim;
	double		 sv, rv, stv;	/* us */
};

static void
snapshot_facts(const struct judge *j, struct snapshot *s)
{
	double pv = 0, dv = 0;

	memset(s, 0, sizeof(*s));
	s->sim = pu_bundle_find(j, "expect", "sim.snapshot_refresh_interval_us",
	    NULL, NULL);
	s->have_sim = ru_num(s->sim, &s->sv);
	s->dep = pu_bundle_find(j, NULL, "epp.chart", refresh_flag, &dv);
	s->flag = router_duration(j, "3d.refresh-flags",
	    "RefreshMetricsInterval", &s->rv);
	s->poll = router_duration(j, "3d.poll-interval", NULL, &pv);
	s->stale = router_duration(j, "3d.detector-staleness", NULL, &s->stv);
	s->prom = pu_first_found(j, "3d.prometheus-interval", "router");
	if (s->flag == NULL && s->poll != NULL)
		s->rv = pv;
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
		ms_text(&o->why, s->rv);
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
	ms_text(&o->why, s->rv);
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
	ms_text(why, s->rv);
	sbuf_adds(why, " old, the sim's up to ");
	ms_text(why, s->sv);
	sbuf_adds(why, s->rv > s->sv ? ". The real system reacts later to a "
	    "burst: queues grow before saturation rises, so shedding starts "
	    "later and overshoots compared with the sim." : ". The real system "
	    "reacts sooner than the sim, so the sim overstates how late "
	    "shedding starts under bursts.");
	return V_WARN;
}

static void
snapshot_refresh(struct judge *j, const struct rule *r,
    const struct snapshot *s, const struct pu_avail *av)
{
	struct pu_out o;

	pu_out_init(&o, "snapshot.refresh_interval");
	o.expect = pu_rec_side(s->sim);
	if (s->have_sim) {
		sbuf_adds(&o.why, "The sim refreshes the signals its routing "
		    "and admission see every ");
		ms_text(&o.why, s->sv);
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
		pu_out_emit(j, r, &o, V_MISSING, NULL);
		return;
	}
	pu_out_emit(j, r, &o, refresh_compare(&o.why, s), "Set "
	    "--snapshot-refresh-interval to the router's refresh interval (in "
	    "microseconds) and rerun the sim, or account for the difference "
	    "when comparing.");
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
		return;
	}
	pu_ev_add(o.evidence, "the detector's staleness threshold", s->stale);
	o.actual = pu_proof_side(s->stale, 0, rec_num(s->stv));
	json_object_set_new(o.actual, "unit", json_string("us"));
	sbuf_adds(&o.why, "The router's saturation detector counts a pod whose "
	    "metrics are older than ");
	ms_text(&o.why, s->stv);
	sbuf_adds(&o.why, " as fully saturated (");
	pu_where(&o.why, s->stale, 0);
	sbuf_adds(&o.why, ")");
	if (refresh) {
		sbuf_adds(&o.why, "; it refreshes every ");
		ms_text(&o.why, s->rv);
	}
	sbuf_adds(&o.why, ".");
	if (s->have_sim && s->sv > s->stv) {
		sbuf_adds(&o.why, " The sim's snapshots (");
		ms_text(&o.why, s->sv);
		sbuf_adds(&o.why, ") are older than that: in the router such "
		    "metrics would count as saturated, in the sim they are "
		    "used as if fresh.");
		v = V_WARN;
	} else if (refresh && s->rv >= s->stv) {
		sbuf_adds(&o.why, " The refresh is not shorter than the "
		    "staleness threshold: pods can count as saturated between "
		    "two polls, which the sim never does.");
		v = V_WARN;
	} else {
		sbuf_adds(&o.why, " Polling is well inside that window, so in "
		    "normal operation no pod counts as stale; only a pod whose "
		    "metrics stop (restart, slow /metrics) does, which the sim "
		    "does not model.");
		v = V_PASS;
	}
	pu_out_emit(j, r, &o, v, "Compare the sim's snapshot age with the "
	    "detector's staleness threshold and align them.");
}

static void
rule_snapshot(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct snapshot s;
	struct pu_avail av;

	pu_availability(j, &av);
	snapshot_facts(j, &s);
	snapshot_refresh(j, r, &s, &av);
	snapshot_staleness(j, r, &s, &av);
	strv_free(&av.labels);
}

const struct rule rules_saturation[] = {
	{ "3c", "Saturation formula", false, rule_saturation },
	{ "3d", "Snapshot delay", false, rule_snapshot },
	{ NULL, NULL, false, NULL }
};
