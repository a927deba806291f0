/* synth.c - synthetic requests for a BLIS workload spec; see synth.h. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <string.h>

#include "err.h"
#include "synth.h"

/* A client's arrival stream. */
struct stream {
	const struct wl_client	*c;
	struct rng		 rng;
	size_t			 window;	/* current window index */
	int64_t			 next;		/* INT64_MAX: done */
};

/* Σ rate_fraction of the rate-based clients active at t. */
static double
active_total(const struct workload *w, int64_t t)
{
	double s = 0;

	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];
		bool on = c->nwindows == 0;

		for (size_t k = 0; k < c->nwindows && !on; k++)
			on = t >= c->windows[k].start_us &&
			    t < c->windows[k].end_us;
		if (on)
			s += c->rate_fraction;
	}
	return s;
}

/* Requests per µs for s at time t (rates normalised per active phase). */
static double
rate_at(const struct workload *w, const struct stream *s, int64_t t,
    double scale)
{
	double total;

	if (s->c->nwindows > 0 && s->c->windows[s->window].trace_rate > 0)
		return s->c->windows[s->window].trace_rate * scale / 1e6;
	total = active_total(w, t);
	if (total <= 0)
		total = s->c->rate_fraction;
	return w->aggregate_rate * scale * s->c->rate_fraction / total / 1e6;
}

/* Draws the next arrival after t, moving through the client's windows. */
static void
advance(const struct workload *w, struct stream *s, int64_t t, double scale)
{
	const struct wl_client *c = s->c;

	for (;;) {
		int64_t next = t + arrival_iat(&c->arrival.a, rate_at(w, s, t,
		    scale), &s->rng);

		if (c->nwindows == 0 || next < c->windows[s->window].end_us) {
			s->next = next;
			return;
		}
		if (++s->window >= c->nwindows) {
			s->next = INT64_MAX;
			return;
		}
		t = c->windows[s->window].start_us;
	}
}

static void
start_stream(const struct workload *w, struct stream *s, double scale)
{
	s->window = 0;
	advance(w, s, s->c->nwindows ? s->c->windows[0].start_us : 0, scale);
}

/* The latency model: deterministic given the request's own draws. */
static void
latency(struct synth_row *r, const struct wl_client *c,
    struct rng *rng, const struct synth_opts *o)
{
	int64_t tokens = r->in + c->prefix_length, ttft, itl;
	double jitter = rng_uniform(rng) * 300;

	/* A shared prefix is mostly a cache hit: 5 µs/token, not 45. */
	ttft = 18000 + 45 * r->in + 5 * c->prefix_length +
	    (int64_t)(rng_exp(rng) * 8000);
	itl = 11000 + (int64_t)(1500 * rng_normal(rng));
	if (itl < 6000)
		itl = 6000;
	if (!o->real) {
		r->send = r->arrival;
		r->first = r->arrival + ttft;
		r->last = r->first + itl * (r->out - 1);
		r->chunks = 0;
		r->server_in = 0;
		return;
	}
	r->send = o->epoch_us + r->arrival + o->send_lag_us + (int64_t)jitter;
	r->last = r->send + ttft + itl * (r->out - 1);
	r->first = c->streaming ? r->send + ttft : r->last;
	r->chunks = c->streaming ? r->out + 1 : 1;
	/* The chat template and the tokenizer add a few percent. */
	r->server_in = tokens + (int64_t)llround(0.03 * (double)tokens) + 9;
}

static int
row_cmp(const void *a, const void *b)
{
	const struct synth_row *x = a, *y = b;

	if (x->last != y->last)
		return x->last < y->last ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

void
synth_check(const struct workload *w)
{
	if (w->inference_perf || w->servegen || w->nclients == 0)
		s2r_die("%s: inference_perf and servegen_data specs are not "
		    "supported", w->path);
	for (size_t i = 0; i < w->nclients; i++)
		if (!wl_client_rate_based(&w->clients[i]))
			s2r_die("%s:%ld: %s: closed-loop clients are not "
			    "supported", w->path, w->clients[i].closed_at.line,
			    w->clients[i].field);
}

/* The spec asks for more rows than SYNTH_MAX_ROWS: its num_requests, or
 * its horizon at its rates (found when the rows reach the limit). */
static noreturn void
too_many(const struct workload *w, bool by_count)
{
	const struct wl_at *at = by_count ? &w->num_requests_at :
	    &w->horizon_at;
	char got[64];

	if (by_count)
		snprintf(got, sizeof(got), "%lld", (long long)w->num_requests);
	else
		snprintf(got, sizeof(got), "more within %lld us at these "
		    "rates", (long long)w->horizon);
	s2r_die_at(w->path, at->line, at->column, "%s: expected at most %d "
	    "requests to synthesise (they are held in memory to be ordered), "
	    "got %s; --requests N synthesises N", by_count ? "num_requests" :
	    "horizon", SYNTH_MAX_ROWS, got);
}

/* Merges the client streams into rows, in arrival order. */
static struct synth_row *
generate(const struct workload *w, const struct synth_opts *o,
    size_t *nrows)
{
	struct stream *st = xcalloc(w->nclients, sizeof(*st));
	struct synth_row *rows = NULL;
	size_t n = 0, cap = 0;
	int64_t limit = o->requests > 0 ? o->requests : w->num_requests;

	/* A limit the user gives is theirs; the spec's is checked. */
	if (o->requests <= 0 && w->num_requests > SYNTH_MAX_ROWS)
		too_many(w, true);
	for (size_t i = 0; i < w->nclients; i++) {
		st[i].c = &w->clients[i];
		rng_seed(&st[i].rng, o->seed * 0x9e3779b97f4a7c15ULL + i +
		    1);
		start_stream(w, &st[i], o->rate_scale);
	}
	for (;;) {
		size_t best = 0;
		struct synth_row *r;

		for (size_t i = 1; i < w->nclients; i++)
			if (st[i].next < st[best].next)
				best = i;
		if (st[best].next == INT64_MAX || (limit > 0 &&
		    (int64_t)n >= limit) || (w->horizon > 0 &&
		    st[best].next >= w->horizon))
			break;
		if (o->requests <= 0 && n == SYNTH_MAX_ROWS)
			too_many(w, false);
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			rows = xreallocarray(rows, cap, sizeof(*rows));
		}
		r = &rows[n];
		memset(r, 0, sizeof(*r));
		r->id = (int64_t)n++;
		r->client = best;
		r->arrival = st[best].next;
		r->in = dist_sample(&st[best].c->input.d, &st[best].rng);
		r->out = dist_sample(&st[best].c->output.d, &st[best].rng);
		latency(r, st[best].c, &st[best].rng, o);
		advance(w, &st[best], st[best].next, o->rate_scale);
	}
	free(st);
	*nrows = n;
	return rows;
}

struct synth_row *
synth_rows(const struct workload *w, const struct synth_opts *o,
    size_t *nrows)
{
	struct synth_row *rows = generate(w, o, nrows);

	qsort(rows, *nrows, sizeof(*rows), row_cmp);
	return rows;
}
