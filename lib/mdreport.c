/* mdreport.c - grouping verdicts for the report; the Markdown renderer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "verdict.h"
#include "mdreport.h"
#include "rec.h"
#include "str.h"

static const char *const section_names[CAT_COUNT] = {
	"Workload Parity", "Config Parity", "Signal Parity", "Policy Parity",
	"Runtime Analysis", "Alignment (Sim vs Framework)"
};

const char *
report_section_name(int cat)
{
	return cat >= 0 && cat < CAT_COUNT ? section_names[cat] : NULL;
}

int
report_rank(int verdict)
{
	switch (verdict) {
	case V_FAIL:
		return 4;
	case V_WARN:
		return 3;
	case V_MISSING:
		return 2;
	case V_PASS:
		return 1;
	default:
		return 0;
	}
}

void
report_init(struct report *rep)
{
	memset(rep, 0, sizeof(*rep));
}

static const char *
scope_str(const json_t *v, const char *key)
{
	return rec_get_str(json_object_get(v, "scope"), key);
}

void
report_add(struct report *rep, json_t *rec, const char *file, long line)
{
	if (strcmp(rec_get_str(rec, "kind"), "verdict") != 0) {
		json_decref(rec);	/* evidence records: not shown yet */
		return;
	}
	/* Kept before it is checked so report_free() always releases it. */
	if (rep->n == rep->cap) {
		rep->cap = rep->cap ? rep->cap * 2 : 64;
		rep->all = xreallocarray(rep->all, rep->cap, sizeof(*rep->all));
	}
	rep->all[rep->n++] = rec;
	judge_verdict_record_check(rec, file, line);
}

void
report_read(struct report *rep, const char *path)
{
	struct ndjson_reader r;
	json_t *rec;

	ndjson_open(&r, path);
	while ((rec = ndjson_next(&r)) != NULL)
		report_add(rep, rec, r.path, r.line);
	ndjson_close(&r);
}

struct slot {
	json_t	*v;
	size_t	 seq;
};

static int
slot_cmp(const void *pa, const void *pb)
{
	const struct slot *a = pa, *b = pb;
	static const char *const keys[] = { "workload", "phase", "iteration" };
	int c = judge_category_of(rec_get_str(a->v, "check")) -
	    judge_category_of(rec_get_str(b->v, "check"));

	if (c != 0)
		return c;
	for (size_t i = 0; i < 3; i++)
		if ((c = judge_natcmp(scope_str(a->v, keys[i]),
		    scope_str(b->v, keys[i]))) != 0)
			return c;
	if ((c = strcmp(rec_get_str(a->v, "check"),
	    rec_get_str(b->v, "check"))) != 0)
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static bool
same(const char *a, const char *b)
{
	return judge_natcmp(a, b) == 0 && (a == NULL || strcmp(a, b) == 0);
}

static void *
grow(void *p, size_t *n, size_t size)
{
	p = xreallocarray(p, *n + 1, size);
	memset((char *)p + *n * size, 0, size);
	(*n)++;
	return p;
}

/* Files v under its category, workload, cell and check (all sorted). */
static void
place(struct report *rep, json_t *v)
{
	int cat = judge_category_of(rec_get_str(v, "check"));
	int verdict = judge_verdict_of(rec_get_str(v, "verdict"));
	struct rep_category *rc = &rep->cats[cat];
	struct rep_workload *w;
	struct rep_cell *c;
	struct rep_check *k;

	rc->counts[verdict]++;
	rep->total[verdict]++;
	w = rc->nworkloads ? &rc->workloads[rc->nworkloads - 1] : NULL;
	if (w == NULL || !same(w->name, scope_str(v, "workload"))) {
		rc->workloads = grow(rc->workloads, &rc->nworkloads,
		    sizeof(*w));
		w = &rc->workloads[rc->nworkloads - 1];
		w->name = scope_str(v, "workload");
	}
	c = w->ncells ? &w->cells[w->ncells - 1] : NULL;
	if (c == NULL || !same(c->phase, scope_str(v, "phase")) ||
	    !same(c->iteration, scope_str(v, "iteration"))) {
		w->cells = grow(w->cells, &w->ncells, sizeof(*c));
		c = &w->cells[w->ncells - 1];
		c->phase = scope_str(v, "phase");
		c->iteration = scope_str(v, "iteration");
	}
	k = c->nchecks ? &c->checks[c->nchecks - 1] : NULL;
	if (k == NULL || strcmp(k->check, rec_get_str(v, "check")) != 0) {
		c->checks = grow(c->checks, &c->nchecks, sizeof(*k));
		k = &c->checks[c->nchecks - 1];
		k->check = rec_get_str(v, "check");
		k->title = rec_get_str(v, "title");
		k->worst = verdict;
	}
	k->v = xreallocarray(k->v, k->n + 1, sizeof(*k->v));
	k->v[k->n++] = v;
	if (report_rank(verdict) > report_rank(k->worst))
		k->worst = verdict;
}

void
report_build(struct report *rep)
{
	struct slot *s = xcalloc(rep->n + 1, sizeof(*s));

	for (size_t i = 0; i < rep->n; i++) {
		s[i].v = rep->all[i];
		s[i].seq = i;
	}
	if (rep->n > 0)
		qsort(s, rep->n, sizeof(*s), slot_cmp);
	for (size_t i = 0; i < rep->n; i++) {
		rep->all[i] = s[i].v;
		place(rep, s[i].v);
	}
	free(s);
	rep->actions = xcalloc(rep->n + 1, sizeof(*rep->actions));
	for (int want = V_FAIL; ; want = V_WARN) {
		for (size_t i = 0; i < rep->n; i++)
			if (judge_verdict_of(rec_get_str(rep->all[i],
			    "verdict")) == want)
				rep->actions[rep->nactions++] = rep->all[i];
		if (want == V_WARN)
			break;
	}
}

void
report_free(struct report *rep)
{
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		struct rep_category *rc = &rep->cats[cat];

		for (size_t w = 0; w < rc->nworkloads; w++) {
			for (size_t c = 0; c < rc->workloads[w].ncells; c++) {
				struct rep_cell *cell = &rc->workloads[w].cells[c];

				for (size_t k = 0; k < cell->nchecks; k++)
					free(cell->checks[k].v);
				free(cell->checks);
			}
			free(rc->workloads[w].cells);
		}
		free(rc->workloads);
	}
	for (size_t i = 0; i < rep->n; i++)
		json_decref(rep->all[i]);
	free(rep->all);
	free(rep->actions);
	memset(rep, 0, sizeof(*rep));
}

