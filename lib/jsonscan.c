/* jsonscan.c - see jsonscan.h.  One byte buffer over zlib's gzread.
 * Positions stay exact: the slow paths move byte by byte (next_byte),
 * the fast paths scan runs of bytes inside the buffer and add the run to
 * offset and column at once (they only take runs whose column count is
 * known: no newline, UTF-8 tail bytes counted).  A fast path that would
 * cross the end of the buffer gives up before consuming anything and the
 * slow path, which refills, does the work. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "err.h"
#include "infile.h"
#include "jsonscan.h"

/* zlib copies through its own buffer unless a read asks for at least
 * twice its size; asking for more lets it read (or inflate) straight
 * into ours. */
#define JS_BUFSZ	(1024 * 1024)
#define JS_GZBUFSZ	(256 * 1024)
#define JS_MAXDEPTH	4096
#define JS_MAXSTR	(4 * 1024 * 1024)
#define JS_MAXNUM	128

size_t jscan_read_size = JS_BUFSZ;

struct jscan {
	char		*path;
	gzFile		 gz;		/* NULL for a memory buffer */
	const unsigned char *mem;
	unsigned char	*buf;
	size_t		 bufsz;		/* bytes per read */
	size_t		 pos, len;
	int64_t		 offset;	/* of buf[pos] */
	long		 line, column;	/* of buf[pos] */
	bool		 eof;
	struct sbuf	 scratch;	/* text views that are not in buf */
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
	n = gzread(js->gz, js->buf, (unsigned)js->bufsz);
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

/* Skips white space inside the buffer; returns the next byte, or -1
 * when the buffer ran out (more may follow after a fill). */
static inline int
skip_ws_buffered(struct jscan *js)
{
	const unsigned char *p = js->buf + js->pos, *end = js->buf + js->len;
	const unsigned char *q = p;
	long line = js->line, column = js->column;

	for (; q < end; q++) {
		if (*q == ' ' || *q == '\t' || *q == '\r') {
			column++;
		} else if (*q == '\n') {
			line++;
			column = 1;
		} else {
			break;
		}
	}
	js->pos += (size_t)(q - p);
	js->offset += q - p;
	js->line = line;
	js->column = column;
	return q < end ? *q : -1;
}

static inline int
skip_ws(struct jscan *js)
{
	int c;

	/* Between tokens there is mostly no white space at all. */
	if (js->pos < js->len && js->buf[js->pos] > ' ')
		return js->buf[js->pos];
	while ((c = skip_ws_buffered(js)) < 0) {
		fill(js);
		if (js->pos >= js->len)
			return -1;
	}
	return c;
}

/* Moves over n bytes of one line that hold no UTF-8 tail byte. */
static inline void
advance_ascii(struct jscan *js, size_t n)
{
	js->pos += n;
	js->offset += (int64_t)n;
	js->column += (long)n;
}

#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL

/* Non-zero when one of the 8 bytes of w ends a plain string run: '"',
 * '\\', a control character or a byte >= 0x80.  Each term is the
 * classic "has a zero byte" / "has a byte below n" test, exact on
 * whether any byte qualifies. */
static inline uint64_t
word_special(uint64_t w)
{
	uint64_t quote = w ^ (ONES * '"'), bslash = w ^ (ONES * '\\');

	return (((quote - ONES) & ~quote) | ((bslash - ONES) & ~bslash) |
	    ((w - ONES * 0x20) & ~w) | w) & HIGHS;
}

static inline bool
byte_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

/* First byte in [p, end) that is not plain printable ASCII of a string,
 * or end.  Eight bytes a step: kernel names run to hundreds of bytes. */
static inline const unsigned char *
scan_plain(const unsigned char *p, const unsigned char *end)
{
	while (end - p >= 8) {
		uint64_t w, m;

		memcpy(&w, p, sizeof(w));
		if ((m = word_special(w)) != 0) {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			/* The lowest flagged byte is always a true one (the
			 * borrows only flag bytes above it). */
			return p + __builtin_ctzll(m) / 8;
#else
			break;
#endif
		}
		p += 8;
	}
	while (p < end && byte_plain(*p))
		p++;
	return p;
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
	gzbuffer(js->gz, JS_GZBUFSZ);
	js->bufsz = jscan_read_size > 0 && jscan_read_size <= INT32_MAX ?
	    jscan_read_size : JS_BUFSZ;
	js->buf = xmalloc(js->bufsz);
	return js;
}

struct jscan *
jscan_open(const char *path)
{
	int fd;

	if (strcmp(path, "-") == 0)
		fd = dup(STDIN_FILENO);
	else
		fd = infile_fd(path, NULL);
	if (fd < 0)
		s2r_die("%s: cannot open: %s", path, strerror(errno));
	return jscan_open_fd(fd, path);
}

struct jscan *
jscan_mem(const char *label, const void *buf, size_t len)
{
	struct jscan *js = jscan_new(label);

	js->mem = buf;
	/* read only; never NULL, the fast paths add offsets to it */
	js->buf = (unsigned char *)(uintptr_t)(buf != NULL ? buf : "");
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
	sbuf_free(&js->scratch);
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

static inline bool
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

/* Past the separator before the open object's next key, at its opening
 * quote; false (the object closed) when there is none. */
static inline bool
next_key(struct jscan *js)
{
	int c;

	if (!container_next(js, '}', &js->first[js->depth - 1])) {
		js->depth--;
		return false;
	}
	c = peek_byte(js);
	if (c != '"')
		jscan_fail(js, jscan_pos(js), "an object key string",
		    type_name(c));
	return true;
}

bool
jscan_obj_key(struct jscan *js, struct sbuf *key)
{
	if (!next_key(js))
		return false;
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
		if (out != NULL)
			sbuf_add_utf8(out, (uint32_t)cp);
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

		for (;;) {	/* up to '"', '\\', a control byte or end */
			q = scan_plain(q, end);
			if (q == end || *q < 0x80)
				break;
			for (; q < end && *q >= 0x80; q++)
				tail += (*q & 0xC0) == 0x80;
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

static const unsigned char *
skip_digits(const unsigned char *p, const unsigned char *end)
{
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p;
}

/* End of the well-formed number at p when it ends inside [p, end) and
 * is at most JS_MAXNUM bytes; NULL otherwise: a malformed number, or
 * one that may go on after the buffer, is left to the slow path. */
static const unsigned char *
number_end(const unsigned char *p, const unsigned char *end)
{
	const unsigned char *q = p, *d;

	if (q < end && *q == '-')
		q++;
	if (q == end || !is_digit(*q))
		return NULL;
	q = *q == '0' ? q + 1 : skip_digits(q, end);
	if (q < end && *q == '.') {
		d = ++q;
		if ((q = skip_digits(q, end)) == d)
			return NULL;
	}
	if (q < end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < end && (*q == '+' || *q == '-'))
			q++;
		d = q;
		if ((q = skip_digits(q, end)) == d)
			return NULL;
	}
	if (q == end || q - p > JS_MAXNUM)
		return NULL;
	return q;
}

/* A number lying whole in the buffer: its text there, consumed. */
static const char *
number_fast(struct jscan *js, size_t *len)
{
	const unsigned char *p = js->buf + js->pos;
	const unsigned char *q = number_end(p, js->buf + js->len);

	if (q == NULL)
		return NULL;
	*len = (size_t)(q - p);
	advance_ascii(js, *len);
	return (const char *)p;
}

static void
read_number(struct jscan *js, struct sbuf *out)
{
	struct jpos at = jscan_pos(js);
	char text[JS_MAXNUM + 1];
	const char *fast;
	size_t n = 0;
	int c, digits;

	if ((fast = number_fast(js, &n)) != NULL) {
		if (out) {
			sbuf_reset(out);
			sbuf_add(out, fast, n);
		}
		return;
	}

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

double
jscan_f64(struct jscan *js, const char *what, bool null_ok)
{
	struct jpos at = jscan_pos(js);
	struct sbuf text = {0};
	double v;

	if (null_ok && jscan_peek(js) == J_NULL) {
		jscan_skip(js);
		return NAN;
	}
	if (jscan_peek(js) != J_NUMBER)
		jscan_fail(js, at, what, type_name(skip_ws(js)));
	read_number(js, &text);
	if (!parse_f64(text.s, text.len, &v))
		jscan_fail(js, at, what, sbuf_str(&text));
	sbuf_free(&text);
	return v;
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

/* A string lying whole in the buffer as plain ASCII (no escape): its
 * text there, consumed with its quotes.  NULL leaves it to read_string. */
static const char *
string_fast(struct jscan *js, size_t *len)
{
	const unsigned char *p = js->buf + js->pos + 1;
	const unsigned char *end = js->buf + js->len;
	const unsigned char *q;

	if (p > end)
		return NULL;
	q = scan_plain(p, end);
	if (q == end || *q != '"')
		return NULL;
	*len = (size_t)(q - p);
	advance_ascii(js, *len + 2);
	return (const char *)p;
}

static void
text_copied(struct jscan *js, struct jtext *out)
{
	out->s = js->scratch.s;
	out->len = js->scratch.len;
	out->copied = true;
}

bool
jscan_obj_key_text(struct jscan *js, struct jtext *key)
{
	if (!next_key(js))
		return false;
	key->copied = false;
	if ((key->s = string_fast(js, &key->len)) == NULL) {
		read_string(js, &js->scratch);
		text_copied(js, key);
	} else if (skip_ws_buffered(js) == ':') {
		advance_ascii(js, 1);	/* the usual case: all in the buffer */
		return true;
	} else {
		/* expect_char may refill the buffer under the view */
		sbuf_reset(&js->scratch);
		sbuf_add(&js->scratch, key->s, key->len);
		text_copied(js, key);
	}
	expect_char(js, ':', "':' after an object key");
	return true;
}

void
jscan_scalar_text(struct jscan *js, struct jtext *out, enum jtype *t)
{
	*t = jscan_peek(js);
	out->copied = false;
	switch (*t) {
	case J_STRING:
		if ((out->s = string_fast(js, &out->len)) != NULL)
			return;
		read_string(js, &js->scratch);
		break;
	case J_NUMBER:
		if ((out->s = number_fast(js, &out->len)) != NULL)
			return;
		read_number(js, &js->scratch);
		break;
	default:
		jscan_skip(js);
		out->s = "";
		out->len = 0;
		return;
	}
	text_copied(js, out);
}

/* Inside a container being skipped (kind and first describe its
 * level): the separator (and key) before its next member; true when a
 * member value follows, false when the container closed instead. */
static inline bool
skip_to_member(struct jscan *js, unsigned char kind, bool *first)
{
	size_t n;

	if (!container_next(js, kind == '{' ? '}' : ']', first))
		return false;
	if (kind == '{') {
		if (peek_byte(js) != '"')
			jscan_fail(js, jscan_pos(js), "an object key string",
			    type_name(peek_byte(js)));
		if (string_fast(js, &n) == NULL)
			read_string(js, NULL);
		expect_char(js, ':', "':' after an object key");
	}
	return true;
}

static inline void
skip_scalar(struct jscan *js, enum jtype t)
{
	size_t n;

	switch (t) {
	case J_STRING:
		if (string_fast(js, &n) == NULL)
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
	default:
		break;
	}
}

/* Skips one value of any shape without recursion: a byte per level says
 * whether it is an object (keys expected) or an array. */
void
jscan_skip(struct jscan *js)
{
	unsigned char kind[JS_MAXDEPTH];
	bool first[JS_MAXDEPTH];
	int depth = 0;
	enum jtype t;
	size_t n;

	switch (skip_ws(js)) {	/* scalars, the usual case */
	case '"':
		if (string_fast(js, &n) == NULL)
			read_string(js, NULL);
		return;
	case '{':
	case '[':
		break;
	default:
		if (number_fast(js, &n) != NULL)
			return;
		break;
	}
	for (;;) {
		if (depth > 0 && !skip_to_member(js, kind[depth - 1],
		    &first[depth - 1])) {
			if (--depth == 0)
				return;
			first[depth - 1] = false;
			continue;
		}
		t = jscan_peek(js);
		if (t == J_OBJECT || t == J_ARRAY) {
			if (depth >= JS_MAXDEPTH)
				jscan_fail(js, jscan_pos(js),
				    "nesting under 4096 levels",
				    "deeper nesting");
			kind[depth] = (unsigned char)next_byte(js);
			first[depth] = true;
			depth++;
			continue;
		}
		skip_scalar(js, t);
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

static const uint64_t pow10[20] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL, 1000000000000000000ULL,
	10000000000000000000ULL,
};

/* The common shape "-ddd.ddd" (no exponent, at most 19 digits, which
 * always fit in 64 bits) without the digit array; false when the text
 * has another shape and the general path must decide.  Same rounding:
 * on the first dropped digit, half away from zero. */
static bool
dec_fast(const char *s, size_t n, int scale, int64_t *out, bool *ok)
{
	size_t i = 0, nd = 0;
	int frac = 0;
	bool neg = false, dot = false;
	uint64_t v = 0;
	long shift;

	if (n > 0 && s[0] == '-') {
		neg = true;
		i = 1;
	}
	if (i == n || s[i] < '0' || s[i] > '9')
		return false;
	for (; i < n; i++) {
		if (s[i] == '.' && !dot) {
			dot = true;
			continue;
		}
		if (s[i] < '0' || s[i] > '9' || ++nd > 19)
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
		frac += dot;
	}
	shift = (long)scale - frac;
	if (shift < -19 || shift > 19)
		return false;
	*ok = false;
	if (shift >= 0) {
		if (v > UINT64_MAX / pow10[shift])
			return true;
		v *= pow10[shift];
	} else {
		uint64_t d = pow10[-shift];
		bool up = (v / (d / 10)) % 10 >= 5;

		v = v / d + up;
	}
	if (v > (uint64_t)INT64_MAX)
		return true;
	*out = neg ? -(int64_t)v : (int64_t)v;
	*ok = true;
	return true;
}

/* A decimal's significant digits (leading zeros dropped), its sign, the
 * digits after its point and its exponent. */
struct dec {
	char	digits[64];
	size_t	nd;
	int	frac;
	long	exp;
	bool	neg;
};

static bool
dec_parse(const char *s, size_t n, struct dec *d)
{
	size_t i = 0;
	bool seen_dot = false, any = false;

	d->nd = 0;
	d->frac = 0;
	d->exp = 0;
	d->neg = false;
	if (i < n && (s[i] == '-' || s[i] == '+'))
		d->neg = s[i++] == '-';
	for (; i < n; i++) {
		if (s[i] == '.' && !seen_dot) {
			seen_dot = true;
			continue;
		}
		if (s[i] < '0' || s[i] > '9')
			break;
		any = true;
		if (d->nd == 0 && s[i] == '0') {	/* leading zeros */
			if (seen_dot)
				d->frac++;
			continue;
		}
		if (d->nd >= sizeof(d->digits))
			return false;
		d->digits[d->nd++] = s[i];
		if (seen_dot)
			d->frac++;
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
		d->exp = (long)e;
	}
	return true;
}

/* d * 10^scale, rounded half away from zero on the first dropped digit. */
static bool
dec_scale(const struct dec *d, int scale, int64_t *out)
{
	/* value = digits * 10^(exp - frac); we want value * 10^scale. */
	long shift = d->exp - d->frac + scale;
	uint64_t v = 0;
	size_t keep = d->nd;
	bool round_up = false;

	if (shift < 0) {
		if ((long)d->nd + shift <= 0) {
			keep = 0;
			round_up = (long)d->nd + shift == 0 && d->nd > 0 &&
			    d->digits[0] >= '5';
		} else {
			keep = d->nd - (size_t)(-shift);
			round_up = d->digits[keep] >= '5';
		}
	}
	for (size_t k = 0; k < keep; k++) {
		unsigned dig = (unsigned)(d->digits[k] - '0');

		if (v > (UINT64_MAX - dig) / 10)
			return false;
		v = v * 10 + dig;
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
	*out = d->neg ? -(int64_t)v : (int64_t)v;
	return true;
}

bool
dec_to_scaled(const char *s, size_t n, int scale, int64_t *out)
{
	struct dec d;
	bool ok;

	if (dec_fast(s, n, scale, out, &ok))
		return ok;
	return dec_parse(s, n, &d) && dec_scale(&d, scale, out);
}
