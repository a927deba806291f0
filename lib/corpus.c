/* corpus.c - corpus/replay and legacy trace: workload documents; see
 * corpus.h.  Unknown keys are errors, as in upstream's corpus schema. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "err.h"
#include "measproto.h"
#include "str.h"
#include "yamlr.h"

struct ckey {
	const char	*name;
	const char	*const *sub;	/* a mapping of these keys, or NULL */
};

static const char *const upstream_keys[] = { "source", "shards", "revision",
	"format", NULL };
/* partition_pct and max_context: planned upstream, not honoured yet. */
static const char *const select_keys[] = { "partition", "min_rounds",
	"dedup_by_conversation", "shuffle_seed", "partition_pct", NULL };
static const char *const reconstruct_keys[] = { "context_growth",
	"max_think_time", "max_context", NULL };
static const char *const corpus_keys[] = { "upstream", "select",
	"reconstruct", NULL };
static const char *const replay_keys[] = { "concurrent_sessions",
	"total_sessions", NULL };
static const char *const doc_keys[] = { "corpus", "replay", "workload_name",
	NULL };
static const char *const legacy_keys[] = { "name", "trace", NULL };
static const char *const trace_keys[] = { "source", "shards", "split",
	"filters", "convert", "pool", "sample", NULL };
static const char *const filters_keys[] = { "min_rounds", "skip_branching",
	NULL };
static const char *const convert_keys[] = { "context_growth",
	"max_think_time", NULL };
static const char *const sample_keys[] = { "dedup_by_conversation",
	"shuffle_seed", NULL };

static struct corpus_at
at_of(const struct ynode *n)
{
	return n ? (struct corpus_at){ n->line, n->column } :
	    (struct corpus_at){ 0, 0 };
}

static noreturn void
die_at(const struct corpus *c, const struct ynode *n, const char *field,
    const char *expected)
{
	s2r_die_at(c->label, n->line, n->column, "%s: expected %s, got "
	    "%s%.80s%s", field, expected, yscalar(n) ? "\"" : "",
	    yscalar(n) ? yscalar(n) : n->type == Y_MAP ? "a mapping" :
	    "a sequence", yscalar(n) ? "\"" : "");
}

/* Every key of map n is in known. */
static void
check_keys(const struct corpus *c, const struct ynode *n, const char *field,
    const char *const known[])
{
	for (size_t i = 0; i < n->n; i++) {
		struct sbuf sb = { 0 };
		size_t k;

		for (k = 0; known[k] != NULL &&
		    strcmp(known[k], n->keys[i]->value) != 0; k++)
			;
		if (known[k] != NULL)
			continue;
		for (k = 0; known[k] != NULL; k++)
			sbuf_printf(&sb, "%s%s", k ? ", " : "", known[k]);
		s2r_die_at(c->label, n->keys[i]->line, n->keys[i]->column,
		    "%s: expected one of the keys %s, got \"%.80s\"", field,
		    sbuf_str(&sb), n->keys[i]->value);
	}
}

/* The mapping at key of parent (NULL when absent), its keys checked. */
static const struct ynode *
sub_map(const struct corpus *c, const struct ynode *parent, const char *key,
    const char *field, const char *const known[])
{
	const struct ynode *n = ymap_get(parent, key);

	if (n == NULL || yscalar_is_null(n))
		return NULL;
	if (n->type != Y_MAP)
		die_at(c, n, field, "a mapping");
	check_keys(c, n, field, known);
	return n;
}

/* An integer >= lo at key; false when absent (and required is false). */
static bool
get_count(const struct corpus *c, const struct ynode *map,
    const struct ynode *owner, const char *key, const char *field,
    int64_t lo, bool required, int64_t *out, struct corpus_at *at)
{
	const struct ynode *n = ymap_get(map, key);
	char what[48];

	snprintf(what, sizeof(what), "an integer >= %lld", (long long)lo);
	if (n == NULL || yscalar_is_null(n)) {
		if (required)
			s2r_die_at(c->label, (map ? map : owner)->line,
			    (map ? map : owner)->column, "%s: expected %s, got "
			    "none", field, what);
		return false;
	}
	if (!yscalar_i64(n, out) || *out < lo)
		die_at(c, n, field, what);
	*at = at_of(n);
	return true;
}

