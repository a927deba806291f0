/* pyrepr.c - a recursive-descent reader for Python repr() text. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "pyrepr.h"
#include "str.h"

struct parser {
	const char		*s;
	size_t			 n;
	size_t			 i;
	int			 depth;
	struct perr	*err;
};

static json_t	*parse_value(struct parser *p);

static void
fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (p->err->msg[0] != '\0')
		return;		/* keep the innermost, first reason */
	p->err->line = 1;
	p->err->column = (long)p->i + 1;
	/* Cut where repr messages always were cut (they quote keys). */
	va_start(ap, fmt);
	vsnprintf(p->err->msg, PYREPR_MAX_MSG, fmt, ap);
	va_end(ap);
}

/* "got" part of a message: the next character or end of input. */
static const char *
got(struct parser *p, char *buf, size_t len)
{
	unsigned char c;

	if (p->i >= p->n)
		return "end of input";
	c = (unsigned char)p->s[p->i];
	if (isprint(c))
		snprintf(buf, len, "'%c'", c);
	else
		snprintf(buf, len, "byte 0x%02x", c);
	return buf;
}

static void
skip_blanks(struct parser *p)
{
	while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t'))
		p->i++;
}

static bool
is_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.';
}

/* A string that may not be UTF-8 (logs are bytes): keep it readable. */
static json_t *
make_string(const char *s, size_t n)
{
	json_t *v = json_stringn(s, n);
	char *clean;

	if (v != NULL)
		return v;
	clean = xmalloc(n + 1);
	for (size_t k = 0; k < n; k++)
		clean[k] = (unsigned char)s[k] < 0x80 && s[k] != '\0' ?
		    s[k] : '?';
	v = json_stringn(clean, n);
	free(clean);
	return v;
}

