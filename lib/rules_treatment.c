/* rules_treatment.c - check 4c (policy parity, from code and configs):
 * does the treatment arm deploy the sim's parameters for each priority
 * tier?
 *
 * Like 4a-4b (rules_policy.c), verdicts come from the proof records of
 * s2r-grep-proof (lib/proofutil.h), the sim's planned EPP configs
 * (s2r-expect / s2r-config: epp.*) and the deployed EPP configs
 * (s2r-config --epp), once per bundle.  A parameter's tier is the one its
 * name starts with (sheddable, batch, critical, standard). */
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
	    pc.compared == 0 || pc.overrides > 0 || rc.unsure > 0 ? V_WARN :
	    V_PASS;
	if (rc.compared + pc.compared == 0)
		sbuf_adds(&o.why, " Nothing on the sim side to compare with: "
		    "review the routing by hand.");
	else if (pc.overrides > 0)
		sbuf_adds(&o.why, " The generated plugin overwrites a decoded "
		    "parameter with a literal, so the deployed config is not "
		    "what runs.");
	else if (rc.unsure > 0 && v != V_FAIL)
		sbuf_adds(&o.why, " Nothing differs for sure, but what is "
		    "UNSURE above decides whether the real arm runs the "
		    "simulated policy, and the bundle does not show it.");
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

const struct rule rules_treatment[] = {
	{ "4c", "Treatment parameters", false, rule_treatment },
	{ NULL, NULL, false, NULL }
};
