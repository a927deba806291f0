/* routecmp.c - see routecmp.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "proofutil.h"
#include "rec.h"
#include "routecmp.h"
#include "ruleutil.h"
#include "str.h"

/* One weighted scorer of a profile: "profile/type", its weight records
 * (a profile may list a scorer type more than once: the scheduler runs
 * every entry, so the weights add up) and their sum. */
struct scorer {
	char		*key;
	struct ru_list	 recs;
	double		 sum;
	bool		 numeric;	/* every weight a number */
};

struct scorers {
	struct scorer	*v;
	size_t		 n;
};

/* Whether a record of kind/metric belongs to phase (NULL: to no arm). */
static bool
in_scope(const json_t *rec, const char *kind, const char *metric,
    const char *phase)
{
	const char *m = rec_get_str(rec, "metric");
	const char *ph = rec_scope_str(rec, "phase");

	if (m == NULL || strcmp(m, metric) != 0 ||
	    strcmp(rec_get_str(rec, "kind"), kind) != 0)
		return false;
	return phase == NULL ? ph == NULL : ph != NULL && strcmp(ph, phase) ==
	    0;
}

/* The sim's plan for arm: the arm's own records, else those of no arm;
 * *any false when there are neither. */
static const char *
plan_scope(const struct judge *j, const char *arm, bool *any)
{
	static const char *const metrics[] = { "epp.plugin",
	    "epp.scorer.weight" };
	bool own = false, none = false;

	for (size_t k = 0; k < 2; k++) {
		struct ru_list l;

		ru_select(j, &(struct jsel){ .kind = "expect",
		    .metric = metrics[k] }, &l);
		for (size_t i = 0; i < l.n; i++) {
			own = own || in_scope(l.v[i], "expect", metrics[k], arm);
			none = none || in_scope(l.v[i], "expect", metrics[k],
			    NULL);
		}
		ru_list_free(&l);
	}
	*any = own || none;
	return own ? arm : NULL;
}

bool
routecmp_planned(const struct judge *j, const char *arm)
{
	bool any;

	plan_scope(j, arm, &any);
	return any;
}

static void
scope_recs(const struct judge *j, const char *kind, const char *metric,
    const char *phase, struct ru_list *out)
{
	ru_select(j, &(struct jsel){ .kind = kind, .metric = metric,
	    .ph = JM_IS, .phase = phase }, out);
}

static bool
is_picker(const json_t *plugin)
{
	return pu_str_value(plugin) != NULL &&
	    str_has_suffix(pu_str_value(plugin), "-picker");
}

const json_t *
routecmp_picker(const struct ru_list *plugins, const struct ru_list *entries,
    bool *several)
{
	size_t n = 0;

	if (several != NULL)
		*several = false;
	for (size_t e = 0; e < entries->n; e++) {
		const char *key = rec_get_str(entries->v[e], "key");
		const char *ref = key != NULL ? strchr(key, '/') : NULL;

		for (size_t p = 0; ref != NULL && p < plugins->n; p++)
			if (is_picker(plugins->v[p]) && rec_get_str(
			    plugins->v[p], "key") != NULL && strcmp(rec_get_str(
			    plugins->v[p], "key"), ref + 1) == 0)
				return plugins->v[p];
	}
	for (size_t p = 0; p < plugins->n; p++)
		n += is_picker(plugins->v[p]);
	if (several != NULL)
		*several = n > 1;
	return NULL;
}

static const json_t *
picker_of(const struct judge *j, const char *kind, const char *phase,
    bool *several)
{
	struct ru_list plugins, entries;
	const json_t *p;

	scope_recs(j, kind, "epp.plugin", phase, &plugins);
	scope_recs(j, kind, "epp.profile.plugin", phase, &entries);
	p = routecmp_picker(&plugins, &entries, several);
	ru_list_free(&plugins);
	ru_list_free(&entries);
	return p;
}

/* "profile/type" of a profile entry key "profile/ref" (the pluginRef
 * names the plugin; names differ between configs, types do not).
 * Caller frees. */
