/* goquery.c - see goquery.h.  Everything structural reads the golex
 * mask, where comments and literal contents are blanks; snippets and
 * fact texts come from the original bytes at the same offsets. */
#define _GNU_SOURCE	/* memmem(3): glibc's two-way search */
#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "goquery.h"
#include "rec.h"
#include "str.h"
#include "yamlr.h"

/* ---- small scanners over the mask ---- */

static const char *
find_bytes(const char *hay, size_t len, const char *needle)
{
	return memmem(hay, len, needle, strlen(needle));
}

static size_t
skip_hws(const char *m, size_t len, size_t i)
{
	while (i < len && (m[i] == ' ' || m[i] == '\t' || m[i] == '\r'))
		i++;
	return i;
}

static size_t
skip_ws(const char *m, size_t len, size_t i)
{
	while (i < len && isspace((unsigned char)m[i]))
		i++;
	return i;
}

static size_t
ident_end(const char *m, size_t len, size_t i)
{
	while (i < len && go_isident(m[i]))
		i++;
	return i;
}

static bool
word_at(const char *m, size_t len, size_t i, const char *w)
{
	size_t n = strlen(w);

	return i + n <= len && memcmp(m + i, w, n) == 0 &&
	    (i + n == len || !go_isident(m[i + n])) &&
	    (i == 0 || !go_isident(m[i - 1]));
}

/* The end of the statement or spec starting at i: the first newline at
 * bracket depth 0 (counting from i), or the bracket that closes an
 * enclosing one, or len. */
static size_t
stmt_end(const char *m, size_t len, size_t i)
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
static size_t
enclosing_open(const char *m, size_t off, char c)
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

static bool
line_blank(const char *m, size_t a, size_t b)
{
	for (; a < b; a++)
		if (!isspace((unsigned char)m[a]))
			return false;
	return true;
}

