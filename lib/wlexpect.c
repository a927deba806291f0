/* wlexpect.c - the `expect` records a BLIS workload spec implies (checks
 * 1a-1g and inference_perf); see wlexpect.h and docs/records.md. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "str.h"
#include "wlexpect.h"
#include "wlexpect_int.h"
#include "wltime.h"

/* Appends r to x->out. */
void
xrec_add(struct xctx *x, const struct xrec *r)
{
	json_t *value = r->jvalue ? r->jvalue : rec_num(r->value);
	json_t *rec, *scope = rec_scope_new();

	if (r->why != NULL) {
		json_decref(value);
		value = NULL;
	}
	rec = rec_begin(&(struct rec_head){ .kind = "expect",
	    .check = r->check, .metric = r->metric, .value = value,
	    .unit = r->unit, .n = -1 });

	rec_scope_set(scope, "workload", x->name);
	rec_scope_set(scope, "window", r->window);
	rec_scope_set(scope, "client", r->client);
	rec_scope_set(scope, "prefix_group", r->group);
	rec_scope_set(scope, "class", r->cls);
	rec_scope_set(scope, "adapter", r->adapter);
	rec_end(rec, scope, rec_source(x->file, r->at.line, r->at.column,
	    r->field, r->how));
	if (r->why != NULL)
		rec_incomparable(rec, r->why);
	rec_set_str(rec, "process", r->process);
	if (r->has_cv)
		rec_set_num(rec, "cv", r->cv);
	if (r->has_sd1 && r->why == NULL)
		rec_set_num(rec, "sd1", r->sd1);
	if (r->extra != NULL) {
		json_object_update(rec, r->extra);
		json_decref(r->extra);
	}
	json_array_append_new(x->out, rec);
}

char *
fmt(const char *f, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, f);
	n = vsnprintf(NULL, 0, f, ap);
	va_end(ap);
	s = xmalloc((size_t)n + 1);
	va_start(ap, f);
	vsnprintf(s, (size_t)n + 1, f, ap);
	va_end(ap);
	return s;
}

static int
window_cmp(const void *a, const void *b)
{
	const struct wl_window *x = a, *y = b;

	return x->start_us < y->start_us ? -1 : x->start_us > y->start_us;
}

/* The first stretch of time inside the windows' span where no client is
 * active; false when every client is always active or none is missing. */
static bool
window_gap(const struct workload *w, int64_t *from, int64_t *to)
{
	struct wl_window *all = NULL;
	size_t n = 0;
	int64_t end;
	bool gap = false;

	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];

		if (!wl_client_rate_based(c))
			continue;
		if (c->nwindows == 0) {
			free(all);
			return false;
		}
		all = xreallocarray(all, n + c->nwindows, sizeof(*all));
		memcpy(all + n, c->windows, c->nwindows * sizeof(*all));
		n += c->nwindows;
	}
	if (n == 0)
		return false;
	qsort(all, n, sizeof(*all), window_cmp);
	end = all[0].end_us;
	for (size_t i = 1; i < n && !gap; i++) {
		if (all[i].start_us > end) {
			*from = end;
			*to = all[i].start_us;
			gap = true;
		}
		if (all[i].end_us > end)
			end = all[i].end_us;
	}
	free(all);
	return gap;
}

static void
set_why(char **slot, char *why)
{
	if (*slot == NULL)
		*slot = xstrdup(why);
}

/* Closed-loop clients, multi-turn sessions and lifecycle windows with an
 * absolute rate or their own distributions. */
static void
client_reasons(struct xctx *x, const struct wl_client *c)
{
	char *why;

	if (!wl_client_rate_based(c)) {
		why = fmt("%s (%s) is closed-loop (line %ld): its request rate "
		    "follows server latency, not aggregate_rate", c->field,
		    c->id, c->closed_at.line);
		set_why(&x->why_rate, why);
		set_why(&x->why_mix, why);
		set_why(&x->why_time, why);
		free(why);
	}
	if (c->multi_turn) {
		why = fmt("%s.reasoning.multi_turn (line %ld): sessions add "
		    "follow-up rounds after a think time (and may grow the "
		    "context), so rates and lengths are not the arrival "
		    "process and samplers alone", c->field,
		    c->multi_turn_at.line);
		set_why(&x->why_rate, why);
		set_why(&x->why_mix, why);
		set_why(&x->why_len, why);
		set_why(&x->why_time, why);
		free(why);
	}
	for (size_t k = 0; k < c->nwindows; k++) {
		if (c->windows[k].trace_rate > 0) {
			why = fmt("%s %s (line %ld): trace_rate sets an "
			    "absolute rate in that window, not aggregate_rate",
			    c->field, c->windows_why, c->windows[k].at.line);
			set_why(&x->why_rate, why);
			set_why(&x->why_mix, why);
			free(why);
		}
		if (c->windows[k].overrides) {
			why = fmt("%s lifecycle window (line %ld) has its own "
			    "arrival or length distributions, so they change "
			    "over time", c->field, c->windows[k].at.line);
			set_why(&x->why_len, why);
			set_why(&x->why_mix, why);
			free(why);
		}
	}
}

