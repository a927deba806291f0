/* rules_tiers.c - checks 4c-4d (policy parity, from code and configs):
 * does the treatment arm deploy the sim's parameters for each priority
 * tier, and does the generated plugin map each priority to its tier?
 *
 * Like 4a-4b (rules_policy.c), verdicts come from the proof records of
 * s2r-grep-proof (lib/proofutil.h), the sim's tier table and planned EPP
 * configs (s2r-expect / s2r-config: priority.tier, epp.*) and the deployed
 * EPP configs (s2r-config --epp), once per bundle.  The tier names are
 * llm-d's: critical 100 and standard 0 are always admitted, sheddable -50
 * gets the more aggressive shedding ramp, batch -10 the less aggressive
 * one. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "routecmp.h"
#include "rules_override.h"
#include "rules_ramp.h"
#include "ruleutil.h"
#include "str.h"

/* --- 4c ------------------------------------------------------------ */

static const char *const tiers[] = { "sheddable", "batch", "critical",
	"standard", NULL };

/* The tier a parameter name starts with, NULL when none. */
static const char *
param_tier(const char *name)
{
	for (size_t i = 0; name != NULL && tiers[i] != NULL; i++)
		if (strncasecmp(name, tiers[i], strlen(tiers[i])) == 0)
			return tiers[i];
	return NULL;
}

static const char *
param_name(const json_t *rec)
{
	const char *key = rec_get_str(rec, "key");
	const char *dot = key != NULL ? strchr(key, '.') : NULL;

	return dot != NULL ? dot + 1 : key;
}

/* What sim_ramp() looks for: a dispatch branch of tier with a ramp. */
struct ramp {
	const char	*tier;
	const json_t	*branch;	/* numbers[0] start, [1] full */
};

static bool
is_ramp(const json_t *branch, void *arg)
{
	return json_array_size(json_object_get(branch, "numbers")) >= 2;
}

static bool
has_ramp(const json_t *p, void *arg)
{
	struct ramp *rp = arg;

	rp->branch = pu_fact_find(p, "branches", "tier", rp->tier, is_ramp,
	    NULL);
	return rp->branch != NULL;
}

/* The sim's ramp of tier from its dispatch (*p the proof). */
static bool
sim_ramp(const struct judge *j, const char *tier, const json_t **p,
    const json_t **branch)
{
	struct ramp rp = { tier, NULL };

	*p = pu_claim_find(j, "4d.sim-dispatch", "sim", PU_ANY, has_ramp, &rp);
	*branch = rp.branch;
	return *p != NULL;
}

/* What sim_param() looks for: an expected plugin parameter of name in
 * arm (NULL: any arm). */
struct param_want {
	const char	*name;
	const char	*arm;
};

static bool
param_wanted(const json_t *e, void *arg)
{
	const struct param_want *w = arg;
	const char *n = param_name(e), *ph = rec_scope_str(e, "phase");

	return n != NULL && strcasecmp(n, w->name) == 0 && (w->arm == NULL ||
	    (ph != NULL && strcmp(ph, w->arm) == 0));
}

/* The sim's value for a parameter: the sim bundle's planned config
 * (same name, arm preferred; *rec), else the sim algorithm's ramp (*p, at
 * *line). */
static bool
sim_param(const struct judge *j, const char *arm, const char *name,
    const json_t **rec, const json_t **p, json_t **value, long *line)
{
	struct param_want want = { name, arm };
	const char *tier = param_tier(name);
	const json_t *branch, *numbers;
	double ln = 0;

	*p = NULL;
	*rec = pu_bundle_find(j, "expect", "epp.plugin.parameter",
	    param_wanted, &want);
	want.arm = NULL;
	if (*rec == NULL)
		*rec = pu_bundle_find(j, "expect", "epp.plugin.parameter",
		    param_wanted, &want);
	if (*rec != NULL) {
		*value = json_deep_copy(json_object_get(*rec, "value"));
		return true;
	}
	if (tier == NULL || !sim_ramp(j, tier, p, &branch))
		return false;
	numbers = json_object_get(branch, "numbers");
	if (pu_icontains(name, "start"))
		*value = json_deep_copy(json_array_get(numbers, 0));
	else if (pu_icontains(name, "full") || pu_icontains(name, "max"))
		*value = json_deep_copy(json_array_get(numbers, 1));
	else
		return false;
	rec_get_num(branch, "line", &ln);
	*line = (long)ln;
	return true;
}

