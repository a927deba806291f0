/* mdreport.c - the Markdown parity report: headline, contents, Summary,
 * Action Items (one per finding), then each category's checks, a table
 * each with a short source per row; the full provenance of every row is
 * in verdicts.ndjson (and the HTML report's details). */
#include <stdlib.h>
#include <string.h>

#include "cmptext.h"
#include "err.h"
#include "mdreport.h"
#include "mdtext.h"
#include "rec.h"
#include "reportfind.h"
#include "sha256.h"
#include "str.h"
#include "strtab.h"
#include "verdict.h"

/* What the sections share while they are written. */
struct mdctx {
	const struct report *rep;
	const struct report_meta *meta;
	const struct findings *fs;
	struct strtab	 whys;		/* "check\x1fwhy" shown, in order */
	struct strv	 where;		/* the cell each was shown in first */
	struct strtab	 seen;		/* SHA-256 of each "check\x1ftable"
					 * shown, in order (a table is a
					 * section's size: the digest keeps
					 * the report's memory a section's) */
	struct strv	 seen_where;	/* the cell each was shown in */
};

/* GitHub's heading anchor: lower case, punctuation dropped, spaces to
 * '-' ("## 1. Workload Parity" -> "1-workload-parity"). */
static void
md_slug(struct sbuf *o, const char *heading)
{
	for (const unsigned char *p = (const unsigned char *)heading; *p; p++) {
		if (*p >= 'A' && *p <= 'Z')
			sbuf_addc(o, (char)(*p - 'A' + 'a'));
		else if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		    *p == '-' || *p == '_')
			sbuf_addc(o, (char)*p);
		else if (*p == ' ')
			sbuf_addc(o, '-');
	}
}

/* A link to a category's section; short: "[§1](#1-workload-parity)". */
static void
md_category_link(struct sbuf *o, int cat, bool short_text)
{
	struct sbuf h = {0};

	sbuf_printf(&h, "%d. %s", cat + 1, report_section_name(cat));
	sbuf_adds(o, "[");
	if (short_text)
		sbuf_printf(o, "\u00a7%d", cat + 1);
	else
		md_escape_text(o, sbuf_str(&h));
	sbuf_adds(o, "](#");
	md_slug(o, sbuf_str(&h));
	sbuf_adds(o, ")");
	sbuf_free(&h);
}

static void
md_contents(struct sbuf *o)
{
	sbuf_adds(o, "Contents: [Summary](#summary) \u00b7 "
	    "[Action Items](#action-items)");
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		sbuf_adds(o, " \u00b7 ");
		md_category_link(o, cat, false);
	}
	sbuf_adds(o, "\n\n");
}

/* Checks per cell, as the procedure's template counts them, and the
 * findings of each category. */
static void
md_summary(struct sbuf *o, const struct report *rep,
    const struct findings *fs)
{
	int total[CS_COUNT] = {0}, n[CS_COUNT], checks, all = 0;

	sbuf_adds(o, "## Summary\n\nChecks per cell by their heading; a "
	    "finding is one distinct problem, however many cells show it.\n\n"
	    "| Category | Checks | FAIL | MISSING | WARN | PASS | PASS, part "
	    "not judged | Not judged | Findings |\n"
	    "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		report_check_counts(&rep->cats[cat], n);
		checks = 0;
		for (int s = 0; s < CS_COUNT; s++) {
			checks += n[s];
			total[s] += n[s];
		}
		all += checks;
		sbuf_printf(o, "| %s | %d | %d | %d | %d | %d | %d | %d | %d |\n",
		    judge_category_name(cat), checks, n[CS_FAIL], n[CS_MISSING],
		    n[CS_WARN], n[CS_PASS], n[CS_PART], n[CS_NOT_JUDGED],
		    fs->per_cat[cat]);
	}
	sbuf_printf(o, "| **Total** | **%d** | **%d** | **%d** | **%d** | "
	    "**%d** | **%d** | **%d** | **%zu** |\n\n", all, total[CS_FAIL],
	    total[CS_MISSING], total[CS_WARN], total[CS_PASS], total[CS_PART],
	    total[CS_NOT_JUDGED], fs->n);
	sbuf_printf(o, "Verdict rows: %d PASS, %d WARN, %d FAIL, %d "
	    "INAPPLICABLE (not judged), %d MISSING.\n\n", rep->total[V_PASS],
	    rep->total[V_WARN], rep->total[V_FAIL],
	    rep->total[V_INAPPLICABLE], rep->total[V_MISSING]);
}

