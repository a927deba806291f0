/* batchindex.c - the batch index (see batchindex.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batchindex.h"
#include "err.h"
#include "htmlpage.h"
#include "mdtext.h"
#include "rec.h"
#include "report.h"
#include "verdict.h"

#define ERROR_CHARS 400	/* of the error file's first line */

static char *
path_in(const char *dir, const char *file)
{
	struct sbuf b = {0};

	sbuf_printf(&b, "%s/%s", dir, file);
	return b.s;
}

static bool
exists(const char *dir, const char *file)
{
	char *p = path_in(dir, file);
	bool ok = access(p, F_OK) == 0;

	free(p);
	return ok;
}

/* The first non-empty line of dir/error, or NULL when there is none. */
static char *
read_error(const char *dir)
{
	char *p = path_in(dir, "error");
	FILE *f = fopen(p, "r");
	char buf[ERROR_CHARS + 1];
	char *msg = NULL;

	free(p);
	if (f == NULL)
		return NULL;
	while (fgets(buf, sizeof(buf), f) != NULL) {
		buf[strcspn(buf, "\r\n")] = '\0';
		if (buf[0] != '\0') {
			msg = xstrdup(buf);
			break;
		}
	}
	fclose(f);
	return msg != NULL ? msg : xstrdup("failed (no message)");
}

static char *
worst_text(const json_t *v)
{
	struct sbuf b = {0};

	sbuf_printf(&b, "%s %s %s (", rec_get_str(v, "verdict"),
	    rec_get_str(v, "check"), rec_get_str(v, "title"));
	report_where_text(&b, v, sbuf_adds);
	if (rec_get_str(v, "metric") != NULL)
		sbuf_printf(&b, ", %s", rec_get_str(v, "metric"));
	sbuf_adds(&b, ")");
	return b.s;
}

/* The row's counts and worst verdict, or row->error when the verdicts
 * are cut. */
static void
summarise(struct bi_row *row, const char *dir)
{
	char *p = path_in(dir, "verdicts.ndjson");
	struct report rep;
	const char *cut;

	report_init(&rep);
	if ((cut = report_read(&rep, p)) != NULL) {
		struct sbuf b = {0};

		sbuf_printf(&b, "%s: %s", p, cut);
		row->error = b.s;
		report_free(&rep);
		free(p);
		return;
	}
	report_build(&rep);
	for (int c = 0; c < CAT_COUNT; c++)
		memcpy(row->counts[c], rep.cats[c].counts,
		    sizeof(row->counts[c]));
	memcpy(row->total, rep.total, sizeof(row->total));
	if (rep.nactions > 0) {
		row->worst = worst_text(report_verdict(&rep, rep.actions[0]));
		row->worst_verdict = rep.all[rep.actions[0]].verdict;
	}
	report_free(&rep);
	free(p);
}

void
bindex_add(struct bindex *x, const char *dir)
{
	struct bi_row *row;
	size_t len = strlen(dir);
	const char *base;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	x->rows = xroom(x->rows, x->n, sizeof(*x->rows));
	row = &x->rows[x->n++];
	memset(row, 0, sizeof(*row));
	row->dir = xstrndup(dir, len);
	base = strrchr(row->dir, '/');
	row->name = xstrdup(base != NULL && base[1] != '\0' ? base + 1 :
	    row->dir);
	row->worst_verdict = -1;
	row->error = read_error(row->dir);
	if (row->error == NULL && !exists(row->dir, "verdicts.ndjson")) {
		struct sbuf b = {0};

		sbuf_printf(&b, "no verdicts.ndjson and no error file in %s "
		    "(not run?)", row->dir);
		row->error = b.s;
	}
	if (row->error == NULL)
		summarise(row, row->dir);
	row->has_md = exists(row->dir, "report.md");
	row->has_html = exists(row->dir, "report.html");
}

