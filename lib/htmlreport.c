/* htmlreport.c - the HTML parity report: the page, its headline, summary,
 * action items (each linked to its evidence) and the checks' tables with
 * their full provenance in collapsed details; the charts are
 * htmlcharts.c's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "htmlcharts.h"
#include "htmlpage.h"
#include "htmlreport.h"
#include "runtext.h"
#include "rec.h"
#include "reportfind.h"
#include "verdict.h"

void
evidence_add(struct evidence *ev, json_t *rec)
{
	if (ev->n == ev->cap) {
		ev->cap = ev->cap ? ev->cap * 2 : 256;
		ev->r = xreallocarray(ev->r, ev->cap, sizeof(*ev->r));
		ev->arr = xreallocarray(ev->arr, ev->cap, sizeof(*ev->arr));
	}
	memset(ev->arr[ev->n], 0, sizeof(ev->arr[ev->n]));
	ev->r[ev->n++] = rec;
}

/* The array a (not empty) as numbers. */
static void
numbers_of(struct ev_array *out, const json_t *a)
{
	size_t n = json_array_size(a), total = 0, i, k;
	const json_t *row, *x;

	json_array_foreach(a, i, row)
		total += json_array_size(row);	/* 0: not an array */
	out->n = n;
	out->off = xcalloc(n + 1, sizeof(*out->off));
	out->v = xcalloc(total + 1, sizeof(*out->v));
	total = 0;
	json_array_foreach(a, i, row) {
		json_array_foreach(row, k, x)
			out->v[total++] = json_is_number(x) ?
			    json_number_value(x) : NAN;
		out->off[i + 1] = total;
	}
}

void
evidence_add_chart(struct evidence *ev, json_t *rec)
{
	static const char *const keys[EV_NARRAYS] = { "points", "bins" };

	evidence_add(ev, rec);
	for (int k = 0; k < EV_NARRAYS; k++) {
		const json_t *a = json_object_get(rec, keys[k]);

		if (!json_is_array(a) || json_array_size(a) == 0)
			continue;
		numbers_of(&ev->arr[ev->n - 1][k], a);
		json_object_del(rec, keys[k]);
	}
}

bool
html_wants(const char *kind, const char *metric)
{
	return runtext_wants_kind(kind) || chart_wants(kind, metric);
}

void
evidence_free(struct evidence *ev)
{
	for (size_t i = 0; i < ev->n; i++) {
		json_decref(ev->r[i]);
		for (int k = 0; k < EV_NARRAYS; k++) {
			free(ev->arr[i][k].off);
			free(ev->arr[i][k].v);
		}
	}
	free(ev->r);
	free(ev->arr);
	memset(ev, 0, sizeof(*ev));
}

/* The headline: its first line in bold, the others a list. */
static void
html_headline(struct sbuf *o, const struct report *rep,
    const struct findings *fs, const struct report_meta *meta)
{
	struct strv lines = {0};

	report_headline(&lines, rep, fs, meta, html_escape);
	sbuf_printf(o, "<p class=\"headline\"><strong>%s</strong></p>\n"
	    "<ul class=\"headline\">\n", lines.v[0]);
	for (size_t i = 1; i < lines.n; i++)
		sbuf_printf(o, "<li>%s</li>\n", lines.v[i]);
	sbuf_adds(o, "</ul>\n");
	strv_free(&lines);
	report_release(rep);
}

static void
count_cell(struct sbuf *o, int n, const char *cls)
{
	if (n > 0 && cls != NULL)
		sbuf_printf(o, "<td class=\"num %s\">%d</td>", cls, n);
	else
		sbuf_printf(o, "<td class=\"num\">%d</td>", n);
}

