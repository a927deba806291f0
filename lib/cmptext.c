/* cmptext.c - see cmptext.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmptext.h"
#include "err.h"
#include "rec.h"
#include "report.h"
#include "verdict.h"

bool
cmptext_is_row(const json_t *r)
{
	const char *a = rec_get_str(r, "analysis");

	return strcmp(rec_get_str(r, "kind"), "compare") == 0 && a != NULL &&
	    (strcmp(a, "ab") == 0 || strcmp(a, "calibrate") == 0);
}

static const char *
arm(const json_t *r, const char *side)
{
	const char *s = rec_get_str(json_object_get(r, side), "arm");

	return s != NULL ? s : "?";
}

static bool
str_eq(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a != NULL && b != NULL &&
	    strcmp(a, b) == 0);
}

bool
cmptext_same_table(const json_t *a, const json_t *b)
{
	return str_eq(rec_get_str(a, "analysis"), rec_get_str(b, "analysis")) &&
	    str_eq(rec_get_str(json_object_get(a, "scope"), "workload"),
	    rec_get_str(json_object_get(b, "scope"), "workload")) &&
	    strcmp(arm(a, "a"), arm(b, "a")) == 0 &&
	    strcmp(arm(a, "b"), arm(b, "b")) == 0;
}

size_t
cmptext_table_end(json_t *const *recs, size_t n, size_t i)
{
	size_t e = i + 1;

	while (e < n && cmptext_is_row(recs[e]) &&
	    cmptext_same_table(recs[i], recs[e]))
		e++;
	return e;
}

void
cmptext_heading(struct sbuf *out, const json_t *r)
{
	const char *w = rec_get_str(json_object_get(r, "scope"), "workload");

	sbuf_printf(out, "%s%s%s: %s vs %s", strcmp(rec_get_str(r,
	    "analysis"), "ab") == 0 ? "A/B" : "calibration", w ? ", " : "",
	    w ? w : "", arm(r, "a"), arm(r, "b"));
}

void
cmptext_header(struct sbuf cells[CT_NCOLS], const json_t *r)
{
	static const char *const names[CT_NCOLS] = { "Metric", "Stat", NULL,
	    NULL, "\xce\x94", "Change", "Result", "n" };

	for (int k = 0; k < CT_NCOLS; k++) {
		sbuf_reset(&cells[k]);
		sbuf_adds(&cells[k], names[k] != NULL ? names[k] :
		    arm(r, k == CT_A ? "a" : "b"));
	}
}

/* A number with its unit; fractions as percentages. */
static void
num_text(struct sbuf *b, const json_t *v, const char *unit, bool sign)
{
	char buf[64];
	double x;
	bool pct = unit != NULL && strcmp(unit, "fraction") == 0;

	if (!json_is_number(v)) {
		sbuf_adds(b, "\xe2\x80\x94");
		return;
	}
	x = json_number_value(v) * (pct ? 100 : 1);
	judge_fmt_num(buf, sizeof(buf), x);
	sbuf_printf(b, "%s%s", sign && x > 0 ? "+" : "", buf);
	if (pct)
		sbuf_adds(b, sign ? " pp" : " %");
	else if (unit != NULL && strcmp(unit, "count") != 0)
		sbuf_printf(b, " %s", unit);
}

static void
result_text(struct sbuf *b, const json_t *r)
{
	const json_t *v = json_object_get(r, "value");
	const char *j = rec_get_str(r, "judgement");
	const char *unit = rec_get_str(r, "unit");

	if (json_is_string(v))
		sbuf_adds(b, json_string_value(v));
	else if (json_is_number(v))
		num_text(b, v, unit, false);
	if (j != NULL) {
		double tol;

		sbuf_printf(b, "%s%s", b->len ? ", " : "", j);
		if (rec_get_num(r, "tolerance_pct", &tol))
			sbuf_printf(b, " (\xc2\xb1%.3g %%)", tol);
	}
	if (b->len == 0)
		sbuf_adds(b, "\xe2\x80\x94");
}

void
cmptext_row(struct sbuf cells[CT_NCOLS], const json_t *r)
{
	const char *unit = rec_get_str(r, "unit");
	const char *qm = rec_get_str(r, "quantile_method");
	const char *cls = rec_get_str(json_object_get(r, "scope"), "class");
	const json_t *a = json_object_get(r, "a"), *b = json_object_get(r, "b");
	double na, nb, n;

	for (int k = 0; k < CT_NCOLS; k++)
		sbuf_reset(&cells[k]);
	sbuf_adds(&cells[CT_METRIC], rec_get_str(r, "metric"));
	if (cls != NULL)
		sbuf_printf(&cells[CT_METRIC], " (class %s)", *cls ? cls :
		    "unset");
	sbuf_adds(&cells[CT_STAT], rec_get_str(r, "stat"));
	if (qm != NULL)
		sbuf_printf(&cells[CT_STAT], " (%s)", qm);
	num_text(&cells[CT_A], json_object_get(a, "value"), unit, false);
	num_text(&cells[CT_B], json_object_get(b, "value"), unit, false);
	num_text(&cells[CT_DELTA], json_object_get(r, "delta"), unit, true);
	num_text(&cells[CT_CHANGE], json_object_get(r, "change_pct"), "%",
	    true);
	result_text(&cells[CT_RESULT], r);
	if (rec_get_num(r, "n", &n))
		sbuf_printf(&cells[CT_N], "%.0f", n);
	else if (rec_get_num(a, "n", &na) && rec_get_num(b, "n", &nb))
		sbuf_printf(&cells[CT_N], "%.0f / %.0f", na, nb);
	else
		sbuf_adds(&cells[CT_N], "\xe2\x80\x94");
}