static void
get_think(struct corpus *c, const struct ynode *map, const char *field)
{
	const struct ynode *n = ymap_get(map, "max_think_time");
	int64_t secs;

	if (n == NULL || yscalar_is_null(n))
		return;
	if (yscalar(n) == NULL)
		die_at(c, n, field, "a Go duration (\"60s\")");
	/* Before sim2real #905 a bare number of seconds was read. */
	if (yscalar_i64(n, &secs) && secs >= 0 && secs < INT64_C(9000000000000))
		c->max_think_us = secs * 1000000;
	else if (!go_duration_us(yscalar(n), &c->max_think_us) ||
	    c->max_think_us < 0)
		die_at(c, n, field, "a Go duration (\"60s\")");
	c->think_set = true;
	c->max_think_text = xstrdup(yscalar(n));
	c->think_at = at_of(n);
	c->think_field = field;
}

static void
get_growth(struct corpus *c, const struct ynode *map, const char *field)
{
	const struct ynode *n = ymap_get(map, "context_growth");
	const char *v = yscalar(n);

	if (n == NULL || yscalar_is_null(n))
		return;
	if (v == NULL || (strcmp(v, "accumulate") != 0 &&
	    strcmp(v, "independent") != 0))
		die_at(c, n, field, "accumulate or independent");
	free(c->growth);
	c->growth = xstrdup(v);
	c->growth_at = at_of(n);
	c->growth_field = field;
}

static void
get_source(struct corpus *c, const struct ynode *map,
    const struct ynode *owner, const char *field, bool required)
{
	const struct ynode *n = ymap_get(map, "source");

	if (yscalar(n) == NULL || yscalar(n)[0] == '\0') {
		if (n != NULL)
			die_at(c, n, field, "a corpus source (hf:<org>/<dataset> "
			    "or a path)");
		if (required)
			s2r_die_at(c->label, (map ? map : owner)->line,
			    (map ? map : owner)->column, "%s: expected a corpus "
			    "source (hf:<org>/<dataset> or a path), got none",
			    field);
		return;
	}
	c->source = xstrdup(yscalar(n));
	c->source_at = at_of(n);
}

/* concurrent_sessions (>= 1) and total_sessions (>= 0) of map, both
 * required; cf and tf are their dotted paths. */
static void
get_pool(struct corpus *c, const struct ynode *map, const struct ynode *owner,
    const char *cf, const char *tf)
{
	get_count(c, map, owner, "concurrent_sessions", cf, 1, true,
	    &c->concurrent, &c->concurrent_at);
	get_count(c, map, owner, "total_sessions", tf, 0, true, &c->total,
	    &c->total_at);
	c->concurrent_field = cf;
	c->total_field = tf;
}

static void
parse_current(struct corpus *c, const struct ynode *root)
{
	const struct ynode *corp, *up, *sel, *rec, *rep;

	check_keys(c, root, "corpus document", doc_keys);
	corp = sub_map(c, root, "corpus", "corpus", corpus_keys);
	if (corp == NULL)
		s2r_die_at(c->label, root->line, root->column, "corpus: expected "
		    "a corpus mapping beside replay, got none");
	up = sub_map(c, corp, "upstream", "corpus.upstream", upstream_keys);
	get_source(c, up, corp, "corpus.upstream.source", true);
	sel = sub_map(c, corp, "select", "corpus.select", select_keys);
	c->min_rounds_set = get_count(c, sel, corp, "min_rounds",
	    "corpus.select.min_rounds", 1, false, &c->min_rounds,
	    &c->min_rounds_at);
	c->rounds_field = "corpus.select.min_rounds";
	rec = sub_map(c, corp, "reconstruct", "corpus.reconstruct",
	    reconstruct_keys);
	get_think(c, rec, "corpus.reconstruct.max_think_time");
	get_growth(c, rec, "corpus.reconstruct.context_growth");
	rep = sub_map(c, root, "replay", "replay", replay_keys);
	if (rep == NULL)
		s2r_die_at(c->label, root->line, root->column, "replay: expected "
		    "a replay mapping (concurrent_sessions, total_sessions), got "
		    "none");
	get_pool(c, rep, root, "replay.concurrent_sessions",
	    "replay.total_sessions");
}

