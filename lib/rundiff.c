/* rundiff.c - changes between two runs' verdicts (see rundiff.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jparse.h"
#include "mdtext.h"
#include "rec.h"
#include "report.h"
#include "rundiff.h"
#include "verdict.h"
#include "vstream.h"

const char *const rundiff_change_names[] = { "flipped", "moved", "added",
	"removed" };

void
rundiff_init(struct rundiff *d, double move_pct)
{
	memset(d, 0, sizeof(*d));
	d->move_pct = move_pct;
}

static void
side_free(struct rd_side *s)
{
	for (size_t i = 0; i < s->n; i++) {
		json_decref(s->e[i].v);
		free(s->e[i].text);
		free(s->e[i].key);
	}
	free(s->e);
	free(s->path);
}

void
rundiff_free(struct rundiff *d)
{
	side_free(&d->old);
	side_free(&d->new);
	for (size_t i = 0; i < d->n; i++)
		json_decref(d->changes[i]);
	free(d->changes);
	memset(d, 0, sizeof(*d));
}

/* check \x1f scope \x1f metric: sorting by it lists changes by check,
 * then cell; the ordinal is appended once duplicates are counted. */
static char *
key_of(const json_t *v)
{
	struct sbuf b = {0};
	char *scope = rec_scope_key(json_object_get(v, "scope"));
	const char *metric = rec_get_str(v, "metric");

	sbuf_printf(&b, "%s\x1f%s\x1f%s", rec_get_str(v, "check"), scope,
	    metric != NULL ? metric : "");
	free(scope);
	return b.s != NULL ? b.s : xstrdup("");
}

/* Deletes the members of obj not named in keys (NULL-terminated). */
static void
keep_only(json_t *obj, const char *const *keys)
{
	const char *k;
	json_t *val;
	void *tmp;

	json_object_foreach_safe(obj, tmp, k, val) {
		size_t i = 0;

		while (keys[i] != NULL && strcmp(keys[i], k) != 0)
			i++;
		if (keys[i] == NULL)
			json_object_del(obj, k);
	}
}

/* What a diff reads of a verdict, its check's keys aside: the rest
 * (the why, the action, both sides' sources: most of its bytes) goes as
 * soon as the record is checked, so that a diff holds a fraction of its
 * inputs. */
static void
trim(json_t *v)
{
	static const char *const verdict[] = { "kind", "check", "title",
	    "scope", "metric", "verdict", "tolerance", "actual", NULL };
	static const char *const actual[] = { "value", "unit", NULL };
	json_t *a = json_object_get(v, "actual");

	keep_only(v, verdict);
	if (json_is_object(a))
		keep_only(a, actual);
}

/* e's tree as its text, until it is compared (a tree takes several
 * times the bytes; the reals with the digits that read back the same). */
static void
hold_text(struct rd_entry *e)
{
	if ((e->text = json_dumps(e->v, JSON_COMPACT |
	    JSON_REAL_PRECISION(17))) == NULL)
		s2r_die("out of memory");
	e->len = strlen(e->text);
	json_decref(e->v);
	e->v = NULL;
}

static void
parse_text(struct rd_entry *e)
{
	json_error_t err;

	/* hold_text() wrote it: only memory can fail here. */
	if ((e->v = jparse_checked(e->text, e->len, &err)) == NULL)
		s2r_die("%s", err.text);
}

static void
let_go(struct rd_entry *e)
{
	json_decref(e->v);
	e->v = NULL;
}

void
rundiff_add(struct rundiff *d, bool is_new, json_t *rec, const char *file,
    long line)
{
	struct rd_side *s = is_new ? &d->new : &d->old;

	if (strcmp(rec_get_str(rec, "kind"), "verdict") != 0) {
		json_decref(rec);
		return;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->e = xreallocarray(s->e, s->cap, sizeof(*s->e));
	}
	/* Stored before it is checked, so rundiff_free releases it. */
	s->e[s->n] = (struct rd_entry){ .v = rec, .line = line };
	s->n++;
	judge_verdict_record_check(rec, file, line);
	if (json_object_get(rec, "metric") != NULL &&
	    !json_is_string(json_object_get(rec, "metric")))
		s2r_die_at(file, line, 1, "verdict record: expected "
		    "\"metric\" to be a string");
	trim(rec);
	s->e[s->n - 1].key = key_of(rec);
	hold_text(&s->e[s->n - 1]);
}

