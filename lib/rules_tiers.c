/* rules_tiers.c - check 4d (policy parity, from code and configs): does
 * the generated plugin map each priority to its tier?
 *
 * Like 4a-4c (rules_policy.c, rules_treatment.c), verdicts come from the
 * proof records of s2r-grep-proof (lib/proofutil.h), the sim's tier table
 * (s2r-expect: priority.tier) and the deployed EPP configs, once per
 * bundle.  The tier names are llm-d's: critical 100 and standard 0 are
 * always admitted, sheddable -50 gets the more aggressive shedding ramp,
 * batch -10 the less aggressive one. */
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "rules_override.h"
#include "rules_ramp.h"
#include "ruleutil.h"
#include "str.h"

static bool
tier_valued(const json_t *e, void *v)
{
	double x;

	return ru_num(e, &x) && x == *(double *)v &&
	    rec_scope_str(e, "class") != NULL;
}

/* The tier the README table gives priority value v, NULL when none. */
static const json_t *
tier_of_value(const struct judge *j, double v)
{
	return pu_bundle_find(j, "expect", "priority.tier", tier_valued, &v);
}

/* Compares a dispatch's mapping with the README tiers (else the
 * catalog's); counts mismatches and writes them. */
static size_t
dispatch_mismatches(const struct judge *j, const json_t *p, struct sbuf *b)
{
	const json_t *facts = json_object_get(p, "facts");
	const json_t *map = json_object_get(facts, "mapping");
	const json_t *exp = json_object_get(facts, "expected");
	const char *key;
	json_t *val;
	size_t bad = 0;

	json_object_foreach((json_t *)map, key, val) {
		double v;
		const json_t *e;
		const char *want;

		if (!parse_f64(key, strlen(key), &v))
			continue;
		e = tier_of_value(j, v);
		want = e != NULL ? rec_scope_str(e, "class") :
		    rec_get_str(exp, key);
		if (want == NULL || json_string_value(val) == NULL ||
		    strcmp(want, json_string_value(val)) == 0)
			continue;
		sbuf_printf(b, "%spriority %s (%s", bad ? "; " : "", key, want);
		if (e != NULL) {
			sbuf_adds(b, ", ");
			ru_where(b, e);
		}
		sbuf_printf(b, ") gets the %s parameters",
		    json_string_value(val));
		bad++;
	}
	return bad;
}

static void
mapping_text(struct sbuf *b, const json_t *p)
{
	const json_t *map = json_object_get(json_object_get(p, "facts"),
	    "mapping");
	const char *key;
	json_t *val;
	bool first = true;

	json_object_foreach((json_t *)map, key, val) {
		sbuf_printf(b, "%s%s -> %s", first ? "" : ", ", key,
		    json_string_value(val) ? json_string_value(val) : "?");
		first = false;
	}
}

static void
ramp_text(struct sbuf *b, const struct judge *j, const char *tier)
{
	const json_t *p, *br;

	if (!sim_ramp(j, tier, &p, &br))
		return;
	sbuf_printf(b, " The sim gives %s the ramp [", tier);
	ru_value_text(b, json_array_get(json_object_get(br, "numbers"), 0));
	sbuf_adds(b, ", ");
	ru_value_text(b, json_array_get(json_object_get(br, "numbers"), 1));
	sbuf_adds(b, "] (");
	pu_where(b, p, (long)json_number_value(json_object_get(br, "line")));
	sbuf_adds(b, ").");
}

static bool
maps_tiers(const json_t *p, void *arg)
{
	return json_is_true(json_object_get(json_object_get(p, "facts"),
	    "maps_tiers"));
}

/* A proof side whose value is p's priority mapping. */
static json_t *
mapping_side(const json_t *p)
{
	struct sbuf m = {0};
	json_t *side;

	mapping_text(&m, p);
	side = pu_proof_side(p, 0, json_string(sbuf_str(&m)));
	sbuf_free(&m);
	return side;
}

/* The generated plugin has no tier dispatch to check. */
static void
dispatch_untiered(struct judge *j, const struct rule *r, struct pu_out *o,
    const struct pu_avail *av, size_t nsim, const struct sbuf *simbad)
{
	enum jverdict_value v;

	sbuf_adds(&o->why, av->generated ? "No switch or if-chain on priority "
	    "that selects tier parameters was found in the generated plugin: "
	    "review how it picks each tier's ramp." : "The real bundle has "
	    "no generated Go plugin (generated/*.go) to check.");
	if (nsim > 0)
		sbuf_printf(&o->why, " The sim algorithm itself disagrees with "
		    "the tier table: %s.", sbuf_str(simbad));
	v = nsim > 0 ? V_FAIL : av->generated ? V_WARN : V_INAPPLICABLE;
	pu_out_emit(j, r, o, v, nsim > 0 ? "Fix the sim algorithm's tier "
	    "mapping and rerun the simulation." : PU_ACT_REVIEW);
}

