/* htmlcharts.c - the Charts section and its kit (see htmlcharts.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "htmlcharts.h"
#include "htmlpage.h"
#include "rec.h"
#include "verdict.h"

const char *const chart_palette[NPALETTE] = {
	"#0969da", "#bf3989", "#1b7c83", "#953800", "#6639ba", "#0a3069",
	"#57606a", "#116329"
};

/* --- a small table of chart data ------------------------------------ */

struct trow *
tab_row(struct tab *t, const char *group, const char *series,
    const json_t *r)
{
	const char *parts[2] = { group, series };
	struct trow *w;
	bool added;
	uint32_t k;

	keygroup_key(&t->text, parts, 2);
	k = strtab_intern_n(&t->keys, sbuf_str(&t->text), t->text.len,
	    &added);
	if (!added)
		return &t->rows[t->row_of[k]];
	t->row_of = xroom(t->row_of, k, sizeof(*t->row_of));
	t->row_of[k] = t->n;
	strtab_intern(&t->groups, group);
	t->rows = xroom(t->rows, t->n, sizeof(*t->rows));
	w = &t->rows[t->n++];
	memset(w, 0, sizeof(*w));
	w->group = xstrdup(group);
	w->series = xstrdup(series);
	w->phase = nullstr_dup(rec_scope_str(r, "phase"));
	w->workload = nullstr_dup(rec_scope_str(r, "workload"));
	w->iteration = nullstr_dup(rec_scope_str(r, "iteration"));
	w->key = k;
	return w;
}

void
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

struct trow *
tab_rec(struct tab *t, const char *group, const char *series,
    const struct evidence *ev, size_t i)
{
	const json_t *r = ev->r[i];
	struct trow *w = tab_row(t, group, series, r);
	const char *file = rec_get_str(json_object_get(r, "source"), "file");

	w->rec = i;
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

void
tab_sort(struct tab *t)
{
	if (t->n > 1)
		qsort(t->rows, t->n, sizeof(*t->rows), trow_cmp);
	for (size_t i = 0; i < t->n; i++)
		t->row_of[t->rows[i].key] = i;
}

void
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
	free(t->row_of);
	strtab_free(&t->keys);
	strtab_free(&t->groups);
	sbuf_free(&t->text);
	memset(t, 0, sizeof(*t));
}

size_t
tab_group_end(const struct tab *t, size_t i)
{
	size_t e = i;

	while (e < t->n && strcmp(t->rows[e].group, t->rows[i].group) == 0)
		e++;
	return e;
}

bool
tab_has_group(const struct tab *t, const char *group)
{
	return strtab_find_n(&t->groups, group, strlen(group)) >= 0;
}

void
tab_files_text(struct sbuf *out, const struct tab *t, size_t b, size_t e)
{
	struct strv files = {0};
	struct strtab seen = {0};
	bool added;

	/* A chart of every cell of a workload names as many files as it
	 * has rows: found in a table, not by a search of the list. */
	for (size_t i = b; i < e; i++)
		for (size_t k = 0; k < t->rows[i].files.n; k++) {
			const char *f = t->rows[i].files.v[k];

			strtab_intern_n(&seen, f, strlen(f), &added);
			if (added)
				strv_add(&files, f);
		}
	chart_files_text(out, &files, "(no file named)");
	strv_free(&files);
	strtab_free(&seen);
}

void
chart_files_text(struct sbuf *out, struct strv *files, const char *none_text)
{
	strv_sort(files);
	for (size_t i = 0; i < files->n && i < MAX_FILES; i++) {
		if (i > 0)
			sbuf_adds(out, ", ");
		sbuf_adds(out, files->v[i]);
	}
	if (files->n > MAX_FILES)
		sbuf_printf(out, " and %zu more", files->n - MAX_FILES);
	if (files->n == 0)
		sbuf_adds(out, none_text);
}

/* --- records and the page ------------------------------------------- */

bool
chart_is_measure(const json_t *r)
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

/* The trace files whose requests.count record says they are a
 * simulator's. */
