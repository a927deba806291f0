/* charts_instances.c - per-instance runtime (5b, 5f): requests per
 * instance, and KV-cache usage and queue depth over time from
 * s2r-log-extract's stats.series records and the metrics.series of the
 * pods' Prometheus scrapes (same columns; or, without either, from the
 * per-instance summaries of the vLLM stats lines). */
#include <string.h>

#include "err.h"
#include "htmlcharts.h"
#include "rec.h"

enum { I_REQ, I_KVMIN, I_KVMEAN, I_KVMAX, I_KVLAST, I_WMEAN, I_WMAX,
	I_RMEAN };
static const char *const inst_metrics[NSLOT] = {
	"instance.requests", "stats.kv_cache_usage_pct.min",
	"stats.kv_cache_usage_pct.mean", "stats.kv_cache_usage_pct.max",
	"stats.kv_cache_usage_pct.last", "stats.waiting.mean",
	"stats.waiting.max", "stats.running.mean"
};

static void
inst_collect(struct tab *t, const struct evidence *ev)
{
	struct sbuf g = {0};

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		const char *inst = rec_scope_str(r, "instance");
		double v;
		int slot;

		if (!chart_is_measure(r) || m == NULL || inst == NULL ||
		    !rec_get_num(r, "value", &v))
			continue;
		if ((slot = chart_slot(m, inst_metrics, NSLOT)) < 0)
			continue;
		sbuf_reset(&g);
		report_where_text(&g, r, sbuf_adds);
		tab_put(t, sbuf_str(&g), inst, slot, v, r);
	}
	sbuf_free(&g);
}

#define MAX_CURVES	16	/* instances per over-time chart */

/* stats.series records (s2r-log-extract): per cell, a curve per
 * instance (and DP rank); metrics.series (the pod's scrapes) a curve per
 * pod, labelled so. */
static void
series_collect(struct tab *t, const struct evidence *ev)
{
	struct sbuf g = {0}, s = {0};

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		const char *inst = rec_scope_str(r, "instance");
		const char *rank = rec_scope_str(r, "rank");

		if (!chart_is_measure(r) || m == NULL ||
		    (strcmp(m, "stats.series") != 0 &&
		    strcmp(m, "metrics.series") != 0) || inst == NULL ||
		    chart_array(ev, i, EV_POINTS) == NULL)
			continue;
		sbuf_reset(&g);
		sbuf_reset(&s);
		report_where_text(&g, r, sbuf_adds);
		sbuf_adds(&s, inst);
		if (rank != NULL)
			sbuf_printf(&s, " rank %s", rank);
		if (m[0] == 'm')
			sbuf_adds(&s, " (scrapes)");
		tab_rec(t, sbuf_str(&g), sbuf_str(&s), ev, i);
	}
	sbuf_free(&g);
	sbuf_free(&s);
}

/* Over-time curves of column col (and, when col2 > 0, column col2
 * dashed in the same colour) for the instances of one cell. */
static void
series_chart(struct chart_page *pg, const struct tab *t, size_t b, size_t e,
    size_t col, const char *what, size_t col2, const char *what2,
    const char *title, const char *ylabel, const char *status)
{
	size_t ninst = e - b > MAX_CURVES ? MAX_CURVES : e - b;
	size_t per = col2 > 0 ? 2 : 1, n = ninst * per;
	struct svg_series *ss = xcalloc(n, sizeof(*ss));
	double **xs = xcalloc(n, sizeof(*xs)), **ys = xcalloc(n, sizeof(*ys));
	struct sbuf *labels = xcalloc(n, sizeof(*labels));
	struct sbuf tt = {0}, src = {0};
	struct svg_chart c = {0};

	for (size_t i = 0; i < ninst; i++) {
		for (size_t k = 0; k < per; k++) {
			const struct ev_array *pts = chart_array(pg->ev,
			    t->rows[b + i].rec, EV_POINTS);
			size_t np = pts != NULL ? pts->n : 0, j = i * per + k;

			xs[j] = xcalloc(np + 1, sizeof(double));
			ys[j] = xcalloc(np + 1, sizeof(double));
			for (size_t p = 0; p < np; p++) {
				xs[j][p] = chart_num(pts, p, 0);
				ys[j][p] = chart_num(pts, p, k ? col2 : col);
			}
			sbuf_adds(&labels[j], t->rows[b + i].series);
			if (per > 1)
				sbuf_printf(&labels[j], " %s", k ? what2 :
				    what);
			ss[j].label = sbuf_str(&labels[j]);
			ss[j].x = xs[j];
			ss[j].y = ys[j];
			ss[j].n = np;
			ss[j].color = chart_palette[i % NPALETTE];
			ss[j].dashed = k == 1 || (per == 1 && i >= NPALETTE);
		}
	}
	sbuf_printf(&tt, "%s \xe2\x80\x94 %s", title, t->rows[b].group);
	sbuf_printf(&src, "stats.series measure records (s2r-log-extract: the "
	    "vLLM 'Engine NNN:' stats lines, %s; at most 240 points, bucket "
	    "maxima when downsampled; curves marked (scrapes): metrics.series, "
	    "the pod's Prometheus scrapes, seconds since the cell's first) "
	    "from ", per > 1 ? "Waiting and Running" : what);
	tab_files_text(&src, t, b, e);
	if (e - b > ninst)
		sbuf_printf(&src, "; first %zu of %zu instances", ninst, e - b);
	c.title = sbuf_str(&tt);
	c.xlabel = "time since the log's first stats line (s)";
	c.ylabel = ylabel;
	c.source = sbuf_str(&src);
	c.status = status;
	c.kind = SVG_CURVE;
	c.series = ss;
	c.nseries = n;
	c.y_from_zero = true;
	chart_figure(pg, &c, per > 1 ? "Solid: waiting (queued in vLLM); "
	    "dashed: running. One colour per instance." : NULL);
	sbuf_free(&tt);
	sbuf_free(&src);
	chart_curves_free(n, xs, ys, labels, ss);
}