/* The sim algorithm's value for a tier ramp parameter (name: a
 * sheddable/batch start or full), borrowed; its proof and line. */
static const json_t *
algo_value(const struct judge *j, const char *name, const json_t **p,
    long *line)
{
	const char *tier = param_tier(name);
	const json_t *branch, *nums;
	double ln = 0;
	int end = pu_icontains(name, "start") ? 0 : pu_icontains(name,
	    "full") || pu_icontains(name, "max") ? 1 : -1;

	if (tier == NULL || end < 0 || (strcmp(tier, "sheddable") != 0 &&
	    strcmp(tier, "batch") != 0) || !sim_ramp(j, tier, p, &branch))
		return NULL;
	nums = json_object_get(branch, "numbers");
	rec_get_num(branch, "line", &ln);
	*line = (long)ln;
	return json_array_get(nums, (size_t)end);
}

/* The other of sheddable/batch. */
static const char *
other_tier(const char *tier)
{
	if (tier == NULL)
		return NULL;
	return strcmp(tier, "sheddable") == 0 ? "batch" :
	    strcmp(tier, "batch") == 0 ? "sheddable" : NULL;
}

/* Whether the parameter of the other tier with the same suffix has this
 * value on the sim side (a sheddable/batch swap). */
static bool
swapped_value(const struct judge *j, const char *arm, const char *name,
    const json_t *actual)
{
	const char *tier = param_tier(name), *other = other_tier(tier);
	char swapped[256];
	const json_t *rec, *p;
	json_t *val = NULL;
	long line = 0;
	bool eq;

	if (other == NULL)
		return false;
	snprintf(swapped, sizeof(swapped), "%s%s", other,
	    name + strlen(tier));
	if (!sim_param(j, arm, swapped, &rec, &p, &val, &line))
		return false;
	eq = ru_equal(val, actual);
	json_decref(val);
	return eq;
}

/* How a list of deployed parameters compares with the sim's. */
struct pcount {
	size_t	 compared, bad, swaps;
	size_t	 unnamed;	/* records with no key: not compared */
	size_t	 overrides;	/* overwritten in the plugin by a literal */
	size_t	 overbad;	/* ... by one that is not the sim's value */
	size_t	 unread;	/* keys no field of the plugin reads */
	size_t	 missing;	/* the sim's parameters not deployed */
};

/* The plugin overwrites the decoded parameter name with a literal
 * (rules_override.c): said after its line, against the sim's value sim
 * (NULL: none); counted. */
static void
override_note(const struct judge *j, struct pu_out *o, struct pcount *pc,
    const char *name, const json_t *sim)
{
	json_t *lit = NULL;
	const json_t *ov = override_find(j, name, &lit);
	const char *code;

	if (ov == NULL)
		return;
	pc->overrides++;
	code = rec_get_str(json_object_get(ov, "facts"), "match");
	sbuf_adds(&o->why, ", but the plugin overwrites it with ");
	ru_value_text(&o->why, lit);
	sbuf_printf(&o->why, " (`%s`, ", code + strspn(code, " \t"));
	pu_where(&o->why, ov, 0);
	sbuf_adds(&o->why, ")");
	pu_ev_add(o->evidence, "parameter overwritten", ov);
	if (sim != NULL && !ru_equal(sim, lit)) {
		pc->overbad++;
		sbuf_adds(&o->why, ", not the sim's value, so the config's "
		    "value never runs");
	} else
		sbuf_adds(&o->why, ", so the config's value never runs");
	json_decref(lit);
}

/* A parameter record with no key cannot be looked up on the sim side:
 * said, and never a PASS. */
static enum jverdict_value
unnamed_note(struct pu_out *o, const struct pcount *pc,
    enum jverdict_value v)
{
	if (pc->unnamed == 0)
		return v;
	sbuf_printf(&o->why, " %zu parameter record%s no key, so %s not "
	    "compared: review %s by hand.", pc->unnamed, pc->unnamed == 1 ?
	    " has" : "s have", pc->unnamed == 1 ? "it was" : "they were",
	    pc->unnamed == 1 ? "it" : "them");
	return v == V_PASS ? V_WARN : v;
}

