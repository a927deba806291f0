/* wltime.c - phases, rates and generation bounds of a workload spec under
 * both readings of rate_fraction; see wltime.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "str.h"
#include "wltime.h"

const char *const wl_reading_names[WL_NREAD] = { "window", "all" };

static int
i64_cmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* The window of c that covers [s, e), or NULL; an always-on client has
 * none and is active everywhere. */
static const struct wl_window *
covering(const struct wl_client *c, int64_t s, int64_t e)
{
	for (size_t k = 0; k < c->nwindows; k++)
		if (c->windows[k].start_us <= s && c->windows[k].end_us >= e)
			return &c->windows[k];
	return NULL;
}

static bool
active_in(const struct wl_client *c, const struct wl_phase *p)
{
	return wl_client_rate_based(c) && (c->nwindows == 0 ||
	    covering(c, p->start, p->end) != NULL);
}

/* Every window edge (and 0, and the horizon), sorted and distinct. */
static size_t
edges(const struct workload *w, int64_t **out, bool *always_on)
{
	int64_t *v = xreallocarray(NULL, 2, sizeof(*v));
	size_t n = 0, cap = 2, m = 0;

	*always_on = false;
	v[n++] = 0;
	if (w->horizon > 0)
		v[n++] = w->horizon;
	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];

		if (!wl_client_rate_based(c))
			continue;
		*always_on = *always_on || c->nwindows == 0;
		for (size_t k = 0; k < c->nwindows; k++) {
			if (n + 2 > cap) {
				cap *= 2;
				v = xreallocarray(v, cap, sizeof(*v));
			}
			v[n++] = c->windows[k].start_us;
			v[n++] = c->windows[k].end_us;
		}
	}
	qsort(v, n, sizeof(*v), i64_cmp);
	for (size_t i = 0; i < n; i++) {
		if (w->horizon > 0 && v[i] > w->horizon)
			break;
		if (v[i] >= 0 && (m == 0 || v[i] != v[m - 1]))
			v[m++] = v[i];
	}
	*out = v;
	return m;
}

/* Phases between the edges; open after the last edge when an always-on
 * client runs with no horizon. */
static void
build_phases(const struct workload *w, struct wl_timeline *t)
{
	int64_t *e;
	bool always_on;
	size_t n = edges(w, &e, &always_on);
	bool open = always_on && w->horizon == 0;

	t->phases = xcalloc(n + 1, sizeof(*t->phases));
	for (size_t i = 0; i + 1 < n || (open && i < n); i++) {
		struct wl_phase *p = &t->phases[t->nphases++];

		p->start = e[i];
		p->end = i + 1 < n ? e[i + 1] : INT64_MAX;
		for (size_t c = 0; c < w->nclients; c++)
			if (active_in(&w->clients[c], p))
				p->active += w->clients[c].rate_fraction;
	}
	free(e);
}

double
wl_client_rate_in(const struct workload *w, const struct wl_timeline *t,
    size_t i, size_t p, enum wl_reading rd)
{
	const struct wl_client *c = &w->clients[i];
	const struct wl_phase *ph = &t->phases[p];
	const struct wl_window *win;
	double share;

	if (!active_in(c, ph))
		return 0;
	win = covering(c, ph->start, ph->end);
	if (win != NULL && win->trace_rate > 0)
		return win->trace_rate;
	share = rd == WL_READ_WINDOW ? ph->active : t->total;
	return share > 0 ? w->aggregate_rate * c->rate_fraction / share : 0;
}

/* Σ rate of every client in phase p. */
static double
phase_rate(const struct workload *w, const struct wl_timeline *t, size_t p,
    enum wl_reading rd)
{
	double sum = 0;

	for (size_t i = 0; i < w->nclients; i++)
		sum += wl_client_rate_in(w, t, i, p, rd);
	return sum;
}