static bool	has_outcomes(const json_t *p, void *arg);
static const json_t *tier_outcome(const json_t *p, const char *tier);
static void	path_text(struct sbuf *b, const json_t *oc);

/* A shed tier (sheddable, batch) that the admission function admits
 * before it reaches any ramp, or (with other_ramps: the mapping itself
 * is right) sends to another tier's ramp: its ramp in the switch is dead
 * code for it, whatever the mapping says.  Says which in bad; how many. */
static size_t
unreached_ramps(const struct judge *j, bool other_ramps, struct sbuf *bad)
{
	static const char *const shed[] = { "sheddable", "batch" };
	const json_t *hit = pu_claim_find(j, "4d.generated-dispatch",
	    "generated", PU_FOUND, has_outcomes, "admit");
	size_t n = 0;

	for (size_t i = 0; hit != NULL && i < 2; i++) {
		const json_t *oc = tier_outcome(hit, shed[i]);
		const char *dec = rec_get_str(oc, "decision");
		const char *ramp = rec_get_str(oc, "ramp");
		double prio = 0;

		if (dec == NULL || (strcmp(dec, "admit") == 0 &&
		    json_object_get(oc, "conditional") != NULL) ||
		    (strcmp(dec, "ramp") == 0 && (!other_ramps ||
		    (ramp != NULL && strcmp(ramp, shed[i]) == 0))) ||
		    (strcmp(dec, "admit") != 0 && strcmp(dec, "ramp") != 0))
			continue;
		rec_get_num(oc, "priority", &prio);
		sbuf_printf(bad, "%s%s (priority %.0f) through %s: ",
		    n ? "; " : "", shed[i], prio, rec_get_str(json_object_get(
		    json_object_get(hit, "facts"), "enclosing_func"), "symbol"));
		path_text(bad, oc);
		if (strcmp(dec, "admit") == 0)
			sbuf_printf(bad, ": always admitted, never shed (its "
			    "ramp is never reached)");
		else
			sbuf_printf(bad, ": gets the %s ramp", ramp ? ramp :
			    "?");
		n++;
	}
	return n;
}

/* Whether every assignment of a branch gives plain numbers (a literal
 * ramp: start, full = 0.02, 0.20), reading no parameter. */
static bool
literal_only(const json_t *branch)
{
	const json_t *as = json_object_get(branch, "assigns");
	json_t *a;
	size_t i;

	if (json_array_size(as) == 0 ||
	    json_array_size(json_object_get(branch, "numbers")) < 2)
		return false;
	json_array_foreach(as, i, a) {
		const char *rhs = rec_get_str(a, "rhs");

		if (rhs == NULL || rhs[strspn(rhs, "0123456789.,eE+- ")] != '\0')
			return false;
	}
	return true;
}

/* A shed tier's branch of the generated dispatch that assigns its ramp
 * from literals: the treatment config's parameters for that tier are
 * decoded and never used, so the YAML 4c compares is not what runs.
 * Each such branch is said in b against the sim's ramp of the tier;
 * counts the ones that differ (*ndiff) and all (return). */
