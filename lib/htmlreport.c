/* htmlreport.c - the HTML parity report: tables and inline SVG charts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "htmlreport.h"
#include "verdict.h"
#include "rec.h"
#include "svg.h"

#define NSLOT		8
#define MAX_BARS	40	/* categories per bar chart before cutting */
#define MAX_FILES	4	/* source files named before "and N more" */

/* Series colours: none of them is a verdict colour, so a coloured frame
 * or bar always means a verdict and a line never does. */
static const char *const palette[] = {
	"#0969da", "#bf3989", "#1b7c83", "#953800", "#6639ba", "#0a3069",
	"#57606a", "#116329"
};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

void
evidence_add(struct evidence *ev, json_t *rec)
{
	if (ev->n == ev->cap) {
		ev->cap = ev->cap ? ev->cap * 2 : 256;
		ev->r = xreallocarray(ev->r, ev->cap, sizeof(*ev->r));
	}
	ev->r[ev->n++] = rec;
}

void
evidence_free(struct evidence *ev)
{
	for (size_t i = 0; i < ev->n; i++)
		json_decref(ev->r[i]);
	free(ev->r);
	memset(ev, 0, sizeof(*ev));
}

void
html_escape(struct sbuf *o, const char *s)
{
	svg_escape(o, s);
}

/* --- a small table of chart data ------------------------------------ */

/* One bar category or line of a chart, keyed by (group, series); the
 * group is the chart.  Slots hold the values the chart plots. */
struct trow {
	char		*group;
	char		*series;
	char		*phase, *workload, *iteration;
	double		 v[NSLOT];
	bool		 has[NSLOT];
	bool		 sim;
	const json_t	*rec;		/* points/bins record (curves) */
	struct strv	 files;		/* source files, for the caption */
};

struct tab {
	struct trow	*rows;
	size_t		 n;
};

static const char *
sc(const json_t *r, const char *key)
{
	return rec_get_str(json_object_get(r, "scope"), key);
}

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static struct trow *
tab_row(struct tab *t, const char *group, const char *series,
    const json_t *r)
{
	struct trow *w;

	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->rows[i].group, group) == 0 &&
		    strcmp(t->rows[i].series, series) == 0)
			return &t->rows[i];
	t->rows = xreallocarray(t->rows, t->n + 1, sizeof(*t->rows));
	w = &t->rows[t->n++];
	memset(w, 0, sizeof(*w));
	w->group = xstrdup(group);
	w->series = xstrdup(series);
	w->phase = dup_or_null(sc(r, "phase"));
	w->workload = dup_or_null(sc(r, "workload"));
	w->iteration = dup_or_null(sc(r, "iteration"));
	return w;
}

static void
tab_put(struct tab *t, const char *group, const char *series, int slot,
    double v, const json_t *r)
{
	struct trow *w = tab_row(t, group, series, r);
	const char *file = rec_get_str(json_object_get(r, "source"), "file");

	w->v[slot] = v;
	w->has[slot] = true;
	if (file != NULL && strv_find(&w->files, file) < 0)
		strv_add(&w->files, file);
}

/* A row drawn from one record's points or bins array. */
static struct trow *
tab_rec(struct tab *t, const char *group, const char *series,
    const json_t *r)
{
	struct trow *w = tab_row(t, group, series, r);
	const char *file = rec_get_str(json_object_get(r, "source"), "file");

	w->rec = r;
	if (file != NULL && strv_find(&w->files, file) < 0)
		strv_add(&w->files, file);
	return w;
}

static int
trow_cmp(const void *pa, const void *pb)
{
	const struct trow *a = pa, *b = pb;
	int c = judge_natcmp(a->group, b->group);

	if (c == 0)
		c = (int)a->sim - (int)b->sim;
	return c != 0 ? c : judge_natcmp(a->series, b->series);
}

static void
tab_sort(struct tab *t)
{
	if (t->n > 1)
		qsort(t->rows, t->n, sizeof(*t->rows), trow_cmp);
}

static void
tab_free(struct tab *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->rows[i].group);
		free(t->rows[i].series);
		free(t->rows[i].phase);
		free(t->rows[i].workload);
		free(t->rows[i].iteration);
		strv_free(&t->rows[i].files);
	}
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

/* The rows [*i, end) of the group starting at *i. */
static size_t
group_end(const struct tab *t, size_t i)
{
	size_t e = i;

	while (e < t->n && strcmp(t->rows[e].group, t->rows[i].group) == 0)
		e++;
	return e;
}

/* --- helpers --------------------------------------------------------- */

static void
cell_text(struct sbuf *b, const json_t *r)
{
	const char *parts[3] = { sc(r, "phase"), sc(r, "workload"),
	    sc(r, "iteration") };
	bool any = false;

	for (size_t i = 0; i < 3; i++) {
		if (parts[i] == NULL)
			continue;
		if (any)
			sbuf_addc(b, '/');
		sbuf_adds(b, parts[i]);
		any = true;
	}
	if (!any)
		sbuf_adds(b, "bundle");
}

static bool
is_measure(const json_t *r)
{
	return strcmp(rec_get_str(r, "kind"), "measure") == 0;
}

/* Whether how names a simulator's trace: s2r-trace-stats writes the
 * header's "trace mode <mode>" into requests.count; BLIS writes mode
 * generated (blis run) or replayed (blis replay), real runs mode real. */
static bool
how_says_sim(const json_t *r)
{
	const char *how = rec_get_str(json_object_get(r, "source"), "how");

	return how != NULL && (strstr(how, "trace mode sim") != NULL ||
	    strstr(how, "trace mode generated") != NULL ||
	    strstr(how, "trace mode replayed") != NULL);
}

/* The trace files whose records say they are a simulator's. */
static void
sim_files(const struct evidence *ev, struct strv *files)
{
	for (size_t i = 0; i < ev->n; i++) {
		const char *f = rec_get_str(json_object_get(ev->r[i], "source"),
		    "file");

		if (is_measure(ev->r[i]) && f != NULL && how_says_sim(ev->r[i])
		    && strv_find(files, f) < 0)
			strv_add(files, f);
	}
}

/* The worst verdict of check in (workload, phase) whose metric starts
 * with prefix; NULL arguments match anything.  NULL: no such verdict. */
static const char *
worst_of(const struct report *rep, const char *check, const char *workload,
    const char *phase, const char *prefix)
{
	int worst = -1;

	for (size_t i = 0; i < rep->n; i++) {
		const json_t *v = rep->all[i];
		const char *m = rec_get_str(v, "metric");
		int val;

		if (strcmp(rec_get_str(v, "check"), check) != 0)
			continue;
		if (workload != NULL && (sc(v, "workload") == NULL ||
		    strcmp(sc(v, "workload"), workload) != 0))
			continue;
		if (phase != NULL && sc(v, "phase") != NULL &&
		    strcmp(sc(v, "phase"), phase) != 0)
			continue;
		if (prefix != NULL && (m == NULL || !str_has_prefix(m, prefix)))
			continue;
		val = judge_verdict_of(rec_get_str(v, "verdict"));
		if (worst < 0 || report_rank(val) > report_rank(worst))
			worst = val;
	}
	return worst < 0 ? NULL : judge_verdict_names[worst];
}

