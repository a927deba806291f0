/* csvr.c - CSV by header name on libcsv; see csvr.h.
 *
 * libcsv pushes fields and row ends through callbacks while it walks a
 * buffer; callers want to pull rows.  So each refill feeds libcsv one big
 * chunk and the callbacks queue the completed rows (field bytes in an
 * arena, offsets in an array); csvr_next pops them.  A row still open at
 * the end of a chunk keeps its fields for the next refill.
 *
 * libcsv does not track positions, so lines are counted here: a row starts
 * on the line after the previous row's end plus the newlines quoted inside
 * its fields; CSV_REPALL_NL reports blank lines (and the LF of a CRLF) as
 * empty rows so they can be counted too. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "csvr.h"
#include "err.h"
#include "infile.h"
#include "str.h"

#if defined(__SSE2__) && !defined(S2R_NO_SIMD)
#include <emmintrin.h>
#endif

#define CSVR_CHUNK	(1 << 20)
#define CSVR_SHOW	40	/* field bytes quoted in a message */

struct fld {
	size_t	off;		/* into arena, or into buf when inbuf */
	size_t	len;
	bool	inbuf;
};

struct row {
	size_t	first;		/* index into flds */
	size_t	nf;
	long	line;
};

struct csvr {
	FILE		*f;
	bool		 own;
	char		*label;
	struct csv_parser p;
	unsigned char	*buf;
	bool		 started;	/* first chunk seen (BOM check) */
	bool		 eof;
	long		 chunk_line;	/* newlines before the current chunk */

	char		*arena;
	size_t		 alen, acap;
	struct fld	*flds;
	size_t		 nflds, cflds;
	struct row	*rows;
	size_t		 nrows, crows, rowpos;
	size_t		 cur_first;	/* first field of the open row */
	long		 cur_nl;	/* newlines quoted inside the open row */
	long		 line;		/* line the open row starts on */
	bool		 pending_cr;	/* last row ended with CR: skip its LF */
	bool		 lib_idle;	/* libcsv holds no open row */

	size_t		 ncols;
	char		**names;
	long		 header_line;
	const struct row *cur;
	int64_t		 nread;
};

/* Unquoted spaces are data: " 12" must not read as 12. */
static int
no_space(unsigned char c)
{
	(void)c;
	return 0;
}

static void
add_field(struct csvr *r, const char *s, size_t len)
{
	if (r->alen + len + 1 > r->acap) {
		while (r->alen + len + 1 > r->acap)
			r->acap = r->acap ? r->acap * 2 : CSVR_CHUNK;
		r->arena = xrealloc(r->arena, r->acap);
	}
	if (r->nflds == r->cflds) {
		r->cflds = r->cflds ? r->cflds * 2 : 4096;
		r->flds = xreallocarray(r->flds, r->cflds, sizeof(*r->flds));
	}
	if (len > 0)
		memcpy(r->arena + r->alen, s, len);
	r->arena[r->alen + len] = '\0';
	r->flds[r->nflds].off = r->alen;
	r->flds[r->nflds].len = len;
	r->flds[r->nflds].inbuf = false;
	r->nflds++;
	r->alen += len + 1;
}

static void
grow_fields(struct csvr *r)
{
	r->cflds = r->cflds ? r->cflds * 2 : 4096;
	r->flds = xreallocarray(r->flds, r->cflds, sizeof(*r->flds));
}

/* A field left where it is in the chunk buffer: its separator becomes its
 * terminating NUL (fast_line writes it once the line is accepted).  Rows
 * that point into the buffer are all handed out before the next refill
 * overwrites it. */
static inline void
ref_field(struct csvr *r, size_t off, size_t len)
{
	struct fld *fd;

	if (r->nflds == r->cflds)
		grow_fields(r);
	fd = &r->flds[r->nflds++];
	fd->off = off;
	fd->len = len;
	fd->inbuf = true;
}

/* libcsv's field callback: quoted fields may hold newlines. */
static void
on_field(void *s, size_t len, void *data)
{
	struct csvr *r = data;
	const char *p = s, *end = p + len;

	add_field(r, s, len);
	r->lib_idle = false;
	while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		r->cur_nl++;
		p++;
	}
}