/* Clients active in different windows: wc is the one that has them. */
static void
window_mix_reasons(struct xctx *x, const struct wl_client *wc)
{
	char *why;

	why = fmt("%s %s (line %ld): clients are active in different windows, "
	    "so the mix over the whole run depends on how long each window "
	    "ran; the mix is judged per window (window.* metrics)", wc->field,
	    wc->windows_why, wc->windows_at.line);
	set_why(&x->why_mix, why);
	free(why);
	/* Which clients rate_fraction is normalised over with windows
	 * differs between BLIS versions (the AW run measured half of
	 * aggregate_rate): one rate for the run is not fixed by the spec,
	 * each client's is under either reading (client.rate). */
	why = fmt("%s %s (line %ld): clients are active in different "
	    "lifecycle windows, so no one rate holds for the whole run; each "
	    "client's rate in its windows is judged under both readings of "
	    "rate_fraction (client.rate)", wc->field, wc->windows_why,
	    wc->windows_at.line);
	set_why(&x->why_rate, why);
	free(why);
}

/* Finds, once per spec, what makes the aggregates not comparable. */
static void
find_reasons(struct xctx *x)
{
	const struct workload *w = x->w;
	const struct wl_client *first_w = NULL;
	int64_t from, to;
	char *why;

	if (w->servegen) {
		why = fmt("servegen_data (line %ld): the clients come from "
		    "ServeGen data files, which s2r does not read",
		    w->servegen_at.line);
		set_why(&x->why_rate, why);
		set_why(&x->why_mix, why);
		set_why(&x->why_len, why);
		set_why(&x->why_time, why);
		free(why);
	}
	/* The most specific reason first: set_why keeps the first. */
	if (window_gap(w, &from, &to)) {
		why = fmt("lifecycle windows leave no client active from %lld "
		    "to %lld us, so the mean arrival rate is below "
		    "aggregate_rate", (long long)from, (long long)to);
		set_why(&x->why_rate, why);
		free(why);
	}
	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];

		client_reasons(x, c);
		if (first_w == NULL)
			first_w = c;
		else if (!wl_same_windows(first_w, c))
			window_mix_reasons(x, c->nwindows ? c : first_w);
	}
	if (!(w->aggregate_rate > 0) && x->why_rate == NULL) {
		why = fmt("aggregate_rate is %g (absolute mode): rates come "
		    "from trace_rate windows", w->aggregate_rate);
		set_why(&x->why_rate, why);
		free(why);
	}
}

/* ---- 1a ---- */

static void
expect_qps(struct xctx *x)
{
	const struct workload *w = x->w;
	struct xrec r = { .check = "1a", .metric = "qps.intended",
	    .value = w->aggregate_rate, .unit = "req/s", .at = w->rate_at,
	    .field = "aggregate_rate", .how = "the spec's total arrival "
	    "rate; BLIS splits it over clients by rate_fraction",
	    .why = x->why_rate };

	xrec_add(x, &r);
}

/* ---- 1b, 1e, 1f: rate shares ---- */

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
disp_add(struct wl_disp *d, const struct wl_client *c, double w, double x,
    double var)
{
	double cv = arrival_cv(&c->arrival.a), k = w * cv * cv;

	d->c0 += k;
	d->c1 += k * x;
	d->c2 += k * x * x;
	d->within += w * var;
	if (cv != 1)
		d->other = true;
}

void
disp_set(const struct wl_disp *d, struct xrec *r, struct sbuf *how)
{
	double m = r->value, sd1 = sqrt(fmax(0, d->within + d->c2 -
	    2 * m * d->c1 + m * m * d->c0));

	/* A length law without a finite variance has no noise to state. */
	if (!d->other || !isfinite(sd1))
		return;
	r->has_sd1 = true;
	r->sd1 = sd1;
	sbuf_adds(how, "; sd1 (its noise per request, the clients' arrival "
	    "CVs): sqrt(sum(w*var) + sum(w*cv^2*(x - value)^2)), x a client's "
	    "mean length (a share: 1 in it, 0 not, var 0)");
}

