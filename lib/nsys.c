/* nsys.c - see nsys.h.  Line by line: each data line is split by libcsv
 * (quoted kernel names hold commas), fields are looked up by the column
 * index found in the header. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "err.h"
#include "jsonscan.h"
#include "nsys.h"
#include "str.h"

enum report { R_NONE, R_GPU, R_API, R_NVTX, R_PROJ };

struct fields {
	struct strv	 v;
};

struct row {
	struct strv	*f;
	const char	*label;
	long		 line;
	const char	*text;		/* the raw line, for columns */
};

/* What a read in progress holds, for nsys_reset after a die hook. */
static struct {
	char		*line;
	struct strv	 hdr, row;
	FILE		*mem;
	struct csv_parser p;
	bool		 parsing;
} live;

static void
on_field(void *s, size_t n, void *data)
{
	struct strv *v = data;
	char *copy = xstrndup(s ? s : "", n);

	strv_add(v, copy);
	free(copy);
}

static void
split_csv(const char *line, size_t n, struct strv *out, const char *label,
    long lineno)
{
	struct csv_parser *p = &live.p;

	strv_free(out);
	if (csv_init(p, CSV_APPEND_NULL) != 0)
		s2r_die("out of memory");
	live.parsing = true;
	if (csv_parse(p, line, n, on_field, NULL, out) != n ||
	    csv_fini(p, on_field, NULL, out) != 0)
		s2r_die_at(label, lineno, 1, "expected a CSV row, got %s",
		    csv_strerror(csv_error(p)));
	csv_free(p);
	live.parsing = false;
}

/* 1-based column where field k of a CSV line starts (quote aware). */
static long
field_column(const char *line, size_t k)
{
	bool quoted = false;
	size_t f = 0;
	long col = 1;

	for (const char *p = line; *p && f < k; p++, col++) {
		if (*p == '"')
			quoted = !quoted;
		else if (*p == ',' && !quoted)
			f++;
	}
	return col;
}

static long
col_of(const struct strv *hdr, const char *name)
{
	for (size_t i = 0; i < hdr->n; i++)
		if (strcmp(hdr->v[i], name) == 0)
			return (long)i;
	return -1;
}

/* A time column "Start (ns)" in any unit nsys writes; scale to ns. */
static long
time_col(const struct strv *hdr, const char *base, int *scale)
{
	static const struct { const char *unit; int scale; } units[] = {
		{ "ns", 0 }, { "us", 3 }, { "ms", 6 }, { "s", 9 },
	};
	char name[128];

	for (size_t u = 0; u < 4; u++) {
		long c;

		snprintf(name, sizeof(name), "%s (%s)", base, units[u].unit);
		if ((c = col_of(hdr, name)) >= 0) {
			*scale = units[u].scale;
			return c;
		}
	}
	return -1;
}

static enum report
report_of(const struct strv *h)
{
	int sc;

	if (time_col(h, "Projected Start", &sc) >= 0)
		return R_PROJ;
	if (time_col(h, "Start", &sc) < 0)
		return R_NONE;
	if (col_of(h, "Strm") >= 0 && col_of(h, "Name") >= 0)
		return R_GPU;
	if (col_of(h, "CorrID") >= 0 && col_of(h, "Tid") >= 0)
		return R_API;
	if (time_col(h, "End", &sc) >= 0 && col_of(h, "TID") >= 0)
		return R_NVTX;
	return R_NONE;
}

const char *
nsys_report_kind(const char *line)
{
	static const char *const names[] = { NULL, "cuda_gpu_trace",
	    "cuda_api_trace", "nvtx_pushpop_trace", "nvtx_gpu_proj_trace" };
	struct strv h = {0};
	enum report r;

	split_csv(line, strlen(line), &h, "-", 1);
	r = report_of(&h);
	strv_free(&h);
	return names[r];
}

struct cols {
	long	start, dur, end, corr, dev, strm, name, pid, tid;
	int	sstart, sdur, send;
};