/* Checks per cell by state, and findings, per category. */
static void
html_summary(struct sbuf *o, const struct report *rep,
    const struct findings *fs)
{
	static const int order[] = { CS_FAIL, CS_MISSING, CS_WARN, CS_PASS,
	    CS_PART, CS_NOT_JUDGED };
	static const char *const cls[] = { "v-FAIL", "v-MISSING", "v-WARN",
	    NULL, NULL, "v-INAPPLICABLE" };
	int n[CS_COUNT], total[CS_COUNT + 1] = {0}, checks;

	sbuf_adds(o, "<h2 id=\"summary\">Summary</h2>\n<p>Checks per cell by "
	    "their heading; a finding is one distinct problem, however many "
	    "cells show it.</p>\n<table class=\"summary\">\n<tr><th>Category"
	    "</th><th>Checks</th><th>FAIL</th><th>MISSING</th><th>WARN</th>"
	    "<th>PASS</th><th>PASS, part not judged</th><th>Not judged</th>"
	    "<th>Findings</th></tr>\n");
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		report_check_counts(&rep->cats[cat], n);
		checks = 0;
		for (int k = 0; k < CS_COUNT; k++)
			checks += n[k];
		total[CS_COUNT] += checks;
		sbuf_printf(o, "<tr><td><a href=\"#cat-%d\">%s</a></td>",
		    cat + 1, judge_category_name(cat));
		count_cell(o, checks, NULL);
		for (size_t k = 0; k < 6; k++) {
			count_cell(o, n[order[k]], cls[k]);
			total[order[k]] += n[order[k]];
		}
		count_cell(o, fs->per_cat[cat], NULL);
		sbuf_adds(o, "</tr>\n");
	}
	sbuf_adds(o, "<tr><th>Total</th>");
	count_cell(o, total[CS_COUNT], NULL);
	for (size_t k = 0; k < 6; k++)
		count_cell(o, total[order[k]], cls[k]);
	count_cell(o, (int)fs->n, NULL);
	sbuf_printf(o, "</tr>\n</table>\n<p>Verdict rows: %d PASS, %d WARN, "
	    "%d FAIL, %d INAPPLICABLE (not judged), %d MISSING.</p>\n",
	    rep->total[V_PASS], rep->total[V_WARN], rep->total[V_FAIL],
	    rep->total[V_INAPPLICABLE], rep->total[V_MISSING]);
}

static void
anchor_link(struct sbuf *o, const struct rep_verdict *v, const char *text)
{
	sbuf_adds(o, "<a href=\"#");
	report_anchor(o, v);
	sbuf_adds(o, "\">");
	html_escape(o, text);
	sbuf_adds(o, "</a>");
}

/* One finding: the difference, the cells (each a link to its check's
 * evidence), what to do. */
static void
html_finding(struct sbuf *o, const struct finding *f, size_t i,
    const struct report_meta *meta)
{
	const char *verdict = judge_verdict_names[f->verdict];
	const json_t *v = finding_verdict(f);
	struct sbuf where = {0};
	size_t shown = f->ncells > 8 ? 8 : f->ncells;

	sbuf_printf(o, "<li id=\"item-%zu\"><span class=\"v-%s\">%s</span> "
	    "%s ", i + 1, verdict, verdict, rec_get_str(v, "check"));
	html_escape(o, rec_get_str(v, "title"));
	sbuf_adds(o, " \xe2\x80\x94 ");
	finding_text(o, f, meta, false, html_escape);
	sbuf_adds(o, ". ");
	if (!f->paired && *report_why_note(v) != '\0') {
		html_escape(o, report_why_note(v));
		sbuf_adds(o, " ");
	}
	sbuf_printf(o, "In %zu cell%s: ", f->ncells, f->ncells == 1 ? "" : "s");
	for (size_t c = 0; c < shown; c++) {
		const struct rep_verdict *cell = &f->rep->all[f->cells[c]];

		sbuf_reset(&where);
		report_where_keys(&where, cell, sbuf_adds);
		sbuf_adds(o, c > 0 ? ", " : "");
		anchor_link(o, cell, sbuf_str(&where));
	}
	if (shown < f->ncells)
		sbuf_printf(o, " and %zu more", f->ncells - shown);
	sbuf_adds(o, ". Do: ");
	html_escape(o, finding_action(f));
	sbuf_adds(o, "</li>\n");
	sbuf_free(&where);
}

