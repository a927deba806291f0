/* proofcat.c - see proofcat.h.  Errors name the catalog's file, line and
 * column (yamlr keeps them) and what was expected. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "proofcat.h"
#include "str.h"
#include "yamlr.h"

static const char *catalog_path;

static noreturn void
cat_die(const struct ynode *n, const char *fmt, const char *arg)
{
	char msg[512];

	snprintf(msg, sizeof(msg), fmt, arg);
	s2r_die_at(catalog_path, n ? n->line : 0, n ? n->column : 0, "%s",
	    msg);
}

static const char *
cat_str(const struct ynode *n, const char *key)
{
	if (n->type != Y_SCALAR) {
		char m[128];

		snprintf(m, sizeof(m), "%s: expected a scalar, got a %s", key,
		    n->type == Y_MAP ? "mapping" : "sequence");
		cat_die(n, "%s", m);
	}
	return n->value;
}

static noreturn void
cat_bad_scalar(const struct ynode *n, const char *key, const char *what)
{
	char m[160];

	snprintf(m, sizeof(m), "%s: expected %s, got \"%s\"", key, what,
	    n->type == Y_SCALAR ? n->value : "(not a scalar)");
	cat_die(n, "%s", m);
}

static bool
cat_bool(const struct ynode *n, const char *key)
{
	bool b;

	if (!yscalar_bool(n, &b))
		cat_bad_scalar(n, key, "true or false");
	return b;
}

static int64_t
cat_int(const struct ynode *n, const char *key)
{
	int64_t v;

	if (!yscalar_i64(n, &v))
		cat_bad_scalar(n, key, "an integer");
	return v;
}

/* A scalar or a sequence of scalars, appended to sv. */
static void
cat_list(const struct ynode *n, const char *key, struct strv *sv)
{
	if (n->type == Y_SCALAR) {
		strv_add(sv, n->value);
		return;
	}
	if (n->type != Y_SEQ)
		cat_die(n, "%s: expected a string or a list, got a mapping",
		    key);
	for (size_t i = 0; i < n->n; i++)
		strv_add(sv, cat_str(n->items[i], key));
}

/* The query's member that a key names, by the member's type; NULL when
 * the key is not one of that type. */
static char **
str_member(struct gquery *q, const char *k)
{
	if (strcmp(k, "id") == 0) return &q->id;
	if (strcmp(k, "check") == 0) return &q->check;
	if (strcmp(k, "claim") == 0) return &q->title;
	if (strcmp(k, "variant") == 0) return &q->variant;
	if (strcmp(k, "recv") == 0) return &q->recv;
	if (strcmp(k, "in_type") == 0) return &q->in_type;
	if (strcmp(k, "value") == 0) return &q->value_pat;
	if (strcmp(k, "pattern") == 0) return &q->pattern;
	return NULL;
}

static struct strv *
list_member(struct gquery *q, const char *k)
{
	if (strcmp(k, "path") == 0) return &q->paths;
	if (strcmp(k, "include") == 0) return &q->include;
	if (strcmp(k, "exclude") == 0) return &q->exclude;
	if (strcmp(k, "sources") == 0) return &q->roles;
	if (strcmp(k, "signals") == 0) return &q->signals;
	return NULL;
}

static bool *
bool_member(struct gquery *q, const char *k)
{
	if (strcmp(k, "generated") == 0) return &q->generated;
	if (strcmp(k, "whole_block") == 0) return &q->whole_block;
	if (strcmp(k, "enclosing") == 0) return &q->enclosing;
	if (strcmp(k, "code_only") == 0) return &q->code_only;
	if (strcmp(k, "unique") == 0) return &q->unique;
	if (strcmp(k, "expect_none") == 0) return &q->expect_none;
	if (strcmp(k, "doc") == 0) return &q->doc;
	return NULL;
}

static long *
long_member(struct gquery *q, const char *k)
{
	if (strcmp(k, "max_hits") == 0) return &q->max_hits;
	if (strcmp(k, "max_lines") == 0) return &q->max_lines;
	return NULL;
}

/* A query kind as a key: its value is the name (or the signals). */
static void
cat_kind(struct gquery *q, enum qkind kind, const char *k,
    const struct ynode *v, bool *kind_set)
{
	if (*kind_set)
		cat_die(v, "%s: expected one query kind per entry, got a "
		    "second one", k);
	*kind_set = true;
	q->kind = kind;
	if (kind == Q_SCALE || kind == Q_DISPATCH || kind == Q_READERS) {
		strv_free(&q->signals);
		cat_list(v, k, &q->signals);
	} else {
		xstrset(&q->name, cat_str(v, k));
	}
}

static void
cat_facts(struct gquery *q, const struct ynode *v, const char *k)
{
	struct strv fs = {0};
	unsigned bit;

	cat_list(v, k, &fs);
	for (size_t i = 0; i < fs.n; i++) {
		if (!gquery_fact_parse(fs.v[i], &bit)) {
			char m[512];

			/* The message before the list is freed. */
			snprintf(m, sizeof(m), "facts: expected empty_pool, "
			    "signals, returns, metrics or calls, got \"%s\"",
			    fs.v[i]);
			strv_free(&fs);
			cat_die(v, "%s", m);
		}
		q->facts |= bit;
	}
	strv_free(&fs);
}

/* {critical: N, standard: N, batch: N, sheddable: N}: the last two are
 * required, the others keep llm-d's 100 and 0 when left out. */