static void
sim_files(const struct evidence *ev, struct strtab *files)
{
	for (size_t i = 0; i < ev->n; i++) {
		const char *f = rec_get_str(json_object_get(ev->r[i], "source"),
		    "file");

		if (chart_is_measure(ev->r[i]) && f != NULL &&
		    nullstr_eq(rec_get_str(ev->r[i], "metric"),
		    "requests.count") &&
		    how_says_sim(ev->r[i]))
			strtab_intern(files, f);
	}
}

bool
chart_is_sim(const struct chart_page *pg, const json_t *r)
{
	const char *f = rec_get_str(json_object_get(r, "source"), "file");

	return how_says_sim(r) || (f != NULL &&
	    strtab_find_n(&pg->simfiles, f, strlen(f)) >= 0);
}

const struct ev_array *
chart_array(const struct evidence *ev, size_t i, int which)
{
	const struct ev_array *a = &ev->arr[i][which];

	return a->n > 0 ? a : NULL;
}

double
chart_num(const struct ev_array *a, size_t i, size_t k)
{
	if (i >= a->n || k >= a->off[i + 1] - a->off[i])
		return NAN;
	return a->v[a->off[i] + k];
}

int
chart_slot(const char *suffix, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(suffix, names[i]) == 0)
			return (int)i;
	return -1;
}

/* v is one of the chart's verdicts: q is its check, workload, phase,
 * iteration and metric prefix (NULL: any); a verdict without a phase or
 * an iteration belongs to every one. */
static bool
chart_has(const struct rep_verdict *v, const char *const *q)
{
	if (strcmp(v->check, q[0]) != 0)
		return false;
	if (q[1] != NULL && !nullstr_eq(v->workload, q[1]))
		return false;
	if (q[2] != NULL && v->phase != NULL && strcmp(v->phase, q[2]) != 0)
		return false;
	if (q[3] != NULL && v->iteration != NULL &&
	    strcmp(v->iteration, q[3]) != 0)
		return false;
	return q[4] == NULL || (v->metric != NULL &&
	    str_has_prefix(v->metric, q[4]));
}

static const char *const worst_names[] = { "FAIL", "MISSING", "WARN",
	"NOT JUDGED", "PART JUDGED", "PASS" };

/* The badge (in worst_names, -1: none) of verdicts counted n[], all of
 * them. */
static int
worst_badge(const int *n, size_t all)
{
	/* The Action Items' order; a PASS only where every row was judged. */
	if (all == 0)
		return -1;
	if (n[V_FAIL] > 0)
		return 0;
	if (n[V_MISSING] > 0)
		return 1;
	if (n[V_WARN] > 0)
		return 2;
	if ((size_t)n[V_INAPPLICABLE] == all)
		return 3;
	return n[V_INAPPLICABLE] > 0 ? 4 : 5;
}

/* The verdicts by check, (check, workload), (check, workload, phase)
 * and (check, workload, phase, iteration). */
static void
worst_index(struct chart_page *pg)
{
	for (size_t i = 0; i < pg->rep->n; i++) {
		const struct rep_verdict *v = &pg->rep->all[i];
		const char *parts[4] = { v->check, v->workload, v->phase,
		    v->iteration };

		keygroup_add(&pg->by_check, parts, 1, i);
		keygroup_add(&pg->by_workload, parts, 2, i);
		keygroup_add(&pg->by_phase, parts, 3, i);
		keygroup_add(&pg->by_cell, parts, 4, i);
	}
}

/* Counts into n[] the verdicts of g's group of the first nparts of
 * parts that are one of the chart's (q). */
static size_t
worst_count(struct chart_page *pg, struct keygroup *g,
    const char *const *parts, size_t nparts, const char *const *q, int *n)
{
	size_t all = 0;

	for (size_t e = keygroup_first(g, parts, nparts); e != 0;
	    e = g->next[e - 1]) {
		const struct rep_verdict *v = &pg->rep->all[g->val[e - 1]];

		if (chart_has(v, q)) {
			n[v->verdict]++;
			all++;
		}
	}
	return all;
}

/* The verdicts a chart_worst query matches are among those of its
 * check, of its (check, workload), or of that with its phase and
 * iteration or none: the groups of each of those combinations. */
