/* goindex.c - see goindex.h.  Declarations are found at line starts of
 * the mask (gofmt puts every top-level declaration in column 0); spans are
 * bracket-matched, so a brace in a string or comment cannot end one. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "goindex.h"
#include "gomask.h"
#include "str.h"

static struct gdecl *
new_decl(struct gindex *ix, enum gdkind kind)
{
	struct gdecl *d;

	if (ix->nd == ix->capd) {
		ix->capd = ix->capd ? ix->capd * 2 : 32;
		ix->d = xreallocarray(ix->d, ix->capd, sizeof(*ix->d));
	}
	d = &ix->d[ix->nd++];
	memset(d, 0, sizeof(*d));
	d->kind = kind;
	d->body = GQ_NONE;
	return d;
}

/* The next line start at or after off whose mask starts a top-level
 * declaration or a closing brace in column 0 (gofmt puts both there). */
static size_t
next_toplevel(const struct gofile *f, size_t off)
{
	long line = gofile_line(f, off) + 1;

	for (; (size_t)line <= f->nlines; line++) {
		size_t b = gofile_bol(f, line);
		const char *m = f->mask;

		if (go_word_at(m, f->len, b, "func") ||
		    go_word_at(m, f->len, b, "type") ||
		    go_word_at(m, f->len, b, "var") ||
		    go_word_at(m, f->len, b, "const") ||
		    go_word_at(m, f->len, b, "import"))
			return b;
	}
	return f->len;
}

static void
parse_recv(struct gdecl *d, const char *text)
{
	char *t = xstrdup(text), *br = strchr(t, '['), *p, *last = NULL;

	if (br != NULL)
		*br = '\0';
	d->recv_ptr = strchr(t, '*') != NULL;
	for (p = t; *p; p++) {
		if (go_isident(*p) && (p == t || !go_isident(p[-1])))
			last = p;
	}
	if (last != NULL) {
		for (p = last; go_isident(*p); p++)
			;
		*p = '\0';
		d->recv = xstrdup(last);
	}
	free(t);
}

static size_t
index_func(struct gindex *ix, const struct gofile *f, size_t s)
{
	const char *m = f->mask;
	size_t len = f->len, p = go_skip_hws(m, len, s + 4), e, limit;
	struct gdecl *d;
	char *recv = NULL;
	struct sbuf sym = {0};

	if (p < len && m[p] == '(') {
		e = go_match(m, len, p);
		recv = go_code_text(f, p + 1, e);
		p = go_skip_hws(m, len, e < len ? e + 1 : len);
	}
	e = go_ident_end(m, len, p);
	if (e == p) {
		free(recv);
		return go_stmt_end(m, len, s);
	}
	d = new_decl(ix, GD_FUNC);
	d->name = xstrndup(m + p, e - p);
	if (recv != NULL)
		parse_recv(d, recv);
	free(recv);
	d->start = d->gstart = s;
	d->doc = d->gdoc = go_doc_start(f, s);
	p = e;
	if (p < len && m[p] == '[')
		p = go_match(m, len, p) + 1;
	p = go_skip_hws(m, len, p);
	if (p < len && m[p] == '(')
		p = go_match(m, len, p) + 1;
	/* Results: the body is the first '{' at depth 0 that does not
	 * belong to a struct{…} or interface{…} type. */
	while (p < len && m[p] != '\n') {
		if (m[p] == '{') {
			d->body = p;
			break;
		}
		if (m[p] == '(' || m[p] == '[') {
			p = go_match(m, len, p) + 1;
		} else if (go_word_at(m, len, p, "struct") ||
		    go_word_at(m, len, p, "interface")) {
			p = go_skip_hws(m, len, go_ident_end(m, len, p));
			if (p < len && m[p] == '{')
				p = go_match(m, len, p) + 1;
		} else {
			p++;
		}
	}
	if (p > len)
		p = len;
	if (d->body == GQ_NONE) {
		d->end = p;
	} else {
		e = go_match(m, len, d->body);
		limit = next_toplevel(f, d->body);
		/* Unbalanced (not valid Go): never run into the next decl. */
		d->end = e < limit ? e + 1 : limit;
	}
	if (d->recv != NULL)
		sbuf_printf(&sym, d->recv_ptr ? "(*%s).%s" : "%s.%s", d->recv,
		    d->name);
	else
		sbuf_adds(&sym, d->name);
	d->symbol = sym.s;
	d->gend = d->end;
	return d->end;
}

/* A `type`, `const` or `var` declaration: a parenthesised group of
 * specs, or one spec standing alone (then the group is the spec). */
struct group {
	size_t	start, end;	/* from the keyword; end exclusive */
	size_t	doc;		/* the group's doc comment start */
	bool	grouped;
};

/* Where the spec starting at p stands: its own line in a group, else the
 * whole declaration. */