static void
parse_legacy(struct corpus *c, const struct ynode *root)
{
	const struct ynode *tr, *flt, *cv, *pool;

	c->legacy = true;
	check_keys(c, root, "trace workload", legacy_keys);
	tr = sub_map(c, root, "trace", "trace", trace_keys);
	if (tr == NULL)
		s2r_die_at(c->label, root->line, root->column, "trace: expected a "
		    "trace mapping, got none");
	get_source(c, tr, tr, "trace.source", true);
	flt = sub_map(c, tr, "filters", "trace.filters", filters_keys);
	c->min_rounds_set = get_count(c, flt, tr, "min_rounds",
	    "trace.filters.min_rounds", 1, false, &c->min_rounds,
	    &c->min_rounds_at);
	c->rounds_field = "trace.filters.min_rounds";
	cv = sub_map(c, tr, "convert", "trace.convert", convert_keys);
	get_think(c, cv, "trace.convert.max_think_time");
	get_growth(c, cv, "trace.convert.context_growth");
	sub_map(c, tr, "sample", "trace.sample", sample_keys);
	pool = sub_map(c, tr, "pool", "trace.pool", replay_keys);
	if (pool == NULL)
		s2r_die_at(c->label, tr->line, tr->column, "trace.pool: expected "
		    "a pool mapping (concurrent_sessions, total_sessions), got "
		    "none");
	get_pool(c, pool, tr, "trace.pool.concurrent_sessions",
	    "trace.pool.total_sessions");
}

static bool
has_key(const struct ynode *root, const char *key)
{
	return ymap_get(root, key) != NULL;
}

bool
corpus_is_doc(const char *buf, size_t len)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_buf("-", buf, len, 0, &err);
	const struct ynode *root;
	bool yes;

	if (doc == NULL)
		return false;
	root = ydoc_root(doc);
	yes = root != NULL && root->type == Y_MAP && (has_key(root, "corpus") ||
	    has_key(root, "replay") || has_key(root, "trace"));
	ydoc_free(doc);
	return yes;
}

struct corpus *
corpus_load_buf(const char *label, const char *buf, size_t len)
{
	struct perr err;
	struct ydoc *doc = ydoc_load_buf(label, buf, len, 0, &err);
	const struct ynode *root;
	struct corpus *c;

	if (doc == NULL)
		s2r_die_at(label, err.line, err.column, "malformed YAML: %s",
		    err.msg);
	root = ydoc_root(doc);
	c = xcalloc(1, sizeof(*c));
	c->label = xstrdup(label);
	c->growth = xstrdup("");
	c->min_rounds = 2;
	if (root == NULL || root->type != Y_MAP)
		s2r_die_at(label, root ? root->line : 1, root ? root->column : 1,
		    "expected a corpus workload (a mapping with corpus and "
		    "replay, or trace)");
	if (has_key(root, "trace") && !has_key(root, "corpus"))
		parse_legacy(c, root);
	else
		parse_current(c, root);
	ydoc_free(doc);
	return c;
}

void
corpus_free(struct corpus *c)
{
	if (c == NULL)
		return;
	free(c->label);
	free(c->source);
	free(c->max_think_text);
	free(c->growth);
	free(c);
}
