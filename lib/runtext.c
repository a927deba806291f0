/* runtext.c - the report's Run section (runtext.h). */
#include <string.h>

#include "htmlpage.h"
#include "mdtext.h"
#include "rec.h"
#include "runtext.h"
#include "str.h"

bool
runtext_wants_kind(const char *kind)
{
	return kind != NULL && (strcmp(kind, "run") == 0 ||
	    strcmp(kind, "cell") == 0);
}

int
runtext_wants(const json_t *rec)
{
	return runtext_wants_kind(rec_get_str(rec, "kind"));
}

static void
names_line(struct sbuf *o, const json_t *rec, const char *key,
    const char *label)
{
	size_t i;
	json_t *v;

	json_array_foreach(json_object_get(rec, key), i, v) {
		sbuf_printf(o, "- %s: ", label);
		md_escape_text(o, json_string_value(v));
		sbuf_adds(o, "\n");
	}
}

/* "Run r1: shape replica, 3 replicas (file, replicas); cells declared by
 * file (field); translation file." */
static void
run_head(struct sbuf *o, const json_t *run)
{
	const json_t *rep = json_object_get(run, "replicas");
	const json_t *src = json_object_get(rep, "source");
	const json_t *decl = json_object_get(run, "declared_by");
	const json_t *tr = json_object_get(run, "translation");
	const json_t *counts = json_object_get(run, "counts");

	sbuf_adds(o, "Run ");
	md_escape_text(o, rec_get_str(run, "run"));
	sbuf_printf(o, ": shape %s, %lld replica%s (", rec_get_str(run,
	    "shape"), (long long)json_integer_value(json_object_get(rep,
	    "value")), json_integer_value(json_object_get(rep, "value")) == 1 ?
	    "" : "s");
	md_escape_text(o, rec_get_str(src, "file"));
	sbuf_adds(o, rec_get_str(src, "field") ? ", replicas" : ": ");
	md_escape_text(o, rec_get_str(src, "how"));
	sbuf_adds(o, "); cells declared by ");
	if (json_is_object(decl)) {
		md_escape_text(o, rec_get_str(decl, "file"));
		sbuf_adds(o, " (");
		md_escape_text(o, rec_get_str(decl, "field"));
		sbuf_adds(o, ")");
	} else
		sbuf_adds(o, "nothing (listed from the folders)");
	sbuf_adds(o, "; translation ");
	if (json_is_object(tr)) {
		md_escape_text(o, rec_get_str(tr, "file"));
		if (rec_get_str(tr, "how") != NULL) {
			sbuf_adds(o, ": ");
			md_escape_text(o, rec_get_str(tr, "how"));
		}
	} else
		sbuf_adds(o, "none found (no phase can be SKIP)");
	sbuf_printf(o, ". %lld PRESENT, %lld MISSING, %lld SKIP; a MISSING "
	    "cell fails the run (its checks say MISSING).\n\n",
	    (long long)json_integer_value(json_object_get(counts, "PRESENT")),
	    (long long)json_integer_value(json_object_get(counts, "MISSING")),
	    (long long)json_integer_value(json_object_get(counts, "SKIP")));
	names_line(o, run, "warnings", "Note");
	names_line(o, run, "malformed", "Not an iteration folder (iN, N from 1, "
	    "no leading zero), left out");
}

static void
cell_row(struct sbuf *o, const json_t *c)
{
	const json_t *scope = json_object_get(c, "scope");
	const char *keys[] = { "phase", "workload", "iteration" };

	sbuf_adds(o, "|");
	for (size_t k = 0; k < 3; k++) {
		sbuf_adds(o, " ");
		md_escape_cell(o, rec_get_str(scope, keys[k]));
		sbuf_adds(o, " |");
	}
	sbuf_printf(o, " %s%s | ", rec_get_str(c, "status"),
	    json_is_false(json_object_get(c, "declared")) ?
	    " (not declared)" : "");
	md_escape_cell(o, rec_get_str(c, "why"));
	sbuf_adds(o, " |\n");
}

void
report_md_run(struct sbuf *o, json_t *const *recs, size_t n)
{
	size_t cells = 0;

	for (size_t i = 0; i < n; i++)
		cells += runtext_wants(recs[i]);
	if (cells == 0)
		return;
	sbuf_adds(o, "\n## Run\n\nThe cells the run declares and what its "
	    "results folders hold (s2r-run).\n\n");
	for (size_t i = 0; i < n; i++)
		if (strcmp(rec_get_str(recs[i], "kind"), "run") == 0)
			run_head(o, recs[i]);
	sbuf_adds(o, "\n| phase | workload | iteration | status | why |\n"
	    "|---|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++)
		if (strcmp(rec_get_str(recs[i], "kind"), "cell") == 0)
			cell_row(o, recs[i]);
}

/* The HTML section: the run's line as text (its Markdown escapes are
 * not needed here: the same words, escaped for HTML), then the table. */
void
report_html_run(struct sbuf *o, json_t *const *recs, size_t n)
{
	const char *keys[] = { "phase", "workload", "iteration" };
	size_t cells = 0;

	for (size_t i = 0; i < n; i++)
		cells += runtext_wants(recs[i]);
	if (cells == 0)
		return;
	sbuf_adds(o, "<h2 id=\"run\">Run</h2>\n<p>The cells the run declares "
	    "and what its results folders hold (s2r-run); a MISSING cell "
	    "fails the run.</p>\n<table>\n<tr><th>phase</th><th>workload</th>"
	    "<th>iteration</th><th>status</th><th>why</th></tr>\n");
	for (size_t i = 0; i < n; i++) {
		const json_t *scope = json_object_get(recs[i], "scope");

		if (strcmp(rec_get_str(recs[i], "kind"), "cell") != 0)
			continue;
		sbuf_adds(o, "<tr>");
		for (size_t k = 0; k < 3; k++) {
			sbuf_adds(o, "<td>");
			html_escape(o, rec_get_str(scope, keys[k]));
			sbuf_adds(o, "</td>");
		}
		sbuf_adds(o, "<td>");
		html_escape(o, rec_get_str(recs[i], "status"));
		sbuf_adds(o, "</td><td>");
		html_escape(o, rec_get_str(recs[i], "why"));
		sbuf_adds(o, "</td></tr>\n");
	}
	sbuf_adds(o, "</table>\n");
}
