/* rec.c - building, writing and reading records (see rec.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicfile.h"
#include "err.h"
#include "infile.h"
#include "jparse.h"
#include "rec.h"
#include "recscan.h"
#include "str.h"

const char *const rec_scope_keys[] = {
	"phase", "workload", "iteration", "window", "instance", "client",
	"prefix_group", "class", "adapter", "device", "rank", NULL
};

json_t *
rec_new(const char *kind)
{
	json_t *rec = json_object();

	json_object_set_new(rec, "kind", json_string(kind));
	return rec;
}

json_t *
rec_i64(int64_t v)
{
	return json_integer((json_int_t)v);
}

json_t *
rec_num(double v)
{
	if (!isfinite(v))
		return json_null();
	/* 2^53: beyond it doubles are not exact integers anyway. */
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t)v);
	return json_real(v);
}

void
rec_set(json_t *obj, const char *key, json_t *value)
{
	if (json_object_set_new(obj, key, value) != 0)
		s2r_die("cannot build record key '%s'", key);
}

json_t *
rec_str(const char *v)
{
	json_t *s = json_string(v);

	/* Input bytes are not always UTF-8 (logs, CSV); keep them readable. */
	if (s == NULL) {
		struct sbuf clean = {0};

		for (const unsigned char *p = (const unsigned char *)v; *p; p++)
			sbuf_addc(&clean, *p < 0x80 ? (char)*p : '?');
		s = json_string(sbuf_str(&clean));
		sbuf_free(&clean);
	}
	return s;
}

void
rec_set_str(json_t *obj, const char *key, const char *v)
{
	if (v != NULL)
		rec_set(obj, key, rec_str(v));
}

void
rec_set_num(json_t *obj, const char *key, double v)
{
	rec_set(obj, key, rec_num(v));
}

void
rec_set_i64(json_t *obj, const char *key, int64_t v)
{
	rec_set(obj, key, rec_i64(v));
}

json_t *
rec_source(const char *file, long line, long column, const char *field,
    const char *how)
{
	json_t *src = json_object();

	rec_set_str(src, "file", file);
	if (line > 0)
		rec_set_i64(src, "line", line);
	if (column > 0)
		rec_set_i64(src, "column", column);
	rec_set_str(src, "field", field);
	rec_set_str(src, "how", how);
	return src;
}

json_t *
rec_begin(const struct rec_head *h)
{
	json_t *rec = rec_new(h->kind);

	rec_set_str(rec, "check", h->check);
	rec_set_str(rec, "metric", h->metric);
	rec_set_str(rec, "key", h->key);
	rec_set_str(rec, "status", h->status);
	rec_set(rec, "value", h->value != NULL ? h->value : json_null());
	rec_set_str(rec, "unit", h->unit);
	if (h->n >= 0)
		rec_set_i64(rec, "n", h->n);
	return rec;
}

void
rec_end(json_t *rec, json_t *scope, json_t *source)
{
	if (scope != NULL)
		rec_set(rec, "scope", scope);
	rec_set(rec, "source", source);
}

void
rec_incomparable(json_t *rec, const char *why)
{
	rec_set(rec, "comparable", json_false());
	rec_set_str(rec, "why", why);
}

json_t *
rec_scope_new(void)
{
	return json_object();
}

void
rec_scope_set(json_t *scope, const char *key, const char *value)
{
	json_t *ordered = json_object();

	/* Rebuild in canonical order so the call order never shows. */
	rec_set_str(scope, key, value);
	for (size_t i = 0; rec_scope_keys[i] != NULL; i++) {
		json_t *v = json_object_get(scope, rec_scope_keys[i]);

		if (v != NULL)
			json_object_set(ordered, rec_scope_keys[i], v);
	}
	const char *k;
	json_t *v;
	json_object_foreach(scope, k, v) {
		if (json_object_get(ordered, k) == NULL)
			json_object_set(ordered, k, v);
	}
	json_object_clear(scope);
	json_object_update(scope, ordered);
	json_decref(ordered);
}

