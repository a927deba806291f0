/* configmd.c - headings, pipe tables and fenced blocks of a Markdown file.
 *
 * The rules are CommonMark/GFM's where they matter to real config.md
 * files: ATX headings (up to three spaces of indent, one to six #s and a
 * space), fences of three or more backticks or tildes closed by a run at
 * least as long, pipe tables recognised by their delimiter row and ended
 * by a blank line or another block.  Fences are accepted at any indent
 * (they sit inside list items in real READMEs). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "configmd.h"
#include "err.h"
#include "infile.h"
#include "str.h"

struct line {
	const char	*s;
	size_t		 n;	/* without "\n" and a trailing "\r" */
};

struct lines {
	struct line	*v;
	size_t		 n;
};

/* v with room for item n (capacity *cap, doubled as needed): a document
 * of many rows or cells stays linear. */
static void *
room(void *v, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return v;
	*cap = *cap ? *cap * 2 : 8;
	return xreallocarray(v, *cap, size);
}

static void
split_lines(const char *buf, size_t len, struct lines *ls)
{
	const char *p = buf, *end = buf + len;
	size_t cap = 0;

	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl != NULL ? nl : end;
		size_t n = (size_t)(stop - p);

		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (ls->n == cap) {
			cap = cap ? cap * 2 : 256;
			ls->v = xreallocarray(ls->v, cap, sizeof(*ls->v));
		}
		ls->v[ls->n].s = p;
		ls->v[ls->n].n = n;
		ls->n++;
		p = nl != NULL ? nl + 1 : end;
	}
}

/* Control bytes other than tab, CR, LF, FF and VT mean this is no text. */
static bool
check_text(const char *buf, size_t len, struct perr *err)
{
	long line = 1, column = 1;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c == '\n') {
			line++;
			column = 1;
			continue;
		}
		if (c < 0x20 && c != '\t' && c != '\r' && c != '\f' &&
		    c != '\v') {
			perr_set(err, line, column,
			    "expected Markdown text, got binary byte 0x%02x", c);
			return false;
		}
		column++;
	}
	return true;
}

static bool
is_blank(const struct line *l)
{
	for (size_t i = 0; i < l->n; i++)
		if (!isspace((unsigned char)l->s[i]))
			return false;
	return true;
}

static char *
trimmed_dup(const char *s, size_t n)
{
	str_trim(&s, &n);
	return xstrndup(s, n);
}

/* "## Title ##" -> level 2, "Title".  0 when the line is no heading. */
static int
heading_level(const struct line *l, size_t *text_at)
{
	size_t i = 0;
	int level = 0;

	while (i < l->n && i < 3 && l->s[i] == ' ')
		i++;
	while (i < l->n && l->s[i] == '#' && level < 7) {
		i++;
		level++;
	}
	if (level == 0 || level > 6)
		return 0;
	if (i < l->n && l->s[i] != ' ' && l->s[i] != '\t')
		return 0;
	*text_at = i;
	return level;
}

static void
add_heading(struct mddoc *doc, const struct line *l, long lineno)
{
	size_t at, n;
	int level = heading_level(l, &at);
	const char *s;
	struct md_heading *h;

	s = l->s + at;
	n = l->n - at;
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	/* A closing run of #s counts only when a space precedes it. */
	{
		size_t k = n;

		while (k > 0 && s[k - 1] == '#')
			k--;
		if (k < n && (k == 0 || s[k - 1] == ' ' || s[k - 1] == '\t'))
			n = k;
	}
	doc->headings = room(doc->headings, doc->nheadings,
	    &doc->capheadings, sizeof(*doc->headings));
	h = &doc->headings[doc->nheadings++];
	h->level = level;
	h->text = trimmed_dup(s, n);
	h->line = lineno;
	h->column = (long)at + 1;
	while (h->column <= (long)l->n && isspace((unsigned char)
	    l->s[h->column - 1]))
		h->column++;
}

