/* logkit.c - what every log parser shares: the bounded line reader,
 * line checks and capped warnings, measure-record building, running
 * summaries and the name a log file stands for.  See logkit.h. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "infile.h"
#include "logkit.h"
#include "rec.h"
#include "str.h"

/* ---------------------------------------------------------------- */
/* line reader */

bool
logreader_open(struct logreader *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	if (strcmp(path, "-") == 0)
		r->fd = STDIN_FILENO;
	else
		r->fd = infile_fd(path, NULL);
	/* Room for one capped line plus a read's worth after it. */
	r->cap = LOG_MAX_LINE + 256 * 1024;
	r->buf = xmalloc(r->cap);
	return true;
}

/* Reads more after moving unread data to the front; false at EOF. */
static bool
fill(struct logreader *r)
{
	ssize_t got;

	if (r->eof)
		return false;
	if (r->start > 0) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	if (r->end == r->cap)
		return true;	/* full: the caller handles the long line */
	do
		got = read(r->fd, r->buf + r->end, r->cap - r->end);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		s2r_die("read error: %s", strerror(errno));
	if (got == 0) {
		r->eof = true;
		return false;
	}
	r->end += (size_t)got;
	return true;
}

/* Drops input up to and including the next newline. */
static void
skip_rest_of_line(struct logreader *r)
{
	for (;;) {
		char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);

		if (nl != NULL) {
			r->start = (size_t)(nl - r->buf) + 1;
			return;
		}
		r->start = r->end = 0;
		if (!fill(r))
			return;
	}
}

/* The next line, or an overlong one as line NULL; false at EOF. */
static bool
next_raw(struct logreader *r, const char **line, size_t *len)
{
	size_t scanned = 0;
	char *nl;

	for (;;) {
		char *from = r->buf + r->start + scanned;

		nl = memchr(from, '\n', r->end - r->start - scanned);
		if (nl != NULL)
			break;
		scanned = r->end - r->start;
		if (scanned > LOG_MAX_LINE) {
			/* Drop the whole line: its head is not worth the
			 * memory, and its text is not trusted anyway. */
			*line = NULL;
			r->lineno++;
			r->start += scanned;
			skip_rest_of_line(r);
			return true;
		}
		if (!fill(r)) {
			if (r->end == r->start)
				return false;
			/* The last line has no newline: a cut file? */
			r->no_newline = true;
			*line = r->buf + r->start;
			*len = r->end - r->start;
			r->start = r->end;
			r->lineno++;
			if (*len > LOG_MAX_LINE)
				*line = NULL;
			return true;
		}
	}
	*line = r->buf + r->start;
	*len = (size_t)(nl - *line);
	r->start += *len + 1;
	r->lineno++;
	if (*len > LOG_MAX_LINE) {
		/* Fitted the buffer's slack, still over the limit. */
		*line = NULL;
		return true;
	}
	/* CRLF, and vLLM's banner lines end in a CR of their own: a log
	 * converted to CRLF ends those in two. */
	while (*len > 0 && (*line)[*len - 1] == '\r')
		(*len)--;
	return true;
}

/* Removes ANSI escape sequences (CSI: ESC [ parameters intermediates
 * final; other ESC x pairs) in place: vLLM colours its level and source
 * on a terminal (VLLM_LOGGING_COLOR), and "\033[32mINFO\033[0m" would
 * match no pattern.  Returns the new length. */
static size_t
strip_ansi(char *s, size_t n)
{
	size_t i = 0, o = 0;

	while (i < n) {
		if (s[i] != '\033') {
			s[o++] = s[i++];
			continue;
		}
		if (++i < n && s[i] == '[') {
			for (i++; i < n && s[i] >= 0x20 && s[i] <= 0x3f; i++)
				;
			for (; i < n && s[i] >= 0x20 && s[i] <= 0x2f; i++)
				;
		}
		if (i < n && s[i] >= 0x40 && s[i] <= 0x7e)
			i++;	/* the final byte */
	}
	return o;
}