/* The start of the `//` comment lines directly above offset s. */
static size_t
doc_start(const struct gofile *f, size_t s)
{
	long line = gofile_line(f, s), top = line;

	while (top > 1) {
		size_t b = gofile_bol(f, top - 1), e = gofile_eol(f, top - 1);
		size_t i = skip_hws(f->src, e, b);

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

static char *
mask_word(const char *m, size_t a, size_t b)
{
	return xstrndup(m + a, b - a);
}

/* ---- the declaration index ---- */

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

		if (word_at(m, f->len, b, "func") || word_at(m, f->len, b,
		    "type") || word_at(m, f->len, b, "var") ||
		    word_at(m, f->len, b, "const") || word_at(m, f->len, b,
		    "import"))
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
	size_t len = f->len, p = skip_hws(m, len, s + 4), e, limit;
	struct gdecl *d;
	char *recv = NULL;
	struct sbuf sym = {0};

	if (p < len && m[p] == '(') {
		e = go_match(m, len, p);
		recv = go_code_text(f, p + 1, e);
		p = skip_hws(m, len, e < len ? e + 1 : len);
	}
	e = ident_end(m, len, p);
	if (e == p) {
		free(recv);
		return stmt_end(m, len, s);
	}
	d = new_decl(ix, GD_FUNC);
	d->name = mask_word(m, p, e);
	if (recv != NULL)
		parse_recv(d, recv);
	free(recv);
	d->start = d->gstart = s;
	d->doc = d->gdoc = doc_start(f, s);
	p = e;
	if (p < len && m[p] == '[')
		p = go_match(m, len, p) + 1;
	p = skip_hws(m, len, p);
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
		} else if (word_at(m, len, p, "struct") ||
		    word_at(m, len, p, "interface")) {
			p = skip_hws(m, len, ident_end(m, len, p));
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

static void
index_type_spec(struct gindex *ix, const struct gofile *f, size_t p,
    size_t gstart, size_t gend, size_t gdoc, bool grouped)
{
	const char *m = f->mask;
	size_t len = f->len, e = ident_end(m, len, p), q;
	struct gdecl *d;

	if (e == p)
		return;
	d = new_decl(ix, GD_TYPE);
	d->name = mask_word(m, p, e);
	d->symbol = xstrdup(d->name);
	d->start = grouped ? gofile_bol(f, gofile_line(f, p)) : gstart;
	d->doc = doc_start(f, d->start);
	d->gstart = gstart;
	d->gend = gend;
	d->gdoc = gdoc;
	d->grouped = grouped;
	d->tkind = 'd';
	d->end = stmt_end(m, len, p);
	q = e;
	if (q < len && m[q] == '[')
		q = go_match(m, len, q) + 1;
	q = skip_hws(m, len, q);
	if (q < len && m[q] == '=') {
		d->tkind = 'a';
		q = skip_hws(m, len, q + 1);
	}
	if (word_at(m, len, q, "struct") || word_at(m, len, q, "interface")) {
		char k = m[q] == 's' ? 's' : 'i';
		size_t b = skip_hws(m, len, ident_end(m, len, q));

		if (b < len && m[b] == '{') {
			d->body = b;
			if (d->tkind != 'a')
				d->tkind = k;
		}
	}
}

static void
index_value_spec(struct gindex *ix, const struct gofile *f, size_t p,
    enum gdkind kind, size_t gstart, size_t gend, size_t gdoc, bool grouped)
{
	const char *m = f->mask;
	size_t len = f->len, end = stmt_end(m, len, p), q = p, eq = GQ_NONE;
	size_t first = ix->nd, names_end;
	char *vtype, *value;

	/* The identifier list. */
	for (;;) {
		size_t e = ident_end(m, len, q);
		struct gdecl *d;

		if (e == q)
			break;
		d = new_decl(ix, kind);
		d->name = mask_word(m, q, e);
		d->symbol = xstrdup(d->name);
		q = skip_hws(m, len, e);
		if (q < len && m[q] == ',') {
			q = skip_hws(m, len, q + 1);
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

		d->start = grouped ? gofile_bol(f, gofile_line(f, p)) : gstart;
		d->doc = doc_start(f, d->start);
		d->end = end;
		d->gstart = gstart;
		d->gend = gend;
		d->gdoc = gdoc;
		d->grouped = grouped;
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
		if (!word_at(f->mask, f->len, s, "import")) {
			im->alias = xstrndup(f->mask + s, a - s);
			return;
		}
	}
	slash = strrchr(im->path, '/');
	im->alias = xstrdup(slash ? slash + 1 : im->path);
}

static size_t
index_group(struct gindex *ix, const struct gofile *f, size_t s, size_t kw,
    int which)
{
	const char *m = f->mask;
	size_t len = f->len, p = skip_hws(m, len, kw), gend, gdoc;
	size_t first = ix->nd;
	bool iota = false;

	gdoc = doc_start(f, s);
	if (p < len && m[p] == '(') {
		gend = go_match(m, len, p);
		gend = gend < len ? gend + 1 : len;
		for (size_t i = p + 1; i < gend - 1; i++) {
			if (which == 'i') {
				if (f->cls[i] == GC_STRING && f->src[i] == '"' &&
				    (i == 0 || f->cls[i - 1] != GC_STRING))
					add_import(ix, f, i);
				continue;
			}
			if (m[i] == '(' || m[i] == '[' || m[i] == '{') {
				i = go_match(m, len, i);
				continue;
			}
			if (!go_isident(m[i]) || go_isident(m[i - 1]))
				continue;
			if (which == 't')
				index_type_spec(ix, f, i, s, gend, gdoc, true);
			else
				index_value_spec(ix, f, i, which == 'c' ?
				    GD_CONST : GD_VAR, s, gend, gdoc, true);
			i = stmt_end(m, len, i);
			if (i >= gend)
				break;
		}
	} else {
		if (which == 'i') {
			size_t q = p;

			while (q < len && m[q] != '\n' && m[q] != '"')
				q++;
			if (q < len && m[q] == '"')
				add_import(ix, f, q);
			return stmt_end(m, len, p);
		}
		gend = stmt_end(m, len, p);
		if (which == 't')
			index_type_spec(ix, f, p, s, gend, gdoc, false);
		else
			index_value_spec(ix, f, p, which == 'c' ? GD_CONST :
			    GD_VAR, s, gend, gdoc, false);
	}
	for (size_t i = first; i < ix->nd; i++)
		iota |= ix->d[i].iota;
	for (size_t i = first; i < ix->nd; i++)
		ix->d[i].iota = iota;
	return gend;
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
		if (word_at(m, len, b, "func"))
			done = index_func(ix, f, b);
		else if (word_at(m, len, b, "type"))
			done = index_group(ix, f, b, b + 4, 't');
		else if (word_at(m, len, b, "const"))
			done = index_group(ix, f, b, b + 5, 'c');
		else if (word_at(m, len, b, "var"))
			done = index_group(ix, f, b, b + 3, 'v');
		else if (word_at(m, len, b, "import"))
			done = index_group(ix, f, b, b + 6, 'i');
		else if (word_at(m, len, b, "package") && ix->pkg == NULL) {
			size_t p = skip_hws(m, len, b + 7);

			ix->pkg = mask_word(m, p, ident_end(m, len, p));
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

/* ---- queries: setup ---- */

static const char *const kind_names[] = {
	"func", "type", "field", "const", "var", "assign", "call", "keyval",
	"string", "regex", "yaml", "registration", "scale", "dispatch", NULL
};

const char *
gquery_kind_name(enum qkind k)
{
	return kind_names[k];
}

bool
gquery_kind_parse(const char *s, enum qkind *k)
{
	for (int i = 0; kind_names[i] != NULL; i++)
		if (strcmp(s, kind_names[i]) == 0) {
			*k = (enum qkind)i;
			return true;
		}
	return false;
}

void
gquery_init(struct gquery *q)
{
	memset(q, 0, sizeof(*q));
	q->doc = true;
	q->tests = QT_INCLUDE;
	q->max_hits = 20;
	q->tier_sheddable = -50;
	q->tier_batch = -10;
}

/* The longest run of plain characters every match of the ERE must
 * contain (outside groups, not made optional), or NULL. */
static char *
re_literal(const char *re)
{
	struct sbuf cur = {0}, best = {0};
	int depth = 0;

	if (strchr(re, '|') != NULL)
		return NULL;
	for (const char *p = re; *p; p++) {
		char c = *p;
		bool lit = false;

		if (c == '\\' && p[1] != '\0') {
			p++;
			if (strchr(".[]()*+?{}|^$\\/-\"", *p) != NULL) {
				c = *p;
				lit = true;
			}
		} else if (c == '[') {
			/* Skip the bracket expression: [^]…], [[:space:]] */
			p++;
			if (*p == '^')
				p++;
			if (*p == ']')
				p++;
			while (*p != '\0' && *p != ']') {
				if (p[0] == '[' && p[1] == ':') {
					const char *e = strstr(p + 2, ":]");

					p = e ? e + 1 : p + 1;
				}
				p++;
			}
			if (*p == '\0')
				break;
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			depth--;
		} else if (strchr(".+^$*?{}", c) == NULL) {
			lit = true;
		}
		if (lit && depth == 0 && p[1] != '\0' &&
		    strchr("*?{", p[1]) != NULL) {
			sbuf_reset(&cur);	/* optional: the run ends */
			continue;
		}
		if (lit && depth == 0) {
			sbuf_addc(&cur, c);
			if (cur.len > best.len) {
				sbuf_reset(&best);
				sbuf_add(&best, cur.s, cur.len);
			}
			continue;
		}
		sbuf_reset(&cur);
	}
	sbuf_free(&cur);
	if (best.len < 3) {
		sbuf_free(&best);
		return NULL;
	}
	return best.s;
}

static bool
compile_re(regex_t *re, const char *pat, bool full, int flags, char *msg,
    size_t msglen)
{
	char *src = xmalloc(strlen(pat) + 5);
	int rc;

	sprintf(src, full ? "^(%s)$" : "%s", pat);
	rc = regcomp(re, src, REG_EXTENDED | flags);
	free(src);
	if (rc != 0) {
		char buf[128];

		regerror(rc, re, buf, sizeof(buf));
		snprintf(msg, msglen, "regular expression '%s': %s", pat, buf);
		return false;
	}
	return true;
}

bool
gquery_compile(struct gquery *q, char *msg, size_t msglen)
{
	const char *pat = q->pattern;

	for (size_t i = 0; i < q->nalts; i++)
		if (!gquery_compile(&q->alts[i], msg, msglen))
			return false;
	if (q->nalts > 0)
		return true;
	if (q->kind == Q_DISPATCH && q->signals.n == 0)
		strv_add(&q->signals, "priority");
	if ((q->kind == Q_SCALE || (q->facts & GF_SIGNALS)) &&
	    q->signals.n == 0) {
		strv_add(&q->signals, "KVCacheUsagePercent");
		if (q->kind != Q_SCALE) {
			strv_add(&q->signals, "WaitingQueueSize");
			strv_add(&q->signals, "Priority");
		}
	}
	switch (q->kind) {
	case Q_ASSIGN: case Q_CALL: case Q_REGEX: case Q_KEYVAL:
		if (pat == NULL)
			pat = q->name;
		if (!compile_re(&q->re, pat, q->kind == Q_KEYVAL, 0, msg,
		    msglen))
			return false;
		q->has_re = true;
		q->literal = re_literal(pat);
		break;
	case Q_DISPATCH: {
		struct sbuf alt = {0};

		for (size_t i = 0; i < q->signals.n; i++)
			sbuf_printf(&alt, "%s%s", i ? "|" : "", q->signals.v[i]);
		if (!compile_re(&q->re, sbuf_str(&alt), false, REG_ICASE, msg,
		    msglen)) {
			sbuf_free(&alt);
			return false;
		}
		sbuf_free(&alt);
		q->has_re = true;
		break;
	}
	case Q_SCALE:
		if (q->signals.n == 1)
			q->literal = xstrdup(q->signals.v[0]);
		break;
	case Q_STRING:
		if (strpbrk(q->name, "\\\"`") == NULL)
			q->literal = xstrdup(q->name);
		break;
	case Q_YAML: case Q_REGISTRATION:
		break;
	default:
		q->literal = xstrdup(q->name);
		break;
	}
	if (q->value_pat != NULL) {
		if (!compile_re(&q->value_re, q->value_pat, false, 0, msg,
		    msglen))
			return false;
		q->has_value_re = true;
	}
	return true;
}

void
gquery_free(struct gquery *q)
{
	for (size_t i = 0; i < q->nalts; i++)
		gquery_free(&q->alts[i]);
	free(q->alts);
	if (q->has_re)
		regfree(&q->re);
	if (q->has_value_re)
		regfree(&q->value_re);
	free(q->name);
	free(q->pattern);
	free(q->value_pat);
	free(q->literal);
	free(q->recv);
	free(q->in_type);
	free(q->id);
	free(q->check);
	free(q->title);
	free(q->variant);
	strv_free(&q->signals);
	strv_free(&q->include);
	strv_free(&q->exclude);
	strv_free(&q->paths);
	strv_free(&q->roles);
	memset(q, 0, sizeof(*q));
}

static json_t *
strv_json(const struct strv *sv)
{
	json_t *a = json_array();

	for (size_t i = 0; i < sv->n; i++)
		json_array_append_new(a, json_string(sv->v[i]));
	return a;
}

json_t *
gquery_json(const struct gquery *q)
{
	json_t *o = json_object();
	static const char *const tests[] = { "include", "exclude", "only" };

	rec_set_str(o, "kind", gquery_kind_name(q->kind));
	if (q->name != NULL)
		rec_set_str(o, q->kind == Q_REGISTRATION ? "type_string" :
		    "name", q->name);
	rec_set_str(o, "pattern", q->pattern);
	rec_set_str(o, "value", q->value_pat);
	rec_set_str(o, "recv", q->recv);
	rec_set_str(o, "in_type", q->in_type);
	if (q->paths.n > 0)
		rec_set(o, "path", strv_json(&q->paths));
	if (q->include.n > 0)
		rec_set(o, "include", strv_json(&q->include));
	if (q->exclude.n > 0)
		rec_set(o, "exclude", strv_json(&q->exclude));
	if (q->signals.n > 0 && (q->kind == Q_SCALE || q->kind == Q_DISPATCH))
		rec_set(o, "signals", strv_json(&q->signals));
	rec_set_str(o, "tests", tests[q->tests]);
	rec_set(o, "generated", json_boolean(q->generated));
	if (q->whole_block)
		rec_set(o, "whole_block", json_true());
	if (q->enclosing)
		rec_set(o, "enclosing", json_true());
	if (q->code_only)
		rec_set(o, "code_only", json_true());
	if (q->unique)
		rec_set(o, "unique", json_true());
	if (q->expect_none)
		rec_set(o, "expect_none", json_true());
	rec_set_str(o, "variant", q->variant);
	return o;
}

void
ghits_add(struct ghits *h, size_t start, size_t end, size_t doc,
    const char *symbol, json_t *facts)
{
	struct ghit *g;

	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 8;
		h->v = xreallocarray(h->v, h->cap, sizeof(*h->v));
	}
	g = &h->v[h->n++];
	g->start = start;
	g->end = end > start ? end : start;
	g->doc = doc < start ? doc : start;
	g->symbol = symbol ? xstrdup(symbol) : NULL;
	g->def = NULL;
	g->facts = facts ? facts : json_object();
}

void
ghits_free(struct ghits *h)
{
	for (size_t i = 0; i < h->n; i++) {
		free(h->v[i].symbol);
		free(h->v[i].def);
		json_decref(h->v[i].facts);
	}
	free(h->v);
	memset(h, 0, sizeof(*h));
}

/* ---- file filters ---- */

static bool
glob_match(const char *glob, const char *path)
{
	const char *base = strrchr(path, '/');

	if (strchr(glob, '/') != NULL)
		return fnmatch(glob, path, 0) == 0;
	return fnmatch(glob, base ? base + 1 : path, 0) == 0;
}

bool
gquery_wants_path(const struct gquery *q, const char *path)
{
	bool test = str_has_suffix(path, "_test.go"), inc = false;

	if (q->nalts > 0) {
		for (size_t i = 0; i < q->nalts; i++)
			if (gquery_wants_path(&q->alts[i], path))
				return true;
		return false;
	}
	if (q->include.n == 0) {
		if (q->kind == Q_YAML)
			inc = str_has_suffix(path, ".yaml") ||
			    str_has_suffix(path, ".yml");
		else
			inc = str_has_suffix(path, ".go");
	}
	for (size_t i = 0; i < q->include.n && !inc; i++)
		inc = glob_match(q->include.v[i], path);
	if (!inc)
		return false;
	for (size_t i = 0; i < q->exclude.n; i++)
		if (glob_match(q->exclude.v[i], path))
			return false;
	if ((q->tests == QT_EXCLUDE && test) || (q->tests == QT_ONLY && !test))
		return false;
	if (q->paths.n > 0) {
		bool any = false;

		for (size_t i = 0; i < q->paths.n && !any; i++)
			any = strstr(path, q->paths.v[i]) != NULL;
		if (!any)
			return false;
	}
	return true;
}

bool
gquery_wants_file(const struct gquery *q, const char *path, bool generated)
{
	return gquery_wants_path(q, path) && (q->generated || !generated);
}

bool
gquery_may_match(const struct gquery *q, const char *src, size_t len)
{
	if (q->literal == NULL)
		return true;
	return find_bytes(src, len, q->literal) != NULL;
}

/* ---- value facts ---- */

static const struct {
	const char *name;
	int64_t ns;
} durations[] = {
	{ "time.Nanosecond", 1 }, { "time.Microsecond", 1000 },
	{ "time.Millisecond", 1000000 }, { "time.Second", 1000000000 },
	{ "time.Minute", INT64_C(60000000000) },
	{ "time.Hour", INT64_C(3600000000000) }, { NULL, 0 }
};

static bool
parse_duration(const char *v, int64_t *ns)
{
	for (int i = 0; durations[i].name != NULL; i++) {
		size_t n = strlen(durations[i].name), vl = strlen(v);
		double k = 1;
		const char *star;

		if (vl < n)
			continue;
		if (strcmp(v, durations[i].name) == 0) {
			*ns = durations[i].ns;
			return true;
		}
		if (strcmp(v + vl - n, durations[i].name) == 0 &&
		    (star = strchr(v, '*')) != NULL) {
			const char *a = v, *e = star;

			while (e > a && e[-1] == ' ')
				e--;
			if (!parse_f64(a, (size_t)(e - a), &k))
				continue;
			*ns = (int64_t)(k * (double)durations[i].ns + (k < 0 ?
			    -0.5 : 0.5));
			return true;
		}
	}
	return false;
}

/* number / duration_ns / string / ref for a const value or keyval text */
static void
value_facts(json_t *o, const char *v, const struct gindex *ix)
{
	double d;
	int64_t i, ns;
	size_t n = strlen(v);
	const char *dot;

	if (parse_i64(v, n, &i))
		rec_set_i64(o, "number", i);
	else if (parse_f64(v, n, &d))
		rec_set_num(o, "number", d);
	else if (parse_duration(v, &ns))
		rec_set_i64(o, "duration_ns", ns);
	else if (n >= 2 && v[0] == '"' && v[n - 1] == '"' &&
	    strchr(v + 1, '"') == v + n - 1 && strchr(v, '\\') == NULL) {
		char *s = xstrndup(v + 1, n - 2);

		rec_set_str(o, "string", s);
		free(s);
	} else if ((dot = strchr(v, '.')) != NULL && strchr(dot + 1, '.') ==
	    NULL && dot > v && dot[1] != '\0') {
		char *alias = xstrndup(v, (size_t)(dot - v));
		bool idents = true;

		for (const char *p = v; *p; p++)
			idents &= go_isident(*p) || *p == '.';
		if (idents && ix != NULL && gindex_import(ix, alias) != NULL) {
			json_t *ref = json_object();

			rec_set_str(ref, "package", alias);
			rec_set_str(ref, "name", dot + 1);
			rec_set_str(ref, "import", gindex_import(ix, alias));
			rec_set(o, "ref", ref);
		}
		free(alias);
	}
}

static void
set_lines(json_t *o, const char *key, const struct gofile *f, size_t a,
    size_t b)
{
	json_t *r = json_object();

	rec_set_i64(r, "line", gofile_line(f, a));
	rec_set_i64(r, "end_line", gofile_line(f, b > a ? b - 1 : a));
	rec_set(o, key, r);
}

static void
set_enclosing_func(json_t *facts, const struct gofile *f,
    const struct gindex *ix, size_t off)
{
	const struct gdecl *d = gindex_func_at(ix, off);

	if (d == NULL)
		return;
	json_t *r = json_object();

	rec_set_str(r, "symbol", d->symbol);
	rec_set_i64(r, "line", gofile_line(f, d->start));
	rec_set_i64(r, "end_line", gofile_line(f, d->end - 1));
	rec_set(facts, "enclosing_func", r);
}

static bool
has_word(const char *text, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = text; (p = strstr(p, w)) != NULL; p++)
		if ((p == text || !go_isident(p[-1])) && !go_isident(p[n]))
			return true;
	return false;
}

/* ---- struct and interface members ---- */

struct member {
	size_t	 start, end;	/* the member's line(s) */
	char	*names[8];
	size_t	 nnames;
	bool	 embedded;
	size_t	 type_a, type_b;	/* the type's bytes */
	size_t	 tag_a, tag_b;		/* the tag literal, or 0, 0 */
};

static void
member_free(struct member *mb)
{
	for (size_t i = 0; i < mb->nnames; i++)
		free(mb->names[i]);
}

/* Parses the member starting at i (an identifier or '*'); returns false
 * when it is not one. */
static bool
parse_member(const struct gofile *f, size_t i, size_t end, struct member *mb)
{
	const char *m = f->mask;
	size_t p = i, e;

	memset(mb, 0, sizeof(*mb));
	mb->start = i;
	mb->end = end;
	if (m[p] == '*') {
		p++;
		mb->embedded = true;
	}
	for (;;) {
		e = ident_end(m, end, p);
		if (e == p)
			break;
		if (mb->nnames < 8)
			mb->names[mb->nnames++] = mask_word(m, p, e);
		p = skip_hws(m, end, e);
		if (p < end && m[p] == ',' && !mb->embedded) {
			p = skip_ws(m, end, p + 1);
			continue;
		}
		break;
	}
	if (mb->nnames == 0)
		return false;
	if (p < end && m[p] == '.') {
		/* pkg.Type: an embedded field named Type. */
		size_t a = p + 1, b = ident_end(m, end, a);

		for (size_t k = 0; k < mb->nnames; k++)
			free(mb->names[k]);
		mb->names[0] = mask_word(m, a, b);
		mb->nnames = 1;
		mb->embedded = true;
		p = b;
	} else if (p >= end || f->cls[p] == GC_RAW || f->cls[p] == GC_STRING ||
	    m[p] == '\n' || m[p] == '}') {
		mb->embedded = true;
	}
	mb->type_a = mb->embedded ? i : p;
	mb->type_b = end;
	for (size_t k = p; k < end; k++)
		if (f->cls[k] == GC_RAW || f->cls[k] == GC_STRING) {
			mb->type_b = k;
			mb->tag_a = k;
			for (mb->tag_b = k + 1; mb->tag_b < end &&
			    f->cls[mb->tag_b] == f->cls[k] &&
			    !(f->src[mb->tag_b - 1] == f->src[k] &&
			    mb->tag_b - 1 > k); mb->tag_b++)
				;
			break;
		}
	return true;
}

/* Calls fn for each member of the struct/interface body opened at b. */
static void
each_member(const struct gofile *f, size_t b,
    bool (*fn)(void *, const struct gofile *, struct member *), void *ctx)
{
	const char *m = f->mask;
	size_t be = go_match(m, f->len, b), i = b + 1;

	while (i < be) {
		size_t end;
		struct member mb;
		bool more;

		i = skip_ws(m, be, i);
		if (i >= be)
			break;
		end = stmt_end(m, f->len, i);
		if (end > be)
			end = be;
		if ((go_isident(m[i]) || m[i] == '*') &&
		    parse_member(f, i, end, &mb)) {
			more = fn(ctx, f, &mb);
			member_free(&mb);
			if (!more)
				return;
		}
		i = end + 1;
	}
}

static char *
trailing_comment(const struct gofile *f, size_t a, size_t end)
{
	long line = gofile_line(f, end > a ? end - 1 : a);
	size_t b = gofile_bol(f, line), e = gofile_eol(f, line);

	for (size_t k = b > a ? b : a; k < e; k++)
		if (f->cls[k] == GC_COMMENT) {
			size_t z = e;

			while (z > k && isspace((unsigned char)f->src[z - 1]))
				z--;
			return xstrndup(f->src + k, z - k);
		}
	return NULL;
}

/* ---- extractors for function bodies ---- */

static char *
line_code(const struct gofile *f, long line)
{
	return go_code_text(f, gofile_bol(f, line), gofile_eol(f, line));
}

static json_t *
line_entry(const struct gofile *f, long line, const char *code)
{
	json_t *o = json_object();

	rec_set_i64(o, "line", line);
	rec_set_str(o, "code", code);
	return o;
}

static void
fact_signals(json_t *facts, const struct gquery *q, const struct gofile *f,
    size_t a, size_t b)
{
	json_t *arr = json_array();

	for (long ln = gofile_line(f, a); ln <= gofile_line(f, b - 1); ln++) {
		char *masked = xstrndup(f->mask + gofile_bol(f, ln),
		    gofile_eol(f, ln) - gofile_bol(f, ln));
		bool any = false;

		for (size_t i = 0; i < q->signals.n && !any; i++)
			any = has_word(masked, q->signals.v[i]);
		if (any) {
			char *code = line_code(f, ln);

			json_array_append_new(arr, line_entry(f, ln, code));
			free(code);
		}
		free(masked);
	}
	rec_set(facts, "signals", arr);
}

static void
fact_returns(json_t *facts, const struct gofile *f, size_t a, size_t b)
{
	json_t *arr = json_array();

	for (size_t i = a; i < b; i++) {
		if (!word_at(f->mask, b, i, "return"))
			continue;
		size_t e = stmt_end(f->mask, b, i);
		char *code = go_code_text(f, i, e);

		json_array_append_new(arr, line_entry(f, gofile_line(f, i),
		    code));
		free(code);
		i = e;
	}
	rec_set(facts, "returns", arr);
}

/* if len(x) == 0 { … return V } : what an empty candidate list yields */
static void
fact_empty_pool(json_t *facts, const struct gofile *f, size_t a, size_t b)
{
	const char *m = f->mask;

	for (size_t i = a; i < b; i++) {
		size_t p, br, be;
		char *cond;

		if (!word_at(m, b, i, "if"))
			continue;
		for (br = i; br < b && m[br] != '{' && m[br] != '\n'; br++)
			if (m[br] == '(')
				br = go_match(m, b, br);
		if (br >= b || m[br] != '{')
			continue;
		cond = go_code_text(f, i + 2, br);
		if (strncmp(cond, "len(", 4) != 0 || (!str_has_suffix(cond,
		    "== 0") && !str_has_suffix(cond, "< 1"))) {
			free(cond);
			continue;
		}
		be = go_match(m, b, br);
		json_t *o = json_object();

		rec_set_i64(o, "line", gofile_line(f, i));
		rec_set_str(o, "cond", cond);
		free(cond);
		for (p = br; p < be; p++)
			if (word_at(m, be, p, "return")) {
				char *r = go_code_text(f, p + 6,
				    stmt_end(m, be, p));

				rec_set_str(o, "returns", r);
				free(r);
				break;
			}
		rec_set(facts, "empty_pool", o);
		return;
	}
	rec_set(facts, "empty_pool", json_null());
}

static void
body_facts(json_t *facts, const struct gquery *q, const struct gofile *f,
    size_t a, size_t b)
{
	if (q->facts & GF_EMPTY_POOL)
		fact_empty_pool(facts, f, a, b);
	if (q->facts & GF_SIGNALS)
		fact_signals(facts, q, f, a, b);
	if (q->facts & GF_RETURNS)
		fact_returns(facts, f, a, b);
}

/* ---- the declaration queries ---- */

static bool
recv_matches(const struct gquery *q, const struct gdecl *d)
{
	char *want, *br;
	bool ptr, ok;

	if (q->recv == NULL)
		return true;
	if (d->recv == NULL)
		return false;
	want = xstrdup(q->recv + (q->recv[0] == '*'));
	ptr = q->recv[0] == '*';
	if ((br = strchr(want, '[')) != NULL)
		*br = '\0';
	ok = strcmp(want, d->recv) == 0 && (!ptr || d->recv_ptr);
	free(want);
	return ok;
}

static void
q_func(const struct gquery *q, const struct gofile *f, const struct gindex *ix,
    struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];
		json_t *facts;
		char *sig;

		if (d->kind != GD_FUNC || strcmp(d->name, q->name) != 0 ||
		    !recv_matches(q, d))
			continue;
		facts = json_object();
		rec_set_str(facts, "decl", d->recv ? "method" : "func");
		rec_set_str(facts, "package", ix->pkg);
		if (d->recv != NULL) {
			rec_set_str(facts, "receiver", d->recv);
			rec_set(facts, "pointer", json_boolean(d->recv_ptr));
		}
		sig = go_code_text(f, d->start, d->body == GQ_NONE ? d->end :
		    d->body);
		rec_set_str(facts, "signature", sig);
		free(sig);
		rec_set(facts, "has_body", json_boolean(d->body != GQ_NONE));
		if (d->body != GQ_NONE)
			body_facts(facts, q, f, d->body, d->end);
		ghits_add(out, d->start, d->end, q->doc ? d->doc : d->start,
		    d->symbol, facts);
	}
}

static bool
collect_member_names(void *ctx, const struct gofile *f, struct member *mb)
{
	for (size_t i = 0; i < mb->nnames; i++)
		json_array_append_new(ctx, json_string(mb->names[i]));
	return true;
}

static const char *
tkind_name(char k)
{
	switch (k) {
	case 's': return "struct";
	case 'i': return "interface";
	case 'a': return "alias";
	default: return "defined";
	}
}

static void
q_type(const struct gquery *q, const struct gofile *f, const struct gindex *ix,
    struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];
		json_t *facts;
		char *text;

		if (d->kind != GD_TYPE || strcmp(d->name, q->name) != 0)
			continue;
		facts = json_object();
		rec_set_str(facts, "type_kind", tkind_name(d->tkind));
		rec_set_str(facts, "package", ix->pkg);
		rec_set(facts, "grouped", json_boolean(d->grouped));
		if (d->body != GQ_NONE) {
			json_t *names = json_array();

			each_member(f, d->body, collect_member_names, names);
			rec_set(facts, "members", names);
		} else {
			text = go_code_text(f, d->start, d->end);
			rec_set_str(facts, "definition", text);
			free(text);
		}
		ghits_add(out, d->start, d->end, q->doc ? d->doc : d->start,
		    d->symbol, facts);
	}
}