static size_t
literal_ramps(const struct judge *j, const json_t *tiered, struct sbuf *b,
    size_t *ndiff)
{
	const json_t *facts = json_object_get(tiered, "facts");
	json_t *br;
	size_t i, n = 0;

	*ndiff = 0;
	json_array_foreach(json_object_get(facts, "branches"), i, br) {
		const json_t *vals = json_object_get(br, "values");
		const json_t *nums = json_object_get(br, "numbers");
		const json_t *e, *p, *sbr;
		const char *tier;
		char key[32];
		double v;

		if (json_array_size(vals) != 1 || !literal_only(br))
			continue;
		v = json_number_value(json_array_get(vals, 0));
		snprintf(key, sizeof(key), "%.0f", v);
		e = tier_of_value(j, v);
		tier = e != NULL ? rec_scope_str(e, "class") :
		    rec_get_str(json_object_get(facts, "expected"), key);
		if (tier == NULL || other_tier(tier) == NULL)
			continue;
		sbuf_printf(b, "%spriority %s (%s) gets the hard-coded ramp [",
		    n ? "; " : "", key, tier);
		ru_value_text(b, json_array_get(nums, 0));
		sbuf_adds(b, ", ");
		ru_value_text(b, json_array_get(nums, 1));
		sbuf_printf(b, "] (`%s = %s` in the branch at ",
		    rec_get_str(json_array_get(json_object_get(br, "assigns"),
		    0), "lhs"), rec_get_str(json_array_get(json_object_get(br,
		    "assigns"), 0), "rhs"));
		pu_where(b, tiered, (long)json_integer_value(json_object_get(br,
		    "line")));
		sbuf_printf(b, "), not the config's %s parameters", tier);
		n++;
		if (!sim_ramp(j, tier, &p, &sbr)) {
			sbuf_adds(b, " (no sim ramp to compare it with)");
			continue;
		}
		if (ru_equal(json_array_get(nums, 0), json_array_get(
		    json_object_get(sbr, "numbers"), 0)) && ru_equal(
		    json_array_get(nums, 1), json_array_get(json_object_get(sbr,
		    "numbers"), 1)))
			sbuf_adds(b, ", though equal to the sim's");
		else {
			sbuf_adds(b, ", and not the sim's");
			(*ndiff)++;
		}
	}
	return n;
}

/* What the plugin's decision path, its JSON tags and its literal ramps
 * say beyond the mapping (right: the mapping itself is right), into o;
 * the verdict they give. */
static enum jverdict_value
path_problems(const struct judge *j, struct pu_out *o, const json_t *tiered,
    bool right)
{
	struct sbuf bad = {0};
	size_t nunreached, ntags, nlit, nlitdiff, nends;

	nunreached = unreached_ramps(j, right, &bad);
	if (nunreached > 0)
		sbuf_printf(&o->why, " But the plugin's decision path does not "
		    "take every tier to its ramp: %s.", sbuf_str(&bad));
	sbuf_free(&bad);
	ntags = tag_mismatches(j, &bad);
	if (ntags > 0)
		sbuf_printf(&o->why, " But its parameters are read from other "
		    "tiers' keys: %s, so the treatment config's values land in "
		    "the wrong ramp.", sbuf_str(&bad));
	sbuf_free(&bad);
	nlit = literal_ramps(j, tiered, &bad, &nlitdiff);
	if (nlit > 0)
		sbuf_printf(&o->why, " But a ramp is hard-coded: %s; whatever "
		    "the treatment config sets for it is never used.",
		    sbuf_str(&bad));
	sbuf_free(&bad);
	nends = ramp_ends_wrong(tiered, &bad);
	if (nends > 0)
		sbuf_printf(&o->why, " But %s.", sbuf_str(&bad));
	sbuf_free(&bad);
	return nunreached + ntags + nlitdiff + nends > 0 ? V_FAIL : nlit > 0 ?
	    V_WARN : V_PASS;
}

/* The expected priorities no branch names the parameters of (the
 * decision path below says where they go). */
static void
unnamed_text(struct sbuf *b, const json_t *tiered)
{
	json_t *m;
	size_t i;

	sbuf_adds(b, " Not mapped by name:");
	json_array_foreach(json_object_get(json_object_get(tiered, "facts"),
	    "mismatches"), i, m)
		sbuf_printf(b, "%s %s", i ? ";" : "", json_string_value(m));
	sbuf_adds(b, ".");
}