/* --- text ----------------------------------------------------------- */

void
md_escape(struct sbuf *b, const char *s, bool in_table)
{
	if (s == NULL)
		return;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '<':
			sbuf_adds(b, "&lt;");
			break;
		case '>':
			sbuf_adds(b, "&gt;");
			break;
		case '&':
			sbuf_adds(b, "&amp;");
			break;
		case '\n':
			sbuf_adds(b, in_table ? "<br>" : " ");
			break;
		case '\r':
		case '\t':
			sbuf_addc(b, ' ');
			break;
		case '\\': case '`': case '*': case '_': case '|': case '[':
		case ']': case '#': case '~': case '!': case '{': case '}':
			/* CommonMark: any ASCII punctuation may be escaped. */
			sbuf_addc(b, '\\');
			sbuf_addc(b, (char)*p);
			break;
		default:
			sbuf_addc(b, *p < 0x20 || *p == 0x7f ? '?' : (char)*p);
			break;
		}
	}
}

static void
num_text(struct sbuf *b, double v, const char *unit)
{
	char num[32];

	if (unit != NULL && strcmp(unit, "fraction") == 0) {
		judge_fmt_num(num, sizeof(num), v * 100);
		sbuf_printf(b, "%s%%", num);
		return;
	}
	judge_fmt_num(num, sizeof(num), v);
	sbuf_adds(b, num);
	if (unit != NULL && strcmp(unit, "count") != 0 &&
	    strcmp(unit, "cv") != 0 && strcmp(unit, "fraction") != 0) {
		sbuf_addc(b, ' ');
		md_escape(b, unit, true);
	}
}

void
report_value_text(struct sbuf *b, const json_t *side)
{
	json_t *v = json_object_get(side, "value");
	char *dump;

	if (!json_is_object(side) || v == NULL || json_is_null(v)) {
		sbuf_adds(b, "\u2014");
		return;
	}
	if (json_is_number(v)) {
		num_text(b, json_number_value(v), rec_get_str(side, "unit"));
	} else if (json_is_string(v)) {
		md_escape(b, json_string_value(v), true);
	} else if (json_is_boolean(v)) {
		sbuf_adds(b, json_is_true(v) ? "true" : "false");
	} else {
		dump = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS |
		    JSON_ENSURE_ASCII);
		md_escape(b, dump ? dump : "?", true);
		free(dump);
	}
}

void
report_diff_text(struct sbuf *b, const json_t *diff)
{
	double v;
	char num[64];

	if (!rec_get_num(diff, "value", &v)) {
		sbuf_adds(b, "\u2014");
		return;
	}
	judge_fmt_diff(num, sizeof(num), v, rec_get_str(diff, "unit"));
	md_escape(b, num, true);
}

void
report_metric_text(struct sbuf *b, const json_t *v)
{
	json_t *scope = json_object_get(v, "scope");
	const char *metric = rec_get_str(v, "metric");
	const char *key;
	json_t *val;
	bool first = true;

	md_escape(b, metric != NULL ? metric : "(all)", true);
	json_object_foreach(scope, key, val) {
		if (strcmp(key, "phase") == 0 || strcmp(key, "workload") == 0 ||
		    strcmp(key, "iteration") == 0)
			continue;
		sbuf_adds(b, first ? " (" : ", ");
		md_escape(b, key, true);
		sbuf_addc(b, '=');
		md_escape(b, *json_string_value(val) ? json_string_value(val) :
		    "(none)", true);
		first = false;
	}
	if (!first)
		sbuf_addc(b, ')');
}

