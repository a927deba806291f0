/* metricscell.c - a cell's metrics/ folder into measure records; see
 * metricscell.h and docs/formats.md. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "err.h"
#include "jsonscan.h"
#include "metricscell.h"
#include "rec.h"
#include "str.h"
#include "tseries.h"

/* Metric names of the gauges (metrics.<part>.max ...), their units. */
static const char *const gauge_part[PS_NGAUGES] = { "waiting", "running",
	"kv_cache_usage_pct", "flow_control.pool_saturation",
	"flow_control.queue_size", "preemptions" };
static const char *const gauge_unit[PS_NGAUGES] = { "count", "count", "%",
	"fraction", "count", "count" };
/* Which check each gauge's summaries feed. */
static const char *const gauge_check[PS_NGAUGES] = { "5b", "5b", "5f",
	"5g", "5g", "5f" };

static char *
join(const char *dir, const char *name)
{
	struct sbuf b = {0};

	sbuf_printf(&b, "%s%s%s", dir, str_has_suffix(dir, "/") ? "" : "/",
	    name);
	return b.s;
}

static int
scrape_cmp(const void *a, const void *b)
{
	const struct promscrape *x = a, *y = b;
	int c = strcmp(x->pod, y->pod);

	if (c != 0)
		return c;
	return x->t_s < y->t_s ? -1 : x->t_s > y->t_s;
}

/* dir/raw/<pod>_<unix-s>_metrics.log (collection_debug.log and hidden files are not
 * scrapes), name order. */
static void
read_raw(struct metricscell *m, const char *raw, const char *root)
{
	struct strv names = {0};
	struct dirent *de;
	DIR *d;

	if ((d = opendir(raw)) == NULL)
		s2r_die("%s: cannot read folder: %s", raw, strerror(errno));
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' &&
		    str_has_suffix(de->d_name, "_metrics.log"))
			strv_add(&names, de->d_name);
	closedir(d);
	strv_sort(&names);
	m->s = xcalloc(names.n > 0 ? names.n : 1, sizeof(*m->s));
	for (size_t k = 0; k < names.n; k++) {
		char *path = join(raw, names.v[k]);

		promscrape_read(&m->s[m->n++], path, path_under(path, root));
		free(path);
	}
	strv_free(&names);
	if (m->n > 1)
		qsort(m->s, m->n, sizeof(*m->s), scrape_cmp);
	m->raw_name = xstrdup(path_under(raw, root));
}

/* {mean, stddev, min, p25 ... max, count, unit} of a gauge kept. */
static void
read_stat(struct metricscell *m, struct jscan *js, const char *pod,
    const char *metric, int gauge)
{
	struct sbuf key = {0};
	struct jpos at = jscan_pos(js);
	struct msum *e;

	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, at, "a metric's statistics object", "another type");
	m->sum = xroom(m->sum, m->nsum, sizeof(*m->sum));
	e = &m->sum[m->nsum++];
	*e = (struct msum){ xstrdup(pod), xstrdup(metric), gauge, NAN, NAN,
	    NAN, -1, at.line, at.column };
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &key)) {
		const char *k = sbuf_str(&key);
		double v;

		if (strcmp(k, "max") == 0 || strcmp(k, "mean") == 0 ||
		    strcmp(k, "min") == 0 || strcmp(k, "count") == 0) {
			v = jscan_f64(js, "a number or null", true);
			if (gauge == PS_KV_PCT && k[0] == 'm')
				v *= 100;	/* vLLM's fraction, as % */
			if (k[1] == 'a')
				e->max = v;
			else if (k[1] == 'e')
				e->mean = v;
			else if (k[1] == 'i')
				e->min = v;
			else
				e->count = isfinite(v) ? (long)v : -1;
		} else
			jscan_skip(js);
	}
	sbuf_free(&key);
}

/* The gauge a summary's metric name is, by the exposition names. */
static int
summary_gauge(const char *name)
{
	for (int g = 0; g < PS_NGAUGES; g++)
		for (int k = 0; promscrape_names[g][k] != NULL; k++)
			if (strcmp(promscrape_names[g][k], name) == 0)
				return g;
	return -1;
}