void
rundiff_read(struct rundiff *d, bool is_new, const char *path)
{
	struct rd_side *s = is_new ? &d->new : &d->old;
	struct ndjson_reader r;
	struct vstream vs = {0}, all = {0};
	json_t *rec;

	free(s->path);
	s->path = xstrdup(path);
	ndjson_open(&r, path);
	while ((rec = ndjson_next(&r)) != NULL) {
		vstream_add(&vs, rec, r.path, r.line);
		rundiff_add(d, is_new, rec, r.path, r.line);
	}
	/* A run with no verdicts may be compared; a cut one may not. */
	vstream_done(&vs, &all, path);
	if (all.ends == 0)
		s2r_die("%s: %s", strcmp(path, "-") == 0 ? "<stdin>" : path,
		    vstream_empty(&all));
	ndjson_close(&r);
}

int
rundiff_tolerance(const char *tol, double *value)
{
	const char *p = tol;
	char *end;
	double v;

	if (p == NULL)
		return 0;
	while (*p == ' ')
		p++;
	if (str_has_prefix(p, "exact") || str_has_prefix(p, "equal"))
		return 'x';
	if (str_has_prefix(p, "\xc2\xb1"))
		p += 2;
	else if (str_has_prefix(p, "+-"))
		p += 2;
	else
		return 0;
	if (*p < '0' || *p > '9')
		return 0;
	v = strtod(p, &end);
	if (end == p || !isfinite(v))
		return 0;
	p = end;
	while (*p == ' ')
		p++;
	if (*p == '%') {
		*value = v;
		return '%';
	}
	if (p[0] == 'p' && p[1] == 'p') {
		*value = v;
		return 'p';
	}
	return 0;
}

/* --- comparing ------------------------------------------------------- */

static int
entry_cmp(const void *pa, const void *pb)
{
	const struct rd_entry *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);

	return c != 0 ? c : (a->line > b->line) - (a->line < b->line);
}

/* Sort by key, then make duplicate keys unique by their ordinal. */
static void
side_prepare(struct rd_side *s)
{
	size_t *ord = xcalloc(s->n + 1, sizeof(*ord));

	if (s->n > 1)
		qsort(s->e, s->n, sizeof(*s->e), entry_cmp);
	for (size_t i = 1; i < s->n; i++)
		if (strcmp(s->e[i].key, s->e[i - 1].key) == 0)
			ord[i] = ord[i - 1] + 1;
	for (size_t i = 0; i < s->n; i++) {
		size_t len = strlen(s->e[i].key);

		s->e[i].key = xrealloc(s->e[i].key, len + 24);
		snprintf(s->e[i].key + len, 24, "\x1f%010zu", ord[i]);
	}
	free(ord);
}

static const json_t *
actual_value(const json_t *v)
{
	return json_object_get(json_object_get(v, "actual"), "value");
}

static const char *
actual_unit(const json_t *v)
{
	return rec_get_str(json_object_get(v, "actual"), "unit");
}

static json_t *
side_obj(const struct rd_side *s, const struct rd_entry *e)
{
	json_t *o = json_object();
	const json_t *val = actual_value(e->v);

	rec_set_str(o, "verdict", rec_get_str(e->v, "verdict"));
	rec_set(o, "value", val != NULL ? json_deep_copy(val) : json_null());
	rec_set_str(o, "unit", actual_unit(e->v));
	rec_set_str(o, "file", s->path);
	if (e->line > 0)
		rec_set_i64(o, "line", e->line);
	return o;
}

struct move {
	bool		 beyond;
	bool		 has;
	double		 value;
	const char	*unit;
};

static bool
near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

static struct move
move_of(const json_t *o, const json_t *n, double move_pct)
{
	const json_t *vo = actual_value(o), *vn = actual_value(n);
	const char *unit = actual_unit(n);
	struct move m = { false, false, 0, NULL };
	double a, b, tol = 0;
	int kind;

	if (!json_is_number(vo) || !json_is_number(vn)) {
		m.beyond = !(vo == NULL && vn == NULL) &&
		    (vo == NULL || vn == NULL || !json_equal((json_t *)vo,
		    (json_t *)vn));
		return m;
	}
	a = json_number_value(vo);
	b = json_number_value(vn);
	kind = rundiff_tolerance(rec_get_str(n, "tolerance"), &tol);
	m.has = true;
	if (kind == 'x') {
		m.value = b - a;
		m.unit = unit;
		m.beyond = !near(a, b);
	} else if (kind == 'p') {
		bool frac = unit != NULL && strcmp(unit, "fraction") == 0;

		m.value = frac ? (b - a) * 100 : b - a;
		m.unit = frac ? "pp" : unit;
		m.beyond = fabs(m.value) > tol && !near(a, b);
	} else if (a == 0) {
		m.value = b - a;
		m.unit = unit;
		m.beyond = b != 0;
	} else {
		m.value = (b - a) / fabs(a) * 100;
		m.unit = "%";
		m.beyond = fabs(m.value) > (kind == '%' ? tol : move_pct) &&
		    !near(a, b);
	}
	return m;
}