double
share_of(struct xctx *x, const size_t *members, size_t nmembers,
    double total, pick_fn *pick, const void *arg, struct sbuf *how,
    const struct wl_client **first, struct wl_disp *d)
{
	size_t n = members ? nmembers : x->w->nclients, listed = 0;
	double s = 0;

	*first = NULL;
	memset(d, 0, sizeof(*d));
	for (size_t k = 0; k < n; k++) {
		const struct wl_client *c = &x->w->clients[members ? members[k] :
		    k];

		if (!wl_client_rate_based(c))
			continue;
		disp_add(d, c, total > 0 ? c->rate_fraction / total : 0,
		    pick(c, arg), 0);
		if (!pick(c, arg))
			continue;
		s += c->rate_fraction;
		if (*first == NULL)
			*first = c;
		if (listed++ < 6)
			sbuf_printf(how, "%s%s %.10g", listed > 1 ? " + " : "",
			    c->id, c->rate_fraction);
		else if (listed == 7)
			sbuf_adds(how, " + ...");
	}
	if (listed == 0)
		sbuf_adds(how, "none");
	sbuf_printf(how, " over the total rate_fraction %.10g", total);
	return total > 0 ? s / total : 0;
}

/* The rate share over every rate-based client. */
static double
share(struct xctx *x, pick_fn *pick, const void *arg, struct sbuf *how,
    const struct wl_client **first, struct wl_disp *d)
{
	return share_of(x, NULL, 0, x->total, pick, arg, how, first, d);
}

bool
pick_class(const struct wl_client *c, const void *klass)
{
	return strcmp(c->slo_class, klass) == 0;
}

/* adapter "" is the base model (a client without one). */
bool
pick_adapter(const struct wl_client *c, const void *adapter)
{
	return strcmp(c->adapter != NULL ? c->adapter : "", adapter) == 0;
}

bool
pick_prefix(const struct wl_client *c, const void *arg)
{
	return c->prefix_group != NULL;
}

bool
pick_streaming(const struct wl_client *c, const void *arg)
{
	return c->streaming;
}

/* r's value, and its sd1 when some client is not poisson: the rate share
 * of the clients pick holds for (how gets the sum); returns the first. */
static const struct wl_client *
share_value(struct xctx *x, struct xrec *r, pick_fn *pick, const void *arg,
    struct sbuf *how)
{
	const struct wl_client *first;
	struct wl_disp d;

	r->value = share(x, pick, arg, how, &first, &d);
	disp_set(&d, r, how);
	return first;
}

static void
expect_classes(struct xctx *x)
{
	struct strv classes = { 0 };

	for (size_t i = 0; i < x->w->nclients; i++)
		if (wl_client_rate_based(&x->w->clients[i]) &&
		    strv_find(&classes, x->w->clients[i].slo_class) < 0)
			strv_add(&classes, x->w->clients[i].slo_class);
	if (classes.n > 1)
		qsort(classes.v, classes.n, sizeof(char *), str_cmp);
	if (x->why_mix != NULL && classes.n > 1) {
		struct xrec r = { .check = "1b", .metric = "class.fraction",
		    .unit = "fraction", .at = x->w->clients_at,
		    .field = "clients",
		    .how = "share of rate_fraction per slo_class",
		    .why = x->why_mix };

		xrec_add(x, &r);
		strv_free(&classes);
		return;
	}
	for (size_t i = 0; i < classes.n; i++) {
		struct sbuf how = { 0 };
		const struct wl_client *first;
		struct xrec r = { .check = "1b", .metric = "class.fraction",
		    .unit = "fraction", .cls = classes.v[i] };
		char *field;

		sbuf_printf(&how, "share of rate_fraction of the clients with "
		    "slo_class \"%s\": ", classes.v[i]);
		first = share_value(x, &r, pick_class, classes.v[i], &how);
		field = fmt("%s.rate_fraction", first->field);
		r.at = first->rate_at;
		r.field = field;
		r.how = sbuf_str(&how);
		xrec_add(x, &r);
		free(field);
		sbuf_free(&how);
	}
	strv_free(&classes);
}

/* The LoRA adapter mix: each adapter's share of rate_fraction (adapter
 * "" the base model's), only when some client names an adapter.  A mix
 * that changes over time has one incomparable record, as the classes. */
static void
expect_adapters(struct xctx *x)
{
	struct strv names = { 0 };
	bool any = false;

	for (size_t i = 0; i < x->w->nclients; i++) {
		const struct wl_client *c = &x->w->clients[i];

		if (!wl_client_rate_based(c))
			continue;
		any |= c->adapter != NULL;
		if (strv_find(&names, c->adapter ? c->adapter : "") < 0)
			strv_add(&names, c->adapter ? c->adapter : "");
	}
	if (names.n > 1)
		qsort(names.v, names.n, sizeof(char *), str_cmp);
	for (size_t i = 0; any && i < names.n; i++) {
		struct sbuf how = { 0 };
		const struct wl_client *first;
		struct xrec r = { .check = "1b", .metric = "adapter.fraction",
		    .unit = "fraction", .adapter = names.v[i] };
		char *field;

		sbuf_printf(&how, "share of rate_fraction of the clients with "
		    "%s%s%s: ", *names.v[i] ? "adapter \"" : "no adapter (the "
		    "base model)", names.v[i], *names.v[i] ? "\"" : "");
		first = share_value(x, &r, pick_adapter, names.v[i], &how);
		field = fmt("%s.%s", first->field, first->adapter ? "adapter" :
		    "rate_fraction");
		r.at = first->adapter ? first->adapter_at : first->rate_at;
		r.field = field;
		r.how = sbuf_str(&how);
		r.why = x->why_mix;
		xrec_add(x, &r);
		free(field);
		sbuf_free(&how);
	}
	strv_free(&names);
}