static char *
entry_key(const char *key, const struct ru_list *plugins)
{
	const char *slash = strchr(key, '/');
	const char *ref = slash != NULL ? slash + 1 : key, *type = ref;
	struct sbuf k = {0};
	char *out;

	for (size_t p = 0; p < plugins->n; p++)
		if (rec_get_str(plugins->v[p], "key") != NULL &&
		    strcmp(rec_get_str(plugins->v[p], "key"), ref) == 0 &&
		    pu_str_value(plugins->v[p]) != NULL)
			type = pu_str_value(plugins->v[p]);
	sbuf_printf(&k, "%.*s/%s", slash != NULL ? (int)(slash - key) : 0, key,
	    type);
	out = xstrdup(sbuf_str(&k));
	sbuf_free(&k);
	return out;
}

/* The scorer of key in s, or NULL. */
static const struct scorer *
scorer_find(const struct scorers *s, const char *key)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i].key, key) == 0)
			return &s->v[i];
	return NULL;
}

/* The weighted scorers of a config, keyed by profile and plugin type;
 * a type listed twice in a profile is one scorer with the summed
 * weight. */
static void
scorers_of(const struct judge *j, const char *kind, const char *phase,
    struct scorers *out)
{
	struct ru_list w, plugins;

	scope_recs(j, kind, "epp.scorer.weight", phase, &w);
	scope_recs(j, kind, "epp.plugin", phase, &plugins);
	out->v = xcalloc(w.n + 1, sizeof(*out->v));
	out->n = 0;
	for (size_t i = 0; i < w.n; i++) {
		const char *key = rec_get_str(w.v[i], "key");
		struct scorer *sc = NULL;
		char *k;
		double x;

		if (key == NULL)
			continue;
		k = entry_key(key, &plugins);
		for (size_t s = 0; s < out->n && sc == NULL; s++)
			if (strcmp(out->v[s].key, k) == 0)
				sc = &out->v[s];
		if (sc == NULL) {
			sc = &out->v[out->n++];
			sc->key = k;
			sc->numeric = true;
		} else
			free(k);
		ru_list_add(&sc->recs, w.v[i]);
		if (ru_num(w.v[i], &x))
			sc->sum += x;
		else
			sc->numeric = false;
	}
	ru_list_free(&w);
	ru_list_free(&plugins);
}

static void
scorers_free(struct scorers *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].key);
		ru_list_free(&s->v[i].recs);
	}
	free(s->v);
}

/* "name V (where)" */
static void
value_at(struct sbuf *b, const char *lead, const json_t *rec)
{
	sbuf_adds(b, lead);
	ru_value_at(b, rec);
}

/* several: the deployed config instantiates several pickers and no
 * profile names one, so the router's loader appends any of them. */
static void
compare_pickers(struct sbuf *why, struct rc_result *res, bool several)
{
	const char *pt = pu_str_value(res->planned);
	const char *dt = pu_str_value(res->deployed);

	if (res->planned == NULL) {
		if (res->deployed != NULL)
			value_at(why, "; picker: none planned, deployed ",
			    res->deployed);
		return;
	}
	res->compared++;
	value_at(why, "; picker: planned ", res->planned);
	if (res->deployed == NULL && several) {
		sbuf_adds(why, ", deployed: several instantiated and none in "
		    "the profile, so the router appends any one of them "
		    "UNSURE");
		res->unsure++;
		return;
	}
	if (res->deployed == NULL) {
		sbuf_adds(why, ", none deployed DIFFERS");
		res->differ++;
		return;
	}
	value_at(why, ", deployed ", res->deployed);
	if (pt == NULL || dt == NULL || strcmp(pt, dt) != 0) {
		sbuf_adds(why, " DIFFERS");
		res->differ++;
	}
}

/* A scorer's weight and where it is set; a type listed more than once
 * gives the sum and each entry. */
static void
weight_at(struct sbuf *b, const char *lead, const struct scorer *sc)
{
	char n[32];

	if (sc->recs.n == 1 || !sc->numeric) {
		value_at(b, lead, sc->recs.v[0]);
		return;
	}
	judge_fmt_num(n, sizeof(n), sc->sum);
	sbuf_printf(b, "%s%s (listed %zu times in the profile, weights", lead,
	    n, sc->recs.n);
	for (size_t i = 0; i < sc->recs.n; i++) {
		sbuf_adds(b, i > 0 ? " + " : " ");
		ru_value_text(b, json_object_get(sc->recs.v[i], "value"));
		sbuf_adds(b, " at ");
		ru_where(b, sc->recs.v[i]);
	}
	sbuf_adds(b, ")");
}