static bool
tolerance_changed(const json_t *o, const json_t *n)
{
	return !nullstr_eq(rec_get_str(o, "tolerance"),
	    rec_get_str(n, "tolerance"));
}

/* The measured value is the same in both runs. */
static bool
same_value(const json_t *o, const json_t *n)
{
	const json_t *a = actual_value(o), *b = actual_value(n);

	if (json_is_number(a) && json_is_number(b))
		return near(json_number_value(a), json_number_value(b));
	return a == NULL ? b == NULL : b != NULL && json_equal((json_t *)a,
	    (json_t *)b);
}

/* Why a flip or move came about when the tolerance changed. */
static void
tolerance_words(struct sbuf *why, const json_t *o, const json_t *n,
    int *by_tolerance)
{
	const char *to = rec_get_str(o, "tolerance");
	const char *tn = rec_get_str(n, "tolerance");

	if (!tolerance_changed(o, n))
		return;
	sbuf_printf(why, " The tolerance changed from %s to %s", to ? to :
	    "none", tn ? tn : "none");
	if (same_value(o, n)) {
		sbuf_adds(why, ": the measured value did not move, the "
		    "tolerance alone made this change.");
		(*by_tolerance)++;
	} else
		sbuf_adds(why, ", and the measured value moved too.");
}

static void
emit(struct rundiff *d, enum rd_change kind, const struct rd_entry *o,
    const struct rd_entry *n, const struct move *m, const char *why)
{
	const struct rd_entry *e = n != NULL ? n : o;
	const struct rd_side *s = n != NULL ? &d->new : &d->old;
	json_t *c = rec_new("change");
	json_t *mv;
	struct sbuf how = {0};
	const json_t *scope = json_object_get(e->v, "scope");

	rec_set_str(c, "check", rec_get_str(e->v, "check"));
	rec_set_str(c, "title", rec_get_str(e->v, "title"));
	rec_set(c, "scope", scope != NULL ? json_deep_copy(scope) :
	    json_object());
	rec_set_str(c, "metric", rec_get_str(e->v, "metric"));
	rec_set_str(c, "change", rundiff_change_names[kind]);
	if (kind == RD_FLIPPED) {
		int ro = report_rank(judge_verdict_of(rec_get_str(o->v,
		    "verdict")));
		int rn = report_rank(judge_verdict_of(rec_get_str(n->v,
		    "verdict")));

		rec_set_str(c, "direction", rn > ro ? "worse" : rn < ro ?
		    "better" : "other");
		if (rn > ro)
			d->worse++;
		else if (rn < ro)
			d->better++;
	}
	rec_set(c, "old", o != NULL ? side_obj(&d->old, o) : json_null());
	rec_set(c, "new", n != NULL ? side_obj(&d->new, n) : json_null());
	if (m != NULL && m->has) {
		mv = json_object();
		rec_set(mv, "value", rec_num(m->value));
		rec_set_str(mv, "unit", m->unit);
		rec_set(c, "move", mv);
	} else
		rec_set(c, "move", json_null());
	if (rec_get_str(e->v, "tolerance") != NULL)
		rec_set_str(c, "tolerance", rec_get_str(e->v, "tolerance"));
	else
		rec_set(c, "tolerance", json_null());
	if (o != NULL && n != NULL && tolerance_changed(o->v, n->v))
		rec_set(c, "old_tolerance", rec_get_str(o->v, "tolerance") ?
		    json_string(rec_get_str(o->v, "tolerance")) : json_null());
	rec_set_str(c, "why", why);
	sbuf_printf(&how, "verdicts matched by check, metric and scope: %s "
	    "against %s", d->old.path ? d->old.path : "(old)",
	    d->new.path ? d->new.path : "(new)");
	rec_set(c, "source", rec_source(s->path ? s->path : "-", e->line, 0,
	    NULL, sbuf_str(&how)));
	sbuf_free(&how);
	d->changes = xroom(d->changes, d->n, sizeof(*d->changes));
	d->changes[d->n++] = c;
	d->counts[kind]++;
}

