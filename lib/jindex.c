/* jindex.c - the judge's record index (sorted keys, range lookups). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jindex.h"
#include "rec.h"
#include "verdict.h"

/* Two sort orders, then input order: by cell (a rule asking for the
 * records of one cell), and by metric (a rule asking for one metric
 * across every cell, which by cell would be a search per workload).
 * Each order is a permutation of the record numbers: 4 bytes a record. */
enum { BY_CELL, BY_METRIC, NORDERS };
static const int orders[NORDERS][JK_NFIELDS] = {
	{ JK_KIND, JK_WL, JK_PH, JK_IT, JK_METRIC },
	{ JK_KIND, JK_METRIC, JK_WL, JK_PH, JK_IT },
};

struct jindex {
	const struct jkeys *keys;
	uint32_t	*perm[NORDERS];
	size_t		 n;
};

void
jkeys_of(struct jkeys *k, const json_t *rec)
{
	k->f[JK_KIND] = rec_get_str(rec, "kind");
	k->f[JK_WL] = rec_scope_str(rec, "workload");
	k->f[JK_PH] = rec_scope_str(rec, "phase");
	k->f[JK_IT] = rec_scope_str(rec, "iteration");
	k->f[JK_METRIC] = rec_get_str(rec, "metric");
}

/* The order of key values: NULL (no key) first, then bytes. */
static int
jindex_keycmp(const char *a, const char *b)
{
	/* Interned values: one pointer is one value. */
	if (a == b)
		return 0;
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* Sorting: a record's keys and number, so that qsort needs no context. */
struct jent {
	const struct jkeys *k;
	uint32_t	 seq;
};

static int
ent_cmp(const struct jent *a, const struct jent *b, const int *order)
{
	int c;

	for (int i = 0; i < JK_NFIELDS; i++)
		if ((c = jindex_keycmp(a->k->f[order[i]],
		    b->k->f[order[i]])) != 0)
			return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int
cell_cmp(const void *a, const void *b)
{
	return ent_cmp(a, b, orders[BY_CELL]);
}

static int
metric_cmp(const void *a, const void *b)
{
	return ent_cmp(a, b, orders[BY_METRIC]);
}

struct jindex *
jindex_build(const struct jkeys *keys, size_t n)
{
	int (*const cmp[NORDERS])(const void *, const void *) = {
		cell_cmp, metric_cmp };
	struct jindex *x = xcalloc(1, sizeof(*x));
	struct jent *e = xcalloc(n + 1, sizeof(*e));

	if (n >= UINT32_MAX)
		s2r_die("too many records to index (%zu)", n);
	x->keys = keys;
	x->n = n;
	for (int o = 0; o < NORDERS; o++) {
		for (size_t i = 0; i < n; i++)
			e[i] = (struct jent){ &keys[i], (uint32_t)i };
		if (n > 0)
			qsort(e, n, sizeof(*e), cmp[o]);
		x->perm[o] = xcalloc(n + 1, sizeof(*x->perm[o]));
		for (size_t i = 0; i < n; i++)
			x->perm[o][i] = e[i].seq;
	}
	free(e);
	return x;
}

void
jindex_free(struct jindex *x)
{
	if (x == NULL)
		return;
	for (int o = 0; o < NORDERS; o++)
		free(x->perm[o]);
	free(x);
}

void
jsel_cell(struct jsel *s, const struct jcell *c, bool exact)
{
	const char *v[3];
	enum jmatch *m[3] = { &s->wl, &s->ph, &s->it };

	if (c == NULL) {
		s->wl = s->ph = s->it = JM_ANY;
		return;
	}
	s->workload = v[0] = c->workload;
	s->phase = v[1] = c->phase;
	s->iteration = v[2] = c->iteration;
	for (int i = 0; i < 3; i++)
		*m[i] = v[i] == NULL ? JM_NONE : exact ? JM_IS : JM_IS_OR_NONE;
}

/* --- selecting ------------------------------------------------------ */

/* One field's condition: mode and value (a prefix when prefix). */
struct cond {
	enum jmatch	 mode;
	const char	*value;
	bool		 pfx;		/* value's first prefix bytes */
	size_t		 prefix;
	const char *const *set;		/* JM_IS: any of these values */
};

static void
conds_of(const struct jsel *s, struct cond *c)
{
	size_t n;

	memset(c, 0, JK_NFIELDS * sizeof(*c));
	c[JK_KIND] = (struct cond){ .mode = s->kind ? JM_IS : JM_ANY,
	    .value = s->kind };
	c[JK_WL] = (struct cond){ .mode = s->wl, .value = s->workload };
	c[JK_PH] = (struct cond){ .mode = s->ph, .value = s->phase };
	c[JK_IT] = (struct cond){ .mode = s->it, .value = s->iteration };
	c[JK_METRIC] = (struct cond){ .mode = s->metric || s->metrics ? JM_IS :
	    JM_ANY, .value = s->metric, .set = s->metric ? NULL : s->metrics };
	for (int i = JK_WL; i <= JK_IT; i++)
		if (c[i].mode == JM_IS && c[i].value == NULL)
			c[i].mode = JM_NONE;
	if (s->metric != NULL && (n = strlen(s->metric)) > 0 &&
	    s->metric[n - 1] == '*')
		{
		c[JK_METRIC].pfx = true;
		c[JK_METRIC].prefix = n - 1;
	}
}

/* <0, 0, >0 as field f sorts before, inside or after what c->value (or
 * its prefix) names. */
static int
cond_cmp(const struct cond *c, const char *value, const char *have)
{
	if (c->pfx && have != NULL && value != NULL)
		return strncmp(have, value, c->prefix);
	return jindex_keycmp(have, value);
}

struct acc {
	uint32_t	*v;
	size_t		 n, cap;
};

/* One search: an order's permutation over the keys, the conditions by
 * field, and where the matching record numbers go. */
struct search {
	const struct jkeys	*keys;
	const uint32_t		*perm;
	const int		*order;
	const struct cond	*c;
	struct acc		*a;
};

static const char *
field(const struct search *s, size_t m, int f)
{
	return s->keys[s->perm[m]].f[f];
}

/* The entries of [*lo, *hi) (sorted on field f) whose field f is value. */
static void
narrow(const struct search *s, int f, const struct cond *c,
    const char *value, size_t *lo, size_t *hi)
{
	size_t l = *lo, h = *hi;

	while (l < h) {
		size_t m = l + (h - l) / 2;

		if (cond_cmp(c, value, field(s, m, f)) < 0)
			l = m + 1;
		else
			h = m;
	}
	*lo = l;
	for (h = *hi; l < h;) {
		size_t m = l + (h - l) / 2;

		if (cond_cmp(c, value, field(s, m, f)) <= 0)
			l = m + 1;
		else
			h = m;
	}
	*hi = l;
}

static void
acc_add(struct acc *a, uint32_t seq)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->v = xreallocarray(a->v, a->cap, sizeof(*a->v));
	}
	a->v[a->n++] = seq;
}