/* The source files of rows [b, e), sorted, the first few named. */
static void
files_text(struct sbuf *out, const struct tab *t, size_t b, size_t e)
{
	struct strv files = {0};

	for (size_t i = b; i < e; i++)
		for (size_t k = 0; k < t->rows[i].files.n; k++)
			if (strv_find(&files, t->rows[i].files.v[k]) < 0)
				strv_add(&files, t->rows[i].files.v[k]);
	strv_sort(&files);
	for (size_t i = 0; i < files.n && i < MAX_FILES; i++) {
		if (i > 0)
			sbuf_adds(out, ", ");
		sbuf_adds(out, files.v[i]);
	}
	if (files.n > MAX_FILES)
		sbuf_printf(out, " and %zu more", files.n - MAX_FILES);
	if (files.n == 0)
		sbuf_adds(out, "(no file named)");
	strv_free(&files);
}

struct page {
	struct sbuf	*o;
	const struct report *rep;
	const struct evidence *ev;
	size_t		 charts;
	struct strv	 missing;	/* charts not drawn and why */
	unsigned	 seq;		/* chart ids */
	struct strv	 simfiles;	/* see sim_files */
};

/* A latency or token record is the simulator's when it says so or comes
 * from a file whose other records say so. */
static bool
is_sim_trace(const struct page *pg, const json_t *r)
{
	const char *f = rec_get_str(json_object_get(r, "source"), "file");

	return how_says_sim(r) || (f != NULL && strv_find(&pg->simfiles, f) >=
	    0);
}

/* The points or bins array of r with at least one entry, else NULL. */
static const json_t *
rec_array(const json_t *r, const char *key)
{
	const json_t *a = json_object_get(r, key);

	return json_is_array(a) && json_array_size(a) > 0 ? a : NULL;
}

/* Entry k of row i of a points/bins array; NAN when absent or null. */
static double
cell_num(const json_t *a, size_t i, size_t k)
{
	const json_t *v = json_array_get(json_array_get(a, i), k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

static void
figure(struct page *pg, struct svg_chart *c, const char *caption)
{
	char id[32];

	snprintf(id, sizeof(id), "chart-%u", ++pg->seq);
	c->id = id;
	sbuf_adds(pg->o, "<figure>\n");
	svg_chart(pg->o, c);
	if (caption != NULL) {
		sbuf_adds(pg->o, "<figcaption>");
		html_escape(pg->o, caption);
		sbuf_adds(pg->o, "</figcaption>\n");
	}
	sbuf_adds(pg->o, "</figure>\n");
	pg->charts++;
}

/* --- latency CDFs (A3) ---------------------------------------------- */

static const char *const lat_slots[] = { "min", "p50", "p90", "p99", "max" };
static const double lat_q[] = { 0, 0.5, 0.9, 0.99, 1 };
#define NLAT 5

static int
slot_of(const char *suffix, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(suffix, names[i]) == 0)
			return (int)i;
	return -1;
}

/* Whether workload w has latency records of two or more SLO classes:
 * otherwise a per-class chart would repeat the all-classes one. */
static bool
several_classes(const struct evidence *ev, const char *fam, const char *w)
{
	const char *first = NULL;
	size_t flen = strlen(fam);

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric"), *cls = sc(r, "class");

		if (!is_measure(r) || m == NULL || cls == NULL ||
		    strncmp(m, fam, flen) != 0 || sc(r, "workload") == NULL ||
		    w == NULL || strcmp(sc(r, "workload"), w) != 0)
			continue;
		if (first == NULL)
			first = cls;
		else if (strcmp(first, cls) != 0)
			return true;
	}
	return false;
}

/* The chart (workload and class) and series (side and phase) names of a
 * latency record. */
static void
lat_names(struct sbuf *g, struct sbuf *s, const json_t *r, bool sim)
{
	const char *cls = sc(r, "class");

	sbuf_reset(g);
	sbuf_reset(s);
	sbuf_printf(g, "workload %s, %s%s%s",
	    sc(r, "workload") ? sc(r, "workload") : "(none)",
	    cls == NULL ? "all classes" : "class ",
	    cls != NULL && *cls == '\0' ? "(unset)" : "",
	    cls != NULL ? cls : "");
	sbuf_adds(s, sim ? "sim " : "real ");
	sbuf_adds(s, sc(r, "phase") ? sc(r, "phase") : "");
	if (sc(r, "iteration") != NULL)
		sbuf_printf(s, "/%s", sc(r, "iteration"));
}

/* Summary quantiles (min, p50, p90, p99, max): the fallback when no
 * .cdf record exists. */
static void
lat_collect(struct page *pg, struct tab *t, const char *fam)
{
	const struct evidence *ev = pg->ev;
	size_t flen = strlen(fam);
	struct sbuf g = {0}, s = {0};

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric"), *cls;
		double v;
		int slot;

		if (!is_measure(r) || m == NULL || strncmp(m, fam, flen) != 0 ||
		    m[flen] != '.' || !rec_get_num(r, "value", &v))
			continue;
		if ((slot = slot_of(m + flen + 1, lat_slots, NLAT)) < 0)
			continue;
		cls = sc(r, "class");
		if (cls != NULL && !several_classes(ev, fam, sc(r, "workload")))
			continue;
		lat_names(&g, &s, r, is_sim_trace(pg, r));
		tab_put(t, sbuf_str(&g), sbuf_str(&s), slot, v, r);
		tab_row(t, sbuf_str(&g), sbuf_str(&s), r)->sim =
		    is_sim_trace(pg, r);
	}
	sbuf_free(&g);
	sbuf_free(&s);
}

/* <fam>.cdf records (s2r-trace-stats): 101 exact quantiles each. */
static void
cdf_collect(struct page *pg, struct tab *t, const char *fam)
{
	const struct evidence *ev = pg->ev;
	struct sbuf g = {0}, s = {0};
	char metric[32];

	snprintf(metric, sizeof(metric), "%s.cdf", fam);
	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric"), *cls = sc(r, "class");
		bool sim;

		if (!is_measure(r) || m == NULL || strcmp(m, metric) != 0 ||
		    rec_array(r, "points") == NULL)
			continue;
		if (cls != NULL && !several_classes(ev, fam, sc(r, "workload")))
			continue;
		sim = is_sim_trace(pg, r);
		lat_names(&g, &s, r, sim);
		tab_rec(t, sbuf_str(&g), sbuf_str(&s), r)->sim = sim;
	}
	sbuf_free(&g);
	sbuf_free(&s);
}

static bool
has_group(const struct tab *t, const char *group)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->rows[i].group, group) == 0)
			return true;
	return false;
}

/* One x/y curve per row from its record's points: x = entry xk, y =
 * entry yk.  Labels get the record's n.  Returns the points kept. */
static size_t
curves_of(const struct tab *t, size_t b, size_t e, size_t xk, size_t yk,
    struct svg_series *ss, double **xs, double **ys, struct sbuf *labels)
{
	size_t total = 0;

	for (size_t i = b; i < e; i++) {
		const json_t *pts = rec_array(t->rows[i].rec, "points");
		size_t n = pts ? json_array_size(pts) : 0;
		struct svg_series *se = &ss[i - b];
		double cnt;

		xs[i - b] = xcalloc(n + 1, sizeof(double));
		ys[i - b] = xcalloc(n + 1, sizeof(double));
		for (size_t k = 0; k < n; k++) {
			xs[i - b][k] = cell_num(pts, k, xk);
			ys[i - b][k] = cell_num(pts, k, yk);
		}
		sbuf_adds(&labels[i - b], t->rows[i].series);
		if (rec_get_num(t->rows[i].rec, "n", &cnt))
			sbuf_printf(&labels[i - b], " (n=%.0f)", cnt);
		se->label = sbuf_str(&labels[i - b]);
		se->x = xs[i - b];
		se->y = ys[i - b];
		se->n = n;
		se->color = palette[(i - b) % NPALETTE];
		se->dashed = t->rows[i].sim;
		total += n;
	}
	return total;
}