static void
top_errors_note(struct strv *notes, const json_t *r, const char *side)
{
	const json_t *e = json_object_get(json_object_get(r, side),
	    "top_errors"), *item;
	struct sbuf b = {0};
	size_t i;

	if (json_array_size(e) == 0)
		return;
	sbuf_printf(&b, "top errors of %s:", arm(r, side));
	json_array_foreach(e, i, item) {
		double c = 0;

		const char *msg = rec_get_str(item, "message");

		rec_get_num(item, "count", &c);
		sbuf_printf(&b, "%s %.0f \xc3\x97 %s", i ? ";" : "", c,
		    rec_get_str(item, "status"));
		if (msg != NULL && *msg != '\0')
			sbuf_printf(&b, " \"%s\"", msg);
		else
			sbuf_adds(&b, " (no message)");
	}
	strv_add(notes, sbuf_str(&b));
	sbuf_free(&b);
}

void
cmptext_notes(struct strv *notes, const json_t *r)
{
	static const char *const keys[] = { "why", "note" };
	struct sbuf b = {0};

	for (size_t k = 0; k < 2; k++) {
		const char *s = rec_get_str(r, keys[k]);

		if (s == NULL)
			continue;
		sbuf_reset(&b);
		sbuf_printf(&b, "%s %s: %s", rec_get_str(r, "metric"),
		    rec_get_str(r, "stat"), s);
		if (strv_find(notes, sbuf_str(&b)) < 0)
			strv_add(notes, sbuf_str(&b));
	}
	top_errors_note(notes, r, "a");
	top_errors_note(notes, r, "b");
	sbuf_free(&b);
}

/* Columns of text, counting UTF-8 characters, not bytes. */
static size_t
text_width(const char *s)
{
	size_t w = 0;

	for (; *s != '\0'; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static void
put_row(struct sbuf *out, struct sbuf *cells, const size_t *w)
{
	for (int k = 0; k < CT_NCOLS; k++) {
		size_t pad = w[k] - text_width(sbuf_str(&cells[k]));
		bool right = k >= CT_A && k <= CT_CHANGE;

		if (right)
			for (size_t i = 0; i < pad; i++)
				sbuf_addc(out, ' ');
		sbuf_adds(out, sbuf_str(&cells[k]));
		if (k + 1 == CT_NCOLS)
			break;
		if (!right)
			for (size_t i = 0; i < pad; i++)
				sbuf_addc(out, ' ');
		sbuf_adds(out, "  ");
	}
	sbuf_addc(out, '\n');
}

static void
write_table(struct sbuf *out, json_t *const *recs, size_t b, size_t e)
{
	struct sbuf (*cells)[CT_NCOLS] = xcalloc(e - b + 1, sizeof(*cells));
	size_t w[CT_NCOLS] = {0};
	struct strv notes = {0};

	cmptext_header(cells[0], recs[b]);
	for (size_t i = b; i < e; i++) {
		cmptext_row(cells[i - b + 1], recs[i]);
		cmptext_notes(&notes, recs[i]);
	}
	for (size_t i = 0; i <= e - b; i++)
		for (int k = 0; k < CT_NCOLS; k++)
			if (text_width(sbuf_str(&cells[i][k])) > w[k])
				w[k] = text_width(sbuf_str(&cells[i][k]));
	sbuf_adds(out, "# ");
	cmptext_heading(out, recs[b]);
	sbuf_addc(out, '\n');
	for (size_t i = 0; i <= e - b; i++) {
		put_row(out, cells[i], w);
		for (int k = 0; k < CT_NCOLS; k++)
			sbuf_free(&cells[i][k]);
	}
	for (size_t i = 0; i < notes.n; i++)
		sbuf_printf(out, "  - %s\n", notes.v[i]);
	sbuf_addc(out, '\n');
	strv_free(&notes);
	free(cells);
}

/* A timeline record: its cell and, for rates, the series itself. */
static void
write_series(struct sbuf *out, const json_t *r)
{
	const json_t *scope = json_object_get(r, "scope"), *pts, *p;
	const char *cls = rec_get_str(scope, "class");
	size_t i;
	double n = 0;

	rec_get_num(r, "n", &n);
	pts = json_object_get(r, "points");
	sbuf_adds(out, "# ");
	report_where_text(out, r, sbuf_adds);
	sbuf_printf(out, " %s", rec_get_str(r, "metric"));
	if (cls != NULL)
		sbuf_printf(out, " (class %s)", *cls ? cls : "unset");
	sbuf_printf(out, ": %zu points of %.0f requests\n",
	    json_array_size(pts), n);
	if (strcmp(rec_get_str(r, "metric"), "requests.per_second") != 0) {
		sbuf_addc(out, '\n');
		return;
	}
	sbuf_adds(out, "t_s  sent_per_s  completed_per_s\n");
	json_array_foreach(pts, i, p) {
		char v[3][64];

		for (size_t k = 0; k < 3; k++)
			judge_fmt_num(v[k], sizeof(v[k]), json_number_value(
			    json_array_get(p, k)));
		sbuf_printf(out, "%s  %s  %s\n", v[0], v[1], v[2]);
	}
	sbuf_addc(out, '\n');
}

void
cmptext_write(struct sbuf *out, json_t *const *recs, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t e;

		if (!cmptext_is_row(recs[i])) {
			write_series(out, recs[i++]);
			continue;
		}
		e = cmptext_table_end(recs, n, i);
		write_table(out, recs, i, e);
		i = e;
	}
}