/* A share that the mix cannot change: everyone or no one. */
static bool
all_or_none(struct xctx *x, pick_fn *pick)
{
	size_t yes = 0, n = 0;

	for (size_t i = 0; i < x->w->nclients; i++)
		if (wl_client_rate_based(&x->w->clients[i])) {
			n++;
			yes += pick(&x->w->clients[i], NULL);
		}
	return yes == 0 || yes == n;
}

static void
expect_share(struct xctx *x, const char *check, const char *metric,
    pick_fn *pick, const char *what,
    const char *key)
{
	struct sbuf how = { 0 };
	const struct wl_client *first;
	struct xrec r = { .check = check, .metric = metric,
	    .unit = "fraction", .at = x->w->clients_at, .field = "clients" };
	struct wl_disp d;
	char *field = NULL;

	sbuf_printf(&how, "share of rate_fraction of the clients %s: ", what);
	r.value = share(x, pick, NULL, &how, &first, &d);
	disp_set(&d, &r, &how);
	if (x->why_mix != NULL && !all_or_none(x, pick))
		r.why = x->why_mix;
	if (first != NULL) {
		field = fmt("%s.%s", first->field, key);
		r.field = field;
		r.at = strcmp(key, "streaming") == 0 ? first->streaming_at :
		    first->prefix_at;
		if (r.at.line == 0)
			r.at = first->at;
	}
	r.how = sbuf_str(&how);
	xrec_add(x, &r);
	free(field);
	sbuf_free(&how);
}

/* prefix_length per prefix_group: the configured length (default 50). */
static void
expect_prefix_groups(struct xctx *x)
{
	struct strv groups = { 0 };

	for (size_t i = 0; i < x->w->nclients; i++) {
		const struct wl_client *c = &x->w->clients[i];

		if (wl_client_rate_based(c) && c->prefix_group != NULL &&
		    strv_find(&groups, c->prefix_group) < 0)
			strv_add(&groups, c->prefix_group);
	}
	if (groups.n > 1)
		qsort(groups.v, groups.n, sizeof(char *), str_cmp);
	for (size_t g = 0; g < groups.n; g++) {
		const struct wl_client *first = NULL;
		double wsum = 0, lsum = 0;
		int64_t lo = INT64_MAX, hi = 0;
		struct xrec r = { .check = "1e",
		    .metric = "prefix_length.mean", .unit = "tokens",
		    .group = groups.v[g] };
		char *field, *how;

		for (size_t i = 0; i < x->w->nclients; i++) {
			const struct wl_client *c = &x->w->clients[i];

			if (!wl_client_rate_based(c) || c->prefix_group == NULL ||
			    strcmp(c->prefix_group, groups.v[g]) != 0)
				continue;
			if (first == NULL)
				first = c;
			wsum += c->rate_fraction;
			lsum += c->rate_fraction * (double)c->prefix_length;
			lo = c->prefix_length < lo ? c->prefix_length : lo;
			hi = c->prefix_length > hi ? c->prefix_length : hi;
		}
		r.value = lsum / wsum;
		if (lo != hi && x->why_mix != NULL)
			r.why = x->why_mix;
		r.at = first->prefix_at;
		field = fmt("%s.prefix_length", first->field);
		if (lo == hi)
			how = fmt("prefix_length %lld of every client in group "
			    "\"%s\" (BLIS uses 50 when a group sets none)",
			    (long long)lo, groups.v[g]);
		else
			how = fmt("rate-share mean of the clients' prefix_length "
			    "(%lld..%lld) in group \"%s\" (BLIS uses 50 when a "
			    "group sets none)", (long long)lo, (long long)hi,
			    groups.v[g]);
		r.field = field;
		r.how = how;
		xrec_add(x, &r);
		r.why = NULL;
		r.metric = "prefix_length.min";
		r.value = (double)lo;
		xrec_add(x, &r);
		r.metric = "prefix_length.max";
		r.value = (double)hi;
		xrec_add(x, &r);
		free(field);
		free(how);
	}
	strv_free(&groups);
}

/* ---- 1c, 1d: lengths ---- */

static const struct wl_dist *
dist_of(const struct wl_client *c, bool output)
{
	return output ? &c->output : &c->input;
}