static void
curves_free(size_t n, double **xs, double **ys, struct sbuf *labels,
    struct svg_series *ss)
{
	for (size_t i = 0; i < n; i++) {
		free(xs[i]);
		free(ys[i]);
		sbuf_free(&labels[i]);
	}
	free(xs);
	free(ys);
	free(labels);
	free(ss);
}

/* What every latency CDF chart shares: the axes, the source line (head,
 * then the files), the colour of the verdict on prefix, the caption. */
static void
cdf_figure(struct page *pg, struct svg_chart *c, const struct tab *t,
    size_t b, size_t e, const char *name, const char *src_head,
    const char *workload, const char *prefix, const char *caption)
{
	struct sbuf xl = {0}, src = {0};

	sbuf_printf(&xl, "%s (ms)", name);
	sbuf_adds(&src, src_head);
	files_text(&src, t, b, e);
	c->xlabel = sbuf_str(&xl);
	c->ylabel = "fraction of requests \xe2\x89\xa4 x";
	c->source = sbuf_str(&src);
	c->status = worst_of(pg->rep, "A3", workload, NULL, prefix);
	c->y_from_zero = true;
	c->ymax_hint = 1;
	figure(pg, c, caption);
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
	s->color = palette[color % NPALETTE];
	s->dashed = t->rows[i].sim;
}

static void
cdf_chart(struct page *pg, const struct tab *t, size_t b, size_t e,
    const char *fam, const char *name)
{
	size_t n = e - b;
	struct svg_series *ss = xcalloc(n, sizeof(*ss));
	double **xs = xcalloc(n, sizeof(*xs)), **ys = xcalloc(n, sizeof(*ys));
	struct sbuf *labels = xcalloc(n, sizeof(*labels));
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};
	char prefix[32];

	curves_of(t, b, e, 1, 0, ss, xs, ys, labels);
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
	curves_free(n, xs, ys, labels, ss);
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

		if (!is_measure(r) || m == NULL || !rec_get_num(r, "value", &v))
			continue;
		for (int sd = 0; sd < 2; sd++) {
			int slot;

			snprintf(pre, sizeof(pre), "%s.%s.", sides[sd], fam);
			if (!str_has_prefix(m, pre) || (slot = slot_of(m +
			    strlen(pre), align_q, NALIGNQ)) < 0)
				continue;
			sbuf_reset(&g);
			cell_text(&g, r);
			tab_put(t, sbuf_str(&g), sd ? "sim (s2r-latency)" :
			    "real (s2r-latency)", slot, v, r);
			tab_row(t, sbuf_str(&g), sd ? "sim (s2r-latency)" :
			    "real (s2r-latency)", r)->sim = sd == 1;
		}
	}
	sbuf_free(&g);
}

static void
align_chart(struct page *pg, const struct tab *t, size_t b, size_t e,
    const char *fam, const char *name)
{
	struct svg_series ss[2] = {{0}};
	double xs[2][NALIGNQ], ys[2][NALIGNQ];
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};
	size_t ns = 0;
	char prefix[48];

	for (size_t i = b; i < e && ns < 2; i++, ns++)
		quantile_series(t, i, align_qv, NALIGNQ, xs[ns], ys[ns], &ss[ns],
		    ns);
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
lat_chart(struct page *pg, struct tab *t, size_t b, size_t e,
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

static void
latency_charts(struct page *pg)
{
	static const char *const fams[][2] = {
		{ "ttft_ms", "TTFT" }, { "tpot_ms", "TPOT" }, { "e2e_ms", "E2E" }
	};
	bool summaries = false;

	sbuf_adds(pg->o, "<h3 id=\"charts-latency\">Latency distributions "
	    "(A3)</h3>\n");
	for (size_t f = 0; f < 3; f++) {
		struct tab cdf = {0}, t = {0}, al = {0};

		cdf_collect(pg, &cdf, fams[f][0]);
		tab_sort(&cdf);
		lat_collect(pg, &t, fams[f][0]);
		tab_sort(&t);
		align_collect(&al, pg->ev, fams[f][0]);
		tab_sort(&al);
		if (cdf.n == 0 && t.n == 0 && al.n == 0) {
			char msg[128];

			snprintf(msg, sizeof(msg), "%s CDF: no %s.* measure "
			    "records (s2r-trace-stats, s2r-latency)", fams[f][1],
			    fams[f][0]);
			strv_add(&pg->missing, msg);
		}
		for (size_t b = 0; b < cdf.n; b = group_end(&cdf, b))
			cdf_chart(pg, &cdf, b, group_end(&cdf, b), fams[f][0],
			    fams[f][1]);
		for (size_t b = 0; b < t.n; b = group_end(&t, b)) {
			if (has_group(&cdf, t.rows[b].group))
				continue;
			lat_chart(pg, &t, b, group_end(&t, b), fams[f][0],
			    fams[f][1]);
			summaries = true;
		}
		for (size_t b = 0; b < al.n; b = group_end(&al, b))
			align_chart(pg, &al, b, group_end(&al, b), fams[f][0],
			    fams[f][1]);
		tab_free(&cdf);
		tab_free(&t);
		tab_free(&al);
	}
	if (summaries)
		strv_add(&pg->missing, "Latency CDFs drawn from five summary "
		    "quantiles where no .cdf records were given (s2r-trace-stats "
		    "writes them)");
}

/* --- per-instance runtime (5b, 5f) ---------------------------------- */

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
		const char *inst = sc(r, "instance");
		double v;
		int slot;

		if (!is_measure(r) || m == NULL || inst == NULL ||
		    !rec_get_num(r, "value", &v))
			continue;
		if ((slot = slot_of(m, inst_metrics, NSLOT)) < 0)
			continue;
		sbuf_reset(&g);
		cell_text(&g, r);
		tab_put(t, sbuf_str(&g), inst, slot, v, r);
	}
	sbuf_free(&g);
}

/* A bar chart over the instances of one cell; parts[] names the slots
 * drawn as series.  Returns false when no instance has any of them. */
static bool
inst_chart(struct page *pg, const struct tab *t, size_t b, size_t e,
    const int *parts, const char *const *labels, size_t nparts,
    const char *title, const char *ylabel, const char *status,
    const char *what)
{
	const char **cats = xcalloc(e - b, sizeof(*cats));
	double *vals = xcalloc((e - b) * nparts + 1, sizeof(*vals));
	struct svg_series ss[NSLOT] = {{0}};
	struct sbuf tt = {0}, src = {0}, lab[NSLOT] = {{0}};
	struct svg_chart c = {0};
	size_t ncat = 0, any = 0;

	for (size_t i = b; i < e && ncat < MAX_BARS; i++)
		cats[ncat++] = t->rows[i].series;
	for (size_t p = 0; p < nparts; p++) {
		for (size_t i = 0; i < ncat; i++) {
			const struct trow *w = &t->rows[b + i];

			vals[p * ncat + i] = w->has[parts[p]] ?
			    w->v[parts[p]] : NAN;
			any += w->has[parts[p]];
		}
		sbuf_adds(&lab[p], labels[p]);
		if (status != NULL && nparts == 1)
			sbuf_printf(&lab[p], " (%s)", status);
		ss[p].label = sbuf_str(&lab[p]);
		ss[p].y = vals + p * ncat;
		ss[p].n = ncat;
		ss[p].color = nparts == 1 && status != NULL ?
		    svg_verdict_color(status) : palette[p % NPALETTE];
	}
	if (any > 0) {
		sbuf_printf(&tt, "%s \xe2\x80\x94 %s", title, t->rows[b].group);
		sbuf_printf(&src, "%s measure records (s2r-log-extract) from ",
		    what);
		files_text(&src, t, b, e);
		if (e - b > ncat)
			sbuf_printf(&src, "; first %zu of %zu instances",
			    ncat, e - b);
		c.title = sbuf_str(&tt);
		c.xlabel = "instance";
		c.ylabel = ylabel;
		c.source = sbuf_str(&src);
		c.status = status;
		c.kind = SVG_BARS;
		c.cats = cats;
		c.ncats = ncat;
		c.series = ss;
		c.nseries = nparts;
		figure(pg, &c, NULL);
	}
	for (size_t p = 0; p < NSLOT; p++)
		sbuf_free(&lab[p]);
	sbuf_free(&tt);
	sbuf_free(&src);
	free(cats);
	free(vals);
	return any > 0;
}