static void
value_words(struct sbuf *b, const json_t *v)
{
	const json_t *val = actual_value(v);
	char num[32];

	if (json_is_number(val)) {
		judge_fmt_num(num, sizeof(num), json_number_value(val));
		sbuf_adds(b, num);
		if (actual_unit(v) != NULL)
			sbuf_printf(b, " %s", actual_unit(v));
	} else if (json_is_string(val))
		sbuf_printf(b, "\"%s\"", json_string_value(val));
	else if (json_is_boolean(val))
		sbuf_adds(b, json_is_true(val) ? "true" : "false");
	else
		sbuf_adds(b, "none");
}

static void
compare(struct rundiff *d, const struct rd_entry *o, const struct rd_entry *n)
{
	const char *vo = rec_get_str(o->v, "verdict");
	const char *vn = rec_get_str(n->v, "verdict");
	struct move m = move_of(o->v, n->v, d->move_pct);
	struct sbuf why = {0};
	char num[64];

	d->shared++;
	if (strcmp(vo, vn) != 0) {
		int by_tolerance = 0;

		sbuf_printf(&why, "%s became %s; measured ", vo, vn);
		value_words(&why, o->v);
		sbuf_adds(&why, " then ");
		value_words(&why, n->v);
		sbuf_adds(&why, ".");
		tolerance_words(&why, o->v, n->v, &by_tolerance);
		d->by_tolerance += by_tolerance;
		emit(d, RD_FLIPPED, o, n, &m, sbuf_str(&why));
	} else if (m.beyond) {
		sbuf_printf(&why, "Still %s, but the measured value moved from ",
		    vn);
		value_words(&why, o->v);
		sbuf_adds(&why, " to ");
		value_words(&why, n->v);
		if (m.has) {
			judge_fmt_diff(num, sizeof(num), m.value, m.unit);
			sbuf_printf(&why, " (%s", num);
			if (rec_get_str(n->v, "tolerance") != NULL)
				sbuf_printf(&why, "; tolerance %s",
				    rec_get_str(n->v, "tolerance"));
			else
				sbuf_printf(&why, "; no tolerance, threshold "
				    "%g%%", d->move_pct);
			sbuf_adds(&why, ")");
		}
		sbuf_adds(&why, ".");
		if (tolerance_changed(o->v, n->v))
			sbuf_printf(&why, " The tolerance changed from %s.",
			    rec_get_str(o->v, "tolerance") ?
			    rec_get_str(o->v, "tolerance") : "none");
		emit(d, RD_MOVED, o, n, &m, sbuf_str(&why));
	}
	sbuf_free(&why);
}

static void
one_side(struct rundiff *d, const struct rd_entry *e, bool is_new)
{
	struct sbuf why = {0};

	sbuf_printf(&why, "Only in the %s run: %s, measured ", is_new ? "new" :
	    "old", rec_get_str(e->v, "verdict"));
	value_words(&why, e->v);
	sbuf_adds(&why, ".");
	emit(d, is_new ? RD_ADDED : RD_REMOVED, is_new ? NULL : e,
	    is_new ? e : NULL, NULL, sbuf_str(&why));
	sbuf_free(&why);
}

void
rundiff_run(struct rundiff *d)
{
	size_t i = 0, k = 0;

	side_prepare(&d->old);
	side_prepare(&d->new);
	while (i < d->old.n || k < d->new.n) {
		int c = i == d->old.n ? 1 : k == d->new.n ? -1 :
		    strcmp(d->old.e[i].key, d->new.e[k].key);
		struct rd_entry *o = c <= 0 ? &d->old.e[i++] : NULL;
		struct rd_entry *n = c >= 0 ? &d->new.e[k++] : NULL;

		if (o != NULL)
			parse_text(o);
		if (n != NULL)
			parse_text(n);
		if (o != NULL && n != NULL)
			compare(d, o, n);
		else if (o != NULL)
			one_side(d, o, false);
		else
			one_side(d, n, true);
		if (o != NULL)
			let_go(o);
		if (n != NULL)
			let_go(n);
	}
}

/* --- Markdown -------------------------------------------------------- */

/* A change side's verdict, "—" when the verdict is on the other side
 * only. */
static void
md_verdict(struct sbuf *o, const json_t *side)
{
	sbuf_adds(o, json_is_object(side) ? rec_get_str(side, "verdict") :
	    "\u2014");
}