struct field_ctx {
	const struct gquery	*q;
	const struct gdecl	*type;
	struct ghits		*out;
};

static bool
field_hit(void *vctx, const struct gofile *f, struct member *mb)
{
	struct field_ctx *c = vctx;
	json_t *facts;
	char *s, sym[512];
	bool match = false;

	for (size_t i = 0; i < mb->nnames; i++)
		match |= strcmp(mb->names[i], c->q->name) == 0;
	if (!match)
		return true;
	facts = json_object();
	rec_set_str(facts, "field", c->q->name);
	s = go_code_text(f, mb->type_a, mb->type_b);
	rec_set_str(facts, "type", s);
	free(s);
	rec_set(facts, "embedded", json_boolean(mb->embedded));
	if (mb->tag_b > mb->tag_a) {
		s = xstrndup(f->src + mb->tag_a, mb->tag_b - mb->tag_a);
		rec_set_str(facts, "tag", s);
		free(s);
	}
	s = trailing_comment(f, mb->start, mb->end);
	rec_set_str(facts, "comment", s);
	free(s);
	rec_set_str(facts, "enclosing_type", c->type->name);
	set_lines(facts, "enclosing", f, c->type->start, c->type->end);
	snprintf(sym, sizeof(sym), "%s.%s", c->type->name, c->q->name);
	{
		size_t bol = gofile_bol(f, gofile_line(f, mb->start));

		ghits_add(c->out, bol, mb->end, c->q->doc ? doc_start(f, bol) :
		    bol, sym, facts);
	}
	return true;
}

static void
q_field(const struct gquery *q, const struct gofile *f, const struct gindex *ix,
    struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];
		struct field_ctx c = { q, d, out };

		if (d->kind != GD_TYPE || d->tkind != 's' ||
		    d->body == GQ_NONE)
			continue;
		if (q->in_type != NULL && strcmp(d->name, q->in_type) != 0)
			continue;
		each_member(f, d->body, field_hit, &c);
	}
}

static json_t *
const_entry(const struct gofile *f, const struct gindex *ix,
    const struct gdecl *d)
{
	json_t *o = json_object();

	rec_set_str(o, "name", d->name);
	rec_set_i64(o, "line", gofile_line(f, d->start));
	rec_set_str(o, "type", d->vtype);
	rec_set_str(o, "value", d->value);
	value_facts(o, d->value, ix);
	return o;
}

static void
q_value(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	enum gdkind want = q->kind == Q_CONST ? GD_CONST : GD_VAR;

	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];
		bool block;
		json_t *facts, *list;

		if (d->kind != want || strcmp(d->name, q->name) != 0)
			continue;
		block = d->grouped && (q->whole_block || d->iota);
		facts = json_object();
		list = json_array();
		rec_set_str(facts, "package", ix->pkg);
		rec_set(facts, "block", json_boolean(block));
		rec_set(facts, "iota", json_boolean(d->iota));
		for (size_t k = 0; k < ix->nd; k++) {
			const struct gdecl *o = &ix->d[k];

			if (o->kind == want && (block ? o->gstart == d->gstart :
			    o->start == d->start && o->end == d->end))
				json_array_append_new(list,
				    const_entry(f, ix, o));
		}
		rec_set(facts, "values", list);
		if (block)
			ghits_add(out, d->gstart, d->gend, q->doc ? d->gdoc :
			    d->gstart, d->name, facts);
		else
			ghits_add(out, d->start, d->end, q->doc ? d->doc :
			    d->start, d->name, facts);
	}
}

/* ---- statement-level queries ---- */

/* The assignment operator on the line starting at b (at bracket depth 0
 * of the line), as [*opa, *opb); false when there is none. */
static bool
find_assign(const char *m, size_t b, size_t e, size_t *opa, size_t *opb)
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

static void
q_assign(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	const char *m = f->mask;

	for (long ln = 1; (size_t)ln <= f->nlines; ln++) {
		size_t b = gofile_bol(f, ln), e = gofile_eol(f, ln), opa, opb;
		char *lhs, *rhs, *op;
		json_t *facts;

		if (q->literal != NULL && find_bytes(m + b, e - b,
		    q->literal) == NULL)
			continue;
		if (!find_assign(m, b, e, &opa, &opb))
			continue;
		lhs = go_code_text(f, b, opa);
		if (regexec(&q->re, lhs, 0, NULL, 0) != 0) {
			free(lhs);
			continue;
		}
		size_t end = stmt_end(m, f->len, opb);

		facts = json_object();
		op = xstrndup(m + opa, opb - opa);
		rhs = go_code_text(f, opb, end);
		rec_set_str(facts, "lhs", lhs);
		rec_set_str(facts, "op", op);
		rec_set_str(facts, "rhs", rhs);
		value_facts(facts, rhs, ix);
		set_enclosing_func(facts, f, ix, b);
		ghits_add(out, skip_hws(m, e, b), end, b, lhs, facts);
		free(lhs);
		free(rhs);
		free(op);
	}
}

static bool
in_type_or_signature(const struct gindex *ix, size_t off)
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

static json_t *
split_args(const struct gofile *f, size_t open, size_t close)
{
	json_t *args = json_array();
	const char *m = f->mask;
	size_t a = open + 1;

	for (size_t i = open + 1; i <= close && close < f->len; i++) {
		if (m[i] == '(' || m[i] == '[' || m[i] == '{') {
			i = go_match(m, f->len, i);
			continue;
		}
		if (m[i] != ',' && i != close)
			continue;
		char *t = go_code_text(f, a, i);

		if (*t != '\0' || i != close)
			json_array_append_new(args, json_string(t));
		free(t);
		a = i + 1;
	}
	return args;
}

/* The callee chain (a.b.C) that ends right before the '(' at i. */
static size_t
chain_start(const char *m, size_t i)
{
	size_t s = i;

	while (s > 0 && (go_isident(m[s - 1]) || m[s - 1] == '.'))
		s--;
	return s;
}

static void
q_call(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	const char *m = f->mask;

	for (size_t i = 1; i < f->len; i++) {
		size_t s, close;
		char *chain;
		json_t *facts;

		if (m[i] != '(' || !go_isident(m[i - 1]))
			continue;
		s = chain_start(m, i);
		if (q->literal != NULL && find_bytes(m + s, i - s,
		    q->literal) == NULL)
			continue;
		chain = xstrndup(m + s, i - s);
		if (regexec(&q->re, chain, 0, NULL, 0) != 0 ||
		    strcmp(chain, "func") == 0 || in_type_or_signature(ix, s)) {
			free(chain);
			continue;
		}
		close = go_match(m, f->len, i);
		facts = json_object();
		rec_set_str(facts, "callee", chain);
		rec_set(facts, "args", split_args(f, i, close));
		set_enclosing_func(facts, f, ix, s);
		ghits_add(out, s, close < f->len ? close + 1 : f->len, s, chain,
		    facts);
		free(chain);
	}
}