/* Item i: the finding, what its why adds, its cells, what to do; an
 * action an earlier item gave (first_item, by the index actions gives
 * it) is pointed at. */
static void
md_item(struct sbuf *o, const struct findings *fs, size_t i,
    const struct report_meta *meta, struct strtab *actions,
    size_t *first_item)
{
	const struct finding *f = &fs->f[i];
	const json_t *v = finding_verdict(f);
	const char *action = finding_action(f);
	bool added;
	uint32_t at = strtab_intern_n(actions, action, strlen(action), &added);

	if (added)
		first_item[at] = i + 1;
	sbuf_printf(o, "%zu. [%s] %s ", i + 1,
	    judge_verdict_names[f->verdict], rec_get_str(v, "check"));
	md_escape_text(o, rec_get_str(v, "title"));
	sbuf_adds(o, " \u2014 ");
	finding_text(o, f, meta, false, md_escape_text);
	sbuf_adds(o, ". ");
	/* A moved key's two whys say what its text says. */
	if (!f->paired && *report_why_note(v) != '\0') {
		md_escape_text(o, report_why_note(v));
		sbuf_adds(o, " ");
	}
	sbuf_printf(o, "In %zu cell%s: ", f->ncells, f->ncells == 1 ? "" : "s");
	finding_cells_text(o, f, md_escape_text);
	sbuf_adds(o, " (");
	md_category_link(o, f->cat, true);
	sbuf_adds(o, "). Do: ");
	if (added)
		md_escape_text(o, action);
	else
		sbuf_printf(o, "as item %zu.", first_item[at]);
	sbuf_adds(o, "\n");
}

