/* rules_policy.c - checks 4a-4b (policy parity, from code and configs):
 * does the real run route and admit as the sim assumed?
 *
 * Verdicts come from the proof records of s2r-grep-proof (router code,
 * generated plugin, sim algorithm; lib/proofutil.h), the sim's BLIS flags
 * and tier table (s2r-expect / s2r-config: sim.*, priority.tier, epp.*)
 * and the deployed EPP configs (s2r-config --epp: epp.* measures per arm),
 * once per bundle.  Without the router's source the router side is
 * INAPPLICABLE and the bundle-side facts are still shown.  4c-4d are in
 * rules_tiers.c. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "routecmp.h"
#include "rules_basedet.h"
#include "rules_precise.h"
#include "ruleutil.h"
#include "str.h"

/* --- 4a ------------------------------------------------------------ */

/* A side with a plain value and a source that says how it was found. */
static json_t *
text_side(const char *value, const char *how)
{
	json_t *src = rec_source(NULL, 0, 0, NULL, how);
	json_t *side = ru_side(json_string(value), NULL, src, NULL);

	json_decref(src);
	return side;
}

static const struct {
	const char	*sim;
	const char	*picker;
	const char	*why;
} routing_map[] = {
	{ "round-robin", "random-picker", "both spread requests over the "
	    "endpoints without affinity or load scores" },
	{ "random", "random-picker", "both pick an endpoint at random" },
	{ "weighted", "max-score-picker", "both send each request to the "
	    "endpoint with the highest weighted score" },
	{ "weighted-scoring", "max-score-picker", "both send each request "
	    "to the endpoint with the highest weighted score" },
};
#define NROUTING (sizeof(routing_map) / sizeof(routing_map[0]))

/* BLIS policies that pick by the endpoints' load (--routing-policy
 * least-loaded, always-busiest): no EPP picker alone stands for them, but
 * random-picker, which ignores every score, certainly does not. */
static bool
load_policy(const char *policy)
{
	return strcmp(policy, "least-loaded") == 0 ||
	    strcmp(policy, "always-busiest") == 0;
}

/* The sim's --routing-policy against the arm's picker (NULL: none). */
static enum jverdict_value
policy_compare(struct sbuf *why, const char *policy, const json_t *picker)
{
	const char *want = NULL, *because = NULL;

	for (size_t i = 0; policy != NULL && i < NROUTING; i++)
		if (strcmp(policy, routing_map[i].sim) == 0) {
			want = routing_map[i].picker;
			because = routing_map[i].why;
		}
	if (policy == NULL)
		return V_MISSING;
	if (picker == NULL) {
		sbuf_adds(why, " No picker is known: the arm has no EPP "
		    "plugins, or several pickers that no profile names (the "
		    "router takes any one); compare with the sim policy by "
		    "hand.");
		return V_WARN;
	}
	if (want == NULL && load_policy(policy) &&
	    strcmp(pu_str_value(picker), "random-picker") == 0) {
		sbuf_printf(why, " %s picks an endpoint by its load; "
		    "random-picker ignores the load (and every score): the "
		    "real arm routes differently from the simulation.", policy);
		return V_FAIL;
	}
	if (want == NULL) {
		sbuf_printf(why, " There is no known mapping of sim policy %s "
		    "to an EPP picker: review what both do.", policy);
		return V_WARN;
	}
	if (strcmp(want, pu_str_value(picker)) == 0) {
		sbuf_printf(why, " %s corresponds to %s: %s.", policy, want,
		    because);
		return V_PASS;
	}
	sbuf_printf(why, " %s corresponds to %s (%s), not to %s: the real arm "
	    "routes differently from the simulation.", policy, want, because,
	    pu_str_value(picker));
	return V_FAIL;
}

/* No --routing-policy: the sim bundle's EPP config for the arm (config.md,
 * README) is the routing the simulation assumed; the deployed picker and
 * scorer weights against it. */
static void
routing_planned(struct judge *j, const struct rule *r, const char *arm)
{
	struct rc_result res;
	enum jverdict_value v;
	struct pu_out o;

	pu_out_init(&o, "routing.policy");
	o.sub = pu_phase_sub(arm, NULL);
	sbuf_printf(&o.why, "The sim bundle gives no --routing-policy, so its "
	    "EPP config for arm %s is the routing the simulation assumed",
	    arm);
	routecmp_arm(j, arm, &o.why, &res);
	sbuf_adds(&o.why, ".");
	o.expect = pu_rec_side(res.planned);
	o.actual = pu_rec_side(res.deployed);
	if (res.differ > 0) {
		sbuf_adds(&o.why, " The real arm routes differently from the "
		    "plan the simulation stands for (a different picker, "
		    "scorer weights or load filter change where requests "
		    "go).");
		v = V_FAIL;
	} else if (res.unsure > 0) {
		sbuf_adds(&o.why, " Nothing differs for sure, but what is "
		    "UNSURE above (a step without a weight, such as a filter "
		    "that drops endpoints before scoring, or a picker the "
		    "router chooses) decides whether the real arm routes as "
		    "planned, and the bundle does not show it.");
		v = V_WARN;
	} else if (res.compared == 0) {
		sbuf_adds(&o.why, " The plan names neither a picker nor a "
		    "weighted scorer to compare.");
		v = V_WARN;
	} else {
		sbuf_adds(&o.why, " The deployed picker and scorer weights are "
		    "the planned ones.");
		v = V_PASS;
	}
	pu_out_emit(j, r, &o, v, v == V_FAIL ? "Deploy the planned picker and "
	    "scorer weights (or rerun the sim with the deployed ones)." :
	    res.unsure > 0 ? "Deploy the planned profile (or plan the "
	    "step in the sim bundle), or show that it changes no pick." :
	    PU_ACT_REVIEW);
}

