/* golex.c - see golex.h.  One pass, six states. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "golex.h"

enum state { S_CODE, S_LINE, S_BLOCK, S_STRING, S_RAW, S_RUNE };

/* The lexer between two bytes: where it is and what it has seen open. */
struct lexer {
	const char	*src;
	size_t		 len;
	char		*mask;
	unsigned char	*cls;
	enum state	 st;
	long		 line;
	long		 open_line;	/* the open literal's or comment's */
	size_t		 open_at;	/* and its opening delimiter */
	long		 bad_line;	/* the first literal cut at a newline */
	size_t		 bad_at;
	enum gocls	 bad_cls;
};

static void
opens(struct lexer *lx, enum state st, size_t i)
{
	lx->st = st;
	lx->open_line = lx->line;
	lx->open_at = i;
}

static char
blank(char c)
{
	return c == '\n' ? '\n' : ' ';
}

/* Each step masks the byte at i (and the one after it when the two form
 * one token) and returns the offset of the last byte it consumed. */
static size_t
lex_code(struct lexer *lx, size_t i, char c, char next)
{
	lx->mask[i] = c;
	lx->cls[i] = GC_CODE;
	if (c == '/' && next == '/') {
		lx->st = S_LINE;
		lx->mask[i] = ' ';
		lx->cls[i] = GC_COMMENT;
	} else if (c == '/' && next == '*') {
		opens(lx, S_BLOCK, i);
		lx->mask[i] = lx->mask[i + 1] = ' ';
		lx->cls[i] = lx->cls[i + 1] = GC_COMMENT;
		return i + 1;
	} else if (c == '"') {
		opens(lx, S_STRING, i);
		lx->cls[i] = GC_STRING;
	} else if (c == '`') {
		opens(lx, S_RAW, i);
		lx->cls[i] = GC_RAW;
	} else if (c == '\'') {
		opens(lx, S_RUNE, i);
		lx->cls[i] = GC_RUNE;
	}
	return i;
}

static size_t
lex_line_comment(struct lexer *lx, size_t i, char c)
{
	lx->cls[i] = c == '\n' ? GC_CODE : GC_COMMENT;
	lx->mask[i] = blank(c);
	if (c == '\n')
		lx->st = S_CODE;
	return i;
}

static size_t
lex_block_comment(struct lexer *lx, size_t i, char c, char next)
{
	lx->cls[i] = GC_COMMENT;
	lx->mask[i] = blank(c);
	if (c == '*' && next == '/') {
		lx->mask[i + 1] = ' ';
		lx->cls[i + 1] = GC_COMMENT;
		lx->st = S_CODE;
		return i + 1;
	}
	return i;
}

static size_t
lex_raw(struct lexer *lx, size_t i, char c)
{
	lx->cls[i] = GC_RAW;
	lx->mask[i] = c == '`' ? '`' : blank(c);
	if (c == '`')
		lx->st = S_CODE;
	return i;
}

/* Interpreted strings and runes: one quote character apart. */
static size_t
lex_quoted(struct lexer *lx, size_t i, char c, char next)
{
	char quote = lx->st == S_STRING ? '"' : '\'';

	lx->cls[i] = lx->st == S_STRING ? GC_STRING : GC_RUNE;
	if (c == '\n') {
		/* Not legal Go: recover at the line end. */
		if (lx->bad_line == 0) {
			lx->bad_line = lx->line;
			lx->bad_at = lx->open_at;
			lx->bad_cls = lx->cls[i];
		}
		lx->mask[i] = '\n';
		lx->cls[i] = GC_CODE;
		lx->st = S_CODE;
	} else if (c == quote) {
		lx->mask[i] = c;
		lx->st = S_CODE;
	} else if (c == '\\' && next != '\n' && next != '\0') {
		lx->mask[i] = lx->mask[i + 1] = ' ';
		lx->cls[i + 1] = lx->cls[i];
		return i + 1;
	} else {
		lx->mask[i] = ' ';
	}
	return i;
}

static size_t
lex_step(struct lexer *lx, size_t i)
{
	char c = lx->src[i], next = i + 1 < lx->len ? lx->src[i + 1] : '\0';

	switch (lx->st) {
	case S_CODE: return lex_code(lx, i, c, next);
	case S_LINE: return lex_line_comment(lx, i, c);
	case S_BLOCK: return lex_block_comment(lx, i, c, next);
	case S_RAW: return lex_raw(lx, i, c);
	case S_STRING: case S_RUNE: return lex_quoted(lx, i, c, next);
	}
	return i;
}

static enum gocls
state_cls(enum state st)
{
	switch (st) {
	case S_BLOCK: return GC_COMMENT;
	case S_STRING: return GC_STRING;
	case S_RAW: return GC_RAW;
	case S_RUNE: return GC_RUNE;
	default: return GC_CODE;
	}
}

