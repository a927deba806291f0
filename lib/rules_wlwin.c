/* rules_wlwin.c - the per-window mixtures (1b-1f) of a spec whose clients
 * have different lifecycle windows: s2r-expect gives each window's exact
 * rate-share mixture (window.*, with the window's clients in
 * window.clients); the measured side pools those clients' own statistics
 * (client.*), so the verdict holds whenever and however long the window
 * really ran.  Also each client's streaming against its flag (1f), which
 * the overall share can hide for a small client.  See rules_wl.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "rules_wl.h"
#include "ruleutil.h"
#include "str.h"

static const char ACT_CLIENT_STREAM[] = "The client was not sent with its "
    "streaming flag: check how the load generator applies the clients' "
    "streaming (the request body's \"stream\") and rerun the cell.";
static const char ACT_MIX[] = "The window's clients did not send the spec's "
    "mixture: check their slo_class, lengths, prefix_group and streaming in "
    "the workload YAML the load generator ran.";

/* Pooled statistics of the rows of one window's clients. */
struct pool {
	double		 n, sum, sumsq;	/* rows; Σ n·x; Σ n·(sd² + mean²) */
	const json_t	*src;		/* a member's record, for source.file */
	struct sbuf	 list;		/* "a 120, b 80" */
	size_t		 listed;
};

static void
pool_add(struct pool *p, const json_t *m, const json_t *msd, const char *id)
{
	double v, n = 0, sd = 0;

	if (!ru_num(m, &v) || !rec_get_num(m, "n", &n) || n <= 0)
		return;
	ru_num(msd, &sd);
	p->n += n;
	p->sum += n * v;
	p->sumsq += n * (sd * sd + v * v);
	p->src = p->src ? p->src : m;
	if (p->listed++ < 6)
		sbuf_printf(&p->list, "%s%s (%.0f rows)", p->listed > 1 ? ", " :
		    "", id, n);
	else if (p->listed == 7)
		sbuf_adds(&p->list, ", ...");
}

/* The member ids of window.clients e. */
static const json_t *
members(const json_t *e)
{
	const json_t *ids = json_object_get(e, "clients");

	return json_is_array(ids) ? ids : NULL;
}

static json_t *
member_sub(const char *id, const char *cls)
{
	json_t *sub = json_object();

	rec_set_str(sub, "client", id);
	rec_set_str(sub, "class", cls);
	return sub;
}

/* Pools metric (and its .stdev twin when sd_metric) over the members. */
static void
pool_metric(const struct judge *j, const struct jcell *c, const json_t *ids,
    const char *metric, const char *sd_metric, struct pool *p)
{
	size_t i;
	const json_t *id;

	json_array_foreach(ids, i, id) {
		json_t *sub = member_sub(json_string_value(id), NULL);

		pool_add(p, judge_measure(j, c, metric, sub), sd_metric ?
		    judge_measure(j, c, sd_metric, sub) : NULL,
		    json_string_value(id));
		json_decref(sub);
	}
}

static json_t *
pool_side(const struct pool *p, double v, const char *unit, const char *what,
    const char *window)
{
	struct sbuf how = { 0 };
	json_t *s;

	sbuf_printf(&how, "%s over the rows of the clients of window %s, "
	    "pooled from their client.* statistics: %s", what, window,
	    sbuf_str(&p->list));
	s = ru_side(rec_num(v), unit, p->src, sbuf_str(&how));
	rec_set(s, "n", json_integer((json_int_t)p->n));
	sbuf_free(&how);
	return s;
}

enum wkind { W_FRACTION, W_MEAN, W_STDEV };

/* window.<metric> of the window in sub against the pooled rows. */
static void
judge_window(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *e, const json_t *sub,
    const struct pool *p, enum wkind kind, double t)
{
	const char *label = json_string_value(json_object_get(sub, "window"));
	struct jquery q = { metric, metric, sub, "s2r-expect, from the sim "
	    "workload YAML (the window's clients)", "s2r-trace-stats, from the "
	    "cell's trace_data.csv (the window's clients' rows)" };
	double v, sd = 0, ev = 0;
	struct jcmp cmp;
	json_t *side;
	char sdm[64];

	if (json_is_false(json_object_get(e, "comparable"))) {
		ru_emit(j, r, c, metric, sub, e, NULL, NULL, V_INAPPLICABLE,
		    rec_get_str(e, "why"), NULL);
		return;
	}
	if (p->n <= 0) {
		judge_missing(j, r, c, &q, e, NULL);
		return;
	}
	v = p->sum / p->n;
	if (kind == W_STDEV)
		v = sqrt(fmax(0, p->sumsq / p->n - v * v));
	side = pool_side(p, v, rec_get_str(e, "unit"), kind == W_FRACTION ?
	    "share" : kind == W_MEAN ? "mean" : "population stdev", label);
	wl_cmp(&cmp, e, side, kind == W_FRACTION ? DIFF_PP : DIFF_PCT, t);
	ru_num(e, &ev);
	if (kind == W_MEAN) {
		snprintf(sdm, sizeof(sdm), "%.*s.stdev", (int)(strlen(metric) -
		    5), metric);
		ru_num(judge_expect(j, c, sdm, sub), &sd);
	}
	if (kind == W_STDEV)
		judge_emit_cmp(j, r, c, &q, &cmp, cmp.within ? V_PASS : V_FAIL,
		    NULL, ACT_MIX);
	else
		noisy_band(j, r, c, &q, &cmp, kind == W_MEAN ?
		    wl_noise_se(e, sd, p->n) : wl_share_se(e, ev, p->n),
		    ACT_MIX);
	json_decref(side);
}