/* An opening fence: its character, run length, indent and info string. */
static bool
fence_open(const struct line *l, char *ch, size_t *run, size_t *indent,
    size_t *info_at)
{
	size_t i = 0, r = 0;

	while (i < l->n && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	if (i >= l->n || (l->s[i] != '`' && l->s[i] != '~'))
		return false;
	*ch = l->s[i];
	*indent = i;
	while (i + r < l->n && l->s[i + r] == *ch)
		r++;
	if (r < 3)
		return false;
	if (*ch == '`' && memchr(l->s + i + r, '`', l->n - i - r) != NULL)
		return false;
	*run = r;
	*info_at = i + r;
	return true;
}

static bool
fence_close(const struct line *l, char ch, size_t run)
{
	size_t i = 0, r = 0;

	while (i < l->n && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	while (i + r < l->n && l->s[i + r] == ch)
		r++;
	if (r < run)
		return false;
	for (i += r; i < l->n; i++)
		if (!isspace((unsigned char)l->s[i]))
			return false;
	return true;
}

static void
set_lang(struct md_fence *f)
{
	size_t n = strcspn(f->info, " \t{");

	f->lang = xstrndup(f->info, n);
	for (char *p = f->lang; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
}

/* Reads the fence opening at ls->v[i]; returns the index after it. */
static size_t
add_fence(struct mddoc *doc, const struct lines *ls, size_t i, long heading)
{
	char ch;
	size_t run, indent, info_at, j;
	struct md_fence *f;
	struct sbuf body = {0};

	(void)fence_open(&ls->v[i], &ch, &run, &indent, &info_at);
	doc->fences = room(doc->fences, doc->nfences, &doc->capfences,
	    sizeof(*doc->fences));
	f = &doc->fences[doc->nfences++];
	memset(f, 0, sizeof(*f));
	f->heading = heading;
	f->info = trimmed_dup(ls->v[i].s + info_at, ls->v[i].n - info_at);
	set_lang(f);
	f->line = (long)i + 1;
	f->body_line = (long)i + 2;
	f->indent = (long)indent;
	for (j = i + 1; j < ls->n; j++) {
		const struct line *l = &ls->v[j];
		size_t k = 0;

		if (fence_close(l, ch, run)) {
			f->closed = true;
			break;
		}
		while (k < indent && k < l->n && l->s[k] == ' ')
			k++;
		sbuf_add(&body, l->s + k, l->n - k);
		sbuf_addc(&body, '\n');
	}
	f->body = body.s != NULL ? body.s : xstrdup("");
	f->len = body.len;
	return f->closed ? j + 1 : j;
}

static bool
has_unescaped_pipe(const struct line *l)
{
	for (size_t i = 0; i < l->n; i++) {
		if (l->s[i] == '\\') {
			i++;
			continue;
		}
		if (l->s[i] == '|')
			return true;
	}
	return false;
}

static void
add_cell(struct md_row *row, const char *s, size_t from, size_t to)
{
	struct sbuf text = {0};
	bool code = false;
	struct md_cell *c;

	while (from < to && isspace((unsigned char)s[from]))
		from++;
	while (to > from && isspace((unsigned char)s[to - 1]))
		to--;
	for (size_t i = from; i < to; i++) {
		if (s[i] == '`')
			code = !code;
		/* GFM: "\|" is a pipe even in code; other escapes outside. */
		if (s[i] == '\\' && i + 1 < to && (s[i + 1] == '|' ||
		    (!code && ispunct((unsigned char)s[i + 1])))) {
			sbuf_addc(&text, s[++i]);
			continue;
		}
		sbuf_addc(&text, s[i]);
	}
	row->cells = room(row->cells, row->n, &row->cap, sizeof(*row->cells));
	c = &row->cells[row->n++];
	c->text = text.s != NULL ? text.s : xstrdup("");
	c->column = (long)from + 1;
}

static void
split_row(const struct line *l, long lineno, struct md_row *row)
{
	size_t i = 0, start, k;

	memset(row, 0, sizeof(*row));
	row->line = lineno;
	while (i < l->n && isspace((unsigned char)l->s[i]))
		i++;
	if (i < l->n && l->s[i] == '|')
		i++;
	start = i;
	while (i < l->n) {
		if (l->s[i] == '\\') {
			i += 2;
			continue;
		}
		if (l->s[i] == '|') {
			add_cell(row, l->s, start, i);
			start = i + 1;
		}
		i++;
	}
	/* Text after the last pipe is a cell; blanks there are not. */
	for (k = start; k < l->n; k++)
		if (!isspace((unsigned char)l->s[k]))
			break;
	if (k < l->n || row->n == 0)
		add_cell(row, l->s, start < l->n ? start : l->n, l->n);
}

static void
free_row(struct md_row *row)
{
	for (size_t i = 0; i < row->n; i++)
		free(row->cells[i].text);
	free(row->cells);
}

static bool
is_delimiter_row(const struct line *l)
{
	struct md_row row;
	bool ok;

	if (!has_unescaped_pipe(l) || memchr(l->s, '-', l->n) == NULL)
		return false;
	split_row(l, 0, &row);
	ok = row.n > 0;
	for (size_t i = 0; ok && i < row.n; i++) {
		const char *t = row.cells[i].text;
		size_t n = strlen(t);

		if (n > 0 && t[0] == ':') {
			t++;
			n--;
		}
		if (n > 0 && t[n - 1] == ':')
			n--;
		ok = n > 0 && strspn(t, "-") == n;
	}
	free_row(&row);
	return ok;
}

static bool
starts_block(const struct line *l)
{
	size_t at, run, indent, info;
	char ch;

	return heading_level(l, &at) > 0 ||
	    fence_open(l, &ch, &run, &indent, &info);
}

/* A table whose header is ls->v[i]; returns the index after it. */
static size_t
add_table(struct mddoc *doc, const struct lines *ls, size_t i, long heading)
{
	struct md_table *t;
	size_t j;

	doc->tables = room(doc->tables, doc->ntables, &doc->captables,
	    sizeof(*doc->tables));
	t = &doc->tables[doc->ntables++];
	memset(t, 0, sizeof(*t));
	t->heading = heading;
	split_row(&ls->v[i], (long)i + 1, &t->head);
	for (j = i + 2; j < ls->n; j++) {
		if (is_blank(&ls->v[j]) || starts_block(&ls->v[j]))
			break;
		t->rows = room(t->rows, t->nrows, &t->caprows,
		    sizeof(*t->rows));
		split_row(&ls->v[j], (long)j + 1, &t->rows[t->nrows++]);
	}
	return j;
}

static void
add_text(struct mddoc *doc, const struct line *l, long lineno, long heading)
{
	struct md_text *t;

	doc->texts = room(doc->texts, doc->ntexts, &doc->captexts,
	    sizeof(*doc->texts));
	t = &doc->texts[doc->ntexts++];
	t->heading = heading;
	t->line = lineno;
	t->text = trimmed_dup(l->s, l->n);
}

/* CommonMark runs a fence left open to the end of the file; here that is
 * a cut file (or a lost closing line) and everything after the fence,
 * tables and YAML alike, would be silently taken for its content. */
static struct mddoc *
unclosed(struct mddoc *doc, struct perr *err)
{
	const struct md_fence *f = &doc->fences[doc->nfences - 1];

	err->line = f->line;
	err->column = f->indent + 1;
	snprintf(err->msg, sizeof(err->msg), "expected the code fence opened "
	    "here to be closed, got the end of the file (a cut file? "
	    "what follows would be read as %s)", f->lang[0] != '\0' ?
	    f->lang : "code");
	mddoc_free(doc);
	return NULL;
}

struct mddoc *
mddoc_parse(const char *label, const char *buf, size_t len,
    struct perr *err)
{
	struct mddoc *doc;
	struct lines ls = {0};
	long heading = -1;
	size_t i = 0;

	memset(err, 0, sizeof(*err));
	if (!check_text(buf, len, err))
		return NULL;
	doc = xcalloc(1, sizeof(*doc));
	doc->path = xstrdup(label);
	split_lines(buf, len, &ls);
	while (i < ls.n) {
		const struct line *l = &ls.v[i];
		size_t at, run, indent, info;
		char ch;

		if (is_blank(l)) {
			i++;
		} else if (heading_level(l, &at) > 0) {
			add_heading(doc, l, (long)i + 1);
			heading = (long)doc->nheadings - 1;
			i++;
		} else if (fence_open(l, &ch, &run, &indent, &info)) {
			i = add_fence(doc, &ls, i, heading);
			if (!doc->fences[doc->nfences - 1].closed)
				break;
		} else if (i + 1 < ls.n && has_unescaped_pipe(l) &&
		    is_delimiter_row(&ls.v[i + 1])) {
			i = add_table(doc, &ls, i, heading);
		} else {
			add_text(doc, l, (long)i + 1, heading);
			i++;
		}
	}
	free(ls.v);
	if (doc->nfences > 0 && !doc->fences[doc->nfences - 1].closed)
		return unclosed(doc, err);
	return doc;
}

char *
md_read_file(const char *path, size_t *len)
{
	FILE *f = infile_open(path, NULL);
	struct sbuf content = {0};
	char chunk[65536];
	size_t n;

	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sbuf_add(&content, chunk, n);
	if (ferror(f))
		s2r_die("%s: read error: %s", path, strerror(errno));
	if (f != stdin)
		fclose(f);
	*len = content.len;
	return content.s != NULL ? content.s : xstrdup("");
}

struct mddoc *
mddoc_load_file(const char *path)
{
	size_t len;
	char *buf = md_read_file(path, &len);
	struct perr err;
	struct mddoc *doc = mddoc_parse(path, buf, len, &err);

	free(buf);
	if (doc == NULL)
		s2r_die_at(path, err.line, err.column, "%s", err.msg);
	return doc;
}

void
mddoc_free(struct mddoc *doc)
{
	if (doc == NULL)
		return;
	for (size_t i = 0; i < doc->nheadings; i++)
		free(doc->headings[i].text);
	for (size_t i = 0; i < doc->ntables; i++) {
		free_row(&doc->tables[i].head);
		for (size_t j = 0; j < doc->tables[i].nrows; j++)
			free_row(&doc->tables[i].rows[j]);
		free(doc->tables[i].rows);
	}
	for (size_t i = 0; i < doc->nfences; i++) {
		free(doc->fences[i].info);
		free(doc->fences[i].lang);
		free(doc->fences[i].body);
	}
	for (size_t i = 0; i < doc->ntexts; i++)
		free(doc->texts[i].text);
	free(doc->headings);
	free(doc->tables);
	free(doc->fences);
	free(doc->texts);
	free(doc->path);
	free(doc);
}

const char *
mddoc_heading(const struct mddoc *doc, long index)
{
	if (index < 0 || (size_t)index >= doc->nheadings)
		return "";
	return doc->headings[index].text;
}

const char *
md_cell(const struct md_row *row, size_t i)
{
	return i < row->n ? row->cells[i].text : "";
}

long
md_cell_column(const struct md_row *row, size_t i)
{
	return i < row->n ? row->cells[i].column : 0;
}

long
md_table_column(const struct md_table *t, const char *name)
{
	for (size_t i = 0; i < t->head.n; i++)
		if (strcasecmp(t->head.cells[i].text, name) == 0)
			return (long)i;
	return -1;
}