static void
md_actions(struct sbuf *o, const struct findings *fs,
    const struct report_meta *meta)
{
	struct strtab actions = {0};
	size_t *first_item;

	sbuf_adds(o, "## Action Items\n\n");
	if (fs->n == 0) {
		sbuf_adds(o, "No FAIL, MISSING or WARN verdicts: nothing to "
		    "act on.\n\n");
		return;
	}
	first_item = xcalloc(fs->n, sizeof(*first_item));
	for (size_t i = 0; i < fs->n; i++) {
		md_item(o, fs, i, meta, &actions, first_item);
		report_release(fs->f[i].rep);
		report_flush(o, meta);
	}
	sbuf_adds(o, "\n");
	strtab_free(&actions);
	free(first_item);
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

/* Why each row not judged could not be; rows with the same why share one
 * line, and a why this check gave in an earlier cell points there.  A
 * PASS row's why repeats its table row; a FAIL, MISSING or WARN row's is
 * its Action Item's. */
static void
md_whys(struct sbuf *o, const struct rep_check *k, struct mdctx *x)
{
	const struct report *rep = x->rep;
	bool *done = xcalloc(k->n + 1, sizeof(*done));
	struct sbuf key = {0};
	bool any = false, added;
	uint32_t at;

	for (size_t i = 0; i < k->n; i++) {
		const json_t *v = report_check_verdict(rep, k, i);
		const char *why = report_why_text(v);

		if (done[i] || rep->all[k->first + i].verdict != V_INAPPLICABLE)
			continue;
		sbuf_adds(o, "- ");
		for (size_t j = i; j < k->n; j++) {
			const json_t *w = report_check_verdict(rep, k, j);

			if (done[j] || strcmp(report_why_text(w), why) != 0)
				continue;
			if (j > i)
				sbuf_adds(o, ", ");
			report_metric_text(o, w, md_escape_text);
			done[j] = true;
		}
		sbuf_reset(&key);
		sbuf_printf(&key, "%s\x1f%s", k->check, why);
		at = strtab_intern_n(&x->whys, sbuf_str(&key), key.len, &added);
		if (added) {
			sbuf_reset(&key);
			report_where_text(&key, v, sbuf_adds);
			strv_add(&x->where, sbuf_str(&key));
		}
		sbuf_adds(o, added ? ": " : ": as in ");
		md_escape_text(o, added ? why : x->where.v[at]);
		sbuf_adds(o, added ? "\n" : ".\n");
		any = true;
	}
	sbuf_adds(o, any ? "\n" : "");
	sbuf_free(&key);
	free(done);
}

/* The file most rows of k take the side from (cell folder left out),
 * when two or more do; NULL otherwise. */
static const char *
common_file(const struct rep_check *k, int cat, const struct mdctx *x,
    bool expected, const char **label)
{
	const char *best = NULL, *f;
	size_t most = 1, n;

	*label = NULL;
	for (size_t i = 0; i < k->n; i++) {
		const json_t *v = report_check_verdict(x->rep, k, i);

		if ((f = report_side_file(v, expected, true)) == NULL)
			continue;
		n = 0;
		for (size_t j = i; j < k->n; j++)
			n += nullstr_eq(report_side_file(report_check_verdict(
			    x->rep, k, j), expected, true), f);
		if (n > most) {
			most = n;
			best = f;
			*label = report_side_label(x->meta, cat, v, expected);
		}
	}
	return best;
}

/* "Files: sim workloads/w1.yaml; real trace_data.csv.": the file most
 * rows read each side from; those rows then give line (or key) only, a
 * row from another file names it. */
static void
md_files(struct sbuf *o, const char *const file[2],
    const char *const label[2])
{
	if (file[0] == NULL && file[1] == NULL)
		return;
	sbuf_adds(o, "Files:");
	for (int e = 1; e >= 0; e--) {
		if (file[e] == NULL)
			continue;
		sbuf_printf(o, "%s %s ", e == 0 && file[1] != NULL ? ";" : "",
		    label[e]);
		md_escape_text(o, file[e]);
	}
	sbuf_adds(o, ".\n\n");
}

/* "sim :18 horizon; real request_id"; a file both sides share once. */
static void
md_row_source(struct sbuf *o, const json_t *v, int cat,
    const struct report_meta *meta, const char *const common[2])
{
	const char *ef = report_side_file(v, true, true);
	bool any = false, pass = strcmp(rec_get_str(v, "verdict"), "PASS") == 0;

	for (int e = 1; e >= 0; e--) {
		const char *f = report_side_file(v, e, true);

		/* A side with no source (a rule's value) has nothing here. */
		if (!json_is_object(json_object_get(json_object_get(v,
		    e ? "expected" : "actual"), "source")))
			continue;
		sbuf_adds(o, any ? "; " : "");
		sbuf_adds(o, report_side_label(meta, cat, v, e));
		sbuf_addc(o, ' ');
		/* A row to act on names its key too. */
		report_source_brief(o, v, e, (nullstr_eq(common[e], f) ||
		    (!e && any && f != NULL && nullstr_eq(f, ef)) ?
		    SRC_NO_FILE : SRC_IN_CELL) | (pass ? 0 : SRC_KEY),
		    md_escape_cell);
		any = true;
	}
	if (!any)
		sbuf_adds(o, "\u2014");
}

/* The row's verdict; one with an Action Item names it. */
static void
md_row_verdict(struct sbuf *o, const json_t *v, size_t i,
    const struct findings *fs)
{
	const char *verdict = rec_get_str(v, "verdict");
	long item = findings_number(fs, i);

	sbuf_adds(o, strcmp(verdict, "INAPPLICABLE") == 0 ? "not judged" :
	    verdict);
	if (item > 0)
		sbuf_printf(o, " (item %ld)", item);
}

/* k's table: the files most rows read, then a row per verdict. */
static void
md_check_table(struct sbuf *o, const struct rep_check *k, int cat,
    struct mdctx *x)
{
	const char *common[2], *label[2];

	for (int e = 0; e < 2; e++)
		common[e] = common_file(k, cat, x, e, &label[e]);
	md_files(o, common, label);
	sbuf_printf(o, "| Metric | %s | %s | Diff | Tolerance | Verdict | "
	    "Source |\n|---|---|---|---|---|---|---|\n",
	    cat == CAT_WORKLOAD ? "Sim Spec" : cat == CAT_ALIGNMENT ?
	    "Real (framework)" : "Expected",
	    cat == CAT_WORKLOAD ? "Real Trace" : cat == CAT_ALIGNMENT ? "Sim" :
	    "Actual");
	for (size_t i = 0; i < k->n; i++) {
		const json_t *v = report_check_verdict(x->rep, k, i);

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
		sbuf_adds(o, " | ");
		md_row_verdict(o, v, k->first + i, x->fs);
		sbuf_adds(o, " | ");
		md_row_source(o, v, cat, x->meta, common);
		sbuf_adds(o, " |\n");
	}
	sbuf_adds(o, "\n");
}

/* Heading, whys, then the table, or where the same table (same rows,
 * values, verdicts and in-cell sources) was shown for an earlier cell. */
static void
md_check(struct sbuf *o, const struct rep_check *k, int cat,
    struct mdctx *x)
{
	struct sbuf t = {0};
	char digest[SHA256_HEX_LEN + 1];
	bool added;
	uint32_t at;

	sbuf_printf(o, "**%s. ", k->check);
	md_escape_text(o, k->title != NULL ? k->title : "");
	sbuf_adds(o, "** \u2014 ");
	report_check_state_text(o, k);
	sbuf_adds(o, "\n\n");
	md_whys(o, k, x);
	sbuf_printf(&t, "%s\x1f", k->check);
	md_check_table(&t, k, cat, x);
	sha256_hex(sbuf_str(&t), t.len, digest);
	at = strtab_intern_n(&x->seen, digest, SHA256_HEX_LEN, &added);
	if (added) {
		sbuf_adds(o, sbuf_str(&t) + strlen(k->check) + 1);
		sbuf_reset(&t);
		report_where_keys(&t, &x->rep->all[k->first], sbuf_adds);
		strv_add(&x->seen_where, sbuf_str(&t));
	} else {
		sbuf_adds(o, "The same table as in ");
		md_escape_text(o, x->seen_where.v[at]);
		sbuf_adds(o, ".\n\n");
	}
	sbuf_free(&t);
	for (size_t i = 0; i < k->n; i++)
		md_evidence(o, report_check_verdict(x->rep, k, i));
	report_release(x->rep);
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
md_category(struct sbuf *o, const struct rep_category *rc, int cat,
    struct mdctx *x)
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
			for (size_t k = 0; k < wl->cells[c].nchecks; k++) {
				md_check(o, &wl->cells[c].checks[k], cat, x);
				report_flush(o, x->meta);
			}
		}
	}
}