/* A deployed tier parameter that matches the sim bundle's planned config
 * (README, config.md) is also held against the sim algorithm's ramp: a
 * plan that swapped or drifted in the transfer notes is followed by the
 * deployment and would pass, while the results come from the algorithm. */
static bool
algo_differs(const struct judge *j, struct pu_out *o, struct pcount *pc,
    const char *name, const json_t *actual)
{
	const char *tier = param_tier(name), *other = other_tier(tier);
	const json_t *p, *v = NULL, *w;
	char swapped[256];
	long line = 0;

	if ((v = algo_value(j, name, &p, &line)) == NULL || ru_equal(v, actual))
		return false;
	sbuf_adds(&o->why, " DIFFERS from the sim algorithm's ");
	ru_value_text(&o->why, v);
	sbuf_adds(&o->why, " (");
	pu_where(&o->why, p, line);
	sbuf_adds(&o->why, "): the plan disagrees with the algorithm that "
	    "produced the sim's results");
	snprintf(swapped, sizeof(swapped), "%s%s", other, name +
	    strlen(tier));
	if ((w = algo_value(j, swapped, &p, &line)) != NULL &&
	    ru_equal(w, actual)) {
		pc->swaps++;
		sbuf_printf(&o->why, " (it is the algorithm's %s value)",
		    other);
	}
	pu_ev_add(o->evidence, "sim algorithm ramp", p);
	return true;
}

/* Each deployed parameter of real against the sim's, into o (its sides
 * and why); counts. */
static void
param_lines(const struct judge *j, const char *arm,
    const struct ru_list *real, struct pu_out *o, struct pcount *pc)
{
	for (size_t i = 0; i < real->n; i++) {
		const json_t *m = real->v[i];
		const char *name = param_name(m);
		const json_t *rec, *p;
		json_t *val = NULL;
		long line = 0;

		sbuf_printf(&o->why, "%s %s = ", i ? ";" : "",
		    name != NULL ? name : "(no key)");
		ru_value_at(&o->why, m);
		if (o->actual == NULL)
			o->actual = pu_rec_side(m);
		if (name == NULL) {
			pc->unnamed++;
			sbuf_adds(&o->why, ", not compared");
			continue;
		}
		if (!sim_param(j, arm, name, &rec, &p, &val, &line)) {
			sbuf_adds(&o->why, ", no sim value");
			override_note(j, o, pc, name, NULL);
			pc->unread += param_unread(j, arm, m, &o->why);
			continue;
		}
		pc->compared++;
		if (o->expect == NULL)
			o->expect = rec != NULL ? pu_rec_side(rec) :
			    pu_proof_side(p, line, json_incref(val));
		sbuf_adds(&o->why, ", sim ");
		ru_value_text(&o->why, val);
		sbuf_adds(&o->why, " (");
		if (rec != NULL)
			ru_where(&o->why, rec);
		else
			pu_where(&o->why, p, line);
		sbuf_adds(&o->why, ")");
		if (rec != NULL && ru_equal(val, json_object_get(m, "value")) &&
		    algo_differs(j, o, pc, name, json_object_get(m, "value")))
			pc->bad++;
		else if (!ru_equal(val, json_object_get(m, "value"))) {
			pc->bad++;
			sbuf_adds(&o->why, " DIFFERS");
			if (swapped_value(j, arm, name,
			    json_object_get(m, "value"))) {
				pc->swaps++;
				sbuf_printf(&o->why, " (it is the sim's %s "
				    "value)", other_tier(param_tier(name)));
			}
		}
		override_note(j, o, pc, name, val);
		pc->unread += param_unread(j, arm, m, &o->why);
		json_decref(val);
	}
}

