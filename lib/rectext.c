/* rectext.c - records as aligned tables for people (see rectext.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "rectext.h"
#include "str.h"

#define MAX_COLS 16
/* Wider cells are cut ("...") but in the last column: a log line as a
 * value would push every other row off the screen. */
#define MAX_CELL 60

struct table {
	const char	*head[MAX_COLS];
	bool		 right[MAX_COLS];	/* numbers: right-aligned */
	size_t		 ncols, nrows, cap;
	char		**cells;		/* nrows x ncols, by row */
};

/* The members shown for the records of a kind without a metric, in
 * this order, where any record of the kind has them; a kind not listed
 * shows its scalar members as they come. */
static const struct kind_cols {
	const char	*kind;
	const char	*keys[11];
} kind_cols[] = {
	{ "op", { "op", "stage", "iter", "iterations", "sim_ns", "meas_ns",
	    "rel", "status", NULL } },
	{ "iter", { "iter", "stage", "marker", "n_ops", "sim_ns", "meas_ns",
	    "rel", "cov_meas", "cov_sim", NULL } },
	{ "duty", { "window", "iter", "stage", "n_ops", "cycle_ns",
	    "measured_ns", "wall_ns", "busy_union_ns", "factor", "excluded",
	    NULL } },
	{ "kernel", { "iter", "name", "stream", "start_ns", "dur_ns",
	    "category", "op", NULL } },
};

/* Members that hold a fraction: shown as a percentage. */
static const char *const fraction_keys[] = {
	"rel", "cov_meas", "cov_sim", "duty", "share_of_abs_err",
	"critical_share", NULL
};

static bool
in_list(const char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return true;
	return false;
}

/* Integral values exact, others to 4 significant digits (no exponent
 * from 1000 up: they are rounded to a whole number). */
static void
num_text(struct sbuf *b, double v, bool percent)
{
	if (percent)
		v *= 100;
	if (v == floor(v) || fabs(v) >= 999.95)
		sbuf_printf(b, "%.0f", v);
	else
		sbuf_printf(b, "%.4g", v);
	if (percent)
		sbuf_addc(b, '%');
}

/* A member's value as a table cell; caller frees. */
static char *
value_text(const json_t *v, bool percent)
{
	struct sbuf b = {0};

	if (v == NULL || json_is_null(v))
		return xstrdup("-");
	if (json_is_string(v))
		return xstrdup(json_string_value(v));
	if (json_is_boolean(v))
		return xstrdup(json_is_true(v) ? "true" : "false");
	if (json_is_integer(v) && !percent)
		sbuf_printf(&b, "%lld", (long long)json_integer_value(v));
	else if (json_is_number(v))
		num_text(&b, json_number_value(v), percent);
	else
		return xstrdup("...");	/* a list or a map: see the NDJSON */
	return b.s;
}

static void
table_col(struct table *t, const char *head, bool right)
{
	if (t->ncols == MAX_COLS)
		s2r_die("internal error: a text table of over %d columns",
		    MAX_COLS);
	t->head[t->ncols] = head;
	t->right[t->ncols++] = right;
}

/* A new row; its cells are set with t->cells[row * ncols + col]. */
static char **
table_row(struct table *t)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->cells = xreallocarray(t->cells, t->cap * t->ncols,
		    sizeof(*t->cells));
	}
	return &t->cells[t->nrows++ * t->ncols];
}

/* Cuts the cells of every column but the last to MAX_CELL bytes (on a
 * UTF-8 character boundary). */
static void
table_cut(struct table *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c + 1 < t->ncols; c++) {
			char *s = t->cells[r * t->ncols + c];
			size_t n = MAX_CELL - 3;

			if (strlen(s) <= MAX_CELL)
				continue;
			while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
				n--;
			memcpy(s + n, "...", 4);
		}
}

static void
table_write(FILE *out, struct table *t)
{
	size_t w[MAX_COLS];
	struct sbuf line = {0};

	table_cut(t);
	for (size_t c = 0; c < t->ncols; c++) {
		w[c] = strlen(t->head[c]);
		for (size_t r = 0; r < t->nrows; r++)
			if (strlen(t->cells[r * t->ncols + c]) > w[c])
				w[c] = strlen(t->cells[r * t->ncols + c]);
	}
	for (size_t r = 0; r <= t->nrows; r++) {
		sbuf_reset(&line);
		for (size_t c = 0; c < t->ncols; c++)
			sbuf_printf(&line, "%s%*s", c > 0 ? "  " : "",
			    t->right[c] ? (int)w[c] : -(int)w[c], r == 0 ?
			    t->head[c] : t->cells[(r - 1) * t->ncols + c]);
		/* An empty last cell leaves no blanks at the end. */
		while (line.len > 0 && line.s[line.len - 1] == ' ')
			line.s[--line.len] = '\0';
		fprintf(out, "%s\n", line.s);
	}
	sbuf_free(&line);
}