long
golex_mask(const char *src, size_t len, char *mask, unsigned char *cls,
    struct golex_open *open)
{
	struct lexer lx = { src, len, mask, cls, S_CODE, 1, 0, 0, 0, 0, 0 };
	struct golex_open none;

	if (open == NULL)
		open = &none;
	memset(open, 0, sizeof(*open));
	for (size_t i = 0; i < len; i++) {
		i = lex_step(&lx, i);
		/* A two-byte token never ends in a newline: only its last
		 * byte can be one. */
		if (src[i] == '\n')
			lx.line++;
	}
	if (lx.bad_line != 0)	/* the first problem: the one before */
		*open = (struct golex_open){ lx.bad_line, lx.bad_at,
		    lx.bad_cls };
	else if (lx.st != S_CODE && lx.st != S_LINE)
		*open = (struct golex_open){ lx.open_line, lx.open_at,
		    state_cls(lx.st) };
	return open->line;
}

void
gofile_need_closed(const struct gofile *f)
{
	static const char *const what[] = {
		[GC_COMMENT] = "block comment: expected */",
		[GC_STRING] = "string: expected a closing \" on its line",
		[GC_RAW] = "raw string: expected a closing `",
		[GC_RUNE] = "rune literal: expected a closing ' on its line",
	};

	if (f->open.line == 0)
		return;
	s2r_die_at(f->path, f->open.line, gofile_column(f, f->open.at),
	    "unterminated %s (not Go: whatever follows would be hidden "
	    "from every code proof)", what[f->open.what] ? what[f->open.what] :
	    "literal");
}

bool
golex_is_generated(const char *src, size_t len)
{
	static const char pre[] = "// Code generated ";
	static const char suf[] = " DO NOT EDIT.";
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(src + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - src) : len, n = e - i;

		if (n > 0 && src[e - 1] == '\r')
			n--;
		if (n >= sizeof(pre) - 1 + sizeof(suf) - 1 &&
		    memcmp(src + i, pre, sizeof(pre) - 1) == 0 &&
		    memcmp(src + i + n - (sizeof(suf) - 1), suf,
		    sizeof(suf) - 1) == 0)
			return true;
		if (n >= 8 && memcmp(src + i, "package ", 8) == 0)
			return false;
		i = e + 1;
	}
	return false;
}

void
gofile_init(struct gofile *f, char *path, char *src, size_t len)
{
	size_t cap = 64;

	memset(f, 0, sizeof(*f));
	f->path = path;
	f->src = src;
	f->src[len] = '\0';
	f->len = len;
	f->mask = xmalloc(len + 1);
	f->cls = xmalloc(len + 1);
	f->unterminated = golex_mask(src, len, f->mask, f->cls, &f->open);
	f->mask[len] = '\0';
	f->lines = xreallocarray(NULL, cap, sizeof(*f->lines));
	f->lines[f->nlines++] = 0;
	for (const char *p = src; (p = memchr(p, '\n', len - (size_t)(p - src)));
	    p++) {
		if (f->nlines == cap) {
			cap *= 2;
			f->lines = xreallocarray(f->lines, cap,
			    sizeof(*f->lines));
		}
		f->lines[f->nlines++] = (size_t)(p - src) + 1;
	}
	f->generated = golex_is_generated(src, len);
}

void
gofile_free(struct gofile *f)
{
	free(f->path);
	free(f->src);
	free(f->mask);
	free(f->cls);
	free(f->lines);
	memset(f, 0, sizeof(*f));
}

long
gofile_line(const struct gofile *f, size_t off)
{
	size_t lo = 0, hi = f->nlines;

	/* The last line start <= off. */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return (long)lo + 1;
}

long
gofile_column(const struct gofile *f, size_t off)
{
	return (long)(off - f->lines[gofile_line(f, off) - 1]) + 1;
}

size_t
gofile_bol(const struct gofile *f, long line)
{
	if (line < 1)
		return 0;
	if ((size_t)line > f->nlines)
		return f->len;
	return f->lines[line - 1];
}

size_t
gofile_eol(const struct gofile *f, long line)
{
	size_t start = gofile_bol(f, line);
	const char *nl = memchr(f->src + start, '\n', f->len - start);

	return nl ? (size_t)(nl - f->src) : f->len;
}

size_t
go_match(const char *mask, size_t len, size_t open)
{
	long depth = 0;

	for (size_t i = open; i < len; i++) {
		switch (mask[i]) {
		case '(': case '[': case '{':
			depth++;
			break;
		case ')': case ']': case '}':
			if (--depth == 0)
				return i;
			if (depth < 0)
				return len;
			break;
		}
	}
	return len;
}

bool
go_isident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || (unsigned char)c >= 0x80;
}