static void
params_verdict(struct judge *j, const struct rule *r, const char *arm,
    const char *tier, const struct ru_list *real)
{
	struct pu_out o;
	struct pcount pc = {0};
	enum jverdict_value v;

	pu_out_init(&o, tier != NULL ? "admission.tier_parameters" :
	    "admission.parameters");
	o.sub = pu_phase_sub(arm, tier);
	sbuf_printf(&o.why, "Arm %s%s%s:", arm, tier ? ", tier " : "",
	    tier ? tier : "");
	param_lines(j, arm, real, &o, &pc);
	sbuf_adds(&o.why, ".");
	pc.missing = params_missing(j, arm, real, param_tier, tier, &o.why);
	if (pc.swaps > 0)
		sbuf_adds(&o.why, " The sheddable and batch parameters are "
		    "swapped (a known trap: sheddable is priority -50 and gets "
		    "the more aggressive ramp, batch -10 the less aggressive "
		    "one), so the real arm sheds the wrong tier first.");
	else if (pc.bad > 0)
		sbuf_adds(&o.why, " The deployed parameters differ from the "
		    "sim's, so the real arm does not run the simulated "
		    "policy.");
	if (pc.overrides > 0)
		sbuf_adds(&o.why, " The generated plugin overwrites a decoded "
		    "parameter with a literal, so the deployed config is not "
		    "what runs.");
	if (pc.unread > 0)
		sbuf_adds(&o.why, " A deployed key the plugin does not read "
		    "leaves its parameter at the compiled-in default.");
	v = pc.bad + pc.overbad + pc.missing > 0 ? V_FAIL : pc.compared ==
	    0 || pc.overrides + pc.unread > 0 ? V_WARN : V_PASS;
	if (pc.compared == 0 && pc.missing == 0)
		sbuf_adds(&o.why, " Nothing on the sim side to compare with: "
		    "review the parameters by hand.");
	v = unnamed_note(&o, &pc, v);
	pu_out_emit(j, r, &o, v, pc.overrides > 0 ? "Drop the literal "
	    "assignment to the decoded parameter in the generated plugin so "
	    "that the treatment config's value runs (set to the sim's), "
	    "rebuild and rerun the treatment arm." : pc.bad + pc.missing +
	    pc.unread > 0 ? "Set the plugin parameters of the treatment "
	    "config to the sim algorithm's values, under the keys the plugin "
	    "reads (tier names mapped: sheddable = -50, batch = -10), and "
	    "redeploy." : PU_ACT_REVIEW);
}

/* Whether arm deploys no admission plugin: its treatment is routing
 * (scorers, weights, picker), and its parameters are routing ones.  A
 * flow-control usage-limit policy (flowControl.usageLimitPolicyPluginRef)
 * gates dispatch per priority band: admission, whatever its type is
 * called (exponential-ceiling-policy). */
static bool
routing_only(const struct judge *j, const char *arm)
{
	struct ru_list l;
	bool adm = false;

	pu_arm_recs(j, "measure", "epp.plugin", arm, &l);
	for (size_t i = 0; i < l.n; i++)
		adm = adm || pu_is_admission_type(j, pu_str_value(l.v[i]));
	ru_list_free(&l);
	pu_arm_recs(j, "measure", "epp.flow_control", arm, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *k = rec_get_str(l.v[i], "key");
		const char *v = pu_str_value(l.v[i]);

		adm = adm || (k != NULL && strcmp(k,
		    "usageLimitPolicyPluginRef") == 0 && v != NULL &&
		    v[0] != '\0');
	}
	ru_list_free(&l);
	return !adm;
}

/* A routing-only treatment: its picker, scorer weights and plugin
 * parameters against the sim bundle's plan for the arm. */
static void
routing_verdict(struct judge *j, const struct rule *r, const char *arm)
{
	struct ru_list params;
	struct rc_result rc;
	struct pcount pc = {0};
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "routing.parameters");
	o.sub = pu_phase_sub(arm, NULL);
	sbuf_printf(&o.why, "Arm %s deploys no admission plugin: its "
	    "treatment is routing, so its picker, scorer weights and plugin "
	    "parameters are compared with the sim's plan", arm);
	routecmp_arm(j, arm, &o.why, &rc);
	o.expect = pu_rec_side(rc.planned);
	o.actual = pu_rec_side(rc.deployed);
	pu_arm_recs(j, "measure", "epp.plugin.parameter", arm, &params);
	if (params.n > 0)
		sbuf_adds(&o.why, "; parameters:");
	param_lines(j, arm, &params, &o, &pc);
	ru_list_free(&params);
	sbuf_adds(&o.why, ".");
	if (rc.differ + pc.bad > 0)
		sbuf_adds(&o.why, " The deployed routing differs from the "
		    "sim's, so the real arm does not run the simulated "
		    "policy.");
	v = rc.differ + pc.bad + pc.overbad > 0 ? V_FAIL : rc.compared +
	    pc.compared == 0 || pc.overrides > 0 ? V_WARN : V_PASS;
	if (rc.compared + pc.compared == 0)
		sbuf_adds(&o.why, " Nothing on the sim side to compare with: "
		    "review the routing by hand.");
	else if (pc.overrides > 0)
		sbuf_adds(&o.why, " The generated plugin overwrites a decoded "
		    "parameter with a literal, so the deployed config is not "
		    "what runs.");
	v = unnamed_note(&o, &pc, v);
	pu_out_emit(j, r, &o, v, v == V_FAIL ? "Deploy the sim's picker, "
	    "scorer weights and parameters for this arm and redeploy." :
	    PU_ACT_REVIEW);
}

