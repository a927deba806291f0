/* rules_handling.c - check 3c's edge cases, wherever each side decides:
 * what the router, the sim algorithm and the generated plugin do with an
 * empty pool (saturation functions, and the admission functions of the
 * sim and the plugin), and with an endpoint whose metrics are missing or
 * stale (along the plugin's decision path: a filter that drops such
 * endpoints before saturation is computed counts as much as the
 * saturation function's own branch).  The sides come from satside.h. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "ruleutil.h"
#include "satside.h"
#include "str.h"

/* --- empty pool ---------------------------------------------------- */

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

/* The empty-pool branch of p as a hit: `if COND { return V }`. */
static void
empty_hit(const json_t *p, struct pu_hit *h)
{
	const json_t *ep = json_object_get(json_object_get(p, "facts"),
	    "empty_pool");
	double line = 0;

	h->p = p;
	rec_get_num(ep, "line", &line);
	h->line = (long)line;
	snprintf(h->code, sizeof(h->code), "if %s { return %s }",
	    rec_get_str(ep, "cond") ? rec_get_str(ep, "cond") : "?",
	    rec_get_str(ep, "returns") ? rec_get_str(ep, "returns") : "?");
}

/* An empty-pool verdict being written. */
struct empty {
	struct pu_out	 o;
	bool		 any, mismatch, review, judged;
};

static void
empty_next(struct empty *e)
{
	sbuf_adds(&e->o.why, e->any ? "; " : "Empty pool: ");
	e->any = true;
}

/* A saturation function without an empty-pool branch whose mean
 * divides by a clamped count (max(len(x), 1)): with no endpoint the
 * loop adds nothing and the division by 1 returns the accumulator's
 * start.  Writes what it yields; *h becomes the division's line.  False
 * (review) when the start is not known. */
static bool
empty_clamped(struct empty *e, const struct formula *f, struct pu_hit *h)
{
	pu_where(&e->o.why, f->p, 0);
	sbuf_adds(&e->o.why, " has no empty-pool branch; its mean divides by "
	    "a count clamped to at least 1 (");
	pu_cite(&e->o.why, &f->clampline);
	*h = f->clampline;
	if (f->cstart == NULL) {
		sbuf_adds(&e->o.why, "), so an empty pool yields the "
		    "accumulator's start, not found");
		e->review = true;
		return false;
	}
	sbuf_printf(&e->o.why, "), so an empty pool yields the accumulator's "
	    "start, %s (", f->cstart);
	pu_cite(&e->o.why, &f->startline);
	sbuf_adds(&e->o.why, ")");
	return true;
}

/* The saturation functions' values side by side. */
static void
empty_saturation(struct empty *e, const struct formula f[NSIDES])
{
	const char *ref = NULL, *val;

	for (size_t i = 0; i < NSIDES; i++) {
		struct pu_hit h;

		if (f[i].p == NULL)
			continue;
		empty_hit(f[i].p, &h);
		empty_next(e);
		sbuf_printf(&e->o.why, "%s %s ", f[i].who,
		    satside_name(f[i].p));
		if (f[i].empty == NULL && !f[i].clamp) {
			pu_where(&e->o.why, f[i].p, 0);
			sbuf_adds(&e->o.why, " has no empty-pool branch (a mean "
			    "over zero endpoints is 0/0 = NaN in Go)");
			e->review = true;
			continue;
		}
		if (f[i].empty == NULL && !empty_clamped(e, &f[i], &h))
			continue;
		if (f[i].empty != NULL) {
			sbuf_printf(&e->o.why, "returns %s (", f[i].empty);
			pu_cite(&e->o.why, &h);
			sbuf_adds(&e->o.why, ")");
		}
		if (i == SIDE_SIM)
			e->o.expect = pu_hit_side(&h);
		else if (i == SIDE_GEN || e->o.actual == NULL)
			e->o.actual = (json_decref(e->o.actual),
			    pu_hit_side(&h));
		val = f[i].empty != NULL ? f[i].empty : f[i].cstart;
		if (ref == NULL)
			ref = val;
		else if (!same_number(ref, val))
			e->mismatch = true;
	}
}