static void
q_keyval(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	const char *m = f->mask;

	for (size_t i = 1; i + 1 < f->len; i++) {
		size_t a, s, p, v, ve;
		char *key, *val;
		json_t *facts;

		if (m[i] != ':' || m[i + 1] == '=')
			continue;
		a = i;
		while (a > 0 && (m[a - 1] == ' ' || m[a - 1] == '\t'))
			a--;
		s = a;
		while (s > 0 && go_isident(m[s - 1]))
			s--;
		if (s == a)
			continue;
		if (q->literal != NULL && find_bytes(m + s, a - s,
		    q->literal) == NULL)
			continue;
		p = s;
		while (p > 0 && isspace((unsigned char)m[p - 1]))
			p--;
		if (p == 0 || (m[p - 1] != '{' && m[p - 1] != ','))
			continue;
		key = xstrndup(m + s, a - s);
		if (regexec(&q->re, key, 0, NULL, 0) != 0) {
			free(key);
			continue;
		}
		v = skip_ws(m, f->len, i + 1);
		for (ve = v; ve < f->len && m[ve] != ','; ve++) {
			if (m[ve] == '(' || m[ve] == '[' || m[ve] == '{')
				ve = go_match(m, f->len, ve);
			else if (m[ve] == ')' || m[ve] == ']' || m[ve] == '}')
				break;
		}
		if (ve > f->len)
			ve = f->len;
		val = go_code_text(f, v, ve);
		if (q->has_value_re && regexec(&q->value_re, val, 0, NULL,
		    0) != 0) {
			free(key);
			free(val);
			continue;
		}
		facts = json_object();
		rec_set_str(facts, "key", key);
		rec_set_str(facts, "value", val);
		value_facts(facts, val, ix);
		set_lines(facts, "keyval", f, s, ve);
		set_enclosing_func(facts, f, ix, s);
		size_t o = q->enclosing ? enclosing_open(m, s, '{') : GQ_NONE;

		if (o != GQ_NONE) {
			size_t oe = go_match(m, f->len, o);
			size_t ob = gofile_bol(f, gofile_line(f, o));

			ghits_add(out, ob, oe < f->len ? oe + 1 : f->len, ob,
			    key, facts);
		} else {
			ghits_add(out, s, ve + (ve < f->len && m[ve] == ','),
			    s, key, facts);
		}
		free(key);
		free(val);
	}
}

/* The literal starting at i ("…" or `…`): its end (exclusive) and its
 * value (escapes of interpreted strings decoded). */
static size_t
literal_at(const struct gofile *f, size_t i, struct sbuf *val)
{
	char delim = f->src[i];
	size_t j = i + 1;

	sbuf_reset(val);
	while (j < f->len && f->cls[j] == f->cls[i]) {
		char c = f->src[j];

		if (c == delim) {
			j++;
			break;
		}
		if (delim == '"' && c == '\\' && j + 1 < f->len) {
			char n = f->src[j + 1];

			sbuf_addc(val, n == 'n' ? '\n' : n == 't' ? '\t' :
			    n == 'r' ? '\r' : n);
			j += 2;
			continue;
		}
		sbuf_addc(val, c);
		j++;
	}
	return j;
}

static void
q_string(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	struct sbuf val = {0};

	for (size_t i = 0; i < f->len; i++) {
		size_t j, s = GQ_NONE, e = 0;
		const char *in = "line", *sym = NULL;
		json_t *facts;

		if ((f->cls[i] != GC_STRING && f->cls[i] != GC_RAW) ||
		    (f->src[i] != '"' && f->src[i] != '`'))
			continue;
		j = literal_at(f, i, &val);
		if (strcmp(sbuf_str(&val), q->name) != 0) {
			i = j - 1;
			continue;
		}
		facts = json_object();
		rec_set_str(facts, "value", q->name);
		rec_set_str(facts, "literal", f->src[i] == '`' ? "raw" :
		    "interpreted");
		for (size_t k = 0; k < ix->nd; k++) {
			const struct gdecl *d = &ix->d[k];

			if ((d->kind == GD_CONST || d->kind == GD_VAR) &&
			    d->start <= i && i < d->end) {
				s = d->start;
				e = d->end;
				in = d->kind == GD_CONST ? "const" : "var";
				sym = d->name;
				break;
			}
		}
		if (s == GQ_NONE) {
			size_t o = enclosing_open(f->mask, i, '(');

			if (o != GQ_NONE && o > 0 && go_isident(f->mask[o - 1])) {
				s = chain_start(f->mask, o);
				e = go_match(f->mask, f->len, o) + 1;
				in = "call";
				sym = NULL;
				char *callee = xstrndup(f->mask + s, o - s);

				rec_set_str(facts, "callee", callee);
				free(callee);
			} else {
				s = gofile_bol(f, gofile_line(f, i));
				e = j;
			}
		}
		if (e > f->len)
			e = f->len;
		rec_set_str(facts, "in", in);
		set_enclosing_func(facts, f, ix, i);
		ghits_add(out, s, e, s, sym, facts);
		i = j - 1;
	}
	sbuf_free(&val);
}

static void
q_regex(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	const char *text = q->code_only ? f->mask : f->src;
	struct sbuf line = {0};

	for (long ln = 1; (size_t)ln <= f->nlines; ln++) {
		size_t b = gofile_bol(f, ln), e = gofile_eol(f, ln);
		regmatch_t mt;
		json_t *facts;

		if (b >= f->len && ln > 1)
			break;
		if (q->literal != NULL && find_bytes(text + b, e - b,
		    q->literal) == NULL)
			continue;
		sbuf_reset(&line);
		sbuf_add(&line, text + b, e - b);
		if (regexec(&q->re, sbuf_str(&line), 1, &mt, 0) != 0)
			continue;
		facts = json_object();
		{
			char *match = xstrndup(f->src + b + mt.rm_so,
			    (size_t)(mt.rm_eo - mt.rm_so));

			rec_set_str(facts, "match", match);
			free(match);
		}
		rec_set_i64(facts, "column", (long)mt.rm_so + 1);
		if (ix != NULL)
			set_enclosing_func(facts, f, ix, b);
		ghits_add(out, b, e, b, NULL, facts);
	}
	sbuf_free(&line);
}

/* ---- 3b: rescaling of a signal (/100, *0.01, *100) ---- */

static const char *
scale_kind(const char *line, size_t *col, char *op, size_t oplen)
{
	static regex_t div, mul, pre;
	static bool ready;
	regmatch_t mt[2];
	const char *kind = NULL;

	if (!ready) {
		/* Compiled once; the patterns are fixed. */
		regcomp(&div, "/[[:space:]]*(100(\\.0*)?)([^0-9.]|$)",
		    REG_EXTENDED);
		regcomp(&mul, "\\*[[:space:]]*(0?\\.010*|100(\\.0*)?)"
		    "([^0-9.]|$)", REG_EXTENDED);
		regcomp(&pre, "(^|[^0-9.])(0?\\.010*|100(\\.0*)?)[[:space:]]*"
		    "[*/]", REG_EXTENDED);
		ready = true;
	}
	if (regexec(&div, line, 2, mt, 0) == 0)
		kind = "divide_by_100";
	else if (regexec(&mul, line, 2, mt, 0) == 0)
		kind = line[mt[1].rm_so] == '1' ? "multiply_by_100" :
		    "multiply_by_0.01";
	else if (regexec(&pre, line, 2, mt, 0) == 0) {
		const char *n = line + mt[0].rm_so;

		while (*n && !isdigit((unsigned char)*n) && *n != '.')
			n++;
		kind = *n == '1' ? "multiply_by_100" : "multiply_by_0.01";
	}
	if (kind == NULL)
		return NULL;
	*col = (size_t)mt[0].rm_so;
	snprintf(op, oplen, "%.*s", (int)(mt[0].rm_eo - mt[0].rm_so),
	    line + mt[0].rm_so);
	while (strlen(op) > 0 && !isdigit((unsigned char)op[strlen(op) - 1]) &&
	    op[strlen(op) - 1] != '.')
		op[strlen(op) - 1] = '\0';
	return kind;
}

static bool
mentions_any(const char *text, const struct strv *sv, const char **which)
{
	for (size_t i = 0; i < sv->n; i++)
		if (has_word(text, sv->v[i])) {
			*which = sv->v[i];
			return true;
		}
	return false;
}

static void
taint_lhs(struct strv *tainted, const char *lhs)
{
	char *t = xstrdup(lhs), *save = NULL;

	for (char *tok = strtok_r(t, ", ", &save); tok != NULL;
	    tok = strtok_r(NULL, ", ", &save))
		if (strcmp(tok, "var") != 0 && strv_find(tainted, tok) < 0 &&
		    go_isident(tok[0]))
			strv_add(tainted, tok);
	free(t);
}

static void
q_scale_func(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, const struct gdecl *d, struct ghits *out)
{
	struct strv tainted = {0};
	const char *m = f->mask;

	for (long ln = gofile_line(f, d->body); ln <= gofile_line(f,
	    d->end - 1); ln++) {
		size_t b = gofile_bol(f, ln), e = gofile_eol(f, ln), opa, opb;
		char *code = xstrndup(m + b, e - b), op[64];
		const char *sig = NULL, *kind;
		bool direct = mentions_any(code, &q->signals, &sig);
		bool via = !direct && mentions_any(code, &tainted, &sig);
		size_t col;

		if ((direct || via) && find_assign(m, b, e, &opa, &opb)) {
			char *lhs = go_code_text(f, b, opa);

			taint_lhs(&tainted, lhs);
			free(lhs);
		}
		if ((direct || via) && (kind = scale_kind(code, &col, op,
		    sizeof(op))) != NULL) {
			json_t *facts = json_object();
			char *expr = go_code_text(f, b, e);

			rec_set_str(facts, "signal", direct ? sig :
			    q->signals.v[0]);
			rec_set_str(facts, "via", direct ? "direct" : sig);
			rec_set_str(facts, "transform", kind);
			rec_set_str(facts, "op", op);
			rec_set_str(facts, "expression", expr);
			rec_set_i64(facts, "column", (long)col + 1);
			set_enclosing_func(facts, f, ix, b);
			ghits_add(out, skip_hws(m, e, b), e, b, d->symbol,
			    facts);
			free(expr);
		}
		free(code);
	}
	strv_free(&tainted);
}

static void
q_scale(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	for (size_t i = 0; i < ix->nd; i++)
		if (ix->d[i].kind == GD_FUNC && ix->d[i].body != GQ_NONE)
			q_scale_func(q, f, ix, &ix->d[i], out);
}

/* ---- 4d: priority dispatch (switch/case or if-chains) ---- */

/* Integer literals (with a unary minus) and integer consts of this file
 * named in text. */
static json_t *
cond_values(const char *text, const struct gindex *ix)
{
	json_t *vals = json_array();

	for (const char *p = text; *p; p++) {
		if (isdigit((unsigned char)*p) && (p == text ||
		    (!go_isident(p[-1]) && p[-1] != '.'))) {
			const char *e = p;
			bool neg = false;
			int64_t v;

			while (go_isident(*e) || *e == '.')
				e++;
			if (p > text) {
				const char *k = p - 1;

				while (k > text && *k == ' ')
					k--;
				/* Unary minus: after an operator or at start. */
				if (*k == '-' && (k == text || strchr("=<>!(,: &|",
				    k[-1]) != NULL))
					neg = true;
			}
			if (parse_i64(p, (size_t)(e - p), &v))
				json_array_append_new(vals, json_integer(neg ?
				    -v : v));
			p = e - 1;
		} else if (go_isident(*p) && (p == text || !go_isident(p[-1]))) {
			const char *e = p;

			while (go_isident(*e))
				e++;
			for (size_t i = 0; i < ix->nd; i++) {
				const struct gdecl *d = &ix->d[i];
				int64_t v;

				if (d->kind == GD_CONST && strlen(d->name) ==
				    (size_t)(e - p) && strncmp(d->name, p,
				    (size_t)(e - p)) == 0 && parse_i64(d->value,
				    strlen(d->value), &v)) {
					json_array_append_new(vals,
					    json_integer(v));
					break;
				}
			}
			p = e - 1;
		}
	}
	return vals;
}

static const char *
tier_of(const char *text)
{
	char *low = xstrdup(text);
	bool s, b;

	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	s = strstr(low, "sheddable") != NULL || strstr(low, "shed_") != NULL;
	b = strstr(low, "batch") != NULL;
	free(low);
	return s && b ? "mixed" : s ? "sheddable" : b ? "batch" : NULL;
}

