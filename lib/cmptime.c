/* cmptime.c - see cmptime.h and docs/man/s2r-compare.1.
 *
 * Sends and completions are kept as µs (8 bytes per request) because t = 0
 * is the first send, known only at the end: rows come in completion
 * order.  The scatter keeps the TL_SCATTER_MAX successful requests with
 * the smallest hash of their request_id (a bottom-k sample: the same
 * requests whatever the row order, spread evenly over time), in a heap. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmprec.h"
#include "cmptime.h"
#include "err.h"
#include "rec.h"
#include "stats.h"
#include "str.h"
#include "strtab.h"

struct tl_pt {
	uint64_t	 h;
	int64_t		 send;
	double		 ttft, e2e;	/* ms; NAN: none */
	uint32_t	 cls;
};

struct cmp_tl {
	struct ivals	 sends, dones;	/* µs */
	struct tl_pt	*heap;		/* max-heap on h, TL_SCATTER_MAX */
	size_t		 nheap;
	struct strtab	 classes;
	int64_t		*ok_of;		/* successful rows per class */
	size_t		 ncls;
	int64_t		 rows;
};

/* splitmix64: a fixed, well-mixed hash of the request id. */
static uint64_t
mix(uint64_t x)
{
	x += UINT64_C(0x9e3779b97f4a7c15);
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

static bool
pt_less(const struct tl_pt *a, const struct tl_pt *b)
{
	if (a->h != b->h)
		return a->h < b->h;
	return a->send < b->send;
}

static void
sift_down(struct tl_pt *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, big = i;
		struct tl_pt t;

		if (l < n && pt_less(&h[big], &h[l]))
			big = l;
		if (r < n && pt_less(&h[big], &h[r]))
			big = r;
		if (big == i)
			return;
		t = h[i];
		h[i] = h[big];
		h[big] = t;
		i = big;
	}
}

static void
sample(struct cmp_tl *t, const struct tl_pt *p)
{
	size_t i;

	if (t->nheap == TL_SCATTER_MAX) {
		if (!pt_less(p, &t->heap[0]))
			return;
		t->heap[0] = *p;
		sift_down(t->heap, t->nheap, 0);
		return;
	}
	i = t->nheap++;
	t->heap[i] = *p;
	while (i > 0 && pt_less(&t->heap[(i - 1) / 2], &t->heap[i])) {
		struct tl_pt tmp = t->heap[i];

		t->heap[i] = t->heap[(i - 1) / 2];
		t->heap[(i - 1) / 2] = tmp;
		i = (i - 1) / 2;
	}
}

void
cmp_tl_row(struct cmp_tl *t, const struct cmp_row *row, int64_t rowno)
{
	struct tl_pt p;
	uint32_t k;

	t->rows++;
	ivals_add(&t->sends, row->send);
	if (!row->ok)
		return;
	if (row->last > 0)
		ivals_add(&t->dones, row->last);
	k = strtab_intern(&t->classes, row->cls);
	if (k >= t->ncls) {
		/* The class table's room: geometric, not one by one. */
		t->ok_of = xreallocarray(t->ok_of, t->classes.cap,
		    sizeof(*t->ok_of));
		memset(t->ok_of + t->ncls, 0, (t->classes.cap - t->ncls) *
		    sizeof(*t->ok_of));
		t->ncls = t->classes.cap;
	}
	t->ok_of[k]++;
	p.h = mix((uint64_t)(row->id >= 0 ? row->id : rowno));
	p.send = row->send;
	p.ttft = cmp_row_ttft(row);
	p.e2e = cmp_row_e2e(row);
	p.cls = k;
	sample(t, &p);
}

struct cmp_tl *
cmp_tl_new(void)
{
	struct cmp_tl *t = xcalloc(1, sizeof(*t));

	t->heap = xcalloc(TL_SCATTER_MAX, sizeof(*t->heap));
	return t;
}

