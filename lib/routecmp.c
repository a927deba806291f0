/* routecmp.c - see routecmp.h. */
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

/* One weighted scorer of a profile: "profile/type", its weight record. */
struct scorer {
	char		*key;
	const json_t	*rec;
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

static const json_t *
picker_of(const struct judge *j, const char *kind, const char *phase)
{
	struct ru_list l;
	const json_t *p = NULL;

	scope_recs(j, kind, "epp.plugin", phase, &l);
	for (size_t i = 0; i < l.n && p == NULL; i++)
		if (pu_str_value(l.v[i]) != NULL &&
		    str_has_suffix(pu_str_value(l.v[i]), "-picker"))
			p = l.v[i];
	ru_list_free(&l);
	return p;
}

/* The weighted scorers of a config, keyed by profile and plugin type
 * (the pluginRef names the plugin; names differ between configs, types
 * do not). */
static void
scorers_of(const struct judge *j, const char *kind, const char *phase,
    struct scorers *out)
{
	struct ru_list w, plugins;

	scope_recs(j, kind, "epp.scorer.weight", phase, &w);
	scope_recs(j, kind, "epp.plugin", phase, &plugins);
	out->v = xreallocarray(NULL, w.n + 1, sizeof(*out->v));
	out->n = 0;
	for (size_t i = 0; i < w.n; i++) {
		const char *key = rec_get_str(w.v[i], "key");
		const char *slash = key != NULL ? strchr(key, '/') : NULL;
		const char *ref = slash != NULL ? slash + 1 : key, *type = ref;
		struct sbuf k = {0};

		if (key == NULL)
			continue;
		for (size_t p = 0; p < plugins.n; p++)
			if (rec_get_str(plugins.v[p], "key") != NULL &&
			    strcmp(rec_get_str(plugins.v[p], "key"), ref) == 0 &&
			    pu_str_value(plugins.v[p]) != NULL)
				type = pu_str_value(plugins.v[p]);
		sbuf_printf(&k, "%.*s/%s", slash != NULL ? (int)(slash - key) :
		    0, key, type);
		out->v[out->n].key = xstrdup(sbuf_str(&k));
		out->v[out->n++].rec = w.v[i];
		sbuf_free(&k);
	}
	ru_list_free(&w);
	ru_list_free(&plugins);
}

static void
scorers_free(struct scorers *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].key);
	free(s->v);
}

static const json_t *
scorer_find(const struct scorers *s, const char *key)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i].key, key) == 0)
			return s->v[i].rec;
	return NULL;
}

/* "name V (where)" */
static void
value_at(struct sbuf *b, const char *lead, const json_t *rec)
{
	sbuf_adds(b, lead);
	ru_value_at(b, rec);
}

static void
compare_pickers(struct sbuf *why, struct rc_result *res)
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

static void
compare_scorers(struct sbuf *why, const struct scorers *plan,
    const struct scorers *dep, struct rc_result *res)
{
	for (size_t i = 0; i < plan->n; i++) {
		const json_t *d = scorer_find(dep, plan->v[i].key);

		res->compared++;
		sbuf_printf(why, "; scorer %s: weight", plan->v[i].key);
		value_at(why, " planned ", plan->v[i].rec);
		if (d == NULL) {
			sbuf_adds(why, ", not deployed DIFFERS");
			res->differ++;
			continue;
		}
		value_at(why, ", deployed ", d);
		if (!ru_equal(json_object_get(plan->v[i].rec, "value"),
		    json_object_get(d, "value"))) {
			sbuf_adds(why, " DIFFERS");
			res->differ++;
		}
	}
	for (size_t i = 0; i < dep->n; i++) {
		if (scorer_find(plan, dep->v[i].key) != NULL)
			continue;
		res->differ++;
		sbuf_printf(why, "; scorer %s:", dep->v[i].key);
		value_at(why, " deployed with weight ", dep->v[i].rec);
		sbuf_adds(why, ", not planned DIFFERS");
	}
}

void
routecmp_arm(const struct judge *j, const char *arm, struct sbuf *why,
    struct rc_result *res)
{
	bool any;
	const char *plan = plan_scope(j, arm, &any);
	struct scorers ps, ds;

	memset(res, 0, sizeof(*res));
	if (!any)
		return;
	res->planned = picker_of(j, "expect", plan);
	res->deployed = picker_of(j, "measure", arm);
	compare_pickers(why, res);
	scorers_of(j, "expect", plan, &ps);
	scorers_of(j, "measure", arm, &ds);
	compare_scorers(why, &ps, &ds, res);
	scorers_free(&ps);
	scorers_free(&ds);
}