#define MAX_CURVES	16	/* instances per over-time chart */

/* stats.series records (s2r-log-extract): per cell, a curve per
 * instance (and DP rank). */
static void
series_collect(struct tab *t, const struct evidence *ev)
{
	struct sbuf g = {0}, s = {0};

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");

		if (!is_measure(r) || m == NULL || strcmp(m, "stats.series") !=
		    0 || sc(r, "instance") == NULL ||
		    rec_array(r, "points") == NULL)
			continue;
		sbuf_reset(&g);
		sbuf_reset(&s);
		cell_text(&g, r);
		sbuf_adds(&s, sc(r, "instance"));
		if (sc(r, "rank") != NULL)
			sbuf_printf(&s, " rank %s", sc(r, "rank"));
		tab_rec(t, sbuf_str(&g), sbuf_str(&s), r);
	}
	sbuf_free(&g);
	sbuf_free(&s);
}

/* Over-time curves of column col (and, when col2 > 0, column col2
 * dashed in the same colour) for the instances of one cell. */
static void
series_chart(struct page *pg, const struct tab *t, size_t b, size_t e,
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
			const json_t *pts = rec_array(t->rows[b + i].rec,
			    "points");
			size_t np = json_array_size(pts), j = i * per + k;

			xs[j] = xcalloc(np + 1, sizeof(double));
			ys[j] = xcalloc(np + 1, sizeof(double));
			for (size_t p = 0; p < np; p++) {
				xs[j][p] = cell_num(pts, p, 0);
				ys[j][p] = cell_num(pts, p, k ? col2 : col);
			}
			sbuf_adds(&labels[j], t->rows[b + i].series);
			if (per > 1)
				sbuf_printf(&labels[j], " %s", k ? what2 : what);
			ss[j].label = sbuf_str(&labels[j]);
			ss[j].x = xs[j];
			ss[j].y = ys[j];
			ss[j].n = np;
			ss[j].color = palette[i % NPALETTE];
			ss[j].dashed = k == 1 || (per == 1 && i >= NPALETTE);
		}
	}
	sbuf_printf(&tt, "%s \xe2\x80\x94 %s", title, t->rows[b].group);
	sbuf_printf(&src, "stats.series measure records (s2r-log-extract: the "
	    "vLLM 'Engine NNN:' stats lines, %s; at most 240 points, bucket "
	    "maxima when downsampled) from ", per > 1 ? "Waiting and Running" :
	    what);
	files_text(&src, t, b, e);
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
	figure(pg, &c, per > 1 ? "Solid: waiting (queued in vLLM); dashed: "
	    "running. One colour per instance." : NULL);
	sbuf_free(&tt);
	sbuf_free(&src);
	curves_free(n, xs, ys, labels, ss);
}

static bool
cell_has_series(const struct tab *series, const char *cell)
{
	return has_group(series, cell);
}

static void
instance_charts(struct page *pg)
{
	static const int req[] = { I_REQ };
	static const int kv[] = { I_KVMIN, I_KVMEAN, I_KVMAX, I_KVLAST };
	static const int q[] = { I_WMEAN, I_WMAX, I_RMEAN };
	static const char *const reql[] = { "requests" };
	static const char *const kvl[] = { "min", "mean", "max", "last" };
	static const char *const ql[] = { "waiting mean", "waiting max",
	    "running mean" };
	struct tab t = {0}, st = {0};
	bool any_req = false, any_kv = false, any_q = false, any_sum = false;

	inst_collect(&t, pg->ev);
	tab_sort(&t);
	series_collect(&st, pg->ev);
	tab_sort(&st);
	sbuf_adds(pg->o, "<h3 id=\"charts-instances\">Instances: request "
	    "spread, KV cache, queue depth (5b, 5f)</h3>\n");
	for (size_t b = 0; b < t.n; b = group_end(&t, b)) {
		size_t e = group_end(&t, b);
		const struct trow *w = &t.rows[b];

		any_req |= inst_chart(pg, &t, b, e, req, reql, 1,
		    "Requests per instance", "requests (count)",
		    worst_of(pg->rep, "5b", w->workload, w->phase,
		    "instance."), "instance.requests");
		if (cell_has_series(&st, w->group))
			continue;
		any_sum = true;
		any_kv |= inst_chart(pg, &t, b, e, kv, kvl, 4,
		    "KV-cache usage per instance", "KV-cache usage (%)",
		    worst_of(pg->rep, "5f", w->workload, w->phase, NULL),
		    "stats.kv_cache_usage_pct.{min,mean,max,last} (vLLM "
		    "periodic stats lines)");
		any_q |= inst_chart(pg, &t, b, e, q, ql, 3,
		    "Queue depth per instance", "requests",
		    NULL, "stats.waiting / stats.running (vLLM periodic "
		    "stats lines)");
	}
	if (!any_req)
		strv_add(&pg->missing, "Requests per instance: no "
		    "instance.requests records (s2r-log-extract)");
	for (size_t b = 0; b < st.n; b = group_end(&st, b)) {
		size_t e = group_end(&st, b);
		const struct trow *w = &st.rows[b];

		series_chart(pg, &st, b, e, 1, "KV-cache usage", 0, NULL,
		    "KV-cache usage over time", "KV-cache usage (%)",
		    worst_of(pg->rep, "5f", w->workload, w->phase, NULL));
		series_chart(pg, &st, b, e, 3, "waiting", 2, "running",
		    "Queue depth over time", "requests (count)", NULL);
	}
	if (!any_kv && st.n == 0)
		strv_add(&pg->missing, "KV-cache usage: no stats.series or "
		    "stats.kv_cache_usage_pct records (s2r-log-extract)");
	if (!any_q && st.n == 0)
		strv_add(&pg->missing, "Queue depth: no stats.series or "
		    "stats.waiting records (s2r-log-extract)");
	if (any_sum && (any_kv || any_q))
		strv_add(&pg->missing, "KV-cache usage and queue depth: cells "
		    "without stats.series records are drawn from per-instance "
		    "summaries (min, mean, max, last of the vLLM stats lines)");
	tab_free(&t);
	tab_free(&st);
}

/* --- token lengths (1c, 1d) ----------------------------------------- */

static const char *const tok_slots[] = { "min", "mean", "stdev", "p50",
	"p90", "p99", "max" };
#define NTOK 7

