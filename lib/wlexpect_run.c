/* wlexpect_run.c - what a spec says about the run as a whole and per
 * client (1a: requests, duration, each client's active span and rate,
 * the seed) and per window group (1b-1f mixtures); see wlexpect.h and
 * wltime.h for the readings of rate_fraction. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "str.h"
#include "wlexpect_int.h"
#include "wltime.h"

/* {"window": {"value", "sd"}, "all": {...}}, into extra (created). */
static void
add_readings(json_t **extra, const double v[WL_NREAD],
    const double sd[WL_NREAD])
{
	json_t *r = json_object();

	for (int rd = 0; rd < WL_NREAD; rd++) {
		json_t *o = json_object();

		rec_set(o, "value", rec_num(v[rd]));
		if (sd != NULL)
			rec_set(o, "sd", rec_num(sd[rd]));
		rec_set(r, wl_reading_names[rd], o);
	}
	if (*extra == NULL)
		*extra = json_object();
	rec_set(*extra, "readings", r);
}

static void
add_sd(json_t **extra, double sd)
{
	if (*extra == NULL)
		*extra = json_object();
	rec_set(*extra, "sd", rec_num(sd));
}

/* How generation ends under one reading, in words. */
static void
describe_end(struct sbuf *b, const struct workload *w,
    const struct wl_expect *e, const char *reading)
{
	sbuf_printf(b, "%s reading: ", reading);
	if (!e->bounded) {
		sbuf_adds(b, "nothing ends generation");
		return;
	}
	if (e->by_requests)
		sbuf_printf(b, "num_requests %lld is reached at %.10g s%s",
		    (long long)w->num_requests, (double)e->end_us / 1e6,
		    w->horizon > 0 ? ", before the horizon" : "");
	else
		sbuf_printf(b, "sum of rate x time until %s at %.10g s = %.10g "
		    "requests%s", w->horizon > 0 && e->end_us == w->horizon ?
		    "the horizon" : "the last window ends", (double)e->end_us /
		    1e6, e->count, w->num_requests > 0 ? " (num_requests is not "
		    "reached)" : "");
}

/* Where the bound that ends generation is written. */
static void
end_source(const struct workload *w, const struct wl_expect *e,
    struct xrec *r)
{
	if (e->by_requests) {
		r->at = w->num_requests_at;
		r->field = "num_requests";
	} else if (w->horizon > 0 && e->end_us == w->horizon) {
		r->at = w->horizon_at;
		r->field = "horizon";
	} else {
		r->at = w->clients_at;
		r->field = "clients[*].lifecycle.windows";
	}
}

static const char *
unbounded_why(const struct xctx *x, const struct wl_timeline *t)
{
	if (x->why_time != NULL)
		return x->why_time;
	if (!t->r[WL_READ_WINDOW].bounded)
		return "neither num_requests, a horizon nor lifecycle windows "
		    "end generation";
	return NULL;
}

/* requests.count or run.duration_us: the generation bound under both
 * readings, value and sd of each picked by duration. */
static void
expect_bound(struct xctx *x, const struct wl_timeline *t, bool duration)
{
	const struct wl_expect *e = &t->r[WL_READ_WINDOW];
	struct xrec r = { .check = "1a", .metric = duration ?
	    "run.duration_us" : "requests.count", .unit = duration ? "us" :
	    "count", .value = duration ? (double)e->end_us : e->count };
	struct sbuf how = { 0 };
	double v[WL_NREAD], sd[WL_NREAD];

	end_source(x->w, e, &r);
	r.why = unbounded_why(x, t);
	sbuf_adds(&how, duration ? "when generation stops, from the workload "
	    "start (arrival_time_us 0): " : "requests the generator makes, ");
	describe_end(&how, x->w, e, t->differ ? "per-window" : "the spec's");
	if (t->differ) {
		sbuf_adds(&how, "; ");
		describe_end(&how, x->w, &t->r[WL_READ_ALL], "all-clients");
	}
	sbuf_adds(&how, duration ? "; sd: one gap of the merged stream at a "
	    "fixed end, sqrt(sum of cv^2 x requests)/rate when num_requests "
	    "ends it" : "; sd sqrt(sum of cv^2 x requests per client) when the "
	    "horizon or a window ends it, 0 when num_requests does; the trace "
	    "leaves out the first warm_up_requests");
	r.how = sbuf_str(&how);
	for (int rd = 0; rd < WL_NREAD; rd++) {
		v[rd] = duration ? (double)t->r[rd].end_us : t->r[rd].count;
		sd[rd] = duration ? t->r[rd].end_sd_us : t->r[rd].count_sd;
	}
	if (r.why == NULL) {
		add_sd(&r.extra, sd[WL_READ_WINDOW]);
		if (t->differ)
			add_readings(&r.extra, v, sd);
	}
	xrec_add(x, &r);
	sbuf_free(&how);
}