static void
md_row(struct sbuf *o, const json_t *c, bool with_move)
{
	sbuf_printf(o, "| %s | ", rec_get_str(c, "check"));
	report_where_text(o, c, md_escape_cell);
	sbuf_adds(o, " | ");
	report_metric_text(o, c, md_escape_cell);
	sbuf_adds(o, " | ");
	md_verdict(o, json_object_get(c, "old"));
	sbuf_adds(o, " | ");
	md_verdict(o, json_object_get(c, "new"));
	sbuf_adds(o, " | ");
	report_value_text(o, json_object_get(c, "old"), VALUE_CHANGE,
	    md_escape_cell);
	sbuf_adds(o, " | ");
	report_value_text(o, json_object_get(c, "new"), VALUE_CHANGE,
	    md_escape_cell);
	if (with_move) {
		sbuf_adds(o, " | ");
		report_diff_text(o, json_object_get(c, "move"), md_escape_cell);
		sbuf_adds(o, " | ");
		/* "±5% → ±2%": the verdict was judged against another. */
		if (json_object_get(c, "old_tolerance") != NULL) {
			md_escape_cell(o, rec_get_str(c, "old_tolerance") ?
			    rec_get_str(c, "old_tolerance") : "none");
			sbuf_adds(o, " \u2192 ");
		}
		report_tolerance_text(o, c, md_escape_cell);
	}
	sbuf_adds(o, " |\n");
}

static void
md_section(struct sbuf *o, const struct rundiff *d, enum rd_change kind,
    const char *heading)
{
	bool move = kind == RD_FLIPPED || kind == RD_MOVED;

	if (d->counts[kind] == 0)
		return;
	sbuf_printf(o, "## %s\n\n| Check | Cell | Metric | Old verdict | "
	    "New verdict | Old value | New value |%s\n|---|---|---|---|---|"
	    "---|---|%s\n", heading, move ? " Move | Tolerance |" : "",
	    move ? "---|---|" : "");
	for (size_t i = 0; i < d->n; i++)
		if (strcmp(rec_get_str(d->changes[i], "change"),
		    rundiff_change_names[kind]) == 0)
			md_row(o, d->changes[i], move);
	sbuf_adds(o, "\n");
}

bool
rundiff_few_shared(const struct rundiff *d)
{
	size_t all = d->shared + (size_t)d->counts[RD_ADDED] +
	    (size_t)d->counts[RD_REMOVED];

	return all > 0 && d->shared * 2 < all;
}

void
rundiff_md(struct sbuf *o, const struct rundiff *d)
{
	sbuf_adds(o, "# Changes between runs\n\n**Old run**: ");
	md_escape_text(o, d->old.path ? d->old.path : "(not given)");
	sbuf_adds(o, "\n**New run**: ");
	md_escape_text(o, d->new.path ? d->new.path : "(not given)");
	sbuf_printf(o, "\n\n| Change | Count |\n|---|---|\n"
	    "| Flipped to a worse verdict | %d |\n"
	    "| Flipped to a better verdict | %d |\n"
	    "| Flipped otherwise | %d |\n"
	    "| Flipped by a changed tolerance alone | %d |\n"
	    "| Moved beyond tolerance | %d |\n"
	    "| Only in the new run | %d |\n"
	    "| Only in the old run | %d |\n"
	    "| In both runs | %zu |\n\n", d->worse, d->better,
	    d->counts[RD_FLIPPED] - d->worse - d->better, d->by_tolerance,
	    d->counts[RD_MOVED], d->counts[RD_ADDED], d->counts[RD_REMOVED],
	    d->shared);
	if (rundiff_few_shared(d))
		sbuf_printf(o, "**Warning**: the runs share %zu of the %zu "
		    "verdicts either has: fewer than half.  Most of what "
		    "follows is verdicts one run has and the other has not; "
		    "check that both are runs of the same experiment (same "
		    "cells, same checks).\n\n", d->shared, d->shared +
		    (size_t)d->counts[RD_ADDED] + (size_t)d->counts[RD_REMOVED]);
	if (d->n == 0) {
		sbuf_adds(o, "No changes: every verdict is the same and every "
		    "measured value is within its tolerance of the old "
		    "one.\n");
		return;
	}
	md_section(o, d, RD_FLIPPED, "Checks that flipped");
	md_section(o, d, RD_MOVED, "Metrics that moved beyond their tolerance");
	md_section(o, d, RD_ADDED, "Verdicts only in the new run");
	md_section(o, d, RD_REMOVED, "Verdicts only in the old run");
}
