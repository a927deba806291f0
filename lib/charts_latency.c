/* charts_latency.c - latency distributions (A3): a CDF chart per
 * workload and SLO class from s2r-trace-stats' .cdf records (or, without
 * them, from five summary quantiles), and real vs sim from s2r-latency's
 * side quantiles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "htmlcharts.h"
#include "rec.h"

static const char *const lat_slots[] = { "min", "p50", "p90", "p99", "max" };
static const double lat_q[] = { 0, 0.5, 0.9, 0.99, 1 };
#define NLAT 5

/* The workloads with latency records of two or more SLO classes in a
 * family: for the others a per-class chart would repeat the all-classes
 * one. */
struct classes {
	struct strtab	 workloads;
	const char	**first;	/* per workload: its first class */
	bool		*several;
};

static void
classes_of(struct classes *c, const struct evidence *ev, const char *fam)
{
	size_t flen = strlen(fam);

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		const char *cls = rec_scope_str(r, "class");
		const char *w = rec_scope_str(r, "workload");
		bool added;
		uint32_t k;

		if (!chart_is_measure(r) || m == NULL || cls == NULL ||
		    strncmp(m, fam, flen) != 0 || w == NULL)
			continue;
		k = strtab_intern_n(&c->workloads, w, strlen(w), &added);
		if (added) {
			c->first = xroom(c->first, k, sizeof(*c->first));
			c->several = xroom(c->several, k, sizeof(*c->several));
			c->first[k] = cls;
			c->several[k] = false;
		} else if (strcmp(c->first[k], cls) != 0)
			c->several[k] = true;
	}
}

static bool
several_classes(const struct classes *c, const char *w)
{
	long k = w != NULL ? strtab_find_n(&c->workloads, w, strlen(w)) : -1;

	return k >= 0 && c->several[k];
}

static void
classes_free(struct classes *c)
{
	strtab_free(&c->workloads);
	free(c->first);
	free(c->several);
}

/* The chart (workload and class) and series (side and phase) names of a
 * latency record. */
static void
lat_names(struct sbuf *g, struct sbuf *s, const json_t *r, bool sim)
{
	const char *cls = rec_scope_str(r, "class");
	const char *workload = rec_scope_str(r, "workload");
	const char *phase = rec_scope_str(r, "phase");
	const char *iteration = rec_scope_str(r, "iteration");

	sbuf_reset(g);
	sbuf_reset(s);
	sbuf_printf(g, "workload %s, %s%s%s", workload ? workload : "(none)",
	    cls == NULL ? "all classes" : "class ",
	    cls != NULL && *cls == '\0' ? "(unset)" : "",
	    cls != NULL ? cls : "");
	sbuf_adds(s, sim ? "sim " : "real ");
	sbuf_adds(s, phase ? phase : "");
	if (iteration != NULL)
		sbuf_printf(s, "/%s", iteration);
}

/* Summary quantiles (min, p50, p90, p99, max): the fallback when no
 * .cdf record exists. */
static void
lat_collect(struct chart_page *pg, struct tab *t, const char *fam,
    const struct classes *cl)
{
	const struct evidence *ev = pg->ev;
	size_t flen = strlen(fam);
	struct sbuf g = {0}, s = {0};

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric"), *cls;
		double v;
		int slot;

		if (!chart_is_measure(r) || m == NULL ||
		    strncmp(m, fam, flen) != 0 || m[flen] != '.' ||
		    !rec_get_num(r, "value", &v))
			continue;
		if ((slot = chart_slot(m + flen + 1, lat_slots, NLAT)) < 0)
			continue;
		cls = rec_scope_str(r, "class");
		if (cls != NULL && !several_classes(cl,
		    rec_scope_str(r, "workload")))
			continue;
		lat_names(&g, &s, r, chart_is_sim(pg, r));
		tab_put(t, sbuf_str(&g), sbuf_str(&s), slot, v, r);
		tab_row(t, sbuf_str(&g), sbuf_str(&s), r)->sim =
		    chart_is_sim(pg, r);
	}
	sbuf_free(&g);
	sbuf_free(&s);
}

