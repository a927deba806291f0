/* itl.c - see itl.h. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "itl.h"
#include "str.h"

struct chunkrow {
	int64_t	 id, chunk, ts;
	long	 line;
};

/* 1-based columns of chunk_index and timestamp_us, for messages. */
struct itlcols {
	long	 chunk, ts;
};

static int
cmp_chunk(const void *a, const void *b)
{
	const struct chunkrow *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	if (x->chunk != y->chunk)
		return x->chunk < y->chunk ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

/* A request trace has send_time_us and no chunk_index: say what was
 * given and where it goes. */
static void
refuse_trace(const struct csvr *r)
{
	if (csvr_col(r, "chunk_index", false) >= 0 ||
	    csvr_col(r, "send_time_us", false) < 0)
		return;
	s2r_die_at(csvr_label(r), csvr_header_line(r), 1, "expected a "
	    "per-chunk ITL file (request_id,chunk_index,timestamp_us: blis "
	    "observe --record-itl), got a request trace (its header has "
	    "send_time_us) where its ITL file goes: give the trace as the "
	    "trace (s2r-latency --real or --sim, s2r-trace-stats TRACE)");
}

/* Every row, sorted by request and chunk. */
static struct chunkrow *
read_rows(struct csvr *r, size_t *n, struct itlcols *c)
{
	long cid, cchunk, cts;
	struct chunkrow *v = NULL;
	size_t cap = 0;

	refuse_trace(r);
	cid = csvr_col(r, "request_id", true);
	cchunk = csvr_col(r, "chunk_index", true);
	cts = csvr_col(r, "timestamp_us", true);
	c->chunk = cchunk + 1;
	c->ts = cts + 1;
	*n = 0;
	while (csvr_next(r)) {
		if (*n == cap) {
			cap = cap ? cap * 2 : 1024;
			v = xreallocarray(v, cap, sizeof(*v));
		}
		v[*n].id = csvr_count(r, cid);
		v[*n].chunk = csvr_count(r, cchunk);
		v[*n].ts = csvr_time_us(r, cts);
		v[(*n)++].line = csvr_line(r);
	}
	if (*n > 1)
		qsort(v, *n, sizeof(*v), cmp_chunk);
	return v;
}

/* Checks the chunks of one request, v[0..n), and adds it. */
static void
add_request(struct itl *t, const struct chunkrow *v, size_t n,
    const struct itlcols *c)
{
	struct itlreq *q = &t->r[t->nr++];

	q->id = v[0].id;
	q->first = v[0].ts;
	q->last = v[n - 1].ts;
	q->chunks = (int64_t)n;
	q->gap0 = t->ngaps;
	q->line = v[0].line;
	for (size_t k = 0; k < n; k++) {
		if (k > 0 && v[k].chunk == v[k - 1].chunk)
			s2r_die_at(t->label, v[k].line, c->chunk,
			    "chunk_index: expected each chunk of request %lld "
			    "once, got chunk %lld again (first at line %ld)",
			    (long long)q->id, (long long)v[k].chunk,
			    v[k - 1].line);
		if (v[k].chunk != (int64_t)k)
			s2r_die_at(t->label, v[k].line, c->chunk,
			    "chunk_index: expected chunk %zu of request %lld "
			    "(chunks are numbered from 0 without gaps), got "
			    "%lld", k, (long long)q->id, (long long)v[k].chunk);
		if (k > 0 && v[k].ts < v[k - 1].ts)
			s2r_die_at(t->label, v[k].line, c->ts, "timestamp_us: "
			    "expected a time at or after chunk %zu's (line "
			    "%ld), got one %lld µs earlier", k - 1,
			    v[k - 1].line, (long long)(v[k - 1].ts - v[k].ts));
		if (k > 0)
			t->gaps[t->ngaps++] = v[k].ts - v[k - 1].ts;
	}
}

char *
itl_beside(const char *csv)
{
	struct sbuf p = {0};
	size_t n = strlen(csv);

	if (strcmp(csv, "-") == 0)
		return NULL;
	sbuf_add(&p, csv, str_has_suffix(csv, ".csv") ? n - 4 : n);
	sbuf_adds(&p, ".itl.csv");
	if (access(p.s, F_OK) == 0)
		return p.s;
	sbuf_free(&p);
	return NULL;
}

void
itl_read(struct itl *t, struct csvr *r)
{
	size_t n, a = 0, reqs = 0;
	struct itlcols c;
	struct chunkrow *v;

	memset(t, 0, sizeof(*t));
	t->label = xstrdup(csvr_label(r));
	v = read_rows(r, &n, &c);
	t->rows = (int64_t)n;
	for (size_t k = 0; k < n; k++)
		reqs += k == 0 || v[k].id != v[k - 1].id;
	t->r = xcalloc(reqs + 1, sizeof(*t->r));
	t->gaps = xcalloc(n + 1, sizeof(*t->gaps));
	while (a < n) {
		size_t b = a + 1;

		while (b < n && v[b].id == v[a].id)
			b++;
		add_request(t, v + a, b - a, &c);
		a = b;
	}
	free(v);
}

void
itl_free(struct itl *t)
{
	free(t->label);
	free(t->r);
	free(t->gaps);
	memset(t, 0, sizeof(*t));
}

/* bsearch() over rows sorted by a leading int64_t id. */
static int
cmp_id(const void *key, const void *elem)
{
	int64_t a = *(const int64_t *)key, b = *(const int64_t *)elem;

	return (a > b) - (a < b);
}

const struct itlreq *
itl_find(const struct itl *t, int64_t id)
{
	return t->nr > 0 ? bsearch(&id, t->r, t->nr, sizeof(*t->r), cmp_id) :
	    NULL;
}

void
itl_values(const struct itl *t, const struct reqpop *p, const size_t *idx,
    size_t n, struct dvals *v, struct itlsel *sel)
{
	size_t total = idx != NULL ? n : p->n;

	memset(sel, 0, sizeof(*sel));
	for (size_t k = 0; k < total; k++) {
		const struct reqrow *row = &p->v[idx != NULL ? idx[k] : k];
		const struct itlreq *q;

		if (!row->ok || row->unstreamed)
			continue;
		sel->streamed++;
		if ((q = itl_find(t, row->id)) == NULL) {
			if (sel->missing < REQMATCH_EXAMPLES)
				sel->missing_ex[sel->missing] = row->id;
			sel->missing++;
			continue;
		}
		if (q->chunks > 1 && row->output > 0) {
			sel->tokens += row->output - 1;
			sel->gaps += q->chunks - 1;
		}
		for (size_t g = q->gap0; g + 1 < q->gap0 + (size_t)q->chunks;
		    g++)
			dvals_add(v, (double)t->gaps[g] / 1000);
	}
	dvals_sort(v);
}

/* The row of p with id (p is sorted by id when it has ids), or NULL. */
static const struct reqrow *
row_of(const struct reqpop *p, int64_t id)
{
	return p->has_ids && p->n > 0 ? bsearch(&id, p->v, p->n,
	    sizeof(*p->v), cmp_id) : NULL;
}

static bool
disagrees(const struct reqpop *p, const struct reqrow *row,
    const struct itlreq *q)
{
	if (row == NULL)
		return true;
	if (p->fmt != REQFMT_TRACE_CSV)
		return false;	/* the JSON has no chunk times or counts */
	if (row->ttft >= 0 && row->send + row->ttft != q->first)
		return true;
	if (row->e2e >= 0 && row->send + row->e2e != q->last)
		return true;
	return row->chunks > 0 && row->chunks != q->chunks;
}

size_t
itl_inconsistent(const struct itl *t, const struct reqpop *p, int64_t *ex,
    size_t nex)
{
	size_t bad = 0;

	for (size_t i = 0; i < t->nr; i++) {
		if (!disagrees(p, row_of(p, t->r[i].id), &t->r[i]))
			continue;
		if (bad < nex)
			ex[bad] = t->r[i].id;
		bad++;
	}
	return bad;
}