static void
place_spec(struct gdecl *d, const struct gofile *f, size_t p,
    const struct group *g)
{
	d->start = g->grouped ? gofile_bol(f, gofile_line(f, p)) : g->start;
	d->doc = go_doc_start(f, d->start);
	d->gstart = g->start;
	d->gend = g->end;
	d->gdoc = g->doc;
	d->grouped = g->grouped;
}

static void
index_type_spec(struct gindex *ix, const struct gofile *f, size_t p,
    const struct group *g)
{
	const char *m = f->mask;
	size_t len = f->len, e = go_ident_end(m, len, p), q;
	struct gdecl *d;

	if (e == p)
		return;
	d = new_decl(ix, GD_TYPE);
	d->name = xstrndup(m + p, e - p);
	d->symbol = xstrdup(d->name);
	place_spec(d, f, p, g);
	d->tkind = 'd';
	d->end = go_stmt_end(m, len, p);
	q = e;
	if (q < len && m[q] == '[')
		q = go_match(m, len, q) + 1;
	q = go_skip_hws(m, len, q);
	if (q < len && m[q] == '=') {
		d->tkind = 'a';
		q = go_skip_hws(m, len, q + 1);
	}
	if (go_word_at(m, len, q, "struct") ||
	    go_word_at(m, len, q, "interface")) {
		char k = m[q] == 's' ? 's' : 'i';
		size_t b = go_skip_hws(m, len, go_ident_end(m, len, q));

		if (b < len && m[b] == '{') {
			d->body = b;
			if (d->tkind != 'a')
				d->tkind = k;
		}
	}
}

static void
index_value_spec(struct gindex *ix, const struct gofile *f, size_t p,
    enum gdkind kind, const struct group *g)
{
	const char *m = f->mask;
	size_t len = f->len, end = go_stmt_end(m, len, p), q = p, eq = GQ_NONE;
	size_t first = ix->nd, names_end;
	char *vtype, *value;

	/* The identifier list. */
	for (;;) {
		size_t e = go_ident_end(m, len, q);
		struct gdecl *d;

		if (e == q)
			break;
		d = new_decl(ix, kind);
		d->name = xstrndup(m + q, e - q);
		d->symbol = xstrdup(d->name);
		q = go_skip_hws(m, len, e);
		if (q < len && m[q] == ',') {
			q = go_skip_hws(m, len, q + 1);
			continue;
		}
		break;
	}
	if (ix->nd == first)
		return;
	names_end = q;
	for (size_t i = q; i < end; i++) {
		if (m[i] == '(' || m[i] == '[' || m[i] == '{') {
			i = go_match(m, len, i);
			continue;
		}
		if (m[i] == '=') {
			eq = i;
			break;
		}
	}
	vtype = go_code_text(f, names_end, eq == GQ_NONE ? end : eq);
	value = eq == GQ_NONE ? xstrdup("") : go_code_text(f, eq + 1, end);
	for (size_t i = first; i < ix->nd; i++) {
		struct gdecl *d = &ix->d[i];

		place_spec(d, f, p, g);
		d->end = end;
		d->vtype = xstrdup(vtype);
		d->value = xstrdup(value);
		d->iota = kind == GD_CONST && (eq == GQ_NONE ||
		    strstr(value, "iota") != NULL);
	}
	free(vtype);
	free(value);
}

static void
add_import(struct gindex *ix, const struct gofile *f, size_t q)
{
	size_t e = q + 1, b = gofile_bol(f, gofile_line(f, q)), a;
	struct gimport *im;
	const char *slash;

	while (e < f->len && f->cls[e] == GC_STRING && f->src[e] != '"')
		e++;
	if (ix->nimp == ix->capimp) {
		ix->capimp = ix->capimp ? ix->capimp * 2 : 16;
		ix->imp = xreallocarray(ix->imp, ix->capimp, sizeof(*ix->imp));
	}
	im = &ix->imp[ix->nimp++];
	im->path = xstrndup(f->src + q + 1, e - q - 1);
	/* An alias is the token before the path on its line. */
	a = q;
	while (a > b && isspace((unsigned char)f->mask[a - 1]))
		a--;
	if (a > b && (go_isident(f->mask[a - 1]) || f->mask[a - 1] == '.')) {
		size_t s = a;

		while (s > b && (go_isident(f->mask[s - 1]) ||
		    f->mask[s - 1] == '.'))
			s--;
		if (!go_word_at(f->mask, f->len, s, "import")) {
			im->alias = xstrndup(f->mask + s, a - s);
			return;
		}
	}
	slash = strrchr(im->path, '/');
	im->alias = xstrdup(slash ? slash + 1 : im->path);
}

static void
index_spec(struct gindex *ix, const struct gofile *f, size_t p, int which,
    const struct group *g)
{
	if (which == 't')
		index_type_spec(ix, f, p, g);
	else
		index_value_spec(ix, f, p, which == 'c' ? GD_CONST : GD_VAR, g);
}

/* The specs of a group whose '(' is at open: one per line start that
 * is not inside brackets. */