/* <fam>.cdf records (s2r-trace-stats): 101 exact quantiles each. */
static void
cdf_collect(struct chart_page *pg, struct tab *t, const char *fam,
    const struct classes *cl)
{
	const struct evidence *ev = pg->ev;
	struct sbuf g = {0}, s = {0};
	char metric[32];

	snprintf(metric, sizeof(metric), "%s.cdf", fam);
	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		const char *cls = rec_scope_str(r, "class");
		bool sim;

		if (!chart_is_measure(r) || m == NULL ||
		    strcmp(m, metric) != 0 ||
		    chart_array(ev, i, EV_POINTS) == NULL)
			continue;
		if (cls != NULL && !several_classes(cl,
		    rec_scope_str(r, "workload")))
			continue;
		sim = chart_is_sim(pg, r);
		lat_names(&g, &s, r, sim);
		tab_rec(t, sbuf_str(&g), sbuf_str(&s), ev, i)->sim = sim;
	}
	sbuf_free(&g);
	sbuf_free(&s);
}

/* One x/y curve per row from its record's points: x = entry xk, y =
 * entry yk.  Labels get the record's n.  Returns the points kept. */
static size_t
curves_of(const struct evidence *ev, const struct tab *t, size_t b, size_t e,
    size_t xk, size_t yk, struct svg_series *ss, double **xs, double **ys,
    struct sbuf *labels)
{
	size_t total = 0;

	for (size_t i = b; i < e; i++) {
		const struct ev_array *pts = chart_array(ev, t->rows[i].rec,
		    EV_POINTS);
		size_t n = pts != NULL ? pts->n : 0;
		struct svg_series *se = &ss[i - b];
		double cnt;

		xs[i - b] = xcalloc(n + 1, sizeof(double));
		ys[i - b] = xcalloc(n + 1, sizeof(double));
		for (size_t k = 0; k < n; k++) {
			xs[i - b][k] = chart_num(pts, k, xk);
			ys[i - b][k] = chart_num(pts, k, yk);
		}
		sbuf_adds(&labels[i - b], t->rows[i].series);
		if (rec_get_num(ev->r[t->rows[i].rec], "n", &cnt))
			sbuf_printf(&labels[i - b], " (n=%.0f)", cnt);
		se->label = sbuf_str(&labels[i - b]);
		se->x = xs[i - b];
		se->y = ys[i - b];
		se->n = n;
		se->color = chart_palette[(i - b) % NPALETTE];
		se->dashed = t->rows[i].sim;
		total += n;
	}
	return total;
}

/* What every latency CDF chart shares: the axes, the source line (head,
 * then the files), the colour of the verdict on prefix, the caption. */
static void
cdf_figure(struct chart_page *pg, struct svg_chart *c, const struct tab *t,
    size_t b, size_t e, const char *name, const char *src_head,
    const char *workload, const char *prefix, const char *caption)
{
	struct sbuf xl = {0}, src = {0};

	/* Latencies span decades: a log axis shows the body and the tail. */
	sbuf_printf(&xl, "%s (ms, log scale)", name);
	sbuf_adds(&src, src_head);
	tab_files_text(&src, t, b, e);
	c->xlabel = sbuf_str(&xl);
	c->ylabel = "fraction of requests \xe2\x89\xa4 x";
	c->source = sbuf_str(&src);
	c->status = chart_worst(pg, "A3", workload, NULL, NULL,
	    prefix);
	c->y_from_zero = true;
	c->ymax_hint = 1;
	c->x_log = true;
	chart_figure(pg, c, caption);
	sbuf_free(&xl);
	sbuf_free(&src);
}

/* Row i's quantile points (has[k]: at fraction q[k]) as series s. */
static void
quantile_series(const struct tab *t, size_t i, const double *q, size_t nq,
    double *xs, double *ys, struct svg_series *s, size_t color)
{
	for (size_t k = 0; k < nq; k++) {
		if (!t->rows[i].has[k])
			continue;
		xs[s->n] = t->rows[i].v[k];
		ys[s->n] = q[k];
		s->n++;
	}
	s->label = t->rows[i].series;
	s->x = xs;
	s->y = ys;
	s->color = chart_palette[color % NPALETTE];
	s->dashed = t->rows[i].sim;
}

