/* jindex.c - the judge's record index (sorted keys, range lookups). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jindex.h"
#include "rec.h"
#include "strtab.h"
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

/* The names of the records' key pointers, direct-mapped: a cell's key
 * is the store's own pointer, found without hashing its bytes. */
#define NMEMO	4096		/* memo_slot() keeps 12 bits */

/* Sorting and searching compare a key value's rank, not its bytes: the
 * distinct values numbered in byte order from 1 (0: no key), so that the
 * values that start with the same bytes have consecutive ranks. */
struct jindex {
	uint32_t	*rank;		/* [i * JK_NFIELDS + f]: record i's f */
	uint32_t	*perm[NORDERS];
	struct strtab	 names;		/* the distinct values */
	uint32_t	*rank_of;	/* per name */
	char		**val;		/* rank r's value: val[r - 1] */
	uint32_t	*kind_at;	/* where kind rank r begins */
	size_t		 n;
	struct memo {
		const char	*p;
		uint32_t	 name;
	}		 memo[NMEMO];
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

static size_t
memo_slot(const char *p)
{
	return ((uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ULL) >> 52;
}

/* The name of the bytes at p (a record's key), added when new. */
static uint32_t
name_of(struct jindex *x, const char *p)
{
	struct memo *m = &x->memo[memo_slot(p)];

	if (m->p != p) {
		m->p = p;
		m->name = strtab_intern(&x->names, p);
	}
	return m->name;
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Ranks the keys of the n records (by bytes: a caller's keys need not
 * be interned). */
static void
rank_values(struct jindex *x, const struct jkeys *keys, size_t n)
{
	struct strtab *t = &x->names;
	size_t nk = n * JK_NFIELDS;

	x->rank = xcalloc(nk + 1, sizeof(*x->rank));
	for (size_t i = 0; i < nk; i++) {
		const char *v = keys[i / JK_NFIELDS].f[i % JK_NFIELDS];

		x->rank[i] = v == NULL ? 0 : name_of(x, v) + 1;
	}
	x->val = xcalloc(t->n + 1, sizeof(*x->val));
	for (size_t k = 0; k < t->n; k++)
		x->val[k] = t->s[k];
	qsort(x->val, t->n, sizeof(*x->val), str_cmp);
	x->rank_of = xcalloc(t->n + 1, sizeof(*x->rank_of));
	for (size_t r = 0; r < t->n; r++)
		x->rank_of[strtab_find_n(t, x->val[r], strlen(x->val[r]))] =
		    (uint32_t)r + 1;
	for (size_t i = 0; i < nk; i++)
		if (x->rank[i] != 0)
			x->rank[i] = x->rank_of[x->rank[i] - 1];
	/* Both orders sort on the kind first: where each kind begins,
	 * counted once instead of two searches a selection. */
	x->kind_at = xcalloc(t->n + 2, sizeof(*x->kind_at));
	for (size_t i = 0; i < n; i++)
		x->kind_at[x->rank[i * JK_NFIELDS + JK_KIND] + 1]++;
	for (size_t r = 1; r < t->n + 2; r++)
		x->kind_at[r] += x->kind_at[r - 1];
}

/* Sorting: a record's ranks and number, so that qsort needs no context. */
struct jent {
	const uint32_t	*r;
	uint32_t	 seq;
};

static int
ent_cmp(const struct jent *a, const struct jent *b, const int *order)
{
	for (int i = 0; i < JK_NFIELDS; i++)
		if (a->r[order[i]] != b->r[order[i]])
			return a->r[order[i]] < b->r[order[i]] ? -1 : 1;
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

	/* At most a rank a key: one past the last is under UINT32_MAX. */
	if (n >= UINT32_MAX / JK_NFIELDS)
		s2r_die("too many records to index (%zu)", n);
	x->n = n;
	rank_values(x, keys, n);
	for (int o = 0; o < NORDERS; o++) {
		for (size_t i = 0; i < n; i++)
			e[i] = (struct jent){ &x->rank[i * JK_NFIELDS],
			    (uint32_t)i };
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
	free(x->rank);
	free(x->rank_of);
	free(x->val);
	free(x->kind_at);
	strtab_free(&x->names);
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

/* One field's condition: its rank in one of the ranges r[0, nr), each
 * [lo, hi) (empty: a value no record holds). */
struct cond {
	bool		 any;		/* anything, or no key: no search */
	uint32_t	(*r)[2];
	size_t		 nr;
};

/* The first rank whose value is not before v (past: is after v), or
 * with pfx whose first len bytes are not. */
static uint32_t
bound(const struct jindex *x, const char *v, size_t len, bool pfx,
    bool past)
{
	size_t l = 0, h = x->names.n;

	while (l < h) {
		size_t m = l + (h - l) / 2;
		int c = pfx ? strncmp(x->val[m], v, len) :
		    strcmp(x->val[m], v);

		if (c < 0 || (past && c == 0))
			l = m + 1;
		else
			h = m;
	}
	return (uint32_t)l + 1;
}

/* The ranks [r[0], r[1]) of what v names: no key (NULL), v, or with
 * pfx (a trailing '*') every value that starts with the bytes before. */
static void
ranks_of(const struct jindex *x, const char *v, bool pfx, uint32_t r[2])
{
	const struct memo *m;
	long k;

	if (v == NULL) {
		r[0] = 0, r[1] = 1;
		return;
	}
	if (pfx) {
		r[0] = bound(x, v, strlen(v) - 1, true, false);
		r[1] = bound(x, v, strlen(v) - 1, true, true);
		return;
	}
	m = &x->memo[memo_slot(v)];
	k = m->p == v ? m->name : strtab_find_n(&x->names, v, strlen(v));
	r[0] = k < 0 ? 1 : x->rank_of[k];
	r[1] = k < 0 ? 1 : r[0] + 1;
}

/* s as a condition per field, their ranges in r (room for two a field
 * and one a member of s->metrics). */
static void
conds_of(const struct jindex *x, const struct jsel *s, struct cond *c,
    uint32_t (*r)[2])
{
	const enum jmatch mode[JK_NFIELDS] = {
		[JK_KIND] = s->kind ? JM_IS : JM_ANY, [JK_WL] = s->wl,
		[JK_PH] = s->ph, [JK_IT] = s->it,
		[JK_METRIC] = s->metric || s->metrics ? JM_IS : JM_ANY };
	const char *v[JK_NFIELDS] = { [JK_KIND] = s->kind,
	    [JK_WL] = s->workload, [JK_PH] = s->phase,
	    [JK_IT] = s->iteration, [JK_METRIC] = s->metric };
	size_t n = 0, len;
	bool pfx = s->metric != NULL && (len = strlen(s->metric)) > 0 &&
	    s->metric[len - 1] == '*';

	for (int f = 0; f < JK_NFIELDS; f++) {
		c[f] = (struct cond){ .any = mode[f] == JM_ANY, .r = &r[n] };
		/* No key, then the value (JM_IS of no value: no key). */
		if (mode[f] == JM_NONE ||
		    (mode[f] == JM_IS_OR_NONE && v[f] != NULL))
			ranks_of(x, NULL, false, r[n++]);
		if (f == JK_METRIC && s->metric == NULL && s->metrics != NULL)
			for (const char *const *m = s->metrics; *m; m++)
				ranks_of(x, *m, false, r[n++]);
		else if (mode[f] == JM_IS || mode[f] == JM_IS_OR_NONE)
			ranks_of(x, v[f], f == JK_METRIC && pfx, r[n++]);
		c[f].nr = (size_t)(&r[n] - c[f].r);
	}
}

struct acc {
	uint32_t	*v;
	size_t		 n, cap;
};

/* One search: the index, an order's permutation, the conditions by
 * field, and where the matching record numbers go. */
struct search {
	const struct jindex	*x;
	const uint32_t		*perm;
	const int		*order;
	const struct cond	*c;
	struct acc		*a;
};

static uint32_t
field(const struct search *s, size_t m, int f)
{
	return s->x->rank[(size_t)s->perm[m] * JK_NFIELDS + f];
}

/* The first entry of [lo, hi) (sorted on field f) whose field f ranks r
 * or more. */
static size_t
first_from(const struct search *s, int f, uint32_t r, size_t lo,
    size_t hi)
{
	/* The kind: first in either order, so [lo, hi) is every entry. */
	if (f == JK_KIND)
		return s->x->kind_at[r < s->x->names.n + 1 ? r :
		    s->x->names.n + 1];
	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;

		if (field(s, m, f) < r)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
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
		if (!s->c[s->order[k]].any)
			return false;
	return true;
}

static void	walk(const struct search *, int, size_t, size_t);

/* The entries of [lo, hi) whose level k field ranks in [r[0], r[1]):
 * one value searched on, or several, each run of one value on its own
 * (the next field is sorted only within a run; the order is chosen so
 * that these runs are few). */
static void
walk_range(const struct search *s, int k, const uint32_t r[2], size_t lo,
    size_t hi)
{
	int f = s->order[k];

	if (r[0] >= r[1])
		return;
	lo = first_from(s, f, r[0], lo, hi);
	hi = first_from(s, f, r[1], lo, hi);
	if (r[1] - r[0] == 1) {
		walk(s, k + 1, lo, hi);
		return;
	}
	for (size_t l = lo, h; l < hi; l = h) {
		h = first_from(s, f, field(s, l, f) + 1, l, hi);
		walk(s, k + 1, l, h);
	}
}

/* Entries [lo, hi) agree on the fields of the levels before k. */
static void
walk(const struct search *s, int k, size_t lo, size_t hi)
{
	static const uint32_t all[2] = { 0, UINT32_MAX };
	const struct cond *c;

	if (lo >= hi)
		return;
	if (k == JK_NFIELDS || any_from(s, k)) {
		for (size_t i = lo; i < hi; i++)
			acc_add(s->a, s->perm[i]);
		return;
	}
	c = &s->c[s->order[k]];
	if (c->any)
		walk_range(s, k, all, lo, hi);
	for (size_t i = 0; i < c->nr; i++)
		walk_range(s, k, c->r[i], lo, hi);
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
	uint32_t (*r)[2];
	size_t *v, nm = 0;
	int o;

	for (const char *const *m = s->metrics; m != NULL && *m; m++)
		nm++;
	r = xcalloc(2 * JK_NFIELDS + nm, sizeof(*r));
	conds_of(x, s, c, r);
	/* By metric when the metric is known and the workload is not: by
	 * cell, that would be one search per workload. */
	o = !c[JK_METRIC].any && c[JK_WL].any ? BY_METRIC : BY_CELL;
	walk(&(struct search){ x, x->perm[o], orders[o], c, &a }, 0, 0, x->n);
	free(r);
	if (a.n > 1)
		qsort(a.v, a.n, sizeof(*a.v), seq_cmp);
	v = xcalloc(a.n + 1, sizeof(*v));
	for (size_t i = 0; i < a.n; i++)
		v[i] = a.v[i];
	free(a.v);
	*out = v;
	return a.n;
}
