/* mdreport.c - the Markdown parity report. */
#include <string.h>

#include "cmptext.h"
#include "mdreport.h"
#include "mdtext.h"
#include "rec.h"
#include "str.h"
#include "verdict.h"

static void
md_summary(struct sbuf *o, const struct report *rep)
{
	sbuf_adds(o, "## Summary\n\n| Category | PASS | WARN | FAIL | "
	    "INAPPLICABLE | MISSING |\n|----------|------|------|------|"
	    "--------------|---------|\n");
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		const int *n = rep->cats[cat].counts;

		sbuf_printf(o, "| %s | %d | %d | %d | %d | %d |\n",
		    judge_category_name(cat), n[V_PASS], n[V_WARN], n[V_FAIL],
		    n[V_INAPPLICABLE], n[V_MISSING]);
	}
	sbuf_printf(o, "| **Total** | **%d** | **%d** | **%d** | **%d** | "
	    "**%d** |\n\n", rep->total[V_PASS], rep->total[V_WARN],
	    rep->total[V_FAIL], rep->total[V_INAPPLICABLE],
	    rep->total[V_MISSING]);
}

/* Alignment verdicts hold the real framework as expected (the
 * reference) and the simulator as actual; every other area the reverse. */
static void
md_sources(struct sbuf *o, const struct rep_check *k, int cat)
{
	bool al = cat == CAT_ALIGNMENT;

	sbuf_adds(o, "Sources:\n");
	for (size_t i = 0; i < k->n; i++) {
		const json_t *v = k->v[i];

		sbuf_adds(o, "- ");
		report_metric_text(o, v, md_escape_cell);
		sbuf_adds(o, al ? ": real " : ": sim ");
		report_source_text(o, json_object_get(v, "expected"),
		    md_escape_text);
		sbuf_adds(o, al ? "; sim " : "; real ");
		report_source_text(o, json_object_get(v, "actual"),
		    md_escape_text);
		sbuf_adds(o, "\n");
	}
	sbuf_adds(o, "\n");
}

/* A fence longer than any backtick run in s, so code never closes it. */
static size_t
fence_len(const char *s)
{
	size_t run = 0, most = 0;

	for (; s != NULL && *s != '\0'; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > most)
			most = run;
	}
	return most >= 3 ? most + 1 : 3;
}

/* An evidence table ({columns, rows}; cells strings, numbers or null). */
static void
md_table(struct sbuf *o, const json_t *t)
{
	json_t *cols = json_object_get(t, "columns"), *row, *cell;
	size_t i, k, ncol = json_array_size(cols);
	char num[32];

	if (ncol == 0)
		return;
	sbuf_adds(o, "\n|");
	json_array_foreach(cols, k, cell) {
		sbuf_addc(o, ' ');
		md_escape_cell(o, json_string_value(cell));
		sbuf_adds(o, " |");
	}
	sbuf_adds(o, "\n|");
	for (k = 0; k < ncol; k++)
		sbuf_adds(o, "---|");
	sbuf_adds(o, "\n");
	json_array_foreach(json_object_get(t, "rows"), i, row) {
		sbuf_addc(o, '|');
		for (k = 0; k < ncol; k++) {
			cell = json_array_get(row, k);
			sbuf_addc(o, ' ');
			if (json_is_string(cell))
				md_escape_cell(o, json_string_value(cell));
			else if (json_is_number(cell)) {
				judge_fmt_num(num, sizeof(num),
				    json_number_value(cell));
				sbuf_adds(o, num);
			} else if (json_is_boolean(cell))
				sbuf_adds(o, json_is_true(cell) ? "yes" : "no");
			else
				sbuf_adds(o, "\u2014");
			sbuf_adds(o, " |");
		}
		sbuf_adds(o, "\n");
	}
	sbuf_adds(o, "\n");
}

/* A verdict's optional evidence: each item's label and file:line, then
 * its snippet as a fenced code block (code proofs, 3a-4d). */