static void
on_row(int c, void *data)
{
	struct csvr *r = data;
	size_t nf = r->nflds - r->cur_first;

	if (nf == 0) {
		/* A blank line, or the LF of a CRLF already counted. */
		if (!(c == '\n' && r->pending_cr))
			r->line++;
		r->pending_cr = c == '\r';
		return;
	}
	if (r->nrows == r->crows) {
		r->crows = r->crows ? r->crows * 2 : 1024;
		r->rows = xreallocarray(r->rows, r->crows, sizeof(*r->rows));
	}
	r->rows[r->nrows].first = r->cur_first;
	r->rows[r->nrows].nf = nf;
	r->rows[r->nrows].line = r->line;
	r->nrows++;
	r->line += r->cur_nl + 1;
	r->cur_nl = 0;
	r->cur_first = r->nflds;
	r->pending_cr = c == '\r';
}

/* libcsv's row callback: a row (or a blank line) just ended. */
static void
on_row_cb(int c, void *data)
{
	struct csvr *r = data;

	on_row(c, r);
	r->lib_idle = true;
}

static long
count_nl(const unsigned char *p, size_t n)
{
	const unsigned char *end = p + n;
	long lines = 0;

	while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		lines++;
		p++;
	}
	return lines;
}

/* Line and byte column of buf[at] within the current chunk. */
static void
chunk_pos(const struct csvr *r, size_t at, long *line, long *col)
{
	const unsigned char *p = r->buf, *bol = p;

	*line = r->chunk_line + 1;
	for (size_t i = 0; i < at; i++) {
		if (p[i] == '\n') {
			(*line)++;
			bol = p + i + 1;
		}
	}
	*col = (long)(p + at - bol) + 1;
}

static const char *
field_text(const struct csvr *r, const struct fld *fd)
{
	return (fd->inbuf ? (const char *)r->buf : r->arena) + fd->off;
}

/* Keep only the open row's fields, moved to the front. */
static void
compact(struct csvr *r)
{
	size_t keep = r->nflds - r->cur_first, base;

	if (keep == 0) {
		r->alen = 0;
	} else {
		base = r->flds[r->cur_first].off;
		memmove(r->arena, r->arena + base, r->alen - base);
		r->alen -= base;
		memmove(r->flds, r->flds + r->cur_first, keep * sizeof(*r->flds));
		for (size_t i = 0; i < keep; i++)
			r->flds[i].off -= base;
	}
	r->nflds = keep;
	r->cur_first = 0;
	r->nrows = r->rowpos = 0;
	r->cur = NULL;
}

/* libcsv stopped at buf[at], in a segment that began at buf[from] on
 * line `line` (the fast path has overwritten separators before it). */
static noreturn void
die_parse(struct csvr *r, size_t from, long line, size_t at)
{
	long col = (long)(r->nflds - r->cur_first) + 1;
	unsigned char c = r->buf[at];

	line += count_nl(r->buf + from, at - from);
	if (c == '"')
		s2r_die_at(r->label, line, col, "expected a quote only around a "
		    "whole field (inner quotes doubled), got a stray '\"'");
	if (c >= 0x20 && c < 0x7f)
		s2r_die_at(r->label, line, col, "expected ',' or end of line "
		    "after a closing quote, got '%c'", c);
	s2r_die_at(r->label, line, col, "expected ',' or end of line "
	    "after a closing quote, got byte 0x%02x", c);
}

static void
finish(struct csvr *r)
{
	r->eof = true;
	if (csv_fini(&r->p, on_field, on_row_cb, r) != 0)
		s2r_die_at(r->label, r->line, (long)(r->nflds - r->cur_first) + 1,
		    "expected a closing quote, got end of file inside a "
		    "quoted field");
}

/* Hands buf[from, to) to libcsv. */
static void
feed_lib(struct csvr *r, size_t from, size_t to, long line)
{
	size_t done;

	if (from == to)
		return;
	r->lib_idle = false;
	done = csv_parse(&r->p, r->buf + from, to - from, on_field, on_row_cb, r);
	if (done != to - from)
		die_parse(r, from, line, from + done);
	/* libcsv may have begun a field it has not handed over yet. */
	if (r->buf[to - 1] != '\n')
		r->lib_idle = false;
}