/* Why one client's span and rate are not fixed by the spec. */
static char *
client_why(const struct xctx *x, const struct wl_client *c)
{
	if (x->w->servegen)
		return fmt("servegen_data (line %ld): clients come from data "
		    "files s2r does not read", x->w->servegen_at.line);
	if (c->multi_turn)
		return fmt("%s.reasoning.multi_turn (line %ld): follow-up "
		    "rounds arrive after think times, on top of the arrival "
		    "process", c->field, c->multi_turn_at.line);
	return NULL;
}

static void
client_rate(struct xctx *x, const struct wl_timeline *t, size_t i,
    const char *why)
{
	const struct wl_client *c = &x->w->clients[i];
	struct xrec r = { .check = "1a", .metric = "client.rate",
	    .unit = "req/s", .client = c->id, .at = c->rate_at,
	    .value = t->r[WL_READ_WINDOW].rate[i], .why = why };
	struct sbuf how = { 0 };
	double v[WL_NREAD];
	char *field = fmt("%s.rate_fraction", c->field);

	sbuf_printf(&how, "mean arrivals per second over the client's active "
	    "span: aggregate_rate %.10g x rate_fraction %.10g / ",
	    x->w->aggregate_rate, c->rate_fraction);
	if (t->differ)
		sbuf_printf(&how, "the sum of the rate_fractions active with it "
		    "(per-window reading) = %.10g, or / the sum over every "
		    "client %.10g (all-clients reading) = %.10g",
		    t->r[WL_READ_WINDOW].rate[i], t->total,
		    t->r[WL_READ_ALL].rate[i]);
	else
		sbuf_printf(&how, "the sum of rate_fraction %.10g = %.10g",
		    t->total, t->r[WL_READ_WINDOW].rate[i]);
	if (c->nwindows > 1)
		sbuf_adds(&how, "; averaged over its windows, the gaps between "
		    "them included");
	sbuf_adds(&how, "; a window's trace_rate is absolute in either "
	    "reading");
	for (int rd = 0; rd < WL_NREAD; rd++)
		v[rd] = t->r[rd].rate[i];
	if (t->differ && why == NULL)
		add_readings(&r.extra, v, NULL);
	r.field = field;
	r.how = sbuf_str(&how);
	xrec_add(x, &r);
	free(field);
	sbuf_free(&how);
}

static void
client_edges(struct xctx *x, const struct wl_timeline *t, size_t i,
    const char *why)
{
	const struct wl_client *c = &x->w->clients[i];
	const struct wl_expect *e = &t->r[WL_READ_WINDOW];
	struct xrec r = { .check = "1a", .metric = "client.start_us",
	    .unit = "us", .client = c->id, .why = why,
	    .value = (double)t->client_start[i] };
	char *field = c->nwindows ? fmt("%s.%s", c->field, c->windows_why) :
	    NULL;
	bool open_end = e->client_end[i] == INT64_MAX;
	double v[WL_NREAD], sd[WL_NREAD];

	r.at = c->nwindows ? c->windows_at : x->w->clients_at;
	r.field = c->nwindows ? field : "clients";
	r.how = c->nwindows ? "the start of the client's first window" :
	    "no windows: active from the workload start";
	xrec_add(x, &r);
	r.metric = "client.end_us";
	r.value = (double)e->client_end[i];
	/* An end where generation stops moves with what else adds
	 * requests (closed-loop clients count towards num_requests). */
	if (why == NULL && e->client_end[i] == e->end_us)
		why = x->why_time;
	r.why = why ? why : open_end ? "nothing ends generation (no "
	    "num_requests, horizon or window end)" : NULL;
	r.how = c->nwindows ? "the end of the client's last window, or when "
	    "generation stops if that is earlier (sd as run.duration_us then)" :
	    "no windows: active until generation stops (sd as "
	    "run.duration_us)";
	for (int rd = 0; rd < WL_NREAD; rd++) {
		bool at_gen = t->r[rd].client_end[i] == t->r[rd].end_us;

		v[rd] = (double)t->r[rd].client_end[i];
		sd[rd] = at_gen ? t->r[rd].end_sd_us : 0;
	}
	if (r.why == NULL) {
		add_sd(&r.extra, sd[WL_READ_WINDOW]);
		if (t->differ)
			add_readings(&r.extra, v, sd);
	}
	xrec_add(x, &r);
	free(field);
}