static void
read_pod_metrics(struct metricscell *m, struct jscan *js, const char *pod)
{
	struct sbuf key = {0};
	struct jpos at = jscan_pos(js);

	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, at, "metrics: an object of metric: statistics",
		    "another type");
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &key)) {
		int g = summary_gauge(sbuf_str(&key));

		if (g >= 0)
			read_stat(m, js, pod, sbuf_str(&key), g);
		else
			jscan_skip(js);
	}
	sbuf_free(&key);
}

/* {pod: {metadata: {...}, metrics: {name: {...}}}} */
static void
read_summary(struct metricscell *m, const char *path, const char *root)
{
	struct jscan *js = jscan_open(path);
	struct sbuf pod = {0}, key = {0};
	struct jpos at = jscan_pos(js);

	m->sum_name = xstrdup(path_under(path, root));
	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, at, "an object of pod: {metadata, metrics}",
		    "another type");
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &pod)) {
		at = jscan_pos(js);
		if (jscan_peek(js) != J_OBJECT)
			jscan_fail(js, at, "a pod's {metadata, metrics}",
			    "another type");
		jscan_obj_begin(js);
		while (jscan_obj_key(js, &key))
			if (strcmp(sbuf_str(&key), "metrics") == 0)
				read_pod_metrics(m, js, sbuf_str(&pod));
			else
				jscan_skip(js);
	}
	jscan_end(js);
	jscan_close(js);
	sbuf_free(&pod);
	sbuf_free(&key);
}

/* 1: a folder, 0: absent, and anything else there dies. */
static int
folder(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0 && errno == ENOENT)
		return 0;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 1;
	s2r_die("%s: expected a folder, got %s", path, errno == ENOENT ?
	    "a dangling link" : stat(path, &st) != 0 ? strerror(errno) :
	    "a file");
}

void
metricscell_read(struct metricscell *m, const char *dir, const char *root)
{
	char *raw = join(dir, "raw");
	char *sum = join(dir, "processed/metrics_summary.json");
	struct stat st;

	memset(m, 0, sizeof(*m));
	if (folder(dir) != 1)
		s2r_die("%s: expected a metrics folder (raw/, processed/)", dir);
	if (folder(raw) == 1)
		read_raw(m, raw, root);
	if (lstat(sum, &st) == 0)
		read_summary(m, sum, root);
	free(raw);
	free(sum);
}

/* The scrapes of one pod: m->s[b, e). */
struct podrun {
	const struct metricscell *m;
	size_t	 b, e;
	int64_t	 t0;		/* the cell's first scrape */
};

/* How a scrape's value of gauge g was read, for source.how. */
static const char *const gauge_how[PS_NGAUGES] = {
	"summed over its label sets", "summed over its label sets",
	"x 100, the largest of its label sets", "the largest of its label sets",
	"summed over its label sets", "summed over its label sets"
};

static void
emit_summary(const struct podrun *p, int g, const struct logctx *ctx)
{
	const struct promscrape *s = p->m->s;
	const char *metric = NULL;
	double max = NAN, sum = 0;
	char name[96], how[512];
	long n = 0;

	for (size_t i = p->b; i < p->e; i++) {
		if (isnan(s[i].v[g]))
			continue;
		if (n++ == 0)
			metric = s[i].metric[g];
		max = isnan(max) || s[i].v[g] > max ? s[i].v[g] : max;
		sum += s[i].v[g];
	}
	if (n == 0)
		return;
	for (int k = 0; k < 2; k++) {
		snprintf(name, sizeof(name), "metrics.%s.%s", gauge_part[g],
		    k ? "mean" : "max");
		snprintf(how, sizeof(how), "%s over the %ld Prometheus scrapes "
		    "of pod %s that have %s (%s in each scrape)", k ? "mean" :
		    "max", n, s[p->b].pod, metric, gauge_how[g]);
		logrec_emit(ctx, logrec_new(gauge_check[g], name, rec_num(k ?
		    sum / (double)n : max), gauge_unit[g], n), s[p->b].pod,
		    NULL, NULL, rec_source(p->m->raw_name, 0, 0, metric, how));
	}
}

/* A counter's increase over the pod's scrapes (time order), as
 * Prometheus's increase() counts it: a drop is a restart, from 0.  The
 * counter's value itself counts from the engine's start, warm-up
 * included; its max would blame the run for what came before.  Two
 * scrapes at least, else no record. */
