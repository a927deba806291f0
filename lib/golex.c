/* golex.c - see golex.h.  One pass, six states. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "golex.h"

enum state { S_CODE, S_LINE, S_BLOCK, S_STRING, S_RAW, S_RUNE };

static char
blank(char c)
{
	return c == '\n' ? '\n' : ' ';
}

long
golex_mask(const char *src, size_t len, char *mask, unsigned char *cls)
{
	enum state st = S_CODE;
	long line = 1, open_line = 0, bad_line = 0;

	for (size_t i = 0; i < len; i++) {
		char c = src[i], next = i + 1 < len ? src[i + 1] : '\0';

		switch (st) {
		case S_CODE:
			mask[i] = c;
			cls[i] = GC_CODE;
			if (c == '/' && next == '/') {
				st = S_LINE;
			} else if (c == '/' && next == '*') {
				st = S_BLOCK;
				open_line = line;
				mask[i] = mask[i + 1] = ' ';
				cls[i] = cls[i + 1] = GC_COMMENT;
				i++;
				continue;
			} else if (c == '"') {
				st = S_STRING;
				cls[i] = GC_STRING;
			} else if (c == '`') {
				st = S_RAW;
				open_line = line;
				cls[i] = GC_RAW;
			} else if (c == '\'') {
				st = S_RUNE;
				cls[i] = GC_RUNE;
			}
			if (st == S_LINE) {
				mask[i] = ' ';
				cls[i] = GC_COMMENT;
			}
			break;
		case S_LINE:
			cls[i] = c == '\n' ? GC_CODE : GC_COMMENT;
			mask[i] = blank(c);
			if (c == '\n')
				st = S_CODE;
			break;
		case S_BLOCK:
			cls[i] = GC_COMMENT;
			mask[i] = blank(c);
			if (c == '*' && next == '/') {
				mask[i + 1] = ' ';
				cls[i + 1] = GC_COMMENT;
				i++;
				st = S_CODE;
			}
			break;
		case S_RAW:
			cls[i] = GC_RAW;
			mask[i] = c == '`' ? '`' : blank(c);
			if (c == '`')
				st = S_CODE;
			break;
		case S_STRING:
		case S_RUNE: {
			char quote = st == S_STRING ? '"' : '\'';

			cls[i] = st == S_STRING ? GC_STRING : GC_RUNE;
			if (c == '\n') {
				/* Not legal Go: recover at the line end. */
				if (bad_line == 0)
					bad_line = line;
				mask[i] = '\n';
				cls[i] = GC_CODE;
				st = S_CODE;
			} else if (c == quote) {
				mask[i] = c;
				st = S_CODE;
			} else if (c == '\\' && next != '\n' && next != '\0') {
				mask[i] = mask[i + 1] = ' ';
				cls[i + 1] = cls[i];
				i++;
			} else {
				mask[i] = ' ';
			}
			break;
		}
		}
		if (src[i] == '\n')
			line++;
	}
	if (st == S_BLOCK || st == S_RAW)
		return bad_line ? bad_line : open_line;
	if (st == S_STRING || st == S_RUNE)
		return bad_line ? bad_line : line;
	return bad_line;
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
	f->unterminated = golex_mask(src, len, f->mask, f->cls);
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