static void
md_evidence(struct sbuf *o, const json_t *v)
{
	json_t *ev = json_object_get(v, "evidence"), *item;
	size_t i;

	if (json_array_size(ev) == 0)
		return;
	sbuf_adds(o, "Evidence for ");
	report_metric_text(o, v, md_escape_cell);
	sbuf_adds(o, ":\n\n");
	json_array_foreach(ev, i, item) {
		const json_t *src = json_object_get(item, "source");
		const char *file = rec_get_str(src, "file");
		const char *snippet = rec_get_str(item, "snippet");
		double line, end;
		size_t n;

		sbuf_adds(o, "- ");
		md_escape_text(o, rec_get_str(item, "label"));
		if (file != NULL) {
			sbuf_adds(o, " \u2014 ");
			md_escape_text(o, file);
			if (rec_get_num(src, "line", &line)) {
				sbuf_printf(o, ":%.0f", line);
				if (rec_get_num(src, "end_line", &end) &&
				    end > line)
					sbuf_printf(o, "-%.0f", end);
			}
		}
		sbuf_adds(o, "\n");
		if (json_object_get(item, "table") != NULL)
			md_table(o, json_object_get(item, "table"));
		if (snippet == NULL)
			continue;
		n = fence_len(snippet);
		sbuf_adds(o, "\n");
		for (size_t k = 0; k < n; k++)
			sbuf_addc(o, '`');
		if (file != NULL && str_has_suffix(file, ".go"))
			sbuf_adds(o, "go");
		else if (file != NULL && (str_has_suffix(file, ".yaml") ||
		    str_has_suffix(file, ".yml")))
			sbuf_adds(o, "yaml");
		sbuf_printf(o, "\n%s%s", snippet, str_has_suffix(snippet,
		    "\n") ? "" : "\n");
		for (size_t k = 0; k < n; k++)
			sbuf_addc(o, '`');
		sbuf_adds(o, "\n\n");
	}
	sbuf_adds(o, "\n");
}

static void
md_check(struct sbuf *o, const struct rep_check *k, int cat)
{
	sbuf_printf(o, "**%s. ", k->check);
	md_escape_text(o, k->title != NULL ? k->title : "");
	sbuf_printf(o, "** \u2014 %s\n\n", judge_verdict_names[k->worst]);
	for (size_t i = 0; i < k->n; i++) {
		sbuf_adds(o, "- ");
		report_metric_text(o, k->v[i], md_escape_cell);
		sbuf_adds(o, ": ");
		md_escape_text(o, rec_get_str(k->v[i], "why"));
		sbuf_adds(o, "\n");
	}
	sbuf_printf(o, "\n| Metric | %s | %s | Diff | Tolerance | Verdict |\n"
	    "|--------|----------|------------|------|-----------|---------|\n",
	    cat == CAT_WORKLOAD ? "Sim Spec" : cat == CAT_ALIGNMENT ?
	    "Real (framework)" : "Expected",
	    cat == CAT_WORKLOAD ? "Real Trace" : cat == CAT_ALIGNMENT ? "Sim" :
	    "Actual");
	for (size_t i = 0; i < k->n; i++) {
		const json_t *v = k->v[i];

		sbuf_adds(o, "| ");
		report_metric_text(o, v, md_escape_cell);
		sbuf_adds(o, " | ");
		report_value_text(o, json_object_get(v, "expected"),
		    VALUE_REPORT, md_escape_cell);
		sbuf_adds(o, " | ");
		report_value_text(o, json_object_get(v, "actual"),
		    VALUE_REPORT, md_escape_cell);
		sbuf_adds(o, " | ");
		report_diff_text(o, json_object_get(v, "diff"),
		    md_escape_cell);
		sbuf_adds(o, " | ");
		report_tolerance_text(o, v, md_escape_cell);
		sbuf_printf(o, " | %s |\n", rec_get_str(v, "verdict"));
	}
	sbuf_adds(o, "\n");
	md_sources(o, k, cat);
	for (size_t i = 0; i < k->n; i++)
		md_evidence(o, k->v[i]);
}

static void
md_cell_heading(struct sbuf *o, const struct rep_cell *c)
{
	if (c->phase == NULL && c->iteration == NULL)
		return;
	sbuf_adds(o, "#### ");
	if (c->phase != NULL) {
		sbuf_adds(o, "Phase: ");
		md_escape_text(o, c->phase);
	}
	if (c->iteration != NULL) {
		sbuf_adds(o, c->phase != NULL ? ", iteration " : "Iteration ");
		md_escape_text(o, c->iteration);
	}
	sbuf_adds(o, "\n\n");
}

static void
md_category(struct sbuf *o, const struct rep_category *rc, int cat)
{
	sbuf_printf(o, "## %d. %s\n\n", cat + 1, report_section_name(cat));
	if (rc->nworkloads == 0) {
		sbuf_adds(o, "No verdicts in this category: not run.\n\n");
		return;
	}
	for (size_t w = 0; w < rc->nworkloads; w++) {
		const struct rep_workload *wl = &rc->workloads[w];

		if (wl->name != NULL) {
			sbuf_adds(o, "### Workload: ");
			md_escape_text(o, wl->name);
			sbuf_adds(o, "\n\n");
		} else
			sbuf_adds(o, "### Bundle-wide\n\n");
		for (size_t c = 0; c < wl->ncells; c++) {
			md_cell_heading(o, &wl->cells[c]);
			for (size_t k = 0; k < wl->cells[c].nchecks; k++)
				md_check(o, &wl->cells[c].checks[k], cat);
		}
	}
}