static bool
same_weight(const struct scorer *a, const struct scorer *b)
{
	if (a->numeric && b->numeric)
		return fabs(a->sum - b->sum) <= 1e-9 * fmax(1, fabs(a->sum));
	return a->recs.n == 1 && b->recs.n == 1 && ru_equal(json_object_get(
	    a->recs.v[0], "value"), json_object_get(b->recs.v[0], "value"));
}

static void
compare_scorers(struct sbuf *why, const struct scorers *plan,
    const struct scorers *dep, struct rc_result *res)
{
	for (size_t i = 0; i < plan->n; i++) {
		const struct scorer *d = scorer_find(dep, plan->v[i].key);

		res->compared++;
		sbuf_printf(why, "; scorer %s: weight", plan->v[i].key);
		weight_at(why, " planned ", &plan->v[i]);
		if (d == NULL) {
			sbuf_adds(why, ", not deployed DIFFERS");
			res->differ++;
			continue;
		}
		weight_at(why, ", deployed ", d);
		if (!same_weight(&plan->v[i], d)) {
			sbuf_adds(why, " DIFFERS");
			res->differ++;
		}
	}
	for (size_t i = 0; i < dep->n; i++) {
		if (scorer_find(plan, dep->v[i].key) != NULL)
			continue;
		res->differ++;
		sbuf_printf(why, "; scorer %s:", dep->v[i].key);
		weight_at(why, " deployed with weight ", &dep->v[i]);
		sbuf_adds(why, ", not planned DIFFERS");
	}
}

/* The profile entries of a config that are neither a weighted scorer nor
 * the picker (filters, or a scorer given no weight), as "profile/type",
 * sorted; the first record of each in recs, in the same order. */
static void
steps_of(const struct judge *j, const char *kind, const char *phase,
    struct strv *out, struct ru_list *recs)
{
	struct ru_list entries, w, plugins;
	struct strv weighted = {0};

	memset(out, 0, sizeof(*out));
	memset(recs, 0, sizeof(*recs));
	scope_recs(j, kind, "epp.profile.plugin", phase, &entries);
	scope_recs(j, kind, "epp.scorer.weight", phase, &w);
	scope_recs(j, kind, "epp.plugin", phase, &plugins);
	for (size_t i = 0; i < w.n; i++)
		if (rec_get_str(w.v[i], "key") != NULL)
			strv_add(&weighted, rec_get_str(w.v[i], "key"));
	for (size_t i = 0; i < entries.n; i++) {
		const char *key = rec_get_str(entries.v[i], "key");
		char *k;

		if (key == NULL || strv_find(&weighted, key) >= 0)
			continue;
		k = entry_key(key, &plugins);
		if (!str_has_suffix(k, "-picker") && strv_find(out, k) < 0) {
			strv_add(out, k);
			ru_list_add(recs, entries.v[i]);
		}
		free(k);
	}
	strv_free(&weighted);
	ru_list_free(&entries);
	ru_list_free(&w);
	ru_list_free(&plugins);
}

void
routecmp_steps(const struct judge *j, const char *kind, const char *arm,
    struct strv *out, struct ru_list *recs)
{
	steps_of(j, kind, arm, out, recs);
}

/* Whether a filter type narrows the endpoints by their load (GAIE's
 * least-queue-filter, low-queue-filter, least-kv-cache-filter): a picker
 * behind it draws among the least-loaded pods only. */
static bool
load_filter(const char *type)
{
	return strstr(type, "queue") != NULL || strstr(type, "kv-cache") !=
	    NULL || strstr(type, "load") != NULL;
}

/* Profile steps in one config only, as one side says ("deployed, not
 * planned"): a filter narrows the endpoints before scoring; whether a
 * label filter drops any depends on the pods the bundle does not show
 * (unsure), while a load filter drops the busier pods whenever loads
 * differ (a difference). */
static void
steps_only(struct sbuf *why, const struct strv *in, const struct ru_list *recs,
    const struct strv *other, const char *side, struct rc_result *res)
{
	for (size_t i = 0; i < in->n; i++) {
		const char *slash = strchr(in->v[i], '/');
		bool load = load_filter(slash != NULL ? slash + 1 : in->v[i]);

		if (strv_find(other, in->v[i]) >= 0)
			continue;
		if (load)
			res->differ++;
		else
			res->unsure++;
		sbuf_printf(why, "; profile step %s (%s): %s (", in->v[i],
		    load ? "no weight, a filter on the pods' load" :
		    str_has_suffix(in->v[i], "/") ? "a profile without "
		    "plugins: requests the profile handler sends there are "
		    "scored by nothing" : "no weight", side);
		ru_where(why, recs->v[i]);
		sbuf_adds(why, load ? ") DIFFERS" : ") UNSURE");
	}
}

