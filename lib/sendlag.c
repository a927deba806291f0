/* sendlag.c - requests sent late against their planned arrival. */
#include <stdint.h>
#include <stdlib.h>

#include "err.h"
#include "sendlag.h"

void
sendlag_add(struct sendlag *s, int64_t id, int64_t send, int64_t arrival)
{
	if (s->n++ == 0)
		s->d0 = send - arrival;
	ivals_add(&s->id, id);
	ivals_add(&s->d, send - arrival - s->d0);
	ivals_add(&s->arr, arrival);
}

/* One send in planned order. */
struct lagrow {
	int64_t	arr, d;
	size_t	i;
};

static int
by_arrival(const void *a, const void *b)
{
	const struct lagrow *x = a, *y = b;

	if (x->arr != y->arr)
		return x->arr < y->arr ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

static int
by_int(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The lower quartile of the lags of rows [k, k + SENDLAG_STEP_W): a
 * clock step moves every send, a client holding some back lifts only
 * those, so a floor sees the one and not the other. */
static int64_t
low_lag(const struct lagrow *v, size_t k)
{
	int64_t w[SENDLAG_STEP_W];

	for (size_t i = 0; i < SENDLAG_STEP_W; i++)
		w[i] = v[k + i].d;
	qsort(w, SENDLAG_STEP_W, sizeof(w[0]), by_int);
	return w[SENDLAG_STEP_W / 4];
}

/* The low lag of every window [k, k + SENDLAG_STEP_W), then, for the
 * windows from k on, the least (lo) and the largest (hi) of them. */
struct lows {
	int64_t	*at, *lo, *hi;
};

static void
lows_make(struct lows *l, const struct lagrow *v, size_t n)
{
	size_t m = n - SENDLAG_STEP_W + 1;

	l->at = xreallocarray(NULL, m, sizeof(*l->at));
	l->lo = xreallocarray(NULL, m, sizeof(*l->lo));
	l->hi = xreallocarray(NULL, m, sizeof(*l->hi));
	for (size_t k = 0; k < m; k++)
		l->at[k] = low_lag(v, k);
	for (size_t k = m; k-- > 0;) {
		l->lo[k] = l->at[k];
		l->hi[k] = l->at[k];
		if (k + 1 < m && l->lo[k + 1] < l->lo[k])
			l->lo[k] = l->lo[k + 1];
		if (k + 1 < m && l->hi[k + 1] > l->hi[k])
			l->hi[k] = l->hi[k + 1];
	}
}

/* The step across send k (its size, signed: a fall is back) when the
 * low lag moved there beyond the planned span of the two windows and,
 * forward, stayed at its new level to the end; else 0. */
static int64_t
step_at(const struct lows *l, const struct lagrow *v, size_t k)
{
	const size_t w = SENDLAG_STEP_W;
	int64_t move = l->at[k] - l->at[k - w];
	int64_t span = v[k + w - 1].arr - v[k - w].arr;

	if (-move - span > 0)
		return move;
	if (move - span <= 0 || l->lo[k] - l->at[k - w] <= move / 2 ||
	    l->hi[k] - l->at[k] >= move / 2)
		return 0;
	return move;
}

/* The largest step, less the planned span of its two windows (what an
 * in-order sender can catch up), when that is over SENDLAG_STEP_US: the
 * clock went back, or forward, there. */
static void
find_step(struct sendlag *s, const struct lagrow *v)
{
	const size_t w = SENDLAG_STEP_W;
	int64_t best = SENDLAG_STEP_US;
	struct lows l = { 0 };

	s->step = s->step_at = s->step_id = 0;
	s->forward = 0;
	s->near_lo = s->near_hi = s->med_before = s->med_after = 0;
	if (s->n < 2 * w)
		return;
	lows_make(&l, v, s->n);
	for (size_t k = w; k + w <= s->n; k++) {
		int64_t move = step_at(&l, v, k);
		int64_t span = v[k + w - 1].arr - v[k - w].arr;

		if (llabs(move) - span <= best)
			continue;
		best = llabs(move) - span;
		s->step = llabs(move);
		s->forward = move > 0;
		s->step_at = v[k].arr;
		s->step_id = ivals_at(&s->id, v[k].i);
		s->near_lo = v[k - w].arr;
		s->near_hi = v[k + w - 1].arr;
		s->med_before = l.at[k - w];
		s->med_after = l.at[k];
	}
	free(l.at);
	free(l.lo);
	free(l.hi);
}

/* Which side of the clock step (0 before, 1 after) a send is on. */
static int
step_side(const struct sendlag *s, int64_t arr, int64_t d)
{
	if (s->step <= 0)
		return 0;
	if (arr >= s->near_lo && arr <= s->near_hi)
		return llabs(d - s->med_after) < llabs(d - s->med_before);
	return arr >= s->step_at;
}

void
sendlag_finish(struct sendlag *s)
{
	int64_t least[2] = { INT64_MAX, INT64_MAX };
	struct lagrow *v = xreallocarray(NULL, s->n ? s->n : 1, sizeof(*v));

	for (size_t i = 0; i < s->n; i++)
		v[i] = (struct lagrow){ ivals_at(&s->arr, i),
		    ivals_at(&s->d, i), i };
	qsort(v, s->n, sizeof(*v), by_arrival);
	find_step(s, v);
	s->late = s->latest = 0;
	/* each side of a clock step against its own least lag */
	for (size_t i = 0; i < s->n; i++) {
		int side = step_side(s, v[i].arr, v[i].d);

		least[side] = v[i].d < least[side] ? v[i].d : least[side];
	}
	for (size_t i = 0; i < s->n; i++) {
		int side = step_side(s, ivals_at(&s->arr, i),
		    ivals_at(&s->d, i));
		int64_t lag = ivals_at(&s->d, i) - least[side];

		s->latest = lag > s->latest ? lag : s->latest;
		if (lag < SENDLAG_LATE_US)
			continue;
		if (s->late < SENDLAG_EXAMPLES)
			s->ex[s->late] = ivals_at(&s->id, i);
		s->late++;
	}
	free(v);
}

void
sendlag_how(struct sbuf *b, const struct sendlag *s)
{
	sbuf_printf(b, "first-round requests sent %d ms or more after their "
	    "planned arrival: send_time_us - arrival_time_us less its least "
	    "value over the trace (the clocks differ by a constant%s%s%s); "
	    "the latest %.3f ms; n = first-round requests",
	    SENDLAG_LATE_US / 1000, s->step > 0 ? "; on each side of the "
	    "client clock's step " : "", s->step > 0 ? (s->forward ?
	    "forward" : "back") : "", s->step > 0 ? ", its own least" : "",
	    (double)s->latest / 1000);
	sbuf_ids(b, s->ex, s->late, SENDLAG_EXAMPLES);
}

void
sendlag_step_how(struct sbuf *b, const struct sendlag *s)
{
	if (s->forward)
		sbuf_printf(b, "the largest rise of send_time_us - "
		    "arrival_time_us (the lower quartile of %d first-round sends "
		    "in planned order against the %d before) beyond the planned "
		    "span of the two, when over %d ms and every later window's "
		    "lower quartile stays nearer the new level than the old: "
		    "the client's wall clock went forward", SENDLAG_STEP_W,
		    SENDLAG_STEP_W, SENDLAG_STEP_US / 1000);
	else
		sbuf_printf(b, "the largest fall of send_time_us - "
		    "arrival_time_us (the lower quartile of %d first-round sends "
		    "in planned order against the %d before) beyond the planned "
		    "span of the two (what a client sending in order can catch "
		    "up), when over %d ms: the client's wall clock went back",
		    SENDLAG_STEP_W, SENDLAG_STEP_W, SENDLAG_STEP_US / 1000);
	sbuf_printf(b, "; at arrival %.3f s, request_id %lld; n = first-round "
	    "requests", (double)s->step_at / 1e6, (long long)s->step_id);
}

void
sendlag_free(struct sendlag *s)
{
	ivals_free(&s->id);
	ivals_free(&s->d);
	ivals_free(&s->arr);
	*s = (struct sendlag){ 0 };
}