static bool
same_dist(const struct dist *a, const struct dist *b)
{
	if (a->type != b->type || a->mean != b->mean ||
	    a->std_dev != b->std_dev || a->min != b->min || a->max != b->max ||
	    a->mu != b->mu || a->sigma != b->sigma || a->alpha != b->alpha ||
	    a->xm != b->xm || a->mix_weight != b->mix_weight ||
	    a->value != b->value || a->nbins != b->nbins)
		return false;
	for (size_t i = 0; i < a->nbins; i++)
		if (a->bin_value[i] != b->bin_value[i] ||
		    a->bin_prob[i] != b->bin_prob[i])
			return false;
	return true;
}

/* One client's share of the mixture. */
static void
mix_client(struct mix *mx, const struct wl_client *c, bool output,
    double wt, const struct moments *m, struct sbuf *list)
{
	const struct wl_dist *d = dist_of(c, output);

	if (mx->first == NULL)
		mx->first = c;
	else if (!same_dist(&d->d, &dist_of(mx->first, output)->d))
		mx->identical = false;
	mx->n++;
	if (!m->has_mean && mx->why_mean == NULL)
		mx->why_mean = fmt("%s (%s, line %ld): %s", d->field,
		    dist_type_name(d->d.type), d->at.line, m->why);
	if (!m->has_stdev && mx->why_stdev == NULL)
		mx->why_stdev = fmt("%s (%s, line %ld): %s", d->field,
		    dist_type_name(d->d.type), d->at.line, m->why);
	if (!m->has_max && mx->why_max == NULL)
		mx->why_max = fmt("%s (%s, line %ld): %s", d->field,
		    dist_type_name(d->d.type), d->at.line,
		    m->why ? m->why : "no upper bound");
	mx->mean += wt * m->mean;
	mx->m2 += wt * (m->stdev * m->stdev + m->mean * m->mean);
	disp_add(&mx->disp, c, wt, m->mean, m->has_stdev ?
	    m->stdev * m->stdev : INFINITY);
	mx->min = m->min < mx->min ? m->min : mx->min;
	mx->max = m->max > mx->max ? m->max : mx->max;
	if (m->tail_from > 0 && (mx->tail_from == 0 ||
	    m->tail_from < mx->tail_from))
		mx->tail_from = m->tail_from;
	if (mx->n <= 6)
		sbuf_printf(list, "%s%s w=%.6g mean %.10g stdev %.10g",
		    mx->n > 1 ? "; " : "", c->id, wt, m->mean, m->stdev);
	else if (mx->n == 7)
		sbuf_adds(list, "; ...");
}

void
mix_lengths(struct xctx *x, bool output, const size_t *members,
    size_t nmembers, double total, struct mix *mx, struct sbuf *list)
{
	const struct dist *last = NULL;
	struct moments m;
	size_t n = members ? nmembers : x->w->nclients;

	memset(mx, 0, sizeof(*mx));
	mx->min = INT64_MAX;
	mx->identical = true;
	for (size_t k = 0; k < n; k++) {
		const struct wl_client *c = &x->w->clients[members ?
		    members[k] : k];
		const struct wl_dist *d = dist_of(c, output);

		if (!wl_client_rate_based(c))
			continue;
		/* Cohort members share one distribution: sum it once. */
		if (last == NULL || !same_dist(last, &d->d))
			dist_moments(&d->d, &m);
		last = &d->d;
		mix_client(mx, c, output, total > 0 ? c->rate_fraction / total :
		    0, &m, list);
	}
}

void
mix_free(struct mix *mx)
{
	free(mx->why_mean);
	free(mx->why_stdev);
	free(mx->why_max);
}