char *
rec_scope_key(const json_t *scope)
{
	struct sbuf key = {0};

	for (size_t i = 0; rec_scope_keys[i] != NULL; i++) {
		const char *v = rec_get_str(scope, rec_scope_keys[i]);

		if (v == NULL)
			continue;
		if (key.len > 0)
			sbuf_addc(&key, ',');
		sbuf_printf(&key, "%s=%s", rec_scope_keys[i], v);
	}
	if (key.s == NULL)
		return xstrdup("");
	return key.s;
}

void
rec_emit(FILE *out, json_t *rec)
{
	if (json_dumpf(rec, out, REC_EMIT_FLAGS) != 0 || fputc('\n', out) == EOF)
		rec_write_error(out);
	json_decref(rec);
}

void
rec_emit_all(FILE *out, const json_t *recs)
{
	size_t i;
	json_t *rec;

	json_array_foreach(recs, i, rec)
		rec_emit(out, json_incref(rec));
}

void
rec_finish(FILE *out)
{
	if (fflush(out) != 0 || ferror(out))
		rec_write_error(out);
}

void
rec_write_error(FILE *out)
{
	int e = errno;
	const char *target = atomic_target(out);

	if (out == stdout)
		s2r_die("write error on standard output");
	s2r_die("%s: write error: %s", target != NULL ? target :
	    "the output file", strerror(e));
}

const char *
rec_get_str(const json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

bool
rec_get_num(const json_t *obj, const char *key, double *out)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_number(v))
		return false;
	*out = json_number_value(v);
	return true;
}

bool
rec_get_i64(const json_t *obj, const char *key, int64_t *out)
{
	const json_t *v = json_object_get(obj, key);

	if (!json_is_integer(v))
		return false;
	*out = json_integer_value(v);
	return true;
}

const char *
rec_scope_str(const json_t *rec, const char *key)
{
	return rec_get_str(json_object_get(rec, "scope"), key);
}

void
ndjson_open(struct ndjson_reader *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	r->path = xstrdup(path);
	if (strcmp(path, "-") == 0) {
		r->f = stdin;
		return;
	}
	r->f = infile_open(path, NULL);
}

bool
ndjson_line(struct ndjson_reader *r)
{
	ssize_t n;

	for (;;) {
		n = getline(&r->buf, &r->cap, r->f);
		if (n < 0) {
			if (ferror(r->f))
				s2r_die_at(r->path, r->line + 1, 0,
				    "read error");
			return false;
		}
		r->line++;
		while (n > 0 && (r->buf[n - 1] == '\n' || r->buf[n - 1] == '\r'))
			n--;
		if (n > 0)
			break;
	}
	r->len = (size_t)n;
	return true;
}

json_t *
ndjson_parse(struct ndjson_reader *r)
{
	json_error_t jerr;
	json_t *rec;

	/* Checked and built without jansson's parser when the line is
	 * plain; jansson reads (or rejects) any other. */
	if (recscan_valid(r->buf, r->len) &&
	    (rec = jparse(r->buf, r->len)) != NULL) {
		if (json_is_object(rec) && rec_get_str(rec, "kind") != NULL)
			return rec;
		json_decref(rec);
	}
	rec = json_loadb(r->buf, r->len, JSON_REJECT_DUPLICATES, &jerr);
	if (rec == NULL)
		s2r_die_at(r->path, r->line, jerr.column > 0 ? jerr.column : 1,
		    "expected a JSON record: %s", jerr.text);
	if (!json_is_object(rec) || rec_get_str(rec, "kind") == NULL) {
		json_decref(rec);
		s2r_die_at(r->path, r->line, 1,
		    "expected a JSON object with a string \"kind\"");
	}
	return rec;
}

json_t *
ndjson_next(struct ndjson_reader *r)
{
	return ndjson_line(r) ? ndjson_parse(r) : NULL;
}

void
ndjson_close(struct ndjson_reader *r)
{
	if (r->f != NULL && r->f != stdin)
		fclose(r->f);
	free(r->buf);
	free(r->path);
	memset(r, 0, sizeof(*r));
}
