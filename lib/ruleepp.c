/* ruleepp.c - one arm's EPP configuration as the judge holds it: the
 * epp.* records of a phase, one per item and file, for checks 2c, 2d and
 * the isolation rules. */
#include <string.h>
#include <strings.h>

#include "judge.h"
#include "rec.h"
#include "ruleutil.h"

const char *const ru_epp_metrics[] = {
	"epp.plugin", "epp.plugin.parameter", "epp.profile.plugin",
	"epp.scorer.weight", "epp.feature_gate", "epp.flow_control",
	"epp.saturation_detector", "epp.chart", "priority.tier", NULL
};

bool
ru_is_epp_metric(const char *metric)
{
	for (size_t i = 0; ru_epp_metrics[i] != NULL; i++)
		if (metric != NULL && strcmp(metric, ru_epp_metrics[i]) == 0)
			return true;
	return false;
}

const char *
ru_item_of(const json_t *rec)
{
	const char *k = rec_get_str(rec, "key");

	return k != NULL ? k : rec_scope_str(rec, "class");
}

/* Whether two items of metric name one thing: a plugin parameter
 * (PLUGIN.path) by its plugin exactly and its path in any case, as Go's
 * encoding/json matches a key to a struct field; anything else exactly. */
static bool
same_item(const char *metric, const char *a, const char *b, bool fold)
{
	const char *dot;

	if (a == NULL || b == NULL)
		return false;
	if (!fold || strcmp(metric, "epp.plugin.parameter") != 0 ||
	    (dot = strchr(a, '.')) == NULL)
		return strcmp(a, b) == 0;
	return strncmp(a, b, (size_t)(dot - a) + 1) == 0 &&
	    strcasecmp(dot + 1, b + (dot - a) + 1) == 0;
}

const json_t *
ru_find_item(const struct ru_list *l, const char *metric, const char *item)
{
	/* the exact key first: a config may hold both spellings */
	for (int fold = 0; fold < 2; fold++)
		for (size_t i = 0; i < l->n; i++)
			if (strcmp(rec_get_str(l->v[i], "metric"), metric) ==
			    0 && same_item(metric, ru_item_of(l->v[i]), item,
			    fold))
				return l->v[i];
	return NULL;
}

const json_t *
ru_earlier_item(const struct ru_list *l, size_t i)
{
	const char *metric = rec_get_str(l->v[i], "metric");

	for (size_t k = 0; k < i; k++)
		if (strcmp(rec_get_str(l->v[k], "metric"), metric) == 0 &&
		    same_item(metric, ru_item_of(l->v[k]),
		    ru_item_of(l->v[i]), true))
			return l->v[k];
	return NULL;
}

const json_t *
ru_by_metric(const struct ru_list *l, const char *metric)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(rec_get_str(l->v[i], "metric"), metric) == 0)
			return l->v[i];
	return NULL;
}

static bool
same_file(const json_t *a, const json_t *b)
{
	const char *fa = rec_get_str(json_object_get(a, "source"), "file");
	const char *fb = rec_get_str(json_object_get(b, "source"), "file");

	return fa == NULL ? fb == NULL : fb != NULL && strcmp(fa, fb) == 0;
}

/* Records a and b cite the same place (file, line, column; a field
 * neither gives is the same). */
static bool
same_source(const json_t *a, const json_t *b)
{
	static const char *const f[] = { "file", "line", "column" };
	const json_t *sa = json_object_get(a, "source");
	const json_t *sb = json_object_get(b, "source");

	for (size_t k = 0; k < sizeof(f) / sizeof(f[0]); k++) {
		const json_t *x = json_object_get(sa, f[k]);
		const json_t *y = json_object_get(sb, f[k]);

		if ((x == NULL) != (y == NULL) || (x != NULL &&
		    !json_equal((json_t *)x, (json_t *)y)))
			return false;
	}
	return true;
}

/* A record of out with rec's metric and item from rec's place, or from
 * another file (config.md and the README giving one config). */
static bool
repeated_rec(const struct ru_list *out, const json_t *rec)
{
	const char *metric = rec_get_str(rec, "metric");
	const char *item = ru_item_of(rec);

	for (size_t i = 0; i < out->n; i++) {
		const char *it = ru_item_of(out->v[i]);

		if (strcmp(rec_get_str(out->v[i], "metric"), metric) == 0 &&
		    it != NULL && item != NULL && strcmp(it, item) == 0 &&
		    (same_source(out->v[i], rec) || !same_file(out->v[i],
		    rec)))
			return true;
	}
	return false;
}

bool
ru_loader_added(const json_t *rec)
{
	const char *how = rec_get_str(json_object_get(rec, "source"), "how");

	return how != NULL && strstr(how, REC_LOADER_HOW) != NULL;
}

void
ru_arm_config(const struct judge *j, const char *kind, const char *phase,
    bool global_tiers, struct ru_list *out)
{
	struct jsel sel = { .kind = kind, .wl = JM_NONE, .phase = phase,
	    .ph = global_tiers ? JM_IS_OR_NONE : JM_IS, .it = JM_ANY };
	struct ru_list l;

	memset(out, 0, sizeof(*out));
	if (phase == NULL && !global_tiers)
		return;
	ru_select(j, &sel, &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *rec = l.v[i];
		const char *p = rec_scope_str(rec, "phase");
		const char *metric = rec_get_str(rec, "metric");

		/* The config as written: what the loader adds is no text. */
		if (!ru_is_epp_metric(metric) || ru_loader_added(rec))
			continue;
		if (p == NULL ? !(global_tiers &&
		    strcmp(metric, "priority.tier") == 0 &&
		    ru_check_is(rec, "2d")) : phase == NULL ||
		    strcmp(p, phase) != 0)
			continue;
		/* s2r-expect repeats s2r-config's records, and config.md
		 * and the README may give one config: keep one.  An item
		 * one file gives twice stays twice: 2d reports the repeat. */
		if (repeated_rec(out, rec))
			continue;
		ru_list_add(out, rec);
	}
	ru_list_free(&l);
}

const char *
ru_arm_file(const struct judge *j, const char *phase)
{
	struct ru_list l;
	const json_t *plugin;
	const char *file = NULL;

	ru_arm_config(j, "measure", phase, false, &l);
	plugin = ru_by_metric(&l, "epp.plugin");
	if (plugin != NULL)
		file = rec_get_str(json_object_get(plugin, "source"), "file");
	ru_list_free(&l);
	return file;
}
