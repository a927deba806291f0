/* jwrite.c - see jwrite.h.  The rules below are jansson's (2.14): what it
 * takes for UTF-8 (utf8.c), how it escapes (dump.c) and how it writes a
 * real (strconv.c); test_jwrite checks them against json_dumps(). */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "jwrite.h"
#include "rec.h"

static bool
utf8_valid(const char *p, size_t len)
{
	int32_t cp;

	for (size_t i = 0, n; i < len; i += n) {
		if ((unsigned char)p[i] < 0x80) {	/* the common case */
			n = 1;
			continue;
		}
		if ((n = (size_t)utf8_seq(p + i, len - i, &cp)) == 0)
			return false;
	}
	return true;
}

void
jw_clean(struct sbuf *b, const char *s)
{
	size_t len = strlen(s);

	if (utf8_valid(s, len)) {
		sbuf_add(b, s, len);
		return;
	}
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		sbuf_addc(b, *p < 0x80 ? (char)*p : '?');
}

static void
escape_cp(struct sbuf *b, int32_t cp)
{
	switch (cp) {
	case '\\': sbuf_adds(b, "\\\\"); return;
	case '"': sbuf_adds(b, "\\\""); return;
	case '\b': sbuf_adds(b, "\\b"); return;
	case '\f': sbuf_adds(b, "\\f"); return;
	case '\n': sbuf_adds(b, "\\n"); return;
	case '\r': sbuf_adds(b, "\\r"); return;
	case '\t': sbuf_adds(b, "\\t"); return;
	}
	if (cp < 0x10000) {
		sbuf_printf(b, "\\u%04X", (unsigned)cp);
		return;
	}
	cp -= 0x10000;
	sbuf_printf(b, "\\u%04X\\u%04X", 0xD800u | ((unsigned)cp >> 10),
	    0xDC00u | ((unsigned)cp & 0x3FF));
}

/* The bytes a JSON string holds as they are: printable ASCII but the
 * quote and the backslash. */
#define PLAIN4(c)	[c] = 1, [c + 1] = 1, [c + 2] = 1, [c + 3] = 1
#define PLAIN8(c)	PLAIN4(c), PLAIN4(c + 4)
#define PLAIN16(c)	PLAIN8(c), PLAIN8(c + 8)
static const unsigned char plain[256] = {
	[0x20] = 1, [0x21] = 1, [0x23] = 1, PLAIN4(0x24), PLAIN8(0x28),
	PLAIN16(0x30), PLAIN16(0x40), PLAIN8(0x50), PLAIN4(0x58),
	[0x5D] = 1, [0x5E] = 1, [0x5F] = 1, PLAIN16(0x60), PLAIN16(0x70)
};

/* A JSON string of the len bytes at s; false (b holding part of it)
 * when they are not UTF-8. */
static bool
quote(struct sbuf *b, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	const unsigned char *run = p;

	sbuf_addc(b, '"');
	while (p < end) {
		int32_t cp;
		int n;

		if (plain[*p]) {
			p++;
			continue;
		}
		sbuf_add(b, (const char *)run, (size_t)(p - run));
		n = utf8_seq((const char *)p, (size_t)(end - p), &cp);
		if (n == 0)
			return false;
		p += n;
		escape_cp(b, cp);
		run = p;
	}
	sbuf_add(b, (const char *)run, (size_t)(p - run));
	sbuf_addc(b, '"');
	return true;
}

void
jw_str(struct sbuf *b, const char *s)
{
	size_t start = b->len;
	struct sbuf clean = {0};

	if (quote(b, s, strlen(s)))
		return;
	/* Not UTF-8: written again as rec_str() keeps it. */
	b->len = start;
	jw_clean(&clean, s);
	quote(b, sbuf_str(&clean), clean.len);
	sbuf_free(&clean);
}

/* jansson's real: %.*g, ".0" when that reads as an integer, the
 * exponent without '+' or leading zeros. */
static void
real_text(struct sbuf *b, double v)
{
	char buf[64], *e, *from;

	snprintf(buf, sizeof(buf), "%.*g", REC_REAL_DIGITS, v);
	if (strchr(buf, '.') == NULL && strchr(buf, 'e') == NULL)
		strcat(buf, ".0");
	if ((e = strchr(buf, 'e')) != NULL) {
		e++;
		if (*e == '-')
			e++;
		from = e;
		if (*from == '+')
			from++;
		while (*from == '0')
			from++;
		memmove(e, from, strlen(from) + 1);
	}
	sbuf_adds(b, buf);
}

void
jw_num(struct sbuf *b, double v)
{
	if (!isfinite(v)) {
		sbuf_adds(b, "null");
		return;
	}
	/* rec_num(): 2^53, beyond which doubles are not exact integers. */
	if (v == floor(v) && fabs(v) < 9007199254740992.0) {
		sbuf_printf(b, "%" PRId64, (int64_t)v);
		return;
	}
	real_text(b, v);
}

void
jw_value(struct sbuf *b, const json_t *v)
{
	const char *key;
	json_t *m;
	size_t i;

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		sbuf_addc(b, '{');
		json_object_foreach((json_t *)v, key, m) {
			jw_key(b, key);
			jw_value(b, m);
		}
		sbuf_addc(b, '}');
		return;
	case JSON_ARRAY:
		sbuf_addc(b, '[');
		json_array_foreach(v, i, m) {
			if (i > 0)
				sbuf_addc(b, ',');
			jw_value(b, m);
		}
		sbuf_addc(b, ']');
		return;
	case JSON_STRING:
		/* jansson holds UTF-8 only. */
		(void)quote(b, json_string_value(v), json_string_length(v));
		return;
	case JSON_INTEGER:
		sbuf_printf(b, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return;
	case JSON_REAL:
		real_text(b, json_real_value(v));
		return;
	case JSON_TRUE:
		sbuf_adds(b, "true");
		return;
	case JSON_FALSE:
		sbuf_adds(b, "false");
		return;
	case JSON_NULL:
		sbuf_adds(b, "null");
		return;
	}
}

void
jw_key(struct sbuf *b, const char *key)
{
	if (b->len > 0 && b->s[b->len - 1] != '{')
		sbuf_addc(b, ',');
	jw_str(b, key);
	sbuf_addc(b, ':');
}

void
jw_key_str(struct sbuf *b, const char *key, const char *s)
{
	if (s == NULL)
		return;
	jw_key(b, key);
	jw_str(b, s);
}