static void
tok_collect(struct tab *t, const struct evidence *ev, const char *fam)
{
	size_t flen = strlen(fam);
	struct sbuf g = {0};

	/* Measured first: they define the cells (charts). */
	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		double v;
		int slot;

		if (!is_measure(r) || m == NULL || strncmp(m, fam, flen) != 0 ||
		    m[flen] != '.' || sc(r, "class") != NULL ||
		    !rec_get_num(r, "value", &v))
			continue;
		if ((slot = slot_of(m + flen + 1, tok_slots, NTOK)) < 0)
			continue;
		sbuf_reset(&g);
		cell_text(&g, r);
		tab_put(t, sbuf_str(&g), "measured (real trace)", slot, v, r);
	}
	/* Then the sim spec's expectation, into every cell it applies to. */
	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		size_t n = t->n;
		double v;
		int slot;

		if (strcmp(rec_get_str(r, "kind"), "expect") != 0 || m == NULL ||
		    strncmp(m, fam, flen) != 0 || m[flen] != '.' ||
		    !rec_get_num(r, "value", &v))
			continue;
		if ((slot = slot_of(m + flen + 1, tok_slots, NTOK)) < 0)
			continue;
		for (size_t k = 0; k < n; k++) {
			struct trow *w = &t->rows[k];

			if (w->workload == NULL || sc(r, "workload") == NULL ||
			    strcmp(w->workload, sc(r, "workload")) != 0)
				continue;
			if (sc(r, "phase") != NULL && (w->phase == NULL ||
			    strcmp(sc(r, "phase"), w->phase) != 0))
				continue;
			tab_put(t, t->rows[k].group, "expected (sim spec)",
			    slot, v, r);
			tab_row(t, t->rows[k].group, "expected (sim spec)",
			    r)->sim = true;
		}
	}
	sbuf_free(&g);
}

/* <fam>.hist records (s2r-trace-stats), a chart per cell. */
static void
hist_collect(struct page *pg, struct tab *t, const char *fam)
{
	struct sbuf g = {0};
	char metric[48];

	snprintf(metric, sizeof(metric), "%s.hist", fam);
	for (size_t i = 0; i < pg->ev->n; i++) {
		const json_t *r = pg->ev->r[i];
		const char *m = rec_get_str(r, "metric");
		bool sim;

		if (!is_measure(r) || m == NULL || strcmp(m, metric) != 0 ||
		    sc(r, "class") != NULL || rec_array(r, "bins") == NULL)
			continue;
		sim = is_sim_trace(pg, r);
		sbuf_reset(&g);
		cell_text(&g, r);
		tab_rec(t, sbuf_str(&g), sim ? "measured (sim trace)" :
		    "measured (real trace)", r)->sim = sim;
	}
	sbuf_free(&g);
}

static bool
same_str(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* The value of the expect (or, with hist, the measure from the same file
 * and cell) record of metric for row w; NAN when there is none. */
static double
hist_ref(const struct evidence *ev, const struct trow *w, const char *kind,
    const char *metric, const json_t *hist, struct strv *files)
{
	const char *hfile = rec_get_str(json_object_get(hist, "source"),
	    "file");

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		const char *f = rec_get_str(json_object_get(r, "source"), "file");
		double v;

		if (strcmp(rec_get_str(r, "kind"), kind) != 0 || m == NULL ||
		    strcmp(m, metric) != 0 || sc(r, "class") != NULL ||
		    !rec_get_num(r, "value", &v))
			continue;
		if (!same_str(sc(r, "workload"), w->workload))
			continue;
		if (strcmp(kind, "expect") == 0) {
			if (w->workload == NULL || (sc(r, "phase") != NULL &&
			    !same_str(sc(r, "phase"), w->phase)))
				continue;
		} else if (!same_str(sc(r, "phase"), w->phase) ||
		    !same_str(sc(r, "iteration"), w->iteration) ||
		    !same_str(f, hfile))
			continue;
		if (f != NULL && strv_find(files, f) < 0)
			strv_add(files, f);
		return v;
	}
	return NAN;
}

static void
hist_chart(struct page *pg, const struct tab *t, size_t b, const char *fam,
    const char *name, const char *check)
{
	const struct trow *w = &t->rows[b];
	const json_t *bins = rec_array(w->rec, "bins");
	size_t n = json_array_size(bins);
	double *x = xcalloc(n + 1, sizeof(*x)), *y = xcalloc(n + 1, sizeof(*y));
	double mean, sd, meas;
	struct svg_series se = {0};
	struct svg_marker mk[4];
	struct sbuf tt = {0}, src = {0}, lab = {0}, metric = {0};
	struct strv files = {0};
	struct svg_chart c = {0};
	size_t nmk = 0;
	double cnt;

	for (size_t i = 0; i < n; i++) {
		x[i] = cell_num(bins, i, 0);
		x[i + 1] = cell_num(bins, i, 1);
		y[i] = cell_num(bins, i, 2);
	}
	sbuf_adds(&lab, w->series);
	if (rec_get_num(w->rec, "n", &cnt))
		sbuf_printf(&lab, " (n=%.0f)", cnt);
	se.label = sbuf_str(&lab);
	se.x = x;
	se.y = y;
	se.n = n;
	se.color = palette[0];
	sbuf_printf(&metric, "%s.mean", fam);
	mean = hist_ref(pg->ev, w, "expect", sbuf_str(&metric), w->rec, &files);
	meas = hist_ref(pg->ev, w, "measure", sbuf_str(&metric), w->rec,
	    &files);
	sbuf_reset(&metric);
	sbuf_printf(&metric, "%s.stdev", fam);
	sd = hist_ref(pg->ev, w, "expect", sbuf_str(&metric), w->rec, &files);
	if (isfinite(mean)) {
		mk[nmk++] = (struct svg_marker){ mean, "expected mean (sim "
		    "spec)", palette[1], false };
		if (isfinite(sd)) {
			mk[nmk++] = (struct svg_marker){ mean - sd,
			    "expected mean \xe2\x88\x92 stdev", palette[1],
			    true };
			mk[nmk++] = (struct svg_marker){ mean + sd,
			    "expected mean + stdev", palette[1], true };
		}
	}
	if (isfinite(meas))
		mk[nmk++] = (struct svg_marker){ meas, "measured mean",
		    palette[2], false };
	sbuf_printf(&tt, "%s histogram \xe2\x80\x94 %s", name, w->group);
	sbuf_printf(&src, "%s.hist (bins) and %s.mean measure records "
	    "(s2r-trace-stats), %s.{mean,stdev} expect records (s2r-expect: "
	    "exact moments of BLIS's sampler) from ", fam, fam, fam);
	for (size_t i = 0; i < w->files.n; i++)
		if (strv_find(&files, w->files.v[i]) < 0)
			strv_add(&files, w->files.v[i]);
	strv_sort(&files);
	for (size_t i = 0; i < files.n && i < MAX_FILES; i++)
		sbuf_printf(&src, "%s%s", i ? ", " : "", files.v[i]);
	if (files.n > MAX_FILES)
		sbuf_printf(&src, " and %zu more", files.n - MAX_FILES);
	c.title = sbuf_str(&tt);
	c.xlabel = fam[0] == 'i' ? "input tokens per request (tokens)" :
	    "output tokens per request (tokens)";
	c.ylabel = "requests (count)";
	c.source = sbuf_str(&src);
	c.status = worst_of(pg->rep, check, w->workload, w->phase, NULL);
	c.kind = SVG_HIST;
	c.series = &se;
	c.nseries = 1;
	c.markers = mk;
	c.nmarkers = nmk;
	figure(pg, &c, isfinite(mean) ? "Bins [lo, hi) of the measured "
	    "lengths; vertical lines: the sim spec's expected mean and one "
	    "standard deviation either side, and the measured mean." :
	    "Bins [lo, hi) of the measured lengths; no expect record for "
	    "this workload, so no expected distribution is marked.");
	strv_free(&files);
	sbuf_free(&tt);
	sbuf_free(&src);
	sbuf_free(&lab);
	sbuf_free(&metric);
	free(x);
	free(y);
}

