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
is_timeline(const json_t *r, const char *metric)
{
	const char *a = rec_get_str(r, "analysis");
	const char *m = rec_get_str(r, "metric");

	return strcmp(rec_get_str(r, "kind"), "compare") == 0 && a != NULL &&
	    strcmp(a, "timeline") == 0 && m != NULL && strcmp(m, metric) == 0 &&
	    chart_array(r, "points") != NULL;
}

/* "baseline" or "baseline/i1": a trace within its workload. */
static void
cell_name(struct sbuf *b, const json_t *r)
{
	const char *phase = report_scope_str(r, "phase");
	const char *it = report_scope_str(r, "iteration");

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
		const char *w = report_scope_str(r, "workload");
		const char *cls = report_scope_str(r, "class");

		if (!is_timeline(r, metric))
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
		tab_rec(t, sbuf_str(&g), sbuf_str(&s), r);
	}
	sbuf_free(&g);
	sbuf_free(&s);
}

/* Column k of a record's points as a new array (n values). */
static double *
column(const json_t *r, size_t k, size_t *n)
{
	const json_t *pts = chart_array(r, "points");
	double *v;

	*n = json_array_size(pts);
	v = xcalloc(*n + 1, sizeof(*v));
	for (size_t i = 0; i < *n; i++)
		v[i] = chart_num(pts, i, k);
	return v;
}

/* Rows [b, e) of one workload: sent (solid) and completed (dashed) per
 * trace, a colour per trace. */
static void
rate_chart(struct chart_page *pg, const struct tab *t, size_t b, size_t e)
{
	size_t nt = e - b < NPALETTE ? e - b : NPALETTE, ns = 2 * nt;
	struct svg_series *ss = xcalloc(ns, sizeof(*ss));
	double **xs = xcalloc(ns, sizeof(*xs)), **ys = xcalloc(ns, sizeof(*ys));
	struct sbuf *labels = xcalloc(ns, sizeof(*labels));
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};

	for (size_t i = 0; i < ns; i++) {
		const struct trow *row = &t->rows[b + i / 2];
		size_t n;

		xs[i] = column(row->rec, 0, &n);
		ys[i] = column(row->rec, 1 + i % 2, &n);
		sbuf_printf(&labels[i], "%s %s", i % 2 ? "completed" : "sent",
		    row->series);
		ss[i] = (struct svg_series){ sbuf_str(&labels[i]), xs[i],
		    ys[i], n, chart_palette[i / 2], i % 2 == 1 };
	}
	sbuf_printf(&title, "Requests per second \xe2\x80\x94 %s",
	    t->rows[b].group);
	sbuf_adds(&src, "requests.per_second compare records (s2r-compare "
	    "timeline: whole-second bins from each trace's first send; sent: "
	    "every row, completed: successful rows by last chunk) from ");
	tab_files_text(&src, t, b, e);
	if (e - b > nt)
		sbuf_printf(&src, "; first %zu of %zu traces", nt, e - b);
	c.title = sbuf_str(&title);
	c.xlabel = "time since the trace's first send (s)";
	c.ylabel = "requests per second";
	c.source = sbuf_str(&src);
	c.kind = SVG_CURVE;
	c.series = ss;
	c.nseries = ns;
	c.y_from_zero = true;
	chart_figure(pg, &c, "Offered (sent) and served (completed) load "
	    "over time, each trace from its own t = 0. Dashed: completed.");
	sbuf_free(&title);
	sbuf_free(&src);
	chart_curves_free(ns, xs, ys, labels, ss);
}

/* Rows [b, e) of one trace: a series of E2E points per class. */
static void
scatter_chart(struct chart_page *pg, const struct tab *t, size_t b,
    size_t e)
{
	size_t ns = e - b;
	struct svg_series *ss = xcalloc(ns, sizeof(*ss));
	double **xs = xcalloc(ns, sizeof(*xs)), **ys = xcalloc(ns, sizeof(*ys));
	struct sbuf *labels = xcalloc(ns, sizeof(*labels));
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};

	for (size_t i = 0; i < ns; i++) {
		const struct trow *row = &t->rows[b + i];
		size_t n;
		double total = 0;

		xs[i] = column(row->rec, 0, &n);
		ys[i] = column(row->rec, 2, &n);
		rec_get_num(row->rec, "n", &total);
		sbuf_printf(&labels[i], "%s (%zu of %.0f)", row->series, n,
		    total);
		ss[i] = (struct svg_series){ sbuf_str(&labels[i]), xs[i],
		    ys[i], n, chart_palette[i % NPALETTE], false };
	}
	sbuf_printf(&title, "E2E against send time \xe2\x80\x94 %s",
	    t->rows[b].group);
	sbuf_adds(&src, "latency.scatter compare records (s2r-compare "
	    "timeline: a deterministic sample of successful requests, the "
	    "smallest hashes of request_id) from ");
	tab_files_text(&src, t, b, e);
	c.title = sbuf_str(&title);
	c.xlabel = "send time since the trace's first send (s)";
	c.ylabel = "E2E (ms)";
	c.source = sbuf_str(&src);
	c.kind = SVG_SCATTER;
	c.series = ss;
	c.nseries = ns;
	c.y_from_zero = true;
	chart_figure(pg, &c, "One dot per sampled request; a rising cloud "
	    "means the queue grew. The records also carry TTFT.");
	sbuf_free(&title);
	sbuf_free(&src);
	chart_curves_free(ns, xs, ys, labels, ss);
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
