/* jsonscan.c - see jsonscan.h.  One byte buffer over zlib's gzread;
 * every byte passes through next_byte() so positions stay exact. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "err.h"
#include "jsonscan.h"

#define JS_BUFSZ	(256 * 1024)
#define JS_MAXDEPTH	4096
#define JS_MAXSTR	(4 * 1024 * 1024)
#define JS_MAXNUM	128

struct jscan {
	char		*path;
	gzFile		 gz;		/* NULL for a memory buffer */
	const unsigned char *mem;
	unsigned char	*buf;
	size_t		 pos, len;
	int64_t		 offset;	/* of buf[pos] */
	long		 line, column;	/* of buf[pos] */
	bool		 eof;
	/* "No element read yet" per open container of the walking API. */
	bool		 first[JS_MAXDEPTH];
	int		 depth;
};

static const char *
type_name(int c)
{
	switch (c) {
	case -1:	return "end of input";
	case '{':	return "an object";
	case '[':	return "an array";
	case '"':	return "a string";
	case 't': case 'f': return "a boolean";
	case 'n':	return "null";
	case '}':	return "'}'";
	case ']':	return "']'";
	case ',':	return "','";
	case ':':	return "':'";
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return "a number";
		return "an unexpected character";
	}
}

_Noreturn void
jscan_fail(struct jscan *js, struct jpos at, const char *what, const char *got)
{
	s2r_die_at(js->path, at.line, at.column, "expected %s, got %s", what,
	    got);
}

static void
fill(struct jscan *js)
{
	int n, errnum;
	const char *msg;

	if (js->eof || js->pos < js->len)
		return;
	js->pos = js->len = 0;
	if (js->gz == NULL) {
		js->eof = true;
		return;
	}
	n = gzread(js->gz, js->buf, JS_BUFSZ);
	if (n > 0) {
		js->len = (size_t)n;
		return;
	}
	msg = gzerror(js->gz, &errnum);
	if (n < 0 || (errnum != Z_OK && errnum != Z_STREAM_END)) {
		/* A cut gzip stream: say where the text stopped. */
		s2r_die_at(js->path, js->line, js->column,
		    "expected more input, got a damaged or truncated "
		    "compressed stream after byte %lld (%s)",
		    (long long)js->offset, errnum == Z_ERRNO ?
		    strerror(errno) : msg);
	}
	js->eof = true;
}

static inline int
peek_byte(struct jscan *js)
{
	if (js->pos >= js->len)
		fill(js);
	return js->pos < js->len ? js->buf[js->pos] : -1;
}

static inline void
advance(struct jscan *js, int c)
{
	js->pos++;
	js->offset++;
	if (c == '\n') {
		js->line++;
		js->column = 1;
	} else if ((c & 0xC0) != 0x80) {
		js->column++;	/* count characters, not UTF-8 tail bytes */
	}
}

static inline int
next_byte(struct jscan *js)
{
	int c = peek_byte(js);

	if (c >= 0)
		advance(js, c);
	return c;
}

static int
skip_ws(struct jscan *js)
{
	int c;

	while ((c = peek_byte(js)) == ' ' || c == '\t' || c == '\n' ||
	    c == '\r')
		advance(js, c);
	return c;
}

struct jpos
jscan_pos(struct jscan *js)
{
	struct jpos p;

	skip_ws(js);
	p.line = js->line;
	p.column = js->column;
	p.offset = js->offset;
	return p;
}

static struct jscan *
jscan_new(const char *label)
{
	struct jscan *js = xcalloc(1, sizeof(*js));

	js->path = xstrdup(label);
	js->line = 1;
	js->column = 1;
	return js;
}

struct jscan *
jscan_open_fd(int fd, const char *label)
{
	struct jscan *js = jscan_new(label);

	js->gz = gzdopen(fd, "rb");
	if (js->gz == NULL)
		s2r_die("%s: cannot open: out of memory", label);
	gzbuffer(js->gz, JS_BUFSZ);
	js->buf = xmalloc(JS_BUFSZ);
	return js;
}

struct jscan *
jscan_open(const char *path)
{
	int fd;

	if (strcmp(path, "-") == 0)
		fd = dup(STDIN_FILENO);
	else
		fd = open(path, O_RDONLY);
	if (fd < 0)
		s2r_die("%s: cannot open: %s", path, strerror(errno));
	return jscan_open_fd(fd, path);
}

struct jscan *
jscan_mem(const char *label, const void *buf, size_t len)
{
	struct jscan *js = jscan_new(label);

	js->mem = buf;
	js->buf = (unsigned char *)(uintptr_t)buf;	/* read only */
	js->len = len;
	return js;
}

