/* nsys.c - see nsys.h.  The report is read through lib/csvr: each row
 * before the header is offered to csvr as a header candidate until one
 * names a report's columns, and fields are then looked up by the column
 * index found in that header.  Messages name the field by its 1-based
 * number, as csvr does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvr.h"
#include "err.h"
#include "jsonscan.h"
#include "nsys.h"
#include "str.h"

/* Preamble lines ("Generating ...", "NOTICE: ...", "Processing [...]")
 * come before the header; a header later than this line is not looked
 * for. */
#define PREAMBLE_MAX	20

enum report { R_NONE, R_GPU, R_API, R_NVTX, R_PROJ };

/* What a read in progress holds, for nsys_reset after a die hook. */
static struct {
	struct csvr	*r;
	FILE		*mem;
} live;

/* A time column "Start (ns)" in any unit nsys writes; scale to ns. */
static long
time_col(const struct csvr *r, const char *base, int *scale)
{
	static const struct { const char *unit; int scale; } units[] = {
		{ "ns", 0 }, { "us", 3 }, { "ms", 6 }, { "s", 9 },
	};
	char name[128];

	for (size_t u = 0; u < 4; u++) {
		long c;

		snprintf(name, sizeof(name), "%s (%s)", base, units[u].unit);
		if ((c = csvr_col(r, name, false)) >= 0) {
			*scale = units[u].scale;
			return c;
		}
	}
	return -1;
}

static bool
has_col(const struct csvr *r, const char *name)
{
	return csvr_col(r, name, false) >= 0;
}

static enum report
report_of(const struct csvr *r)
{
	int sc;

	if (time_col(r, "Projected Start", &sc) >= 0)
		return R_PROJ;
	if (time_col(r, "Start", &sc) < 0)
		return R_NONE;
	if (has_col(r, "Strm") && has_col(r, "Name"))
		return R_GPU;
	if (has_col(r, "CorrID") && has_col(r, "Tid"))
		return R_API;
	if (time_col(r, "End", &sc) >= 0 && has_col(r, "TID"))
		return R_NVTX;
	return R_NONE;
}

struct cols {
	long	start, dur, end, corr, dev, strm, name, pid, tid;
	int	sstart, sdur, send;
};

static noreturn void
bad_field(const struct csvr *r, long c, const char *what,
    const char *expected)
{
	s2r_die_at(csvr_label(r), csvr_line(r), c + 1, "%s: expected %s, "
	    "got \"%s\"", what, expected, csvr_str(r, c, NULL));
}

static int64_t
field_time(const struct csvr *r, long c, int scale, const char *what)
{
	size_t len;
	const char *s = csvr_str(r, c, &len);
	int64_t v;

	if (!dec_to_scaled(s, len, scale, &v))
		bad_field(r, c, what, "a number");
	return v;
}

static int64_t
field_int(const struct csvr *r, long c, const char *what)
{
	size_t len;
	const char *s = csvr_str(r, c, &len);
	int64_t v;

	if (!parse_i64(s, len, &v))
		bad_field(r, c, what, "an integer");
	return v;
}

/* "NVIDIA H100 80GB HBM3 (0)" or "0" -> 0. */
static int32_t
field_device(const struct csvr *r, long c)
{
	size_t len;
	const char *s = csvr_str(r, c, &len);
	const char *open = strrchr(s, '(');
	int64_t v;

	if (parse_i64(s, len, &v))
		return (int32_t)v;
	if (open != NULL) {
		const char *close = strchr(open, ')');

		if (close != NULL && parse_i64(open + 1,
		    (size_t)(close - open - 1), &v))
			return (int32_t)v;
	}
	bad_field(r, c, "Device", "\"name (N)\" or N");
}

static void
gpu_row(struct ktrace *t, const struct csvr *r, const struct cols *c)
{
	struct kop *op = ktrace_add_op(t);
	const char *name = csvr_str(r, c->name, NULL);

	op->start = field_time(r, c->start, c->sstart, "Start");
	op->dur = field_time(r, c->dur, c->sdur, "Duration");
	if (op->dur < 0)
		s2r_die_at(csvr_label(r), csvr_line(r), c->dur + 1,
		    "Duration: expected >= 0, got %s",
		    csvr_str(r, c->dur, NULL));
	op->name = strtab_intern(&t->names, name);
	op->cat = str_has_prefix(name, "[CUDA memcpy") ? KC_MEMCPY :
	    str_has_prefix(name, "[CUDA memset") ? KC_MEMSET : KC_KERNEL;
	op->dev = c->dev >= 0 ? field_device(r, c->dev) : 0;
	op->stream = (int32_t)field_int(r, c->strm, "Strm");
	if (!csvr_empty(r, c->corr))
		op->corr = field_int(r, c->corr, "CorrId");
	op->line = (int32_t)csvr_line(r);
	op->column = 1;
}