#define BLOCK	32	/* bytes fast_line classifies at once */

/* Bit i of *commas is set when p[i] is ',', bit i of *stops when p[i]
 * ends the fast path: '"' or '\r' (libcsv's business, unless a CRLF) or
 * '\n'.  32 bytes at a time: most lines are split with a handful of
 * compares instead of a branch per byte. */
#if defined(__SSE2__) && !defined(S2R_NO_SIMD)
static inline void
block_masks(const unsigned char *p, uint32_t *commas, uint32_t *stops)
{
	const __m128i comma = _mm_set1_epi8(','), quote = _mm_set1_epi8('"');
	const __m128i cr = _mm_set1_epi8('\r'), lf = _mm_set1_epi8('\n');
	__m128i lo = _mm_loadu_si128((const __m128i *)p);
	__m128i hi = _mm_loadu_si128((const __m128i *)(p + 16));
	__m128i slo = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(lo, quote),
	    _mm_cmpeq_epi8(lo, cr)), _mm_cmpeq_epi8(lo, lf));
	__m128i shi = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(hi, quote),
	    _mm_cmpeq_epi8(hi, cr)), _mm_cmpeq_epi8(hi, lf));

	*commas = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, comma)) |
	    (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, comma)) << 16;
	*stops = (uint32_t)_mm_movemask_epi8(slo) |
	    (uint32_t)_mm_movemask_epi8(shi) << 16;
}
#else
static inline void
block_masks(const unsigned char *p, uint32_t *commas, uint32_t *stops)
{
	*commas = *stops = 0;
	for (unsigned i = 0; i < BLOCK; i++) {
		*commas |= (uint32_t)(p[i] == ',') << i;
		*stops |= (uint32_t)(p[i] == '"' || p[i] == '\r' ||
		    p[i] == '\n') << i;
	}
}
#endif

/* The fields ending at the commas of a block that starts at buf[base]:
 * each comma becomes its field's NUL at once (unsplit puts them back when
 * the line turns out to need libcsv). */
static inline void
split_commas(struct csvr *r, size_t base, uint32_t commas, size_t *start)
{
	struct fld *fd;
	size_t at;

	if (r->cflds - r->nflds < BLOCK)
		grow_fields(r);
	for (; commas != 0; commas &= commas - 1) {
		at = base + (size_t)__builtin_ctz(commas);
		fd = &r->flds[r->nflds++];
		fd->off = *start;
		fd->len = at - *start;
		fd->inbuf = true;
		r->buf[at] = '\0';
		*start = at + 1;
	}
}

/* Drops the fields split since flds[first], restoring their commas. */
static size_t
unsplit(struct csvr *r, size_t first)
{
	for (size_t k = first; k < r->nflds; k++)
		r->buf[r->flds[k].off + r->flds[k].len] = ',';
	r->nflds = first;
	return 0;
}

/* Splits the line starting at buf[from] (libcsv would split it the same
 * way) when it has no quote and no CR other than a CRLF ending: returns
 * the index just past its LF, or 0 when the line needs libcsv (or has no
 * LF in this chunk). */
static size_t
fast_line(struct csvr *r, size_t from, size_t n)
{
	unsigned char *s = r->buf;
	size_t start = from, first = r->nflds, i, end, next;
	uint32_t commas, stops;

	/* buf[n] is a '\n' sentinel and BLOCK bytes after it are readable:
	 * the loop needs no bound check. */
	for (i = from;; i += BLOCK) {
		block_masks(s + i, &commas, &stops);
		if (stops != 0)
			break;
		split_commas(r, i, commas, &start);
	}
	end = i + (size_t)__builtin_ctz(stops);
	split_commas(r, i, commas & ((stops & -stops) - 1), &start);
	if (end >= n)
		return unsplit(r, first);
	if (s[end] != '\n' && !(s[end] == '\r' && end + 1 < n &&
	    s[end + 1] == '\n'))
		return unsplit(r, first);
	next = end + 1 + (s[end] == '\r');	/* past the LF */
	if (end > from) {
		ref_field(r, start, end - start);
		s[end] = '\0';
	}
	on_row('\n', r);
	return next;
}