void
jscan_close(struct jscan *js)
{
	if (js == NULL)
		return;
	if (js->gz != NULL) {
		gzclose(js->gz);
		free(js->buf);
	}
	free(js->path);
	free(js);
}

const char *
jscan_path(const struct jscan *js)
{
	return js->path;
}

enum jtype
jscan_peek(struct jscan *js)
{
	int c = skip_ws(js);

	switch (c) {
	case '{':	return J_OBJECT;
	case '[':	return J_ARRAY;
	case '"':	return J_STRING;
	case 't':	return J_TRUE;
	case 'f':	return J_FALSE;
	case 'n':	return J_NULL;
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return J_NUMBER;
		jscan_fail(js, jscan_pos(js), "a JSON value", type_name(c));
	}
}

static void
expect_char(struct jscan *js, int want, const char *what)
{
	int c = skip_ws(js);

	if (c != want)
		jscan_fail(js, jscan_pos(js), what, type_name(c));
	advance(js, c);
}

static bool
container_next(struct jscan *js, int close, bool *first)
{
	int c = skip_ws(js);

	if (c == close) {
		advance(js, c);
		return false;
	}
	if (!*first) {
		if (c != ',')
			jscan_fail(js, jscan_pos(js), close == '}' ?
			    "',' or '}'" : "',' or ']'", type_name(c));
		advance(js, c);
		skip_ws(js);
	}
	*first = false;
	return true;
}

static void
push_first(struct jscan *js)
{
	if (js->depth >= JS_MAXDEPTH)
		jscan_fail(js, jscan_pos(js), "nesting under 4096 levels",
		    "deeper nesting");
	js->first[js->depth++] = true;
}

void
jscan_obj_begin(struct jscan *js)
{
	expect_char(js, '{', "an object");
	push_first(js);
}

bool
jscan_obj_key(struct jscan *js, struct sbuf *key)
{
	bool more;
	int c;

	more = container_next(js, '}', &js->first[js->depth - 1]);
	if (!more) {
		js->depth--;
		return false;
	}
	c = peek_byte(js);
	if (c != '"')
		jscan_fail(js, jscan_pos(js), "an object key string",
		    type_name(c));
	jscan_string(js, key);
	expect_char(js, ':', "':' after an object key");
	return true;
}

bool
jscan_arr_next(struct jscan *js)
{
	bool more = container_next(js, ']', &js->first[js->depth - 1]);

	if (!more)
		js->depth--;
	return more;
}

void
jscan_arr_begin(struct jscan *js)
{
	expect_char(js, '[', "an array");
	push_first(js);
}