/* One branch of a dispatch: its condition and what its body does. */
static json_t *
branch(const struct gofile *f, const struct gindex *ix, const char *kind,
    size_t ca, size_t cb, size_t ba, size_t bb)
{
	json_t *o = json_object(), *assigns = json_array(), *rets = json_array();
	json_t *nums = json_array();
	char *cond = go_code_text(f, ca, cb);
	struct sbuf all = {0};
	const char *m = f->mask;
	const char *tier;

	rec_set_str(o, "kind", kind);
	rec_set_i64(o, "line", gofile_line(f, ca));
	rec_set_i64(o, "end_line", gofile_line(f, bb > ba ? bb - 1 : ba));
	rec_set_str(o, "cond", cond);
	rec_set(o, "values", cond_values(cond, ix));
	for (long ln = gofile_line(f, ba); ln <= gofile_line(f, bb > ba ?
	    bb - 1 : ba); ln++) {
		size_t b = gofile_bol(f, ln), e = gofile_eol(f, ln), opa, opb;

		if (b < ba)
			b = ba;
		if (e > bb)
			e = bb;
		if (b >= e)
			continue;
		size_t r = skip_hws(m, e, b);

		if (word_at(m, e, r, "return")) {
			char *t = go_code_text(f, r + 6, e);

			json_array_append_new(rets, json_string(t));
			sbuf_printf(&all, "%s ", t);
			free(t);
		} else if (find_assign(m, b, e, &opa, &opb)) {
			json_t *a = json_object();
			char *l = go_code_text(f, b, opa), *rv = go_code_text(f,
			    opb, e);

			rec_set_str(a, "lhs", l);
			rec_set_str(a, "rhs", rv);
			json_array_append_new(assigns, a);
			sbuf_printf(&all, "%s %s ", l, rv);
			/* Literal ramps: start, full = 0.005, 0.05 */
			char *save = NULL, *t = xstrdup(rv);

			for (char *tok = strtok_r(t, ", ", &save); tok;
			    tok = strtok_r(NULL, ", ", &save)) {
				double d;

				if (parse_f64(tok, strlen(tok), &d))
					json_array_append_new(nums,
					    rec_num(d));
			}
			free(t);
			free(l);
			free(rv);
		}
	}
	rec_set(o, "assigns", assigns);
	rec_set(o, "returns", rets);
	rec_set(o, "numbers", nums);
	tier = tier_of(sbuf_str(&all));
	rec_set(o, "tier", tier ? json_string(tier) : json_null());
	rec_set_str(o, "tier_from", tier ? "code" : NULL);
	if (tier == NULL) {
		/* Literal ramps carry the tier only in a comment; say so. */
		struct sbuf com = {0};

		for (size_t k = ca; k < bb && k < f->len; k++)
			if (f->cls[k] == GC_COMMENT)
				sbuf_addc(&com, f->src[k]);
		tier = tier_of(sbuf_str(&com));
		if (tier != NULL) {
			rec_set_str(o, "tier", tier);
			rec_set_str(o, "tier_from", "comment");
		}
		sbuf_free(&com);
	}
	sbuf_free(&all);
	free(cond);
	return o;
}

/* mapping {"-50": "sheddable", …} and mismatches against the tiers */
static void
dispatch_summary(json_t *facts, const struct gquery *q, json_t *branches)
{
	json_t *map = json_object(), *bad = json_array(), *exp = json_object();
	size_t i;
	json_t *b;
	char key[32], msg[160];

	json_array_foreach(branches, i, b) {
		json_t *vals = json_object_get(b, "values");
		const char *tier = rec_get_str(b, "tier");

		if (tier == NULL || json_array_size(vals) != 1 ||
		    strcmp(rec_get_str(b, "kind"), "else") == 0 ||
		    strcmp(rec_get_str(b, "kind"), "default") == 0)
			continue;
		snprintf(key, sizeof(key), "%lld", (long long)
		    json_integer_value(json_array_get(vals, 0)));
		json_object_set_new(map, key, json_string(tier));
	}
	rec_set(facts, "maps_tiers", json_boolean(json_object_size(map) > 0));
	snprintf(key, sizeof(key), "%lld", (long long)q->tier_sheddable);
	rec_set_str(exp, key, "sheddable");
	snprintf(key, sizeof(key), "%lld", (long long)q->tier_batch);
	rec_set_str(exp, key, "batch");
	{
		const char *k;
		json_t *want;

		json_object_foreach(exp, k, want) {
			const char *got = rec_get_str(map, k);

			if (json_object_size(map) == 0)
				break;	/* a guard, not a tier dispatch */
			if (got == NULL)
				snprintf(msg, sizeof(msg), "priority %s (%s): no "
				    "branch names its parameters", k,
				    json_string_value(want));
			else if (strcmp(got, json_string_value(want)) != 0)
				snprintf(msg, sizeof(msg), "priority %s (%s) is "
				    "dispatched to %s parameters", k,
				    json_string_value(want), got);
			else
				continue;
			json_array_append_new(bad, json_string(msg));
		}
	}
	rec_set(facts, "mapping", map);
	rec_set(facts, "expected", exp);
	rec_set(facts, "mismatches", bad);
	snprintf(key, sizeof(key), "%lld", (long long)q->tier_sheddable);
	{
		const char *ts = rec_get_str(map, key);
		char kb[32];

		snprintf(kb, sizeof(kb), "%lld", (long long)q->tier_batch);
		const char *tb = rec_get_str(map, kb);

		rec_set(facts, "swapped", json_boolean(ts && tb &&
		    strcmp(ts, "batch") == 0 && strcmp(tb, "sheddable") == 0));
	}
}

static void
dispatch_switch(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, size_t i, struct ghits *out)
{
	const char *m = f->mask;
	size_t br = i + 6, be, k, clause = GQ_NONE, hdr_end = 0;
	json_t *branches = json_array(), *facts;
	char *tag;
	const char *ckind = NULL;
	bool mentions;

	while (br < f->len && m[br] != '{') {
		if (m[br] == '(' || m[br] == '[')
			br = go_match(m, f->len, br);
		br++;
	}
	if (br >= f->len) {
		json_decref(branches);
		return;
	}
	tag = go_code_text(f, i + 6, br);
	be = go_match(m, f->len, br);
	{
		char *all = go_code_text(f, i, be);

		mentions = regexec(&q->re, tag, 0, NULL, 0) == 0 ||
		    (*tag == '\0' && regexec(&q->re, all, 0, NULL, 0) == 0);
		free(all);
	}
	if (!mentions || be >= f->len) {
		free(tag);
		json_decref(branches);
		return;
	}
	for (k = br + 1; k <= be; k++) {
		bool at_case = word_at(m, be, k, "case") ||
		    word_at(m, be, k, "default");

		if (k < be && (m[k] == '(' || m[k] == '[' || m[k] == '{')) {
			k = go_match(m, f->len, k);
			continue;
		}
		if (!at_case && k != be)
			continue;
		if (clause != GQ_NONE)
			json_array_append_new(branches, branch(f, ix, ckind,
			    clause, hdr_end, hdr_end + 1, k));
		if (k == be)
			break;
		ckind = m[k] == 'c' ? "case" : "default";
		clause = k + (m[k] == 'c' ? 4 : 7);
		for (hdr_end = clause; hdr_end < be && m[hdr_end] != ':';
		    hdr_end++)
			if (m[hdr_end] == '(' || m[hdr_end] == '[' ||
			    m[hdr_end] == '{')
				hdr_end = go_match(m, f->len, hdr_end);
		k = hdr_end;
	}
	facts = json_object();
	rec_set_str(facts, "form", "switch");
	rec_set_str(facts, "tag", tag);
	rec_set(facts, "branches", branches);
	dispatch_summary(facts, q, branches);
	set_enclosing_func(facts, f, ix, i);
	{
		const struct gdecl *d = gindex_func_at(ix, i);

		ghits_add(out, i, be + 1, gofile_bol(f, gofile_line(f, i)),
		    d ? d->symbol : NULL, facts);
	}
	free(tag);
}

static void
dispatch_if(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, size_t i, struct ghits *out)
{
	const char *m = f->mask;
	json_t *branches = json_array(), *facts;
	size_t p = i, end = i;
	bool mentions = false, first = true;

	/* Not the head of a chain when preceded by `else`. */
	{
		size_t k = i;

		while (k > 0 && isspace((unsigned char)m[k - 1]))
			k--;
		if (k >= 4 && word_at(m, f->len, k - 4, "else")) {
			json_decref(branches);
			return;
		}
	}
	while (p < f->len) {
		size_t ca, br, be;
		bool is_else = !word_at(m, f->len, p, "if");
		char *cond;

		ca = is_else ? p : p + 2;
		for (br = ca; br < f->len && m[br] != '{'; br++)
			if (m[br] == '(' || m[br] == '[')
				br = go_match(m, f->len, br);
		if (br >= f->len)
			break;
		be = go_match(m, f->len, br);
		if (be >= f->len)
			break;
		cond = go_code_text(f, ca, br);
		mentions |= regexec(&q->re, cond, 0, NULL, 0) == 0;
		free(cond);
		json_array_append_new(branches, branch(f, ix, is_else ? "else" :
		    first ? "if" : "else if", ca, br, br + 1, be));
		first = false;
		end = be + 1;
		p = skip_ws(m, f->len, be + 1);
		if (is_else || !word_at(m, f->len, p, "else"))
			break;
		p = skip_ws(m, f->len, p + 4);
	}
	if (!mentions || json_array_size(branches) < 1) {
		json_decref(branches);
		return;
	}
	facts = json_object();
	rec_set_str(facts, "form", "if");
	rec_set(facts, "branches", branches);
	dispatch_summary(facts, q, branches);
	set_enclosing_func(facts, f, ix, i);
	{
		const struct gdecl *d = gindex_func_at(ix, i);

		ghits_add(out, i, end, gofile_bol(f, gofile_line(f, i)),
		    d ? d->symbol : NULL, facts);
	}
}

static void
q_dispatch(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	for (size_t k = 0; k < ix->nd; k++) {
		const struct gdecl *d = &ix->d[k];

		if (d->kind != GD_FUNC || d->body == GQ_NONE)
			continue;
		for (size_t i = d->body; i < d->end; i++) {
			if (word_at(f->mask, d->end, i, "switch"))
				dispatch_switch(q, f, ix, i, out);
			else if (word_at(f->mask, d->end, i, "if"))
				dispatch_if(q, f, ix, i, out);
		}
	}
}

/* ---- YAML key paths ---- */

static long
last_line(const struct ynode *n)
{
	long l = n->line;

	for (size_t i = 0; i < n->n; i++) {
		long k = last_line(n->items[i]);

		if (n->type == Y_MAP && n->keys[i]->line > l)
			l = n->keys[i]->line;
		if (k > l)
			l = k;
	}
	return l;
}

struct ywalk {
	const struct gquery	*q;
	const struct gofile	*f;
	const struct ynode	*root;
	size_t			 doc;
	struct ghits		*out;
};

static void
yaml_hit(struct ywalk *w, const struct ynode *key, const struct ynode *val)
{
	json_t *facts = json_object();
	long a = key ? key->line : val->line, b = last_line(val);

	rec_set_str(facts, "path", w->q->name);
	if (val->type == Y_SCALAR)
		rec_set_str(facts, "value", val->value);
	else
		rec_set(facts, "value", json_null());
	{
		json_t *tmp = json_object();

		if (val->type == Y_SCALAR && val->plain)
			value_facts(tmp, val->value, NULL);
		json_t *num = json_object_get(tmp, "number");

		if (num != NULL)
			rec_set(facts, "number", json_incref(num));
		json_decref(tmp);
	}
	rec_set_i64(facts, "document", (json_int_t)w->doc);
	rec_set_str(facts, "doc_kind", yscalar(ymap_get(w->root, "kind")));
	rec_set_str(facts, "doc_name", yscalar(ypath(w->root,
	    "metadata.name")));
	ghits_add(w->out, gofile_bol(w->f, a), gofile_eol(w->f, b),
	    gofile_bol(w->f, a), w->q->name, facts);
}

static void
yaml_walk(struct ywalk *w, const struct ynode *n, const struct ynode *key,
    const char *path)
{
	const char *dot = strchr(path, '.');
	size_t seglen = dot ? (size_t)(dot - path) : strlen(path);
	char *seg = xstrndup(path, seglen);

	if (*path == '\0') {
		yaml_hit(w, key, n);
	} else if (n->type == Y_MAP) {
		for (size_t i = 0; i < n->n; i++)
			if (strcmp(seg, "*") == 0 || (n->keys[i]->value &&
			    strcmp(n->keys[i]->value, seg) == 0))
				yaml_walk(w, n->items[i], n->keys[i],
				    dot ? dot + 1 : "");
	} else if (n->type == Y_SEQ) {
		int64_t idx;

		if (parse_i64(seg, seglen, &idx)) {
			if (idx >= 0 && (size_t)idx < n->n)
				yaml_walk(w, n->items[idx], NULL,
				    dot ? dot + 1 : "");
		} else {
			/* A name applies to every item of a list. */
			for (size_t i = 0; i < n->n; i++)
				yaml_walk(w, n->items[i], key, path);
		}
	}
	free(seg);
}

bool
goq_yaml(const struct gquery *q, const struct gofile *f, struct ghits *out,
    char *msg, size_t msglen)
{
	struct yerror err;
	struct ydoc *doc = ydoc_load_buf(f->path, f->src, f->len, 0, &err);

	if (doc == NULL) {
		snprintf(msg, msglen, "%ld:%ld: %s", err.line, err.column,
		    err.msg);
		return false;
	}
	for (size_t i = 0; i < doc->ndocs; i++) {
		struct ywalk w = { q, f, doc->docs[i], i, out };

		if (doc->docs[i] != NULL)
			yaml_walk(&w, doc->docs[i], NULL, q->name);
	}
	ydoc_free(doc);
	return true;
}