/* What an admission function's return means: "admits" (nil, true),
 * "rejects" (false, an error), NULL when it cannot be told. */
/* Whether ret is a sentinel error by Go's naming convention: errFoo,
 * ErrFoo, or pkg.ErrFoo (a lone err, a local, is not told). */
static bool
sentinel_error(const char *ret)
{
	const char *dot = strrchr(ret, '.'), *s = dot != NULL ? dot + 1 : ret;

	if ((strncmp(s, "err", 3) != 0 && strncmp(s, "Err", 3) != 0) ||
	    !isupper((unsigned char)s[3]))
		return false;
	for (const char *c = ret; *c != '\0'; c++)
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '.')
			return false;
	return true;
}

static const char *
admit_meaning(const char *ret)
{
	if (ret == NULL)
		return NULL;
	if (sentinel_error(ret))
		return "rejects";
	if (strcmp(ret, "nil") == 0 || strcmp(ret, "true") == 0)
		return "admits";
	if (strcmp(ret, "false") == 0 || strstr(ret, "rrorf(") != NULL ||
	    strstr(ret, "rrors.New(") != NULL || strstr(ret, "Error{") != NULL)
		return "rejects";
	return NULL;
}

/* One admission function's empty-pool decision, in words; its meaning. */
static const char *
admit_text(struct empty *e, const char *who, const json_t *p)
{
	const char *ret = rec_get_str(json_object_get(json_object_get(p,
	    "facts"), "empty_pool"), "returns");
	const char *means = admit_meaning(ret);
	struct pu_hit h;

	empty_next(e);
	sbuf_printf(&e->o.why, "%s %s ", who, satside_name(p));
	if (ret == NULL) {
		pu_where(&e->o.why, p, 0);
		sbuf_adds(&e->o.why, " has no empty-pool branch (its decision "
		    "then follows from its saturation path)");
		return NULL;
	}
	empty_hit(p, &h);
	sbuf_printf(&e->o.why, "%s an empty pool (", means ? means :
	    "returns something else for");
	pu_cite(&e->o.why, &h);
	sbuf_adds(&e->o.why, ")");
	return means;
}

/* The admission functions of the sim and the plugin: the same decision
 * for an empty pool? */
static void
empty_admission(struct empty *e, const struct judge *j)
{
	const json_t *sim = satside_of_class(j, "sim", "admit");
	const json_t *gen = satside_of_class(j, "generated", "admit");
	const char *sm = NULL, *gm = NULL;

	if (sim != NULL)
		sm = admit_text(e, "sim algorithm", sim);
	if (gen != NULL)
		gm = admit_text(e, "generated plugin", gen);
	if (sim == NULL || gen == NULL)
		return;
	e->judged = true;
	if (sm != NULL && gm != NULL && strcmp(sm, gm) != 0)
		e->mismatch = true;
	else if ((sm == NULL) != (gm == NULL))
		e->review = true;
}

/* The plugin's other decision functions with an empty-pool branch
 * (filters, scorers, helpers), against the sim's function of the same
 * kind when it has one. */
static void
empty_others(struct empty *e, const struct judge *j, const json_t *gsat)
{
	struct ru_list l;

	satside_decisions(j, "generated", &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *p = l.v[i], *sp;
		const char *cls = satside_class(p), *ret, *sret;
		struct pu_hit h;

		ret = rec_get_str(json_object_get(json_object_get(p, "facts"),
		    "empty_pool"), "returns");
		if (p == gsat || strcmp(cls, "admit") == 0 || ret == NULL)
			continue;
		empty_hit(p, &h);
		empty_next(e);
		sbuf_printf(&e->o.why, "generated plugin %s (a %s) returns %s "
		    "(", satside_name(p), cls, ret);
		pu_cite(&e->o.why, &h);
		sbuf_adds(&e->o.why, ")");
		sp = satside_of_class(j, "sim", cls);
		sret = rec_get_str(json_object_get(json_object_get(sp,
		    "facts"), "empty_pool"), "returns");
		if (sp != NULL && strcmp(cls, "helper") != 0 && sret != NULL &&
		    !same_number(sret, ret)) {
			sbuf_printf(&e->o.why, ", where the sim's %s returns %s",
			    satside_name(sp), sret);
			e->review = true;
		}
	}
	ru_list_free(&l);
}

