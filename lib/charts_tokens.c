/* charts_tokens.c - token lengths against the expected distribution (1c,
 * 1d): a histogram per cell from s2r-trace-stats' .hist records with the
 * sim spec's expected mean and stdev marked, or, without them, the
 * summary statistics side by side with the expected moments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "htmlcharts.h"
#include "rec.h"

static const char *const tok_slots[] = { "min", "mean", "stdev", "p50",
	"p90", "p99", "max" };
#define NTOK 7

/* A token-length family: its metric prefix, chart name and check. */
struct tok_family {
	const char	*fam;
	const char	*name;
	const char	*check;
};

/* Measured statistics: they define the cells (charts). */
static void
tok_measured(struct tab *t, const struct evidence *ev, const char *fam)
{
	size_t flen = strlen(fam);
	struct sbuf g = {0};

	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		double v;
		int slot;

		if (!chart_is_measure(r) || m == NULL ||
		    strncmp(m, fam, flen) != 0 || m[flen] != '.' ||
		    rec_scope_str(r, "class") != NULL ||
		    !rec_get_num(r, "value", &v))
			continue;
		if ((slot = chart_slot(m + flen + 1, tok_slots, NTOK)) < 0)
			continue;
		sbuf_reset(&g);
		report_where_text(&g, r, sbuf_adds);
		tab_put(t, sbuf_str(&g), "measured (real trace)", slot, v, r);
	}
	sbuf_free(&g);
}

/* The sim spec's expectation, into every measured cell it applies to. */
static void
tok_expected(struct tab *t, const struct evidence *ev, const char *fam)
{
	size_t flen = strlen(fam);
	struct keygroup cells = {0};

	/* The measured cells by workload, in row order. */
	for (size_t k = 0; k < t->n; k++)
		if (t->rows[k].workload != NULL)
			keygroup_add(&cells,
			    (const char *const *)&t->rows[k].workload, 1, k);
	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *m = rec_get_str(r, "metric");
		const char *workload = rec_scope_str(r, "workload");
		const char *phase = rec_scope_str(r, "phase");
		double v;
		int slot;

		if (strcmp(rec_get_str(r, "kind"), "expect") != 0 ||
		    m == NULL || strncmp(m, fam, flen) != 0 || m[flen] != '.' ||
		    workload == NULL || !rec_get_num(r, "value", &v))
			continue;
		if ((slot = chart_slot(m + flen + 1, tok_slots, NTOK)) < 0)
			continue;
		for (size_t e = keygroup_first(&cells, &workload, 1); e != 0;
		    e = cells.next[e - 1]) {
			size_t k = cells.val[e - 1];

			if (phase != NULL &&
			    !nullstr_eq(phase, t->rows[k].phase))
				continue;
			tab_put(t, t->rows[k].group, "expected (sim spec)",
			    slot, v, r);
			tab_row(t, t->rows[k].group, "expected (sim spec)",
			    r)->sim = true;
		}
	}
	keygroup_free(&cells);
}

/* <fam>.hist records (s2r-trace-stats), a chart per cell. */
static void
hist_collect(struct chart_page *pg, struct tab *t, const char *fam)
{
	struct sbuf g = {0};
	char metric[48];

	snprintf(metric, sizeof(metric), "%s.hist", fam);
	for (size_t i = 0; i < pg->ev->n; i++) {
		const json_t *r = pg->ev->r[i];
		const char *m = rec_get_str(r, "metric");
		bool sim;

		if (!chart_is_measure(r) || m == NULL ||
		    strcmp(m, metric) != 0 ||
		    rec_scope_str(r, "class") != NULL ||
		    chart_array(pg->ev, i, EV_BINS) == NULL)
			continue;
		sim = chart_is_sim(pg, r);
		sbuf_reset(&g);
		report_where_text(&g, r, sbuf_adds);
		tab_rec(t, sbuf_str(&g), sim ? "measured (sim trace)" :
		    "measured (real trace)", pg->ev, i)->sim = sim;
	}
	sbuf_free(&g);
}

/* Whether r belongs to histogram row w: an expectation to its workload
 * (and phase, when it names one); a measure to the same cell and file. */
static bool
ref_applies(const json_t *r, const struct trow *w, bool expect,
    const char *hfile)
{
	const char *phase = rec_scope_str(r, "phase");
	const char *f = rec_get_str(json_object_get(r, "source"), "file");

	if (!nullstr_eq(rec_scope_str(r, "workload"), w->workload))
		return false;
	if (expect)
		return w->workload != NULL && (phase == NULL ||
		    nullstr_eq(phase, w->phase));
	return nullstr_eq(phase, w->phase) &&
	    nullstr_eq(rec_scope_str(r, "iteration"), w->iteration) &&
	    nullstr_eq(f, hfile);
}

/* The expect and measure records a histogram's markers may come from
 * (numeric, no SLO class): an expectation by (metric, workload), a
 * measure by (metric, workload, phase, iteration). */