static void
compare_steps(const struct judge *j, const char *plan, const char *arm,
    struct sbuf *why, struct rc_result *res)
{
	struct strv ps, ds;
	struct ru_list pr, dr;

	steps_of(j, "expect", plan, &ps, &pr);
	steps_of(j, "measure", arm, &ds, &dr);
	steps_only(why, &ps, &pr, &ds, "planned, not deployed", res);
	steps_only(why, &ds, &dr, &ps, "deployed, not planned", res);
	strv_free(&ps);
	strv_free(&ds);
	ru_list_free(&pr);
	ru_list_free(&dr);
}

void
routecmp_arm(const struct judge *j, const char *arm, struct sbuf *why,
    struct rc_result *res)
{
	bool any, several;
	const char *plan = plan_scope(j, arm, &any);
	struct scorers ps, ds;

	memset(res, 0, sizeof(*res));
	if (!any)
		return;
	res->planned = picker_of(j, "expect", plan, NULL);
	res->deployed = picker_of(j, "measure", arm, &several);
	compare_pickers(why, res, several);
	scorers_of(j, "expect", plan, &ps);
	scorers_of(j, "measure", arm, &ds);
	compare_scorers(why, &ps, &ds, res);
	compare_steps(j, plan, arm, why, res);
	scorers_free(&ps);
	scorers_free(&ds);
}

/* Every BLIS policy draws over all endpoints: a load filter changes
 * where requests go whenever the pods' loads differ; another may drop no
 * pod (labels), which the bundle does not show. */
enum jverdict_value
routecmp_filters(const struct judge *j, const char *kind, const char *arm,
    const json_t *picker, struct sbuf *why, enum jverdict_value v)
{
	bool scores = picker != NULL && strcmp(pu_str_value(picker),
	    "random-picker") != 0;
	bool load = false, any = false;
	struct ru_list recs;
	struct strv steps;

	routecmp_steps(j, kind, arm, &steps, &recs);
	for (size_t i = 0; i < steps.n; i++) {
		const char *slash = strchr(steps.v[i], '/');
		const char *type = slash != NULL ? slash + 1 : steps.v[i];

		if (!scores && str_has_suffix(type, "-scorer"))
			continue;	/* a random pick ignores scores */
		sbuf_printf(why, "%s%s (", any ? ", " : " The profile also "
		    "runs ", steps.v[i]);
		ru_where(why, recs.v[i]);
		sbuf_adds(why, ")");
		any = true;
		load = load || load_filter(type);
	}
	if (any && load)
		sbuf_adds(why, ": a filter on the pods' load drops the busier "
		    "endpoints before the picker draws, so the real arm routes "
		    "by load where the sim's policy spreads over every "
		    "endpoint.");
	else if (any)
		sbuf_adds(why, ": a step the sim's policy does not have; it "
		    "drops endpoints before the picker draws, and whether it "
		    "drops any depends on the pods (labels, state), which the "
		    "bundle does not show.");
	strv_free(&steps);
	ru_list_free(&recs);
	if (!any || v == V_FAIL)
		return v;
	return load ? V_FAIL : v == V_PASS ? V_WARN : v;
}

/* BLIS --routing-scorers names and the EPP scorer types that compute the
 * same signal (a prefix scorer, approximate or precise, for the sim's
 * prefix affinity). */
static const struct {
	const char	*blis;
	const char	*types[3];
} scorer_map[] = {
	{ "prefix-affinity", { "prefix-cache-scorer",
	    "precise-prefix-cache-scorer", NULL } },
	{ "queue-depth", { "queue-scorer", NULL } },
	{ "kv-utilization", { "kv-cache-utilization-scorer", NULL } },
};
#define NSCORER_MAP (sizeof(scorer_map) / sizeof(scorer_map[0]))

/* The scorer_map row of a BLIS scorer name, or -1. */
static long
blis_row(const char *name)
{
	for (size_t i = 0; i < NSCORER_MAP; i++)
		if (strcmp(scorer_map[i].blis, name) == 0)
			return (long)i;
	return -1;
}

static bool
row_has(long row, const char *type)
{
	for (size_t k = 0; row >= 0 && scorer_map[row].types[k] != NULL; k++)
		if (strcmp(scorer_map[row].types[k], type) == 0)
			return true;
	return false;
}