void
goq_file(const struct gquery *q, const struct gofile *f,
    const struct gindex *ix, struct ghits *out)
{
	switch (q->kind) {
	case Q_FUNC: q_func(q, f, ix, out); break;
	case Q_TYPE: q_type(q, f, ix, out); break;
	case Q_FIELD: q_field(q, f, ix, out); break;
	case Q_CONST: case Q_VAR: q_value(q, f, ix, out); break;
	case Q_ASSIGN: q_assign(q, f, ix, out); break;
	case Q_CALL: q_call(q, f, ix, out); break;
	case Q_KEYVAL: q_keyval(q, f, ix, out); break;
	case Q_STRING: q_string(q, f, ix, out); break;
	case Q_REGEX: q_regex(q, f, ix, out); break;
	case Q_SCALE: q_scale(q, f, ix, out); break;
	case Q_DISPATCH: q_dispatch(q, f, ix, out); break;
	case Q_YAML: case Q_REGISTRATION: break;
	}
}

/* ---- the driver: one pass per source ---- */

#include "gitsrc.h"
#include "sha256.h"

const char *
gsrc_role_name(enum gsrc_role r)
{
	static const char *const names[] = { "router", "generated", "sim" };

	return names[r];
}

/* A hit made permanent: its file was freed after the pass. */
struct presult {
	char	*file;
	long	 line, end_line, doc_line, column;
	char	*snippet;
	char	 sha[SHA256_HEX_LEN + 1];
	long	 nlines;
	char	*symbol;
	char	*def;
	json_t	*facts;
};

struct leaf {
	struct gquery	*q;
	struct presult	*r;
	size_t		 n, cap;
	long		 scanned;
};

struct regconst {
	char		*str, *name, *dir;
	struct presult	 r;
};

struct regalias {
	char	*name, *target, *dir;	/* const name = target (same package) */
};

struct regcall {
	char		*dir;
	struct presult	 r;
	struct strv	 args, imports;	/* imports[i]: "" when unqualified */
};

struct regfunc {
	char	*name, *dir, *symbol;
	size_t	 file, start, end, doc;
};

struct pass {
	struct gsource	*src;
	struct gitsrc	 gs;
	struct leaf	*leaves;
	size_t		 nleaves;
	struct gquery	*reg;		/* the first registration query */
	struct strv	 regstrings;
	struct regconst	*consts;
	size_t		 nconsts;
	struct regcall	*calls;
	size_t		 ncalls;
	struct regalias	*aliases;
	size_t		 naliases;
	struct regfunc	*funcs;
	size_t		 nfuncs;
	long		 regscanned;
};

static void
presult_free(struct presult *r)
{
	free(r->file);
	free(r->snippet);
	free(r->symbol);
	free(r->def);
	json_decref(r->facts);
}

static void
presult_make(struct presult *r, const struct gofile *f, struct ghit *h)
{
	long a, b, d;
	size_t sa, sb;
	char buf[64];

	memset(r, 0, sizeof(*r));
	a = gofile_line(f, h->start);
	b = gofile_line(f, h->end > h->start ? h->end - 1 : h->start);
	d = gofile_line(f, h->doc);
	r->file = xstrdup(f->path);
	r->line = a;
	r->end_line = b < a ? a : b;
	r->doc_line = d < a ? d : 0;
	r->column = gofile_column(f, h->start);
	sa = gofile_bol(f, d < a ? d : a);
	sb = gofile_eol(f, r->end_line);
	r->snippet = xstrndup(f->src + sa, sb - sa);
	r->nlines = r->end_line - (d < a ? d : a) + 1;
	sha256_hex(f->src + sa, sb - sa, r->sha);
	r->symbol = h->symbol ? xstrdup(h->symbol) : NULL;
	snprintf(buf, sizeof(buf), ":%ld", a);
	r->def = xmalloc(strlen(f->path) + strlen(h->symbol ? h->symbol :
	    buf) + 2);
	sprintf(r->def, "%s:%s", f->path, h->symbol ? h->symbol : buf);
	r->facts = json_incref(h->facts);
}

static void
leaf_take(struct leaf *l, const struct gofile *f, struct ghits *h)
{
	for (size_t i = 0; i < h->n; i++) {
		if (l->n == l->cap) {
			l->cap = l->cap ? l->cap * 2 : 8;
			l->r = xreallocarray(l->r, l->cap, sizeof(*l->r));
		}
		presult_make(&l->r[l->n++], f, &h->v[i]);
	}
}

static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

static bool
import_is_dir(const char *import, const char *dir)
{
	size_t il = strlen(import), dl = strlen(dir);

	if (dl == 0)
		return false;
	return strcmp(import, dir) == 0 || (il > dl && import[il - dl - 1] ==
	    '/' && strcmp(import + il - dl, dir) == 0);
}

/* Registration pass: string consts, Register*( calls and top-level
 * funcs of one file. */
static void
reg_collect(struct pass *p, const struct gofile *f, const struct gindex *ix,
    size_t fileno)
{
	char *dir = dir_of(f->path);

	for (size_t i = 0; i < ix->nd; i++) {
		const struct gdecl *d = &ix->d[i];

		if (d->kind == GD_FUNC && d->recv == NULL) {
			struct regfunc *rf;

			p->funcs = xreallocarray(p->funcs, p->nfuncs + 1,
			    sizeof(*p->funcs));
			rf = &p->funcs[p->nfuncs++];
			rf->name = xstrdup(d->name);
			rf->dir = xstrdup(dir);
			rf->symbol = xstrdup(d->symbol);
			rf->file = fileno;
			rf->start = d->start;
			rf->end = d->end;
			rf->doc = d->doc;
		}
		if (d->kind == GD_CONST && go_isident(d->value[0]) &&
		    !isdigit((unsigned char)d->value[0]) &&
		    strspn(d->value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
		    "OPQRSTUVWXYZ0123456789_") == strlen(d->value)) {
			struct regalias *ra;

			p->aliases = xreallocarray(p->aliases, p->naliases + 1,
			    sizeof(*p->aliases));
			ra = &p->aliases[p->naliases++];
			ra->name = xstrdup(d->name);
			ra->target = xstrdup(d->value);
			ra->dir = xstrdup(dir);
		}
		if (d->kind != GD_CONST || d->value[0] != '"')
			continue;
		for (size_t k = 0; k < p->regstrings.n; k++) {
			size_t n = strlen(p->regstrings.v[k]);
			struct ghits h = {0};
			struct regconst *rc;
			json_t *facts;

			if (strlen(d->value) != n + 2 || strncmp(d->value + 1,
			    p->regstrings.v[k], n) != 0)
				continue;
			facts = json_object();
			rec_set_str(facts, "step", "const");
			rec_set_str(facts, "const", d->name);
			rec_set_str(facts, "package", ix->pkg);
			rec_set_str(facts, "package_dir", dir);
			ghits_add(&h, d->start, d->end, d->doc, d->name, facts);
			p->consts = xreallocarray(p->consts, p->nconsts + 1,
			    sizeof(*p->consts));
			rc = &p->consts[p->nconsts++];
			rc->str = xstrdup(p->regstrings.v[k]);
			rc->name = xstrdup(d->name);
			rc->dir = xstrdup(dir);
			presult_make(&rc->r, f, &h.v[0]);
			ghits_free(&h);
		}
	}
	/* Register…( calls: the callee's last element starts "Register". */
	for (size_t i = 1; i < f->len; i++) {
		size_t s, close, last;
		struct ghits h = {0};
		struct regcall *c;
		json_t *args;

		if (f->mask[i] != '(' || !go_isident(f->mask[i - 1]))
			continue;
		s = chain_start(f->mask, i);
		for (last = i; last > s && f->mask[last - 1] != '.'; last--)
			;
		if (i - last < 8 || strncmp(f->mask + last, "Register", 8) != 0 ||
		    in_type_or_signature(ix, s))
			continue;
		close = go_match(f->mask, f->len, i);
		args = split_args(f, i, close);
		p->calls = xreallocarray(p->calls, p->ncalls + 1,
		    sizeof(*p->calls));
		c = &p->calls[p->ncalls++];
		memset(c, 0, sizeof(*c));
		c->dir = xstrdup(dir);
		for (size_t k = 0; k < json_array_size(args); k++) {
			const char *a = json_string_value(json_array_get(args,
			    k));
			const char *dot = strchr(a, '.');
			char *alias = dot ? xstrndup(a, (size_t)(dot - a)) :
			    NULL;
			const char *imp = alias ? gindex_import(ix, alias) : "";

			strv_add(&c->args, a);
			strv_add(&c->imports, imp ? imp : "?");
			free(alias);
		}
		json_t *facts = json_object();
		char *callee = xstrndup(f->mask + s, i - s);

		rec_set_str(facts, "step", "register");
		rec_set_str(facts, "callee", callee);
		rec_set(facts, "args", args);
		ghits_add(&h, s, close < f->len ? close + 1 : f->len, s, callee,
		    facts);
		presult_make(&c->r, f, &h.v[0]);
		ghits_free(&h);
		free(callee);
	}
	free(dir);
}

static bool
want_file(void *ctx, const struct srcfile *sf)
{
	struct pass *p = ctx;
	bool under = p->src->prefixes.n == 0;

	for (size_t i = 0; i < p->src->prefixes.n && !under; i++)
		under = str_has_prefix(sf->path, p->src->prefixes.v[i]);
	if (!under)
		return false;
	if (p->reg != NULL && gquery_wants_path(p->reg, sf->path))
		return true;
	for (size_t i = 0; i < p->nleaves; i++)
		if (gquery_wants_path(p->leaves[i].q, sf->path))
			return true;
	return false;
}

static void
each_file(void *ctx, const struct srcfile *sf, char *data, size_t len)
{
	struct pass *p = ctx;
	struct gofile f;
	struct gindex ix;
	bool go = str_has_suffix(sf->path, ".go"), lexed = false;
	bool gen = go && golex_is_generated(data, len);
	size_t fileno = (size_t)(sf - p->gs.files);

	memset(&ix, 0, sizeof(ix));
	/* A registration query lexes every Go file; then a declaration
	 * lookup in the index is cheaper than a text pre-filter. */
	if (p->reg != NULL && go && gquery_wants_file(p->reg, sf->path, gen)) {
		gofile_init(&f, xstrdup(sf->path), data, len);
		gindex_build(&ix, &f);
		lexed = true;
	}
	for (size_t i = 0; i < p->nleaves; i++) {
		struct leaf *l = &p->leaves[i];
		struct ghits h = {0};
		bool decl = l->q->kind <= Q_VAR;

		if (!gquery_wants_file(l->q, sf->path, gen))
			continue;
		l->scanned++;
		if (!(lexed && decl) && !gquery_may_match(l->q, data, len))
			continue;
		if (!lexed) {
			gofile_init(&f, xstrdup(sf->path), data, len);
			if (go)
				gindex_build(&ix, &f);
			lexed = true;
		}
		if (l->q->kind == Q_YAML) {
			char msg[300];

			if (!goq_yaml(l->q, &f, &h, msg, sizeof(msg)))
				s2r_warn("%s: skipped: %s", sf->path, msg);
		} else if (go) {
			goq_file(l->q, &f, &ix, &h);
		} else if (l->q->kind == Q_REGEX) {
			goq_file(l->q, &f, NULL, &h);
		}
		leaf_take(l, &f, &h);
		ghits_free(&h);
	}
	if (p->reg != NULL && go && gquery_wants_file(p->reg, sf->path, gen)) {
		p->regscanned++;
		if (!lexed) {
			gofile_init(&f, xstrdup(sf->path), data, len);
			gindex_build(&ix, &f);
			lexed = true;
		}
		reg_collect(p, &f, &ix, fileno);
	}
	if (!lexed) {
		free(data);
		return;
	}
	gindex_free(&ix);
	gofile_free(&f);
}

/* ---- records ---- */

struct emitter {
	const struct gproof_opts *o;
	json_t		*recs;		/* buffered: nothing printed on error */
};

static json_t *
base_record(const struct gquery *top, const char *status)
{
	json_t *r = rec_new("proof");

	rec_set_str(r, "check", top->check);
	rec_set_str(r, "claim", top->id);
	rec_set_str(r, "title", top->title);
	rec_set_str(r, "status", status);
	return r;
}

static json_t *
top_query_json(const struct gquery *top, const struct gquery *leaf)
{
	json_t *q;

	if (top->nalts == 0 || leaf != NULL)
		return gquery_json(leaf ? leaf : top);
	q = json_object();
	json_t *alts = json_array();

	for (size_t i = 0; i < top->nalts; i++)
		json_array_append_new(alts, gquery_json(&top->alts[i]));
	rec_set(q, "kind", json_string("any_of"));
	rec_set(q, "any_of", alts);
	return q;
}

static json_t *
src_json(const struct gsource *s)
{
	json_t *o = json_object();

	rec_set_str(o, "label", s->label);
	rec_set_str(o, "role", gsrc_role_name(s->role));
	rec_set_str(o, "commit", s->commit);
	return o;
}