static void
table_free(struct table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
}

/* Whether every record of recs that pick() takes has scope member key
 * with the value v. */
static bool
shared_scope(const json_t *recs, bool (*pick)(const json_t *, const void *),
    const void *arg, const char *key, const char *v)
{
	size_t i;
	json_t *rec;

	json_array_foreach(recs, i, rec) {
		const char *have;

		if (!pick(rec, arg))
			continue;
		have = rec_scope_str(rec, key);
		if (have == NULL || strcmp(have, v) != 0)
			return false;
	}
	return true;
}

/* The scope members every picked record shares (shown once, in the
 * title); scope_text() shows each record's others. */
struct scopes {
	struct strv	 keys;		/* shared keys */
	struct sbuf	 title;
};

static void
scopes_find(struct scopes *s, const json_t *recs,
    bool (*pick)(const json_t *, const void *), const void *arg)
{
	size_t i;
	json_t *rec;

	json_array_foreach(recs, i, rec) {
		const char *k;
		json_t *v;

		if (!pick(rec, arg))
			continue;
		json_object_foreach(json_object_get(rec, "scope"), k, v) {
			if (!json_is_string(v) || strv_find(&s->keys, k) >= 0 ||
			    !shared_scope(recs, pick, arg, k,
			    json_string_value(v)))
				continue;
			strv_add(&s->keys, k);
			sbuf_printf(&s->title, "  %s=\"%s\"", k,
			    json_string_value(v));
		}
		break;		/* what all share, the first one has */
	}
}

/* A record's scope members but the shared ones, with its status when
 * asked, as 'key="value" ... status=s'; "-" when none. */
static char *
scope_text(const json_t *rec, const struct scopes *s, bool status_too)
{
	const char *status = rec_get_str(rec, "status");
	struct sbuf b = {0};
	const char *k;
	json_t *v;

	json_object_foreach(json_object_get(rec, "scope"), k, v) {
		if (!json_is_string(v) || strv_find(&s->keys, k) >= 0)
			continue;
		sbuf_printf(&b, "%s%s=\"%s\"", b.len ? " " : "", k,
		    json_string_value(v));
	}
	if (status_too && status != NULL)
		sbuf_printf(&b, "%sstatus=%s", b.len ? " " : "", status);
	if (b.len == 0)
		sbuf_adds(&b, "-");
	return b.s;
}

static void
scopes_free(struct scopes *s)
{
	strv_free(&s->keys);
	sbuf_free(&s->title);
}

/* ---- the metric table ---- */

/* A record with a metric and one value to show (not a distribution). */
static bool
has_metric(const json_t *rec, const void *arg)
{
	return rec_get_str(rec, "metric") != NULL &&
	    json_object_get(rec, "points") == NULL &&
	    json_object_get(rec, "bins") == NULL;
}

static void
metric_row(struct table *t, const json_t *rec, const struct scopes *s,
    bool why)
{
	const char *unit = rec_get_str(rec, "unit");
	bool percent = unit != NULL && strcmp(unit, "fraction") == 0;
	char **row = table_row(t);

	row[0] = xstrdup(rec_get_str(rec, "check") ? rec_get_str(rec,
	    "check") : "-");
	row[1] = xstrdup(rec_get_str(rec, "metric"));
	row[2] = scope_text(rec, s, true);
	row[3] = value_text(json_object_get(rec, "value"), percent);
	row[4] = xstrdup(unit != NULL ? unit : "-");
	row[5] = value_text(json_object_get(rec, "n"), false);
	if (why)
		row[6] = xstrdup(rec_get_str(rec, "why") ? rec_get_str(rec,
		    "why") : "");
}

static void
metric_table(FILE *out, const json_t *recs, const char *title)
{
	struct table t = {0};
	struct scopes s = {0};
	bool why = false, any = false;
	size_t i;
	json_t *rec;

	json_array_foreach(recs, i, rec) {
		if (!has_metric(rec, NULL))
			continue;
		any = true;
		why = why || rec_get_str(rec, "why") != NULL;
	}
	scopes_find(&s, recs, has_metric, NULL);
	fprintf(out, "# %s%s\n", title, sbuf_str(&s.title));
	if (any) {
		table_col(&t, "check", false);
		table_col(&t, "metric", false);
		table_col(&t, "scope", false);
		table_col(&t, "value", true);
		table_col(&t, "unit", false);
		table_col(&t, "n", false);
		if (why)
			table_col(&t, "why", false);
		json_array_foreach(recs, i, rec)
			if (has_metric(rec, NULL))
				metric_row(&t, rec, &s, why);
		table_write(out, &t);
	}
	table_free(&t);
	scopes_free(&s);
}

