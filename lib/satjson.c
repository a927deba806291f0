/* satjson.c - blis observe's saturation report into measure records; see
 * satjson.h and docs/formats.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "satjson.h"
#include "str.h"

static const char *const level_names[SAT_NLEVELS] = {
	"STABLE", "BACKLOGGED", "OVERLOADED"
};
/* The older backlog-drift report's classifications, in the same order. */
static const char *const drift_names[SAT_NLEVELS] = {
	"UNSATURATED", "TRANSIENT_BACKLOG", "PERSISTENTLY_SATURATED"
};

enum sat_level
sat_level_of(const char *s)
{
	for (int k = 0; k < SAT_NLEVELS; k++)
		if (strcmp(s, level_names[k]) == 0 ||
		    strcmp(s, drift_names[k]) == 0)
			return (enum sat_level)k;
	return SAT_UNKNOWN;
}

const char *
sat_level_name(enum sat_level level)
{
	return level >= 0 && level < SAT_NLEVELS ? level_names[level] : NULL;
}

static struct sat_det *
det_get(struct satreport *r, const char *name)
{
	struct sat_det *d;

	for (size_t i = 0; i < r->ndet; i++)
		if (strcmp(r->det[i].name, name) == 0)
			return &r->det[i];
	r->det = xroom(r->det, r->ndet, sizeof(*r->det));
	d = &r->det[r->ndet++];
	memset(d, 0, sizeof(*d));
	d->name = xstrdup(name);
	d->level = SAT_UNKNOWN;
	return d;
}

/* A string value at the scanner: its text in out, its place in at. */
static void
read_string(struct jscan *js, struct sbuf *out, struct jpos *at,
    const char *what)
{
	*at = jscan_pos(js);
	if (jscan_peek(js) != J_STRING)
		jscan_fail(js, *at, what, "another type");
	jscan_string(js, out);
}

/* A level as written: d keeps the text, its place and what it names. */
static void
read_level(struct jscan *js, struct sat_det *d, const char *what)
{
	struct sbuf text = {0};
	struct jpos at;

	read_string(js, &text, &at, what);
	free(d->written);
	d->written = xstrdup(sbuf_str(&text));
	d->level = sat_level_of(d->written);
	d->line = at.line;
	d->column = at.column;
	sbuf_free(&text);
}

/* "final": {detector: level, ...}. */
static void
read_final(struct satreport *r, struct jscan *js)
{
	struct sbuf key = {0};
	struct jpos at = jscan_pos(js);

	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, at, "final: an object of detector: level",
		    "another type");
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &key))
		read_level(js, det_get(r, sbuf_str(&key)),
		    "final: a level (STABLE, BACKLOGGED, OVERLOADED)");
	r->has_final = true;
	sbuf_free(&key);
}

/* Adds (t_us, level) to d's trailing window and drops what falls out. */
static void
window_push(struct sat_det *d, long long t_us, enum sat_level level)
{
	if (d->win_n == d->win_cap) {
		size_t cap = d->win_cap ? d->win_cap * 2 : 64;
		long long *us = xreallocarray(NULL, cap, sizeof(*us));
		signed char *lv = xreallocarray(NULL, cap, sizeof(*lv));

		for (size_t i = 0; i < d->win_n; i++) {
			us[i] = d->win_us[(d->win_head + i) % d->win_cap];
			lv[i] = d->win_level[(d->win_head + i) % d->win_cap];
		}
		free(d->win_us);
		free(d->win_level);
		d->win_us = us;
		d->win_level = lv;
		d->win_head = 0;
		d->win_cap = cap;
	}
	d->win_us[(d->win_head + d->win_n) % d->win_cap] = t_us;
	d->win_level[(d->win_head + d->win_n++) % d->win_cap] =
	    (signed char)level;
	if (level != SAT_UNKNOWN)
		d->counts[level]++;
	while (d->win_n > 0 && d->win_us[d->win_head] < t_us -
	    SAT_FINAL_WINDOW_US) {
		if (d->win_level[d->win_head] != SAT_UNKNOWN)
			d->counts[(int)d->win_level[d->win_head]]--;
		d->win_head = (d->win_head + 1) % d->win_cap;
		d->win_n--;
	}
	d->nwindow = (long)d->win_n;
	d->last_us = t_us;
	d->nrecords++;
}

/* One trace record's members. */
struct trace_rec {
	long long	 t_us;
	bool		 have_t, have_level;
	struct sbuf	 detector, level;
};