static void
cat_tiers(struct gquery *q, const struct ynode *v, const char *k)
{
	if (v->type != Y_MAP || ymap_get(v, "sheddable") == NULL ||
	    ymap_get(v, "batch") == NULL)
		cat_die(v, "%s: expected {sheddable: N, batch: N, critical: N, "
		    "standard: N} (critical and standard optional)", k);
	for (size_t i = 0; i < v->n; i++) {
		const char *name = v->keys[i]->value;
		size_t t = 0;
		char key[64];

		while (t < NTIERS && (name == NULL ||
		    strcmp(name, gtier_names[t]) != 0))
			t++;
		if (t == NTIERS)
			cat_die(v->keys[i], "tiers: expected critical, standard, "
			    "batch or sheddable, got \"%s\"", name ? name : "");
		snprintf(key, sizeof(key), "tiers.%s", name);
		q->tiers[t] = cat_int(v->items[i], key);
	}
}

/* Applies one key of a query mapping; false when the key is unknown. */
static bool
cat_key(struct gquery *q, const char *k, const struct ynode *v, bool *kind_set)
{
	enum qkind kind;
	char **sp;
	struct strv *lp;
	bool *bp;
	long *np;

	if (gquery_kind_parse(k, &kind))
		cat_kind(q, kind, k, v, kind_set);
	else if ((sp = str_member(q, k)) != NULL)
		xstrset(sp, cat_str(v, k));
	else if ((lp = list_member(q, k)) != NULL)
		cat_list(v, k, lp);
	else if ((bp = bool_member(q, k)) != NULL)
		*bp = cat_bool(v, k);
	else if ((np = long_member(q, k)) != NULL)
		*np = (long)cat_int(v, k);
	else if (strcmp(k, "tests") == 0) {
		const char *t = cat_str(v, k);

		if (!gquery_tests_parse(t, &q->tests))
			cat_die(v, "tests: expected include, exclude or only, "
			    "got \"%s\"", t);
	} else if (strcmp(k, "facts") == 0)
		cat_facts(q, v, k);
	else if (strcmp(k, "tiers") == 0)
		cat_tiers(q, v, k);
	else
		return false;
	return true;
}

static void
cat_apply(struct gquery *q, const struct ynode *map, bool *kind_set,
    bool allow_alts)
{
	for (size_t i = 0; i < map->n; i++) {
		const char *k = map->keys[i]->value;

		if (k == NULL)
			cat_die(map->keys[i], "%s", "expected a key");
		if (strcmp(k, "any_of") == 0 && allow_alts)
			continue;
		if (!cat_key(q, k, map->items[i], kind_set))
			cat_die(map->keys[i], "unknown key \"%s\"", k);
	}
}

/* any_of: each alternative starts from the entry's own keys. */
static void
cat_alts(struct gquery *q, const struct ynode *n, const struct ynode *alts)
{
	if (alts->type != Y_SEQ || alts->n == 0)
		cat_die(alts, "%s", "any_of: expected a non-empty list");
	q->alts = xcalloc(alts->n, sizeof(*q->alts));
	q->nalts = alts->n;
	for (size_t i = 0; i < alts->n; i++) {
		const struct ynode *alt = alts->items[i];
		struct gquery *a = &q->alts[i];
		bool ak = false;

		if (alt->type != Y_MAP)
			cat_die(alt, "%s", "any_of: expected a mapping");
		gquery_init(a);
		cat_apply(a, n, &ak, true);
		ak = false;
		cat_apply(a, alt, &ak, false);
		if (!ak)
			cat_die(alt, "%s", "any_of: expected a query kind "
			    "(func, type, …)");
		if (a->kind == Q_REGISTRATION)
			cat_die(alt, "%s", "any_of: a registration cannot be "
			    "an alternative");
	}
	q->kind = q->alts[0].kind;
}

static void
cat_query(struct gquery *q, const struct ynode *n)
{
	const struct ynode *alts = ymap_get(n, "any_of");
	bool kind_set = false;
	char msg[300];

	if (n->type != Y_MAP)
		cat_die(n, "%s", "queries: expected a mapping per query");
	gquery_init(q);
	cat_apply(q, n, &kind_set, true);
	if (q->id == NULL)
		cat_die(n, "%s", "expected an id");
	if (alts != NULL)
		cat_alts(q, n, alts);
	else if (!kind_set)
		cat_die(n, "%s", "expected a query kind (func, type, field, "
		    "const, var, assign, call, keyval, string, regex, yaml, "
		    "registration, scale, dispatch, readers)");
	if (!gquery_compile(q, msg, sizeof(msg)))
		cat_die(n, "%s", msg);
}

void
gcatalog_load(const char *path, const struct strv *checks, struct gquery **qs,
    size_t *nq)
{
	struct ydoc *doc = ydoc_load_file_or_die(path);
	const struct ynode *root = ydoc_root(doc), *list;

	catalog_path = path;
	list = ymap_get(root, "queries");
	if (list == NULL || list->type != Y_SEQ)
		cat_die(root, "%s", "expected a top-level \"queries\" list");
	*qs = xcalloc(list->n + 1, sizeof(**qs));
	*nq = 0;
	for (size_t i = 0; i < list->n; i++) {
		struct gquery *q = &(*qs)[*nq];

		cat_query(q, list->items[i]);
		for (size_t k = 0; k < *nq; k++)
			if (strcmp((*qs)[k].id, q->id) == 0)
				cat_die(list->items[i], "duplicate id \"%s\"",
				    q->id);
		if (checks->n > 0 && (q->check == NULL ||
		    strv_find(checks, q->check) < 0)) {
			gquery_free(q);
			continue;
		}
		(*nq)++;
	}
	ydoc_free(doc);
}
