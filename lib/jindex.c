/* jindex.c - the judge's record index (sorted keys, range lookups). */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jindex.h"
#include "rec.h"
#include "verdict.h"

/* The keys of one record (NULL: absent, sorts first). */
enum { F_KIND, F_WL, F_PH, F_IT, F_METRIC, NFIELDS };

/* Two sort orders, then input order: by cell (a rule asking for the
 * records of one cell), and by metric (a rule asking for one metric
 * across every cell, which by cell would be a search per workload). */
enum { BY_CELL, BY_METRIC, NORDERS };
static const int orders[NORDERS][NFIELDS] = {
	{ F_KIND, F_WL, F_PH, F_IT, F_METRIC },
	{ F_KIND, F_METRIC, F_WL, F_PH, F_IT },
};

struct jent {
	const char	*f[NFIELDS];
	const json_t	*rec;
	size_t		 seq;
};

struct jindex {
	struct jent	*ent[NORDERS];
	size_t		 n;
};

/* The order of key values: NULL (no key) first, then bytes. */
static int
jindex_keycmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int
ent_cmp(const struct jent *a, const struct jent *b, const int *order)
{
	int c;

	for (int i = 0; i < NFIELDS; i++)
		if ((c = jindex_keycmp(a->f[order[i]], b->f[order[i]])) != 0)
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
jindex_build(json_t *const *recs, size_t n)
{
	struct jindex *x = xcalloc(1, sizeof(*x));
	struct jent *e;

	for (int o = 0; o < NORDERS; o++)
		x->ent[o] = xcalloc(n + 1, sizeof(*x->ent[o]));
	x->n = n;
	for (size_t i = 0; i < n; i++) {
		e = &x->ent[BY_CELL][i];

		e->f[F_KIND] = rec_get_str(recs[i], "kind");
		e->f[F_WL] = rec_scope_str(recs[i], "workload");
		e->f[F_PH] = rec_scope_str(recs[i], "phase");
		e->f[F_IT] = rec_scope_str(recs[i], "iteration");
		e->f[F_METRIC] = rec_get_str(recs[i], "metric");
		e->rec = recs[i];
		e->seq = i;
	}
	memcpy(x->ent[BY_METRIC], x->ent[BY_CELL], n * sizeof(*e));
	if (n > 0) {
		qsort(x->ent[BY_CELL], n, sizeof(*e), cell_cmp);
		qsort(x->ent[BY_METRIC], n, sizeof(*e), metric_cmp);
	}
	return x;
}

void
jindex_free(struct jindex *x)
{
	if (x == NULL)
		return;
	for (int o = 0; o < NORDERS; o++)
		free(x->ent[o]);
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

	memset(c, 0, NFIELDS * sizeof(*c));
	c[F_KIND] = (struct cond){ .mode = s->kind ? JM_IS : JM_ANY,
	    .value = s->kind };
	c[F_WL] = (struct cond){ .mode = s->wl, .value = s->workload };
	c[F_PH] = (struct cond){ .mode = s->ph, .value = s->phase };
	c[F_IT] = (struct cond){ .mode = s->it, .value = s->iteration };
	c[F_METRIC] = (struct cond){ .mode = s->metric || s->metrics ? JM_IS :
	    JM_ANY, .value = s->metric, .set = s->metric ? NULL : s->metrics };
	for (int i = F_WL; i <= F_IT; i++)
		if (c[i].mode == JM_IS && c[i].value == NULL)
			c[i].mode = JM_NONE;
	if (s->metric != NULL && (n = strlen(s->metric)) > 0 &&
	    s->metric[n - 1] == '*')
		{
		c[F_METRIC].pfx = true;
		c[F_METRIC].prefix = n - 1;
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

/* The entries of [*lo, *hi) (sorted on field f) whose field f is value. */
static void
narrow(const struct jent *ent, int f, const struct cond *c,
    const char *value, size_t *lo, size_t *hi)
{
	size_t l = *lo, h = *hi;

	while (l < h) {
		size_t m = l + (h - l) / 2;

		if (cond_cmp(c, value, ent[m].f[f]) < 0)
			l = m + 1;
		else
			h = m;
	}
	*lo = l;
	for (h = *hi; l < h;) {
		size_t m = l + (h - l) / 2;

		if (cond_cmp(c, value, ent[m].f[f]) <= 0)
			l = m + 1;
		else
			h = m;
	}
	*hi = l;
}

struct acc {
	const struct jent **v;
	size_t		    n, cap;
};

static void
acc_add(struct acc *a, const struct jent *e)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->v = xreallocarray(a->v, a->cap, sizeof(*a->v));
	}
	a->v[a->n++] = e;
}

/* One search: the entries in one order, the conditions by field. */
struct search {
	const struct jent	*ent;
	const int		*order;
	const struct cond	*c;
	struct acc		*a;
};

/* Whether no field from level k on narrows the search. */
static bool
any_from(const struct search *s, int k)
{
	for (; k < NFIELDS; k++)
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
	int f = s->order[k < NFIELDS ? k : 0];
	const struct cond *c = &s->c[f];
	size_t l, h;

	if (lo >= hi)
		return;
	if (k == NFIELDS || any_from(s, k)) {
		for (size_t i = lo; i < hi; i++)
			acc_add(s->a, &s->ent[i]);
		return;
	}
	/* Several values share a prefix: each run on its own. */
	if (c->pfx)
		narrow(s->ent, f, c, c->value, &lo, &hi);
	if (c->mode == JM_ANY || c->pfx) {
		for (l = lo; l < hi; l = h) {
			size_t rl = l;

			h = hi;
			narrow(s->ent, f, &(struct cond){ .mode = JM_IS },
			    s->ent[l].f[f], &rl, &h);
			walk(s, k + 1, l, h);
		}
		return;
	}
	if (c->set != NULL) {
		for (const char *const *v = c->set; *v != NULL; v++) {
			l = lo, h = hi;
			narrow(s->ent, f, c, *v, &l, &h);
			walk(s, k + 1, l, h);
		}
		return;
	}
	if (c->mode == JM_NONE || c->mode == JM_IS_OR_NONE) {
		l = lo, h = hi;
		narrow(s->ent, f, c, NULL, &l, &h);
		walk(s, k + 1, l, h);
		if (c->mode == JM_NONE || c->value == NULL)
			return;
	}
	l = lo, h = hi;
	narrow(s->ent, f, c, c->value, &l, &h);
	walk(s, k + 1, l, h);
}

static int
seq_cmp(const void *pa, const void *pb)
{
	const struct jent *a = *(const struct jent *const *)pa;
	const struct jent *b = *(const struct jent *const *)pb;

	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

size_t
jindex_select(const struct jindex *x, const struct jsel *s,
    const json_t ***out)
{
	struct cond c[NFIELDS];
	struct acc a = {0};
	const json_t **v;
	int o;

	conds_of(s, c);
	/* By metric when the metric is known and the workload is not: by
	 * cell, that would be one search per workload. */
	o = c[F_METRIC].mode != JM_ANY && c[F_WL].mode == JM_ANY ? BY_METRIC :
	    BY_CELL;
	walk(&(struct search){ x->ent[o], orders[o], c, &a }, 0, 0, x->n);
	if (a.n > 1)
		qsort(a.v, a.n, sizeof(*a.v), seq_cmp);
	v = xcalloc(a.n + 1, sizeof(*v));
	for (size_t i = 0; i < a.n; i++)
		v[i] = a.v[i]->rec;
	free(a.v);
	*out = v;
	return a.n;
}