static int
worst_of(struct chart_page *pg, const char *const *q)
{
	int n[V_COUNT] = {0};
	size_t all = 0;

	if (pg->by_check.n == 0)
		worst_index(pg);
	if (q[1] == NULL)
		all = worst_count(pg, &pg->by_check, q, 1, q, n);
	else if (q[2] == NULL)
		all = worst_count(pg, &pg->by_workload, q, 2, q, n);
	else if (q[3] == NULL)
		for (int p = 0; p < 2; p++) {
			const char *k[3] = { q[0], q[1], p ? NULL : q[2] };

			all += worst_count(pg, &pg->by_phase, k, 3, q, n);
		}
	else
		for (int p = 0; p < 4; p++) {
			const char *k[4] = { q[0], q[1], p & 1 ? NULL : q[2],
			    p & 2 ? NULL : q[3] };

			all += worst_count(pg, &pg->by_cell, k, 4, q, n);
		}
	return worst_badge(n, all);
}

const char *
chart_worst(struct chart_page *pg, const char *check, const char *workload,
    const char *phase, const char *iteration, const char *prefix)
{
	const char *q[5] = { check, workload, phase, iteration, prefix };
	struct sbuf key = {0};
	bool added;
	uint32_t k;

	/* The charts of a workload ask the same: answered once. */
	keygroup_key(&key, q, 5);
	k = strtab_intern_n(&pg->asked, sbuf_str(&key), key.len, &added);
	sbuf_free(&key);
	if (added) {
		pg->answer = xroom(pg->answer, k, sizeof(*pg->answer));
		pg->answer[k] = worst_of(pg, q);
	}
	return pg->answer[k] < 0 ? NULL : worst_names[pg->answer[k]];
}

void
chart_figure(struct chart_page *pg, struct svg_chart *c, const char *caption)
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
	/* A bundle of many cells draws tens of megabytes of figures. */
	report_flush(pg->o, pg->meta);
}

/* Series p of a bar chart: the values of slot bs->slots[p] of the ncat
 * rows from b into vals.  Returns how many rows have that slot. */
static size_t
bar_series(struct svg_series *s, struct sbuf *label, const struct tab *t,
    size_t b, size_t ncat, const struct bar_spec *bs, size_t p,
    double *vals)
{
	int slot = bs->slots[p];
	bool by_verdict = bs->nslots == 1 && bs->status != NULL;
	size_t have = 0;

	for (size_t i = 0; i < ncat; i++) {
		const struct trow *w = &t->rows[b + i];

		vals[i] = w->has[slot] ? w->v[slot] : NAN;
		have += w->has[slot];
	}
	sbuf_adds(label, bs->labels[p]);
	if (by_verdict)
		sbuf_printf(label, " (%s)", bs->status);
	s->label = sbuf_str(label);
	s->y = vals;
	s->n = ncat;
	s->color = by_verdict ? svg_verdict_color(bs->status) :
	    chart_palette[p % NPALETTE];
	return have;
}

static void
bar_figure(struct chart_page *pg, const struct tab *t, size_t b, size_t e,
    const struct bar_spec *bs, const char **cats, size_t ncat,
    struct svg_series *ss)
{
	struct sbuf title = {0}, src = {0};
	struct svg_chart c = {0};

	sbuf_printf(&title, "%s \xe2\x80\x94 %s", bs->title, t->rows[b].group);
	sbuf_printf(&src, "%s from ", bs->what);
	tab_files_text(&src, t, b, e);
	if (e - b > ncat)
		sbuf_printf(&src, "; first %zu of %zu%s%s", ncat, e - b,
		    bs->cut_noun ? " " : "", bs->cut_noun ? bs->cut_noun : "");
	c.title = sbuf_str(&title);
	c.xlabel = bs->xlabel;
	c.ylabel = bs->ylabel;
	c.source = sbuf_str(&src);
	c.status = bs->status;
	c.kind = bs->kind;
	c.cats = cats;
	c.ncats = ncat;
	c.series = ss;
	c.nseries = bs->nslots;
	chart_figure(pg, &c, bs->caption);
	sbuf_free(&title);
	sbuf_free(&src);
}