void
sat_empty(struct judge *j, const struct rule *r, const struct pu_avail *av)
{
	struct formula f[NSIDES];
	struct empty e = { .any = false };
	enum jverdict_value v;

	pu_out_init(&e.o, "saturation.empty_pool");
	satside_formulas(j, f, NULL);
	empty_saturation(&e, f);
	empty_admission(&e, j);
	empty_others(&e, j, f[SIDE_GEN].p);
	if (!e.any) {
		sbuf_printf(&e.o.why, "No saturation or admission function to "
		    "read the empty-pool value from%s%s.", av->router ? "" :
		    "; ", av->router ? "" : PU_NO_CODEBASE);
		pu_out_emit(j, r, &e.o, V_INAPPLICABLE, NULL);
		return;
	}
	sbuf_adds(&e.o.why, ".");
	if (e.mismatch)
		sbuf_adds(&e.o.why, " The sides differ: with no endpoint (all "
		    "pods starting or gone) one side reports a saturated pool "
		    "or rejects and the other does not, so admission behaves "
		    "differently exactly when the pool is empty.");
	if (f[SIDE_ROUTER].p == NULL)
		sbuf_printf(&e.o.why, " Router side: %s.", av->router ?
		    "no saturation detector found" : PU_NO_CODEBASE);
	if (!e.judged && f[SIDE_ROUTER].p != NULL)
		e.judged = satside_present(f, av, &e.o.why) >= 2;
	v = e.mismatch ? V_FAIL : e.review ? V_WARN : e.judged ? V_PASS :
	    V_INAPPLICABLE;
	pu_out_emit(j, r, &e.o, v, e.mismatch ? "Return the sim's empty-pool "
	    "value (saturation, admission) from the generated plugin and "
	    "rerun." : "Add an explicit empty-pool branch that returns the "
	    "sim's value, or check what the function yields for no endpoint.");
}

/* --- missing and stale metrics ------------------------------------- */

/* How one side treats an endpoint without (fresh) metrics: the branch
 * that tests for missing metrics and the one for stale metrics, with the
 * functions they are in. */
struct handling {
	const char	*who;
	const json_t	*mp, *miss;
	const json_t	*sp, *stale;
};

/* Fills h from the functions l (in order of precedence) after sat (the
 * side's saturation function, tried first unless a function skips such
 * endpoints: a filter that drops them decides before the saturation
 * ever sees them). */
static void
handling_of(struct handling *h, const char *who, const json_t *sat,
    const struct ru_list *l)
{
	memset(h, 0, sizeof(*h));
	h->who = who;
	for (size_t i = 0; i < l->n && h->miss == NULL; i++)
		if ((h->miss = satside_branch(l->v[i], "missing", true)) != NULL)
			h->mp = l->v[i];
	if (h->miss == NULL && sat != NULL &&
	    (h->miss = satside_branch(sat, "missing", false)) != NULL)
		h->mp = sat;
	for (size_t i = 0; i < l->n && h->miss == NULL; i++)
		if ((h->miss = satside_branch(l->v[i], "missing", false)) != NULL)
			h->mp = l->v[i];
	if (sat != NULL && (h->stale = satside_branch(sat, "stale", false)) !=
	    NULL)
		h->sp = sat;
	for (size_t i = 0; i < l->n && h->stale == NULL; i++)
		if ((h->stale = satside_branch(l->v[i], "stale", false)) != NULL)
			h->sp = l->v[i];
}

static void
handling_text(struct sbuf *b, const struct handling *h)
{
	if (h->miss == NULL) {
		sbuf_printf(b, "%s never tests for missing metrics", h->who);
	} else {
		satside_branch_cite(b, h->who, h->mp, h->miss);
		sbuf_adds(b, ": for an endpoint without metrics it ");
		satside_action_text(b, h->miss);
	}
	if (h->stale == NULL) {
		sbuf_adds(b, "; it never tests for stale metrics");
		return;
	}
	if (h->stale == h->miss) {
		sbuf_adds(b, ", and the same for stale metrics");
		return;
	}
	sbuf_adds(b, "; ");
	satside_branch_cite(b, h->who, h->sp, h->stale);
	sbuf_adds(b, ": for one with stale metrics it ");
	satside_action_text(b, h->stale);
}