/* The generated plugin's dispatch (tiered) against the tier table. */
static void
dispatch_tiered(struct judge *j, const struct rule *r, struct pu_out *o,
    const json_t *tiered, size_t nsim, const struct sbuf *simbad)
{
	struct sbuf m = {0}, bad = {0};
	enum jverdict_value v, w;
	size_t nbad;

	mapping_text(&m, tiered);
	o->actual = pu_proof_side(tiered, 0, json_string(sbuf_str(&m)));
	sbuf_printf(&o->why, "The generated plugin dispatches %s (",
	    sbuf_str(&m));
	pu_where(&o->why, tiered, 0);
	sbuf_adds(&o->why, ").");
	sbuf_free(&m);
	pu_ev_add(o->evidence, "priority -> parameters", tiered);
	nbad = dispatch_mismatches(j, tiered, &bad);
	if (nbad > 0) {
		sbuf_printf(&o->why, " Wrong: %s.", sbuf_str(&bad));
		if (json_is_true(json_object_get(json_object_get(tiered,
		    "facts"), "swapped")) || nbad >= 2)
			sbuf_adds(&o->why, " Sheddable (-50) and batch (-10) "
			    "are swapped: sheddable requests get the gentle "
			    "batch ramp and batch requests the aggressive one, "
			    "so the treatment protects the wrong tier and its "
			    "results say nothing about the simulated "
			    "algorithm.");
	} else if (json_array_size(json_object_get(json_object_get(tiered,
	    "facts"), "mismatches")) > 0)
		unnamed_text(&o->why, tiered);
	else
		sbuf_adds(&o->why, " Each priority gets its own tier's "
		    "parameters: sheddable (-50) the more aggressive ramp, "
		    "batch (-10) the less aggressive one.");
	ramp_text(&o->why, j, "sheddable");
	ramp_text(&o->why, j, "batch");
	if (nsim > 0)
		sbuf_printf(&o->why, " The sim algorithm disagrees with the "
		    "tier table too: %s.", sbuf_str(simbad));
	sbuf_free(&bad);
	v = nbad > 0 || nsim > 0 ? V_FAIL : V_PASS;
	w = path_problems(j, o, tiered, nbad == 0);
	v = w > v ? w : v;	/* PASS < WARN < FAIL */
	pu_out_emit(j, r, o, v, "Fix the priority switch (and the guards "
	    "before it) of the generated plugin so that -50 reaches the "
	    "sheddable parameters and -10 the batch ones, each ramp read "
	    "from the config's parameters, rebuild and rerun the treatment "
	    "arm.");
}

static void
dispatch_verdict(struct judge *j, const struct rule *r,
    const struct pu_avail *av)
{
	const json_t *sim = pu_first_found(j, "4d.sim-dispatch", "sim");
	const json_t *tiered = pu_claim_find(j, "4d.generated-dispatch",
	    "generated", PU_ANY, maps_tiers, NULL);
	struct sbuf simbad = {0};
	size_t nsim = 0;
	struct pu_out o;

	pu_out_init(&o, "priority.dispatch");
	if (sim != NULL && maps_tiers(sim, NULL)) {
		o.expect = mapping_side(sim);
		pu_ev_add(o.evidence, "priority -> ramp", sim);
		nsim = dispatch_mismatches(j, sim, &simbad);
	}
	if (tiered == NULL)
		dispatch_untiered(j, r, &o, av, nsim, &simbad);
	else
		dispatch_tiered(j, r, &o, tiered, nsim, &simbad);
	sbuf_free(&simbad);
}

/* A dispatch proof with tier outcomes; an admission function's first
 * (arg: true to want one). */
static bool
has_outcomes(const json_t *p, void *arg)
{
	const json_t *facts = json_object_get(p, "facts");
	const char *fn = rec_get_str(json_object_get(facts, "enclosing_func"),
	    "symbol");

	return json_array_size(json_object_get(facts, "outcomes")) > 0 &&
	    (arg == NULL || (fn != NULL && pu_icontains(fn, "admit")));
}

/* The outcome of tier in proof p. */
static const json_t *
tier_outcome(const json_t *p, const char *tier)
{
	return pu_fact_find(p, "outcomes", "tier", tier, NULL, NULL);
}

/* The tier table's priorities 100 and 0 (always admitted): the expected
 * side. */
static void
protected_tiers(const struct judge *j, struct pu_out *o)
{
	const json_t *crit = tier_of_value(j, 100);
	const json_t *std = tier_of_value(j, 0);

	if (crit == NULL && std == NULL)
		return;
	sbuf_adds(&o->why, "The tier table gives ");
	if (crit != NULL) {
		sbuf_printf(&o->why, "%s priority 100 (", rec_scope_str(crit,
		    "class"));
		ru_where(&o->why, crit);
		sbuf_adds(&o->why, ")");
	}
	if (std != NULL) {
		sbuf_printf(&o->why, "%s%s priority 0 (", crit ? " and " : "",
		    rec_scope_str(std, "class"));
		ru_where(&o->why, std);
		sbuf_adds(&o->why, ")");
	}
	sbuf_adds(&o->why, ": always admitted. ");
	o->expect = pu_rec_side(crit != NULL ? crit : std);
}

/* The steps an outcome took, "81: if (false) priority > 0 → 94: …". */
static void
path_text(struct sbuf *b, const json_t *oc)
{
	json_t *st;
	size_t i;

	json_array_foreach(json_object_get(oc, "path"), i, st)
		sbuf_printf(b, "%s`%s`", i ? " then " : "",
		    json_string_value(st) ? json_string_value(st) : "?");
}

