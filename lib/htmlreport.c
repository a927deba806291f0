/* htmlreport.c - the HTML parity report: the page, its summary, evidence
 * tables and action items; the charts are htmlcharts.c's. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "htmlcharts.h"
#include "htmlpage.h"
#include "htmlreport.h"
#include "runtext.h"
#include "rec.h"
#include "verdict.h"

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

/* Unlike the Markdown report's, the sides are named sim and real in every
 * category, Alignment's too. */
static void
html_sources(struct sbuf *o, const struct rep_check *k)
{
	sbuf_adds(o, "<details><summary>Sources</summary>\n<ul>\n");
	for (size_t i = 0; i < k->n; i++) {
		sbuf_adds(o, "<li class=\"src\">");
		report_metric_text(o, k->v[i], html_escape);
		sbuf_adds(o, ": sim ");
		report_source_text(o, json_object_get(k->v[i], "expected"),
		    html_escape);
		sbuf_adds(o, "; real ");
		report_source_text(o, json_object_get(k->v[i], "actual"),
		    html_escape);
		sbuf_adds(o, "</li>\n");
	}
	sbuf_adds(o, "</ul>\n</details>\n");
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
		report_metric_text(o, k->v[i], html_escape);
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
		verdict_cell(o, rec_get_str(v, "verdict"));
		sbuf_adds(o, "</tr>\n");
	}
	sbuf_adds(o, "</table>\n");
	html_sources(o, k);
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
			html_cell_heading(o, &wl->cells[c]);
			for (size_t k = 0; k < wl->cells[c].nchecks; k++)
				html_check(o, &wl->cells[c].checks[k], cat);
		}
	}
}

static void
html_actions(struct sbuf *o, const struct report *rep)
{
	sbuf_adds(o, "<h2 id=\"actions\">Action Items</h2>\n");
	if (rep->nactions == 0) {
		sbuf_adds(o, "<p>No FAIL, MISSING or WARN verdicts: nothing "
		    "to act on.</p>\n");
		return;
	}
	sbuf_adds(o, "<ol>\n");
	for (size_t i = 0; i < rep->nactions; i++) {
		const json_t *v = rep->actions[i];
		const char *action = rec_get_str(v, "action");
		const char *verdict = rec_get_str(v, "verdict");

		sbuf_printf(o, "<li><span class=\"v-%s\">%s</span> %s ",
		    verdict, verdict, rec_get_str(v, "check"));
		html_escape(o, rec_get_str(v, "title"));
		sbuf_adds(o, " (");
		report_where_text(o, v, html_escape);
		sbuf_adds(o, ", ");
		report_metric_text(o, v, html_escape);
		sbuf_adds(o, "): ");
		html_escape(o, action != NULL ? action : rec_get_str(v, "why"));
		sbuf_adds(o, "</li>\n");
	}
	sbuf_adds(o, "</ol>\n");
}

size_t
report_html(struct sbuf *o, const struct report *rep,
    const struct report_meta *meta, const struct evidence *ev)
{
	size_t charts;

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
	charts = html_charts(o, rep, ev);
	for (int cat = 0; cat < CAT_COUNT; cat++)
		html_category(o, &rep->cats[cat], cat);
	html_actions(o, rep);
	report_html_run(o, ev->r, ev->n);
	html_end(o);
	return charts;
}