/* A side's handling as a verdict side. */
static json_t *
handling_side(const struct handling *h)
{
	double line = 0;
	char value[96];
	const json_t *br = h->miss != NULL ? h->miss : h->stale;

	snprintf(value, sizeof(value), "missing: %s; stale: %s",
	    h->miss == NULL ? "not tested" : satside_counts(h->miss) ?
	    "counted as fully loaded" : rec_get_str(h->miss, "action"),
	    h->stale == NULL ? "not tested" : satside_counts(h->stale) ?
	    "counted as fully loaded" : rec_get_str(h->stale, "action"));
	rec_get_num(br, "line", &line);
	return pu_proof_side(h->miss != NULL ? h->mp : h->sp, (long)line,
	    json_string(value));
}

/* Missing metrics, the plugin against the sim: FAIL when one counts such
 * an endpoint as fully loaded and the other does not. */
static enum jverdict_value
missing_compare(struct sbuf *why, const struct handling *sim,
    const struct handling *gen)
{
	if (sim->miss == NULL && gen->miss == NULL)
		return V_PASS;
	if (sim->miss == NULL || gen->miss == NULL) {
		sbuf_printf(why, " Only the %s tests for missing metrics: "
		    "review what the other does with an endpoint that has none "
		    "yet.", sim->miss != NULL ? "sim algorithm" :
		    "generated plugin");
		return V_WARN;
	}
	if (satside_counts(sim->miss) == satside_counts(gen->miss))
		return V_PASS;
	sbuf_printf(why, " The plugin %s an endpoint without metrics that the "
	    "sim %s: while pods start (no metrics yet) the plugin's "
	    "saturation is %s than the simulated one, so it sheds %s.",
	    satside_counts(gen->miss) ? "counts as fully loaded" :
	    "does not count", satside_counts(sim->miss) ? "counts as fully "
	    "loaded" : "does not count", satside_counts(gen->miss) ? "higher" :
	    "lower", satside_counts(gen->miss) ? "more than simulated" :
	    "less than simulated (under-shedding at startup)");
	return V_FAIL;
}

/* Stale metrics: the three sides. */
static enum jverdict_value
stale_compare(struct sbuf *why, const struct handling h[NSIDES])
{
	bool sim = h[SIDE_SIM].stale != NULL, gen = h[SIDE_GEN].stale != NULL;
	bool router = h[SIDE_ROUTER].stale != NULL;
	bool have_gen = h[SIDE_GEN].who != NULL, have_router =
	    h[SIDE_ROUTER].who != NULL;

	if (h[SIDE_SIM].who == NULL)	/* the sim is the reference */
		sim = have_gen ? gen : router;
	if ((!have_gen || gen == sim) && (!have_router || router == sim))
		return V_PASS;
	sbuf_adds(why, " The sides treat endpoints with stale metrics "
	    "differently");
	if (have_router && router && !sim)
		sbuf_adds(why, ": in the router a pod whose metrics stop "
		    "updating for longer than the staleness threshold raises "
		    "saturation to 1.0 for that pod, the others keep using its "
		    "last values");
	if (have_gen && gen && !sim)
		sbuf_adds(why, "; the plugin tests for staleness, which the "
		    "sim never does");
	sbuf_adds(why, ". Review whether that matters for this run (a pod "
	    "restart or a slow /metrics endpoint).");
	return V_WARN;
}

/* The plugin's decision functions off its decision path (a scheduling
 * filter or scorer) that test for missing or stale metrics, against the
 * sim's function of the same kind. */