/* Requests of client i in [0, end) and the variance cv² x count. */
static double
client_count(const struct workload *w, const struct wl_timeline *t, size_t i,
    int64_t end, enum wl_reading rd)
{
	double n = 0;

	for (size_t p = 0; p < t->nphases; p++) {
		const struct wl_phase *ph = &t->phases[p];
		int64_t hi = ph->end < end ? ph->end : end;

		if (hi > ph->start)
			n += wl_client_rate_in(w, t, i, p, rd) *
			    (double)(hi - ph->start) / 1e6;
	}
	return n;
}

static double
count_var(const struct workload *w, const struct wl_timeline *t,
    int64_t end, enum wl_reading rd)
{
	double var = 0;

	for (size_t i = 0; i < w->nclients; i++) {
		double cv = arrival_cv(&w->clients[i].arrival.a);

		var += cv * cv * client_count(w, t, i, end, rd);
	}
	return var;
}

/* Walks the phases until num_requests, the horizon or the last active
 * phase stops generation. */
static void
generation(const struct workload *w, struct wl_timeline *t,
    enum wl_reading rd)
{
	struct wl_expect *x = &t->r[rd];
	double cum = 0, last_rate = 0;
	int64_t last_end = 0;

	x->bounded = true;
	for (size_t p = 0; p < t->nphases; p++) {
		const struct wl_phase *ph = &t->phases[p];
		double rate = phase_rate(w, t, p, rd), dur;

		if (rate <= 0)
			continue;
		dur = ph->end == INT64_MAX ? INFINITY :
		    (double)(ph->end - ph->start) / 1e6;
		if (w->num_requests > 0 &&
		    cum + rate * dur >= (double)w->num_requests) {
			x->by_requests = true;
			x->count = (double)w->num_requests;
			x->end_us = ph->start + (int64_t)llround(
			    ((double)w->num_requests - cum) / rate * 1e6);
			x->end_sd_us = sqrt(count_var(w, t, x->end_us, rd)) /
			    rate * 1e6;
			return;
		}
		if (ph->end == INT64_MAX) {
			x->bounded = false;
			return;
		}
		cum += rate * dur;
		last_end = ph->end;
		last_rate = rate;
	}
	x->count = cum;
	x->end_us = last_end;
	x->count_sd = sqrt(count_var(w, t, last_end, rd));
	x->end_sd_us = last_rate > 0 ? 1e6 / last_rate : 0;
}

/* Each client's active span and its mean rate over it. */
static void
client_spans(const struct workload *w, struct wl_timeline *t,
    enum wl_reading rd)
{
	struct wl_expect *x = &t->r[rd];
	int64_t gen_end = x->bounded ? x->end_us : INT64_MAX;

	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];
		int64_t s = t->client_start[i], e = INT64_MIN;

		for (size_t k = 0; k < c->nwindows; k++)
			e = c->windows[k].end_us > e ? c->windows[k].end_us : e;
		if (c->nwindows == 0 || e > gen_end)
			e = gen_end;
		x->client_end[i] = e;
		if (!t->client_on[i] || e <= s)
			continue;
		if (e == INT64_MAX)	/* unbounded: the rate of the open end */
			x->rate[i] = wl_client_rate_in(w, t, i,
			    t->nphases - 1, rd);
		else
			x->rate[i] = client_count(w, t, i, e, rd) /
			    ((double)(e - s) / 1e6);
	}
}

/* Whether some client's rate differs between the readings. */
static bool
readings_differ(const struct workload *w, const struct wl_timeline *t)
{
	for (size_t p = 0; p < t->nphases; p++)
		for (size_t i = 0; i < w->nclients; i++)
			if (wl_client_rate_in(w, t, i, p, WL_READ_WINDOW) !=
			    wl_client_rate_in(w, t, i, p, WL_READ_ALL))
				return true;
	return false;
}