/* --- Markdown ------------------------------------------------------- */

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
		struct sbuf src = {0};
		json_t *e = json_object_get(v, "expected");
		json_t *a = json_object_get(v, "actual");

		sbuf_adds(o, "- ");
		report_metric_text(o, v);
		sbuf_adds(o, al ? ": real " : ": sim ");
		if (json_is_object(e))
			judge_source_text(&src, json_object_get(e, "source"));
		else
			sbuf_adds(&src, "none");
		md_escape(o, sbuf_str(&src), false);
		sbuf_reset(&src);
		sbuf_adds(o, al ? "; sim " : "; real ");
		if (json_is_object(a))
			judge_source_text(&src, json_object_get(a, "source"));
		else
			sbuf_adds(&src, "none");
		md_escape(o, sbuf_str(&src), false);
		sbuf_adds(o, "\n");
		sbuf_free(&src);
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
		md_escape(o, json_string_value(cell), true);
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
				md_escape(o, json_string_value(cell), true);
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
	report_metric_text(o, v);
	sbuf_adds(o, ":\n\n");
	json_array_foreach(ev, i, item) {
		const json_t *src = json_object_get(item, "source");
		const char *file = rec_get_str(src, "file");
		const char *snippet = rec_get_str(item, "snippet");
		double line, end;
		size_t n;

		sbuf_adds(o, "- ");
		md_escape(o, rec_get_str(item, "label"), false);
		if (file != NULL) {
			sbuf_adds(o, " \u2014 ");
			md_escape(o, file, false);
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
	md_escape(o, k->title != NULL ? k->title : "", false);
	sbuf_printf(o, "** \u2014 %s\n\n", judge_verdict_names[k->worst]);
	for (size_t i = 0; i < k->n; i++) {
		sbuf_adds(o, "- ");
		report_metric_text(o, k->v[i]);
		sbuf_adds(o, ": ");
		md_escape(o, rec_get_str(k->v[i], "why"), false);
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
		report_metric_text(o, v);
		sbuf_adds(o, " | ");
		report_value_text(o, json_object_get(v, "expected"));
		sbuf_adds(o, " | ");
		report_value_text(o, json_object_get(v, "actual"));
		sbuf_adds(o, " | ");
		report_diff_text(o, json_object_get(v, "diff"));
		sbuf_adds(o, " | ");
		if (rec_get_str(v, "tolerance") != NULL)
			md_escape(o, rec_get_str(v, "tolerance"), true);
		else
			sbuf_adds(o, "\u2014");
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
		md_escape(o, c->phase, false);
	}
	if (c->iteration != NULL) {
		sbuf_adds(o, c->phase != NULL ? ", iteration " : "Iteration ");
		md_escape(o, c->iteration, false);
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
			md_escape(o, wl->name, false);
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

void
md_where(struct sbuf *o, const json_t *v, bool in_table)
{
	static const char *const keys[] = { "phase", "workload", "iteration" };
	bool any = false;

	for (size_t i = 0; i < 3; i++) {
		const char *s = scope_str(v, keys[i]);

		if (s == NULL)
			continue;
		if (any)
			sbuf_addc(o, '/');
		md_escape(o, s, in_table);
		any = true;
	}
	if (!any)
		sbuf_adds(o, "bundle");
}

static void
md_actions(struct sbuf *o, const struct report *rep)
{
	sbuf_adds(o, "## Action Items\n\n");
	if (rep->nactions == 0) {
		sbuf_adds(o, "No FAIL or WARN verdicts: nothing to act on.\n");
		return;
	}
	for (size_t i = 0; i < rep->nactions; i++) {
		const json_t *v = rep->actions[i];
		const char *action = rec_get_str(v, "action");

		sbuf_printf(o, "%zu. [%s] %s ", i + 1,
		    rec_get_str(v, "verdict"), rec_get_str(v, "check"));
		md_escape(o, rec_get_str(v, "title"), false);
		sbuf_adds(o, " (");
		md_where(o, v, false);
		sbuf_adds(o, ", ");
		report_metric_text(o, v);
		sbuf_adds(o, "): ");
		md_escape(o, action != NULL ? action : rec_get_str(v, "why"),
		    false);
		sbuf_adds(o, "\n");
	}
}

void
report_md(struct sbuf *o, const struct report *rep,
    const struct report_meta *meta)
{
	sbuf_adds(o, "# ");
	md_escape(o, meta->title, false);
	sbuf_adds(o, "\n\n**Real bundle**: ");
	md_escape(o, meta->real != NULL ? meta->real : "(not given)", false);
	sbuf_adds(o, "\n**Sim reference**: ");
	md_escape(o, meta->sim != NULL ? meta->sim : "(not given)", false);
	sbuf_adds(o, "\n**Date**: ");
	md_escape(o, meta->date, false);
	sbuf_adds(o, "\n\n");
	md_summary(o, rep);
	for (int cat = 0; cat < CAT_COUNT; cat++)
		md_category(o, &rep->cats[cat], cat);
	md_actions(o, rep);
}