/* "result": {"level": ..., ...}: only the level is kept. */
static void
read_result(struct jscan *js, struct trace_rec *tr)
{
	struct sbuf key = {0};
	struct jpos at = jscan_pos(js);

	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, at, "trace[].result: an object", "another type");
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &key)) {
		if (strcmp(sbuf_str(&key), "level") == 0) {
			read_string(js, &tr->level, &at,
			    "trace[].result.level: a string");
			tr->have_level = true;
		} else
			jscan_skip(js);
	}
	sbuf_free(&key);
}

static void
read_trace_rec(struct satreport *r, struct jscan *js)
{
	struct trace_rec tr = {0};
	struct sbuf key = {0};
	struct jpos at = jscan_pos(js), vat;
	struct sat_det *d;
	double t;

	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, at, "a trace record {timestamp, detector, "
		    "result}", "another type");
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &key)) {
		const char *k = sbuf_str(&key);

		vat = jscan_pos(js);
		if (strcmp(k, "timestamp") == 0) {
			t = jscan_f64(js, "trace[].timestamp: whole µs", false);
			if (t != floor(t) || fabs(t) > 9e15)
				jscan_fail(js, vat, "trace[].timestamp: whole µs",
				    "a fraction or out of range");
			tr.t_us = (long long)t;
			tr.have_t = true;
		} else if (strcmp(k, "detector") == 0)
			read_string(js, &tr.detector, &vat,
			    "trace[].detector: a string");
		else if (strcmp(k, "result") == 0)
			read_result(js, &tr);
		else
			jscan_skip(js);
	}
	if (!tr.have_t || tr.detector.len == 0 || !tr.have_level)
		jscan_fail(js, at, "a trace record with timestamp, detector "
		    "and result.level", "one without");
	d = det_get(r, sbuf_str(&tr.detector));
	if (d->nrecords > 0 && tr.t_us < d->last_us)
		jscan_fail(js, at, "trace records in ascending timestamp order "
		    "(blis observe sorts them)", "an earlier timestamp");
	window_push(d, tr.t_us, sat_level_of(sbuf_str(&tr.level)));
	r->ntrace++;
	sbuf_free(&tr.detector);
	sbuf_free(&tr.level);
	sbuf_free(&key);
}

static void
read_trace(struct satreport *r, struct jscan *js)
{
	struct jpos at = jscan_pos(js);

	if (jscan_peek(js) != J_ARRAY)
		jscan_fail(js, at, "trace: an array", "another type");
	jscan_arr_begin(js);
	while (jscan_arr_next(js))
		read_trace_rec(r, js);
}

/* Without a final block, each detector's level is the plurality of its
 * trailing window, ties to the more severe (upstream's reduction). */
static void
reduce_trace(struct satreport *r)
{
	for (size_t i = 0; i < r->ndet; i++) {
		struct sat_det *d = &r->det[i];
		long best = 0;

		if (d->written != NULL)
			continue;
		for (int k = 0; k < SAT_NLEVELS; k++)
			if (d->counts[k] > 0 && d->counts[k] >= best) {
				best = d->counts[k];
				d->level = (enum sat_level)k;
			}
	}
}

static int
det_cmp(const void *a, const void *b)
{
	return strcmp(((const struct sat_det *)a)->name,
	    ((const struct sat_det *)b)->name);
}

/* Which shape the top-level keys make; dies on none or a mix. */
static void
set_shape(struct satreport *r, struct jscan *js, struct jpos top,
    int seen_new, int seen_result, int seen_drift)
{
	if (seen_new + seen_result + seen_drift == 0)
		jscan_fail(js, top, "a saturation report (final/trace, level "
		    "or classification)", "none of those keys");
	if (seen_new + seen_result + seen_drift > 1)
		jscan_fail(js, top, "one saturation report shape (final/trace, "
		    "level or classification)", "a mix of them");
	r->shape = seen_new ? SAT_SHAPE_NEW : seen_result ? SAT_SHAPE_RESULT :
	    SAT_SHAPE_DRIFT;
}

void
satjson_read(struct satreport *r, struct jscan *js, const char *file)
{
	struct sbuf key = {0};
	struct jpos top = jscan_pos(js);
	int seen_new = 0, seen_result = 0, seen_drift = 0;

	memset(r, 0, sizeof(*r));
	r->file = xstrdup(file);
	r->score = r->confidence = NAN;
	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, top, "a saturation report object", "another type");
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &key)) {
		const char *k = sbuf_str(&key);

		if (strcmp(k, "final") == 0 || strcmp(k, "trace") == 0) {
			seen_new = 1;
			if (k[0] == 'f')
				read_final(r, js);
			else
				read_trace(r, js);
		} else if (strcmp(k, "level") == 0 ||
		    strcmp(k, "classification") == 0) {
			*(k[0] == 'l' ? &seen_result : &seen_drift) = 1;
			read_level(js, det_get(r, ""), k[0] == 'l' ? "level: a "
			    "string (STABLE, BACKLOGGED, OVERLOADED)" :
			    "classification: a string (UNSATURATED, "
			    "TRANSIENT_BACKLOG, PERSISTENTLY_SATURATED)");
		} else if (strcmp(k, "score") == 0)
			r->score = jscan_f64(js, "score: a number", false);
		else if (strcmp(k, "confidence") == 0)
			r->confidence = jscan_f64(js, "confidence: a number", false);
		else
			jscan_skip(js);
	}
	jscan_end(js);
	sbuf_free(&key);
	set_shape(r, js, top, seen_new, seen_result, seen_drift);
	reduce_trace(r);
	if (r->ndet > 1)
		qsort(r->det, r->ndet, sizeof(*r->det), det_cmp);
}

