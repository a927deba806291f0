/* tracev3.c - see tracev3.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "str.h"
#include "tracev3.h"
#include "yamlr.h"

static const char *
node_kind(const struct ynode *n)
{
	return n->type == Y_MAP ? "a map" : n->type == Y_SEQ ? "a sequence" :
	    "a scalar";
}

/* A number >= 0 (a target in ms, a hit rate). */
static double
nonneg(const char *label, const struct ynode *n, const char *key)
{
	double v;

	if (!yscalar_f64(n, &v) || v < 0)
		s2r_die_at(label, n->line, n->column, "%s: expected a number "
		    ">= 0, got %s%s%s", key, yscalar(n) ? "\"" : "",
		    yscalar(n) ? yscalar(n) : node_kind(n),
		    yscalar(n) ? "\"" : "");
	return v;
}

static int
target_cmp(const void *pa, const void *pb)
{
	const struct slo_target *a = pa, *b = pb;

	return strcmp(a->cls, b->cls);
}

/* One class: {ttft_ms, itl_ms, e2e_ms}; other keys are errors, as in
 * BLIS (KnownFields). */
static void
read_class(struct slo_target *t, const char *label, const struct ynode *key,
    const struct ynode *val)
{
	memset(t, 0, sizeof(*t));
	t->cls = xstrdup(yscalar(key) != NULL && *yscalar(key) != '\0' ?
	    yscalar(key) : "default");
	t->line = key->line;
	if (val->type != Y_MAP)
		s2r_die_at(label, val->line, val->column, "goodput_slo_targets."
		    "%s: expected a map of ttft_ms, itl_ms, e2e_ms, got %s",
		    t->cls, node_kind(val));
	for (size_t i = 0; i < val->n; i++) {
		const char *k = yscalar(val->keys[i]);
		const struct ynode *v = val->items[i];

		if (k != NULL && strcmp(k, "ttft_ms") == 0)
			t->ttft_ms = nonneg(label, v, k);
		else if (k != NULL && strcmp(k, "itl_ms") == 0)
			t->itl_ms = nonneg(label, v, k);
		else if (k != NULL && strcmp(k, "e2e_ms") == 0)
			t->e2e_ms = nonneg(label, v, k);
		else
			s2r_die_at(label, val->keys[i]->line,
			    val->keys[i]->column, "goodput_slo_targets.%s: "
			    "expected ttft_ms, itl_ms or e2e_ms, got \"%s\"",
			    t->cls, k != NULL ? k : "a collection");
	}
}

static void
read_targets(struct slo_targets *t, const char *label, const struct ynode *map)
{
	if (map->type != Y_MAP)
		s2r_die_at(label, map->line, map->column, "goodput_slo_targets: "
		    "expected a map of SLO classes, got %s", node_kind(map));
	t->file = xstrdup(label);
	t->line = map->line;
	t->v = xcalloc(map->n + 1, sizeof(*t->v));
	for (size_t i = 0; i < map->n; i++)
		read_class(&t->v[t->n++], label, map->keys[i], map->items[i]);
	qsort(t->v, t->n, sizeof(*t->v), target_cmp);
	for (size_t i = 1; i < t->n; i++)
		if (strcmp(t->v[i].cls, t->v[i - 1].cls) == 0)
			s2r_die_at(label, t->v[i].line, 1, "goodput_slo_targets: "
			    "expected each class once, got \"%s\" twice",
			    t->v[i].cls);
}

static void
read_kv(struct kv_observed *kv, const char *label, const struct ynode *n)
{
	const struct ynode *hr = ymap_get(n, "hit_rate");

	if (n->type != Y_MAP)
		s2r_die_at(label, n->line, n->column, "observed_kv_metrics: "
		    "expected a map, got %s", node_kind(n));
	if (hr == NULL)
		return;
	kv->hit_rate = nonneg(label, hr, "observed_kv_metrics.hit_rate");
	if (kv->hit_rate > 1)
		s2r_die_at(label, hr->line, hr->column, "observed_kv_metrics."
		    "hit_rate: expected a fraction in [0, 1], got %s",
		    yscalar(hr));
	kv->present = true;
	kv->line = hr->line;
	kv->file = xstrdup(label);
	if (yscalar(ymap_get(n, "source")) != NULL)
		kv->source = xstrdup(yscalar(ymap_get(n, "source")));
}

static struct ydoc *
load_map(const char *path, const char *label, const struct ynode **root)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_file(path, &err);

	if (doc == NULL)
		s2r_die_at(label, err.line, err.column, "%s", err.msg);
	*root = ydoc_root(doc);
	if (*root == NULL || (*root)->type != Y_MAP)
		s2r_die_at(label, *root ? (*root)->line : 1,
		    *root ? (*root)->column : 1, "expected a YAML map, got %s",
		    *root == NULL ? "an empty document" : node_kind(*root));
	return doc;
}

void
tracev3_load(struct tracev3 *t, const char *path, const char *label)
{
	const struct ynode *root, *n;
	struct ydoc *doc = load_map(path, label, &root);

	memset(t, 0, sizeof(*t));
	if ((n = ymap_get(root, "goodput_slo_targets")) != NULL &&
	    !yscalar_is_null(n))
		read_targets(&t->targets, label, n);
	if ((n = ymap_get(root, "observed_kv_metrics")) != NULL &&
	    !yscalar_is_null(n))
		read_kv(&t->kv, label, n);
	ydoc_free(doc);
}

void
slo_targets_load(struct slo_targets *t, const char *path, const char *label)
{
	const struct ynode *root, *n;
	struct ydoc *doc = load_map(path, label, &root);

	memset(t, 0, sizeof(*t));
	n = ymap_get(root, "goodput_slo_targets");
	read_targets(t, label, n != NULL ? n : root);
	ydoc_free(doc);
}

void
slo_targets_free(struct slo_targets *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].cls);
	free(t->v);
	free(t->file);
	memset(t, 0, sizeof(*t));
}

void
tracev3_free(struct tracev3 *t)
{
	slo_targets_free(&t->targets);
	free(t->kv.source);
	free(t->kv.file);
	memset(t, 0, sizeof(*t));
}

const struct slo_target *
slo_targets_find(const struct slo_targets *t, const char *cls)
{
	if (*cls == '\0')
		cls = "default";
	/* A class whose every target is 0 is not gated (BLIS drops it). */
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->v[i].cls, cls) == 0)
			return t->v[i].ttft_ms > 0 || t->v[i].itl_ms > 0 ||
			    t->v[i].e2e_ms > 0 ? &t->v[i] : NULL;
	return NULL;
}

bool
slo_targets_equal(const struct slo_targets *a, const struct slo_targets *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i].cls, b->v[i].cls) != 0 ||
		    a->v[i].ttft_ms != b->v[i].ttft_ms ||
		    a->v[i].itl_ms != b->v[i].itl_ms ||
		    a->v[i].e2e_ms != b->v[i].e2e_ms)
			return false;
	return true;
}