/* The admission parameters of arm, one verdict per tier and one for the
 * rest; how many verdicts. */
static size_t
admission_arm(struct judge *j, const struct rule *r, const char *arm)
{
	struct ru_list all;
	size_t n = 0;

	pu_arm_recs(j, "measure", "epp.plugin.parameter", arm, &all);
	for (size_t t = 0; t <= 4; t++) {
		const char *tier = t < 4 ? tiers[t] : NULL;
		struct ru_list sel = {0};

		for (size_t i = 0; i < all.n; i++) {
			const char *nm = param_name(all.v[i]);
			const char *pt = nm ? param_tier(nm) : NULL;

			/* A record with no key is with the rest. */
			if (tier == NULL ? pt == NULL :
			    pt != NULL && strcmp(pt, tier) == 0)
				ru_list_add(&sel, all.v[i]);
		}
		/* a tier the config dropped whole, when the config gives
		 * parameters at all (none at all: rule_treatment says so) */
		if (sel.n > 0 || (all.n > 0 && params_missing(j, arm, &sel,
		    param_tier, tier, NULL) > 0)) {
			params_verdict(j, r, arm, tier, &sel);
			n++;
		}
		ru_list_free(&sel);
	}
	ru_list_free(&all);
	return n;
}

static void
rule_treatment(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct strv arms = {0};
	const json_t *pp, *br;
	size_t narms = 0;
	struct ru_list l;

	ru_select(j, &(struct jsel){ .kind = "measure", .metric = "epp.*" },
	    &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *ph = rec_scope_str(l.v[i], "phase");

		if (ph != NULL && strcmp(ph, "baseline") != 0 &&
		    strv_find(&arms, ph) < 0)
			strv_add(&arms, ph);
	}
	ru_list_free(&l);
	strv_sort(&arms);
	for (size_t a = 0; a < arms.n; a++) {
		if (!routing_only(j, arms.v[a])) {
			narms += admission_arm(j, r, arms.v[a]);
			continue;
		}
		routing_verdict(j, r, arms.v[a]);
		narms++;
	}
	if (narms == 0) {
		struct pu_out o;
		bool sim = pu_bundle_find(j, "expect", "epp.plugin.parameter",
		    NULL, NULL) != NULL || sim_ramp(j, "sheddable", &pp, &br) ||
		    sim_ramp(j, "batch", &pp, &br);

		pu_out_init(&o, "admission.parameters");
		if (sim && arms.n > 0)
			deployed_bare(&o, &arms);
		else
			sbuf_adds(&o.why, sim ? "The sim side has treatment "
			    "parameters but no deployed EPP config gives plugin "
			    "parameters (s2r-config --epp "
			    "REAL/generated/<arm>_config.yaml --phase <arm>)." :
			    "No treatment parameters on either side: no sim "
			    "thresholds or ramps and no EPP plugin parameters.");
		pu_out_emit(j, r, &o, !sim ? V_INAPPLICABLE : arms.n > 0 ?
		    V_WARN : V_MISSING, sim && arms.n > 0 ? "Give the "
		    "plugin its parameters block (parameters: under its "
		    "plugins entry) with the sim's values and redeploy, or "
		    "confirm its compiled-in defaults are the sim's." : NULL);
	}
	strv_free(&arms);
}

/* --- 4d ------------------------------------------------------------ */

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
	{ "4c", "Treatment parameters", false, rule_treatment },
	{ "4d", "Priority tier mapping", false, rule_tiers },
	{ NULL, NULL, false, NULL }
};