static void
html_actions(struct sbuf *o, const struct findings *fs,
    const struct report_meta *meta)
{
	sbuf_adds(o, "<h2 id=\"actions\">Action Items</h2>\n");
	if (fs->n == 0) {
		sbuf_adds(o, "<p>No FAIL, MISSING or WARN verdicts: nothing "
		    "to act on.</p>\n");
		return;
	}
	sbuf_adds(o, "<ol>\n");
	for (size_t i = 0; i < fs->n; i++) {
		html_finding(o, &fs->f[i], i, meta);
		report_release(fs->f[i].rep);
		report_flush(o, meta);
	}
	sbuf_adds(o, "</ol>\n");
}

/* The row's verdict cell; one with an Action Item links to it. */
static void
verdict_cell(struct sbuf *o, const json_t *v, size_t i,
    const struct findings *fs)
{
	const char *verdict = rec_get_str(v, "verdict");
	long item = findings_number(fs, i);

	sbuf_printf(o, "<td class=\"v-%s\">%s", verdict,
	    strcmp(verdict, "INAPPLICABLE") == 0 ? "not judged" : verdict);
	if (item > 0)
		sbuf_printf(o, " (<a href=\"#item-%ld\">item %ld</a>)", item,
		    item);
	sbuf_adds(o, "</td>");
}

/* "sim config.md:27; real generated/x.yaml:15", by the bundle each file
 * lies in. */
static void
source_cell(struct sbuf *o, const json_t *v, int cat,
    const struct report_meta *meta)
{
	bool any = false;

	sbuf_adds(o, "<td class=\"src\">");
	for (int e = 1; e >= 0; e--) {
		if (!json_is_object(json_object_get(json_object_get(v,
		    e ? "expected" : "actual"), "source")))
			continue;
		sbuf_adds(o, any ? "; " : "");
		sbuf_adds(o, report_side_label(meta, cat, v, e));
		sbuf_addc(o, ' ');
		report_source_brief(o, v, e, SRC_IN_CELL, html_escape);
		any = true;
	}
	sbuf_adds(o, any ? "</td>" : "\xe2\x80\x94</td>");
}

/* Every row's why and full sources (with how each value was computed),
 * collapsed: the table above is what one reads first. */
static void
html_details(struct sbuf *o, const struct report *rep,
    const struct rep_check *k, int cat, const struct report_meta *meta)
{
	sbuf_adds(o, "<details><summary>Why, and where each value comes "
	    "from</summary>\n<ul>\n");
	for (size_t i = 0; i < k->n; i++) {
		const json_t *v = report_check_verdict(rep, k, i);

		sbuf_adds(o, "<li>");
		report_metric_text(o, v, html_escape);
		sbuf_adds(o, ": ");
		html_escape(o, report_why_text(v));
		for (int e = 1; e >= 0; e--) {
			sbuf_printf(o, "<br><span class=\"src\">%s: ",
			    report_side_label(meta, cat, v, e));
			report_source_text(o, json_object_get(v,
			    e ? "expected" : "actual"), html_escape);
			sbuf_adds(o, "</span>");
		}
		sbuf_adds(o, "</li>\n");
	}
	sbuf_adds(o, "</ul>\n</details>\n");
}