static void
cdf_chart(struct chart_page *pg, const struct tab *t, size_t b, size_t e,
    const char *fam, const char *name)
{
	size_t n = e - b;
	struct svg_series *ss = xcalloc(n, sizeof(*ss));
	double **xs = xcalloc(n, sizeof(*xs)), **ys = xcalloc(n, sizeof(*ys));
	struct sbuf *labels = xcalloc(n, sizeof(*labels));
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};
	char prefix[32];

	curves_of(pg->ev, t, b, e, 1, 0, ss, xs, ys, labels);
	sbuf_printf(&title, "%s CDF \xe2\x80\x94 %s", name, t->rows[b].group);
	sbuf_printf(&src, "%s.cdf measure records (s2r-trace-stats: type-7 "
	    "quantiles at q = 0, 0.01, \xe2\x80\xa6, 1 over successful "
	    "requests) from ", fam);
	snprintf(prefix, sizeof(prefix), "%s.", fam);
	c.title = sbuf_str(&title);
	c.kind = SVG_CURVE;
	c.series = ss;
	c.nseries = n;
	cdf_figure(pg, &c, t, b, e, name, sbuf_str(&src), t->rows[b].workload,
	    prefix, "The empirical CDF from 101 exact quantiles (type 7) "
	    "joined by straight lines. Dashed: simulator.");
	sbuf_free(&title);
	sbuf_free(&src);
	chart_curves_free(n, xs, ys, labels, ss);
}

/* s2r-latency's side quantiles: <side>.<fam>.pNN (side real or sim). */
static const char *const align_q[] = { "p10", "p25", "p50", "p75", "p90",
	"p95", "p99" };
static const double align_qv[] = { 0.10, 0.25, 0.50, 0.75, 0.90, 0.95,
	0.99 };
#define NALIGNQ 7

static void
align_collect(struct tab *t, const struct evidence *ev, const char *fam)
{
	static const char *const sides[] = { "real", "sim" };
	struct sbuf g = {0};
	char pre[48];

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		double v;

		if (!chart_is_measure(r) || m == NULL ||
		    !rec_get_num(r, "value", &v))
			continue;
		for (int sd = 0; sd < 2; sd++) {
			int slot;

			snprintf(pre, sizeof(pre), "%s.%s.", sides[sd], fam);
			if (!str_has_prefix(m, pre) || (slot = chart_slot(m +
			    strlen(pre), align_q, NALIGNQ)) < 0)
				continue;
			sbuf_reset(&g);
			report_where_text(&g, r, sbuf_adds);
			tab_put(t, sbuf_str(&g), sd ? "sim (s2r-latency)" :
			    "real (s2r-latency)", slot, v, r);
			tab_row(t, sbuf_str(&g), sd ? "sim (s2r-latency)" :
			    "real (s2r-latency)", r)->sim = sd == 1;
		}
	}
	sbuf_free(&g);
}

static void
align_chart(struct chart_page *pg, const struct tab *t, size_t b, size_t e,
    const char *fam, const char *name)
{
	struct svg_series ss[2] = {{0}};
	double xs[2][NALIGNQ], ys[2][NALIGNQ];
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};
	size_t ns = 0;
	char prefix[48];

	for (size_t i = b; i < e && ns < 2; i++, ns++)
		quantile_series(t, i, align_qv, NALIGNQ, xs[ns], ys[ns],
		    &ss[ns], ns);
	sbuf_printf(&title, "%s CDF, real vs sim \xe2\x80\x94 %s", name,
	    t->rows[b].group);
	sbuf_printf(&src, "{real,sim}.%s.{p10,p25,p50,p75,p90,p95,p99} "
	    "measure records (s2r-latency: type-7 quantiles over the eligible "
	    "requests) from ", fam);
	snprintf(prefix, sizeof(prefix), "align.%s", fam);
	c.title = sbuf_str(&title);
	c.kind = SVG_LINES;
	c.series = ss;
	c.nseries = ns;
	cdf_figure(pg, &c, t, b, e, name, sbuf_str(&src), NULL, prefix,
	    "The seven quantiles s2r-latency writes per side, joined by "
	    "straight lines (the tails beyond p10 and p99 are not in the "
	    "records). Dashed: simulator.");
	sbuf_free(&title);
	sbuf_free(&src);
}