static void
expect_lengths(struct xctx *x, bool output)
{
	const char *check = output ? "1d" : "1c";
	const char *base = output ? "output_tokens" : "input_tokens";
	struct sbuf list = { 0 }, how = { 0 }, tail = { 0 };
	struct mix mx;
	const struct wl_dist *d;
	char metric[40], desc[256], *field;
	struct xrec r = { .check = check, .unit = "tokens" };
	const char *why_mix;

	mix_lengths(x, output, NULL, 0, x->total, &mx, &list);
	if (mx.first == NULL)
		return;
	d = dist_of(mx.first, output);
	dist_describe(&d->d, desc, sizeof(desc));
	if (mx.tail_from > 0)
		sbuf_printf(&tail, "; integers above %lld summed as the "
		    "continuous tail", (long long)mx.tail_from);
	why_mix = x->why_len ? x->why_len : mx.identical ? NULL : x->why_mix;
	r.at = d->at;
	field = mx.identical ? xstrdup(d->field) : fmt("clients[*].%s",
	    output ? "output_distribution" : "input_distribution");
	r.field = field;

	snprintf(metric, sizeof(metric), "%s.mean", base);
	r.metric = metric;
	if (mx.identical)
		sbuf_printf(&how, "exact mean of BLIS's sampler, %s, from the "
		    "CDF over the integer support%s%s", desc, tail.s ? tail.s :
		    "", mx.n > 1 ? " (every client has this distribution)" : "");
	else
		sbuf_printf(&how, "rate-share mixture sum(w*mean) of the exact "
		    "per-client means of BLIS's sampler (round half away from "
		    "zero, clamp, floor 1)%s: %s", sbuf_str(&tail),
		    sbuf_str(&list));
	r.value = mx.mean;
	r.why = mx.why_mean ? mx.why_mean : why_mix;
	disp_set(&mx.disp, &r, &how);
	r.how = sbuf_str(&how);
	xrec_add(x, &r);
	r.has_sd1 = false;

	snprintf(metric, sizeof(metric), "%s.stdev", base);
	sbuf_reset(&how);
	if (mx.identical)
		sbuf_printf(&how, "exact population stdev of BLIS's sampler, "
		    "%s%s", desc, sbuf_str(&tail));
	else
		sbuf_printf(&how, "rate-share mixture sqrt(sum(w*(var+mean^2)) "
		    "- mean^2) of the exact per-client moments%s: %s",
		    sbuf_str(&tail), sbuf_str(&list));
	r.value = sqrt(fmax(0, mx.m2 - mx.mean * mx.mean));
	r.why = mx.why_mean ? mx.why_mean : mx.why_stdev ? mx.why_stdev :
	    why_mix;
	r.how = sbuf_str(&how);
	xrec_add(x, &r);

	/* Support bounds do not depend on the mix. */
	snprintf(metric, sizeof(metric), "%s.min", base);
	r.value = (double)mx.min;
	r.why = x->why_len;
	r.how = "smallest value BLIS's sampler can return (support bound "
	    "after clamp and floor 1), over all clients";
	xrec_add(x, &r);
	snprintf(metric, sizeof(metric), "%s.max", base);
	r.value = (double)mx.max;
	r.why = mx.why_max ? mx.why_max : x->why_len;
	r.how = "largest value BLIS's sampler can return (support bound "
	    "after clamp), over all clients";
	xrec_add(x, &r);
	free(field);
	mix_free(&mx);
	sbuf_free(&list);
	sbuf_free(&how);
	sbuf_free(&tail);
}

/* Each client's own mean length (client.<base>.mean, sd1 its stdev):
 * a client whose lengths are off can leave the run's mixture inside its
 * band when its share is small.  Only where the lengths are the
 * samplers' (no why_len) and the client's law has a finite variance (a
 * heavy tail's mean has no noise bound per client); not for one client,
 * whose mean is the run's. */
static void
expect_client_lengths(struct xctx *x, bool output)
{
	const char *base = output ? "output_tokens" : "input_tokens";
	char metric[48], desc[256];

	if (x->why_len != NULL || x->w->nclients < 2)
		return;
	snprintf(metric, sizeof(metric), "client.%s.mean", base);
	for (size_t i = 0; i < x->w->nclients; i++) {
		const struct wl_client *c = &x->w->clients[i];
		const struct wl_dist *d = dist_of(c, output);
		struct moments m;
		char *how;

		if (!d->set)
			continue;
		dist_moments(&d->d, &m);
		if (!m.has_mean || !m.has_stdev)
			continue;
		dist_describe(&d->d, desc, sizeof(desc));
		how = fmt("exact mean of BLIS's sampler for this client, %s; "
		    "sd1 its exact stdev", desc);
		xrec_add(x, &(struct xrec){ .check = output ? "1d" : "1c",
		    .metric = metric, .unit = "tokens", .client = c->id,
		    .value = m.mean, .at = d->at, .field = d->field,
		    .how = how, .has_sd1 = true, .sd1 = m.stdev });
		free(how);
	}
}

/* Each client's whole law (client.<base>.shape, the law in "law"): the
 * mean, stdev and support bounds pass a run whose lengths follow another
 * law with the same moments (a uniform or a lognormal for a gaussian,
 * constant lengths in one client of a mix, a tail cut at a cap), which
 * s2r-verdict tests the client's lengths against.  Only where the lengths
 * are the samplers' (no why_len); one client too. */
static void
expect_client_shapes(struct xctx *x, bool output)
{
	const char *base = output ? "output_tokens" : "input_tokens";
	char metric[48], desc[256];

	if (x->why_len != NULL)
		return;
	snprintf(metric, sizeof(metric), "client.%s.shape", base);
	for (size_t i = 0; i < x->w->nclients; i++) {
		const struct wl_client *c = &x->w->clients[i];
		const struct wl_dist *d = dist_of(c, output);
		json_t *extra;
		char *how;

		if (!d->set)
			continue;
		dist_describe(&d->d, desc, sizeof(desc));
		how = fmt("the exact law of BLIS's sampler for this client, %s "
		    "(law): the client's lengths are tested against its CDF; "
		    "the value is the Kolmogorov-Smirnov distance expected",
		    desc);
		extra = json_object();
		json_object_set_new(extra, "law", dist_json(&d->d));
		xrec_add(x, &(struct xrec){ .check = output ? "1d" : "1c",
		    .metric = metric, .unit = "fraction", .client = c->id,
		    .value = 0, .at = d->at, .field = d->field, .how = how,
		    .extra = extra });
		free(how);
	}
}

