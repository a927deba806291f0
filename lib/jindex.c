/* jindex.c - the judge's record index (sorted keys, range lookups). */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jindex.h"
#include "rec.h"
#include "verdict.h"

/* The keys of one record, in sort order: kind, workload, phase,
 * iteration, metric (NULL: absent, first), then input order. */
enum { F_KIND, F_WL, F_PH, F_IT, F_METRIC, NFIELDS };

struct jent {
	const char	*f[NFIELDS];
	const json_t	*rec;
	size_t		 seq;
};

struct jindex {
	struct jent	*ent;
	size_t		 n;
};

int
jindex_keycmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int
ent_cmp(const void *pa, const void *pb)
{
	const struct jent *a = pa, *b = pb;
	int c;

	for (int i = 0; i < NFIELDS; i++)
		if ((c = jindex_keycmp(a->f[i], b->f[i])) != 0)
			return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

struct jindex *
jindex_build(json_t *const *recs, size_t n)
{
	struct jindex *x = xcalloc(1, sizeof(*x));

	x->ent = xcalloc(n + 1, sizeof(*x->ent));
	x->n = n;
	for (size_t i = 0; i < n; i++) {
		struct jent *e = &x->ent[i];

		e->f[F_KIND] = rec_get_str(recs[i], "kind");
		e->f[F_WL] = rec_scope_str(recs[i], "workload");
		e->f[F_PH] = rec_scope_str(recs[i], "phase");
		e->f[F_IT] = rec_scope_str(recs[i], "iteration");
		e->f[F_METRIC] = rec_get_str(recs[i], "metric");
		e->rec = recs[i];
		e->seq = i;
	}
	if (n > 0)
		qsort(x->ent, n, sizeof(*x->ent), ent_cmp);
	return x;
}

void
jindex_free(struct jindex *x)
{
	if (x == NULL)
		return;
	free(x->ent);
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
narrow(const struct jindex *x, int f, const struct cond *c,
    const char *value, size_t *lo, size_t *hi)
{
	size_t l = *lo, h = *hi;

	while (l < h) {
		size_t m = l + (h - l) / 2;

		if (cond_cmp(c, value, x->ent[m].f[f]) < 0)
			l = m + 1;
		else
			h = m;
	}
	*lo = l;
	for (h = *hi; l < h;) {
		size_t m = l + (h - l) / 2;

		if (cond_cmp(c, value, x->ent[m].f[f]) <= 0)
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

/* Whether a field from f on narrows the search. */
static bool
any_from(const struct cond *c, int f)
{
	for (; f < NFIELDS; f++)
		if (c[f].mode != JM_ANY)
			return false;
	return true;
}

/* Entries [lo, hi) agree on the fields before f.  A field with a value
 * narrows the range by binary search; one that matches anything splits
 * it into runs of equal values, each searched on (the runs are few: the
 * kinds, the workloads of a kind, ...). */
static void
walk(const struct jindex *x, const struct cond *c, int f, size_t lo,
    size_t hi, struct acc *a)
{
	size_t l, h;

	if (lo >= hi)
		return;
	if (any_from(c, f)) {
		for (size_t i = lo; i < hi; i++)
			acc_add(a, &x->ent[i]);
		return;
	}
	if (c[f].mode == JM_ANY) {
		for (l = lo; l < hi; l = h) {
			size_t rl = l;

			h = hi;
			narrow(x, f, &(struct cond){ .mode = JM_IS },
			    x->ent[l].f[f], &rl, &h);
			walk(x, c, f + 1, l, h, a);
		}
		return;
	}
	if (c[f].set != NULL) {
		for (const char *const *v = c[f].set; *v != NULL; v++) {
			l = lo, h = hi;
			narrow(x, f, &c[f], *v, &l, &h);
			walk(x, c, f + 1, l, h, a);
		}
		return;
	}
	if (c[f].mode == JM_NONE || c[f].mode == JM_IS_OR_NONE) {
		l = lo, h = hi;
		narrow(x, f, &c[f], NULL, &l, &h);
		walk(x, c, f + 1, l, h, a);
		if (c[f].mode == JM_NONE || c[f].value == NULL)
			return;
	}
	l = lo, h = hi;
	narrow(x, f, &c[f], c[f].value, &l, &h);
	walk(x, c, f + 1, l, h, a);
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

	conds_of(s, c);
	walk(x, c, 0, 0, x->n, &a);
	if (a.n > 1)
		qsort(a.v, a.n, sizeof(*a.v), seq_cmp);
	v = xcalloc(a.n + 1, sizeof(*v));
	for (size_t i = 0; i < a.n; i++)
		v[i] = a.v[i]->rec;
	free(a.v);
	*out = v;
	return a.n;
}