/* Most trace lines hold no quote: those are split here, several times
 * faster than libcsv's byte-at-a-time state machine, and every other line
 * (and any row libcsv has open) goes through libcsv.  Returns the number
 * of newlines in buf[from, n). */
static long
feed_chunk(struct csvr *r, size_t from, size_t n)
{
	const unsigned char *nl;
	size_t i = from, end;
	long line = r->chunk_line + 1;	/* the line buf[i] is on */

	while (i < n) {
		if (r->lib_idle && (end = fast_line(r, i, n)) != 0) {
			i = end;
			line++;
			continue;
		}
		nl = memchr(r->buf + i, '\n', n - i);
		if (nl == NULL) {
			feed_lib(r, i, n, line);
			break;
		}
		end = (size_t)(nl - r->buf) + 1;
		feed_lib(r, i, end, line);
		i = end;
		line++;
	}
	return line - (r->chunk_line + 1);
}

/* Parses chunks until at least one row is queued or input ends. */
static void
refill(struct csvr *r)
{
	compact(r);
	while (r->nrows == 0 && !r->eof) {
		size_t n = fread(r->buf, 1, CSVR_CHUNK, r->f), skip = 0;
		const void *nul;

		if (n == 0) {
			if (ferror(r->f))
				s2r_die_at(r->label, r->line, 0, "read error: %s",
				    strerror(errno));
			finish(r);
			break;
		}
		if (!r->started && n >= 3 && memcmp(r->buf, "\xef\xbb\xbf", 3) == 0)
			skip = 3;
		r->started = true;
		r->buf[n] = '\n';	/* sentinel for fast_line */
		memset(r->buf + n + 1, 0, BLOCK);
		if ((nul = memchr(r->buf, '\0', n)) != NULL) {
			long line, col;

			chunk_pos(r, (size_t)((const unsigned char *)nul - r->buf),
			    &line, &col);
			s2r_die_at(r->label, line, col, "expected CSV text, got "
			    "binary data (a NUL byte)");
		}
		r->chunk_line += feed_chunk(r, skip, n);
	}
}

static struct csvr *
csvr_new(FILE *f, bool own, const char *label)
{
	struct csvr *r = xcalloc(1, sizeof(*r));

	r->f = f;
	r->own = own;
	r->label = xstrdup(label);
	r->line = 1;
	r->lib_idle = true;
	r->buf = xmalloc(CSVR_CHUNK + 1 + BLOCK);
	if (csv_init(&r->p, CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL) != 0)
		s2r_die("out of memory");
	csv_set_space_func(&r->p, no_space);
	csv_set_blk_size(&r->p, 4096);
	return r;
}

static void
free_names(struct csvr *r)
{
	for (size_t i = 0; i < r->ncols; i++)
		free(r->names[i]);
	free(r->names);
	r->names = NULL;
	r->ncols = 0;
}

void
csvr_loose_quotes(struct csvr *r)
{
	csv_set_opts(&r->p, CSV_STRICT_FINI | CSV_REPALL_NL);
}

bool
csvr_next_header(struct csvr *r)
{
	const struct row *h;

	if (r->rowpos == r->nrows)
		refill(r);
	if (r->rowpos == r->nrows)
		return false;
	h = &r->rows[r->rowpos++];
	free_names(r);
	r->ncols = h->nf;
	r->header_line = h->line;
	r->names = xreallocarray(NULL, h->nf, sizeof(*r->names));
	for (size_t i = 0; i < h->nf; i++)
		r->names[i] = xstrdup(field_text(r, &r->flds[h->first + i]));
	return true;
}

void
csvr_read_header(struct csvr *r)
{
	if (!csvr_next_header(r))
		s2r_die_at(r->label, 1, 1, "expected a header row, got an "
		    "empty file");
}