static void
emit_increase(const struct podrun *p, int g, const struct logctx *ctx)
{
	const struct promscrape *s = p->m->s;
	const char *metric = NULL;
	double prev = NAN, inc = 0;
	char name[96], how[512];
	long n = 0, resets = 0;

	for (size_t i = p->b; i < p->e; i++) {
		if (isnan(s[i].v[g]))
			continue;
		if (n++ == 0)
			metric = s[i].metric[g];
		else if (s[i].v[g] >= prev)
			inc += s[i].v[g] - prev;
		else {
			inc += s[i].v[g];
			resets++;
		}
		prev = s[i].v[g];
	}
	if (n < 2)
		return;
	snprintf(name, sizeof(name), "metrics.%s.increase", gauge_part[g]);
	snprintf(how, sizeof(how), "increase of %s from the first to the last "
	    "of the %ld Prometheus scrapes of pod %s that have it, %s in each "
	    "scrape; counter resets (a drop, counted from 0): %ld", metric, n,
	    s[p->b].pod, gauge_how[g], resets);
	logrec_emit(ctx, logrec_new(gauge_check[g], name, rec_num(inc),
	    gauge_unit[g], n), s[p->b].pod, NULL, NULL,
	    rec_source(p->m->raw_name, 0, 0, metric, how));
}

/* One series record: columns t_s and the gauges g[0..3] (-1: none),
 * a point per scrape or the bucket maxima past TS_MAX_POINTS. */
static void
emit_series(const struct podrun *p, const char *metric, const char *check,
    const int g[TS_NCOLS], const char *const cols[TS_NCOLS + 1],
    const struct logctx *ctx)
{
	const struct promscrape *s = p->m->s;
	struct tseries *ts = xcalloc(1, sizeof(*ts));
	json_t *rec, *c = json_array(), *pts = json_array();
	char how[512];

	for (size_t i = p->b; i < p->e; i++) {
		double v[TS_NCOLS];
		bool any = false;

		for (int k = 0; k < TS_NCOLS; k++) {
			v[k] = g[k] >= 0 ? s[i].v[g[k]] : NAN;
			any = any || !isnan(v[k]);
		}
		if (any)
			tseries_add(ts, s[i].t_s - p->t0, v, 0);
	}
	for (int k = 0; k <= TS_NCOLS && cols[k] != NULL; k++)
		json_array_append_new(c, json_string(cols[k]));
	for (size_t i = 0; i < ts->n; i++) {
		json_t *row = json_array();

		json_array_append_new(row, rec_i64(ts->p[i].t));
		for (int k = 0; k < TS_NCOLS && g[k] >= 0; k++)
			json_array_append_new(row, rec_num(ts->p[i].v[k]));
		json_array_append_new(pts, row);
	}
	snprintf(how, sizeof(how), "the %ld scrapes of pod %s with these "
	    "gauges in %zu bucket%s of %lld s (the maximum of each gauge in "
	    "a bucket; null: in no scrape of it): t_s = the scrape's "
	    "# Timestamp (else the <unix-s> of its name) less the cell's "
	    "first scrape's", ts->samples, s[p->b].pod, ts->n, ts->n == 1 ?
	    "" : "s", (long long)ts->width);
	rec = logrec_new(check, metric, json_null(), NULL, ts->samples);
	rec_set(rec, "columns", c);
	rec_set(rec, "points", pts);
	if (ts->samples > 0)
		logrec_emit(ctx, rec, s[p->b].pod, NULL, NULL,
		    rec_source(p->m->raw_name, 0, 0, NULL, how));
	else
		json_decref(rec);
	free(ts);
}

static void
emit_pod(const struct podrun *p, const struct logctx *ctx)
{
	static const int vllm_g[TS_NCOLS] = { PS_KV_PCT, PS_RUNNING,
	    PS_WAITING, -1 };
	static const char *const vllm_cols[] = { "t_s", "kv_cache_usage_pct",
	    "running", "waiting", NULL };
	static const int fc_g[TS_NCOLS] = { PS_POOL_SAT, PS_FC_QUEUE, -1, -1 };
	static const char *const fc_cols[] = { "t_s", "pool_saturation",
	    "queue_size", NULL, NULL };
	char how[256];

	snprintf(how, sizeof(how), "Prometheus scrapes of pod %s "
	    "(<pod>_<unix-s>_metrics.log files; %lld s from its first to its "
	    "last)", p->m->s[p->b].pod, (long long)(p->m->s[p->e - 1].t_s -
	    p->m->s[p->b].t_s));
	logrec_emit(ctx, logrec_new("5b", "metrics.scrapes", json_integer(
	    (json_int_t)(p->e - p->b)), "count", -1), p->m->s[p->b].pod, NULL,
	    NULL, rec_source(p->m->raw_name, 0, 0, NULL, how));
	for (int g = 0; g < PS_PREEMPT; g++)
		emit_summary(p, g, ctx);
	emit_increase(p, PS_PREEMPT, ctx);
	emit_series(p, "metrics.series", "5f", vllm_g, vllm_cols, ctx);
	emit_series(p, "metrics.flow_control.series", "5g", fc_g, fc_cols,
	    ctx);
}