static void
token_charts(struct page *pg)
{
	static const char *const fams[][3] = {
		{ "input_tokens", "Input tokens", "1c" },
		{ "output_tokens", "Output tokens", "1d" }
	};

	sbuf_adds(pg->o, "<h3 id=\"charts-tokens\">Token lengths against the "
	    "expected distribution (1c, 1d)</h3>\n");
	bool summaries = false;

	for (size_t f = 0; f < 2; f++) {
		struct tab t = {0}, h = {0};

		hist_collect(pg, &h, fams[f][0]);
		tab_sort(&h);
		for (size_t b = 0; b < h.n; b = group_end(&h, b))
			for (size_t i = b; i < group_end(&h, b); i++)
				hist_chart(pg, &h, i, fams[f][0], fams[f][1],
				    fams[f][2]);
		tok_collect(&t, pg->ev, fams[f][0]);
		tab_sort(&t);
		for (size_t b = 0; b < t.n; b = group_end(&t, b)) {
			size_t e = group_end(&t, b), ns = 0;
			double vals[2][NTOK];
			struct svg_series ss[2] = {{0}};
			struct sbuf tt = {0}, src = {0};
			struct svg_chart c = {0};

			if (has_group(&h, t.rows[b].group))
				continue;
			summaries = true;
			for (size_t i = b; i < e && ns < 2; i++, ns++) {
				for (size_t k = 0; k < NTOK; k++)
					vals[ns][k] = t.rows[i].has[k] ?
					    t.rows[i].v[k] : NAN;
				ss[ns].label = t.rows[i].series;
				ss[ns].y = vals[ns];
				ss[ns].n = NTOK;
				ss[ns].color = palette[ns];
			}
			sbuf_printf(&tt, "%s \xe2\x80\x94 %s", fams[f][1],
			    t.rows[b].group);
			sbuf_printf(&src, "%s.* measure (s2r-trace-stats) and "
			    "expect (s2r-expect: exact moments of BLIS's "
			    "sampler) records from ", fams[f][0]);
			files_text(&src, &t, b, e);
			c.title = sbuf_str(&tt);
			c.xlabel = "statistic";
			c.ylabel = "tokens";
			c.source = sbuf_str(&src);
			c.status = worst_of(pg->rep, fams[f][2],
			    t.rows[b].workload, t.rows[b].phase, NULL);
			c.kind = SVG_BARS;
			c.cats = tok_slots;
			c.ncats = NTOK;
			c.series = ss;
			c.nseries = ns;
			figure(pg, &c, "Summary statistics side by side: the "
			    "records carry moments and quantiles, not a "
			    "histogram.");
			sbuf_free(&tt);
			sbuf_free(&src);
		}
		if (t.n == 0 && h.n == 0)
			strv_add(&pg->missing, f == 0 ? "Input tokens: no "
			    "input_tokens.* measure records" : "Output tokens: "
			    "no output_tokens.* measure records");
		tab_free(&t);
		tab_free(&h);
	}
	if (summaries)
		strv_add(&pg->missing, "Token lengths: cells without .hist "
		    "records (s2r-trace-stats writes them) are drawn as summary "
		    "statistics against the expected moments");
}

/* --- alignment (A1 ops, A2 duty cycle) ------------------------------ */

static void
scope_rest(struct sbuf *g, const json_t *r, bool skip_iteration)
{
	const char *key;
	json_t *val;
	bool any = false;

	json_object_foreach(json_object_get(r, "scope"), key, val) {
		if (skip_iteration && strcmp(key, "iteration") == 0)
			continue;
		sbuf_printf(g, "%s%s %s", any ? ", " : "", key,
		    json_is_string(val) ? json_string_value(val) : "?");
		any = true;
	}
	if (!any)
		sbuf_adds(g, "all ranks");
}

static void
bar_chart_of(struct page *pg, const struct tab *t, size_t b, size_t e,
    const char *const *labels, size_t nparts, enum svg_kind kind,
    const char *title, const char *xlabel, const char *ylabel,
    const char *status, const char *what, const char *caption)
{
	const char **cats = xcalloc(e - b, sizeof(*cats));
	double *vals = xcalloc((e - b) * nparts + 1, sizeof(*vals));
	struct svg_series ss[NSLOT] = {{0}};
	struct sbuf tt = {0}, src = {0};
	struct svg_chart c = {0};
	size_t ncat = 0;

	for (size_t i = b; i < e && ncat < MAX_BARS; i++)
		cats[ncat++] = t->rows[i].series;
	for (size_t p = 0; p < nparts; p++) {
		for (size_t i = 0; i < ncat; i++)
			vals[p * ncat + i] = t->rows[b + i].has[p] ?
			    t->rows[b + i].v[p] : NAN;
		ss[p].label = labels[p];
		ss[p].y = vals + p * ncat;
		ss[p].n = ncat;
		ss[p].color = palette[p % NPALETTE];
	}
	sbuf_printf(&tt, "%s \xe2\x80\x94 %s", title, t->rows[b].group);
	sbuf_printf(&src, "%s from ", what);
	files_text(&src, t, b, e);
	if (e - b > ncat)
		sbuf_printf(&src, "; first %zu of %zu", ncat, e - b);
	c.title = sbuf_str(&tt);
	c.xlabel = xlabel;
	c.ylabel = ylabel;
	c.source = sbuf_str(&src);
	c.status = status;
	c.kind = kind;
	c.cats = cats;
	c.ncats = ncat;
	c.series = ss;
	c.nseries = nparts;
	figure(pg, &c, caption);
	sbuf_free(&tt);
	sbuf_free(&src);
	free(cats);
	free(vals);
}

static void
op_charts(struct page *pg)
{
	static const char *const labels[] = { "measured", "simulated" };
	struct tab t = {0};
	struct sbuf g = {0};

	for (size_t i = 0; i < pg->ev->n; i++) {
		const json_t *r = pg->ev->r[i];
		const char *op = rec_get_str(r, "op");
		double meas, sim;

		if (strcmp(rec_get_str(r, "kind"), "op") != 0 || op == NULL ||
		    sc(r, "iteration") != NULL)
			continue;
		sbuf_reset(&g);
		scope_rest(&g, r, false);
		if (rec_get_num(r, "meas_ns", &meas))
			tab_put(&t, sbuf_str(&g), op, 0, meas / 1e6, r);
		if (rec_get_num(r, "sim_ns", &sim))
			tab_put(&t, sbuf_str(&g), op, 1, sim / 1e6, r);
	}
	tab_sort(&t);
	for (size_t b = 0; b < t.n; b = group_end(&t, b))
		bar_chart_of(pg, &t, b, group_end(&t, b), labels, 2, SVG_BARS,
		    "Per-operation time, measured vs simulated", "operation",
		    "time over the trace (ms)", worst_of(pg->rep, "A1", NULL,
		    NULL, NULL), "op records (s2r-kernel-match: meas_ns, "
		    "sim_ns summed over iterations)", NULL);
	if (t.n == 0)
		strv_add(&pg->missing, "Per-operation time: no op records "
		    "(s2r-kernel-match; alignment runs only)");
	tab_free(&t);
	sbuf_free(&g);
}