/* Whether no field from level k on narrows the search. */
static bool
any_from(const struct search *s, int k)
{
	for (; k < JK_NFIELDS; k++)
		if (s->c[s->order[k]].mode != JM_ANY)
			return false;
	return true;
}

/* Entries [lo, hi) agree on the fields of the levels before k.  A field
 * with a value narrows the range by binary search; one that matches
 * anything splits it into runs of equal values, each searched on (the
 * order is chosen so that these runs are few). */
static void
walk(const struct search *s, int k, size_t lo, size_t hi)
{
	int f = s->order[k < JK_NFIELDS ? k : 0];
	const struct cond *c = &s->c[f];
	size_t l, h;

	if (lo >= hi)
		return;
	if (k == JK_NFIELDS || any_from(s, k)) {
		for (size_t i = lo; i < hi; i++)
			acc_add(s->a, s->perm[i]);
		return;
	}
	/* Several values share a prefix: each run on its own. */
	if (c->pfx)
		narrow(s, f, c, c->value, &lo, &hi);
	if (c->mode == JM_ANY || c->pfx) {
		for (l = lo; l < hi; l = h) {
			size_t rl = l;

			h = hi;
			narrow(s, f, &(struct cond){ .mode = JM_IS },
			    field(s, l, f), &rl, &h);
			walk(s, k + 1, l, h);
		}
		return;
	}
	if (c->set != NULL) {
		for (const char *const *v = c->set; *v != NULL; v++) {
			l = lo, h = hi;
			narrow(s, f, c, *v, &l, &h);
			walk(s, k + 1, l, h);
		}
		return;
	}
	if (c->mode == JM_NONE || c->mode == JM_IS_OR_NONE) {
		l = lo, h = hi;
		narrow(s, f, c, NULL, &l, &h);
		walk(s, k + 1, l, h);
		if (c->mode == JM_NONE || c->value == NULL)
			return;
	}
	l = lo, h = hi;
	narrow(s, f, c, c->value, &l, &h);
	walk(s, k + 1, l, h);
}

static int
seq_cmp(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	return a < b ? -1 : a > b;
}

size_t
jindex_select(const struct jindex *x, const struct jsel *s, size_t **out)
{
	struct cond c[JK_NFIELDS];
	struct acc a = {0};
	size_t *v;
	int o;

	conds_of(s, c);
	/* By metric when the metric is known and the workload is not: by
	 * cell, that would be one search per workload. */
	o = c[JK_METRIC].mode != JM_ANY && c[JK_WL].mode == JM_ANY ?
	    BY_METRIC : BY_CELL;
	walk(&(struct search){ x->keys, x->perm[o], orders[o], c, &a }, 0, 0,
	    x->n);
	if (a.n > 1)
		qsort(a.v, a.n, sizeof(*a.v), seq_cmp);
	v = xcalloc(a.n + 1, sizeof(*v));
	for (size_t i = 0; i < a.n; i++)
		v[i] = a.v[i];
	free(a.v);
	*out = v;
	return a.n;
}