static void
emit_hit(struct emitter *em, const struct gquery *top, const struct gquery *q,
    const struct gsource *s, const struct presult *r, const char *status,
    size_t nth, size_t total)
{
	json_t *rec = base_record(top, status), *src = src_json(s);
	const char *how;

	rec_set(rec, "query", top_query_json(top, q));
	rec_set_str(src, "file", r->file);
	rec_set_i64(src, "line", r->line);
	rec_set_i64(src, "end_line", r->end_line);
	if (r->column > 0)
		rec_set_i64(src, "column", r->column);
	if (r->doc_line > 0)
		rec_set_i64(src, "doc_line", r->doc_line);
	switch (q->kind) {
	case Q_REGEX: how = q->code_only ? "line regex on comment- and "
	    "literal-masked text" : "line regex on the original text"; break;
	case Q_YAML: how = "YAML key path (libyaml)"; break;
	default: how = "Go lexer masks comments and literals; spans are "
	    "bracket-matched on the masked text";
	}
	rec_set_str(src, "how", how);
	rec_set(rec, "source", src);
	if (r->symbol != NULL)
		rec_set_str(rec, "symbol", r->symbol);
	else
		rec_set(rec, "symbol", json_null());
	if (q->max_lines > 0 && r->nlines > q->max_lines) {
		const char *p = r->snippet;

		for (long i = 0; i < q->max_lines && p; i++) {
			p = strchr(p, '\n');
			if (p != NULL && i + 1 < q->max_lines)
				p++;
		}
		char *cut = xstrndup(r->snippet, p ? (size_t)(p - r->snippet) :
		    strlen(r->snippet));

		rec_set_str(rec, "snippet", cut);
		free(cut);
		rec_set(rec, "truncated", json_true());
	} else {
		rec_set_str(rec, "snippet", r->snippet);
		rec_set(rec, "truncated", json_false());
	}
	rec_set_str(rec, "sha256", r->sha);
	rec_set_i64(rec, "hit", (json_int_t)nth);
	rec_set_i64(rec, "hits", (json_int_t)total);
	rec_set(rec, "facts", json_incref(r->facts));
	json_array_append_new(em->recs, rec);
}

static void
emit_none(struct emitter *em, const struct gquery *top, const struct gquery *q,
    const struct gsource *s, long scanned, long missing, const char *status,
    const char *why, json_t *facts)
{
	json_t *rec = base_record(top, status);

	rec_set(rec, "query", top_query_json(top, q));
	rec_set(rec, "source", src_json(s));
	rec_set_i64(rec, "files_scanned", scanned);
	if (missing > 0)
		rec_set_i64(rec, "files_missing", missing);
	rec_set_str(rec, "why", why);
	if (facts != NULL)
		rec_set(rec, "facts", facts);
	json_array_append_new(em->recs, rec);
}

static size_t
distinct_defs(const struct leaf *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++) {
		bool seen = false;

		for (size_t k = 0; k < i && !seen; k++)
			seen = strcmp(l->r[k].def, l->r[i].def) == 0;
		n += !seen;
	}
	return n;
}

/* Reports one query for one source; returns its exit contribution. */
static int
report_query(struct emitter *em, const struct gquery *top, struct leaf *ls,
    size_t nl, struct pass *p)
{
	struct leaf *l = NULL;
	char why[512];

	for (size_t i = 0; i < nl && l == NULL; i++)
		if (ls[i].n > 0)
			l = &ls[i];
	if (l == NULL) {
		long scanned = 0;

		for (size_t i = 0; i < nl; i++)
			scanned = ls[i].scanned > scanned ? ls[i].scanned :
			    scanned;
		snprintf(why, sizeof(why), "no %s matches %s in %ld files%s",
		    top->nalts ? "alternative" : gquery_kind_name(top->kind),
		    top->nalts ? "" : top->name ? top->name :
		    top->signals.n ? top->signals.v[0] : "",
		    scanned, top->expect_none ? " (as expected)" : "");
		emit_none(em, top, NULL, p->src, scanned, p->gs.missing,
		    "not_found", why, NULL);
		return top->expect_none ? 0 : 1;
	}
	size_t defs = distinct_defs(l), shown = 0;
	bool ambiguous = top->unique && defs > 1;
	const char *status = ambiguous ? "ambiguous" : "found";
	long max = top->max_hits > 0 ? top->max_hits : l->q->max_hits;

	for (size_t i = 0; i < l->n; i++) {
		if (!ambiguous && max > 0 && (long)shown >= max)
			break;
		emit_hit(em, top, l->q, p->src, &l->r[i], status, ++shown,
		    l->n);
	}
	if (ambiguous)
		return 3;
	return top->expect_none ? 1 : 0;
}

static const struct regfunc *
find_factory(struct pass *p, const struct regcall *c, size_t *argi)
{
	for (size_t k = 1; k < c->args.n; k++) {
		const char *a = c->args.v[k], *dot = strchr(a, '.');
		const char *name = dot ? dot + 1 : a;

		for (size_t i = 0; i < p->nfuncs; i++) {
			const struct regfunc *f = &p->funcs[i];

			if (strcmp(f->name, name) != 0)
				continue;
			if (dot ? !import_is_dir(c->imports.v[k], f->dir) :
			    strcmp(f->dir, c->dir) != 0)
				continue;
			*argi = k;
			return f;
		}
	}
	return NULL;
}

static void
emit_factory(struct emitter *em, const struct gquery *top, struct pass *p,
    const struct regfunc *rf, const char *callee)
{
	const struct srcfile *sf = &p->gs.files[rf->file];
	size_t len;
	char *data = gitsrc_read(&p->gs, sf, &len);
	struct gofile f;
	struct ghits h = {0};
	struct presult r;
	json_t *facts = json_object();

	if (data == NULL)
		s2r_die("%s: cannot read again", sf->path);
	/* Only the line table is needed: the span is already known. */
	gofile_init(&f, xstrdup(sf->path), data, len);
	rec_set_str(facts, "step", "factory");
	rec_set_str(facts, "registered_by", callee);
	rec_set_str(facts, "package_dir", rf->dir);
	ghits_add(&h, rf->start, rf->end, top->doc ? rf->doc : rf->start,
	    rf->symbol, facts);
	presult_make(&r, &f, &h.v[0]);
	emit_hit(em, top, top, p->src, &r, "found", 3, 3);
	presult_free(&r);
	ghits_free(&h);
	gofile_free(&f);
}

/* Is name the const rc, or a const of rc's package equal to it? */
static bool
names_const(const struct pass *p, const struct regconst *rc, const char *name)
{
	if (strcmp(name, rc->name) == 0)
		return true;
	for (size_t i = 0; i < p->naliases; i++)
		if (strcmp(p->aliases[i].name, name) == 0 &&
		    strcmp(p->aliases[i].target, rc->name) == 0 &&
		    strcmp(p->aliases[i].dir, rc->dir) == 0)
			return true;
	return false;
}

static int
report_registration(struct emitter *em, const struct gquery *top,
    struct pass *p)
{
	const struct regconst *rc = NULL;
	size_t nconst = 0, argi = 0;
	char why[512];

	for (size_t i = 0; i < p->nconsts; i++)
		if (strcmp(p->consts[i].str, top->name) == 0) {
			if (rc == NULL)
				rc = &p->consts[i];
			nconst++;
		}
	if (rc == NULL) {
		snprintf(why, sizeof(why), "no const declares \"%s\" in %ld "
		    "files", top->name, p->regscanned);
		emit_none(em, top, NULL, p->src, p->regscanned, p->gs.missing,
		    "not_found", why, NULL);
		return 1;
	}
	if (top->unique && nconst > 1) {
		for (size_t i = 0, k = 0; i < p->nconsts; i++)
			if (strcmp(p->consts[i].str, top->name) == 0)
				emit_hit(em, top, top, p->src, &p->consts[i].r,
				    "ambiguous", ++k, nconst);
		return 3;
	}
	for (size_t i = 0; i < p->ncalls; i++) {
		const struct regcall *c = &p->calls[i];
		const char *a0 = c->args.n ? c->args.v[0] : "", *dot;
		const struct regfunc *rf;
		json_t *facts;
		struct presult r;

		dot = strchr(a0, '.');
		if (!names_const(p, rc, dot ? dot + 1 : a0))
			continue;
		if (dot ? !import_is_dir(c->imports.v[0], rc->dir) :
		    strcmp(c->dir, rc->dir) != 0)
			continue;
		emit_hit(em, top, top, p->src, &rc->r, "found", 1, 3);
		r = c->r;
		facts = json_deep_copy(c->r.facts);
		rec_set_str(facts, "const", rc->name);
		if (strcmp(dot ? dot + 1 : a0, rc->name) != 0)
			rec_set_str(facts, "via_const", dot ? dot + 1 : a0);
		if (dot != NULL) {
			char *alias = xstrndup(a0, (size_t)(dot - a0));

			rec_set_str(facts, "import_alias", alias);
			rec_set_str(facts, "import", c->imports.v[0]);
			free(alias);
		}
		rf = find_factory(p, c, &argi);
		rec_set_str(facts, "factory", rf ? c->args.v[argi] : NULL);
		r.facts = facts;
		emit_hit(em, top, top, p->src, &r, "found", 2, 3);
		json_decref(facts);
		if (rf == NULL) {
			snprintf(why, sizeof(why), "the factory passed to %s "
			    "is not a top-level func of this source",
			    c->r.symbol);
			emit_none(em, top, NULL, p->src, p->regscanned,
			    p->gs.missing, "not_found", why, NULL);
			return 1;
		}
		emit_factory(em, top, p, rf, c->r.symbol);
		return 0;
	}
	emit_hit(em, top, top, p->src, &rc->r, "found", 1, 3);
	snprintf(why, sizeof(why), "const %s (%s) is not passed to any "
	    "Register call in %ld files", rc->name, rc->dir, p->regscanned);
	emit_none(em, top, NULL, p->src, p->regscanned, p->gs.missing,
	    "not_found", why, NULL);
	return 1;
}

/* --format text: a header per record, then the numbered snippet. */
static void
gproof_text(FILE *out, const json_t *rec)
{
	const json_t *src = json_object_get(rec, "source");
	const char *commit = rec_get_str(src, "commit");
	const char *snippet = rec_get_str(rec, "snippet");
	const char *file = rec_get_str(src, "file");
	double line = 0, end = 0, doc = 0;

	fprintf(out, "== %s %s [%s] %s", rec_get_str(rec, "check") ?
	    rec_get_str(rec, "check") : "-", rec_get_str(rec, "claim") ?
	    rec_get_str(rec, "claim") : "-", rec_get_str(rec, "status"),
	    rec_get_str(src, "label") ? rec_get_str(src, "label") : "");
	if (commit != NULL)
		fprintf(out, "@%.12s", commit);
	if (file == NULL) {
		fprintf(out, ": %s\n", rec_get_str(rec, "why"));
		return;
	}
	rec_get_num(src, "line", &line);
	rec_get_num(src, "end_line", &end);
	if (!rec_get_num(src, "doc_line", &doc))
		doc = line;
	fprintf(out, " %s:%.0f-%.0f %s\n", file, line, end,
	    rec_get_str(rec, "symbol") ? rec_get_str(rec, "symbol") : "");
	for (long n = (long)doc; snippet != NULL && *snippet; n++) {
		const char *nl = strchr(snippet, '\n');
		int w = nl ? (int)(nl - snippet) : (int)strlen(snippet);

		fprintf(out, "%6ld | %.*s\n", n, w, snippet);
		snippet = nl ? nl + 1 : "";
	}
}

static bool
applies(const struct gquery *q, const struct gsource *s, bool catalog)
{
	if (!catalog)
		return true;
	if (q->roles.n == 0)
		return s->role == ROLE_ROUTER;
	return strv_find(&q->roles, gsrc_role_name(s->role)) >= 0;
}

static void
open_source(struct pass *p, struct gsource *s)
{
	if (s->git_dir != NULL) {
		gitsrc_open_git(&p->gs, s->git_dir, s->rev ? s->rev : "HEAD");
		if (s->commit == NULL)
			s->commit = xstrdup(p->gs.commit);
	} else {
		gitsrc_open_tree(&p->gs, s->root);
		if (s->commit == NULL)
			s->commit = gitsrc_head(s->root);
	}
}

static void
pass_free(struct pass *p)
{
	for (size_t i = 0; i < p->nleaves; i++) {
		for (size_t k = 0; k < p->leaves[i].n; k++)
			presult_free(&p->leaves[i].r[k]);
		free(p->leaves[i].r);
	}
	free(p->leaves);
	for (size_t i = 0; i < p->nconsts; i++) {
		free(p->consts[i].str);
		free(p->consts[i].name);
		free(p->consts[i].dir);
		presult_free(&p->consts[i].r);
	}
	free(p->consts);
	for (size_t i = 0; i < p->ncalls; i++) {
		free(p->calls[i].dir);
		presult_free(&p->calls[i].r);
		strv_free(&p->calls[i].args);
		strv_free(&p->calls[i].imports);
	}
	free(p->calls);
	for (size_t i = 0; i < p->naliases; i++) {
		free(p->aliases[i].name);
		free(p->aliases[i].target);
		free(p->aliases[i].dir);
	}
	free(p->aliases);
	for (size_t i = 0; i < p->nfuncs; i++) {
		free(p->funcs[i].name);
		free(p->funcs[i].dir);
		free(p->funcs[i].symbol);
	}
	free(p->funcs);
	strv_free(&p->regstrings);
	gitsrc_free(&p->gs);
}