/* The length of the RFC 3339 stamp and space `kubectl logs --timestamps`
 * puts before each line ("2026-04-23T14:16:06.123456789Z "), 0 when s
 * has none: a bundle collected that way reads as one collected without. */
static size_t
kubectl_stamp(const char *s, size_t n)
{
	static const char form[] = "dddd-dd-ddTdd:dd:dd";
	size_t i;

	if (n < sizeof(form) + 1)
		return 0;
	for (i = 0; form[i] != '\0'; i++)
		if (form[i] == 'd' ? !isdigit((unsigned char)s[i]) :
		    s[i] != form[i])
			return 0;
	if (s[i] == '.')
		for (i++; i < n && isdigit((unsigned char)s[i]); i++)
			;
	if (i < n && s[i] == 'Z')
		i++;
	else if (i + 6 <= n && (s[i] == '+' || s[i] == '-') &&
	    isdigit((unsigned char)s[i + 1]) && s[i + 3] == ':')
		i += 6;
	else
		return 0;
	return i < n && s[i] == ' ' ? i + 1 : 0;
}

bool
logreader_next(struct logreader *r, struct logwarn *w, const char **line,
    size_t *len)
{
	while (next_raw(r, line, len)) {
		if (*line != NULL) {
			size_t stamp = kubectl_stamp(*line, *len);

			*line += stamp;
			*len -= stamp;
		}
		/* The line lies in r->buf, ours to rewrite. */
		if (*line != NULL && memchr(*line, '\033', *len) != NULL)
			*len = strip_ansi(r->buf + (*line - r->buf), *len);
		if (*line != NULL)
			return true;
		r->overlong++;
		logwarn(w, WARN_OVERLONG, r->lineno, LOG_MAX_LINE, "expected a "
		    "line of at most %d bytes, got a longer one (skipped)",
		    LOG_MAX_LINE);
	}
	return false;
}

void
logreader_close(struct logreader *r)
{
	if (r->fd > STDIN_FILENO)
		close(r->fd);
	free(r->buf);
	r->buf = NULL;
}

/* ---------------------------------------------------------------- */
/* line checks and warnings */

/* Length of a valid UTF-8 sequence at s, 0 if invalid. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	int32_t cp;

	return (size_t)utf8_seq((const char *)s, n, &cp);
}

/* Offset of the first NUL or invalid UTF-8 byte, n if none; *binary
 * says which. */
static size_t
first_flaw(const char *s, size_t n, bool *binary)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	*binary = false;
	while (i < n) {
		size_t len;

		/* ASCII runs are the common case: 8 bytes at a time. */
		while (i + 8 <= n) {
			uint64_t w;

			memcpy(&w, u + i, 8);
			if ((w & 0x8080808080808080ULL) != 0 ||
			    ((w - 0x0101010101010101ULL) & ~w &
			    0x8080808080808080ULL) != 0)
				break;
			i += 8;
		}
		if (i >= n)
			break;
		if (u[i] == 0) {
			*binary = true;
			return i;
		}
		if ((len = utf8_len(u + i, n - i)) == 0)
			return i;
		i += len;
	}
	return n;
}

enum line_flaw
line_check(const char *s, size_t n)
{
	bool binary;

	if (first_flaw(s, n, &binary) == n)
		return LINE_OK;
	return binary ? LINE_BINARY : LINE_INVALID_UTF8;
}

long
line_flaw_column(const char *s, size_t n)
{
	bool binary;

	return (long)first_flaw(s, n, &binary) + 1;
}

void
logwarn(struct logwarn *w, int kind, long line, long column,
    const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (w->count[kind]++ >= LOG_MAX_WARN)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	s2r_warn_at(w->file, line, column, "%s", msg);
}

