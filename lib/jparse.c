/* jparse.c - see jparse.h.  What jansson (2.14, load.c) builds: an
 * integer for a number without '.', 'e' or 'E' (strtoll), else a real
 * (strtod); strings with their escapes decoded, \u pairs joined into one
 * code point; object members in text order, a repeated key replacing
 * the value in place. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "jparse.h"
#include "str.h"

/* jansson's own limit (JSON_PARSER_MAX_DEPTH) is 2048: well beyond. */
#define MAXDEPTH	64

struct parse {
	const char	*p, *end;
	int		 depth;
	struct sbuf	 str;		/* a string with escapes, decoded */
};

static json_t *value(struct parse *ps);

/* Short strings repeat across records (units, checks, titles, source
 * files, verdict names): one jansson string serves them all, found in a
 * small direct-mapped table (values are never changed in place). */
#define SHARE_SLOTS	4096
#define SHARE_MAXLEN	64

static json_t *shared[SHARE_SLOTS];

static json_t *
string_value(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603u;
	json_t **slot;

	if (len > SHARE_MAXLEN)
		return json_stringn_nocheck(s, len);
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	slot = &shared[h % SHARE_SLOTS];
	if (*slot != NULL && json_string_length(*slot) == len &&
	    memcmp(json_string_value(*slot), s, len) == 0)
		return json_incref(*slot);
	json_decref(*slot);
	*slot = json_stringn_nocheck(s, len);
	return json_incref(*slot);
}

static void
ws(struct parse *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' ||
	    *ps->p == '\n' || *ps->p == '\r'))
		ps->p++;
}

/* The string at the quote: *s and *len its bytes (in the text, or in
 * ps->str when it had escapes). */
static bool
string(struct parse *ps, const char **s, size_t *len)
{
	const char *start = ++ps->p, *q;
	int32_t cp;
	int n;

	q = memchr(start, '"', (size_t)(ps->end - start));
	if (q == NULL)
		return false;
	if (memchr(start, '\\', (size_t)(q - start)) == NULL) {
		*s = start;
		*len = (size_t)(q - start);
		ps->p = q + 1;
		return true;
	}
	sbuf_reset(&ps->str);
	while (ps->p < ps->end && *ps->p != '"') {
		const char *run = ps->p;

		while (ps->p < ps->end && *ps->p != '"' && *ps->p != '\\')
			ps->p++;
		sbuf_add(&ps->str, run, (size_t)(ps->p - run));
		if (ps->p >= ps->end || *ps->p == '"')
			break;
		if (ps->end - ps->p < 2)
			return false;
		ps->p += 2;
		switch (ps->p[-1]) {
		case '"': case '\\': case '/':
			sbuf_addc(&ps->str, ps->p[-1]);
			break;
		case 'b': sbuf_addc(&ps->str, '\b'); break;
		case 'f': sbuf_addc(&ps->str, '\f'); break;
		case 'n': sbuf_addc(&ps->str, '\n'); break;
		case 'r': sbuf_addc(&ps->str, '\r'); break;
		case 't': sbuf_addc(&ps->str, '\t'); break;
		case 'u':
			/* \u0000 and lone surrogates: jansson's to refuse. */
			if ((n = json_u_escape(ps->p - 1, ps->end, &cp)) == 0)
				return false;
			ps->p += n - 1;
			sbuf_add_utf8(&ps->str, (uint32_t)cp);
			break;
		default:
			return false;
		}
	}
	if (ps->p >= ps->end)
		return false;
	ps->p++;
	*s = sbuf_str(&ps->str);
	*len = ps->str.len;
	return true;
}