static int
worse(int a, int b)
{
	static const int rank[] = { 0, 1, 0, 2 };	/* 0 < 1 < 3 */

	return rank[b] > rank[a] ? b : a;
}

/* Leaves of the queries that apply, in order; first[i] is query i's
 * first leaf (nq + 1 entries). */
static void
make_leaves(struct pass *p, struct gquery *qs, size_t nq, bool catalog,
    size_t *first)
{
	for (size_t i = 0; i < nq; i++) {
		struct gquery *q = &qs[i];
		size_t n = q->nalts ? q->nalts : 1;

		first[i] = p->nleaves;
		if (!applies(q, p->src, catalog))
			continue;
		if (q->kind == Q_REGISTRATION && q->nalts == 0) {
			if (p->reg == NULL)
				p->reg = q;
			strv_add(&p->regstrings, q->name);
			continue;
		}
		p->leaves = xreallocarray(p->leaves, p->nleaves + n,
		    sizeof(*p->leaves));
		for (size_t k = 0; k < n; k++) {
			memset(&p->leaves[p->nleaves], 0, sizeof(struct leaf));
			p->leaves[p->nleaves++].q = q->nalts ? &q->alts[k] : q;
		}
	}
	first[nq] = p->nleaves;
}

int
gproof_run(struct gquery *qs, size_t nq, struct gsource *srcs, size_t nsrc,
    bool catalog, const struct gproof_opts *o)
{
	struct emitter em = { o, json_array() };
	struct pass *passes = xcalloc(nsrc + 1, sizeof(*passes));
	size_t *first = xcalloc(nsrc * (nq + 1) + 1, sizeof(*first));
	int status = 0;

	for (size_t s = 0; s < nsrc; s++) {
		struct pass *p = &passes[s];

		p->src = &srcs[s];
		make_leaves(p, qs, nq, catalog, first + s * (nq + 1));
		open_source(p, p->src);
		gitsrc_each(&p->gs, want_file, each_file, p);
	}
	for (size_t i = 0; i < nq; i++) {
		bool any = false;

		for (size_t s = 0; s < nsrc; s++) {
			struct pass *p = &passes[s];
			size_t *fi = first + s * (nq + 1);

			if (!applies(&qs[i], p->src, catalog))
				continue;
			any = true;
			if (qs[i].kind == Q_REGISTRATION && qs[i].nalts == 0)
				status = worse(status,
				    report_registration(&em, &qs[i], p));
			else
				status = worse(status, report_query(&em,
				    &qs[i], &p->leaves[fi[i]],
				    fi[i + 1] - fi[i], p));
		}
		if (!any) {
			struct gsource none = { 0 };
			char why[128];

			none.label = "";
			none.role = qs[i].roles.n && strcmp(qs[i].roles.v[0],
			    "sim") == 0 ? ROLE_SIM : qs[i].roles.n &&
			    strcmp(qs[i].roles.v[0], "generated") == 0 ?
			    ROLE_GENERATED : ROLE_ROUTER;
			snprintf(why, sizeof(why), "no %s source was given",
			    gsrc_role_name(none.role));
			emit_none(&em, &qs[i], NULL, &none, 0, 0, "no_source",
			    why, NULL);
		}
	}
	{
		size_t i;
		json_t *rec;

		json_array_foreach(em.recs, i, rec) {
			if (o->text)
				gproof_text(o->out, rec);
			else
				rec_emit(o->out, json_incref(rec));
		}
	}
	rec_finish(o->out);
	json_decref(em.recs);
	for (size_t s = 0; s < nsrc; s++)
		pass_free(&passes[s]);
	free(passes);
	free(first);
	return status;
}

/* ---- the catalog (pipelines/proofs.yaml) ---- */

static const char *catalog_path;

static noreturn void
cat_die(const struct ynode *n, const char *fmt, const char *arg)
{
	char msg[512];

	snprintf(msg, sizeof(msg), fmt, arg);
	s2r_die_at(catalog_path, n ? n->line : 0, n ? n->column : 0, "%s",
	    msg);
}

static const char *
cat_str(const struct ynode *n, const char *key)
{
	if (n->type != Y_SCALAR) {
		char m[128];

		snprintf(m, sizeof(m), "%s: expected a scalar, got a %s", key,
		    n->type == Y_MAP ? "mapping" : "sequence");
		cat_die(n, "%s", m);
	}
	return n->value;
}

static bool
cat_bool(const struct ynode *n, const char *key)
{
	bool b;

	if (!yscalar_bool(n, &b)) {
		char m[160];

		snprintf(m, sizeof(m), "%s: expected true or false, got \"%s\"",
		    key, n->type == Y_SCALAR ? n->value : "(not a scalar)");
		cat_die(n, "%s", m);
	}
	return b;
}

static int64_t
cat_int(const struct ynode *n, const char *key)
{
	int64_t v;

	if (!yscalar_i64(n, &v)) {
		char m[160];

		snprintf(m, sizeof(m), "%s: expected an integer, got \"%s\"",
		    key, n->type == Y_SCALAR ? n->value : "(not a scalar)");
		cat_die(n, "%s", m);
	}
	return v;
}

/* A scalar or a sequence of scalars, appended to sv. */
static void
cat_list(const struct ynode *n, const char *key, struct strv *sv)
{
	if (n->type == Y_SCALAR) {
		strv_add(sv, n->value);
		return;
	}
	if (n->type != Y_SEQ)
		cat_die(n, "%s: expected a string or a list, got a mapping",
		    key);
	for (size_t i = 0; i < n->n; i++)
		strv_add(sv, cat_str(n->items[i], key));
}

static void
set_once(char **dst, const char *v)
{
	free(*dst);
	*dst = xstrdup(v);
}

/* Applies one key of a query mapping; false when the key is unknown. */
static bool
cat_key(struct gquery *q, const char *k, const struct ynode *v, bool *kind_set)
{
	enum qkind kind;

	if (gquery_kind_parse(k, &kind)) {
		if (*kind_set)
			cat_die(v, "%s: expected one query kind per entry, got "
			    "a second one", k);
		*kind_set = true;
		q->kind = kind;
		if (kind == Q_SCALE || kind == Q_DISPATCH) {
			strv_free(&q->signals);
			cat_list(v, k, &q->signals);
		} else {
			set_once(&q->name, cat_str(v, k));
		}
		return true;
	}
	if (strcmp(k, "id") == 0) set_once(&q->id, cat_str(v, k));
	else if (strcmp(k, "check") == 0) set_once(&q->check, cat_str(v, k));
	else if (strcmp(k, "claim") == 0) set_once(&q->title, cat_str(v, k));
	else if (strcmp(k, "variant") == 0) set_once(&q->variant, cat_str(v, k));
	else if (strcmp(k, "recv") == 0) set_once(&q->recv, cat_str(v, k));
	else if (strcmp(k, "in_type") == 0) set_once(&q->in_type, cat_str(v, k));
	else if (strcmp(k, "value") == 0) set_once(&q->value_pat, cat_str(v, k));
	else if (strcmp(k, "pattern") == 0) set_once(&q->pattern, cat_str(v, k));
	else if (strcmp(k, "path") == 0) cat_list(v, k, &q->paths);
	else if (strcmp(k, "include") == 0) cat_list(v, k, &q->include);
	else if (strcmp(k, "exclude") == 0) cat_list(v, k, &q->exclude);
	else if (strcmp(k, "sources") == 0) cat_list(v, k, &q->roles);
	else if (strcmp(k, "signals") == 0) cat_list(v, k, &q->signals);
	else if (strcmp(k, "generated") == 0) q->generated = cat_bool(v, k);
	else if (strcmp(k, "whole_block") == 0) q->whole_block = cat_bool(v, k);
	else if (strcmp(k, "enclosing") == 0) q->enclosing = cat_bool(v, k);
	else if (strcmp(k, "code_only") == 0) q->code_only = cat_bool(v, k);
	else if (strcmp(k, "unique") == 0) q->unique = cat_bool(v, k);
	else if (strcmp(k, "expect_none") == 0) q->expect_none = cat_bool(v, k);
	else if (strcmp(k, "doc") == 0) q->doc = cat_bool(v, k);
	else if (strcmp(k, "max_hits") == 0) q->max_hits = (long)cat_int(v, k);
	else if (strcmp(k, "max_lines") == 0) q->max_lines = (long)cat_int(v, k);
	else if (strcmp(k, "tests") == 0) {
		const char *t = cat_str(v, k);

		if (strcmp(t, "include") == 0) q->tests = QT_INCLUDE;
		else if (strcmp(t, "exclude") == 0) q->tests = QT_EXCLUDE;
		else if (strcmp(t, "only") == 0) q->tests = QT_ONLY;
		else cat_die(v, "tests: expected include, exclude or only, "
		    "got \"%s\"", t);
	} else if (strcmp(k, "facts") == 0) {
		struct strv fs = {0};

		cat_list(v, k, &fs);
		for (size_t i = 0; i < fs.n; i++) {
			if (strcmp(fs.v[i], "empty_pool") == 0)
				q->facts |= GF_EMPTY_POOL;
			else if (strcmp(fs.v[i], "signals") == 0)
				q->facts |= GF_SIGNALS;
			else if (strcmp(fs.v[i], "returns") == 0)
				q->facts |= GF_RETURNS;
			else {
				strv_free(&fs);
				cat_die(v, "facts: expected empty_pool, signals "
				    "or returns, got \"%s\"", fs.v[i]);
			}
		}
		strv_free(&fs);
	} else if (strcmp(k, "tiers") == 0) {
		const struct ynode *s = ymap_get(v, "sheddable");
		const struct ynode *b = ymap_get(v, "batch");

		if (v->type != Y_MAP || s == NULL || b == NULL)
			cat_die(v, "%s: expected {sheddable: N, batch: N}", k);
		q->tier_sheddable = cat_int(s, "tiers.sheddable");
		q->tier_batch = cat_int(b, "tiers.batch");
	} else
		return false;
	return true;
}

static void
cat_apply(struct gquery *q, const struct ynode *map, bool *kind_set,
    bool allow_alts)
{
	for (size_t i = 0; i < map->n; i++) {
		const char *k = map->keys[i]->value;

		if (k == NULL)
			cat_die(map->keys[i], "%s", "expected a key");
		if (strcmp(k, "any_of") == 0 && allow_alts)
			continue;
		if (!cat_key(q, k, map->items[i], kind_set))
			cat_die(map->keys[i], "unknown key \"%s\"", k);
	}
}

static void
cat_query(struct gquery *q, const struct ynode *n)
{
	const struct ynode *alts = ymap_get(n, "any_of");
	bool kind_set = false;
	char msg[300];

	if (n->type != Y_MAP)
		cat_die(n, "%s", "queries: expected a mapping per query");
	gquery_init(q);
	cat_apply(q, n, &kind_set, true);
	if (q->id == NULL)
		cat_die(n, "%s", "expected an id");
	if (alts != NULL) {
		if (alts->type != Y_SEQ || alts->n == 0)
			cat_die(alts, "%s", "any_of: expected a non-empty list");
		q->alts = xcalloc(alts->n, sizeof(*q->alts));
		q->nalts = alts->n;
		for (size_t i = 0; i < alts->n; i++) {
			struct gquery *a = &q->alts[i];
			bool ak = false;

			if (alts->items[i]->type != Y_MAP)
				cat_die(alts->items[i], "%s",
				    "any_of: expected a mapping");
			gquery_init(a);
			/* The entry's own keys are defaults for each one. */
			cat_apply(a, n, &ak, true);
			ak = false;
			cat_apply(a, alts->items[i], &ak, false);
			if (!ak)
				cat_die(alts->items[i], "%s", "any_of: expected a "
				    "query kind (func, type, …)");
			if (a->kind == Q_REGISTRATION)
				cat_die(alts->items[i], "%s", "any_of: a "
				    "registration cannot be an alternative");
		}
		q->kind = q->alts[0].kind;
	} else if (!kind_set) {
		cat_die(n, "%s", "expected a query kind (func, type, field, "
		    "const, var, assign, call, keyval, string, regex, yaml, "
		    "registration, scale, dispatch)");
	}
	if (!gquery_compile(q, msg, sizeof(msg)))
		cat_die(n, "%s", msg);
}

void
gcatalog_load(const char *path, const struct strv *checks, struct gquery **qs,
    size_t *nq)
{
	struct ydoc *doc = ydoc_load_file_or_die(path);
	const struct ynode *root = ydoc_root(doc), *list;

	catalog_path = path;
	list = ymap_get(root, "queries");
	if (list == NULL || list->type != Y_SEQ)
		cat_die(root, "%s", "expected a top-level \"queries\" list");
	*qs = xcalloc(list->n + 1, sizeof(**qs));
	*nq = 0;
	for (size_t i = 0; i < list->n; i++) {
		struct gquery *q = &(*qs)[*nq];

		cat_query(q, list->items[i]);
		for (size_t k = 0; k < *nq; k++)
			if (strcmp((*qs)[k].id, q->id) == 0)
				cat_die(list->items[i], "duplicate id \"%s\"",
				    q->id);
		if (checks->n > 0 && (q->check == NULL ||
		    strv_find(checks, q->check) < 0)) {
			gquery_free(q);
			continue;
		}
		(*nq)++;
	}
	ydoc_free(doc);
}