/* ---- 1g ---- */

static char *
cv_how(const struct wl_arrival *wa)
{
	const struct arrival *a = &wa->a;
	double cv = a->cv > 0 ? a->cv : 1;

	switch (a->process) {
	case ARR_POISSON:
		return fmt("poisson: exponential inter-arrival times, CV 1");
	case ARR_CONSTANT:
		return fmt("constant: a fixed inter-arrival time 1/rate, CV 0");
	case ARR_GAMMA:
		if (a->shape > 0 && a->scale > 0)
			return fmt("gamma with explicit shape %g: CV "
			    "1/sqrt(shape)", a->shape);
		if (1 / (cv * cv) < 0.01)
			return fmt("gamma cv %g: shape 1/cv^2 < 0.01, so BLIS "
			    "falls back to poisson, CV 1", cv);
		return fmt("gamma with cv %g%s (shape 1/cv^2 = %.6g, scale "
		    "mean*cv^2)", cv, wa->has_cv ? "" : " (BLIS's default)",
		    1 / (cv * cv));
	case ARR_WEIBULL:
		if (a->shape > 0 && a->scale > 0)
			return fmt("weibull with explicit shape %g: CV "
			    "sqrt(G(1+2/k)/G(1+1/k)^2 - 1)", a->shape);
		return fmt("weibull with cv %g%s (shape k by bisection, scale "
		    "mean/G(1+1/k))", cv, wa->has_cv ? "" :
		    " (BLIS's default)");
	}
	return fmt("?");
}

/* How far a CV measured over n gaps strays, per gap (the verdict divides
 * by sqrt(n)), by the delta method: cv sqrt((kurtosis - 1)/4 - skewness
 * cv + cv^2); a gamma (poisson: cv 1) has skewness 2 cv and kurtosis
 * 3 + 6 cv^2, so cv sqrt((1 + cv^2)/2); a weibull's come from its moments
 * Gamma(1 + r/k).  A bursty client measures its CV poorly: cv 5 over 150
 * gaps is 5 +- 1.5.  False for a constant process (no spread to state). */
static bool
iat_sd1(enum arrival_process p, double cv, double *sd1)
{
	double g[5], mu, var, skew, kurt, k;

	if (p == ARR_POISSON || p == ARR_GAMMA) {
		*sd1 = cv * sqrt((1 + cv * cv) / 2);
		return true;
	}
	if (p != ARR_WEIBULL || !(cv > 0))
		return false;
	k = weibull_shape_for_cv(cv);
	for (int i = 1; i <= 4; i++)
		g[i] = exp(lgamma(1 + i / k));
	mu = g[1];
	var = g[2] - mu * mu;
	skew = (g[3] - 3 * mu * g[2] + 2 * pow(mu, 3)) / pow(var, 1.5);
	kurt = (g[4] - 4 * mu * g[3] + 6 * mu * mu * g[2] - 3 * pow(mu, 4)) /
	    (var * var);
	*sd1 = cv * sqrt(fmax(0, (kurt - 1) / 4 - skew * cv + cv * cv));
	return isfinite(*sd1);
}

static void
expect_iat(struct xctx *x)
{
	for (size_t i = 0; i < x->w->nclients; i++) {
		const struct wl_client *c = &x->w->clients[i];
		const struct wl_arrival *wa = &c->arrival;
		struct xrec r = { .check = "1g", .metric = "iat.cv",
		    .value = arrival_cv(&wa->a), .unit = "cv", .client = c->id,
		    .at = wa->has_cv ? wa->cv_at : wa->at,
		    .process = arrival_process_name(wa->a.process),
		    .has_cv = wa->has_cv, .cv = wa->a.cv };
		char *field = fmt("%s.%s", wa->field, wa->has_cv ? "cv" :
		    "process"), *how, *why = NULL;

		how = cv_how(wa);
		r.has_sd1 = iat_sd1(wa->a.process, r.value, &r.sd1);
		if (r.has_sd1) {
			char *with = fmt("%s; sd1 (a measured CV's noise per "
			    "gap): cv sqrt((kurtosis - 1)/4 - skewness cv + "
			    "cv^2)", how);

			free(how);
			how = with;
		}

		if (!wl_client_rate_based(c))
			why = fmt("%s is closed-loop (line %ld): arrivals follow "
			    "completions, not the arrival process", c->field,
			    c->closed_at.line);
		else if (c->multi_turn)
			why = fmt("%s.reasoning.multi_turn (line %ld): follow-up "
			    "rounds arrive after a think time", c->field,
			    c->multi_turn_at.line);
		else if (c->nwindows > 1)
			why = fmt("%s %s (line %ld): %zu activity windows; the "
			    "gaps between them inflate the CV", c->field,
			    c->windows_why, c->windows_at.line, c->nwindows);
		else if (c->nwindows == 1 && c->windows[0].overrides)
			why = fmt("%s lifecycle window (line %ld) overrides the "
			    "arrival", c->field, c->windows[0].at.line);
		r.why = why;
		r.field = field;
		r.how = how;
		xrec_add(x, &r);
		free(field);
		free(how);
		free(why);
	}
}