static void
pool_free(struct pool *p)
{
	sbuf_free(&p->list);
}

/* Σ rows of one class over the members, over Σ their rows. */
static void
pool_class(const struct judge *j, const struct jcell *c, const json_t *ids,
    const char *cls, struct pool *p)
{
	size_t i;
	const json_t *id;

	pool_metric(j, c, ids, "client.requests", NULL, p);
	p->sum = 0;
	json_array_foreach(ids, i, id) {
		json_t *sub = member_sub(json_string_value(id), cls);
		double k;

		if (ru_num(judge_measure(j, c, "client.class.count", sub), &k))
			p->sum += k;
		json_decref(sub);
	}
}

/* The classes of the window: expected, and those its clients' rows have. */
static void
window_classes(const struct judge *j, const struct jcell *c,
    const char *label, const json_t *ids, struct strv *out)
{
	struct ru_list l;

	ru_collect(j, c, "expect", "window.class.fraction", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++)
		if (rec_scope_str(l.v[i], "window") != NULL && rec_scope_str(l.v[i],
		    "class") != NULL && strcmp(rec_scope_str(l.v[i], "window"),
		    label) == 0 && strv_find(out, rec_scope_str(l.v[i], "class")) < 0)
			strv_add(out, rec_scope_str(l.v[i], "class"));
	ru_list_free(&l);
	ru_collect(j, c, "measure", "client.class.count", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *id = rec_scope_str(l.v[i], "client");
		size_t k;
		const json_t *m;

		if (id == NULL || rec_scope_str(l.v[i], "class") == NULL)
			continue;
		json_array_foreach(ids, k, m)
			if (strcmp(json_string_value(m), id) == 0 &&
			    strv_find(out, rec_scope_str(l.v[i], "class")) < 0)
				strv_add(out, rec_scope_str(l.v[i], "class"));
	}
	ru_list_free(&l);
	strv_sort(out);
}

static json_t *
window_sub(const char *label, const char *cls)
{
	json_t *sub = json_object();

	rec_scope_set(sub, "window", label);
	rec_scope_set(sub, "class", cls);
	return sub;
}

static void
judge_classes(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *wc, const char *label, const json_t *ids)
{
	struct strv classes = { 0 };

	window_classes(j, c, label, ids, &classes);
	for (size_t i = 0; i < classes.n; i++) {
		json_t *sub = window_sub(label, classes.v[i]), *zero = NULL;
		const json_t *e = judge_expect(j, c, "window.class.fraction",
		    sub);
		struct pool p = { 0 };

		/* a class the window's rows have and the spec does not */
		if (e == NULL)
			e = zero = ru_side(rec_num(0), "fraction", wc, "the spec "
			    "gives the window's clients no such class");
		pool_class(j, c, ids, classes.v[i], &p);
		judge_window(j, r, c, "window.class.fraction", e, sub, &p,
		    W_FRACTION, tol(j->tol, TOL_CLASS_PP));
		pool_free(&p);
		json_decref(zero);
		json_decref(sub);
	}
	strv_free(&classes);
}

/* window.<base>.mean and .stdev against the pooled client.<base>. */
static void
judge_lengths(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *label, const json_t *ids, const char *base)
{
	json_t *sub = window_sub(label, NULL);
	char em[64], mm[64], ms[64];
	struct pool p = { 0 };

	snprintf(mm, sizeof(mm), "client.%s.mean", base);
	snprintf(ms, sizeof(ms), "client.%s.stdev", base);
	pool_metric(j, c, ids, mm, ms, &p);
	for (int k = 0; k < 2; k++) {
		const json_t *e;

		snprintf(em, sizeof(em), "window.%s.%s", base, k ? "stdev" :
		    "mean");
		if ((e = judge_expect(j, c, em, sub)) != NULL)
			judge_window(j, r, c, em, e, sub, &p, k ? W_STDEV :
			    W_MEAN, tol(j->tol, k ? TOL_TOKENS_STDEV_PCT :
			    TOL_TOKENS_MEAN_PCT));
	}
	pool_free(&p);
	json_decref(sub);
}

