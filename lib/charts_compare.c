/* charts_compare.c - traces over time, from s2r-compare's timeline
 * records: per workload, requests sent and completed per second of every
 * trace in one chart; per trace, each sampled request's E2E against its
 * send time, coloured by SLO class. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "htmlcharts.h"
#include "rec.h"

static bool
is_timeline(const struct evidence *ev, size_t i, const char *metric)
{
	const json_t *r = ev->r[i];
	const char *a = rec_get_str(r, "analysis");
	const char *m = rec_get_str(r, "metric");

	return strcmp(rec_get_str(r, "kind"), "compare") == 0 && a != NULL &&
	    strcmp(a, "timeline") == 0 && m != NULL && strcmp(m, metric) == 0 &&
	    chart_array(ev, i, EV_POINTS) != NULL;
}

/* "baseline" or "baseline/i1": a trace within its workload. */
static void
cell_name(struct sbuf *b, const json_t *r)
{
	const char *phase = rec_scope_str(r, "phase");
	const char *it = rec_scope_str(r, "iteration");

	sbuf_adds(b, phase != NULL ? phase : "?");
	if (it != NULL)
		sbuf_printf(b, "/%s", it);
}

static void
collect(const struct chart_page *pg, struct tab *t, const char *metric)
{
	struct sbuf g = {0}, s = {0};

	for (size_t i = 0; i < pg->ev->n; i++) {
		const json_t *r = pg->ev->r[i];
		const char *w = rec_scope_str(r, "workload");
		const char *cls = rec_scope_str(r, "class");

		if (!is_timeline(pg->ev, i, metric))
			continue;
		sbuf_reset(&g);
		sbuf_reset(&s);
		if (cls == NULL) {	/* rates: a chart per workload */
			sbuf_printf(&g, "workload %s", w ? w : "(none)");
			cell_name(&s, r);
		} else {		/* scatter: a chart per trace */
			report_where_text(&g, r, sbuf_adds);
			sbuf_printf(&s, "class %s", *cls ? cls : "(unset)");
		}
		tab_rec(t, sbuf_str(&g), sbuf_str(&s), pg->ev, i);
	}
	sbuf_free(&g);
	sbuf_free(&s);
}

/* The curves (or point clouds) of one chart, each from a record's
 * points, and what the chart says around them. */
struct curves {
	size_t			 n;
	struct svg_series	*ss;
	double			**xs, **ys;
	struct sbuf		*labels;
};

struct curves_spec {
	enum svg_kind	 kind;
	const char	*title, *xlabel, *ylabel;
	const char	*src;		/* the records, before the files */
	const char	*caption;
};

static void
curves_new(struct curves *cv, size_t n)
{
	cv->n = n;
	cv->ss = xcalloc(n + 1, sizeof(*cv->ss));
	cv->xs = xcalloc(n + 1, sizeof(*cv->xs));
	cv->ys = xcalloc(n + 1, sizeof(*cv->ys));
	cv->labels = xcalloc(n + 1, sizeof(*cv->labels));
}

/* Curve i: columns xk and yk of r's points (its label already written). */
static size_t
curve_set(struct curves *cv, size_t i, const struct ev_array *pts, size_t xk,
    size_t yk, size_t color, bool dashed)
{
	size_t n = pts != NULL ? pts->n : 0;

	cv->xs[i] = xcalloc(n + 1, sizeof(double));
	cv->ys[i] = xcalloc(n + 1, sizeof(double));
	for (size_t k = 0; k < n; k++) {
		cv->xs[i][k] = chart_num(pts, k, xk);
		cv->ys[i][k] = chart_num(pts, k, yk);
	}
	cv->ss[i] = (struct svg_series){ sbuf_str(&cv->labels[i]), cv->xs[i],
	    cv->ys[i], n, chart_palette[color % NPALETTE], dashed };
	return n;
}