static void
put_utf8(struct sbuf *out, unsigned long cp)
{
	if (out == NULL)
		return;
	if (cp < 0x80) {
		sbuf_addc(out, (char)cp);
	} else if (cp < 0x800) {
		sbuf_addc(out, (char)(0xC0 | (cp >> 6)));
		sbuf_addc(out, (char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		sbuf_addc(out, (char)(0xE0 | (cp >> 12)));
		sbuf_addc(out, (char)(0x80 | ((cp >> 6) & 0x3F)));
		sbuf_addc(out, (char)(0x80 | (cp & 0x3F)));
	} else {
		sbuf_addc(out, (char)(0xF0 | (cp >> 18)));
		sbuf_addc(out, (char)(0x80 | ((cp >> 12) & 0x3F)));
		sbuf_addc(out, (char)(0x80 | ((cp >> 6) & 0x3F)));
		sbuf_addc(out, (char)(0x80 | (cp & 0x3F)));
	}
}

static unsigned long
read_hex4(struct jscan *js)
{
	unsigned long v = 0;

	for (int i = 0; i < 4; i++) {
		struct jpos at = jscan_pos(js);
		int c = next_byte(js);

		if (c >= '0' && c <= '9')
			v = v * 16 + (unsigned long)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (unsigned long)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = v * 16 + (unsigned long)(c - 'A' + 10);
		else
			jscan_fail(js, at, "4 hex digits after \\u",
			    c < 0 ? "end of input" : "another character");
	}
	return v;
}

static void
read_escape(struct jscan *js, struct sbuf *out, struct jpos at)
{
	int c = next_byte(js);
	unsigned long cp, lo;

	switch (c) {
	case '"': case '\\': case '/':
		if (out)
			sbuf_addc(out, (char)c);
		return;
	case 'b': if (out) sbuf_addc(out, '\b'); return;
	case 'f': if (out) sbuf_addc(out, '\f'); return;
	case 'n': if (out) sbuf_addc(out, '\n'); return;
	case 'r': if (out) sbuf_addc(out, '\r'); return;
	case 't': if (out) sbuf_addc(out, '\t'); return;
	case 'u':
		cp = read_hex4(js);
		if (cp >= 0xD800 && cp <= 0xDBFF && peek_byte(js) == '\\') {
			next_byte(js);
			if (next_byte(js) != 'u')
				jscan_fail(js, at, "a low surrogate \\u",
				    "another escape");
			lo = read_hex4(js);
			if (lo >= 0xDC00 && lo <= 0xDFFF)
				cp = 0x10000 + ((cp - 0xD800) << 10) +
				    (lo - 0xDC00);
			else
				cp = 0xFFFD;
		} else if (cp >= 0xD800 && cp <= 0xDFFF) {
			cp = 0xFFFD;
		}
		put_utf8(out, cp);
		return;
	default:
		jscan_fail(js, at, "a JSON escape (\\\" \\\\ \\/ \\b \\f \\n "
		    "\\r \\t \\u)", c < 0 ? "end of input" : "another character");
	}
}

/* Reads a string; out NULL skips it.  The fast path copies runs of plain
 * bytes straight from the buffer. */
static void
read_string(struct jscan *js, struct sbuf *out)
{
	struct jpos start = jscan_pos(js);
	size_t total = 0;
	int c;

	if (peek_byte(js) != '"')
		jscan_fail(js, start, "a string", type_name(peek_byte(js)));
	advance(js, '"');
	if (out)
		sbuf_reset(out);
	for (;;) {
		if (peek_byte(js) < 0)
			jscan_fail(js, start, "a closing '\"' for the string "
			    "that starts here", "end of input");
		const unsigned char *p = js->buf + js->pos;
		const unsigned char *end = js->buf + js->len;
		const unsigned char *q = p;

		size_t tail = 0;	/* UTF-8 continuation bytes */

		while (q < end && *q != '"' && *q != '\\' && *q >= 0x20) {
			tail += (*q & 0xC0) == 0x80;
			q++;
		}
		if (q > p) {
			size_t n = (size_t)(q - p);

			js->column += (long)(n - tail);
			js->pos += n;
			js->offset += (int64_t)n;
			total += n;
			if (out)
				sbuf_add(out, (const char *)p, n);
			if (total > JS_MAXSTR)
				jscan_fail(js, start, "a string under 4 MiB",
				    "a longer one");
			continue;
		}
		struct jpos at = jscan_pos(js);

		c = next_byte(js);
		if (c == '"')
			break;
		if (c == '\\') {
			read_escape(js, out, at);
			continue;
		}
		jscan_fail(js, at, "a string character",
		    "a raw control character");
	}
	if (out && out->s == NULL)
		sbuf_add(out, "", 0);
}

void
jscan_string(struct jscan *js, struct sbuf *out)
{
	read_string(js, out);
}

static bool
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static void
read_number(struct jscan *js, struct sbuf *out)
{
	struct jpos at = jscan_pos(js);
	char text[JS_MAXNUM + 1];
	size_t n = 0;
	int c, digits;

#define TAKE() do { \
	if (n >= JS_MAXNUM) \
		jscan_fail(js, at, "a number under 128 characters", \
		    "a longer one"); \
	text[n++] = (char)next_byte(js); \
} while (0)
	if (peek_byte(js) == '-')
		TAKE();
	c = peek_byte(js);
	if (!is_digit(c))
		jscan_fail(js, at, "a digit", type_name(c));
	if (c == '0') {
		TAKE();
	} else {
		while (is_digit(peek_byte(js)))
			TAKE();
	}
	if (peek_byte(js) == '.') {
		TAKE();
		for (digits = 0; is_digit(peek_byte(js)); digits++)
			TAKE();
		if (digits == 0)
			jscan_fail(js, at, "digits after '.'",
			    type_name(peek_byte(js)));
	}
	if (peek_byte(js) == 'e' || peek_byte(js) == 'E') {
		TAKE();
		if (peek_byte(js) == '+' || peek_byte(js) == '-')
			TAKE();
		for (digits = 0; is_digit(peek_byte(js)); digits++)
			TAKE();
		if (digits == 0)
			jscan_fail(js, at, "exponent digits",
			    type_name(peek_byte(js)));
	}
#undef TAKE
	if (out) {
		sbuf_reset(out);
		sbuf_add(out, text, n);
	}
}

void
jscan_number(struct jscan *js, struct sbuf *out)
{
	if (jscan_peek(js) != J_NUMBER)
		jscan_fail(js, jscan_pos(js), "a number",
		    type_name(skip_ws(js)));
	read_number(js, out);
}

static void
read_word(struct jscan *js, const char *word)
{
	struct jpos at = jscan_pos(js);

	for (const char *w = word; *w; w++)
		if (next_byte(js) != *w)
			jscan_fail(js, at, word, "another word");
}

void
jscan_scalar(struct jscan *js, struct sbuf *out, enum jtype *t)
{
	*t = jscan_peek(js);
	switch (*t) {
	case J_STRING:
		read_string(js, out);
		return;
	case J_NUMBER:
		read_number(js, out);
		return;
	default:
		sbuf_reset(out);
		sbuf_add(out, "", 0);
		jscan_skip(js);
	}
}

/* Skips one value of any shape without recursion: a bit per level says
 * whether it is an object (keys expected) or an array. */
void
jscan_skip(struct jscan *js)
{
	unsigned char kind[JS_MAXDEPTH];
	bool first[JS_MAXDEPTH];
	int depth = 0;
	int c;

	for (;;) {
		if (depth > 0) {
			c = skip_ws(js);
			int close = kind[depth - 1] == '{' ? '}' : ']';

			if (c == close) {
				advance(js, c);
				if (--depth == 0)
					return;
				first[depth - 1] = false;
				continue;
			}
			if (!first[depth - 1]) {
				if (c != ',')
					jscan_fail(js, jscan_pos(js), close ==
					    '}' ? "',' or '}'" : "',' or ']'",
					    type_name(c));
				advance(js, c);
			}
			first[depth - 1] = false;
			if (kind[depth - 1] == '{') {
				skip_ws(js);
				if (peek_byte(js) != '"')
					jscan_fail(js, jscan_pos(js),
					    "an object key string",
					    type_name(peek_byte(js)));
				read_string(js, NULL);
				expect_char(js, ':', "':' after an object key");
			}
		}
		switch (jscan_peek(js)) {
		case J_OBJECT:
		case J_ARRAY:
			if (depth >= JS_MAXDEPTH)
				jscan_fail(js, jscan_pos(js),
				    "nesting under 4096 levels",
				    "deeper nesting");
			c = next_byte(js);
			kind[depth] = (unsigned char)c;
			first[depth] = true;
			depth++;
			continue;
		case J_STRING:
			read_string(js, NULL);
			break;
		case J_NUMBER:
			read_number(js, NULL);
			break;
		case J_TRUE:
			read_word(js, "true");
			break;
		case J_FALSE:
			read_word(js, "false");
			break;
		case J_NULL:
			read_word(js, "null");
			break;
		}
		if (depth == 0)
			return;
	}
}

void
jscan_end(struct jscan *js)
{
	int c = skip_ws(js);

	if (c >= 0)
		jscan_fail(js, jscan_pos(js), "end of input after the "
		    "top-level value", type_name(c));
}

bool
dec_to_scaled(const char *s, size_t n, int scale, int64_t *out)
{
	size_t i = 0;
	bool neg = false, seen_dot = false, any = false;
	int frac = 0;		/* digits after the point */
	long exp = 0;
	char digits[64];
	size_t nd = 0;

	if (i < n && (s[i] == '-' || s[i] == '+'))
		neg = s[i++] == '-';
	for (; i < n; i++) {
		if (s[i] == '.' && !seen_dot) {
			seen_dot = true;
			continue;
		}
		if (s[i] < '0' || s[i] > '9')
			break;
		any = true;
		if (nd == 0 && s[i] == '0') {	/* leading zeros */
			if (seen_dot)
				frac++;
			continue;
		}
		if (nd >= sizeof(digits))
			return false;
		digits[nd++] = s[i];
		if (seen_dot)
			frac++;
	}
	if (!any)
		return false;
	if (i < n) {
		int64_t e;

		if (s[i] != 'e' && s[i] != 'E')
			return false;
		i++;
		if (!parse_i64(s + i, n - i, &e) || e > 400 || e < -400)
			return false;
		exp = (long)e;
	}
	/* value = digits * 10^(exp - frac); we want value * 10^scale. */
	long shift = exp - frac + scale;
	uint64_t v = 0;
	size_t keep = nd;
	bool round_up = false;

	if (shift < 0) {
		if ((long)nd + shift <= 0) {
			keep = 0;
			round_up = (long)nd + shift == 0 && nd > 0 &&
			    digits[0] >= '5';
		} else {
			keep = nd - (size_t)(-shift);
			round_up = digits[keep] >= '5';
		}
	}
	for (size_t k = 0; k < keep; k++) {
		unsigned d = (unsigned)(digits[k] - '0');

		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	for (long k = 0; k < shift; k++) {
		if (v > UINT64_MAX / 10)
			return false;
		v *= 10;
	}
	if (round_up)
		v++;
	if (v > (uint64_t)INT64_MAX)
		return false;
	*out = neg ? -(int64_t)v : (int64_t)v;
	return true;
}