static void
html_check(struct sbuf *o, const struct report *rep,
    const struct rep_check *k, int cat, const struct report_meta *meta,
    const struct findings *fs)
{
	enum check_state st = report_check_state(k);
	static const char *const cls[CS_COUNT] = { "FAIL", "MISSING", "WARN",
	    "PASS", "PASS", "INAPPLICABLE" };

	sbuf_adds(o, "<h5 id=\"");
	report_anchor(o, &rep->all[k->first]);
	sbuf_printf(o, "\">%s. ", k->check);
	html_escape(o, k->title);
	sbuf_printf(o, " \xe2\x80\x94 <span class=\"v-%s\">", cls[st]);
	report_check_state_text(o, k);
	sbuf_printf(o, "</span></h5>\n<table>\n<tr><th>Metric</th><th>%s</th>"
	    "<th>%s</th><th>Diff</th><th>Tolerance</th><th>Verdict</th>"
	    "<th>Source</th></tr>\n",
	    cat == CAT_WORKLOAD ? "Sim Spec" : cat == CAT_ALIGNMENT ?
	    "Real (framework)" : "Expected",
	    cat == CAT_WORKLOAD ? "Real Trace" : cat == CAT_ALIGNMENT ? "Sim" :
	    "Actual");
	for (size_t i = 0; i < k->n; i++) {
		const json_t *v = report_check_verdict(rep, k, i);

		sbuf_adds(o, "<tr><td>");
		report_metric_text(o, v, html_escape);
		sbuf_adds(o, "</td><td>");
		report_value_text(o, json_object_get(v, "expected"),
		    VALUE_REPORT, html_escape);
		sbuf_adds(o, "</td><td>");
		report_value_text(o, json_object_get(v, "actual"),
		    VALUE_REPORT, html_escape);
		sbuf_adds(o, "</td><td>");
		report_diff_text(o, json_object_get(v, "diff"), html_escape);
		sbuf_adds(o, "</td><td>");
		report_tolerance_text(o, v, html_escape);
		sbuf_adds(o, "</td>");
		verdict_cell(o, v, k->first + i, fs);
		source_cell(o, v, cat, meta);
		sbuf_adds(o, "</tr>\n");
	}
	sbuf_adds(o, "</table>\n");
	html_details(o, rep, k, cat, meta);
	report_release(rep);
}

static void
html_cell_heading(struct sbuf *o, const struct rep_cell *c)
{
	if (c->phase == NULL && c->iteration == NULL)
		return;
	sbuf_adds(o, "<h4>");
	if (c->phase != NULL) {
		sbuf_adds(o, "Phase: ");
		html_escape(o, c->phase);
	}
	if (c->iteration != NULL) {
		sbuf_adds(o, c->phase != NULL ? ", iteration " : "Iteration ");
		html_escape(o, c->iteration);
	}
	sbuf_adds(o, "</h4>\n");
}

static void
html_category(struct sbuf *o, const struct report *rep, int cat,
    const struct report_meta *meta, const struct findings *fs)
{
	const struct rep_category *rc = &rep->cats[cat];

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
			html_cell_heading(o, &wl->cells[c]);
			for (size_t k = 0; k < wl->cells[c].nchecks; k++) {
				html_check(o, rep, &wl->cells[c].checks[k], cat,
				    meta, fs);
				report_flush(o, meta);
			}
		}
	}
}

static void
html_header(struct sbuf *o, const struct report_meta *meta)
{
	html_begin(o, meta->title);
	sbuf_adds(o, "<h1>");
	html_escape(o, meta->title);
	sbuf_adds(o, "</h1>\n<p><strong>Real bundle</strong>: ");
	html_escape(o, meta->real != NULL ? meta->real : "(not given)");
	sbuf_adds(o, "<br>\n<strong>Sim reference</strong>: ");
	html_escape(o, meta->sim != NULL ? meta->sim : "(not given)");
	sbuf_adds(o, "<br>\n<strong>Date</strong>: ");
	html_escape(o, meta->date);
	sbuf_adds(o, "</p>\n");
}

size_t
report_html(struct sbuf *o, const struct report *rep,
    const struct report_meta *meta, const struct evidence *ev)
{
	struct findings fs;
	size_t charts;

	findings_build(&fs, rep);
	html_header(o, meta);
	html_headline(o, rep, &fs, meta);
	sbuf_adds(o, "<nav>Contents: <a href=\"#summary\">Summary</a> "
	    "\xc2\xb7 <a href=\"#actions\">Action Items</a> \xc2\xb7 "
	    "<a href=\"#charts\">Charts</a>");
	for (int cat = 0; cat < CAT_COUNT; cat++)
		sbuf_printf(o, " \xc2\xb7 <a href=\"#cat-%d\">%d. %s</a>",
		    cat + 1, cat + 1, report_section_name(cat));
	sbuf_adds(o, "</nav>\n");
	html_summary(o, rep, &fs);
	html_actions(o, &fs, meta);
	report_html_run(o, ev->r, ev->n);
	charts = html_charts(o, rep, meta, ev);
	for (int cat = 0; cat < CAT_COUNT; cat++)
		html_category(o, rep, cat, meta, &fs);
	html_end(o);
	findings_free(&fs);
	return charts;
}