static void
refs_of(struct keygroup *refs, const struct evidence *ev)
{
	for (size_t i = 0; i < ev->n; i++) {
		const json_t *r = ev->r[i];
		const char *kind = rec_get_str(r, "kind");
		const char *parts[5] = { kind, rec_get_str(r, "metric"),
		    rec_scope_str(r, "workload"), rec_scope_str(r, "phase"),
		    rec_scope_str(r, "iteration") };
		double v;

		if (parts[1] == NULL || rec_scope_str(r, "class") != NULL ||
		    !rec_get_num(r, "value", &v))
			continue;
		if (strcmp(kind, "expect") == 0)
			keygroup_add(refs, parts, 3, i);
		else if (strcmp(kind, "measure") == 0)
			keygroup_add(refs, parts, 5, i);
	}
}

/* The value of the expect (or the measure, from the file and cell of w's
 * histogram) record of metric for histogram row w, the first in input
 * order; NAN when there is none. */
static double
hist_ref(const struct evidence *ev, struct keygroup *refs,
    const struct trow *w, const char *kind, const char *metric,
    struct strv *files)
{
	const char *hfile = rec_get_str(json_object_get(ev->r[w->rec],
	    "source"), "file");
	bool expect = strcmp(kind, "expect") == 0;
	const char *parts[5] = { kind, metric, w->workload, w->phase,
	    w->iteration };

	for (size_t e = keygroup_first(refs, parts, expect ? 3 : 5); e != 0;
	    e = refs->next[e - 1]) {
		const json_t *r = ev->r[refs->val[e - 1]];
		const char *f = rec_get_str(json_object_get(r, "source"), "file");
		double v;

		if (!ref_applies(r, w, expect, hfile))
			continue;
		rec_get_num(r, "value", &v);	/* refs_of took numbers only */
		if (f != NULL && strv_find(files, f) < 0)
			strv_add(files, f);
		return v;
	}
	return NAN;
}

/* The vertical lines of row w's histogram: the sim spec's expected mean
 * and one standard deviation either side, and the measured mean; their
 * records' files go into files.  Returns how many; *expected: whether
 * the expected mean is among them. */
static size_t
hist_markers(const struct chart_page *pg, struct keygroup *refs,
    const struct trow *w, const char *fam, struct svg_marker *mk,
    struct strv *files, bool *expected)
{
	struct sbuf metric = {0};
	double mean, sd, meas;
	size_t nmk = 0;

	sbuf_printf(&metric, "%s.mean", fam);
	mean = hist_ref(pg->ev, refs, w, "expect", sbuf_str(&metric), files);
	meas = hist_ref(pg->ev, refs, w, "measure", sbuf_str(&metric), files);
	sbuf_reset(&metric);
	sbuf_printf(&metric, "%s.stdev", fam);
	sd = hist_ref(pg->ev, refs, w, "expect", sbuf_str(&metric), files);
	sbuf_free(&metric);
	*expected = isfinite(mean);
	if (isfinite(mean)) {
		mk[nmk++] = (struct svg_marker){ mean, "expected mean (sim "
		    "spec)", chart_palette[1], false };
		if (isfinite(sd)) {
			mk[nmk++] = (struct svg_marker){ mean - sd,
			    "expected mean \xe2\x88\x92 stdev",
			    chart_palette[1], true };
			mk[nmk++] = (struct svg_marker){ mean + sd,
			    "expected mean + stdev", chart_palette[1], true };
		}
	}
	if (isfinite(meas))
		mk[nmk++] = (struct svg_marker){ meas, "measured mean",
		    chart_palette[2], false };
	return nmk;
}