static void
free_tl(struct cmp_tl *t)
{
	ivals_free(&t->sends);
	ivals_free(&t->dones);
	strtab_free(&t->classes);
	free(t->heap);
	free(t->ok_of);
	free(t);
}

/* Whole seconds per bin: the first nice width that keeps the bins at
 * TL_MAX_BINS or fewer. */
static int64_t
bin_width(int64_t span_us)
{
	static const int64_t nice[] = { 1, 2, 5, 10, 15, 30, 60, 120, 300,
	    600, 900, 1800, 3600 };
	int64_t secs = span_us / 1000000;

	for (size_t i = 0; i < sizeof(nice) / sizeof(nice[0]); i++)
		if (secs / nice[i] + 1 <= TL_MAX_BINS)
			return nice[i];
	return secs / (TL_MAX_BINS - 1) + 1;
}

static json_t *
tl_record(const struct cmp_workload *w, const struct cmp_arm *arm,
    const struct cmp_cell *cell, const char *metric, const char *unit,
    const char *cls)
{
	json_t *rec = cmprec_new("timeline", metric, NULL, unit, w->name, cls);
	json_t *scope = json_object_get(rec, "scope");

	rec_scope_set(scope, "phase", arm->name);
	if (cell->iteration != NULL)
		rec_scope_set(scope, "iteration", cell->iteration);
	return rec;
}

static json_t *
columns(const char *a, const char *b, const char *c)
{
	json_t *arr = json_array();

	json_array_append_new(arr, json_string(a));
	json_array_append_new(arr, json_string(b));
	json_array_append_new(arr, json_string(c));
	return arr;
}

static json_t *
point(double a, double b, double c)
{
	json_t *p = json_array();

	json_array_append_new(p, rec_num(a));
	json_array_append_new(p, rec_num(b));
	json_array_append_new(p, rec_num(c));
	return p;
}

static void
rate_record(const struct cmp_tl *t, const struct cmp_workload *w,
    const struct cmp_arm *arm, const struct cmp_cell *cell, json_t *out)
{
	json_t *rec = tl_record(w, arm, cell, "requests.per_second", "req/s",
	    NULL), *pts = json_array();
	int64_t t0 = 0, tmax = 0, width = 1, nb = 0, *sent, *done;
	struct sbuf how = {0};

	if (t->sends.n > 0) {
		t0 = ivals_at(&t->sends, 0);
		tmax = ivals_at(&t->sends, t->sends.n - 1);
		if (t->dones.n > 0 && ivals_at(&t->dones, t->dones.n - 1) > tmax)
			tmax = ivals_at(&t->dones, t->dones.n - 1);
		width = bin_width(tmax - t0);
		nb = (tmax - t0) / (width * 1000000) + 1;
	}
	sent = xcalloc((size_t)nb + 1, sizeof(*sent));
	done = xcalloc((size_t)nb + 1, sizeof(*done));
	for (size_t i = 0; i < t->sends.n; i++)
		sent[(ivals_at(&t->sends, i) - t0) / (width * 1000000)]++;
	for (size_t i = 0; i < t->dones.n; i++)
		done[(ivals_at(&t->dones, i) - t0) / (width * 1000000)]++;
	for (int64_t k = 0; k < nb; k++)
		json_array_append_new(pts, point((double)(k * width),
		    (double)sent[k] / (double)width,
		    (double)done[k] / (double)width));
	rec_set_i64(rec, "n", t->rows);
	rec_set(rec, "columns", columns("t_s", "sent_per_s",
	    "completed_per_s"));
	rec_set(rec, "points", pts);
	sbuf_printf(&how, "t = 0 at the trace's first send_time_us; bins of "
	    "%lld s (at most %d bins); sent: every row by send_time_us (no "
	    "status filter); completed: successful rows by "
	    "last_chunk_time_us; each count / bin width", (long long)width,
	    TL_MAX_BINS);
	rec_set(rec, "source", rec_source(cell->file, 0, 0, "send_time_us, "
	    "last_chunk_time_us, status", sbuf_str(&how)));
	json_array_append_new(out, rec);
	free(sent);
	free(done);
	sbuf_free(&how);
}