/* What the per-instance bar charts drew, for the notes on what was not
 * drawn. */
struct bars_drawn {
	bool	 req, kv, q;
	bool	 summaries;	/* a cell without stats.series */
};

/* Per-instance bar charts of one cell (rows from b): requests always;
 * KV cache and queue depth only when the cell has no stats.series (its
 * over-time charts show them). */
static void
cell_bars(struct chart_page *pg, const struct tab *t, size_t b,
    const struct tab *series, struct bars_drawn *drawn)
{
	static const int req[] = { I_REQ };
	static const int kv[] = { I_KVMIN, I_KVMEAN, I_KVMAX, I_KVLAST };
	static const int q[] = { I_WMEAN, I_WMAX, I_RMEAN };
	static const char *const reql[] = { "requests" };
	static const char *const kvl[] = { "min", "mean", "max", "last" };
	static const char *const ql[] = { "waiting mean", "waiting max",
	    "running mean" };
	const struct trow *w = &t->rows[b];
	size_t e = tab_group_end(t, b);
	struct bar_spec rs = { .slots = req, .labels = reql, .nslots = 1,
	    .kind = SVG_BARS, .title = "Requests per instance",
	    .xlabel = "instance", .ylabel = "requests (count)",
	    .what = "instance.requests measure records (s2r-log-extract)",
	    .cut_noun = "instances" };
	struct bar_spec ks = { .slots = kv, .labels = kvl, .nslots = 4,
	    .kind = SVG_BARS, .title = "KV-cache usage per instance",
	    .xlabel = "instance", .ylabel = "KV-cache usage (%)",
	    .what = "stats.kv_cache_usage_pct.{min,mean,max,last} (vLLM "
	    "periodic stats lines) measure records (s2r-log-extract)",
	    .cut_noun = "instances" };
	struct bar_spec qs = { .slots = q, .labels = ql, .nslots = 3,
	    .kind = SVG_BARS, .title = "Queue depth per instance",
	    .xlabel = "instance", .ylabel = "requests",
	    .what = "stats.waiting / stats.running (vLLM periodic stats "
	    "lines) measure records (s2r-log-extract)",
	    .cut_noun = "instances" };

	rs.status = chart_worst(pg, "5b", w->workload, w->phase, w->iteration,
	    "instance.");
	drawn->req |= chart_bars(pg, t, b, e, &rs);
	if (tab_has_group(series, w->group))
		return;
	drawn->summaries = true;
	ks.status = chart_worst(pg, "5f", w->workload, w->phase, w->iteration,
	    NULL);
	drawn->kv |= chart_bars(pg, t, b, e, &ks);
	drawn->q |= chart_bars(pg, t, b, e, &qs);
}

void
charts_instances(struct chart_page *pg)
{
	struct tab t = {0}, st = {0};
	struct bars_drawn drawn = {0};

	inst_collect(&t, pg->ev);
	tab_sort(&t);
	series_collect(&st, pg->ev);
	tab_sort(&st);
	sbuf_adds(pg->o, "<h3 id=\"charts-instances\">Instances: request "
	    "spread, KV cache, queue depth (5b, 5f)</h3>\n");
	for (size_t b = 0; b < t.n; b = tab_group_end(&t, b))
		cell_bars(pg, &t, b, &st, &drawn);
	if (!drawn.req)
		strv_add(&pg->missing, "Requests per instance: no "
		    "instance.requests records (s2r-log-extract)");
	for (size_t b = 0; b < st.n; b = tab_group_end(&st, b)) {
		size_t e = tab_group_end(&st, b);
		const struct trow *w = &st.rows[b];

		series_chart(pg, &st, b, e, 1, "KV-cache usage", 0, NULL,
		    "KV-cache usage over time", "KV-cache usage (%)",
		    chart_worst(pg, "5f", w->workload, w->phase, w->iteration,
		    NULL));
		series_chart(pg, &st, b, e, 3, "waiting", 2, "running",
		    "Queue depth over time", "requests (count)", NULL);
	}
	if (!drawn.kv && st.n == 0)
		strv_add(&pg->missing, "KV-cache usage: no stats.series or "
		    "stats.kv_cache_usage_pct records (s2r-log-extract)");
	if (!drawn.q && st.n == 0)
		strv_add(&pg->missing, "Queue depth: no stats.series or "
		    "stats.waiting records (s2r-log-extract)");
	if (drawn.summaries && (drawn.kv || drawn.q))
		strv_add(&pg->missing, "KV-cache usage and queue depth: cells "
		    "without stats.series records are drawn from per-instance "
		    "summaries (min, mean, max, last of the vLLM stats lines)");
	tab_free(&t);
	tab_free(&st);
}