static void
judge_share(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *label, const json_t *ids, const char *what, double t)
{
	json_t *sub = window_sub(label, NULL);
	char em[64], mm[64];
	struct pool p = { 0 };
	const json_t *e;

	snprintf(em, sizeof(em), "window.%s.fraction", what);
	snprintf(mm, sizeof(mm), "client.%s.fraction", what);
	if ((e = judge_expect(j, c, em, sub)) != NULL) {
		pool_metric(j, c, ids, mm, NULL, &p);
		judge_window(j, r, c, em, e, sub, &p, W_FRACTION, t);
		pool_free(&p);
	}
	json_decref(sub);
}

/* One per-client all-or-none share (streaming, prefix): its metric, the
 * verb of the sentence, the spec's two readings, its tolerance's name
 * and the action. */
struct client_share {
	const char	*metric, *verb, *yes, *no, *band, *action;
	double		 t;
};

/* Each client's share against its spec flag (all or none).  Only a
 * client that departs is a verdict: the overall share (and each
 * window's) is judged already, and a PASS a client would only repeat it. */
static void
judge_client_share(struct judge *j, const struct rule *r,
    const struct jcell *c, const struct client_share *cs)
{
	struct ru_list l;
	double want, got;

	ru_collect(j, c, "expect", cs->metric, RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *id = rec_scope_str(l.v[i], "client");
		json_t *sub = member_sub(id, NULL);
		const json_t *m = judge_measure(j, c, cs->metric, sub);
		struct sbuf why = { 0 };

		if (id != NULL && ru_num(l.v[i], &want) && ru_num(m, &got) &&
		    fabs(got - want) * 100 > cs->t) {
			sbuf_printf(&why, "Client \"%s\" %s %.1f%% of its "
			    "requests (", id, cs->verb, got * 100);
			ru_where(&why, m);
			sbuf_printf(&why, ") where its spec says %s (", want > 0 ?
			    cs->yes : cs->no);
			ru_where(&why, l.v[i]);
			sbuf_adds(&why, "): the client was not sent as "
			    "specified, whatever the overall share.");
			ru_emit(j, r, c, cs->metric, sub, l.v[i], m, cs->band,
			    V_FAIL, sbuf_str(&why), cs->action);
		}
		sbuf_free(&why);
		json_decref(sub);
	}
	ru_list_free(&l);
}

/* Streaming, unless the protocol forces it on or off (judged under 1h). */
static void
judge_client_streaming(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct client_share cs = { "client.streaming.fraction", "streamed",
	    "streaming: true", "no streaming", "\u00b1 streaming_pp",
	    ACT_CLIENT_STREAM, tol(j->tol, TOL_STREAMING_PP) };
	double f;

	if (wl_protocol_streaming(j, c, &f) == NULL)
		judge_client_share(j, r, c, &cs);
}

static const char ACT_CLIENT_PREFIX[] = "One client's requests did not "
    "carry the shared prefix its spec gives it (or carried one it does "
    "not): check that client's prefix_group and prefix_length in the copy "
    "of the spec the generator ran, and whether the generator drops the "
    "prefix from some requests (a prompt-length guard, a prefix pool that "
    "ran out).";

static void
judge_client_prefix(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct client_share cs = { "client.prefix.fraction", "sent a shared "
	    "prefix on", "a prefix_group", "no prefix_group", "\u00b1 prefix_pp",
	    ACT_CLIENT_PREFIX, tol(j->tol, TOL_PREFIX_PP) };

	judge_client_share(j, r, c, &cs);
}

void
wl_rule_windows(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list l;

	ru_collect(j, c, "expect", "window.clients", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *label = rec_scope_str(l.v[i], "window");
		const json_t *ids = members(l.v[i]);

		if (label == NULL || ids == NULL)
			continue;
		if (strcmp(r->check, "1b") == 0)
			judge_classes(j, r, c, l.v[i], label, ids);
		else if (strcmp(r->check, "1c") == 0)
			judge_lengths(j, r, c, label, ids, "input_tokens");
		else if (strcmp(r->check, "1d") == 0)
			judge_lengths(j, r, c, label, ids, "output_tokens");
		else if (strcmp(r->check, "1e") == 0)
			judge_share(j, r, c, label, ids, "prefix",
			    tol(j->tol, TOL_PREFIX_PP));
		else if (strcmp(r->check, "1f") == 0)
			judge_share(j, r, c, label, ids, "streaming",
			    tol(j->tol, TOL_STREAMING_PP));
	}
	ru_list_free(&l);
	if (strcmp(r->check, "1f") == 0)
		judge_client_streaming(j, r, c);
	else if (strcmp(r->check, "1e") == 0)
		judge_client_prefix(j, r, c);
}