/* Draws the curves of rows [b, e) as one figure and frees them. */
static void
curves_figure(struct chart_page *pg, struct curves *cv, const struct tab *t,
    size_t b, size_t e, const struct curves_spec *sp)
{
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};

	sbuf_printf(&title, "%s \xe2\x80\x94 %s", sp->title, t->rows[b].group);
	sbuf_printf(&src, "%s from ", sp->src);
	tab_files_text(&src, t, b, e);
	c.title = sbuf_str(&title);
	c.xlabel = sp->xlabel;
	c.ylabel = sp->ylabel;
	c.source = sbuf_str(&src);
	c.kind = sp->kind;
	c.series = cv->ss;
	c.nseries = cv->n;
	c.y_from_zero = true;
	chart_figure(pg, &c, sp->caption);
	sbuf_free(&title);
	sbuf_free(&src);
	chart_curves_free(cv->n, cv->xs, cv->ys, cv->labels, cv->ss);
}

/* Rows [b, e) of one workload: sent (solid) and completed (dashed) per
 * trace, a colour per trace (the first NPALETTE traces). */
static void
rate_chart(struct chart_page *pg, const struct tab *t, size_t b, size_t e)
{
	size_t nt = e - b < NPALETTE ? e - b : NPALETTE;
	struct curves cv;
	struct sbuf src = {0};
	struct curves_spec sp = { SVG_CURVE, "Requests per second",
	    "time since the trace's first send (s)", "requests per second",
	    NULL, "Offered (sent) and served (completed) load over time, "
	    "each trace from its own t = 0. Dashed: completed." };

	curves_new(&cv, 2 * nt);
	for (size_t i = 0; i < 2 * nt; i++) {
		sbuf_printf(&cv.labels[i], "%s %s", i % 2 ? "completed" :
		    "sent", t->rows[b + i / 2].series);
		curve_set(&cv, i, chart_array(pg->ev, t->rows[b + i / 2].rec,
		    EV_POINTS), 0, 1 + i % 2, i / 2, i % 2 == 1);
	}
	sbuf_adds(&src, "requests.per_second compare records (s2r-compare "
	    "timeline: whole-second bins from each trace's first send; sent: "
	    "every row, completed: successful rows by last chunk)");
	if (e - b > nt)
		sbuf_printf(&src, ", the first %zu of %zu traces", nt, e - b);
	sp.src = sbuf_str(&src);
	curves_figure(pg, &cv, t, b, e, &sp);
	sbuf_free(&src);
}

/* Rows [b, e) of one trace: a cloud of E2E points per class. */
static void
scatter_chart(struct chart_page *pg, const struct tab *t, size_t b,
    size_t e)
{
	struct curves cv;
	struct curves_spec sp = { SVG_SCATTER, "E2E against send time",
	    "send time since the trace's first send (s)", "E2E (ms)",
	    "latency.scatter compare records (s2r-compare timeline: a "
	    "deterministic sample of successful requests, the smallest hashes "
	    "of request_id)", "One dot per sampled request; a rising cloud "
	    "means the queue grew. The records also carry TTFT." };

	curves_new(&cv, e - b);
	for (size_t i = 0; i < e - b; i++) {
		const struct ev_array *pts = chart_array(pg->ev,
		    t->rows[b + i].rec, EV_POINTS);
		double total = 0;

		rec_get_num(pg->ev->r[t->rows[b + i].rec], "n", &total);
		sbuf_printf(&cv.labels[i], "%s (%zu of %.0f)", t->rows[b + i]
		    .series, pts != NULL ? pts->n : 0, total);
		curve_set(&cv, i, pts, 0, 2, i, false);
	}
	curves_figure(pg, &cv, t, b, e, &sp);
}

void
charts_compare(struct chart_page *pg)
{
	struct tab rates = {0}, dots = {0};

	sbuf_adds(pg->o, "<h3 id=\"charts-compare\">Over time "
	    "(s2r-compare)</h3>\n");
	collect(pg, &rates, "requests.per_second");
	collect(pg, &dots, "latency.scatter");
	tab_sort(&rates);
	tab_sort(&dots);
	if (rates.n == 0 && dots.n == 0)
		strv_add(&pg->missing, "Over time and per-request scatter: no "
		    "timeline compare records (s2r-compare timeline; the "
		    "parity pipeline writes them where a workload ran in more "
		    "than one arm)");
	for (size_t b = 0; b < rates.n; b = tab_group_end(&rates, b))
		rate_chart(pg, &rates, b, tab_group_end(&rates, b));
	for (size_t b = 0; b < dots.n; b = tab_group_end(&dots, b))
		scatter_chart(pg, &dots, b, tab_group_end(&dots, b));
	tab_free(&rates);
	tab_free(&dots);
}