static void
add_utf8(struct sbuf *b, uint32_t cp)
{
	if (cp >= 0xd800 && cp <= 0xdfff)
		cp = '?';	/* a lone surrogate has no UTF-8 form */
	if (cp == 0)
		cp = '?';	/* C strings end there */
	if (cp < 0x80) {
		sbuf_addc(b, (char)cp);
	} else if (cp < 0x800) {
		sbuf_addc(b, (char)(0xc0 | cp >> 6));
		sbuf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		sbuf_addc(b, (char)(0xe0 | cp >> 12));
		sbuf_addc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x110000) {
		sbuf_addc(b, (char)(0xf0 | cp >> 18));
		sbuf_addc(b, (char)(0x80 | (cp >> 12 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else {
		sbuf_addc(b, '?');
	}
}

static bool
hex_digits(struct parser *p, int count, uint32_t *out)
{
	uint32_t v = 0;

	for (int k = 0; k < count; k++, p->i++) {
		int c = p->i < p->n ? (unsigned char)p->s[p->i] : -1;

		if (c < 0 || !isxdigit(c)) {
			fail(p, "expected %d hex digits in an escape", count);
			return false;
		}
		v = v * 16 + (uint32_t)(isdigit(c) ? c - '0' :
		    tolower(c) - 'a' + 10);
	}
	*out = v;
	return true;
}

static bool
parse_escape(struct parser *p, struct sbuf *b)
{
	static const char from[] = "\\'\"abfnrtv";
	static const char to[] = "\\'\"\a\b\f\n\r\t\v";
	const char *hit;
	uint32_t cp;
	char c;

	if (p->i >= p->n) {
		fail(p, "expected an escaped character, got end of input");
		return false;
	}
	c = p->s[p->i++];
	if (c != '\0' && (hit = strchr(from, c)) != NULL) {
		sbuf_addc(b, to[hit - from]);
		return true;
	}
	switch (c) {
	case 'x':
		if (!hex_digits(p, 2, &cp))
			return false;
		break;
	case 'u':
		if (!hex_digits(p, 4, &cp))
			return false;
		break;
	case 'U':
		if (!hex_digits(p, 8, &cp))
			return false;
		break;
	default:
		/* Python keeps unknown escapes as written. */
		sbuf_addc(b, '\\');
		sbuf_addc(b, c);
		return true;
	}
	add_utf8(b, cp);
	return true;
}

static json_t *
parse_string(struct parser *p)
{
	char quote = p->s[p->i++];
	struct sbuf b = {0};
	json_t *v;

	for (;;) {
		char c;

		if (p->i >= p->n) {
			fail(p, "expected closing %c, got end of input", quote);
			sbuf_free(&b);
			return NULL;
		}
		c = p->s[p->i];
		if (c == quote) {
			p->i++;
			break;
		}
		if (c == '\\') {
			p->i++;
			if (!parse_escape(p, &b)) {
				sbuf_free(&b);
				return NULL;
			}
			continue;
		}
		sbuf_addc(&b, c);
		p->i++;
	}
	v = make_string(sbuf_str(&b), b.len);
	sbuf_free(&b);
	return v;
}

/* <CompilationMode.VLLM_COMPILE: 3>, <function f at 0x7f...>: kept as
 * text, nesting of brackets inside honoured. */
static json_t *
parse_angle(struct parser *p)
{
	size_t start = p->i;
	int level = 0;

	for (; p->i < p->n; p->i++) {
		char c = p->s[p->i];

		if (c == '<' || c == '(' || c == '[' || c == '{')
			level++;
		else if (c == '>' || c == ')' || c == ']' || c == '}')
			level--;
		if (level == 0) {
			p->i++;
			return make_string(p->s + start, p->i - start);
		}
	}
	p->i = start;
	fail(p, "expected '>' closing '<', got end of input");
	return NULL;
}

static json_t *
parse_number(struct parser *p)
{
	size_t start = p->i;
	int64_t iv;
	double dv;

	while (p->i < p->n && (isdigit((unsigned char)p->s[p->i]) ||
	    strchr(".eE+-_", p->s[p->i]) != NULL) && p->s[p->i] != '\0')
		p->i++;
	if (parse_i64(p->s + start, p->i - start, &iv))
		return json_integer((json_int_t)iv);
	if (parse_f64(p->s + start, p->i - start, &dv))
		return json_real(dv);
	/* -inf, 1_000, or something that only looks numeric: its text. */
	while (p->i < p->n && is_word_char(p->s[p->i]))
		p->i++;
	if (p->i - start == 1 && !isdigit((unsigned char)p->s[start])) {
		p->i = start;
		fail(p, "expected a value, got '%c'", p->s[start]);
		return NULL;
	}
	return make_string(p->s + start, p->i - start);
}

static json_t	*parse_pairs(struct parser *p, char close, bool kwargs,
		    bool partial, char *key);

/* The items of a list, tuple or set after the opening bracket; arr may
 * already hold the first item (have_item). */
static json_t *
seq_items(struct parser *p, json_t *arr, char close, bool have_item)
{
	char buf[16];

	for (;;) {
		json_t *item;

		if (have_item) {
			skip_blanks(p);
			if (p->i < p->n && p->s[p->i] == ',') {
				p->i++;
			} else if (p->i < p->n && p->s[p->i] == close) {
				p->i++;
				return arr;
			} else {
				fail(p, "expected ',' or '%c', got %s", close,
				    got(p, buf, sizeof(buf)));
				break;
			}
		}
		skip_blanks(p);
		if (p->i < p->n && p->s[p->i] == close) {
			p->i++;
			return arr;
		}
		if ((item = parse_value(p)) == NULL)
			break;
		json_array_append_new(arr, item);
		have_item = true;
	}
	json_decref(arr);
	return NULL;
}

static json_t *
parse_seq(struct parser *p, char close)
{
	p->i++;		/* the opening bracket */
	return seq_items(p, json_array(), close, false);
}

/* The key of a dict entry as text: str keys as they are, other reprs
 * (ints, tuples) as their JSON text.  Releases k. */
static char *
key_text(json_t *k)
{
	char *text;

	if (json_is_string(k))
		text = xstrdup(json_string_value(k));
	else
		text = pyrepr_text(k);
	json_decref(k);
	return text;
}

/* After '{': a dict, a set ({1, 2}) or the empty dict; the first item
 * decides, so nothing is parsed twice. */
static json_t *
parse_brace(struct parser *p)
{
	json_t *first, *arr;

	p->i++;
	skip_blanks(p);
	if (p->i < p->n && p->s[p->i] == '}') {
		p->i++;
		return json_object();
	}
	if ((first = parse_value(p)) == NULL)
		return NULL;
	skip_blanks(p);
	if (p->i < p->n && p->s[p->i] == ':')
		return parse_pairs(p, '}', false, false, key_text(first));
	arr = json_array();
	json_array_append_new(arr, first);
	return seq_items(p, arr, '}', true);
}

/* Name(...) after the word was read. */
static json_t *
parse_object(struct parser *p, const char *name, size_t len)
{
	json_t *obj, *fields;

	fields = parse_pairs(p, ')', true, false, NULL);
	if (fields == NULL)
		return NULL;
	obj = json_object();
	json_object_set_new(obj, "__class__", make_string(name, len));
	json_object_update(obj, fields);
	json_decref(fields);
	return obj;
}

static json_t *
parse_word(struct parser *p)
{
	size_t start = p->i, len;
	const char *w = p->s + start;

	while (p->i < p->n && is_word_char(p->s[p->i]))
		p->i++;
	len = p->i - start;
	/* b'bytes' and r'raw' prefixes */
	if (len == 1 && (*w == 'b' || *w == 'r') && p->i < p->n &&
	    (p->s[p->i] == '\'' || p->s[p->i] == '"'))
		return parse_string(p);
	if (p->i < p->n && p->s[p->i] == '(')
		return parse_object(p, w, len);
	if (len == 4 && memcmp(w, "True", 4) == 0)
		return json_true();
	if (len == 5 && memcmp(w, "False", 5) == 0)
		return json_false();
	if (len == 4 && memcmp(w, "None", 4) == 0)
		return json_null();
	return make_string(w, len);
}

static json_t *
parse_value(struct parser *p)
{
	char buf[16];
	json_t *v = NULL;
	char c;

	skip_blanks(p);
	if (p->i >= p->n) {
		fail(p, "expected a value, got end of input");
		return NULL;
	}
	if (p->depth >= PYREPR_MAX_DEPTH) {
		fail(p, "nesting deeper than %d", PYREPR_MAX_DEPTH);
		return NULL;
	}
	p->depth++;
	c = p->s[p->i];
	if (c == '\'' || c == '"')
		v = parse_string(p);
	else if (c == '{')
		v = parse_brace(p);
	else if (c == '[')
		v = parse_seq(p, ']');
	else if (c == '(')
		v = parse_seq(p, ')');
	else if (c == '<')
		v = parse_angle(p);
	else if (isdigit((unsigned char)c) || c == '-' || c == '+' ||
	    c == '.')
		v = parse_number(p);
	else if (isalpha((unsigned char)c) || c == '_')
		v = parse_word(p);
	else
		fail(p, "expected a value, got %s", got(p, buf, sizeof(buf)));
	p->depth--;
	return v;
}

static char *
parse_dict_key(struct parser *p)
{
	json_t *k = parse_value(p);

	return k == NULL ? NULL : key_text(k);
}

static char *
parse_kw_key(struct parser *p)
{
	size_t start;
	char buf[16];

	skip_blanks(p);
	start = p->i;
	while (p->i < p->n && (isalnum((unsigned char)p->s[p->i]) ||
	    p->s[p->i] == '_'))
		p->i++;
	if (p->i == start) {
		fail(p, "expected a name, got %s", got(p, buf, sizeof(buf)));
		return NULL;
	}
	return xstrndup(p->s + start, p->i - start);
}

/* Text up to the next ',' outside brackets and quotes (or close at the
 * outer level), trailing blanks dropped: a kwargs value that is not a
 * repr.  False when a bracket or quote is left open. */
static bool
scan_raw(struct parser *p, char close, size_t *end)
{
	size_t start = p->i;
	char stack[PYREPR_MAX_DEPTH];
	int top = 0;
	char quote = 0;

	for (; p->i < p->n; p->i++) {
		char c = p->s[p->i];

		if (quote) {
			if (c == '\\')
				p->i++;
			else if (c == quote)
				quote = 0;
			continue;
		}
		if (c == '\'' || c == '"') {
			quote = c;
		} else if (c == '(' || c == '[' || c == '{') {
			if (top == PYREPR_MAX_DEPTH)
				return false;
			stack[top++] = c == '(' ? ')' : c == '[' ? ']' : '}';
		} else if (top > 0 && c == stack[top - 1]) {
			top--;
		} else if (top == 0 && (c == ',' || c == close)) {
			break;
		}
	}
	if (quote || top > 0) {
		fail(p, "expected %s closed, got end of input",
		    quote ? "a quote" : "a bracket");
		return false;
	}
	*end = p->i;
	while (*end > start && p->s[*end - 1] == ' ')
		(*end)--;
	return true;
}

/* A kwargs value: a repr if one fills it, else its raw text. */
static json_t *
parse_kw_value(struct parser *p, char close)
{
	size_t start, end;
	struct perr *saved = p->err;
	struct perr probe = {0};
	json_t *v;

	skip_blanks(p);
	start = p->i;
	p->err = &probe;
	v = parse_value(p);
	p->err = saved;
	if (v != NULL) {
		skip_blanks(p);
		if (p->i >= p->n || p->s[p->i] == ',' || p->s[p->i] == close)
			return v;
		json_decref(v);
	}
	p->i = start;
	if (!scan_raw(p, close, &end))
		return NULL;
	return make_string(p->s + start, end - start);
}

/* In an object repr, Name(1, 2) has positional arguments: true when
 * the next item is not "name=". */
static bool
next_is_positional(struct parser *p)
{
	size_t k = p->i;

	while (k < p->n && (isalnum((unsigned char)p->s[k]) ||
	    p->s[k] == '_'))
		k++;
	if (k == p->i)
		return true;
	while (k < p->n && p->s[k] == ' ')
		k++;
	return k >= p->n || p->s[k] != '=' ||
	    (k + 1 < p->n && p->s[k + 1] == '=');
}

static void
add_positional(json_t *obj, json_t *v)
{
	json_t *args = json_object_get(obj, "__args__");

	if (args == NULL) {
		args = json_array();
		json_object_set_new(obj, "__args__", args);
	}
	json_array_append_new(args, v);
}

/* One entry; false on error.  key: a dict key already read, or NULL. */
static bool
parse_entry(struct parser *p, json_t *obj, char close, bool kwargs,
    char *key)
{
	char sep = kwargs ? '=' : ':';
	char buf[16];
	json_t *v;

	if (key == NULL && kwargs && close == ')' && next_is_positional(p)) {
		if ((v = parse_value(p)) == NULL)
			return false;
		add_positional(obj, v);
		return true;
	}
	if (key == NULL) {
		key = kwargs ? parse_kw_key(p) : parse_dict_key(p);
		if (key == NULL)
			return false;
		skip_blanks(p);
		if (p->i >= p->n || p->s[p->i] != sep) {
			fail(p, "expected '%c' after key '%s', got %s", sep,
			    key, got(p, buf, sizeof(buf)));
			free(key);
			return false;
		}
	}
	p->i++;		/* the separator */
	v = kwargs ? parse_kw_value(p, close) : parse_value(p);
	if (v != NULL)
		json_object_set_new(obj, key, v);	/* last wins, as Python */
	free(key);
	return v != NULL;
}

/* key: value pairs (dict) or key=value pairs (kwargs) after the opening
 * bracket (none for top-level kwargs: close is '\0').  key: the first
 * key when the caller read it (consumed).  partial: keep the entries
 * read before an error. */
static json_t *
parse_pairs(struct parser *p, char close, bool kwargs, bool partial,
    char *key)
{
	json_t *obj = json_object();
	char buf[16];

	if (close != '\0' && key == NULL)
		p->i++;
	for (;;) {
		skip_blanks(p);
		if (key == NULL && close != '\0' && p->i < p->n &&
		    p->s[p->i] == close) {
			p->i++;
			return obj;
		}
		if (close == '\0' && p->i >= p->n)
			return obj;
		if (!parse_entry(p, obj, close, kwargs, key))
			break;
		key = NULL;
		skip_blanks(p);
		if (p->i < p->n && p->s[p->i] == ',') {
			p->i++;
			continue;
		}
		if (close != '\0' && p->i < p->n && p->s[p->i] == close) {
			p->i++;
			return obj;
		}
		if (close == '\0' && p->i >= p->n)
			return obj;
		fail(p, "expected ',' or '%c', got %s", close ? close : ',',
		    got(p, buf, sizeof(buf)));
		break;
	}
	if (partial)
		return obj;
	json_decref(obj);
	return NULL;
}

static void
parser_init(struct parser *p, const char *s, size_t n,
    struct perr *err)
{
	memset(p, 0, sizeof(*p));
	p->s = s;
	p->n = n;
	p->err = err;
	err->line = err->column = 0;
	err->msg[0] = '\0';
}

/* After a complete value only blanks may follow. */
static bool
at_end(struct parser *p)
{
	char buf[16];

	skip_blanks(p);
	if (p->i >= p->n)
		return true;
	fail(p, "expected end of input after the value, got %s",
	    got(p, buf, sizeof(buf)));
	return false;
}

json_t *
pyrepr_parse(const char *s, size_t n, struct perr *err)
{
	struct parser p;
	json_t *v;

	parser_init(&p, s, n, err);
	v = parse_value(&p);
	if (v != NULL && !at_end(&p)) {
		json_decref(v);
		return NULL;
	}
	return v;
}

json_t *
pyrepr_parse_dict(const char *s, size_t n, struct perr *err)
{
	struct parser p;
	json_t *v;
	char buf[16];

	parser_init(&p, s, n, err);
	skip_blanks(&p);
	if (p.i >= p.n || p.s[p.i] != '{') {
		fail(&p, "expected '{', got %s", got(&p, buf, sizeof(buf)));
		return NULL;
	}
	p.depth = 1;
	v = parse_pairs(&p, '}', false, true, NULL);
	if (err->msg[0] == '\0')
		(void)at_end(&p);
	return v;
}

json_t *
pyrepr_parse_kwargs(const char *s, size_t n, struct perr *err)
{
	struct parser p;

	parser_init(&p, s, n, err);
	return parse_pairs(&p, '\0', true, true, NULL);
}

char *
pyrepr_text(const json_t *v)
{
	char *text;

	if (v == NULL)
		return xstrdup("null");
	text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY |
	    JSON_ENSURE_ASCII);
	if (text == NULL)
		s2r_die("out of memory");
	return text;
}
