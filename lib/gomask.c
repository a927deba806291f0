/* gomask.c - see gomask.h.  Everything here reads the golex mask, where
 * comments and literal contents are blanks; code text comes from the
 * original bytes at the same offsets. */
#define _GNU_SOURCE	/* memmem(3): glibc's two-way search */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gomask.h"
#include "str.h"

const char *
go_find_bytes(const char *hay, size_t len, const char *needle)
{
	return memmem(hay, len, needle, strlen(needle));
}

size_t
go_skip_hws(const char *m, size_t len, size_t i)
{
	while (i < len && (m[i] == ' ' || m[i] == '\t' || m[i] == '\r'))
		i++;
	return i;
}

size_t
go_ident_end(const char *m, size_t len, size_t i)
{
	while (i < len && go_isident(m[i]))
		i++;
	return i;
}

bool
go_word_at(const char *m, size_t len, size_t i, const char *w)
{
	size_t n = strlen(w);

	return i + n <= len && memcmp(m + i, w, n) == 0 &&
	    (i + n == len || !go_isident(m[i + n])) &&
	    (i == 0 || !go_isident(m[i - 1]));
}

/* The end of the statement or spec starting at i: the first newline at
 * bracket depth 0 (counting from i), or the bracket that closes an
 * enclosing one, or len. */
size_t
go_stmt_end(const char *m, size_t len, size_t i)
{
	long depth = 0;

	for (; i < len; i++) {
		char c = m[i];

		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}') {
			if (--depth < 0)
				return i;
		} else if (c == '\n' && depth == 0)
			return i;
	}
	return len;
}

/* The innermost unmatched opening bracket c before off, or GQ_NONE. */
size_t
go_enclosing_open(const char *m, size_t off, char c)
{
	long depth[3] = {0, 0, 0};
	const char *opens = "([{", *closes = ")]}";
	int want = (int)(strchr(opens, c) - opens);

	while (off-- > 0) {
		const char *o = strchr(opens, m[off]), *cl;

		if (m[off] == '\0')
			continue;
		cl = strchr(closes, m[off]);
		if (cl != NULL) {
			depth[cl - closes]++;
		} else if (o != NULL) {
			int k = (int)(o - opens);

			if (depth[k] > 0) {
				depth[k]--;
			} else if (k == want) {
				return off;
			}
		}
	}
	return GQ_NONE;
}

/* The callee chain (a.b.C) that ends right before the '(' at i. */
size_t
go_chain_start(const char *m, size_t i)
{
	size_t s = i;

	while (s > 0 && (go_isident(m[s - 1]) || m[s - 1] == '.'))
		s--;
	return s;
}

/* The assignment operator on the line starting at b (at bracket depth 0
 * of the line), as [*opa, *opb); false when there is none. */
bool
go_find_assign(const char *m, size_t b, size_t e, size_t *opa, size_t *opb)
{
	long depth = 0;

	for (size_t i = b; i < e; i++) {
		char c = m[i];

		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth--;
		if (c != '=' || depth != 0)
			continue;
		if (i + 1 < e && m[i + 1] == '=') {
			i++;		/* == */
			continue;
		}
		if (i > b && (m[i - 1] == '!' || m[i - 1] == '='))
			continue;
		if (i > b && (m[i - 1] == '<' || m[i - 1] == '>') &&
		    !(i > b + 1 && m[i - 2] == m[i - 1]))
			continue;	/* <= >= */
		*opb = i + 1;
		*opa = i;
		if (i > b && strchr(":+-*/%&|^", m[i - 1]) != NULL) {
			*opa = i - 1;
			if (*opa > b && (m[*opa - 1] == '<' || m[*opa - 1] ==
			    '>' || (m[i - 1] == '^' && m[*opa - 1] == '&')))
				(*opa)--;
		} else if (i > b + 1 && (m[i - 1] == '<' || m[i - 1] == '>'))
			*opa = i - 2;
		return true;
	}
	return false;
}

bool
go_if_at(const char *m, size_t len, size_t kw, struct go_if *g)
{
	size_t i, semi = GQ_NONE, p;

	if (!go_word_at(m, len, kw, "if"))
		return false;
	for (i = kw + 2; i < len && m[i] != '{'; i++)
		if (m[i] == '(' || m[i] == '[')
			i = go_match(m, len, i);
		else if (m[i] == ';')
			semi = i;
	if (i >= len)
		return false;
	g->ca = semi != GQ_NONE ? semi + 1 : kw + 2;
	g->cb = i;
	g->br = i;
	g->be = go_match(m, len, i);
	if (g->be >= len)
		return false;
	g->next = GQ_NONE;
	p = str_skip_space(m, len, g->be + 1);
	if (!go_word_at(m, len, p, "else"))
		return true;
	p = str_skip_space(m, len, p + 4);
	if (p < len && (m[p] == '{' || go_word_at(m, len, p, "if")))
		g->next = p;
	return true;
}

static bool
line_blank(const char *m, size_t a, size_t b)
{
	for (; a < b; a++)
		if (!isspace((unsigned char)m[a]))
			return false;
	return true;
}

/* The start of the `//` comment lines directly above offset s. */
size_t
go_doc_start(const struct gofile *f, size_t s)
{
	long line = gofile_line(f, s), top = line;

	while (top > 1) {
		size_t b = gofile_bol(f, top - 1), e = gofile_eol(f, top - 1);
		size_t i = go_skip_hws(f->src, e, b);

		if (!line_blank(f->mask, b, e) || i + 1 >= e ||
		    f->src[i] != '/' || f->src[i + 1] != '/')
			break;
		top--;
	}
	return top == line ? s : gofile_bol(f, top);
}

char *
go_code_text(const struct gofile *f, size_t a, size_t b)
{
	struct sbuf t = {0};
	bool space = false;

	if (b > f->len)
		b = f->len;
	for (size_t i = a; i < b; i++) {
		char c = f->src[i];

		if (f->cls[i] == GC_COMMENT)
			c = ' ';
		if (f->cls[i] == GC_CODE && isspace((unsigned char)c)) {
			space = true;
			continue;
		}
		if (f->cls[i] == GC_COMMENT) {
			space = true;
			continue;
		}
		if (space && t.len > 0)
			sbuf_addc(&t, ' ');
		space = false;
		sbuf_addc(&t, c);
	}
	return t.s ? t.s : xstrdup("");
}

bool
go_has_word(const char *text, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = text; (p = strstr(p, w)) != NULL; p++)
		if ((p == text || !go_isident(p[-1])) && !go_isident(p[n]))
			return true;
	return false;
}