/* ---- a table per other kind ---- */

static bool
of_kind(const json_t *rec, const void *kind)
{
	return rec_get_str(rec, "metric") == NULL &&
	    strcmp(rec_get_str(rec, "kind"), kind) == 0;
}

/* Whether some record of kind has member key, not null. */
static bool
kind_has(const json_t *recs, const char *kind, const char *key)
{
	size_t i;
	json_t *rec;

	json_array_foreach(recs, i, rec) {
		json_t *v = json_object_get(rec, key);

		if (of_kind(rec, kind) && v != NULL && !json_is_null(v))
			return true;
	}
	return false;
}

/* The columns of kind: its listed members that some record has, in the
 * listed order, or else every scalar member as they come. */
static void
kind_keys(struct strv *keys, const json_t *recs, const char *kind)
{
	static const char *const never[] = {
		"kind", "check", "scope", "source", NULL
	};
	size_t i;
	json_t *rec;

	for (size_t k = 0; k < sizeof(kind_cols) / sizeof(kind_cols[0]); k++) {
		if (strcmp(kind_cols[k].kind, kind) != 0)
			continue;
		for (const char *const *key = kind_cols[k].keys; *key; key++)
			if (kind_has(recs, kind, *key))
				strv_add(keys, *key);
		return;
	}
	json_array_foreach(recs, i, rec) {
		const char *k;
		json_t *v;

		if (!of_kind(rec, kind))
			continue;
		json_object_foreach(rec, k, v)
			if (!in_list(never, k) && !json_is_object(v) &&
			    !json_is_array(v) && strv_find(keys, k) < 0 &&
			    keys->n < MAX_COLS - 1)
				strv_add(keys, k);
	}
}

static void
kind_table(FILE *out, const json_t *recs, const char *kind)
{
	struct table t = {0};
	struct scopes s = {0};
	struct strv keys = {0};
	size_t i;
	json_t *rec;

	kind_keys(&keys, recs, kind);
	scopes_find(&s, recs, of_kind, kind);
	fprintf(out, "\n# %s records%s\n", kind, sbuf_str(&s.title));
	table_col(&t, "scope", false);
	for (size_t k = 0; k < keys.n; k++)
		table_col(&t, keys.v[k], true);
	json_array_foreach(recs, i, rec) {
		char **row;

		if (!of_kind(rec, kind))
			continue;
		row = table_row(&t);
		row[0] = scope_text(rec, &s, false);
		for (size_t k = 0; k < keys.n; k++)
			row[k + 1] = value_text(json_object_get(rec, keys.v[k]),
			    in_list(fraction_keys, keys.v[k]));
	}
	table_write(out, &t);
	table_free(&t);
	scopes_free(&s);
	strv_free(&keys);
}

void
rectext_write(FILE *out, const json_t *recs, const char *title)
{
	struct strv kinds = {0};
	size_t i;
	json_t *rec;

	metric_table(out, recs, title);
	json_array_foreach(recs, i, rec)
		if (rec_get_str(rec, "metric") == NULL &&
		    strv_find(&kinds, rec_get_str(rec, "kind")) < 0)
			strv_add(&kinds, rec_get_str(rec, "kind"));
	for (size_t k = 0; k < kinds.n; k++)
		kind_table(out, recs, kinds.v[k]);
	strv_free(&kinds);
}

/* ---- the tools' output ---- */

FILE *
recout_open(struct recout *o, bool text, const char *path)
{
	memset(o, 0, sizeof(*o));
	o->text = text;
	o->dest = path != NULL ? atomic_open(&o->af, path) : stdout;
	if (!text)
		return o->f = o->dest;
	if ((o->f = open_memstream(&o->buf, &o->len)) == NULL)
		s2r_die("out of memory");
	return o->f;
}

/* The NDJSON lines of buf[0, len) as an array. */
static json_t *
read_back(const char *buf, size_t len)
{
	json_t *recs = json_array();
	json_error_t jerr;

	for (const char *p = buf, *end = buf + len; p < end; ) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		json_t *rec = json_loadb(p, n, 0, &jerr);

		if (rec == NULL)
			s2r_die("internal error: a record of ours does not "
			    "read back: %s", jerr.text);
		json_array_append_new(recs, rec);
		p += n + 1;
	}
	return recs;
}

void
recout_close(struct recout *o, const char *title)
{
	json_t *recs;

	if (o->text) {
		if (fclose(o->f) != 0)
			s2r_die("out of memory");
		recs = read_back(o->buf, o->len);
		rectext_write(o->dest, recs, title);
		json_decref(recs);
		free(o->buf);
	}
	if (o->dest == stdout)
		rec_finish(stdout);
	else
		atomic_commit(&o->af);
	memset(o, 0, sizeof(*o));
}
