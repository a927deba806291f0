/* tracex_client.c - the per-client records of a trace: each client's
 * requests, span, rate, token moments and quantiles, prefix and
 * streaming shares, and its rows per class and per adapter; see
 * tracex_client.h. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "stats.h"
#include "str.h"
#include "strtab.h"
#include "trace_int.h"
#include "tracex_client.h"

/* Rank of each label index in name order, for pair_by_name (the
 * labels put_client_labels is putting). */
static const size_t *label_rank;

static int
pair_by_name(const void *pa, const void *pb)
{
	size_t a = label_rank[((const struct xpair *)pa)->cls];
	size_t b = label_rank[((const struct xpair *)pb)->cls];

	return (a > b) - (a < b);
}

/* One kind of per-client label: slo_class or adapter. */
struct label {
	const char	*metric;	/* client.class.count ... */
	const char	*key;		/* its scope key */
	const char	*col;		/* the trace's column */
	const struct strtab *names;	/* by index */
	const size_t	*rank;		/* name order of each index */
};

/* The label's count records of client i (pairs from start[i]): its rows
 * per label, labels by name. */
static void
put_client_labels(const struct xclients *x, const struct xpair *pairs,
    const size_t *start, size_t i, struct out *o, const char *id,
    const struct label *l)
{
	size_t n = start[i + 1] - start[i];
	struct xpair *v = xreallocarray(NULL, n ? n : 1, sizeof(*v));

	if (n > 0)
		memcpy(v, pairs + start[i], n * sizeof(*v));
	label_rank = l->rank;
	qsort(v, n, sizeof(*v), pair_by_name);
	for (size_t k = 0; k < n; k++) {
		const char *name = l->names->s[v[k].cls];
		struct sbuf how = { 0 };
		json_t *r;

		sbuf_printf(&how, "rows of client \"%s\" with %s \"%s\"",
		    id, l->col, name);
		r = trace_put(o, "1b", l->metric, (double)v[k].rows, "count",
		    x->cl[i].n, "client", id, NULL, l->col, sbuf_str(&how));
		rec_scope_set(json_object_get(r, "scope"), l->key, name);
		sbuf_free(&how);
	}
	free(v);
}

/* rank[i]: the name order of t's index i.  Caller frees. */
static size_t *
name_ranks(const struct strtab *t)
{
	size_t *order = trace_order(t);
	size_t *rank = xcalloc(t->n + 1, sizeof(*rank));

	for (size_t k = 0; k < t->n; k++)
		rank[order[k]] = k;
	free(order);
	return rank;
}

/* mean and stdev of a client's tokens. */
static void
put_client_tokens(struct out *o, const char *check, const char *base,
    const struct moments *m, const char *id, const char *rows)
{
	char metric[64];
	struct sbuf how = { 0 };

	snprintf(metric, sizeof(metric), "client.%s.mean", base);
	sbuf_printf(&how, "mean of %s over %s of client \"%s\"", base, rows,
	    id);
	trace_put(o, check, metric, m->n ? m->mean : NAN, "tokens", m->n,
	    "client", id, NULL, base, sbuf_str(&how));
	snprintf(metric, sizeof(metric), "client.%s.stdev", base);
	sbuf_reset(&how);
	sbuf_printf(&how, "population standard deviation (divide by n) of %s "
	    "over %s of client \"%s\"", base, rows, id);
	trace_put(o, check, metric, moments_stdev(m), "tokens", m->n, "client",
	    id, NULL, base, sbuf_str(&how));
	sbuf_free(&how);
}

/* The client's lengths as CDF_STEPS + 1 quantiles [q, x] at q = 0,
 * 1/CDF_STEPS ... 1, each the smallest length with at least a share q of
 * the rows at or below it (the inverse of the empirical CDF, type 1):
 * what 1c/1d's shape check needs to bound the Kolmogorov-Smirnov distance
 * to the spec's law within 1/CDF_STEPS, in a record of fixed size.  With
 * them the rows at exactly the least and the largest length (at_least,
 * at_largest): a cap piles a few rows on one length, a share the
 * quantiles' step cannot show. */
