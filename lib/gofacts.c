/* gofacts.c - see gofacts.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gofacts.h"
#include "gomask.h"
#include "rec.h"
#include "str.h"

static const struct {
	const char *name;
	int64_t ns;
} durations[] = {
	{ "time.Nanosecond", 1 }, { "time.Microsecond", 1000 },
	{ "time.Millisecond", 1000000 }, { "time.Second", 1000000000 },
	{ "time.Minute", INT64_C(60000000000) },
	{ "time.Hour", INT64_C(3600000000000) }, { NULL, 0 }
};

static bool
parse_duration(const char *v, int64_t *ns)
{
	for (int i = 0; durations[i].name != NULL; i++) {
		size_t n = strlen(durations[i].name), vl = strlen(v);
		double k = 1;
		const char *star;

		if (vl < n)
			continue;
		if (strcmp(v, durations[i].name) == 0) {
			*ns = durations[i].ns;
			return true;
		}
		if (strcmp(v + vl - n, durations[i].name) == 0 &&
		    (star = strchr(v, '*')) != NULL) {
			const char *a = v, *e = star;

			while (e > a && e[-1] == ' ')
				e--;
			if (!parse_f64(a, (size_t)(e - a), &k))
				continue;
			*ns = (int64_t)(k * (double)durations[i].ns + (k < 0 ?
			    -0.5 : 0.5));
			return true;
		}
	}
	return false;
}

/* number / duration_ns / string / ref for a const value or keyval text */
void
gofacts_value(json_t *o, const char *v, const struct gindex *ix)
{
	double d;
	int64_t i, ns;
	size_t n = strlen(v);
	const char *dot;

	if (parse_i64(v, n, &i))
		rec_set_i64(o, "number", i);
	else if (parse_f64(v, n, &d))
		rec_set_num(o, "number", d);
	else if (parse_duration(v, &ns))
		rec_set_i64(o, "duration_ns", ns);
	else if (n >= 2 && v[0] == '"' && v[n - 1] == '"' &&
	    strchr(v + 1, '"') == v + n - 1 && strchr(v, '\\') == NULL) {
		char *s = xstrndup(v + 1, n - 2);

		rec_set_str(o, "string", s);
		free(s);
	} else if ((dot = strchr(v, '.')) != NULL && strchr(dot + 1, '.') ==
	    NULL && dot > v && dot[1] != '\0') {
		char *alias = xstrndup(v, (size_t)(dot - v));
		bool idents = true;

		for (const char *p = v; *p; p++)
			idents &= go_isident(*p) || *p == '.';
		if (idents && ix != NULL && gindex_import(ix, alias) != NULL) {
			json_t *ref = json_object();

			rec_set_str(ref, "package", alias);
			rec_set_str(ref, "name", dot + 1);
			rec_set_str(ref, "import", gindex_import(ix, alias));
			rec_set(o, "ref", ref);
		}
		free(alias);
	}
}

void
gofacts_lines(json_t *o, const char *key, const struct gofile *f, size_t a,
    size_t b)
{
	json_t *r = json_object();

	rec_set_i64(r, "line", gofile_line(f, a));
	rec_set_i64(r, "end_line", gofile_line(f, b > a ? b - 1 : a));
	rec_set(o, key, r);
}

void
gofacts_enclosing_func(json_t *facts, const struct gofile *f,
    const struct gindex *ix, size_t off)
{
	const struct gdecl *d = gindex_func_at(ix, off);

	if (d == NULL)
		return;
	json_t *r = json_object();

	rec_set_str(r, "symbol", d->symbol);
	rec_set_i64(r, "line", gofile_line(f, d->start));
	rec_set_i64(r, "end_line", gofile_line(f, d->end - 1));
	rec_set(facts, "enclosing_func", r);
}

json_t *
gofacts_call_args(const struct gofile *f, size_t open, size_t close)
{
	json_t *args = json_array();
	const char *m = f->mask;
	size_t a = open + 1;

	for (size_t i = open + 1; i <= close && close < f->len; i++) {
		if (m[i] == '(' || m[i] == '[' || m[i] == '{') {
			i = go_match(m, f->len, i);
			continue;
		}
		if (m[i] != ',' && i != close)
			continue;
		char *t = go_code_text(f, a, i);

		if (*t != '\0' || i != close)
			json_array_append_new(args, json_string(t));
		free(t);
		a = i + 1;
	}
	return args;
}