static int
row_cmp(const void *pa, const void *pb)
{
	const struct bi_row *a = pa, *b = pb;
	int c = judge_natcmp(a->name, b->name);

	return c != 0 ? c : strcmp(a->dir, b->dir);
}

void
bindex_sort(struct bindex *x)
{
	if (x->n > 1)
		qsort(x->rows, x->n, sizeof(*x->rows), row_cmp);
}

void
bindex_free(struct bindex *x)
{
	for (size_t i = 0; i < x->n; i++) {
		free(x->rows[i].name);
		free(x->rows[i].dir);
		free(x->rows[i].error);
		free(x->rows[i].worst);
	}
	free(x->rows);
	memset(x, 0, sizeof(*x));
}

size_t
bindex_failed(const struct bindex *x)
{
	size_t n = 0;

	for (size_t i = 0; i < x->n; i++) {
		const struct bi_row *r = &x->rows[i];

		n += r->error == NULL && (r->total[V_FAIL] > 0 ||
		    r->total[V_MISSING] > 0);
	}
	return n;
}

size_t
bindex_errors(const struct bindex *x)
{
	size_t n = 0;

	for (size_t i = 0; i < x->n; i++)
		n += x->rows[i].error != NULL;
	return n;
}

/* A row's status: ERROR, FAIL, MISSING (data that should be there is
 * not: as bad as a FAIL for trusting the run), WARN or PASS. */
static const char *
row_status(const struct bi_row *r)
{
	if (r->error != NULL)
		return "ERROR";
	if (r->total[V_FAIL] > 0)
		return "FAIL";
	if (r->total[V_MISSING] > 0)
		return "MISSING";
	return r->total[V_WARN] > 0 ? "WARN" : "PASS";
}

static void
tally(const struct bindex *x, size_t *warn, size_t *clean)
{
	*warn = *clean = 0;
	for (size_t i = 0; i < x->n; i++) {
		const struct bi_row *r = &x->rows[i];

		if (r->error != NULL || r->total[V_FAIL] > 0 ||
		    r->total[V_MISSING] > 0)
			continue;
		if (r->total[V_WARN] > 0)
			(*warn)++;
		else
			(*clean)++;
	}
}

/* --- Markdown -------------------------------------------------------- */

void
bindex_md(struct sbuf *o, const struct bindex *x, const char *title,
    const char *date)
{
	size_t warn, clean;

	tally(x, &warn, &clean);
	sbuf_adds(o, "# ");
	md_escape_text(o, title);
	sbuf_adds(o, "\n\n**Date**: ");
	md_escape_text(o, date);
	sbuf_printf(o, "\n**Bundles**: %zu: %zu with a FAIL or MISSING, %zu "
	    "with WARN only, %zu clean, %zu failed to process\n\n", x->n,
	    bindex_failed(x), warn, clean, bindex_errors(x));
	sbuf_adds(o, "Counts are PASS/WARN/FAIL/MISSING per category.\n\n"
	    "| Bundle | Status |");
	for (int c = 0; c < CAT_COUNT; c++)
		sbuf_printf(o, " %s |", judge_category_name(c));
	sbuf_adds(o, " Worst finding | Reports |\n|---|---|");
	for (int c = 0; c < CAT_COUNT; c++)
		sbuf_adds(o, "---|");
	sbuf_adds(o, "---|---|\n");
	for (size_t i = 0; i < x->n; i++) {
		const struct bi_row *r = &x->rows[i];

		sbuf_adds(o, "| ");
		md_escape_cell(o, r->name);
		sbuf_printf(o, " | %s |", row_status(r));
		for (int c = 0; c < CAT_COUNT; c++) {
			if (r->error != NULL)
				sbuf_adds(o, " \u2014 |");
			else
				sbuf_printf(o, " %d/%d/%d/%d |",
				    r->counts[c][V_PASS], r->counts[c][V_WARN],
				    r->counts[c][V_FAIL],
				    r->counts[c][V_MISSING]);
		}
		sbuf_adds(o, " ");
		md_escape_cell(o, r->error ? r->error : r->worst ? r->worst :
		    "no FAIL, MISSING or WARN");
		sbuf_adds(o, " |");
		if (r->has_md) {
			sbuf_adds(o, " [md](");
			md_href(o, r->dir, "report.md");
			sbuf_adds(o, ")");
		}
		if (r->has_html) {
			sbuf_adds(o, " [html](");
			md_href(o, r->dir, "report.html");
			sbuf_adds(o, ")");
		}
		if (r->error != NULL) {
			sbuf_adds(o, " [error](");
			md_href(o, r->dir, "error");
			sbuf_adds(o, ")");
		}
		sbuf_adds(o, " |\n");
	}
}