#define CDF_STEPS	200

/* Rows of sorted v equal to its element at index from, walking up
 * (from the least) or down (from the largest). */
static int64_t
ties(const struct ivals *v, size_t from, bool up)
{
	int64_t x = ivals_at(v, from), k = 0;

	for (size_t i = from; i < v->n && ivals_at(v, i) == x; k++) {
		if (!up && i == 0)
			return k + 1;
		i = up ? i + 1 : i - 1;
	}
	return k;
}

static void
put_client_quantiles(struct out *o, const char *check, const char *base,
    const struct ivals *v, const char *id, const char *rows)
{
	char metric[64];
	struct sbuf how = { 0 };
	json_t *r, *pts = json_array();

	if (v->n == 0) {
		json_decref(pts);
		return;
	}
	for (size_t k = 0; k <= CDF_STEPS; k++) {
		size_t at = (v->n * k + CDF_STEPS - 1) / CDF_STEPS;

		json_array_append_new(pts, json_pack("[oI]",
		    rec_num((double)k / CDF_STEPS),
		    (json_int_t)ivals_at(v, at > 0 ? at - 1 : 0)));
	}
	snprintf(metric, sizeof(metric), "client.%s.quantiles", base);
	sbuf_printf(&how, "quantiles [q, x]: the smallest %s with a share q of "
	    "%s of client \"%s\" at or below it (inverse empirical CDF), q = "
	    "0, 1/%d ... 1; q = 0 the least, q = 1 the largest; at_least and "
	    "at_largest: the rows at exactly those two", base, rows,
	    id, CDF_STEPS);
	r = trace_put(o, check, metric, NAN, "tokens", (int64_t)v->n,
	    "client", id, NULL, base, sbuf_str(&how));
	rec_set(r, "quantiles", pts);
	rec_set(r, "at_least", json_integer(ties(v, 0, true)));
	rec_set(r, "at_largest", json_integer(ties(v, v->n - 1, false)));
	sbuf_free(&how);
}

/* Pearson's r of the client's lengths against their arrival times;
 * NAN under two rows or with either constant. */
static void
put_client_trend(struct out *o, const char *check, const char *base,
    const struct comoment *m, const char *id, const char *rows)
{
	char metric[64], field[64];
	struct sbuf how = { 0 };
	double r = m->n > 1 && m->m2t > 0 && m->m2x > 0 ?
	    m->ctx / sqrt(m->m2t * m->m2x) : NAN;

	snprintf(metric, sizeof(metric), "client.%s.trend", base);
	snprintf(field, sizeof(field), "arrival_time_us, %s", base);
	sbuf_printf(&how, "Pearson correlation of %s with arrival_time_us "
	    "over %s of client \"%s\" (Welford co-moments): 0 but for chance "
	    "when each length is drawn independently of its send time", base,
	    rows, id);
	trace_put(o, check, metric, r, "fraction", m->n, "client", id, NULL,
	    field, sbuf_str(&how));
	sbuf_free(&how);
}

/* Of the client's streamed answers (stream_row's rows), the share that
 * came in chunks: a client whose requests went out without "stream"
 * while its row still says streaming answers whole, and a small one
 * hides inside the cell's streaming.chunked.  None without such rows. */
static void
put_client_chunked(const struct xclient *c, struct out *o, const char *id)
{
	struct sbuf how = { 0 };
	json_t *rec;

	if (c->str_rows == 0)
		return;
	sbuf_printf(&how, "rows of client \"%s\" with streaming=true, status "
	    "ok, 2 or more output_tokens and a num_chunks: the share answered "
	    "in more than one chunk with the first before the last", id);
	if (c->str_whole_line > 0)
		sbuf_printf(&how, "; the first answered whole at line %lld",
		    (long long)c->str_whole_line);
	rec = trace_put(o, "1f", "client.streaming.chunked",
	    (double)c->str_chunked / (double)c->str_rows, "fraction",
	    c->str_rows, "client", id, NULL, "num_chunks", sbuf_str(&how));
	if (c->str_whole_line > 0)
		json_object_set_new(json_object_get(rec, "source"), "line",
		    json_integer(c->str_whole_line));
	sbuf_free(&how);
}