struct csvr *
csvr_attach(FILE *f, const char *label)
{
	return csvr_new(f, false, label);
}

struct csvr *
csvr_openf(FILE *f, const char *label)
{
	struct csvr *r = csvr_new(f, false, label);

	csvr_read_header(r);
	return r;
}

struct csvr *
csvr_open(const char *path, const char *label)
{
	struct csvr *r;
	FILE *f;

	if (label == NULL)
		label = strcmp(path, "-") == 0 ? "<stdin>" : path;
	if (strcmp(path, "-") == 0)
		return csvr_openf(stdin, label);
	f = infile_open(path, label);
	r = csvr_new(f, true, label);
	csvr_read_header(r);
	return r;
}

void
csvr_close(struct csvr *r)
{
	if (r == NULL)
		return;
	if (r->own)
		fclose(r->f);
	csv_free(&r->p);
	free_names(r);
	free(r->buf);
	free(r->arena);
	free(r->flds);
	free(r->rows);
	free(r->label);
	free(r);
}

const char *
csvr_label(const struct csvr *r)
{
	return r->label;
}

size_t
csvr_ncols(const struct csvr *r)
{
	return r->ncols;
}

const char *
csvr_colname(const struct csvr *r, size_t col)
{
	return col < r->ncols ? r->names[col] : NULL;
}

long
csvr_col(const struct csvr *r, const char *name, bool required)
{
	const char *only;

	for (size_t i = 0; i < r->ncols; i++) {
		if (strcmp(r->names[i], name) != 0)
			continue;
		/* Which of two same-named columns holds the data cannot be
		 * told: taking the first would silently drop the other. */
		for (size_t j = i + 1; j < r->ncols; j++)
			if (strcmp(r->names[j], name) == 0)
				s2r_die_at(r->label, r->header_line, (long)j + 1,
				    "expected the column \"%s\" once in the "
				    "header, got it again (columns %zu and %zu)",
				    name, i + 1, j + 1);
		return (long)i;
	}
	if (!required)
		return -1;
	only = r->ncols == 1 ? r->names[0] : "";
	if (strchr(only, ';') != NULL || strchr(only, '\t') != NULL)
		s2r_die_at(r->label, r->header_line, 1, "expected comma-"
		    "separated columns including \"%s\", got one column "
		    "containing '%s' (wrong delimiter?)", name,
		    strchr(only, ';') != NULL ? ";" : "\\t");
	s2r_die_at(r->label, r->header_line, 1, "expected a column named "
	    "\"%s\" in the header, got none among %zu columns", name,
	    r->ncols);
}

bool
csvr_next(struct csvr *r)
{
	if (r->rowpos == r->nrows)
		refill(r);
	if (r->rowpos == r->nrows) {
		r->cur = NULL;
		return false;
	}
	r->cur = &r->rows[r->rowpos++];
	if (r->cur->nf != r->ncols)
		s2r_die_at(r->label, r->cur->line,
		    (long)(r->cur->nf < r->ncols ? r->cur->nf : r->ncols) + 1,
		    "expected %zu fields as in the header, got %zu%s", r->ncols,
		    r->cur->nf, r->cur->nf < r->ncols ? " (truncated row?)" : "");
	r->nread++;
	return true;
}

long
csvr_line(const struct csvr *r)
{
	return r->cur != NULL ? r->cur->line : r->line;
}

long
csvr_header_line(const struct csvr *r)
{
	return r->header_line;
}

int64_t
csvr_rows(const struct csvr *r)
{
	return r->nread;
}

static inline const char *
field_at(const struct csvr *r, long col, size_t *len)
{
	const struct fld *fd;

	if (col < 0 || r->cur == NULL || (size_t)col >= r->cur->nf) {
		*len = 0;
		return "";
	}
	fd = &r->flds[r->cur->first + (size_t)col];
	*len = fd->len;
	return field_text(r, fd);
}

const char *
csvr_str(const struct csvr *r, long col, size_t *len)
{
	size_t n;
	const char *s = field_at(r, col, &n);

	if (len != NULL)
		*len = n;
	return s;
}