static int
pt_by_send(const void *pa, const void *pb)
{
	const struct tl_pt *a = pa, *b = pb;

	if (a->send != b->send)
		return a->send < b->send ? -1 : 1;
	return (a->h > b->h) - (a->h < b->h);
}

static const struct strtab *sort_classes;

static int
class_by_name(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	return strcmp(sort_classes->s[a], sort_classes->s[b]);
}

/* A record per class, classes by name (not by which came first). */
static void
scatter_records(struct cmp_tl *t, const struct cmp_workload *w,
    const struct cmp_arm *arm, const struct cmp_cell *cell, json_t *out)
{
	int64_t t0 = t->sends.n > 0 ? ivals_at(&t->sends, 0) : 0;
	uint32_t *order = xcalloc(t->classes.n + 1, sizeof(*order));
	struct sbuf how = {0};

	qsort(t->heap, t->nheap, sizeof(*t->heap), pt_by_send);
	for (uint32_t k = 0; k < t->classes.n; k++)
		order[k] = k;
	sort_classes = &t->classes;
	qsort(order, t->classes.n, sizeof(*order), class_by_name);
	for (uint32_t o = 0; o < t->classes.n; o++) {
		uint32_t k = order[o];
		json_t *rec = tl_record(w, arm, cell, "latency.scatter", "ms",
		    t->classes.s[k]), *pts = json_array();

		for (size_t i = 0; i < t->nheap; i++)
			if (t->heap[i].cls == k)
				json_array_append_new(pts, point((double)(t->
				    heap[i].send - t0) / 1e6, t->heap[i].ttft,
				    t->heap[i].e2e));
		rec_set_i64(rec, "n", t->ok_of[k]);
		rec_set(rec, "columns", columns("t_s", "ttft_ms", "e2e_ms"));
		rec_set(rec, "points", pts);
		sbuf_reset(&how);
		sbuf_printf(&how, "successful rows of the class: t = "
		    "(send_time_us - first send_time_us of the trace) / 1e6, "
		    "TTFT and E2E in ms; %zu of %lld requests, the trace's %d "
		    "successful requests with the smallest splitmix64 hash of "
		    "request_id (all when fewer), by send time",
		    json_array_size(pts), (long long)t->ok_of[k],
		    TL_SCATTER_MAX);
		rec_set(rec, "source", rec_source(cell->file, 0, 0,
		    "send_time_us, first_chunk_time_us, last_chunk_time_us, "
		    "slo_class", sbuf_str(&how)));
		json_array_append_new(out, rec);
	}
	sbuf_free(&how);
	free(order);
}

void
cmp_tl_end(struct cmp_tl *t, const struct cmp_workload *w,
    const struct cmp_arm *arm, const struct cmp_cell *cell, json_t *out)
{
	ivals_sort(&t->sends);
	ivals_sort(&t->dones);
	rate_record(t, w, arm, cell, out);
	scatter_records(t, w, arm, cell, out);
	free_tl(t);
}

void
cmp_timeline_cell(const struct cmp_workload *w, const struct cmp_arm *arm,
    const struct cmp_cell *cell, json_t *out)
{
	struct csvr *r = csvr_open(cell->path, cell->file);
	struct cmp_tl *t = cmp_tl_new();
	struct cmp_cols cols;
	struct cmp_row row;

	cmp_cols_find(&cols, r);
	while (csvr_next(r)) {
		cmp_row_read(&cols, r, &row);
		cmp_tl_row(t, &row, csvr_rows(r));
	}
	csvr_close(r);
	cmp_tl_end(t, w, arm, cell, out);
}