static void
api_row(struct ktrace *t, const struct csvr *r, const struct cols *c)
{
	const char *name = csvr_str(r, c->name, NULL);

	ktrace_add_launch(t, field_int(r, c->corr, "CorrID"),
	    c->pid >= 0 ? field_int(r, c->pid, "Pid") : 0,
	    field_int(r, c->tid, "Tid"), field_time(r, c->start, c->sstart,
	    "Start"), klaunch_kind(name));
}

static void
nvtx_row(struct ktrace *t, const struct csvr *r, const struct cols *c,
    bool proj)
{
	const char *name = csvr_str(r, c->name, NULL);
	int64_t start = field_time(r, c->start, c->sstart, "Start");
	int64_t dur;

	if (*name == '\0')
		return;		/* the synthetic root range */
	if (proj)
		dur = field_time(r, c->dur, c->sdur, "Projected Duration");
	else
		dur = field_time(r, c->end, c->send, "End") - start;
	if (dur < 0)
		s2r_die_at(csvr_label(r), csvr_line(r), 1, "expected a range "
		    "that ends after it starts");
	if (!ktrace_add_marker(t, name, start, dur, proj ? -1 :
	    (c->pid >= 0 ? field_int(r, c->pid, "PID") : 0),
	    c->tid >= 0 ? field_int(r, c->tid, "TID") : 0, proj,
	    csvr_line(r), 1))
		t->n_skipped++;
}

static void
need_col(const struct csvr *r, long c, const char *name)
{
	if (c < 0)
		s2r_die_at(csvr_label(r), csvr_header_line(r), 1, "expected a "
		    "\"%s\" column in the header, got none", name);
}

static void
find_cols(enum report rep, const struct csvr *r, struct cols *c)
{
	memset(c, 0xff, sizeof(*c));
	c->start = time_col(r, rep == R_PROJ ? "Projected Start" : "Start",
	    &c->sstart);
	c->dur = time_col(r, rep == R_PROJ ? "Projected Duration" :
	    "Duration", &c->sdur);
	c->end = time_col(r, "End", &c->send);
	c->corr = csvr_col(r, rep == R_API ? "CorrID" : "CorrId", false);
	c->dev = csvr_col(r, "Device", false);
	c->strm = csvr_col(r, "Strm", false);
	c->name = csvr_col(r, "Name", false);
	c->pid = csvr_col(r, rep == R_API ? "Pid" : "PID", false);
	c->tid = csvr_col(r, rep == R_API ? "Tid" : "TID", false);
	need_col(r, c->name, "Name");
	if (rep == R_GPU)
		need_col(r, c->dur, "Duration (ns)");
	if (rep == R_API) {
		need_col(r, c->corr, "CorrID");
		need_col(r, c->tid, "Tid");
	}
	if (rep == R_PROJ)
		need_col(r, c->dur, "Projected Duration (ns)");
}

static noreturn void
no_header(const struct csvr *r, long lines)
{
	s2r_die_at(csvr_label(r), 1, 1, "expected an nsys stats CSV header "
	    "(cuda_gpu_trace, cuda_api_trace, nvtx_pushpop_trace or "
	    "nvtx_gpu_proj_trace), got none in the first %ld lines", lines);
}

/* The report's header after its preamble lines. */
static enum report
find_header(struct csvr *r, struct cols *c)
{
	enum report rep;
	long lines;

	while (csvr_next_header(r)) {
		if ((rep = report_of(r)) != R_NONE) {
			find_cols(rep, r, c);
			return rep;
		}
		if (csvr_header_line(r) >= PREAMBLE_MAX)
			no_header(r, PREAMBLE_MAX);
	}
	lines = csvr_line(r) - 1;
	no_header(r, lines < PREAMBLE_MAX ? lines : PREAMBLE_MAX);
}

void
nsys_reset(void)
{
	csvr_close(live.r);
	if (live.mem != NULL)
		fclose(live.mem);
	memset(&live, 0, sizeof(live));
}

void
nsys_read(struct ktrace *t, FILE *f, const char *label)
{
	struct csvr *r = csvr_attach(f, label);
	struct cols c;
	enum report rep;

	live.r = r;
	csvr_loose_quotes(r);
	rep = find_header(r, &c);
	while (csvr_next(r)) {
		if (rep == R_GPU)
			gpu_row(t, r, &c);
		else if (rep == R_API)
			api_row(t, r, &c);
		else
			nvtx_row(t, r, &c, rep == R_PROJ);
	}
	live.r = NULL;
	csvr_close(r);
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
	nsys_read(t, f, label);
	live.mem = NULL;
	fclose(f);
}