/* Whether the raw scrapes cover pod. */
static bool
has_raw(const struct metricscell *m, const char *pod)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->s[i].pod, pod) == 0)
			return true;
	return false;
}

/* The processed summary's preemption counter: its max less its min over
 * the collection window, the rise of a counter that only grows (its max
 * alone counts from the engine's start, warm-up and earlier runs
 * included).  A pod restarted inside the window would count its old
 * count too: the how says so. */
static void
emit_processed_counter(const struct metricscell *m, const struct msum *e,
    const struct logctx *ctx)
{
	char name[96], how[320];

	if (isnan(e->max) || isnan(e->min))
		return;
	snprintf(name, sizeof(name), "metrics.%s.increase",
	    gauge_part[e->gauge]);
	snprintf(how, sizeof(how), "max - min of the processed summary's %s "
	    "for pod %s (no raw scrape of the pod): the counter's rise over "
	    "the collection window, or its old count if the pod restarted "
	    "inside it", e->metric, e->pod);
	logrec_emit(ctx, logrec_new(gauge_check[e->gauge], name,
	    rec_num(e->max - e->min), gauge_unit[e->gauge], e->count), e->pod,
	    NULL, NULL, rec_source(m->sum_name, e->line, e->column, e->metric,
	    how));
}

/* The processed summary's gauges of the pods no scrape covers. */
static void
emit_processed(const struct metricscell *m, const struct logctx *ctx)
{
	for (size_t i = 0; i < m->nsum; i++) {
		const struct msum *e = &m->sum[i];
		char name[96], how[256];

		if (has_raw(m, e->pod))
			continue;
		if (e->gauge == PS_PREEMPT) {
			emit_processed_counter(m, e, ctx);
			continue;
		}
		for (int k = 0; k < 2; k++) {
			double v = k ? e->mean : e->max;

			if (isnan(v))
				continue;
			snprintf(name, sizeof(name), "metrics.%s.%s",
			    gauge_part[e->gauge], k ? "mean" : "max");
			snprintf(how, sizeof(how), "the processed summary's %s "
			    "of %s for pod %s (no raw scrape of the pod%s)",
			    k ? "mean" : "max", e->metric, e->pod,
			    e->gauge == PS_KV_PCT ? "; x 100" : "");
			logrec_emit(ctx, logrec_new(gauge_check[e->gauge],
			    name, rec_num(v), gauge_unit[e->gauge], e->count),
			    e->pod, NULL, NULL, rec_source(m->sum_name, e->line,
			    e->column, e->metric, how));
		}
	}
}

void
metricscell_emit(const struct metricscell *m, const struct logctx *ctx)
{
	struct podrun p = { m, 0, 0, 0 };

	for (size_t i = 0; i < m->n; i++)
		if (i == 0 || m->s[i].t_s < p.t0)
			p.t0 = m->s[i].t_s;
	while (p.b < m->n) {
		for (p.e = p.b + 1; p.e < m->n &&
		    strcmp(m->s[p.e].pod, m->s[p.b].pod) == 0; p.e++)
			;
		emit_pod(&p, ctx);
		p.b = p.e;
	}
	emit_processed(m, ctx);
}

void
metricscell_free(struct metricscell *m)
{
	for (size_t i = 0; i < m->n; i++)
		promscrape_free(&m->s[i]);
	for (size_t i = 0; i < m->nsum; i++) {
		free(m->sum[i].pod);
		free(m->sum[i].metric);
	}
	free(m->s);
	free(m->sum);
	free(m->raw_name);
	free(m->sum_name);
	memset(m, 0, sizeof(*m));
}