bool
csvr_empty(const struct csvr *r, long col)
{
	size_t len;

	csvr_str(r, col, &len);
	return len == 0;
}

/* The field as a short printable quotation for messages. */
static void
show_field(struct sbuf *b, const char *s, size_t len)
{
	size_t n = len < CSVR_SHOW ? len : CSVR_SHOW;

	sbuf_addc(b, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			sbuf_printf(b, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			sbuf_printf(b, "\\x%02x", c);
		else
			sbuf_addc(b, (char)c);
	}
	sbuf_adds(b, n < len ? "\"..." : "\"");
}

noreturn void
csvr_die_field(const struct csvr *r, long col, const char *expected)
{
	struct sbuf got = {0};
	size_t len;
	const char *s = csvr_str(r, col, &len);

	if (len == 0)
		sbuf_adds(&got, "an empty field");
	else
		show_field(&got, s, len);
	/* The message is built before dying: the hook may longjmp. */
	char msg[256];

	snprintf(msg, sizeof(msg), "%s", sbuf_str(&got));
	sbuf_free(&got);
	s2r_die_at(r->label, csvr_line(r), col + 1, "%s: %s, got %s",
	    col >= 0 ? r->names[col] : "?", expected, msg);
}

/* The value of 8 ASCII digits at s, or -1 when one is not a digit: a few
 * word operations instead of a multiply-add chain per digit. */
static inline int64_t
eight_digits(const char *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;

	memcpy(&v, s, 8);
	/* Each byte 0x30..0x39: high nibble 3, and adding 6 keeps it 3. */
	if (((v & 0xf0f0f0f0f0f0f0f0) | (((v + 0x0606060606060606) &
	    0xf0f0f0f0f0f0f0f0) >> 4)) != 0x3333333333333333)
		return -1;
	v = (v & 0x0f0f0f0f0f0f0f0f) * 2561 >> 8;		/* pairs */
	v = (v & 0x00ff00ff00ff00ff) * 6553601 >> 16;		/* quads */
	return (int64_t)((v & 0x0000ffff0000ffff) * 42949672960001 >> 32);
#else
	int64_t u = 0;

	for (int i = 0; i < 8; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9)
			return -1;
		u = u * 10 + d;
	}
	return u;
#endif
}

int64_t
csvr_i64(const struct csvr *r, long col)
{
	size_t len;
	const char *s = field_at(r, col, &len);
	int64_t v, part;
	uint64_t u = 0;
	size_t i = 0;

	/* Up to 18 plain digits cannot overflow: the common case skips
	 * parse_i64's sign and overflow checks. */
	if (len > 0 && len <= 18) {
		for (; len - i >= 8; i += 8) {
			if ((part = eight_digits(s + i)) < 0)
				goto slow;
			u = u * 100000000 + (uint64_t)part;
		}
		for (; i < len; i++) {
			unsigned d = (unsigned char)s[i] - '0';

			if (d > 9)
				goto slow;
			u = u * 10 + d;
		}
		return (int64_t)u;
	}
slow:
	if (!parse_i64(s, len, &v))
		csvr_die_field(r, col, "expected an integer");
	return v;
}

int64_t
csvr_count(const struct csvr *r, long col)
{
	int64_t v = csvr_i64(r, col);

	if (v < 0)
		csvr_die_field(r, col, "expected an integer >= 0");
	return v;
}

int64_t
csvr_time_us(const struct csvr *r, long col)
{
	int64_t v = csvr_i64(r, col);

	if (v < 0 || v >= CSVR_TIME_MAX)
		csvr_die_field(r, col, "expected a time in µs >= 0 and < 2^62");
	return v;
}

double
csvr_f64(const struct csvr *r, long col)
{
	size_t len;
	const char *s = csvr_str(r, col, &len);
	double v;

	if (!parse_f64(s, len, &v))
		csvr_die_field(r, col, "expected a number");
	return v;
}

bool
csvr_bool(const struct csvr *r, long col)
{
	size_t len;
	const char *s = csvr_str(r, col, &len);
	bool v;

	if (!parse_bool(s, len, &v))
		csvr_die_field(r, col, "expected true or false");
	return v;
}