static void
lat_chart(struct chart_page *pg, struct tab *t, size_t b, size_t e,
    const char *fam, const char *name)
{
	struct svg_series *ss = xcalloc(e - b, sizeof(*ss));
	double (*xs)[NLAT] = xcalloc(e - b, sizeof(*xs));
	double (*ys)[NLAT] = xcalloc(e - b, sizeof(*ys));
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};
	char prefix[32];

	for (size_t i = b; i < e; i++)
		quantile_series(t, i, lat_q, NLAT, xs[i - b], ys[i - b],
		    &ss[i - b], i - b);
	sbuf_printf(&title, "%s CDF \xe2\x80\x94 %s", name, t->rows[b].group);
	sbuf_printf(&src, "%s.{min,p50,p90,p99,max} measure records "
	    "(s2r-trace-stats, type-7 quantiles over successful requests) "
	    "from ", fam);
	snprintf(prefix, sizeof(prefix), "%s.", fam);
	c.title = sbuf_str(&title);
	c.kind = SVG_LINES;
	c.series = ss;
	c.nseries = e - b;
	cdf_figure(pg, &c, t, b, e, name, sbuf_str(&src), t->rows[b].workload,
	    prefix, "Quantile points joined by straight lines; the full "
	    "empirical CDF is not in the records. Dashed: simulator.");
	sbuf_free(&title);
	sbuf_free(&src);
	free(ss);
	free(xs);
	free(ys);
}

void
charts_latency(struct chart_page *pg)
{
	static const char *const fams[][2] = {
		{ "ttft_ms", "TTFT" }, { "tpot_ms", "TPOT" }, { "e2e_ms", "E2E" }
	};
	bool summaries = false;

	sbuf_adds(pg->o, "<h3 id=\"charts-latency\">Latency distributions "
	    "(A3)</h3>\n");
	for (size_t f = 0; f < 3; f++) {
		const char *fam = fams[f][0], *name = fams[f][1];
		struct tab cdf = {0}, t = {0}, al = {0};
		struct classes cl = {0};

		classes_of(&cl, pg->ev, fam);
		cdf_collect(pg, &cdf, fam, &cl);
		tab_sort(&cdf);
		lat_collect(pg, &t, fam, &cl);
		tab_sort(&t);
		align_collect(&al, pg->ev, fam);
		tab_sort(&al);
		if (cdf.n == 0 && t.n == 0 && al.n == 0) {
			char msg[128];

			snprintf(msg, sizeof(msg), "%s CDF: no %s.* measure "
			    "records (s2r-trace-stats, s2r-latency)", name,
			    fam);
			strv_add(&pg->missing, msg);
		}
		for (size_t b = 0; b < cdf.n; b = tab_group_end(&cdf, b))
			cdf_chart(pg, &cdf, b, tab_group_end(&cdf, b), fam,
			    name);
		for (size_t b = 0; b < t.n; b = tab_group_end(&t, b)) {
			if (tab_has_group(&cdf, t.rows[b].group))
				continue;
			lat_chart(pg, &t, b, tab_group_end(&t, b), fam, name);
			summaries = true;
		}
		for (size_t b = 0; b < al.n; b = tab_group_end(&al, b))
			align_chart(pg, &al, b, tab_group_end(&al, b), fam,
			    name);
		tab_free(&cdf);
		tab_free(&t);
		tab_free(&al);
		classes_free(&cl);
	}
	if (summaries)
		strv_add(&pg->missing, "Latency CDFs drawn from five summary "
		    "quantiles where no .cdf records were given (s2r-trace-stats "
		    "writes them)");
}