/* The class every request of the client carries (BLIS labels a request
 * with its client's slo_class), beside the class shares: a generator that
 * labels requests otherwise keeps the shares and breaks the clients. */
static void
client_class(struct xctx *x, const struct wl_client *c)
{
	char *field = fmt("%s.slo_class", c->field);
	struct xrec r = { .check = "1b", .metric = "client.class",
	    .client = c->id, .jvalue = rec_str(c->slo_class),
	    .at = c->class_at.line ? c->class_at : c->at, .field = field,
	    .how = c->class_at.line ? "the client's slo_class: every request "
	    "of the client carries it" : "no slo_class: every request of the "
	    "client carries the empty class" };

	xrec_add(x, &r);
	free(field);
}

/* Whether the client streams (1f): the share of its rows that asked to,
 * all or none.  The overall share can hold while one small client is
 * sent unstreamed (a generator that drops one client's flag), inside
 * the streaming band. */
static void
client_streaming(struct xctx *x, const struct wl_client *c)
{
	char *field = fmt("%s.streaming", c->field);
	struct xrec r = { .check = "1f", .metric = "client.streaming.fraction",
	    .client = c->id, .value = c->streaming ? 1 : 0, .unit = "fraction",
	    .at = c->streaming_at.line ? c->streaming_at : c->at,
	    .field = field, .how = c->streaming ? "streaming: true: every "
	    "request of the client streams" : "streaming false or not given: "
	    "no request of the client streams" };

	xrec_add(x, &r);
	free(field);
}

/* Whether the client's requests carry its shared prefix (1e): all or
 * none.  The overall share can hold while one client of several loses
 * its prefix, or loses it on a few of its requests, inside the band. */
static void
client_prefix(struct xctx *x, const struct wl_client *c)
{
	char *field = fmt("%s.%s", c->field, c->prefix_group != NULL ?
	    "prefix_group" : "id");
	struct xrec r = { .check = "1e", .metric = "client.prefix.fraction",
	    .client = c->id, .value = c->prefix_group != NULL ? 1 : 0,
	    .unit = "fraction", .at = c->prefix_group != NULL ? c->prefix_at :
	    c->at, .field = field, .how = c->prefix_group != NULL ?
	    "a prefix_group: every request of the client carries the "
	    "group's shared prefix" : "no prefix_group: no request of the "
	    "client carries a shared prefix" };

	xrec_add(x, &r);
	free(field);
}

/* The LoRA adapter every request of the client names (BLIS sends a
 * client's requests to its adapter, "" the base model), when the spec
 * uses adapters (lora: some client names one): the adapter mix can hold
 * while adapters are shuffled over the clients. */
static void
client_adapter(struct xctx *x, const struct wl_client *c)
{
	char *field;
	struct xrec r = { .check = "1b", .metric = "client.adapter",
	    .client = c->id, .jvalue = rec_str(c->adapter ? c->adapter : ""),
	    .at = c->adapter ? c->adapter_at : c->at, .how = c->adapter ?
	    "the client's adapter: every request of the client names it" :
	    "no adapter: every request of the client goes to the base model" };

	field = fmt("%s.%s", c->field, c->adapter ? "adapter" : "id");
	r.field = field;
	xrec_add(x, &r);
	free(field);
}

/* Whether some client of the spec names a LoRA adapter. */
static bool
uses_adapters(const struct workload *w)
{
	for (size_t i = 0; i < w->nclients; i++)
		if (w->clients[i].adapter != NULL)
			return true;
	return false;
}

static void
expect_seed(struct xctx *x)
{
	struct xrec r = { .check = "1a", .metric = "workload.seed",
	    .value = (double)x->w->seed, .at = x->w->seed_at,
	    .field = "seed", .how = "the seed of every sampler: the same spec "
	    "and seed give the same arrivals and lengths in sim and real" };

	if (!x->w->has_seed)
		return;
	/* Seeds are int64: keep them exact beyond 2^53. */
	r.jvalue = json_integer((json_int_t)x->w->seed);
	xrec_add(x, &r);
}