/* How a detector's level was read, for source.how. */
static void
how_text(struct sbuf *how, const struct satreport *r, const struct sat_det *d)
{
	if (r->shape == SAT_SHAPE_RESULT) {
		sbuf_adds(how, "an older blis observe's single detector result");
		if (isfinite(r->score) && isfinite(r->confidence))
			sbuf_printf(how, " (score %.10g, confidence %.10g)",
			    r->score, r->confidence);
	} else if (r->shape == SAT_SHAPE_DRIFT)
		sbuf_printf(how, "an older blis observe's backlog-drift "
		    "classification %s, read as %s", d->written,
		    sat_level_name(d->level) ? sat_level_name(d->level) : "no level");
	else if (d->written != NULL)
		sbuf_printf(how, "blis observe's final level of detector %s (the "
		    "plurality of its trace's trailing window, ties to the more "
		    "severe level); %ld trace record%s", d->name, d->nrecords,
		    d->nrecords == 1 ? "" : "s");
	else
		sbuf_printf(how, "no final block: the plurality of detector %s's "
		    "levels over the last %lld s of its trace (upstream's "
		    "default final window; ties to the more severe level): "
		    "STABLE %ld, BACKLOGGED %ld, OVERLOADED %ld of the %ld "
		    "records there", d->name, SAT_FINAL_WINDOW_US / 1000000,
		    d->counts[SAT_STABLE], d->counts[SAT_BACKLOGGED],
		    d->counts[SAT_OVERLOADED], d->nwindow);
}

static void
emit_det(const struct satreport *r, const struct sat_det *d,
    const struct logctx *ctx)
{
	static const char *const fields[] = { NULL, "level",
	    "classification" };
	const char *name = sat_level_name(d->level);
	struct rec_head h = { "measure", "5b", "saturation.level", NULL, NULL,
	    NULL, NULL, -1 };
	struct sbuf how = {0}, field = {0};
	json_t *rec;

	if (r->shape == SAT_SHAPE_NEW) {
		h.key = d->name;
		h.n = d->nrecords;
		sbuf_printf(&field, "%s%s", d->written ? "final." : "trace",
		    d->written ? d->name : "");
	} else
		sbuf_adds(&field, fields[r->shape]);
	h.value = name != NULL ? json_string(name) : json_null();
	rec = rec_begin(&h);
	how_text(&how, r, d);
	if (name == NULL && d->written != NULL)
		sbuf_printf(&how, "; \"%s\" is no level upstream writes", d->written);
	if (name == NULL && d->written == NULL)
		sbuf_adds(&how, "; none of its records has a level upstream "
		    "writes");
	logrec_emit(ctx, rec, NULL, NULL, NULL, rec_source(r->file,
	    d->written ? d->line : 0, d->written ? d->column : 0,
	    sbuf_str(&field), sbuf_str(&how)));
	sbuf_free(&how);
	sbuf_free(&field);
}

void
satjson_emit(const struct satreport *r, const struct logctx *ctx)
{
	struct rec_head h = { "measure", "5b", "saturation.level", NULL, NULL,
	    NULL, NULL, 0 };

	for (size_t i = 0; i < r->ndet; i++)
		emit_det(r, &r->det[i], ctx);
	if (r->ndet > 0)
		return;
	h.value = json_null();
	logrec_emit(ctx, rec_begin(&h), NULL, NULL, NULL, rec_source(r->file,
	    0, 0, "trace", "no detector ran: the report has no final block "
	    "and an empty trace (blis observe without --detectors), so no "
	    "level"));
}

void
satjson_free(struct satreport *r)
{
	for (size_t i = 0; i < r->ndet; i++) {
		free(r->det[i].name);
		free(r->det[i].written);
		free(r->det[i].win_us);
		free(r->det[i].win_level);
	}
	free(r->det);
	free(r->file);
	memset(r, 0, sizeof(*r));
}