void
wl_timeline_build(const struct workload *w, struct wl_timeline *t)
{
	size_t n = w->nclients ? w->nclients : 1;

	memset(t, 0, sizeof(*t));
	t->nclients = w->nclients;
	t->total = workload_rate_total(w);
	t->client_start = xcalloc(n, sizeof(*t->client_start));
	t->client_on = xcalloc(n, sizeof(*t->client_on));
	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];
		int64_t s = c->nwindows ? INT64_MAX : 0;

		for (size_t k = 0; k < c->nwindows; k++)
			s = c->windows[k].start_us < s ? c->windows[k].start_us :
			    s;
		t->client_start[i] = s;
		t->client_on[i] = wl_client_rate_based(c) &&
		    (w->horizon == 0 || s < w->horizon);
	}
	build_phases(w, t);
	for (int rd = 0; rd < WL_NREAD; rd++) {
		t->r[rd].rate = xcalloc(n, sizeof(double));
		t->r[rd].client_end = xcalloc(n, sizeof(int64_t));
		generation(w, t, (enum wl_reading)rd);
		client_spans(w, t, (enum wl_reading)rd);
	}
	t->differ = readings_differ(w, t);
}

void
wl_timeline_free(struct wl_timeline *t)
{
	free(t->phases);
	free(t->client_start);
	free(t->client_on);
	for (int rd = 0; rd < WL_NREAD; rd++) {
		free(t->r[rd].rate);
		free(t->r[rd].client_end);
	}
	memset(t, 0, sizeof(*t));
}

/* ---- groups of clients with the same windows ---- */

bool
wl_same_windows(const struct wl_client *a, const struct wl_client *b)
{
	if (a->nwindows != b->nwindows)
		return false;
	for (size_t k = 0; k < a->nwindows; k++)
		if (a->windows[k].start_us != b->windows[k].start_us ||
		    a->windows[k].end_us != b->windows[k].end_us ||
		    a->windows[k].trace_rate != b->windows[k].trace_rate)
			return false;
	return true;
}

/* "0-200s", "0-30s+60-90s", "24 windows 0-86400s", "always". */
static char *
group_label(const struct wl_client *c)
{
	struct sbuf sb = { 0 };

	if (c->nwindows == 0)
		return xstrdup("always");
	if (c->nwindows > 3) {
		sbuf_printf(&sb, "%zu windows %.10g-%.10gs", c->nwindows,
		    (double)c->windows[0].start_us / 1e6,
		    (double)c->windows[c->nwindows - 1].end_us / 1e6);
		return sb.s;
	}
	for (size_t k = 0; k < c->nwindows; k++)
		sbuf_printf(&sb, "%s%.10g-%.10gs", k ? "+" : "",
		    (double)c->windows[k].start_us / 1e6,
		    (double)c->windows[k].end_us / 1e6);
	return sb.s;
}

static bool
label_taken(const struct wl_group *g, size_t n, const char *label)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(g[i].label, label) == 0)
			return true;
	return false;
}

/* base, or base#2, #3 ... when an earlier group has it; frees base. */
static char *
unique_label(const struct wl_group *g, size_t n, char *base)
{
	char *label = xstrdup(base);

	for (int k = 2; label_taken(g, n, label); k++) {
		struct sbuf sb = { 0 };

		sbuf_printf(&sb, "%s#%d", base, k);
		free(label);
		label = sb.s;
	}
	free(base);
	return label;
}

size_t
wl_groups(const struct workload *w, struct wl_group **out)
{
	struct wl_group *g = NULL;
	size_t n = 0;

	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];
		size_t k;

		if (!wl_client_rate_based(c))
			continue;
		for (k = 0; k < n; k++)
			if (wl_same_windows(&w->clients[g[k].members[0]], c))
				break;
		if (k == n) {
			g = xroom(g, n, sizeof(*g));
			memset(&g[n], 0, sizeof(*g));
			g[n].label = unique_label(g, n, group_label(c));
			n++;
		}
		g[k].members = xreallocarray(g[k].members, g[k].n + 1,
		    sizeof(size_t));
		g[k].members[g[k].n++] = i;
		g[k].total += c->rate_fraction;
	}
	*out = g;
	return n;
}

void
wl_groups_free(struct wl_group *g, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(g[i].label);
		free(g[i].members);
	}
	free(g);
}