/* One protected tier's outcome, in words; its verdict. */
static enum jverdict_value
protected_tier(struct pu_out *o, const json_t *hit, const char *tier)
{
	const json_t *oc = tier_outcome(hit, tier);
	const json_t *cond = json_object_get(oc, "conditional");
	const char *dec = rec_get_str(oc, "decision");
	double prio = 0, line = 0;

	if (oc == NULL || dec == NULL) {
		sbuf_printf(&o->why, " %s: not evaluated.", tier);
		return V_WARN;
	}
	rec_get_num(oc, "priority", &prio);
	sbuf_printf(&o->why, " %s (priority %.0f): ", tier, prio);
	path_text(&o->why, oc);
	if (strcmp(dec, "admit") == 0 && cond == NULL) {
		sbuf_adds(&o->why, ": admitted before any shedding.");
		return V_PASS;
	}
	if (strcmp(dec, "admit") == 0) {
		rec_get_num(cond, "line", &line);
		sbuf_printf(&o->why, ": admitted, but a branch before it "
		    "(line %.0f `if %s`) can shed it under load.", line,
		    rec_get_str(cond, "cond"));
		return V_FAIL;
	}
	if (strcmp(dec, "ramp") == 0 || strcmp(dec, "reject") == 0) {
		sbuf_printf(&o->why, ": %s%s%s, so %s requests are shed.",
		    strcmp(dec, "ramp") == 0 ? "it gets the " : "rejected",
		    strcmp(dec, "ramp") == 0 ? rec_get_str(oc, "ramp") : "",
		    strcmp(dec, "ramp") == 0 ? " ramp" : "", tier);
		return V_FAIL;
	}
	sbuf_printf(&o->why, ": %s (the plugin's decision for it could not "
	    "be followed).", dec);
	return V_WARN;
}

static void
protected_verdict(struct judge *j, const struct rule *r,
    const struct pu_avail *av)
{
	const json_t *hit = pu_claim_find(j, "4d.generated-dispatch",
	    "generated", PU_FOUND, has_outcomes, "admit");
	enum jverdict_value v, w;
	char value[64];
	struct pu_out o;

	if (hit == NULL)
		hit = pu_claim_find(j, "4d.generated-dispatch", "generated",
		    PU_FOUND, has_outcomes, NULL);
	pu_out_init(&o, "priority.protected");
	protected_tiers(j, &o);
	if (hit == NULL) {
		sbuf_adds(&o.why, av->generated ? "No function of the generated "
		    "plugin decides on priority (no switch or if on it was "
		    "found): review that critical and standard requests are "
		    "never shed." : "The real bundle has no generated Go plugin "
		    "(generated/*.go) to check: nothing on the real side can "
		    "shed by priority.");
		pu_out_emit(j, r, &o, av->generated ? V_WARN : V_INAPPLICABLE,
		    PU_ACT_REVIEW);
		return;
	}
	snprintf(value, sizeof(value), "critical: %s, standard: %s",
	    rec_get_str(tier_outcome(hit, "critical"), "decision") ?
	    rec_get_str(tier_outcome(hit, "critical"), "decision") : "?",
	    rec_get_str(tier_outcome(hit, "standard"), "decision") ?
	    rec_get_str(tier_outcome(hit, "standard"), "decision") : "?");
	o.actual = pu_proof_side(hit, 0, json_string(value));
	pu_ev_add(o.evidence, "priority -> decision", hit);
	sbuf_printf(&o.why, "Each tier's priority through %s (",
	    rec_get_str(json_object_get(json_object_get(hit, "facts"),
	    "enclosing_func"), "symbol"));
	pu_where(&o.why, hit, 0);
	sbuf_adds(&o.why, "):");
	v = protected_tier(&o, hit, "critical");
	w = protected_tier(&o, hit, "standard");
	v = v == V_FAIL || w == V_FAIL ? V_FAIL : v == V_WARN || w == V_WARN ?
	    V_WARN : V_PASS;
	pu_out_emit(j, r, &o, v, v == V_FAIL ? "Admit every priority >= 0 "
	    "(critical 100, standard 0) before any shedding in the generated "
	    "plugin, rebuild and rerun the treatment arm." : PU_ACT_REVIEW);
}

/* The sim's tier table (the expected side); the tiers whose sign the
 * router's rule contradicts go to wrong. */