/* ---- inference_perf ---- */

static void
expect_inference_perf(struct xctx *x)
{
	const struct workload *w = x->w;
	double n = 0, secs = 0, sum = 0;
	struct xrec r = { .check = "1a", .metric = "requests.count",
	    .unit = "count", .at = w->inference_perf_at,
	    .field = "inference_perf.stages" };
	char *how, *why;
	const char *fields[2] = { "question_len", "output_len" };
	int64_t vals[2] = { w->ip_question_len, w->ip_output_len };
	const char *bases[2] = { "input_tokens", "output_tokens" };

	for (size_t i = 0; i < w->nstages; i++) {
		n += w->stages[i].rate * w->stages[i].duration_s;
		secs += w->stages[i].duration_s;
		sum += w->stages[i].rate;
	}
	how = fmt("sum of stage rate x duration over %zu stages", w->nstages);
	r.value = round(n);
	r.how = how;
	xrec_add(x, &r);
	free(how);
	how = fmt("sum of the %zu stages' durations: the stages run back to "
	    "back from the workload start", w->nstages);
	r = (struct xrec){ .check = "1a", .metric = "run.duration_us",
	    .unit = "us", .value = secs * 1e6, .at = w->inference_perf_at,
	    .field = "inference_perf.stages", .how = how };
	xrec_add(x, &r);
	free(how);
	why = fmt("inference_perf.stages (line %ld): the rate changes by "
	    "stage (time-weighted %.6g req/s; BLIS's aggregate_rate is the sum "
	    "%.6g)", w->inference_perf_at.line, secs > 0 ? n / secs : 0, sum);
	r = (struct xrec){ .check = "1a", .metric = "qps.intended",
	    .unit = "req/s", .at = w->inference_perf_at,
	    .field = "inference_perf.stages", .how = "rates of the stages",
	    .why = why };
	xrec_add(x, &r);
	free(why);
	for (int k = 0; k < 2; k++) {
		const char *suffix[4] = { "mean", "stdev", "min", "max" };
		int64_t v = vals[k] < 1 ? 1 : vals[k];

		for (int s = 0; s < 4; s++) {
			char metric[40], field[80];

			snprintf(metric, sizeof(metric), "%s.%s", bases[k],
			    suffix[s]);
			snprintf(field, sizeof(field),
			    "inference_perf.shared_prefix.%s", fields[k]);
			why = w->ip_multi_turn ? fmt("inference_perf "
			    "enable_multi_turn_chat (line %ld): rounds grow the "
			    "context", w->inference_perf_at.line) : NULL;
			r = (struct xrec){ .check = k ? "1d" : "1c",
			    .metric = metric, .value = s == 1 ? 0 : (double)v,
			    .unit = "tokens", .at = w->inference_perf_at,
			    .field = field, .how = "inference_perf maps it to "
			    "a constant distribution", .why = why };
			xrec_add(x, &r);
			free(why);
		}
	}
	r = (struct xrec){ .check = "1e", .metric = "prefix.fraction",
	    .value = w->ip_prefix_len > 0 ? 1 : 0, .unit = "fraction",
	    .at = w->inference_perf_at,
	    .field = "inference_perf.shared_prefix.system_prompt_len",
	    .how = "every inference_perf client shares a system prompt of "
	    "system_prompt_len tokens" };
	xrec_add(x, &r);
}

void
workload_expect(const struct workload *w, const char *name,
    const char *file, json_t *out)
{
	struct xctx x = { .w = w, .name = name, .file = file, .out = out,
	    .total = workload_rate_total(w) };

	find_reasons(&x);
	if (w->inference_perf && w->nclients == 0)
		expect_inference_perf(&x);
	else {
		expect_run(&x);
		expect_qps(&x);
	}
	if (w->nclients > 0) {
		expect_classes(&x);
		expect_adapters(&x);
		expect_lengths(&x, false);
		expect_lengths(&x, true);
		expect_client_lengths(&x, false);
		expect_client_lengths(&x, true);
		expect_client_shapes(&x, false);
		expect_client_shapes(&x, true);
		expect_share(&x, "1e", "prefix.fraction", pick_prefix,
		    "with a prefix_group", "prefix_group");
		expect_prefix_groups(&x);
		expect_share(&x, "1f", "streaming.fraction", pick_streaming,
		    "with streaming: true", "streaming");
		expect_iat(&x);
		expect_windows(&x);
	}
	free(x.why_rate);
	free(x.why_mix);
	free(x.why_len);
	free(x.why_time);
}