static void
duty_charts(struct page *pg)
{
	static const char *const labels[] = { "measured (critical busy)",
	    "idle inside", "idle at boundary", "launch gap" };
	static const char *const keys[] = { "measured_ns", "idle_internal_ns",
	    "idle_boundary_ns", "gap_ns" };
	struct tab t = {0};
	struct sbuf g = {0};

	for (size_t i = 0; i < pg->ev->n; i++) {
		const json_t *r = pg->ev->r[i];
		const char *it = sc(r, "iteration");
		const char *win = rec_get_str(r, "window");

		if (strcmp(rec_get_str(r, "kind"), "duty") != 0 || it == NULL ||
		    win == NULL || strcmp(win, "iteration") != 0)
			continue;
		sbuf_reset(&g);
		scope_rest(&g, r, true);
		for (int k = 0; k < 4; k++) {
			double v;

			if (rec_get_num(r, keys[k], &v))
				tab_put(&t, sbuf_str(&g), it, k, v / 1e6, r);
		}
	}
	tab_sort(&t);
	for (size_t b = 0; b < t.n; b = group_end(&t, b))
		bar_chart_of(pg, &t, b, group_end(&t, b), labels, 4,
		    SVG_STACKED, "Duty-cycle decomposition per iteration",
		    "iteration", "time per iteration (ms)",
		    worst_of(pg->rep, "A2", NULL, NULL, NULL),
		    "duty records, window iteration (s2r-dutycycle: "
		    "cycle = measured + idle inside + idle at boundary + gap)",
		    "Stacked: the bar height is the iteration's cycle time.");
	if (t.n == 0)
		strv_add(&pg->missing, "Duty-cycle decomposition: no duty "
		    "records with window \"iteration\" (s2r-dutycycle; "
		    "alignment runs only)");
	tab_free(&t);
	sbuf_free(&g);
}

/* --- page ------------------------------------------------------------ */

static const char css[] =
	"body{font-family:sans-serif;margin:2em auto;max-width:72em;"
	"padding:0 1em;color:#24292f;line-height:1.4}\n"
	"table{border-collapse:collapse;margin:.5em 0 1em}\n"
	"th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;"
	"vertical-align:top}\n"
	"th{background:#f6f8fa}\n"
	"td.num{text-align:right}\n"
	".v-PASS{background:#dafbe1;color:#1a7f37;font-weight:bold}\n"
	".v-WARN{background:#fff8c5;color:#9a6700;font-weight:bold}\n"
	".v-FAIL{background:#ffebe9;color:#cf222e;font-weight:bold}\n"
	".v-MISSING{background:#fbefff;color:#8250df;font-weight:bold}\n"
	".v-INAPPLICABLE{background:#f6f8fa;color:#6e7781}\n"
	".v-ERROR{background:#ffebe9;color:#cf222e;font-weight:bold}\n"
	"figure{margin:1em 0;display:inline-block;vertical-align:top}\n"
	"figcaption{font-size:.85em;color:#57606a;max-width:680px}\n"
	"svg.chart{font-family:sans-serif;max-width:100%;height:auto}\n"
	"code,.src{font-family:monospace;font-size:.9em}\n"
	"details{margin:.3em 0 1em}\n";

void
html_begin(struct sbuf *o, const char *title)
{
	sbuf_adds(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width\">\n"
	    "<title>");
	html_escape(o, title);
	sbuf_printf(o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", css);
}

void
html_end(struct sbuf *o)
{
	sbuf_adds(o, "</body>\n</html>\n");
}

static void
verdict_cell(struct sbuf *o, const char *v)
{
	sbuf_printf(o, "<td class=\"v-%s\">%s</td>", v, v);
}

static void
count_cell(struct sbuf *o, int n, int verdict)
{
	if (n > 0 && verdict != V_PASS)
		sbuf_printf(o, "<td class=\"num v-%s\">%d</td>",
		    judge_verdict_names[verdict], n);
	else
		sbuf_printf(o, "<td class=\"num\">%d</td>", n);
}

static void
html_summary(struct sbuf *o, const struct report *rep)
{
	static const int order[] = { V_PASS, V_WARN, V_FAIL, V_INAPPLICABLE,
	    V_MISSING };

	sbuf_adds(o, "<h2 id=\"summary\">Summary</h2>\n<table class=\"summary\">"
	    "\n<tr><th>Category</th><th>PASS</th><th>WARN</th><th>FAIL</th>"
	    "<th>INAPPLICABLE</th><th>MISSING</th></tr>\n");
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		sbuf_printf(o, "<tr><td><a href=\"#cat-%d\">%s</a></td>", cat + 1,
		    judge_category_name(cat));
		for (size_t k = 0; k < 5; k++)
			count_cell(o, rep->cats[cat].counts[order[k]], order[k]);
		sbuf_adds(o, "</tr>\n");
	}
	sbuf_adds(o, "<tr><th>Total</th>");
	for (size_t k = 0; k < 5; k++)
		count_cell(o, rep->total[order[k]], order[k]);
	sbuf_adds(o, "</tr>\n</table>\n");
}

static void
html_value(struct sbuf *o, const json_t *side)
{
	json_t *v = json_object_get(side, "value");
	const char *unit = rec_get_str(side, "unit");
	char num[32];

	if (!json_is_object(side) || v == NULL || json_is_null(v)) {
		sbuf_adds(o, "\xe2\x80\x94");
		return;
	}
	if (json_is_number(v)) {
		double d = json_number_value(v);
		bool frac = unit != NULL && strcmp(unit, "fraction") == 0;

		judge_fmt_num(num, sizeof(num), frac ? d * 100 : d);
		html_escape(o, num);
		if (frac)
			sbuf_addc(o, '%');
		else if (unit != NULL && strcmp(unit, "count") != 0 &&
		    strcmp(unit, "cv") != 0) {
			sbuf_addc(o, ' ');
			html_escape(o, unit);
		}
	} else if (json_is_string(v)) {
		html_escape(o, json_string_value(v));
	} else if (json_is_boolean(v)) {
		sbuf_adds(o, json_is_true(v) ? "true" : "false");
	} else {
		char *dump = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS |
		    JSON_ENSURE_ASCII);

		html_escape(o, dump ? dump : "?");
		free(dump);
	}
}

static void
html_metric(struct sbuf *o, const json_t *v)
{
	const char *m = rec_get_str(v, "metric");
	const char *key;
	json_t *val;
	bool first = true;

	html_escape(o, m != NULL ? m : "(all)");
	json_object_foreach(json_object_get(v, "scope"), key, val) {
		if (strcmp(key, "phase") == 0 || strcmp(key, "workload") == 0 ||
		    strcmp(key, "iteration") == 0)
			continue;
		sbuf_adds(o, first ? " (" : ", ");
		html_escape(o, key);
		sbuf_addc(o, '=');
		html_escape(o, json_is_string(val) &&
		    *json_string_value(val) ? json_string_value(val) : "(none)");
		first = false;
	}
	if (!first)
		sbuf_addc(o, ')');
}

static void
html_source(struct sbuf *o, const json_t *side)
{
	struct sbuf s = {0};

	if (json_is_object(side))
		judge_source_text(&s, json_object_get(side, "source"));
	else
		sbuf_adds(&s, "none");
	html_escape(o, sbuf_str(&s));
	sbuf_free(&s);
}