static void
semantics_tiers(const struct judge *j, struct pu_out *o, struct sbuf *wrong)
{
	struct ru_list tiers_l;

	ru_collect(j, NULL, "expect", "priority.tier", RU_ANY, true, &tiers_l);
	if (tiers_l.n == 0) {
		sbuf_adds(&o->why, "The sim bundle has no priority tier "
		    "table.");
		ru_list_free(&tiers_l);
		return;
	}
	sbuf_adds(&o->why, "Tier table:");
	o->expect = pu_rec_side(tiers_l.v[0]);
	for (size_t i = 0; i < tiers_l.n; i++) {
		const char *cls = rec_scope_str(tiers_l.v[i], "class");
		double p;

		if (cls == NULL || !ru_num(tiers_l.v[i], &p))
			continue;
		sbuf_printf(&o->why, "%s %s ", i ? "," : "", cls);
		ru_num_text(&o->why, p);
		if (((strcmp(cls, "sheddable") == 0 ||
		    strcmp(cls, "batch") == 0) && p >= 0) ||
		    ((strcmp(cls, "critical") == 0 ||
		    strcmp(cls, "standard") == 0) && p < 0)) {
			sbuf_printf(wrong, "%s%s at ", wrong->len ? ", " : "",
			    cls);
			ru_num_text(wrong, p);
		}
	}
	sbuf_adds(&o->why, " (");
	ru_where(&o->why, tiers_l.v[0]);
	sbuf_adds(&o->why, ").");
	ru_list_free(&tiers_l);
}

/* The router's rule: a negative priority is sheddable (shed), an unset
 * one 0 (def). */
static void
semantics_router_text(struct pu_out *o, const json_t *shed,
    const json_t *def)
{
	if (shed == NULL) {
		sbuf_adds(&o->why, " IsSheddable was not found in the router "
		    "(claim 4d.is-sheddable).");
		return;
	}
	o->actual = pu_proof_side(shed, 0, json_string("priority < 0 is "
	    "sheddable"));
	sbuf_adds(&o->why, " The router treats a negative priority as "
	    "sheddable (");
	pu_where(&o->why, shed, 0);
	sbuf_adds(&o->why, ")");
	if (def != NULL) {
		sbuf_adds(&o->why, " and an unset one as 0 (");
		pu_where(&o->why, def, 0);
		sbuf_adds(&o->why, ")");
	}
	sbuf_adds(&o->why, ".");
}

static void
semantics_verdict(struct judge *j, const struct rule *r,
    const struct pu_avail *av)
{
	const json_t *shed = pu_first_found(j, "4d.is-sheddable", "router");
	const json_t *none = pu_claim_find(j, "4d.no-tier-constants",
	    "router", PU_ANY, NULL, NULL);
	struct sbuf wrong = {0};
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "priority.semantics");
	semantics_tiers(j, &o, &wrong);
	pu_ev_claim(o.evidence, j, "4d.is-sheddable", "router",
	    "negative priority means sheddable");
	pu_ev_claim(o.evidence, j, "4d.default-priority", "router",
	    "an unset priority is 0");
	if (!av->router) {
		sbuf_printf(&o.why, " Router priority semantics: %s.",
		    PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		sbuf_free(&wrong);
		return;
	}
	semantics_router_text(&o, shed, pu_first_found(j,
	    "4d.default-priority", "router"));
	if (none != NULL && pu_status_is(none, "not_found"))
		sbuf_adds(&o.why, " The router defines no -50 priority "
		    "constant: the tier values come from the experiment's "
		    "InferenceObjectives.");
	if (wrong.len > 0)
		sbuf_printf(&o.why, " Inconsistent with the router: %s (the "
		    "router sheds exactly the negative priorities).",
		    sbuf_str(&wrong));
	v = wrong.len > 0 ? V_FAIL : shed == NULL ? V_WARN :
	    o.expect == NULL ? V_MISSING : V_PASS;
	pu_out_emit(j, r, &o, v, wrong.len > 0 ? "Give sheddable and batch "
	    "negative priorities and critical/standard non-negative ones in "
	    "the InferenceObjectives and the tier table." : "Find the "
	    "router's sheddable rule by hand.");
	sbuf_free(&wrong);
}

static void
rule_tiers(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct pu_avail av;

	pu_availability(j, &av);
	dispatch_verdict(j, r, &av);
	protected_verdict(j, r, &av);
	semantics_verdict(j, r, &av);
	ramp_guard_verdict(j, r, c);
	strv_free(&av.labels);
}

const struct rule rules_tiers[] = {
	{ "4d", "Priority tier mapping", false, rule_tiers },
	{ NULL, NULL, false, NULL }
};

