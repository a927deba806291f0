/* recscan.c - see recscan.h.  What jansson (2.14) takes is its lexer's
 * grammar: RFC 8259 JSON, strings of UTF-8 without control bytes or
 * \u0000 and with surrogates only in pairs, integers that fit 64 bits,
 * reals that do not overflow, and here no key twice in an object.
 * Whatever is near an edge of that is left to it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "recscan.h"
#include "str.h"

/* Deeper, or more keys in one object (the duplicate test is quadratic):
 * jansson reads it. */
#define MAXDEPTH	32
#define MAXKEYS		64
/* Integers of up to 18 digits fit 64 bits; a real's decimal exponent
 * (digits before the point plus exponent) this far from 0 stays finite
 * and is not near underflow either. */
#define MAXINTDIGITS	18
#define MAXMAGNITUDE	300

struct scan {
	const char	*p, *end;
	int		 depth;
};

/* What an object's members are pulled into: the record itself, its
 * scope, or nothing. */
enum pull { PULL_NONE, PULL_RECORD, PULL_SCOPE };

static bool value(struct scan *s, struct recscan *rs, enum pull pull);

static void
ws(struct scan *s)
{
	while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' ||
	    *s->p == '\n' || *s->p == '\r'))
		s->p++;
}

static bool
is_digit(const struct scan *s, const char *p)
{
	return p < s->end && *p >= '0' && *p <= '9';
}

/* The bytes of the escape after a backslash at p, 0 when jansson would
 * refuse it (an unknown letter, or json_u_escape()'s cases). */
static int
escape(const char *p, const char *end)
{
	int32_t cp;

	if (p >= end)
		return 0;
	if (*p == 'u')
		return json_u_escape(p, end, &cp);
	return *p != '\0' && strchr("\"\\/bfnrt", *p) != NULL;
}

/* A string at the quote; out: its bytes, when it has no escape. */
static bool
string(struct scan *s, struct rs_text *out)
{
	const char *p = s->p + 1;
	bool plain = true;
	int32_t cp;
	int n;

	while (p < s->end) {
		unsigned char c = (unsigned char)*p;

		if (c == '"') {
			*out = plain ? (struct rs_text){ s->p + 1,
			    (size_t)(p - s->p - 1) } : (struct rs_text){ 0 };
			s->p = p + 1;
			return true;
		}
		if (c < 0x20)
			return false;
		if (c == '\\') {
			if ((n = escape(p + 1, s->end)) == 0)
				return false;
			plain = false;
			p += 1 + n;
			continue;
		}
		if (c < 0x80) {
			p++;
			continue;
		}
		if ((n = utf8_seq(p, (size_t)(s->end - p), &cp)) == 0)
			return false;
		p += n;
	}
	return false;
}

static bool
number(struct scan *s, double *out)
{
	const char *p = s->p;
	int intdigits = 0, expdigits = 0;
	long exp = 0;
	bool real = false, negexp = false;
	char buf[64];

	if (p < s->end && *p == '-')
		p++;
	if (!is_digit(s, p))
		return false;
	if (*p == '0') {
		p++;
		intdigits = 1;
		if (is_digit(s, p))
			return false;
	} else
		for (; is_digit(s, p); p++)
			intdigits++;
	if (p < s->end && *p == '.') {
		real = true;
		if (!is_digit(s, ++p))
			return false;
		while (is_digit(s, p))
			p++;
	}
	if (p < s->end && (*p == 'e' || *p == 'E')) {
		real = true;
		p++;
		if (p < s->end && (*p == '+' || *p == '-'))
			negexp = *p++ == '-';
		if (!is_digit(s, p))
			return false;
		for (; is_digit(s, p); p++) {
			if (++expdigits > 4)
				return false;
			exp = exp * 10 + (*p - '0');
		}
	}
	if (negexp)
		exp = -exp;
	if (!real && intdigits > MAXINTDIGITS)
		return false;
	if (real && (intdigits + exp > MAXMAGNITUDE || exp < -MAXMAGNITUDE))
		return false;
	if (out != NULL) {
		size_t len = (size_t)(p - s->p);

		if (len >= sizeof(buf))
			return false;
		memcpy(buf, s->p, len);
		buf[len] = '\0';
		/* As jansson converts it: strtod, or a 64-bit integer. */
		*out = real ? strtod(buf, NULL) :
		    (double)strtoll(buf, NULL, 10);
	}
	s->p = p;
	return true;
}

static bool
literal(struct scan *s, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(s->end - s->p) < n || memcmp(s->p, word, n) != 0)
		return false;
	s->p += n;
	return true;
}

bool
rs_text_is(struct rs_text t, const char *word)
{
	return t.len == strlen(word) && memcmp(t.s, word, t.len) == 0;
}