static void
index_specs(struct gindex *ix, const struct gofile *f, size_t open,
    int which, const struct group *g)
{
	const char *m = f->mask;

	for (size_t i = open + 1; i < g->end - 1; i++) {
		if (m[i] == '(' || m[i] == '[' || m[i] == '{') {
			i = go_match(m, f->len, i);
			continue;
		}
		if (!go_isident(m[i]) || go_isident(m[i - 1]))
			continue;
		index_spec(ix, f, i, which, g);
		i = go_stmt_end(m, f->len, i);
		if (i >= g->end)
			break;
	}
}

/* The import paths of `import (…)`: each string literal's start. */
static void
index_imports(struct gindex *ix, const struct gofile *f, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (f->cls[i] == GC_STRING && f->src[i] == '"' &&
		    (i == 0 || f->cls[i - 1] != GC_STRING))
			add_import(ix, f, i);
}

/* The declaration at s whose keyword ends at kw ('t'ype, 'c'onst,
 * 'v'ar, 'i'mport); returns its end.  An iota anywhere in a group makes
 * the whole group iota. */
static size_t
index_group(struct gindex *ix, const struct gofile *f, size_t s, size_t kw,
    int which)
{
	const char *m = f->mask;
	size_t len = f->len, p = go_skip_hws(m, len, kw), first = ix->nd;
	struct group g = { s, 0, go_doc_start(f, s), false };
	bool iota = false;

	if (p < len && m[p] == '(') {
		g.end = go_match(m, len, p);
		g.end = g.end < len ? g.end + 1 : len;
		g.grouped = true;
		if (which == 'i')
			index_imports(ix, f, p + 1, g.end - 1);
		else
			index_specs(ix, f, p, which, &g);
	} else if (which == 'i') {
		size_t q = p;

		while (q < len && m[q] != '\n' && m[q] != '"')
			q++;
		if (q < len && m[q] == '"')
			add_import(ix, f, q);
		return go_stmt_end(m, len, p);
	} else {
		g.end = go_stmt_end(m, len, p);
		index_spec(ix, f, p, which, &g);
	}
	for (size_t i = first; i < ix->nd; i++)
		iota |= ix->d[i].iota;
	for (size_t i = first; i < ix->nd; i++)
		ix->d[i].iota = iota;
	return g.end;
}

void
gindex_build(struct gindex *ix, const struct gofile *f)
{
	const char *m = f->mask;
	size_t len = f->len, done = 0;

	memset(ix, 0, sizeof(*ix));
	for (size_t ln = 1; ln <= f->nlines; ln++) {
		size_t b = f->lines[ln - 1];

		if (b < done || b >= len || m[b] == ' ' || m[b] == '\t' ||
		    m[b] == '\n')
			continue;
		if (go_word_at(m, len, b, "func"))
			done = index_func(ix, f, b);
		else if (go_word_at(m, len, b, "type"))
			done = index_group(ix, f, b, b + 4, 't');
		else if (go_word_at(m, len, b, "const"))
			done = index_group(ix, f, b, b + 5, 'c');
		else if (go_word_at(m, len, b, "var"))
			done = index_group(ix, f, b, b + 3, 'v');
		else if (go_word_at(m, len, b, "import"))
			done = index_group(ix, f, b, b + 6, 'i');
		else if (go_word_at(m, len, b, "package") && ix->pkg == NULL) {
			size_t p = go_skip_hws(m, len, b + 7);

			ix->pkg = xstrndup(m + p, go_ident_end(m, len, p) - p);
		}
	}
}

void
gindex_free(struct gindex *ix)
{
	for (size_t i = 0; i < ix->nd; i++) {
		free(ix->d[i].name);
		free(ix->d[i].recv);
		free(ix->d[i].symbol);
		free(ix->d[i].vtype);
		free(ix->d[i].value);
	}
	for (size_t i = 0; i < ix->nimp; i++) {
		free(ix->imp[i].alias);
		free(ix->imp[i].path);
	}
	free(ix->d);
	free(ix->imp);
	free(ix->pkg);
	memset(ix, 0, sizeof(*ix));
}

const struct gdecl *
gindex_func_at(const struct gindex *ix, size_t off)
{
	for (size_t i = 0; i < ix->nd; i++)
		if (ix->d[i].kind == GD_FUNC && ix->d[i].start <= off &&
		    off < ix->d[i].end)
			return &ix->d[i];
	return NULL;
}

const char *
gindex_import(const struct gindex *ix, const char *alias)
{
	for (size_t i = 0; i < ix->nimp; i++)
		if (strcmp(ix->imp[i].alias, alias) == 0)
			return ix->imp[i].path;
	return NULL;
}

bool
gindex_in_signature(const struct gindex *ix, size_t off)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];

		if (off < d->start || off >= d->end)
			continue;
		if (d->kind == GD_TYPE)
			return true;
		if (d->kind == GD_FUNC && (d->body == GQ_NONE ||
		    off < d->body))
			return true;
	}
	return false;
}