void
logwarn_done(struct logwarn *w)
{
	static const char *const what[WARN_NKINDS] = {
		"over-long lines", "binary lines", "invalid UTF-8 lines",
		"unparsable lines"
	};

	for (int k = 0; k < WARN_NKINDS; k++)
		if (w->count[k] > LOG_MAX_WARN)
			s2r_warn_at(w->file, 0, 0, "%ld more %s not shown",
			    w->count[k] - LOG_MAX_WARN, what[k]);
}

/* ---------------------------------------------------------------- */
/* records */

json_t *
logrec_new(const char *check, const char *metric, json_t *value,
    const char *unit, long n)
{
	return rec_begin(&(struct rec_head){ .kind = "measure", .check = check,
	    .metric = metric, .value = value, .unit = unit, .n = n });
}

void
logrec_emit(const struct logctx *ctx, json_t *rec, const char *inst,
    const char *key, const char *value, json_t *source)
{
	json_t *scope = rec_scope_new();

	rec_scope_set(scope, "phase", ctx->phase);
	rec_scope_set(scope, "workload", ctx->workload);
	rec_scope_set(scope, "iteration", ctx->iteration);
	rec_scope_set(scope, "instance", inst);
	if (key != NULL)
		rec_scope_set(scope, key, value);
	rec_end(rec, scope, source);
	rec_emit(ctx->out, rec);
}

static void
metric_part(struct sbuf *b, const char *s)
{
	size_t start = b->len;

	for (; *s != '\0'; s++) {
		if (isalnum((unsigned char)*s) || *s == '_')
			sbuf_addc(b, *s);
		else if (*s == '-' && isdigit((unsigned char)s[1]))
			sbuf_addc(b, 'm');
		else if (b->len > start && b->s[b->len - 1] != '_')
			sbuf_addc(b, '_');
	}
	while (b->len > start && b->s[b->len - 1] == '_')
		b->s[--b->len] = '\0';
	if (b->len == start)
		sbuf_adds(b, "none");
}

void
logrec_metric(char *buf, size_t len, const char *prefix, const char *part1,
    const char *part2)
{
	struct sbuf b = {0};

	sbuf_adds(&b, prefix);
	sbuf_addc(&b, '.');
	metric_part(&b, part1);
	if (part2 != NULL) {
		sbuf_addc(&b, '.');
		metric_part(&b, part2);
	}
	snprintf(buf, len, "%s", b.s);
	sbuf_free(&b);
}

json_t *
logrec_text(const char *s, size_t n, size_t max)
{
	struct sbuf b = {0};
	json_t *v;

	if (n > max)
		n = max;
	/* Keep whole UTF-8 sequences, '?' for anything else odd. */
	for (size_t i = 0; i < n;) {
		size_t len = utf8_len((const unsigned char *)s + i, n - i);

		if (len == 0 || s[i] == '\0' ||
		    ((unsigned char)s[i] < 0x20 && s[i] != '\t')) {
			sbuf_addc(&b, '?');
			i++;
			continue;
		}
		sbuf_add(&b, s + i, len);
		i += len;
	}
	v = json_string(sbuf_str(&b));
	sbuf_free(&b);
	return v != NULL ? v : json_string("");
}

/* ---------------------------------------------------------------- */
/* summaries and names */

void
vseries_add(struct vseries *s, double x)
{
	if (s->n == 0 || x < s->min)
		s->min = x;
	if (s->n == 0 || x > s->max)
		s->max = x;
	s->sum += x;
	s->last = x;
	s->n++;
}

char *
log_stem(const char *file, const char *const *suffixes)
{
	const char *base = strrchr(file, '/');
	size_t n;

	base = base != NULL ? base + 1 : file;
	n = strlen(base);
	for (size_t k = 0; suffixes[k] != NULL; k++)
		if (str_has_suffix(base, suffixes[k])) {
			n -= strlen(suffixes[k]);
			break;
		}
	return xstrndup(base, n);
}