static void
md_actions(struct sbuf *o, const struct report *rep)
{
	sbuf_adds(o, "## Action Items\n\n");
	if (rep->nactions == 0) {
		sbuf_adds(o, "No FAIL, MISSING or WARN verdicts: nothing to "
		    "act on.\n");
		return;
	}
	for (size_t i = 0; i < rep->nactions; i++) {
		const json_t *v = rep->actions[i];
		const char *action = rec_get_str(v, "action");

		sbuf_printf(o, "%zu. [%s] %s ", i + 1,
		    rec_get_str(v, "verdict"), rec_get_str(v, "check"));
		md_escape_text(o, rec_get_str(v, "title"));
		sbuf_adds(o, " (");
		report_where_text(o, v, md_escape_text);
		sbuf_adds(o, ", ");
		report_metric_text(o, v, md_escape_cell);
		sbuf_adds(o, "): ");
		md_escape_text(o, action != NULL ? action : rec_get_str(v, "why"));
		sbuf_adds(o, "\n");
	}
}

void
report_md(struct sbuf *o, const struct report *rep,
    const struct report_meta *meta)
{
	sbuf_adds(o, "# ");
	md_escape_text(o, meta->title);
	sbuf_adds(o, "\n\n**Real bundle**: ");
	md_escape_text(o, meta->real != NULL ? meta->real : "(not given)");
	sbuf_adds(o, "\n**Sim reference**: ");
	md_escape_text(o, meta->sim != NULL ? meta->sim : "(not given)");
	sbuf_adds(o, "\n**Date**: ");
	md_escape_text(o, meta->date);
	sbuf_adds(o, "\n\n");
	md_summary(o, rep);
	for (int cat = 0; cat < CAT_COUNT; cat++)
		md_category(o, &rep->cats[cat], cat);
	md_actions(o, rep);
}

static void
md_compare_row(struct sbuf *o, struct sbuf *cells)
{
	sbuf_adds(o, "|");
	for (int k = 0; k < CT_NCOLS; k++) {
		sbuf_addc(o, ' ');
		md_escape_cell(o, sbuf_str(&cells[k]));
		sbuf_adds(o, " |");
	}
	sbuf_addc(o, '\n');
}

/* Records [b, e): one table (same analysis, workload and arms). */
static void
md_compare_table(struct sbuf *o, json_t *const *recs, size_t b, size_t e)
{
	struct sbuf cells[CT_NCOLS] = {{0}}, head = {0};
	struct strv notes = {0};

	cmptext_heading(&head, recs[b]);
	sbuf_adds(o, "### ");
	md_escape_text(o, sbuf_str(&head));
	sbuf_adds(o, "\n\n");
	cmptext_header(cells, recs[b]);
	md_compare_row(o, cells);
	sbuf_adds(o, "|---|---|---:|---:|---:|---:|---|---|\n");
	for (size_t i = b; i < e; i++) {
		cmptext_row(cells, recs[i]);
		md_compare_row(o, cells);
		cmptext_notes(&notes, recs[i]);
	}
	sbuf_adds(o, "\n");
	for (size_t i = 0; i < notes.n; i++) {
		sbuf_adds(o, "- ");
		md_escape_text(o, notes.v[i]);
		sbuf_adds(o, "\n");
	}
	sbuf_adds(o, notes.n ? "\n" : "");
	for (int k = 0; k < CT_NCOLS; k++)
		sbuf_free(&cells[k]);
	sbuf_free(&head);
	strv_free(&notes);
}

void
report_md_compare(struct sbuf *o, json_t *const *recs, size_t n)
{
	size_t rows = 0, series = 0;

	for (size_t i = 0; i < n; i++) {
		rows += cmptext_is_row(recs[i]);
		series += !cmptext_is_row(recs[i]) && strcmp(rec_get_str(
		    recs[i], "kind"), "compare") == 0;
	}
	if (rows + series == 0)
		return;
	sbuf_adds(o, "\n## Comparison\n\nInformational, not verdicts "
	    "(s2r-compare; how each number was computed is in its record's "
	    "source.how). Lower latency and error rate, higher attainment "
	    "and goodput are better; a change within the tolerance is "
	    "within_noise.\n\n");
	for (size_t i = 0; i < n;) {
		size_t e;

		if (!cmptext_is_row(recs[i])) {
			i++;
			continue;
		}
		e = cmptext_table_end(recs, n, i);
		md_compare_table(o, recs, i, e);
		i = e;
	}
	if (series > 0)
		sbuf_printf(o, "Over time: %zu timeline record%s (requests per "
		    "second, latency against send time); the HTML report "
		    "draws them.\n", series, series == 1 ? "" : "s");
}