static void
put_client(const struct xclient *c, struct out *o, const char *id)
{
	struct sbuf how = { 0 };
	double gaps = (double)(c->n - 1), span = (double)(c->last - c->first);

	sbuf_printf(&how, "rows of client \"%s\"", id);
	trace_put(o, "1a", "client.requests", (double)c->n, "count", c->n,
	    "client", id, NULL, "client_id", sbuf_str(&how));
	trace_put(o, "1a", "client.start_us", (double)c->first, "us", c->n,
	    "client", id, NULL, "arrival_time_us", "the client's smallest "
	    "arrival_time_us (0 = the workload start)");
	trace_put(o, "1a", "client.end_us", (double)c->last, "us", c->n,
	    "client", id, NULL, "arrival_time_us", "the client's largest "
	    "arrival_time_us");
	sbuf_reset(&how);
	sbuf_printf(&how, "(rows - 1) / (last - first arrival_time_us) * 1e6 "
	    "= %lld / %lld us * 1e6: arrivals per second over the client's "
	    "active span (1 / the mean gap)", (long long)(c->n - 1),
	    (long long)(c->last - c->first));
	trace_put(o, "1a", "client.rate", c->n > 1 && span > 0 ? gaps / span *
	    1e6 : NAN, "req/s", c->n, "client", id, NULL, "arrival_time_us",
	    sbuf_str(&how));
	put_client_tokens(o, "1c", "input_tokens", &c->in, id, "all rows");
	put_client_tokens(o, "1d", "output_tokens", &c->out, id, "the "
	    "successful rows (status ok, not failed_empty or aborted)");
	put_client_quantiles(o, "1c", "input_tokens", &c->inv, id, "all rows");
	put_client_quantiles(o, "1d", "output_tokens", &c->outv, id, "the "
	    "successful rows");
	put_client_trend(o, "1c", "input_tokens", &c->intr, id, "all rows");
	put_client_trend(o, "1d", "output_tokens", &c->outtr, id, "the "
	    "successful rows");
	sbuf_reset(&how);
	sbuf_printf(&how, "rows with a prefix (prefix_length > 0, or a "
	    "prefix_group when there is no prefix_length column) / the %lld "
	    "rows of client \"%s\"", (long long)c->n, id);
	trace_put(o, "1e", "client.prefix.fraction", (double)c->prefixed /
	    (double)c->n, "fraction", c->n, "client", id, NULL,
	    "prefix_length", sbuf_str(&how));
	sbuf_reset(&how);
	sbuf_printf(&how, "rows with streaming=true / the %lld rows of client "
	    "\"%s\"", (long long)c->n, id);
	trace_put(o, "1f", "client.streaming.fraction", (double)c->streaming /
	    (double)c->n, "fraction", c->n, "client", id, NULL, "streaming",
	    sbuf_str(&how));
	sbuf_free(&how);
	put_client_chunked(c, o, id);
}

void
tracex_put_clients(const struct xclients *x, struct out *o,
    const struct strtab *clients, const struct strtab *classes,
    const struct strtab *adapters)
{
	size_t *order = trace_order(clients);
	struct label cls = { "client.class.count", "class", "slo_class",
	    classes, name_ranks(classes) };
	/* which adapter each client's requests named: a client sends to
	 * one adapter in the spec, so a shuffle of adapters over clients
	 * can keep the adapter mix and still break every client */
	struct label adp = { "client.adapter.count", "adapter", "adapter",
	    adapters, name_ranks(adapters) };

	for (size_t k = 0; k < clients->n; k++) {
		size_t i = order[k];

		if (i >= x->ncl || x->cl[i].n == 0)
			continue;
		put_client(&x->cl[i], o, clients->s[i]);
		put_client_labels(x, x->pairs, x->pstart, i, o,
		    clients->s[i], &cls);
		if (x->apairs != NULL)
			put_client_labels(x, x->apairs, x->apstart, i, o,
			    clients->s[i], &adp);
	}
	free(order);
	free((size_t *)cls.rank);
	free((size_t *)adp.rank);
}