/* --- HTML ------------------------------------------------------------ */

static void
html_href(struct sbuf *o, const char *dir, const char *file,
    const char *text)
{
	struct sbuf p = {0};

	sbuf_adds(o, " <a href=\"");
	md_href(&p, dir, file);
	html_escape(o, sbuf_str(&p));
	sbuf_printf(o, "\">%s</a>", text);
	sbuf_free(&p);
}

static void
html_counts(struct sbuf *o, const int *n)
{
	const char *cls = n[V_FAIL] ? "v-FAIL" : n[V_MISSING] ? "v-MISSING" :
	    n[V_WARN] ? "v-WARN" : n[V_PASS] ? "v-PASS" : NULL;

	sbuf_printf(o, "<td class=\"num%s%s\">%d/%d/%d/%d</td>", cls ? " " :
	    "", cls ? cls : "", n[V_PASS], n[V_WARN], n[V_FAIL],
	    n[V_MISSING]);
}

void
bindex_html(struct sbuf *o, const struct bindex *x, const char *title,
    const char *date)
{
	size_t warn, clean;

	tally(x, &warn, &clean);
	html_begin(o, title);
	sbuf_adds(o, "<h1>");
	html_escape(o, title);
	sbuf_adds(o, "</h1>\n<p><strong>Date</strong>: ");
	html_escape(o, date);
	sbuf_printf(o, "<br>\n<strong>Bundles</strong>: %zu: %zu with a FAIL "
	    "or MISSING, %zu with WARN only, %zu clean, %zu failed to "
	    "process</p>\n<p>Counts are PASS/WARN/FAIL/MISSING per "
	    "category.</p>\n"
	    "<table class=\"index\">\n<tr><th>Bundle</th><th>Status</th>",
	    x->n, bindex_failed(x), warn, clean, bindex_errors(x));
	for (int c = 0; c < CAT_COUNT; c++)
		sbuf_printf(o, "<th>%s</th>", judge_category_name(c));
	sbuf_adds(o, "<th>Worst finding</th><th>Reports</th></tr>\n");
	for (size_t i = 0; i < x->n; i++) {
		const struct bi_row *r = &x->rows[i];
		const char *st = row_status(r);

		sbuf_adds(o, "<tr><td>");
		html_escape(o, r->name);
		sbuf_printf(o, "</td><td class=\"v-%s\">%s</td>", st, st);
		for (int c = 0; c < CAT_COUNT; c++) {
			if (r->error != NULL)
				sbuf_adds(o, "<td>\xe2\x80\x94</td>");
			else
				html_counts(o, r->counts[c]);
		}
		sbuf_adds(o, "<td>");
		html_escape(o, r->error ? r->error : r->worst ? r->worst :
		    "no FAIL, MISSING or WARN");
		sbuf_adds(o, "</td><td>");
		if (r->has_md)
			html_href(o, r->dir, "report.md", "md");
		if (r->has_html)
			html_href(o, r->dir, "report.html", "html");
		if (r->error != NULL)
			html_href(o, r->dir, "error", "error");
		sbuf_adds(o, "</td></tr>\n");
	}
	sbuf_adds(o, "</table>\n");
	html_end(o);
}