static void
html_check(struct sbuf *o, const struct rep_check *k, int cat)
{
	const char *worst = judge_verdict_names[k->worst];

	sbuf_printf(o, "<h5>%s. ", k->check);
	html_escape(o, k->title);
	sbuf_printf(o, " \xe2\x80\x94 <span class=\"v-%s\">%s</span></h5>\n<ul>\n",
	    worst, worst);
	for (size_t i = 0; i < k->n; i++) {
		sbuf_adds(o, "<li>");
		html_metric(o, k->v[i]);
		sbuf_adds(o, ": ");
		html_escape(o, rec_get_str(k->v[i], "why"));
		sbuf_adds(o, "</li>\n");
	}
	sbuf_printf(o, "</ul>\n<table>\n<tr><th>Metric</th><th>%s</th><th>%s</th>"
	    "<th>Diff</th><th>Tolerance</th><th>Verdict</th></tr>\n",
	    cat == CAT_WORKLOAD ? "Sim Spec" : "Expected",
	    cat == CAT_WORKLOAD ? "Real Trace" : "Actual");
	for (size_t i = 0; i < k->n; i++) {
		const json_t *v = k->v[i];
		double d;
		char num[64];

		sbuf_adds(o, "<tr><td>");
		html_metric(o, v);
		sbuf_adds(o, "</td><td>");
		html_value(o, json_object_get(v, "expected"));
		sbuf_adds(o, "</td><td>");
		html_value(o, json_object_get(v, "actual"));
		sbuf_adds(o, "</td><td>");
		if (rec_get_num(json_object_get(v, "diff"), "value", &d)) {
			judge_fmt_diff(num, sizeof(num), d, rec_get_str(
			    json_object_get(v, "diff"), "unit"));
			html_escape(o, num);
		} else
			sbuf_adds(o, "\xe2\x80\x94");
		sbuf_adds(o, "</td><td>");
		html_escape(o, rec_get_str(v, "tolerance") ?
		    rec_get_str(v, "tolerance") : "\xe2\x80\x94");
		sbuf_adds(o, "</td>");
		verdict_cell(o, rec_get_str(v, "verdict"));
		sbuf_adds(o, "</tr>\n");
	}
	sbuf_adds(o, "</table>\n<details><summary>Sources</summary>\n<ul>\n");
	for (size_t i = 0; i < k->n; i++) {
		sbuf_adds(o, "<li class=\"src\">");
		html_metric(o, k->v[i]);
		sbuf_adds(o, ": sim ");
		html_source(o, json_object_get(k->v[i], "expected"));
		sbuf_adds(o, "; real ");
		html_source(o, json_object_get(k->v[i], "actual"));
		sbuf_adds(o, "</li>\n");
	}
	sbuf_adds(o, "</ul>\n</details>\n");
}

static void
html_category(struct sbuf *o, const struct rep_category *rc, int cat)
{
	sbuf_printf(o, "<h2 id=\"cat-%d\">%d. %s</h2>\n", cat + 1, cat + 1,
	    report_section_name(cat));
	if (rc->nworkloads == 0) {
		sbuf_adds(o, "<p>No verdicts in this category: not run.</p>\n");
		return;
	}
	for (size_t w = 0; w < rc->nworkloads; w++) {
		const struct rep_workload *wl = &rc->workloads[w];

		sbuf_adds(o, "<h3>");
		if (wl->name != NULL) {
			sbuf_adds(o, "Workload: ");
			html_escape(o, wl->name);
		} else
			sbuf_adds(o, "Bundle-wide");
		sbuf_adds(o, "</h3>\n");
		for (size_t c = 0; c < wl->ncells; c++) {
			const struct rep_cell *cell = &wl->cells[c];

			if (cell->phase != NULL || cell->iteration != NULL) {
				sbuf_adds(o, "<h4>");
				if (cell->phase != NULL) {
					sbuf_adds(o, "Phase: ");
					html_escape(o, cell->phase);
				}
				if (cell->iteration != NULL) {
					sbuf_adds(o, cell->phase ?
					    ", iteration " : "Iteration ");
					html_escape(o, cell->iteration);
				}
				sbuf_adds(o, "</h4>\n");
			}
			for (size_t k = 0; k < cell->nchecks; k++)
				html_check(o, &cell->checks[k], cat);
		}
	}
}

static void
html_actions(struct sbuf *o, const struct report *rep)
{
	sbuf_adds(o, "<h2 id=\"actions\">Action Items</h2>\n");
	if (rep->nactions == 0) {
		sbuf_adds(o, "<p>No FAIL or WARN verdicts: nothing to act "
		    "on.</p>\n");
		return;
	}
	sbuf_adds(o, "<ol>\n");
	for (size_t i = 0; i < rep->nactions; i++) {
		const json_t *v = rep->actions[i];
		const char *action = rec_get_str(v, "action");
		const char *verdict = rec_get_str(v, "verdict");
		struct sbuf where = {0};

		cell_text(&where, v);
		sbuf_printf(o, "<li><span class=\"v-%s\">%s</span> %s ",
		    verdict, verdict, rec_get_str(v, "check"));
		html_escape(o, rec_get_str(v, "title"));
		sbuf_adds(o, " (");
		html_escape(o, sbuf_str(&where));
		sbuf_adds(o, ", ");
		html_metric(o, v);
		sbuf_adds(o, "): ");
		html_escape(o, action != NULL ? action : rec_get_str(v, "why"));
		sbuf_adds(o, "</li>\n");
		sbuf_free(&where);
	}
	sbuf_adds(o, "</ol>\n");
}

static void
html_charts(struct page *pg)
{
	sbuf_adds(pg->o, "<h2 id=\"charts\">Charts</h2>\n<p>Drawn from the "
	    "evidence records given to s2r-report. A frame and badge "
	    "coloured as in the tables give the worst verdict of the checks "
	    "the chart belongs to.</p>\n");
	latency_charts(pg);
	instance_charts(pg);
	token_charts(pg);
	sbuf_adds(pg->o, "<h3 id=\"charts-alignment\">Alignment (A1, A2)</h3>\n");
	op_charts(pg);
	duty_charts(pg);
	sbuf_adds(pg->o, "<h3 id=\"charts-missing\">Not drawn, or drawn from "
	    "summaries</h3>\n<ul>\n");
	for (size_t i = 0; i < pg->missing.n; i++) {
		sbuf_adds(pg->o, "<li>");
		html_escape(pg->o, pg->missing.v[i]);
		sbuf_adds(pg->o, "</li>\n");
	}
	sbuf_adds(pg->o, "</ul>\n");
}

size_t
report_html(struct sbuf *o, const struct report *rep,
    const struct report_meta *meta, const struct evidence *ev)
{
	struct page pg = { o, rep, ev, 0, {0}, 0, {0} };

	sim_files(ev, &pg.simfiles);

	html_begin(o, meta->title);
	sbuf_adds(o, "<h1>");
	html_escape(o, meta->title);
	sbuf_adds(o, "</h1>\n<p><strong>Real bundle</strong>: ");
	html_escape(o, meta->real != NULL ? meta->real : "(not given)");
	sbuf_adds(o, "<br>\n<strong>Sim reference</strong>: ");
	html_escape(o, meta->sim != NULL ? meta->sim : "(not given)");
	sbuf_adds(o, "<br>\n<strong>Date</strong>: ");
	html_escape(o, meta->date);
	sbuf_adds(o, "</p>\n<nav><a href=\"#summary\">Summary</a> \xc2\xb7 "
	    "<a href=\"#charts\">Charts</a> \xc2\xb7 ");
	for (int cat = 0; cat < CAT_COUNT; cat++)
		sbuf_printf(o, "<a href=\"#cat-%d\">%s</a> \xc2\xb7 ", cat + 1,
		    judge_category_name(cat));
	sbuf_adds(o, "<a href=\"#actions\">Action Items</a></nav>\n");
	html_summary(o, rep);
	html_charts(&pg);
	for (int cat = 0; cat < CAT_COUNT; cat++)
		html_category(o, &rep->cats[cat], cat);
	html_actions(o, rep);
	html_end(o);
	strv_free(&pg.missing);
	strv_free(&pg.simfiles);
	return pg.charts;
}