bool
chart_bars(struct chart_page *pg, const struct tab *t, size_t b, size_t e,
    const struct bar_spec *bs)
{
	const char **cats = xcalloc(e - b, sizeof(*cats));
	double *vals = xcalloc((e - b) * bs->nslots + 1, sizeof(*vals));
	struct svg_series ss[NSLOT] = {{0}};
	struct sbuf labels[NSLOT] = {{0}};
	size_t ncat = 0, have = 0;

	for (size_t i = b; i < e && ncat < MAX_BARS; i++)
		cats[ncat++] = t->rows[i].series;
	for (size_t p = 0; p < bs->nslots; p++)
		have += bar_series(&ss[p], &labels[p], t, b, ncat, bs, p,
		    vals + p * ncat);
	if (have > 0)
		bar_figure(pg, t, b, e, bs, cats, ncat, ss);
	for (size_t p = 0; p < bs->nslots; p++)
		sbuf_free(&labels[p]);
	free(cats);
	free(vals);
	return have > 0;
}

void
chart_curves_free(size_t n, double **xs, double **ys, struct sbuf *labels,
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

/* --- the section ----------------------------------------------------- */

bool
chart_wants(const char *kind, const char *metric)
{
	/* The measure records each family reads, by metric prefix. */
	static const char *const measures[] = {
		"requests.count",		/* sim_files */
		"ttft_ms", "tpot_ms", "e2e_ms",	/* charts_latency */
		"real.", "sim.",	/* s2r-latency: charts_latency */
		"instance.requests", "stats.kv_cache_usage_pct.",
		"stats.waiting.", "stats.running.", "stats.series",
		"metrics.series",		/* charts_instances */
		"input_tokens", "output_tokens"	/* charts_tokens */
	};

	if (strcmp(kind, "op") == 0 || strcmp(kind, "duty") == 0 ||
	    strcmp(kind, "compare") == 0)
		return true;
	if (metric == NULL)
		return false;
	if (strcmp(kind, "expect") == 0)	/* charts_tokens */
		return str_has_prefix(metric, "input_tokens") ||
		    str_has_prefix(metric, "output_tokens");
	if (strcmp(kind, "measure") != 0)
		return false;
	for (size_t i = 0; i < sizeof(measures) / sizeof(*measures); i++)
		if (str_has_prefix(metric, measures[i]))
			return true;
	return false;
}

size_t
html_charts(struct sbuf *o, const struct report *rep,
    const struct report_meta *meta, const struct evidence *ev)
{
	struct chart_page pg = { .o = o, .meta = meta, .rep = rep, .ev = ev };

	sim_files(ev, &pg.simfiles);
	sbuf_adds(o, "<h2 id=\"charts\">Charts</h2>\n<p>Drawn from the "
	    "evidence records given to s2r-report. A frame and badge "
	    "coloured as in the tables give the worst verdict of the checks "
	    "the chart belongs to, in its cell: FAIL, MISSING, WARN, then "
	    "PASS where every row was judged, PART JUDGED where some were "
	    "not, NOT JUDGED where none was.</p>\n");
	charts_latency(&pg);
	charts_instances(&pg);
	charts_tokens(&pg);
	charts_align(&pg);
	charts_compare(&pg);
	sbuf_adds(o, "<h3 id=\"charts-missing\">Not drawn, or drawn from "
	    "summaries</h3>\n<ul>\n");
	for (size_t i = 0; i < pg.missing.n; i++) {
		sbuf_adds(o, "<li>");
		html_escape(o, pg.missing.v[i]);
		sbuf_adds(o, "</li>\n");
	}
	sbuf_adds(o, "</ul>\n");
	strv_free(&pg.missing);
	strtab_free(&pg.simfiles);
	keygroup_free(&pg.by_check);
	keygroup_free(&pg.by_workload);
	keygroup_free(&pg.by_phase);
	keygroup_free(&pg.by_cell);
	strtab_free(&pg.asked);
	free(pg.answer);
	return pg.charts;
}