static json_t *
number(struct parse *ps)
{
	const char *start = ps->p;
	bool real = false;
	char buf[128], *endp;
	size_t len;

	while (ps->p < ps->end && (strchr("+-0123456789.eE", *ps->p) != NULL &&
	    *ps->p != '\0')) {
		real = real || *ps->p == '.' || *ps->p == 'e' || *ps->p == 'E';
		ps->p++;
	}
	len = (size_t)(ps->p - start);
	if (len == 0 || len >= sizeof(buf))
		return NULL;
	memcpy(buf, start, len);
	buf[len] = '\0';
	errno = 0;
	if (real) {
		double d = strtod(buf, &endp);

		/* Overflow only, as jansson: an underflow reads as 0. */
		if (*endp != '\0' || (errno == ERANGE && isinf(d)))
			return NULL;
		return json_real(d);
	}
	long long ll = strtoll(buf, &endp, 10);

	if (*endp != '\0' || errno == ERANGE)
		return NULL;
	return json_integer(ll);
}

static bool
literal(struct parse *ps, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return false;
	ps->p += n;
	return true;
}

static json_t *
object(struct parse *ps)
{
	json_t *obj = json_object(), *v;
	const char *s;
	char small[256], *key;
	size_t len;

	ps->p++;
	ws(ps);
	if (ps->p < ps->end && *ps->p == '}') {
		ps->p++;
		return obj;
	}
	for (;;) {
		ws(ps);
		if (ps->p >= ps->end || *ps->p != '"' ||
		    !string(ps, &s, &len) || memchr(s, '\0', len) != NULL)
			break;
		key = len < sizeof(small) ? small : xmalloc(len + 1);
		memcpy(key, s, len);
		key[len] = '\0';
		ws(ps);
		v = NULL;
		if (ps->p < ps->end && *ps->p == ':') {
			ps->p++;
			ws(ps);
			v = value(ps);
		}
		if (v != NULL)
			json_object_set_new_nocheck(obj, key, v);
		if (key != small)
			free(key);
		if (v == NULL)
			break;
		ws(ps);
		if (ps->p < ps->end && *ps->p == '}') {
			ps->p++;
			return obj;
		}
		if (ps->p >= ps->end || *ps->p++ != ',')
			break;
	}
	json_decref(obj);
	return NULL;
}

static json_t *
array(struct parse *ps)
{
	json_t *arr = json_array(), *v;

	ps->p++;
	ws(ps);
	if (ps->p < ps->end && *ps->p == ']') {
		ps->p++;
		return arr;
	}
	for (;;) {
		ws(ps);
		if ((v = value(ps)) == NULL)
			break;
		json_array_append_new(arr, v);
		ws(ps);
		if (ps->p < ps->end && *ps->p == ']') {
			ps->p++;
			return arr;
		}
		if (ps->p >= ps->end || *ps->p++ != ',')
			break;
	}
	json_decref(arr);
	return NULL;
}

static json_t *
value(struct parse *ps)
{
	const char *s;
	size_t len;
	json_t *v;

	if (ps->p >= ps->end)
		return NULL;
	switch (*ps->p) {
	case '{':
	case '[':
		if (++ps->depth > MAXDEPTH)
			return NULL;
		v = *ps->p == '{' ? object(ps) : array(ps);
		ps->depth--;
		return v;
	case '"':
		if (!string(ps, &s, &len) || memchr(s, '\0', len) != NULL)
			return NULL;
		return string_value(s, len);
	case 't':
		return literal(ps, "true") ? json_true() : NULL;
	case 'f':
		return literal(ps, "false") ? json_false() : NULL;
	case 'n':
		return literal(ps, "null") ? json_null() : NULL;
	default:
		return number(ps);
	}
}

json_t *
jparse(const char *text, size_t len)
{
	struct parse ps = { text, text + len, 0, {0} };
	json_t *v;

	ws(&ps);
	v = value(&ps);
	ws(&ps);
	if (v != NULL && ps.p != ps.end) {
		json_decref(v);
		v = NULL;
	}
	sbuf_free(&ps.str);
	return v;
}

json_t *
jparse_checked(const char *text, size_t len, json_error_t *err)
{
	json_t *v = jparse(text, len);

	return v != NULL ? v : json_loadb(text, len, 0, err);
}