void
expect_run(struct xctx *x)
{
	struct wl_timeline t;
	bool lora = uses_adapters(x->w);

	wl_timeline_build(x->w, &t);
	expect_bound(x, &t, false);
	expect_bound(x, &t, true);
	for (size_t i = 0; i < x->w->nclients; i++) {
		char *why;

		/* A window that opens after generation stopped (under both
		 * readings): the client makes no request. */
		if (!t.client_on[i] || (t.r[WL_READ_WINDOW].client_end[i] <=
		    t.client_start[i] && t.r[WL_READ_ALL].client_end[i] <=
		    t.client_start[i]))
			continue;
		why = client_why(x, &x->w->clients[i]);
		client_rate(x, &t, i, why);
		client_edges(x, &t, i, why);
		client_class(x, &x->w->clients[i]);
		client_streaming(x, &x->w->clients[i]);
		client_prefix(x, &x->w->clients[i]);
		if (lora)
			client_adapter(x, &x->w->clients[i]);
		free(why);
	}
	expect_seed(x);
	wl_timeline_free(&t);
}

/* ---- per window group (1b-1f) ---- */

/* Why a group's mixture is not fixed: a member whose share or lengths
 * change inside its windows. */
static char *
group_why(const struct xctx *x, const struct wl_group *g)
{
	for (size_t k = 0; k < g->n; k++) {
		const struct wl_client *c = &x->w->clients[g->members[k]];

		if (c->multi_turn)
			return fmt("%s.reasoning.multi_turn (line %ld): "
			    "follow-up rounds change the client's share and "
			    "lengths", c->field, c->multi_turn_at.line);
		for (size_t i = 0; i < c->nwindows; i++) {
			if (c->windows[i].trace_rate > 0)
				return fmt("%s %s (line %ld): trace_rate sets "
				    "an absolute rate, so the shares change from "
				    "window to window", c->field, c->windows_why,
				    c->windows[i].at.line);
			if (c->windows[i].overrides)
				return fmt("%s lifecycle window (line %ld) has "
				    "its own arrival or lengths", c->field,
				    c->windows[i].at.line);
		}
	}
	if (x->w->servegen)
		return fmt("servegen_data (line %ld): clients come from data "
		    "files s2r does not read", x->w->servegen_at.line);
	return NULL;
}

/* "a 0.7 + b 0.3 of 1" */
static void
members_text(struct sbuf *b, const struct xctx *x, const struct wl_group *g)
{
	for (size_t k = 0; k < g->n && k < 6; k++) {
		const struct wl_client *c = &x->w->clients[g->members[k]];

		sbuf_printf(b, "%s%s %.10g", k ? " + " : "", c->id,
		    c->rate_fraction);
	}
	if (g->n > 6)
		sbuf_adds(b, " + ...");
	sbuf_printf(b, " of %.10g", g->total);
}

/* window.clients: who shares the window, for the measured side. */
static void
window_clients(struct xctx *x, const struct wl_group *g)
{
	const struct wl_client *c0 = &x->w->clients[g->members[0]];
	struct xrec r = { .check = "1a", .metric = "window.clients",
	    .unit = "count", .value = (double)g->n, .window = g->label,
	    .at = c0->nwindows ? c0->windows_at : c0->at };
	json_t *ids = json_array();
	char *field = c0->nwindows ? fmt("%s.%s", c0->field, c0->windows_why) :
	    fmt("%s", c0->field);
	struct sbuf how = { 0 };

	for (size_t k = 0; k < g->n; k++)
		json_array_append_new(ids, json_string(
		    x->w->clients[g->members[k]].id));
	r.extra = json_object();
	rec_set(r.extra, "clients", ids);
	sbuf_printf(&how, "the clients with the same lifecycle windows (%s): ",
	    g->label);
	members_text(&how, x, g);
	sbuf_adds(&how, "; their shares of each other are the same under "
	    "either reading of rate_fraction");
	r.field = field;
	r.how = sbuf_str(&how);
	xrec_add(x, &r);
	free(field);
	sbuf_free(&how);
}