/* A member of the record itself: the value after its key. */
static bool
record_member(struct scan *s, struct recscan *rs, struct rs_text key)
{
	struct rs_text *str = rs_text_is(key, "kind") ? &rs->kind :
	    rs_text_is(key, "check") ? &rs->check :
	    rs_text_is(key, "metric") ? &rs->metric :
	    rs_text_is(key, "title") ? &rs->title :
	    rs_text_is(key, "verdict") ? &rs->verdict : NULL;

	if (str != NULL)
		return *s->p == '"' && string(s, str) && str->s != NULL;
	if (rs_text_is(key, "scope"))
		return *s->p == '{' && value(s, rs, PULL_SCOPE);
	if (rs_text_is(key, "source"))
		return *s->p == '{' && value(s, rs, PULL_NONE);
	if (rs_text_is(key, "comparable"))
		return literal(s, "true") || literal(s, "false");
	if (rs_text_is(key, "value") && (*s->p == '-' || is_digit(s, s->p))) {
		rs->has_value = true;
		return number(s, &rs->value);
	}
	if (rs_text_is(key, "points") || rs_text_is(key, "bins") ||
	    rs_text_is(key, "columns"))
		rs->charts = true;
	return value(s, rs, PULL_NONE);
}

static bool
scope_member(struct scan *s, struct recscan *rs, struct rs_text key)
{
	struct rs_text val;

	if (*s->p != '"' || !string(s, &val) || val.s == NULL ||
	    rs->nscope == RS_MAXSCOPE)
		return false;
	rs->key[rs->nscope] = key;
	rs->val[rs->nscope++] = val;
	return true;
}

static bool
seen(const struct rs_text *keys, size_t n, struct rs_text key)
{
	for (size_t i = 0; i < n; i++)
		if (keys[i].len == key.len && memcmp(keys[i].s, key.s,
		    key.len) == 0)
			return true;
	return false;
}

static bool
object(struct scan *s, struct recscan *rs, enum pull pull)
{
	struct rs_text keys[MAXKEYS];
	size_t n = 0;
	bool ok;

	s->p++;
	ws(s);
	if (s->p < s->end && *s->p == '}') {
		s->p++;
		return true;
	}
	for (;;) {
		ws(s);
		if (s->p >= s->end || *s->p != '"' || !string(s, &keys[n]) ||
		    keys[n].s == NULL || seen(keys, n, keys[n]))
			return false;
		ws(s);
		if (s->p >= s->end || *s->p++ != ':')
			return false;
		ws(s);
		if (s->p >= s->end)
			return false;
		ok = pull == PULL_RECORD ? record_member(s, rs, keys[n]) :
		    pull == PULL_SCOPE ? scope_member(s, rs, keys[n]) :
		    value(s, rs, PULL_NONE);
		if (!ok || ++n == MAXKEYS)
			return false;
		ws(s);
		if (s->p >= s->end)
			return false;
		if (*s->p == '}') {
			s->p++;
			return true;
		}
		if (*s->p++ != ',')
			return false;
	}
}

static bool
array(struct scan *s, struct recscan *rs)
{
	s->p++;
	ws(s);
	if (s->p < s->end && *s->p == ']') {
		s->p++;
		return true;
	}
	for (;;) {
		ws(s);
		if (s->p >= s->end || !value(s, rs, PULL_NONE))
			return false;
		ws(s);
		if (s->p >= s->end)
			return false;
		if (*s->p == ']') {
			s->p++;
			return true;
		}
		if (*s->p++ != ',')
			return false;
	}
}

static bool
value(struct scan *s, struct recscan *rs, enum pull pull)
{
	struct rs_text str;
	bool ok;

	switch (*s->p) {
	case '{':
	case '[':
		if (++s->depth > MAXDEPTH)
			return false;
		ok = *s->p == '{' ? object(s, rs, pull) : array(s, rs);
		s->depth--;
		return ok;
	case '"':
		return string(s, &str);
	case 't':
		return literal(s, "true");
	case 'f':
		return literal(s, "false");
	case 'n':
		return literal(s, "null");
	default:
		return number(s, NULL);
	}
}

bool
recscan_line(struct recscan *rs, const char *line, size_t len)
{
	struct scan s = { line, line + len, 0 };

	memset(rs, 0, sizeof(*rs));
	ws(&s);
	if (s.p >= s.end || *s.p != '{' || !value(&s, rs, PULL_RECORD))
		return false;
	ws(&s);
	return s.p == s.end && rs->kind.s != NULL;
}

bool
recscan_valid(const char *text, size_t len)
{
	struct scan s = { text, text + len, 0 };
	struct recscan unused;

	ws(&s);
	if (s.p >= s.end || !value(&s, &unused, PULL_NONE))
		return false;
	ws(&s);
	return s.p == s.end;
}