/* The headline: its first line in bold, the others a list. */
static void
md_headline(struct sbuf *o, const struct report *rep,
    const struct findings *fs, const struct report_meta *meta)
{
	struct strv lines = {0};

	report_headline(&lines, rep, fs, meta, md_escape_text);
	sbuf_printf(o, "**%s**\n\n", lines.v[0]);
	for (size_t i = 1; i < lines.n; i++)
		sbuf_printf(o, "- %s\n", lines.v[i]);
	sbuf_adds(o, lines.n > 1 ? "\n" : "");
	strv_free(&lines);
	report_release(rep);
}

void
report_md(struct sbuf *o, const struct report *rep,
    const struct report_meta *meta)
{
	struct findings fs;
	struct mdctx x = { .rep = rep, .meta = meta, .fs = &fs };

	findings_build(&fs, rep);
	sbuf_adds(o, "# ");
	md_escape_text(o, meta->title);
	sbuf_adds(o, "\n\n**Real bundle**: ");
	md_escape_text(o, meta->real != NULL ? meta->real : "(not given)");
	sbuf_adds(o, "\n**Sim reference**: ");
	md_escape_text(o, meta->sim != NULL ? meta->sim : "(not given)");
	sbuf_adds(o, "\n**Date**: ");
	md_escape_text(o, meta->date);
	sbuf_adds(o, "\n\n");
	md_headline(o, rep, &fs, meta);
	md_contents(o);
	md_summary(o, rep, &fs);
	md_actions(o, &fs, meta);
	for (int cat = 0; cat < CAT_COUNT; cat++)
		md_category(o, &rep->cats[cat], cat, &x);
	strtab_free(&x.whys);
	strv_free(&x.where);
	strtab_free(&x.seen);
	strv_free(&x.seen_where);
	findings_free(&fs);
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