/* The histogram of row i (a cell's .hist record). */
static void
hist_chart(struct chart_page *pg, struct keygroup *refs, const struct tab *t,
    size_t i, const struct tok_family *tf)
{
	const struct trow *w = &t->rows[i];
	const struct ev_array *bins = chart_array(pg->ev, w->rec, EV_BINS);
	size_t n = bins != NULL ? bins->n : 0;
	double *x = xcalloc(n + 1, sizeof(*x)), *y = xcalloc(n + 1, sizeof(*y));
	struct svg_series se = {0};
	struct svg_marker mk[4];
	struct sbuf title = {0}, src = {0}, lab = {0};
	struct strv files = {0};
	struct svg_chart c = {0};
	bool expected;
	double cnt;

	for (size_t k = 0; k < n; k++) {
		x[k] = chart_num(bins, k, 0);
		x[k + 1] = chart_num(bins, k, 1);
		y[k] = chart_num(bins, k, 2);
	}
	sbuf_adds(&lab, w->series);
	if (rec_get_num(pg->ev->r[w->rec], "n", &cnt))
		sbuf_printf(&lab, " (n=%.0f)", cnt);
	se = (struct svg_series){ .label = sbuf_str(&lab), .x = x, .y = y,
	    .n = n, .color = chart_palette[0] };
	c.nmarkers = hist_markers(pg, refs, w, tf->fam, mk, &files,
	    &expected);
	sbuf_printf(&title, "%s histogram \xe2\x80\x94 %s", tf->name, w->group);
	sbuf_printf(&src, "%s.hist (bins) and %s.mean measure records "
	    "(s2r-trace-stats), %s.{mean,stdev} expect records (s2r-expect: "
	    "exact moments of BLIS's sampler) from ", tf->fam, tf->fam,
	    tf->fam);
	for (size_t k = 0; k < w->files.n; k++)
		if (strv_find(&files, w->files.v[k]) < 0)
			strv_add(&files, w->files.v[k]);
	chart_files_text(&src, &files, "");
	c.title = sbuf_str(&title);
	c.xlabel = tf->fam[0] == 'i' ? "input tokens per request (tokens)" :
	    "output tokens per request (tokens)";
	c.ylabel = "requests (count)";
	c.source = sbuf_str(&src);
	c.status = chart_worst(pg, tf->check, w->workload, w->phase,
	    w->iteration, NULL);
	c.kind = SVG_HIST;
	c.series = &se;
	c.nseries = 1;
	c.markers = mk;
	chart_figure(pg, &c, expected ? "Bins [lo, hi) of the measured "
	    "lengths; vertical lines: the sim spec's expected mean and one "
	    "standard deviation either side, and the measured mean." :
	    "Bins [lo, hi) of the measured lengths; no expect record for "
	    "this workload, so no expected distribution is marked.");
	strv_free(&files);
	sbuf_free(&title);
	sbuf_free(&src);
	sbuf_free(&lab);
	free(x);
	free(y);
}

/* Summary statistics of rows [b, e) (measured, expected) side by side:
 * the cell has no .hist record. */
static void
tok_chart(struct chart_page *pg, const struct tab *t, size_t b, size_t e,
    const struct tok_family *tf)
{
	double vals[2][NTOK];
	struct svg_series ss[2] = {{0}};
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};
	size_t ns = 0;

	for (size_t i = b; i < e && ns < 2; i++, ns++) {
		for (size_t k = 0; k < NTOK; k++)
			vals[ns][k] = t->rows[i].has[k] ? t->rows[i].v[k] :
			    NAN;
		ss[ns].label = t->rows[i].series;
		ss[ns].y = vals[ns];
		ss[ns].n = NTOK;
		ss[ns].color = chart_palette[ns];
	}
	sbuf_printf(&title, "%s \xe2\x80\x94 %s", tf->name, t->rows[b].group);
	sbuf_printf(&src, "%s.* measure (s2r-trace-stats) and expect "
	    "(s2r-expect: exact moments of BLIS's sampler) records from ",
	    tf->fam);
	tab_files_text(&src, t, b, e);
	c.title = sbuf_str(&title);
	c.xlabel = "statistic";
	c.ylabel = "tokens";
	c.source = sbuf_str(&src);
	c.status = chart_worst(pg, tf->check, t->rows[b].workload,
	    t->rows[b].phase, t->rows[b].iteration, NULL);
	c.kind = SVG_BARS;
	c.cats = tok_slots;
	c.ncats = NTOK;
	c.series = ss;
	c.nseries = ns;
	chart_figure(pg, &c, "Summary statistics side by side: the records "
	    "carry moments and quantiles, not a histogram.");
	sbuf_free(&title);
	sbuf_free(&src);
}

void
charts_tokens(struct chart_page *pg)
{
	static const struct tok_family fams[] = {
		{ "input_tokens", "Input tokens", "1c" },
		{ "output_tokens", "Output tokens", "1d" }
	};
	struct keygroup refs = {0};
	bool summaries = false;

	refs_of(&refs, pg->ev);
	sbuf_adds(pg->o, "<h3 id=\"charts-tokens\">Token lengths against the "
	    "expected distribution (1c, 1d)</h3>\n");
	for (size_t f = 0; f < 2; f++) {
		struct tab t = {0}, h = {0};
		char msg[128];

		hist_collect(pg, &h, fams[f].fam);
		tab_sort(&h);
		for (size_t i = 0; i < h.n; i++)
			hist_chart(pg, &refs, &h, i, &fams[f]);
		tok_measured(&t, pg->ev, fams[f].fam);
		tok_expected(&t, pg->ev, fams[f].fam);
		tab_sort(&t);
		for (size_t b = 0; b < t.n; b = tab_group_end(&t, b)) {
			if (tab_has_group(&h, t.rows[b].group))
				continue;
			summaries = true;
			tok_chart(pg, &t, b, tab_group_end(&t, b), &fams[f]);
		}
		if (t.n == 0 && h.n == 0) {
			snprintf(msg, sizeof(msg), "%s: no %s.* measure "
			    "records", fams[f].name, fams[f].fam);
			strv_add(&pg->missing, msg);
		}
		tab_free(&t);
		tab_free(&h);
	}
	keygroup_free(&refs);
	if (summaries)
		strv_add(&pg->missing, "Token lengths: cells without .hist "
		    "records (s2r-trace-stats writes them) are drawn as summary "
		    "statistics against the expected moments");
}