/* The rate share of the members for which pick holds. */
static void
window_share(struct xctx *x, const struct wl_group *g, const char *check,
    const char *metric, pick_fn *pick, const void *arg, const char *what,
    const char *why)
{
	const struct wl_client *c0 = &x->w->clients[g->members[0]], *first;
	struct xrec r = { .check = check, .metric = metric, .unit = "fraction",
	    .window = g->label, .cls = strcmp(metric, "window.class.fraction") ?
	    NULL : arg, .at = c0->rate_at, .why = why };
	struct sbuf how = { 0 };
	struct wl_disp d;
	char *field = fmt("%s.rate_fraction", c0->field);

	sbuf_printf(&how, "share of rate_fraction of the clients %s among "
	    "the clients of window %s: ", what, g->label);
	r.value = share_of(x, g->members, g->n, g->total, pick, arg, &how,
	    &first, &d);
	disp_set(&d, &r, &how);
	r.field = field;
	r.how = sbuf_str(&how);
	xrec_add(x, &r);
	free(field);
	sbuf_free(&how);
}

static void
window_classes(struct xctx *x, const struct wl_group *g, const char *why)
{
	struct strv classes = { 0 };

	for (size_t k = 0; k < g->n; k++) {
		const char *cls = x->w->clients[g->members[k]].slo_class;

		if (strv_find(&classes, cls) < 0)
			strv_add(&classes, cls);
	}
	strv_sort(&classes);
	for (size_t i = 0; i < classes.n; i++) {
		char *what = fmt("with slo_class \"%s\"", classes.v[i]);

		window_share(x, g, "1b", "window.class.fraction", pick_class,
		    classes.v[i], what, why);
		free(what);
	}
	strv_free(&classes);
}

static void
window_lengths(struct xctx *x, const struct wl_group *g, bool output,
    const char *why)
{
	const char *base = output ? "window.output_tokens" :
	    "window.input_tokens";
	struct xrec r = { .check = output ? "1d" : "1c", .unit = "tokens",
	    .window = g->label };
	struct sbuf list = { 0 }, how = { 0 };
	struct mix mx;
	char metric[48], *field;

	mix_lengths(x, output, g->members, g->n, g->total, &mx, &list);
	field = fmt("%s.%s", mx.first->field, output ? "output_distribution" :
	    "input_distribution");
	r.at = (output ? &mx.first->output : &mx.first->input)->at;
	r.field = field;
	snprintf(metric, sizeof(metric), "%s.mean", base);
	r.metric = metric;
	r.value = mx.mean;
	r.why = why ? why : mx.why_mean;
	sbuf_printf(&how, "rate-share mixture sum(w*mean) over the clients of "
	    "window %s of the exact per-client means of BLIS's sampler (round "
	    "half away from zero, clamp, floor 1): %s", g->label,
	    sbuf_str(&list));
	disp_set(&mx.disp, &r, &how);
	r.how = sbuf_str(&how);
	xrec_add(x, &r);
	r.has_sd1 = false;
	snprintf(metric, sizeof(metric), "%s.stdev", base);
	r.value = sqrt(fmax(0, mx.m2 - mx.mean * mx.mean));
	r.why = why ? why : mx.why_mean ? mx.why_mean : mx.why_stdev;
	sbuf_reset(&how);
	sbuf_printf(&how, "rate-share mixture sqrt(sum(w*(var+mean^2)) - "
	    "mean^2) over the clients of window %s of the exact per-client "
	    "moments: %s", g->label, sbuf_str(&list));
	r.how = sbuf_str(&how);
	xrec_add(x, &r);
	mix_free(&mx);
	free(field);
	sbuf_free(&list);
	sbuf_free(&how);
}

void
expect_windows(struct xctx *x)
{
	struct wl_group *g;
	size_t n = wl_groups(x->w, &g);

	/* One group: the whole run is one mixture, the aggregates say it. */
	for (size_t i = 0; n > 1 && i < n; i++) {
		char *why = group_why(x, &g[i]);

		window_clients(x, &g[i]);
		window_classes(x, &g[i], why);
		window_lengths(x, &g[i], false, why);
		window_lengths(x, &g[i], true, why);
		window_share(x, &g[i], "1e", "window.prefix.fraction",
		    pick_prefix, NULL, "with a prefix_group", why);
		window_share(x, &g[i], "1f", "window.streaming.fraction",
		    pick_streaming, NULL, "with streaming: true", why);
		free(why);
	}
	wl_groups_free(g, n);
}