/* The deployed weight of the types of row (over every profile) into
 * *w, and the weight of every deployed scorer into *total. */
static void
deployed_weights(const struct scorers *dep, long row, double *w,
    double *total)
{
	*w = 0;
	*total = 0;
	for (size_t i = 0; i < dep->n; i++) {
		const char *slash = strchr(dep->v[i].key, '/');
		const char *type = slash != NULL ? slash + 1 : dep->v[i].key;

		*total += dep->v[i].sum;
		if (row_has(row, type))
			*w += dep->v[i].sum;
	}
}

/* A deployed scorer of no row the spec names: weight the sim lacks. */
static void
unplanned_types(const struct scorers *dep, const long *rows, size_t n,
    struct sbuf *why, struct rc_result *res)
{
	for (size_t i = 0; i < dep->n; i++) {
		const char *slash = strchr(dep->v[i].key, '/');
		const char *type = slash != NULL ? slash + 1 : dep->v[i].key;
		bool known = false;

		for (size_t k = 0; k < n && !known; k++)
			known = row_has(rows[k], type);
		if (known)
			continue;
		res->differ++;
		sbuf_printf(why, "; scorer %s:", dep->v[i].key);
		weight_at(why, " deployed with weight ", &dep->v[i]);
		sbuf_adds(why, ", no sim scorer DIFFERS");
	}
}

/* The sim scorer name with weight sw (stotal: all of them) against the
 * deployed share of its types; its scorer_map row, or -1 (unknown). */
static long
spec_item(const char *name, double sw, double stotal,
    const struct scorers *dep, struct sbuf *why, struct rc_result *res)
{
	double dw, dtotal;
	long row = blis_row(name);
	char a[32], b[32];

	if (row < 0 || isnan(sw)) {
		res->unsure++;
		sbuf_printf(why, "; sim scorer %s: %s UNSURE", name, row < 0 ?
		    "no known EPP scorer" : "no weight given");
		return row;
	}
	res->compared++;
	deployed_weights(dep, row, &dw, &dtotal);
	judge_fmt_num(a, sizeof(a), stotal > 0 ? sw / stotal * 100 : 0);
	judge_fmt_num(b, sizeof(b), dtotal > 0 ? dw / dtotal * 100 : 0);
	sbuf_printf(why, "; sim scorer %s: %s%% of the weight, deployed %s: "
	    "%s%%", name, a, scorer_map[row].types[0], b);
	if (stotal <= 0 || dtotal <= 0 ||
	    fabs(sw / stotal - dw / dtotal) > 1e-6) {
		sbuf_adds(why, " DIFFERS");
		res->differ++;
	}
	return row;
}

#define MAX_SIM_SCORERS 16

void
routecmp_sim_scorers(const struct judge *j, const char *arm, const char *spec,
    struct sbuf *why, struct rc_result *res)
{
	char *copy = xstrdup(spec), *save = NULL, *item;
	char *names[MAX_SIM_SCORERS];
	double w[MAX_SIM_SCORERS], stotal = 0;
	long rows[MAX_SIM_SCORERS];
	size_t n = 0, nrows = 0;
	struct scorers dep;

	memset(res, 0, sizeof(*res));
	for (item = strtok_r(copy, ", ", &save); item != NULL &&
	    n < MAX_SIM_SCORERS; item = strtok_r(NULL, ", ", &save)) {
		char *colon = strchr(item, ':');

		w[n] = colon != NULL ? strtod(colon + 1, NULL) : NAN;
		if (colon != NULL)
			*colon = '\0';
		if (!isnan(w[n]))
			stotal += w[n];
		names[n++] = item;
	}
	scorers_of(j, "measure", arm, &dep);
	for (size_t i = 0; i < n; i++) {
		long row = spec_item(names[i], w[i], stotal, &dep, why, res);

		if (row >= 0)
			rows[nrows++] = row;
	}
	unplanned_types(&dep, rows, nrows, why, res);
	if (res->unsure > 0 && res->differ > 0) {
		/* a sim weight with no EPP scorer to hold it shifts every
		 * share: the differences are not certain */
		sbuf_adds(why, " (with a sim scorer not compared, every share "
		    "is uncertain)");
		res->unsure += res->differ;
		res->differ = 0;
	}
	scorers_free(&dep);
	free(copy);
}