/* A weighted sim policy without --routing-scorers: the sim bundle's EPP
 * config for the arm, when it plans one, is the blend the sim ran;
 * without either the blend cannot be told. */
static enum jverdict_value
planned_scorers(const struct judge *j, const char *arm, struct sbuf *why)
{
	struct rc_result res;

	if (!routecmp_planned(j, arm)) {
		sbuf_adds(why, " The sim gives no --routing-scorers and its "
		    "bundle plans no EPP config for the arm: the scorer blend "
		    "the sim ran (BLIS's default) is not in the bundle, so the "
		    "deployed weights cannot be compared.");
		return V_WARN;
	}
	sbuf_adds(why, " The sim gives no --routing-scorers; against its "
	    "bundle's EPP config for the arm");
	routecmp_arm(j, arm, why, &res);
	sbuf_adds(why, ".");
	if (res.differ > 0) {
		sbuf_adds(why, " The deployed picker or weights differ from the "
		    "plan: the picker takes the best endpoint by another blend "
		    "of signals, so requests go elsewhere.");
		return V_FAIL;
	}
	if (res.unsure > 0) {
		sbuf_adds(why, " A profile step differs from the plan: review "
		    "whether it drops any endpoint.");
		return V_WARN;
	}
	return V_PASS;
}

/* A max-score picker routes by its scorers' weights: the sim's
 * --routing-scorers against the arm's, as shares of the weight. */
static enum jverdict_value
sim_scorers(const struct judge *j, const char *arm, const json_t *scorers,
    const json_t *picker, struct sbuf *why)
{
	const char *spec = pu_str_value(scorers);
	struct rc_result res;

	if (picker == NULL ||
	    strcmp(pu_str_value(picker), "max-score-picker") != 0)
		return V_PASS;
	if (spec == NULL)
		return planned_scorers(j, arm, why);
	sbuf_adds(why, " Scorer weights, as shares of the total");
	routecmp_sim_scorers(j, arm, spec, why, &res);
	sbuf_adds(why, ".");
	if (res.differ > 0) {
		sbuf_adds(why, " The deployed weights differ from the sim's: the "
		    "picker takes the best endpoint by another blend of "
		    "signals, so requests go elsewhere.");
		return V_FAIL;
	}
	if (res.unsure > 0) {
		sbuf_adds(why, " Some sim scorers have no known EPP "
		    "counterpart or weight: review the blend by hand.");
		return V_WARN;
	}
	return V_PASS;
}

static void
routing_arm(struct judge *j, const struct rule *r, const char *kind,
    const char *arm, const json_t *sim, const json_t *scorers)
{
	const char *policy = pu_str_value(sim);
	const json_t *picker;
	struct ru_list plugins, entries;
	struct sbuf list = {0};
	enum jverdict_value v;
	struct pu_out o;

	if (policy == NULL && strcmp(kind, "measure") == 0 &&
	    routecmp_planned(j, arm)) {
		routing_planned(j, r, arm);
		return;
	}
	pu_arm_recs(j, kind, "epp.plugin", arm, &plugins);
	pu_arm_recs(j, kind, "epp.profile.plugin", arm, &entries);
	for (size_t i = 0; i < plugins.n; i++) {
		const char *type = pu_str_value(plugins.v[i]);

		if (type != NULL)
			sbuf_printf(&list, "%s%s", list.len ? ", " : "", type);
	}
	picker = routecmp_picker(&plugins, &entries, NULL);
	ru_list_free(&plugins);
	ru_list_free(&entries);
	pu_out_init(&o, "routing.policy");
	o.sub = pu_phase_sub(arm, NULL);
	o.expect = pu_rec_side(sim);
	o.actual = pu_rec_side(picker);
	if (policy != NULL) {
		sbuf_printf(&o.why, "The sim routes with %s (", policy);
		ru_where(&o.why, sim);
		sbuf_adds(&o.why, ")");
		if (scorers != NULL) {
			sbuf_adds(&o.why, ", scorers ");
			ru_value_text(&o.why, json_object_get(scorers,
			    "value"));
		}
		sbuf_adds(&o.why, ". ");
	} else
		sbuf_adds(&o.why, "The sim bundle gives no --routing-policy. ");
	sbuf_printf(&o.why, "The %s EPP config of arm %s has plugins: %s",
	    strcmp(kind, "measure") == 0 ? "deployed" : "planned (sim "
	    "bundle's)", arm, list.len ? sbuf_str(&list) : "none");
	if (picker != NULL) {
		sbuf_adds(&o.why, "; picker ");
		ru_value_at(&o.why, picker);
	}
	sbuf_adds(&o.why, ".");
	v = policy_compare(&o.why, policy, picker);
	if (v == V_PASS && strcmp(kind, "measure") == 0)
		v = sim_scorers(j, arm, scorers, picker, &o.why);
	if (policy != NULL && v != V_MISSING)
		v = routecmp_filters(j, kind, arm, picker, &o.why, v);
	pu_out_emit(j, r, &o, v, v == V_FAIL ? "Configure the picker, "
	    "scorer weights and profile steps that match the sim's routing "
	    "(or rerun the sim with the deployed ones)." : PU_ACT_REVIEW);
	sbuf_free(&list);
}