static const char *
field(const struct row *r, long c, const char *what)
{
	if (c < 0 || (size_t)c >= r->f->n)
		s2r_die_at(r->label, r->line, field_column(r->text, r->f->n),
		    "expected a value for %s, got a short row (%zu fields)",
		    what, r->f->n);
	return r->f->v[c];
}

static int64_t
field_time(const struct row *r, long c, int scale, const char *what)
{
	const char *s = field(r, c, what);
	int64_t v;

	if (!dec_to_scaled(s, strlen(s), scale, &v))
		s2r_die_at(r->label, r->line, field_column(r->text, (size_t)c),
		    "%s: expected a number, got \"%s\"", what, s);
	return v;
}

static int64_t
field_int(const struct row *r, long c, const char *what)
{
	const char *s = field(r, c, what);
	int64_t v;

	if (!parse_i64(s, strlen(s), &v))
		s2r_die_at(r->label, r->line, field_column(r->text, (size_t)c),
		    "%s: expected an integer, got \"%s\"", what, s);
	return v;
}

/* "NVIDIA H100 80GB HBM3 (0)" or "0" -> 0. */
static int32_t
field_device(const struct row *r, long c)
{
	const char *s = field(r, c, "Device");
	const char *open = strrchr(s, '(');
	int64_t v;

	if (parse_i64(s, strlen(s), &v))
		return (int32_t)v;
	if (open != NULL) {
		const char *close = strchr(open, ')');

		if (close != NULL && parse_i64(open + 1,
		    (size_t)(close - open - 1), &v))
			return (int32_t)v;
	}
	s2r_die_at(r->label, r->line, field_column(r->text, (size_t)c),
	    "Device: expected \"name (N)\" or N, got \"%s\"", s);
}

static void
gpu_row(struct ktrace *t, const struct row *r, const struct cols *c)
{
	struct kop *op = ktrace_add_op(t);
	const char *name = field(r, c->name, "Name");
	const char *corr;

	op->start = field_time(r, c->start, c->sstart, "Start");
	op->dur = field_time(r, c->dur, c->sdur, "Duration");
	if (op->dur < 0)
		s2r_die_at(r->label, r->line, field_column(r->text,
		    (size_t)c->dur), "Duration: expected >= 0, got %s",
		    field(r, c->dur, "Duration"));
	op->name = strtab_intern(&t->names, name);
	op->cat = str_has_prefix(name, "[CUDA memcpy") ? KC_MEMCPY :
	    str_has_prefix(name, "[CUDA memset") ? KC_MEMSET : KC_KERNEL;
	op->dev = c->dev >= 0 ? field_device(r, c->dev) : 0;
	op->stream = (int32_t)field_int(r, c->strm, "Strm");
	corr = c->corr >= 0 ? field(r, c->corr, "CorrId") : "";
	if (*corr != '\0')
		op->corr = field_int(r, c->corr, "CorrId");
	op->line = (int32_t)r->line;
	op->column = 1;
}

static void
api_row(struct ktrace *t, const struct row *r, const struct cols *c)
{
	const char *name = field(r, c->name, "Name");

	ktrace_add_launch(t, field_int(r, c->corr, "CorrID"),
	    c->pid >= 0 ? field_int(r, c->pid, "Pid") : 0,
	    field_int(r, c->tid, "Tid"), field_time(r, c->start, c->sstart,
	    "Start"), strstr(name, "GraphLaunch") != NULL);
}

static void
nvtx_row(struct ktrace *t, const struct row *r, const struct cols *c,
    bool proj)
{
	const char *name = field(r, c->name, "Name");
	int64_t start = field_time(r, c->start, c->sstart, "Start");
	int64_t dur;

	if (*name == '\0')
		return;		/* the synthetic root range */
	if (proj)
		dur = field_time(r, c->dur, c->sdur, "Projected Duration");
	else
		dur = field_time(r, c->end, c->send, "End") - start;
	if (dur < 0)
		s2r_die_at(r->label, r->line, 1, "expected a range that ends "
		    "after it starts");
	if (!ktrace_add_marker(t, name, start, dur, proj ? -1 :
	    (c->pid >= 0 ? field_int(r, c->pid, "PID") : 0),
	    c->tid >= 0 ? field_int(r, c->tid, "TID") : 0, proj, r->line, 1))
		t->n_skipped++;
}