static bool
handling_others(struct sbuf *why, const struct judge *j,
    const struct ru_list *path)
{
	struct ru_list l;
	bool differ = false;

	satside_decisions(j, "generated", &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *p = l.v[i], *br = satside_branch(p, "missing",
		    false), *sp, *sbr;
		bool on = false;

		for (size_t k = 0; k < path->n; k++)
			on = on || path->v[k] == p;
		if (on || br == NULL)
			continue;
		sbuf_adds(why, " Off the admission path, ");
		satside_branch_cite(why, "generated plugin", p, br);
		sbuf_adds(why, " ");
		satside_action_text(why, br);
		sbuf_adds(why, " without metrics");
		sp = satside_of_class(j, "sim", satside_class(p));
		sbr = sp != NULL ? satside_branch(sp, "missing", false) : NULL;
		if (sbr != NULL && strcmp(satside_class(p), "helper") != 0 &&
		    satside_counts(sbr) != satside_counts(br)) {
			sbuf_printf(why, ", where the sim's %s ",
			    satside_name(sp));
			satside_action_text(why, sbr);
			sbuf_adds(why, ": review");
			differ = true;
		}
		sbuf_adds(why, ".");
	}
	ru_list_free(&l);
	return differ;
}

/* The three sides' handling: the router's detector, the sim's saturation
 * and decision functions, the plugin's decision path. */
static void
handlings(const struct judge *j, const struct formula f[NSIDES],
    struct handling h[NSIDES], struct ru_list *path)
{
	struct ru_list none = {0}, sim;

	memset(h, 0, sizeof(struct handling) * NSIDES);
	if (f[SIDE_ROUTER].p != NULL)
		handling_of(&h[SIDE_ROUTER], "router", f[SIDE_ROUTER].p, &none);
	satside_decisions(j, "sim", &sim);
	if (sim.n > 0)
		handling_of(&h[SIDE_SIM], "sim algorithm", f[SIDE_SIM].p, &sim);
	satside_path(j, path);
	if (path->n > 0)
		handling_of(&h[SIDE_GEN], "generated plugin", f[SIDE_GEN].p,
		    path);
	ru_list_free(&sim);
}

void
sat_stale(struct judge *j, const struct rule *r, const struct pu_avail *av)
{
	struct formula f[NSIDES];
	struct handling h[NSIDES];
	struct ru_list path;
	const json_t *st = pu_first_found(j, "3d.detector-staleness", "router");
	enum jverdict_value v = V_PASS, w;
	size_t nsides = 0;
	struct pu_out o;

	pu_out_init(&o, "saturation.stale_metrics");
	satside_formulas(j, f, NULL);
	handlings(j, f, h, &path);
	for (size_t i = 0; i < NSIDES; i++) {
		if (h[i].who == NULL)
			continue;
		sbuf_adds(&o.why, nsides++ ? "; " : "");
		handling_text(&o.why, &h[i]);
	}
	if (h[SIDE_SIM].who != NULL)
		o.expect = handling_side(&h[SIDE_SIM]);
	if (h[SIDE_GEN].who != NULL)
		o.actual = handling_side(&h[SIDE_GEN]);
	if (st != NULL)
		pu_ev_add(o.evidence, "the detector's staleness threshold", st);
	if (nsides == 0) {
		sbuf_printf(&o.why, "No saturation or decision function to "
		    "compare%s%s.", av->router ? "" : "; ", av->router ? "" :
		    PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		ru_list_free(&path);
		return;
	}
	sbuf_adds(&o.why, ".");
	if (h[SIDE_SIM].who != NULL && h[SIDE_GEN].who != NULL)
		v = missing_compare(&o.why, &h[SIDE_SIM], &h[SIDE_GEN]);
	w = stale_compare(&o.why, h);
	if (handling_others(&o.why, j, &path))
		w = V_WARN;
	if (v == V_PASS)
		v = w;
	if (h[SIDE_ROUTER].who == NULL)
		sbuf_printf(&o.why, " Router side: %s.", av->router ?
		    "no saturation detector found" : PU_NO_CODEBASE);
	if (v == V_PASS && (h[SIDE_ROUTER].who == NULL || nsides < 2)) {
		v = V_INAPPLICABLE;
		if (nsides < 2)
			satside_present(f, av, &o.why);
	}
	pu_out_emit(j, r, &o, v, v == V_FAIL ? "Make the plugin treat an "
	    "endpoint without metrics as the sim algorithm does (count it as "
	    "fully loaded, or not), wherever it tests for it, and rerun." :
	    "Review the stale/missing-metrics branches side by side; make the "
	    "plugin follow the sim (or document why not).");
	ru_list_free(&path);
}