/* The registration records of a plugin type string. */
static void
registrations(const struct judge *j, const char *type, struct ru_list *out)
{
	struct ru_list l;

	memset(out, 0, sizeof(*out));
	ru_select(j, &(struct jsel){ .kind = "proof" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *p = l.v[i];
		const json_t *q = json_object_get(p, "query");
		const char *qk = rec_get_str(q, "kind");
		const char *ts = rec_get_str(q, "type_string");

		if (qk != NULL &&
		    strcmp(qk, "registration") == 0 && ts != NULL &&
		    strcmp(ts, type) == 0 && strcmp(pu_role(p), "router") == 0)
			ru_list_add(out, p);
	}
	ru_list_free(&l);
}

/* Evidence and text for one plugin type; false when not proven. */
static bool
plugin_code(const struct judge *j, const char *type, struct pu_out *o,
    struct sbuf *unproven, bool *catalogued)
{
	struct ru_list l;
	const json_t *fac = NULL, *reg = NULL;
	struct sbuf label = {0};

	registrations(j, type, &l);
	*catalogued = l.n > 0;
	for (size_t i = 0; i < l.n; i++) {
		const char *step = rec_get_str(json_object_get(l.v[i],
		    "facts"), "step");

		if (!pu_found(l.v[i]) || step == NULL)
			continue;
		if (strcmp(step, "register") == 0 && reg == NULL)
			reg = l.v[i];
		if (strcmp(step, "factory") == 0 && fac == NULL)
			fac = l.v[i];
		if (strcmp(step, "const") == 0)
			continue;
		sbuf_reset(&label);
		sbuf_printf(&label, "%s %s", type, strcmp(step, "register") ==
		    0 ? "is registered here" : "factory");
		pu_ev_add(o->evidence, sbuf_str(&label), l.v[i]);
	}
	ru_list_free(&l);
	sbuf_free(&label);
	if (reg == NULL || fac == NULL) {
		sbuf_printf(unproven, "%s%s (%s)", unproven->len ? ", " : "",
		    type, *catalogued ? "no registration found" : "not in the "
		    "proof catalog: s2r-grep-proof --registration");
		return false;
	}
	sbuf_printf(&o->why, " %s: registered at ", type);
	pu_where(&o->why, reg, 0);
	sbuf_printf(&o->why, " with factory %s (", rec_get_str(fac, "symbol") ?
	    rec_get_str(fac, "symbol") : "?");
	pu_where(&o->why, fac, 0);
	sbuf_adds(&o->why, ")");
	if (strcmp(type, "random-picker") == 0) {
		const json_t *pick = pu_first_found(j, "4a.random-pick",
		    "router");

		if (pick != NULL) {
			sbuf_adds(&o->why, "; its Pick selects endpoints at "
			    "random, ignoring scores (");
			pu_where(&o->why, pick, 0);
			sbuf_adds(&o->why, ")");
			pu_ev_add(o->evidence, "what random-picker does",
			    pick);
		}
	}
	sbuf_adds(&o->why, ".");
	return true;
}

static void
routing_plugins(struct judge *j, const struct rule *r, const char *kind,
    const struct strv *arms, const struct pu_avail *av)
{
	struct strv types = {0};
	struct sbuf unproven = {0};
	size_t nproven = 0;
	bool uncatalogued = false;
	enum jverdict_value v;
	struct pu_out o;

	for (size_t a = 0; a < arms->n; a++) {
		struct ru_list pl;

		pu_arm_recs(j, kind, "epp.plugin", arms->v[a], &pl);
		for (size_t i = 0; i < pl.n; i++) {
			const char *t = pu_str_value(pl.v[i]);

			if (t != NULL && str_has_suffix(t, "-picker") &&
			    strv_find(&types, t) < 0)
				strv_add(&types, t);
		}
		ru_list_free(&pl);
	}
	strv_sort(&types);
	pu_out_init(&o, "routing.plugins");
	if (types.n > 0) {
		sbuf_adds(&o.why, "Pickers configured:");
		for (size_t i = 0; i < types.n; i++)
			sbuf_printf(&o.why, " %s", types.v[i]);
		sbuf_adds(&o.why, ".");
		o.actual = text_side(types.v[0], "EPP configs' "
		    "plugin types");
	}
	if (!av->router) {
		sbuf_printf(&o.why, "%sWhat each does, from its registration: "
		    "%s.", types.n > 0 ? " " : "", PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		goto out;
	}
	if (types.n == 0) {
		sbuf_adds(&o.why, "No EPP config names a picker, so there is "
		    "no plugin to prove.");
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		goto out;
	}
	for (size_t i = 0; i < types.n; i++) {
		bool cat;

		if (plugin_code(j, types.v[i], &o, &unproven, &cat))
			nproven++;
		else if (!cat)
			uncatalogued = true;
	}
	if (unproven.len > 0)
		sbuf_printf(&o.why, " Not proven from code: %s.",
		    sbuf_str(&unproven));
	v = unproven.len == 0 ? V_PASS : V_WARN;
	pu_out_emit(j, r, &o, v, uncatalogued ? "Prove the listed plugins with "
	    "s2r-grep-proof --registration TYPE over the router source." :
	    "The plugin is not registered in the given router source: check "
	    "which build of the router the real run used.");
out:
	sbuf_free(&unproven);
	strv_free(&types);
}

/* The type string a generated Register call passes: a literal, or a
 * const of the generated code (claim 4a.generated-type-consts) that
 * holds it; NULL when it cannot be told.  Caller frees. */
static char *
registered_type(const struct judge *j, const json_t *call)
{
	const char *arg = json_string_value(json_array_get(json_object_get(
	    json_object_get(call, "facts"), "args"), 0));
	const char *dot, *q;
	struct ru_list l;
	char *type = NULL;

	if (arg == NULL)
		return NULL;
	if (arg[0] == '"')
		return xstrndup(arg + 1, strcspn(arg + 1, "\""));
	dot = strrchr(arg, '.');
	arg = dot != NULL ? dot + 1 : arg;
	pu_claim_list(j, "4a.generated-type-consts", "generated", &l);
	for (size_t i = 0; i < l.n && type == NULL; i++) {
		if (!pu_found(l.v[i]) || (q = pu_decl_value(rec_get_str(l.v[i],
		    "snippet"), arg)) == NULL || *q != '"')
			continue;
		type = xstrndup(q + 1, strcspn(q + 1, "\""));
	}
	ru_list_free(&l);
	return type;
}

/* The deployed arms whose EPP config names type; the first record. */
static const json_t *
arms_naming(const struct judge *j, const struct strv *arms, const char *type,
    struct sbuf *names)
{
	const json_t *first = NULL;

	for (size_t a = 0; a < arms->n; a++) {
		struct ru_list pl;
		const json_t *hit = NULL;

		pu_arm_recs(j, "measure", "epp.plugin", arms->v[a], &pl);
		for (size_t i = 0; i < pl.n && hit == NULL; i++)
			if (pu_str_value(pl.v[i]) != NULL &&
			    strcmp(pu_str_value(pl.v[i]), type) == 0)
				hit = pl.v[i];
		ru_list_free(&pl);
		if (hit == NULL)
			continue;
		sbuf_printf(names, "%s%s (", names->len ? ", " : "",
		    arms->v[a]);
		ru_where(names, hit);
		sbuf_adds(names, ")");
		if (first == NULL)
			first = hit;
	}
	return first;
}

/* One Register call of the generated plugin: is its type deployed? */
static enum jverdict_value
generated_registration(const struct judge *j, const json_t *call,
    const struct strv *arms, struct pu_out *o)
{
	char *type = registered_type(j, call);
	struct sbuf names = {0};
	enum jverdict_value v;

	sbuf_adds(&o->why, o->why.len ? " " : "");
	if (type == NULL) {
		sbuf_adds(&o->why, "The generated plugin registers a type at ");
		pu_where(&o->why, call, 0);
		sbuf_adds(&o->why, " whose string was not found (claim "
		    "4a.generated-type-consts): which config names it cannot "
		    "be told.");
		return V_WARN;
	}
	sbuf_printf(&o->why, "The generated plugin registers type %s (",
	    type);
	pu_where(&o->why, call, 0);
	sbuf_adds(&o->why, ")");
	if (arms_naming(j, arms, type, &names) != NULL) {
		sbuf_printf(&o->why, "; deployed in %s.", sbuf_str(&names));
		v = V_PASS;
	} else {
		sbuf_adds(&o->why, ", but no deployed EPP config names it: "
		    "the EPP cannot have run the generated plugin (a config "
		    "naming another type fails to load or runs a different "
		    "plugin).");
		v = V_FAIL;
	}
	if (o->actual == NULL)
		o->actual = pu_proof_side(call, 0, json_string(type));
	sbuf_free(&names);
	free(type);
	return v;
}

/* 4a plugin.generated: every type the generated Go plugin registers is
 * named by a deployed EPP config (it is what the treatment runs). */
static void
generated_plugins(struct judge *j, const struct rule *r,
    const struct strv *arms, const char *kind, const struct pu_avail *av)
{
	enum jverdict_value v = V_PASS, w;
	struct ru_list calls;
	struct pu_out o;
	size_t n = 0;

	pu_out_init(&o, "plugin.generated");
	if (!av->generated) {
		sbuf_adds(&o.why, "The real bundle has no generated Go plugin "
		    "(generated/*.go): no registered type to find in the EPP "
		    "configs.");
		pu_out_emit(j, r, &o, V_INAPPLICABLE, NULL);
		return;
	}
	if (kind == NULL || strcmp(kind, "measure") != 0) {
		sbuf_adds(&o.why, "No deployed EPP config (s2r-config --epp "
		    "REAL/generated/<arm>_config.yaml): whether the generated "
		    "plugin was deployed is unknown.");
		pu_out_emit(j, r, &o, V_MISSING, NULL);
		return;
	}
	pu_claim_list(j, "4a.generated-register", "generated", &calls);
	for (size_t i = 0; i < calls.n; i++) {
		/* A plugin registration passes a type and a factory; a
		 * one-argument Register (a Prometheus collector) is not. */
		if (!pu_found(calls.v[i]) || json_array_size(json_object_get(
		    json_object_get(calls.v[i], "facts"), "args")) < 2)
			continue;
		pu_ev_add(o.evidence, "registration", calls.v[i]);
		w = generated_registration(j, calls.v[i], arms, &o);
		v = w == V_FAIL || v == V_FAIL ? V_FAIL : w == V_WARN ||
		    v == V_WARN ? V_WARN : V_PASS;
		n++;
	}
	ru_list_free(&calls);
	if (n == 0) {
		sbuf_adds(&o.why, "The generated plugin has no Register call "
		    "(claim 4a.generated-register): how the EPP finds it, and "
		    "which config type runs it, cannot be told.");
		v = V_WARN;
	}
	pu_out_emit(j, r, &o, v, v == V_FAIL ? "Name the generated plugin's "
	    "registered type in the treatment's EPP config (or register the "
	    "type the config names), rebuild and rerun the treatment arm." :
	    PU_ACT_REVIEW);
}

static void
rule_routing(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *sim = pu_bundle_find(j, "expect", "sim.routing_policy",
	    NULL, NULL);
	const json_t *scorers = pu_bundle_find(j, "expect",
	    "sim.routing_scorers", NULL, NULL);
	struct strv arms;
	const char *kind = pu_epp_arms(j, &arms);
	struct pu_avail av;

	pu_availability(j, &av);
	for (size_t a = 0; a < arms.n; a++)
		routing_arm(j, r, kind, arms.v[a], sim, scorers);
	if (arms.n == 0) {
		struct pu_out o;

		pu_out_init(&o, "routing.policy");
		o.expect = pu_rec_side(sim);
		sbuf_adds(&o.why, "No EPP config records (s2r-config --epp "
		    "REAL/generated/<arm>_config.yaml --phase <arm>), so the "
		    "deployed picker is unknown.");
		if (sim != NULL) {
			sbuf_printf(&o.why, " The sim routes with %s (",
			    pu_str_value(sim) ? pu_str_value(sim) : "?");
			ru_where(&o.why, sim);
			sbuf_adds(&o.why, ").");
		}
		if (!av.router)
			sbuf_printf(&o.why, " Router side: %s.",
			    PU_NO_CODEBASE);
		pu_out_emit(j, r, &o, sim != NULL ? V_MISSING : V_INAPPLICABLE,
		    NULL);
	}
	routing_plugins(j, r, kind != NULL ? kind : "measure", &arms, &av);
	generated_plugins(j, r, &arms, kind, &av);
	if (kind != NULL)
		routing_precise_scorer(j, r, kind, &arms);
	strv_free(&arms);
	strv_free(&av.labels);
}

/* --- 4b ------------------------------------------------------------ */

/* What the baseline arm configures for admission: its admission plugin
 * types and the flowControl gate, listed in what; the first one's record
 * in *src. */
struct base_adm {
	struct strv	 types;		/* admission plugin types */
	struct strv	 names;		/* their plugin names, alike */
	bool		 flow;		/* the flowControl gate is on */
	const json_t	*src;
	struct sbuf	 what;
};

static void
baseline_admission(const struct judge *j, const char *kind, const char *arm,
    struct base_adm *ba)
{
	struct ru_list l;

	memset(ba, 0, sizeof(*ba));
	pu_arm_recs(j, kind, "epp.plugin", arm, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *t = pu_str_value(l.v[i]);

		if (!pu_is_admission_type(j, t))
			continue;
		sbuf_printf(&ba->what, "%splugin %s", ba->what.len ? ", " : "",
		    t);
		strv_add(&ba->types, t);
		strv_add(&ba->names, rec_get_str(l.v[i], "key") != NULL ?
		    rec_get_str(l.v[i], "key") : t);
		if (ba->src == NULL)
			ba->src = l.v[i];
	}
	ru_list_free(&l);
	pu_arm_recs(j, kind, "epp.feature_gate", arm, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *key = rec_get_str(l.v[i], "key");

		if (key != NULL && strcmp(key, "flowControl") == 0 &&
		    json_is_true(json_object_get(l.v[i], "value"))) {
			sbuf_printf(&ba->what, "%sthe flowControl feature gate",
			    ba->what.len ? ", " : "");
			ba->flow = true;
			if (ba->src == NULL)
				ba->src = l.v[i];
		}
	}
	ru_list_free(&l);
}

static void
base_adm_free(struct base_adm *ba)
{
	strv_free(&ba->types);
	strv_free(&ba->names);
	sbuf_free(&ba->what);
}

/* The router's own admission rule replicated as a plugin (the "GAIE
 * control" plugin the procedure allows in a baseline), by its name. */
static bool
is_control_type(const char *type)
{
	return strstr(type, "control") != NULL || strstr(type, "legacy") !=
	    NULL;
}

/* The other arm (not arm) whose EPP config loads plugin type, or NULL. */
static const char *
arm_with_plugin(const struct judge *j, const char *kind, const char *arm,
    const char *type)
{
	struct ru_list l;
	const char *found = NULL;

	ru_select(j, &(struct jsel){ .kind = kind, .metric = "epp.plugin" },
	    &l);
	for (size_t i = 0; i < l.n && found == NULL; i++) {
		const char *ph = rec_scope_str(l.v[i], "phase");
		const char *v = pu_str_value(l.v[i]);

		if (ph != NULL && strcmp(ph, arm) != 0 && v != NULL &&
		    strcmp(v, type) == 0)
			found = ph;
	}
	ru_list_free(&l);
	return found;
}

static const char *const legacy_names[] = { "gaie-legacy", "legacy", "gaie",
	"default", NULL };
static const char *const admit_all_names[] = { "always-admit", "none",
	"admit-all", NULL };

static bool
named(const char *s, const char *const *names)
{
	for (size_t i = 0; s != NULL && names[i] != NULL; i++)
		if (strcmp(s, names[i]) == 0)
			return true;
	return false;
}

/* Whether the generated plugin registers type: then it is the policy
 * under test, whatever its name says. */
static bool
generated_type(const struct judge *j, const char *type)
{
	struct ru_list calls;
	bool found = false;

	pu_claim_list(j, "4a.generated-register", "generated", &calls);
	for (size_t i = 0; i < calls.n && !found; i++) {
		char *t = pu_found(calls.v[i]) ? registered_type(j,
		    calls.v[i]) : NULL;

		found = t != NULL && strcmp(t, type) == 0;
		free(t);
	}
	ru_list_free(&calls);
	return found;
}

/* Whether a baseline admission type is the router's control plugin: a
 * control name, and neither another arm's plugin nor the generated one
 * (a treatment type named "...-control" is still the treatment). */
static bool
baseline_control(const struct judge *j, const char *kind, const char *arm,
    const char *type)
{
	return is_control_type(type) && arm_with_plugin(j, kind, arm,
	    type) == NULL && !generated_type(j, type);
}

/* A control plugin's thresholds against the router's defaults: FAIL
 * when one differs, said in why (the sim's baseline policy, when another
 * than the router's default, makes it a review). */
static enum jverdict_value
control_tuned(const struct judge *j, struct sbuf *why, const char *arm,
    const struct base_adm *ba, const char *policy)
{
	size_t n = 0;
	const json_t *first;

	for (size_t i = 0; i < ba->names.n; i++)
		n += control_thresholds(j, why, arm, ba->names.v[i], &first);
	if (n == 0)
		return V_PASS;
	if (policy == NULL || named(policy, legacy_names))
		return V_FAIL;
	sbuf_printf(why, " The sim's baseline admission is %s: review "
	    "whether the control plugin's thresholds are what it assumed.",
	    policy);
	return V_WARN;
}

/* What the baseline arm's EPP config configures (the actual side). */
static void
baseline_config(const struct judge *j, struct pu_out *o, const char *kind,
    const char *arm, struct base_adm *ba)
{
	memset(ba, 0, sizeof(*ba));
	if (arm == NULL) {
		sbuf_adds(&o->why, "There is no baseline EPP config (phase "
		    "baseline) to read.");
		return;
	}
	baseline_admission(j, kind, arm, ba);
	sbuf_printf(&o->why, "The %s baseline EPP config configures %s",
	    strcmp(kind, "measure") == 0 ? "deployed" : "planned",
	    ba->what.len ? sbuf_str(&ba->what) : "no admission plugin and no "
	    "flowControl gate");
	if (ba->src != NULL) {
		sbuf_adds(&o->why, " (");
		ru_where(&o->why, ba->src);
		sbuf_adds(&o->why, ")");
	}
	sbuf_adds(&o->why, ".");
	o->actual = ba->src != NULL ? pu_rec_side(ba->src) : text_side("router "
	    "default", "no admission in the baseline EPP config");
}

/* Whether the legacy rule tests the request's priority: a line of it
 * (not its signature) that names the priority in a condition or calls
 * IsSheddable.  A proof without the lines (facts.signals) is taken at its
 * word, the function's name. */
static bool
rule_tests_priority(const json_t *rule_p)
{
	const json_t *sig = json_object_get(json_object_get(rule_p, "facts"),
	    "signals");
	json_t *l;
	size_t i;

	if (sig == NULL)
		return true;
	json_array_foreach(sig, i, l) {
		const char *code = rec_get_str(l, "code");

		if (code == NULL || strncmp(code, "func ", 5) == 0)
			continue;
		if (strstr(code, "IsSheddable(") != NULL || strstr(code,
		    "if ") != NULL || strstr(code, "switch ") != NULL ||
		    strstr(code, "case ") != NULL)
			return true;
	}
	return false;
}

/* The router's default admission as its code states it (rule_p: the
 * legacy rule). */
static void
baseline_router_text(const struct judge *j, struct sbuf *why,
    const json_t *rule_p)
{
	const json_t *sel = pu_first_found(j, "4b.controller-selection",
	    "router");
	const json_t *gate = pu_first_found(j, "4b.feature-gate", "router");
	const json_t *status = pu_first_found(j, "4b.shed-status", "router");

	sbuf_adds(why, " Router default, from code: ");
	if (sel != NULL) {
		sbuf_adds(why, "without the flowControl gate");
		if (gate != NULL) {
			sbuf_adds(why, " (");
			pu_where(why, gate, 0);
			sbuf_adds(why, ")");
		}
		sbuf_adds(why, " the legacy admission controller is used (");
		pu_where(why, sel, 0);
		sbuf_adds(why, "); ");
	}
	if (rule_tests_priority(rule_p)) {
		sbuf_adds(why, "it rejects sheddable requests (priority < 0) "
		    "when saturation >= 1.0 and admits everything else (");
		pu_where(why, rule_p, 0);
		sbuf_adds(why, ")");
	} else {
		sbuf_adds(why, "its rule (");
		pu_where(why, rule_p, 0);
		sbuf_adds(why, ") tests no priority (no IsSheddable call or "
		    "priority condition in it), so it may shed critical and "
		    "standard requests too when the pool is saturated, not "
		    "only sheddable ones");
	}
	if (status != NULL) {
		sbuf_adds(why, "; the rejection maps to an HTTP error in ");
		pu_where(why, status, 0);
	}
	sbuf_adds(why, ".");
}

/* Whether the sim bundle plans the baseline's admission as deployed:
 * its planned baseline EPP config (config.md, README) names the same
 * admission plugin types and the flowControl gate, which its BLIS
 * --flow-control flag may set for every arm. */
static bool
baseline_planned(const struct judge *j, struct sbuf *why, const char *arm,
    const struct base_adm *ba)
{
	struct base_adm plan;
	const json_t *flow = pu_bundle_find(j, "expect", "sim.flow_control",
	    NULL, NULL);
	bool same;

	baseline_admission(j, "expect", arm, &plan);
	plan.flow = plan.flow || json_is_true(json_object_get(flow, "value"));
	same = plan.flow == ba->flow && plan.types.n == ba->types.n;
	for (size_t i = 0; i < ba->types.n && same; i++)
		same = strv_find(&plan.types, ba->types.v[i]) >= 0;
	if (same) {
		sbuf_adds(why, " The sim bundle plans the same for its baseline (");
		ru_where(why, plan.src != NULL ? plan.src : flow);
		sbuf_adds(why, "): the baseline runs the admission the "
		    "simulation assumed.");
	}
	base_adm_free(&plan);
	return same;
}

/* A baseline that configures admission of its own: the procedure allows
 * only the router's control plugin there, or what the sim bundle plans
 * for its baseline; anything else is a FAIL unless the sim's baseline
 * names another policy (then a review). */
static enum jverdict_value
baseline_own(const struct judge *j, struct sbuf *why, const char *kind,
    const char *arm, const struct base_adm *ba, const char *policy)
{
	const char *foreign = NULL, *other;

	if (strcmp(kind, "measure") == 0 && baseline_planned(j, why, arm, ba))
		return V_PASS;

	for (size_t i = 0; i < ba->types.n && foreign == NULL; i++)
		if (!baseline_control(j, kind, arm, ba->types.v[i]))
			foreign = ba->types.v[i];
	if (foreign == NULL && !ba->flow) {
		enum jverdict_value v;

		sbuf_adds(why, " It replicates the router's own rule as a "
		    "plugin (named as the router's control plugin), which the "
		    "procedure allows for a baseline.");
		v = strcmp(kind, "measure") == 0 ? control_tuned(j, why, arm,
		    ba, policy) : V_PASS;
		if (v != V_PASS)
			return v;
		if (policy == NULL || named(policy, legacy_names))
			return V_PASS;
		sbuf_printf(why, " The sim's baseline admission is %s: review "
		    "that the control plugin is what it assumed.", policy);
		return V_WARN;
	}
	if (foreign != NULL && (other = arm_with_plugin(j, kind, arm,
	    foreign)) != NULL)
		sbuf_printf(why, " The baseline loads %s, the admission plugin "
		    "of arm %s: the baseline runs (part of) the policy under "
		    "test, so comparing the arms measures nothing.", foreign,
		    other);
	else if (foreign != NULL)
		sbuf_printf(why, " The baseline loads the admission plugin %s, "
		    "which is not the router's control plugin.", foreign);
	if (ba->flow)
		sbuf_adds(why, " The flowControl gate replaces the legacy "
		    "admission with the flow-control layer.");
	if (policy != NULL && !named(policy, legacy_names) &&
	    !named(policy, admit_all_names)) {
		sbuf_printf(why, " The sim's baseline admission is %s: review "
		    "whether that is what the baseline configures.", policy);
		return V_WARN;
	}
	sbuf_adds(why, " The procedure allows a baseline no admission plugin "
	    "(the router's default) or the router's control plugin, nothing "
	    "else.");
	return V_FAIL;
}

/* The default admission the baseline runs, as its detector overrides
 * make it, against the sim's baseline policy (v: the verdict without
 * overrides). */
static enum jverdict_value
baseline_tuned(const struct judge *j, struct pu_out *o, const char *arm,
    const char *policy, enum jverdict_value v)
{
	const json_t *first;

	if (baseline_detector(j, &o->why, arm, &first) == 0)
		return v;
	json_decref(o->actual);
	o->actual = pu_rec_side(first);
	if (policy == NULL || named(policy, legacy_names)) {
		sbuf_adds(&o->why, " The sim baseline assumed the router's "
		    "default, untuned.");
		return V_FAIL;
	}
	sbuf_printf(&o->why, " The sim's baseline admission is %s: review "
	    "whether the tuned detector does what it assumed.", policy);
	return V_WARN;
}

/* Whether a RegisterFeatureGate call's first argument is the
 * flowControl gate: the string itself, or a const named just
 * FeatureGate (flowcontrol's: the other gates carry their feature in
 * the name, datalayer.ExperimentalDatalayerFeatureGate). */
static bool
is_flow_gate(const char *arg)
{
	const char *dot = arg != NULL ? strrchr(arg, '.') : NULL;

	return arg != NULL && (strcmp(arg, "\"flowControl\"") == 0 ||
	    strcmp(dot != NULL ? dot + 1 : arg, "FeatureGate") == 0);
}

/* The router codebases that register the flowControl gate on by
 * default (RegisterFeatureGate(gate, true)) into on, the first such
 * call in *first.  A codebase that registers it without a default (GAIE)
 * or not at all leaves it off. */
static void
flow_gate_on(const struct judge *j, struct strv *on, const json_t **first)
{
	struct ru_list l;

	*first = NULL;
	pu_claim_list(j, "4b.gate-registration", "router", &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *args = json_object_get(json_object_get(l.v[i],
		    "facts"), "args");
		const char *dflt = json_string_value(json_array_get(args, 1));

		if (!pu_found(l.v[i]) || !is_flow_gate(json_string_value(
		    json_array_get(args, 0))) || dflt == NULL ||
		    strcmp(dflt, "true") != 0)
			continue;
		if (strv_find(on, pu_label(l.v[i])) < 0)
			strv_add(on, pu_label(l.v[i]));
		if (*first == NULL)
			*first = l.v[i];
	}
	ru_list_free(&l);
}

/* " `callee(arg, …)`" of a call proof. */
static void
call_text(struct sbuf *b, const json_t *p)
{
	const json_t *facts = json_object_get(p, "facts");
	const json_t *args = json_object_get(facts, "args");
	const char *callee = rec_get_str(facts, "callee");
	json_t *a;
	size_t k;

	sbuf_printf(b, " `%s(", callee != NULL ? callee : "?");
	json_array_foreach(args, k, a)
		sbuf_printf(b, "%s%s", k ? ", " : "", json_string_value(a) ?
		    json_string_value(a) : "?");
	sbuf_adds(b, ")`");
}

/* A baseline that configures no admission runs the router's default;
 * when the router turns the flowControl gate on by default that default
 * is the flow-control layer, not the legacy rule (v: the verdict
 * without it). */
static enum jverdict_value
baseline_gate(const struct judge *j, struct pu_out *o,
    const struct pu_avail *av, const char *policy, enum jverdict_value v)
{
	struct strv on = {0};
	const json_t *first;
	bool all;

	flow_gate_on(j, &on, &first);
	if (on.n == 0) {
		strv_free(&on);
		return v;
	}
	all = on.n >= av->labels.n;
	pu_ev_add(o->evidence, "the flowControl gate's default", first);
	sbuf_adds(&o->why, " But ");
	sbuf_adds(&o->why, all ? "the router" : pu_label(first));
	sbuf_adds(&o->why, " registers the flowControl gate on by default (");
	pu_where(&o->why, first, 0);
	call_text(&o->why, first);
	sbuf_adds(&o->why, "): a baseline that configures no featureGates "
	    "runs the flow-control layer (queueing, dispatch on the "
	    "saturation detector) instead of the legacy admission.");
	strv_free(&on);
	if (!all) {
		sbuf_adds(&o->why, " The other codebase leaves it off: which "
		    "router the baseline ran decides its admission.");
		return v == V_FAIL ? V_FAIL : V_WARN;
	}
	if (policy != NULL && !named(policy, legacy_names) &&
	    !named(policy, admit_all_names)) {
		sbuf_printf(&o->why, " The sim's baseline admission is %s: "
		    "review whether that is what the baseline ran.", policy);
		return v == V_FAIL ? V_FAIL : V_WARN;
	}
	sbuf_adds(&o->why, " The sim baseline assumed the legacy admission.");
	return V_FAIL;
}

/* The baseline arm against the sim's baseline policy. */
static enum jverdict_value
baseline_compare(const struct judge *j, struct sbuf *why, const char *kind,
    const char *arm, const struct base_adm *ba, const char *policy)
{
	if (ba->what.len > 0)
		return baseline_own(j, why, kind, arm, ba, policy);
	if (policy == NULL || named(policy, legacy_names)) {
		sbuf_adds(why, " The baseline runs that default.");
		return V_PASS;
	}
	if (named(policy, admit_all_names)) {
		sbuf_adds(why, " The sim baseline admits everything, but the "
		    "router's default still sheds sheddable requests once "
		    "saturation reaches 1.0: under overload the real baseline "
		    "sheds while the simulated one does not.");
		return V_WARN;
	}
	sbuf_printf(why, " Review: the real baseline runs the router default "
	    "and the sim's is %s; they are not mechanically comparable.",
	    policy);
	return V_WARN;
}

static void
rule_baseline(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *sim = pu_bundle_find(j, "expect", "sim.admission_policy",
	    NULL, NULL);
	const char *policy = pu_str_value(sim);
	const json_t *rule_p = pu_first_found(j, "4b.legacy-rule", "router");
	struct strv arms;
	const char *kind = pu_epp_arms(j, &arms);
	const char *arm = NULL;
	struct base_adm ba;
	enum jverdict_value v;
	struct pu_avail av;
	struct pu_out o;

	pu_availability(j, &av);
	for (size_t a = 0; a < arms.n; a++)
		if (strcmp(arms.v[a], "baseline") == 0)
			arm = arms.v[a];
	pu_out_init(&o, "admission.baseline");
	if (arm != NULL)
		o.sub = pu_phase_sub(arm, NULL);
	o.expect = pu_rec_side(sim);
	if (policy != NULL) {
		sbuf_printf(&o.why, "The sim's baseline admission is %s (",
		    policy);
		ru_where(&o.why, sim);
		sbuf_adds(&o.why, "). ");
	} else
		sbuf_adds(&o.why, "The sim bundle gives no "
		    "--admission-policy. ");
	baseline_config(j, &o, kind, arm, &ba);
	pu_ev_claim(o.evidence, j, "4b.controller-selection", "router",
	    "which admission controller is used");
	pu_ev_claim(o.evidence, j, "4b.legacy-rule", "router",
	    "the default (legacy) admission rule");
	pu_ev_claim(o.evidence, j, "4b.feature-gate", "router",
	    "the flowControl feature gate");
	pu_ev_claim(o.evidence, j, "4b.shed-status", "router",
	    "the status a shed request gets");
	if (arm != NULL && ba.what.len > 0) {
		/* Its own admission: judged from the configs alone. */
		if (rule_p != NULL)
			baseline_router_text(j, &o.why, rule_p);
		v = baseline_compare(j, &o.why, kind, arm, &ba, policy);
	} else if (!av.router) {
		sbuf_printf(&o.why, " The router's default admission: %s.",
		    PU_NO_CODEBASE);
		v = V_INAPPLICABLE;
	} else if (rule_p == NULL) {
		sbuf_adds(&o.why, " The router's default admission rule was "
		    "not found (claims 4b.legacy-rule, "
		    "4b.controller-selection): review it by hand.");
		v = V_WARN;
	} else {
		baseline_router_text(j, &o.why, rule_p);
		v = arm == NULL ? V_MISSING : baseline_compare(j, &o.why, kind,
		    arm, &ba, policy);
		if (arm != NULL && strcmp(kind, "measure") == 0)
			v = baseline_tuned(j, &o, arm, policy, v);
		if (arm != NULL)
			v = baseline_gate(j, &o, &av, policy, v);
		if (v == V_PASS && !rule_tests_priority(rule_p)) {
			sbuf_adds(&o.why, " Review the router's default: a "
			    "baseline that runs it sheds every tier alike, "
			    "which a sim baseline shedding only sheddable "
			    "requests does not.");
			v = V_WARN;
		}
	}
	pu_out_emit(j, r, &o, v, rule_p == NULL && ba.what.len == 0 ? "Find "
	    "the router's built-in admission by hand and compare it with the "
	    "sim baseline." : "Make the baseline arm run the admission the sim "
	    "baseline assumed: no admission plugin (the router's default) or "
	    "the router's control plugin (or rerun the sim with what the "
	    "baseline ran).");
	base_adm_free(&ba);
	strv_free(&arms);
	strv_free(&av.labels);
}

const struct rule rules_policy[] = {
	{ "4a", "Routing policy", false, rule_routing },
	{ "4b", "Baseline admission", false, rule_baseline },
	{ NULL, NULL, false, NULL }
};