static void
need_col(long c, const char *label, long line, const char *name)
{
	if (c < 0)
		s2r_die_at(label, line, 1, "expected a \"%s\" column in the "
		    "header, got none", name);
}

static void
find_cols(enum report rep, const struct strv *h, struct cols *c,
    const char *label, long line)
{
	memset(c, 0xff, sizeof(*c));
	c->start = time_col(h, rep == R_PROJ ? "Projected Start" : "Start",
	    &c->sstart);
	c->dur = time_col(h, rep == R_PROJ ? "Projected Duration" :
	    "Duration", &c->sdur);
	c->end = time_col(h, "End", &c->send);
	c->corr = col_of(h, rep == R_API ? "CorrID" : "CorrId");
	c->dev = col_of(h, "Device");
	c->strm = col_of(h, "Strm");
	c->name = col_of(h, "Name");
	c->pid = col_of(h, rep == R_API ? "Pid" : "PID");
	c->tid = col_of(h, rep == R_API ? "Tid" : "TID");
	need_col(c->name, label, line, "Name");
	if (rep == R_GPU)
		need_col(c->dur, label, line, "Duration (ns)");
	if (rep == R_API) {
		need_col(c->corr, label, line, "CorrID");
		need_col(c->tid, label, line, "Tid");
	}
	if (rep == R_PROJ)
		need_col(c->dur, label, line, "Projected Duration (ns)");
}


void
nsys_reset(void)
{
	free(live.line);
	strv_free(&live.hdr);
	strv_free(&live.row);
	if (live.mem != NULL)
		fclose(live.mem);
	if (live.parsing)
		csv_free(&live.p);
	memset(&live, 0, sizeof(live));
}

static void
read_lines(struct ktrace *t, FILE *f, const char *label)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 0;
	enum report rep = R_NONE;
	struct strv *hdr = &live.hdr;	/* static: nsys_reset frees them */
	struct row r = { &live.row, label, 0, NULL };
	struct cols c;

	while ((n = getline(&line, &cap, f)) >= 0) {
		live.line = line;
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0)
			continue;
		if (rep == R_NONE) {
			/* Preamble lines ("Generating ...", "NOTICE: ...",
			 * "Processing [...]") come before the header. */
			split_csv(line, (size_t)n, hdr, label, lineno);
			rep = report_of(hdr);
			if (rep != R_NONE)
				find_cols(rep, hdr, &c, label, lineno);
			else if (lineno >= 20)
				break;
			continue;
		}
		r.line = lineno;
		r.text = line;
		split_csv(line, (size_t)n, r.f, label, lineno);
		if (rep == R_GPU)
			gpu_row(t, &r, &c);
		else if (rep == R_API)
			api_row(t, &r, &c);
		else
			nvtx_row(t, &r, &c, rep == R_PROJ);
	}
	if (ferror(f))
		s2r_die_at(label, lineno + 1, 0, "read error");
	strv_free(hdr);
	strv_free(r.f);
	free(line);
	live.line = NULL;
	if (rep == R_NONE)
		s2r_die_at(label, 1, 1, "expected an nsys stats CSV header "
		    "(cuda_gpu_trace, cuda_api_trace, nvtx_pushpop_trace or "
		    "nvtx_gpu_proj_trace), got none in the first %ld lines",
		    lineno < 20 ? lineno : 20);
}

void
nsys_read(struct ktrace *t, FILE *f, const char *label)
{
	read_lines(t, f, label);
}

void
nsys_read_mem(struct ktrace *t, const void *buf, size_t len,
    const char *label)
{
	FILE *f;

	if (len == 0)
		s2r_die_at(label, 1, 1, "expected an nsys stats CSV report, "
		    "got an empty file");
	f = fmemopen((void *)(uintptr_t)buf, len, "r");
	if (f == NULL)
		s2r_die("%s: cannot open", label);
	live.mem = f;
	read_lines(t, f, label);
	live.mem = NULL;
	fclose(f);
}
