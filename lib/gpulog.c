/* gpulog.c - nvidia-smi tables in gpu_logs/ into per-GPU measure records.
 *
 * A GPU takes two rows of the default table (three with the MIG line):
 *   |   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |
 *   | N/A   35C    P0             71W /  700W |       1MiB /  81559MiB |      0%      Default |
 * Cells are split on '|', so column widths (they changed between
 * drivers) do not matter. */
#define _GNU_SOURCE	/* memmem */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gpulog.h"
#include "numtext.h"
#include "rec.h"
#include "stats.h"
#include "str.h"

#define GPU_MAX		64	/* per node; more is junk input */
#define GPU_MAX_CELLS	4

void
gpulog_init(struct gpulog *g, const char *file, const struct gpuwindow *win)
{
	static const char *const suffixes[] = { ".log", NULL };

	memset(g, 0, sizeof(*g));
	g->file = file;
	g->warn.file = file;
	g->stem = log_stem(file, suffixes);
	g->node = xstrdup(g->stem);
	g->win = win != NULL && win->known ? win : NULL;
	g->in_window = true;
}

/* Splits "| a | b | c |" into trimmed cells; the count, 0 if not a row. */
static int
split_row(const char *s, size_t n, const char **cell, size_t *len)
{
	const char *end = s + n, *p;
	int k = 0;

	while (end > s && end[-1] == ' ')
		end--;
	if (end - s < 2 || *s != '|' || end[-1] != '|')
		return 0;
	for (p = s + 1; p < end && k < GPU_MAX_CELLS; k++) {
		const char *bar = memchr(p, '|', (size_t)(end - p));

		if (bar == NULL)
			break;
		while (p < bar && *p == ' ')
			p++;
		cell[k] = p;
		len[k] = (size_t)(bar - p);
		while (len[k] > 0 && p[len[k] - 1] == ' ')
			len[k]--;
		p = bar + 1;
	}
	return k;
}

/* Whitespace-separated tokens of a cell. */
static int
tokens(const char *s, size_t n, const char **tok, size_t *tlen, int max)
{
	int k = 0;

	for (size_t i = 0; i < n && k < max;) {
		while (i < n && s[i] == ' ')
			i++;
		if (i >= n)
			break;
		tok[k] = s + i;
		while (i < n && s[i] != ' ')
			i++;
		tlen[k] = (size_t)(s + i - tok[k]);
		k++;
	}
	return k;
}

static struct gpustat *
gpu_get(struct gpulog *g, int index, long line)
{
	struct gpustat *x;

	for (size_t k = 0; k < g->ngpu; k++)
		if (g->gpu[k].index == index)
			return &g->gpu[k];
	if (g->ngpu >= GPU_MAX)
		return NULL;
	g->gpu = xroom(g->gpu, g->ngpu, sizeof(*g->gpu));
	x = &g->gpu[g->ngpu++];
	memset(x, 0, sizeof(*x));
	x->index = index;
	x->power_cap = x->mem_total = -1;
	x->ecc_max = -1;
	x->first_line = line;
	return x;
}

/* nvidia-smi prints ERR! for a field the driver cannot read: a GPU in
 * an error state (an Xid such as 79, fallen off the bus).  Its other
 * fields then parse as nothing, so without this the sample would just
 * drop out of the statistics. */
static bool
has_err(const char *s, size_t n)
{
	return memmem(s, n, "ERR!", 4) != NULL;
}

/* First row: "0  NVIDIA H100 80GB HBM3  On" | bus | ECC. */
static bool
first_row(struct gpulog *g, const char **cell, size_t *len, int ncell,
    long line)
{
	const char *tok[16];
	size_t tlen[16];
	struct gpustat *x;
	int nt;
	int64_t index;
	double ecc;

	if (ncell < 3 || (nt = tokens(cell[0], len[0], tok, tlen, 16)) < 2 ||
	    !parse_i64(tok[0], tlen[0], &index) || index < 0 || index > 4096)
		return false;
	if ((x = gpu_get(g, (int)index, line)) == NULL)
		return true;
	if (x->name == NULL) {
		/* Name: between the index and the persistence mode word. */
		const char *from = tok[1];
		const char *to = nt > 2 ? tok[nt - 1] : cell[0] + len[0];

		while (to > from && to[-1] == ' ')
			to--;
		x->name = xstrndup(from, (size_t)(to - from));
	}
	if (num_lead(cell[2], len[2], &ecc) > 0 && ecc > x->ecc_max)
		x->ecc_max = ecc;
	g->pending_err = has_err(cell[2], len[2]);
	g->pending = x;
	g->pending_line = line;
	return true;
}

static void
add_pstate(struct gpustat *x, const char *p, size_t n)
{
	char ps[8];
	size_t have = strlen(x->pstates);

	if (n == 0 || n >= sizeof(ps))
		return;
	memcpy(ps, p, n);
	ps[n] = '\0';
	for (const char *q = x->pstates; (q = strstr(q, ps)) != NULL; q++)
		if ((q == x->pstates || q[-1] == ',') &&
		    (q[n] == '\0' || q[n] == ','))
			return;
	if (have + n + 2 < sizeof(x->pstates))
		snprintf(x->pstates + have, sizeof(x->pstates) - have, "%s%s",
		    have ? "," : "", ps);
}

/* A sample inside the workload window at full load: kept for the
 * thermal statistics, up to GPU_MAX_BUSY per log. */
static void
busy_add(struct gpulog *g, struct gpustat *x, double temp, double power,
    long line)
{
	if (g->nbusy >= GPU_MAX_BUSY) {
		if (g->busy_dropped++ == 0)
			logwarn(&g->warn, WARN_SYNTAX, line, 1, "more than %d "
			    "full-load samples: the rest are left out of the "
			    "thermal statistics", GPU_MAX_BUSY);
		return;
	}
	if (x->nbusy == x->capbusy) {
		x->capbusy = x->capbusy ? x->capbusy * 2 : 64;
		x->busy = xreallocarray(x->busy, x->capbusy,
		    sizeof(*x->busy));
	}
	x->busy[x->nbusy++] = (struct gpusample){ temp, power };
	g->nbusy++;
}

/* Second row: "N/A 35C P0 71W / 700W" | "1MiB / 81559MiB" | "0% Default". */
static bool
second_row(struct gpulog *g, const char **cell, size_t *len, int ncell,
    long line)
{
	struct gpustat *x = g->pending;
	const char *tok[16];
	size_t tlen[16];
	double v, cap, temp = NAN, power = NAN, util = NAN;
	int nt;

	g->pending = NULL;
	/* before the row's shape is checked: ERR! may blank any field */
	if (g->in_window && (g->pending_err || (ncell > 0 &&
	    has_err(cell[0], len[0])) || (ncell > 2 && has_err(cell[2],
	    len[2]))) && x->errs++ == 0)
		x->err_line = line;
	if (ncell < 3 || (nt = tokens(cell[0], len[0], tok, tlen, 16)) < 6)
		return false;
	if (num_lead(tok[1], tlen[1], &temp) > 0) {
		vseries_add(&x->s[GS_TEMP], temp);
		if (temp >= GPU_HOT_C)
			x->hot++;
	}
	add_pstate(x, tok[2], tlen[2]);
	if (tlen[2] != 2 || memcmp(tok[2], "P0", 2) != 0)
		x->not_p0++;
	if (num_lead(tok[3], tlen[3], &power) > 0) {
		vseries_add(&x->s[GS_POWER], power);
		if (num_lead(tok[5], tlen[5], &cap) > 0 && cap > 0) {
			x->power_cap = cap;
			if (power >= GPU_CAP_FRACTION * cap)
				x->capped++;
		}
	}
	if ((nt = tokens(cell[1], len[1], tok, tlen, 16)) >= 3) {
		if (num_lead(tok[0], tlen[0], &v) > 0)
			vseries_add(&x->s[GS_MEM_USED], v);
		if (num_lead(tok[2], tlen[2], &v) > 0)
			x->mem_total = v;
	}
	if (tokens(cell[2], len[2], tok, tlen, 16) >= 1 &&
	    num_lead(tok[0], tlen[0], &util) > 0)
		vseries_add(&x->s[GS_UTIL], util);
	g->mig_row = x;
	if (!g->in_window)
		return true;
	x->window++;
	if (util >= GPU_BUSY_UTIL && !isnan(temp))
		busy_add(g, x, temp, power, line);
	return true;
}

/* nvidia-smi's own complaint about a GPU it cannot reach ("Unable to
 * determine the device handle for GPU0000:2A:00.0: Unknown Error", "GPU
 * is lost"), printed in place of its table: the GPU fell off the bus. */
/* nvidia-smi failing as a whole, in place of the whole table: it reads
 * no GPU at all (NVML not loaded: a driver upgraded under the sampler's
 * pod, the driver not reachable from it).  The sampler's fault, not a
 * GPU's: the GPUs went unsampled.  Over the whole log. */
static const char *const smi_failures[] = {
	"Failed to initialize NVML", "NVIDIA-SMI has failed",
	"couldn't communicate with the NVIDIA driver", "No devices were found",
	NULL
};

static void	block_failed(struct gpulog *, long);

static bool
smi_failed(struct gpulog *g, const char *s, size_t n, long line)
{
	for (size_t k = 0; smi_failures[k] != NULL; k++) {
		if (memmem(s, n, smi_failures[k], strlen(smi_failures[k])) ==
		    NULL)
			continue;
		block_failed(g, line);
		if (g->smi_failed++ == 0) {
			g->smi_failed_line = line;
			g->smi_failed_text = xstrndup(s, n < 200 ? n : 200);
		}
		return true;
	}
	return false;
}

static void
smi_error(struct gpulog *g, const char *s, size_t n, long line)
{
	if (smi_failed(g, s, n, line))
		return;
	if (!g->in_window || (memmem(s, n, "Unable to determine the device "
	    "handle", 37) == NULL && memmem(s, n, "GPU is lost", 11) ==
	    NULL))
		return;
	if (g->smi_errs++ == 0)
		g->smi_err_line = line;
}

/* The third row of a GPU, "|  |  |  Enabled |": its MIG mode.  A pod on
 * a MIG instance has a slice of the GPU, and nvidia-smi reads no
 * GPU-Util for a GPU in MIG mode, so its load cannot be judged. */
static void
mig_mode(struct gpulog *g, struct gpustat *x, const char *s, size_t n,
    long line)
{
	if (!g->in_window || n != 7 || memcmp(s, "Enabled", 7) != 0)
		return;
	if (x->mig++ == 0)
		x->mig_line = line;
}

/* nvidia-smi's 'MIG devices:' table, up to 'Processes:' or the next
 * block: its rows ("|  0    1   0   0  | 19MiB / 40192MiB | 42  0 |")
 * would otherwise read as GPU rows (the SM count as ECC errors). */
static bool
skip_mig_table(struct gpulog *g, const char **cell, const size_t *len,
    int ncell)
{
	if (len[0] >= 12 && memcmp(cell[0], "MIG devices:", 12) == 0) {
		g->in_mig_table = true;
		g->pending = NULL;
		g->mig_row = NULL;
		return true;
	}
	if (len[0] >= 10 && memcmp(cell[0], "Processes:", 10) == 0) {
		g->in_mig_table = false;
		g->in_proc_table = true;
	}
	return g->in_mig_table && ncell > 0;
}

/* The type column of a process row: C (compute), G (graphics), C+G,
 * M or M+C (MPS) ; true for those that run compute work. */
static bool
compute_type(const char *s, size_t n)
{
	bool c = false;

	if (n == 0 || n > 3)
		return false;
	for (size_t k = 0; k < n; k++) {
		if (strchr("CGM+", s[k]) == NULL)
			return false;
		c |= s[k] == 'C';
	}
	return c;
}

/* A row of the 'Processes:' table: "2 N/A N/A 823822 C python3
 * 60689MiB" (GI and CI are absent before driver 450, so the type is
 * found, not counted to).  Counts the GPU's compute processes in this
 * table; the table with the most is kept, with its rows as text. */
static bool
proc_row(struct gpulog *g, const char *s, size_t n, long line)
{
	const char *tok[16];
	size_t tlen[16];
	int nt = tokens(s, n, tok, tlen, 16), t = 1;
	int64_t index;
	struct gpustat *x = NULL;
	size_t have;

	if (nt < 4 || !parse_i64(tok[0], tlen[0], &index))
		return false;
	while (t < nt - 1 && !compute_type(tok[t], tlen[t]))
		t++;
	for (size_t k = 0; k < g->ngpu && x == NULL; k++)
		x = g->gpu[k].index == index ? &g->gpu[k] : NULL;
	if (t >= nt - 1 || x == NULL || !g->in_window)
		return true;
	g->proc_rows = true;
	if (x->procs_now++ == 0)
		x->procs_now_text[0] = '\0';
	have = strlen(x->procs_now_text);
	/* the name: the tokens between the type and the memory */
	snprintf(x->procs_now_text + have, sizeof(x->procs_now_text) - have,
	    "%sPID %.*s %.*s %.*s", have > 0 ? "; " : "", (int)tlen[t - 1],
	    tok[t - 1], t + 1 < nt - 1 ? (int)(tok[nt - 2] + tlen[nt - 2] -
	    tok[t + 1]) : 1, t + 1 < nt - 1 ? tok[t + 1] : "-",
	    (int)tlen[nt - 1], tok[nt - 1]);
	if (x->procs_now > x->procs_max) {
		x->procs_max = x->procs_now;
		x->procs_line = line - x->procs_now + 1;
		memcpy(x->procs_text, x->procs_now_text,
		    sizeof(x->procs_text));
	}
	return true;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian; Howard Hinnant's
 * days_from_civil). */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* "2026-09-09T06:30:29Z" (date -u +%Y-%m-%dT%H:%M:%SZ) as epoch µs. */
static bool
utc_stamp_us(const char *s, size_t n, int64_t *out)
{
	int64_t y, mo, d, h, mi, sec;

	if (n != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' ||
	    s[13] != ':' || s[16] != ':' || s[19] != 'Z' ||
	    !parse_i64(s, 4, &y) || !parse_i64(s + 5, 2, &mo) ||
	    !parse_i64(s + 8, 2, &d) || !parse_i64(s + 11, 2, &h) ||
	    !parse_i64(s + 14, 2, &mi) || !parse_i64(s + 17, 2, &sec))
		return false;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
	    sec > 60)
		return false;
	*out = ((days_from_civil(y, (int)mo, (int)d) * 24 + h) * 60 + mi) *
	    60 + sec;
	*out *= 1000000;
	return true;
}

/* Whether the block stamped [s, s+n) is inside the workload window. */
static bool
block_in_window(struct gpulog *g, const char *s, size_t n)
{
	int64_t us;

	if (g->win == NULL)
		return true;
	if (!utc_stamp_us(s, n, &us)) {
		g->untimed++;
		return false;
	}
	if (us < g->win->from_us || us > g->win->to_us)
		return false;
	g->prev_first_us = g->win_first_us;
	g->prev_last_us = g->win_last_us;
	g->blk_counted = true;
	if (g->win_blocks++ == 0)
		g->win_first_us = us;
	g->win_last_us = us;
	return true;
}

/* The current block sampled nothing (nvidia-smi failed as a whole): out
 * of the window's sampled blocks and its stamps, into its failed ones. */
static void
block_failed(struct gpulog *g, long line)
{
	if (!g->blk_counted)
		return;
	g->blk_counted = false;
	g->win_blocks--;
	g->win_first_us = g->prev_first_us;
	g->win_last_us = g->prev_last_us;
	if (g->win_failed++ == 0)
		g->win_failed_line = line;
}

/* "===== 2026-09-09T06:30:29Z node-a (ns/dcgm-pod) =====" */
static bool
block_header(struct gpulog *g, const char *s, size_t n)
{
	const char *end = s + n, *p, *q;

	if (n < 12 || memcmp(s, "===== ", 6) != 0 ||
	    memcmp(end - 6, " =====", 6) != 0)
		return false;
	g->blocks++;
	g->blk_counted = false;
	g->pending = NULL;
	g->mig_row = NULL;
	g->in_mig_table = false;
	g->in_proc_table = false;
	for (size_t k = 0; k < g->ngpu; k++)
		g->gpu[k].procs_now = 0;
	/* The stamp is the first word, the node the second. */
	p = memchr(s + 6, ' ', (size_t)(end - s - 6));
	g->in_window = block_in_window(g, s + 6, p != NULL ?
	    (size_t)(p - s - 6) : 0);
	if (p == NULL)
		return true;
	p++;
	for (q = p; q < end && *q != ' '; q++)
		;
	if (q > p && g->blocks == 1) {
		free(g->node);
		g->node = xstrndup(p, (size_t)(q - p));
	}
	return true;
}

void
gpulog_line(struct gpulog *g, const char *s, size_t n, long lineno)
{
	const char *cell[GPU_MAX_CELLS];
	size_t len[GPU_MAX_CELLS];
	int ncell;

	g->lines++;
	if (line_check(s, n) == LINE_BINARY) {
		g->bad_rows++;
		logwarn(&g->warn, WARN_BINARY, lineno, line_flaw_column(s, n),
		    "expected text, got a NUL byte (binary data)");
		return;
	}
	if (block_header(g, s, n))
		return;
	if ((ncell = split_row(s, n, cell, len)) == 0) {
		smi_error(g, s, n, lineno);
		return;
	}
	if (skip_mig_table(g, cell, len, ncell))
		return;
	if (g->in_proc_table && ncell == 1 && len[0] > 0 &&
	    isdigit((unsigned char)cell[0][0]) &&
	    proc_row(g, cell[0], len[0], lineno))
		return;
	if (g->mig_row != NULL) {
		struct gpustat *x = g->mig_row;

		g->mig_row = NULL;
		if (ncell >= 3 && len[0] == 0 && len[1] == 0) {
			mig_mode(g, x, cell[2], len[2], lineno);
			return;
		}
	}
	if (g->pending != NULL) {
		int index = g->pending->index;

		if (!second_row(g, cell, len, ncell, lineno)) {
			g->bad_rows++;
			logwarn(&g->warn, WARN_SYNTAX, lineno, 1, "expected the "
			    "second row of GPU %d (temp, perf, power, memory, "
			    "util), got something else", index);
		}
		return;
	}
	if (ncell >= 3 && len[0] > 0 && isdigit((unsigned char)cell[0][0]))
		(void)first_row(g, cell, len, ncell, lineno);
}

bool
gpulog_read(struct gpulog *g, const char *path)
{
	struct logreader r;
	const char *line;
	size_t len;

	if (!logreader_open(&r, path))
		return false;
	while (logreader_next(&r, &g->warn, &line, &len))
		gpulog_line(g, line, len, r.lineno);
	g->lines += r.overlong;
	g->overlong += r.overlong;
	logreader_close(&r);
	logwarn_done(&g->warn);
	return true;
}

/* ---------------------------------------------------------------- */

static const struct {
	const char	*name;
	const char	*unit;
	const char	*what;
} gseries[GS_NSERIES] = {
	[GS_TEMP] = {"temperature_c", NULL, "Temp"},
	[GS_POWER] = {"power_w", NULL, "Pwr:Usage"},
	[GS_UTIL] = {"utilization_pct", "%", "GPU-Util"},
	[GS_MEM_USED] = {"memory_used_mib", NULL, "Memory-Usage"},
};

/* One record of GPU x whose source is its line (the fact's first). */
static void
emit_at(const struct gpulog *g, const struct gpustat *x,
    const struct logctx *ctx, long line, const char *metric, json_t *value,
    const char *unit, long n, const char *field, const char *how)
{
	char dev[16];
	json_t *rec = logrec_new("5h", metric, value, unit, n);

	snprintf(dev, sizeof(dev), "%d", x->index);
	logrec_emit(ctx, rec, g->node, "device", dev,
	    rec_source(g->file, line, 0, field, how));
}

static void
emit_one(const struct gpulog *g, const struct gpustat *x,
    const struct logctx *ctx, const char *metric, json_t *value,
    const char *unit, long n, const char *field, const char *how)
{
	emit_at(g, x, ctx, x->first_line, metric, value, unit, n, field, how);
}

static void
emit_gpu(const struct gpulog *g, const struct gpustat *x,
    const struct logctx *ctx)
{
	long n = x->s[GS_TEMP].n;
	char how[160];

	emit_one(g, x, ctx, "gpu.name", x->name ? logrec_text(x->name,
	    strlen(x->name), 200) : json_string(""),
	    NULL, -1, "Name", "GPU name in the nvidia-smi table");
	emit_one(g, x, ctx, "gpu.samples", json_integer(n), "count", -1, NULL,
	    "nvidia-smi tables that list this GPU");
	for (int k = 0; k < GS_NSERIES; k++) {
		const struct vseries *s = &x->s[k];
		char metric[64];

		if (s->n == 0)
			continue;
		snprintf(how, sizeof(how), "over the %ld samples of '%s'", s->n,
		    gseries[k].what);
		snprintf(metric, sizeof(metric), "gpu.%s.min", gseries[k].name);
		emit_one(g, x, ctx, metric, rec_num(s->min), gseries[k].unit,
		    s->n, gseries[k].what, how);
		snprintf(metric, sizeof(metric), "gpu.%s.mean", gseries[k].name);
		emit_one(g, x, ctx, metric, rec_num(s->sum / (double)s->n),
		    gseries[k].unit, s->n, gseries[k].what, how);
		snprintf(metric, sizeof(metric), "gpu.%s.max", gseries[k].name);
		emit_one(g, x, ctx, metric, rec_num(s->max), gseries[k].unit,
		    s->n, gseries[k].what, how);
	}
	if (x->power_cap > 0)
		emit_one(g, x, ctx, "gpu.power_cap_w", rec_num(x->power_cap),
		    NULL, -1, "Pwr:Cap", "power cap (last seen)");
	if (x->mem_total > 0)
		emit_one(g, x, ctx, "gpu.memory_total_mib", rec_num(x->mem_total),
		    NULL, -1, "Memory-Usage", "total memory (last seen)");
	snprintf(how, sizeof(how), "samples at or above %.0f C", GPU_HOT_C);
	emit_one(g, x, ctx, "gpu.hot_samples", json_integer(x->hot), "count",
	    n, "Temp", how);
	snprintf(how, sizeof(how), "samples drawing at least %.0f%% of the "
	    "power cap (power-capped clocks)", GPU_CAP_FRACTION * 100);
	emit_one(g, x, ctx, "gpu.power_capped_samples",
	    json_integer(x->capped), "count", n, "Pwr:Usage/Cap", how);
	emit_one(g, x, ctx, "gpu.not_p0_samples", json_integer(x->not_p0),
	    "count", n, "Perf", "samples whose performance state is not P0");
	emit_one(g, x, ctx, "gpu.perf_states", json_string(x->pstates), NULL,
	    n, "Perf", "performance states seen, in order of appearance");
	if (g->proc_rows) {
		emit_at(g, x, ctx, x->procs_max > 0 ? x->procs_line :
		    x->first_line, "gpu.processes.max", json_integer(
		    x->procs_max), "count", x->window, "Processes", "most "
		    "compute processes on the GPU in one table inside the "
		    "workload window; source line: its first row in that table");
		if (x->procs_max > 0)
			emit_at(g, x, ctx, x->procs_line, "gpu.processes",
			    json_string(x->procs_text), NULL, x->window,
			    "Processes", "the GPU's compute processes in "
			    "that table (PID, name, GPU memory)");
	}
	emit_one(g, x, ctx, "gpu.ecc_uncorrected.max", x->ecc_max >= 0 ?
	    rec_num(x->ecc_max) : json_null(), "count", -1,
	    "Volatile Uncorr. ECC", "largest volatile uncorrected ECC count "
	    "(null: N/A on every sample)");
}

/* The GPU's UUID (<node>.gpus.csv) and the pods that hold it
 * (<pod>.uuids). */
static void
emit_join(const struct gpulog *g, const struct gpustat *x,
    const struct logctx *ctx, const struct gpujoin *join)
{
	const struct gpuslot *slot;
	const struct gpupod *pod;
	struct sbuf pods = {0};
	char dev[16];
	json_t *rec;

	if (join == NULL ||
	    (slot = gpujoin_slot(join, g->node, g->stem, x->index)) == NULL)
		return;
	snprintf(dev, sizeof(dev), "%d", x->index);
	rec = logrec_new("5h", "gpu.uuid", json_string(slot->uuid), NULL, -1);
	logrec_emit(ctx, rec, g->node, "device", dev, rec_source(slot->file,
	    slot->line, 0, "uuid", "the UUID of this host index (nvidia-smi "
	    "--query-gpu=index,uuid,gpu_bus_id)"));
	if ((pod = gpujoin_pods_of(join, slot->uuid, &pods)) != NULL) {
		rec = logrec_new("5h", "gpu.pods", json_string(sbuf_str(&pods)),
		    NULL, -1);
		logrec_emit(ctx, rec, g->node, "device", dev, rec_source(
		    pod->file, pod->line, 0, "UUID", "the pods whose nvidia-smi "
		    "-L lists this GPU's UUID (source: the first)"));
	}
	sbuf_free(&pods);
}

/* One busy statistic, its how "<what> <over>". */
static void
emit_busy_one(const struct gpulog *g, const struct gpustat *x,
    const struct logctx *ctx, const char *metric, json_t *value,
    const char *unit, size_t n, const char *field, const char *what,
    const char *over)
{
	struct sbuf how = {0};

	sbuf_printf(&how, "%s %s", what, over);
	emit_one(g, x, ctx, metric, value, unit, (long)n, field,
	    sbuf_str(&how));
	sbuf_free(&how);
}

/* Temperature quantiles, power and throttling over the busy samples
 * (throttled: at or above GPU_THROTTLE_C and GPU_THROTTLE_DROP_W below
 * the mean busy power, upstream's definition). */
static void
emit_busy(const struct gpulog *g, const struct gpustat *x,
    const struct logctx *ctx, const char *over)
{
	size_t n = x->nbusy, throttled = 0;
	struct dvals t = {0}, p = {0};
	double mean = 0;
	char what[160];

	for (size_t k = 0; k < n; k++) {
		dvals_add(&t, x->busy[k].temp);
		if (!isnan(x->busy[k].power)) {
			dvals_add(&p, x->busy[k].power);
			mean += x->busy[k].power;
		}
	}
	mean = p.n > 0 ? mean / (double)p.n : NAN;
	for (size_t k = 0; k < n && p.n > 0; k++)
		if (x->busy[k].temp >= GPU_THROTTLE_C &&
		    x->busy[k].power <= mean - GPU_THROTTLE_DROP_W)
			throttled++;
	dvals_sort(&t);
	dvals_sort(&p);
	emit_busy_one(g, x, ctx, "gpu.busy.temperature_c.p95", rec_num(
	    dvals_quantile(&t, 0.95)), NULL, n, "Temp", "p95 (type 7) of",
	    over);
	emit_busy_one(g, x, ctx, "gpu.busy.temperature_c.max", rec_num(
	    dvals_quantile(&t, 1)), NULL, n, "Temp", "max of", over);
	if (p.n > 0) {
		emit_busy_one(g, x, ctx, "gpu.busy.power_w.mean",
		    rec_num(mean), NULL, p.n, "Pwr:Usage", "mean of", over);
		emit_busy_one(g, x, ctx, "gpu.busy.power_w.p10", rec_num(
		    dvals_quantile(&p, 0.10)), NULL, p.n, "Pwr:Usage",
		    "p10 (type 7) of", over);
	}
	snprintf(what, sizeof(what), "samples at or above %.0f C drawing "
	    "at least %.0f W less than their mean power (throttled), of the",
	    GPU_THROTTLE_C, GPU_THROTTLE_DROP_W);
	emit_busy_one(g, x, ctx, "gpu.busy.throttled_samples", json_integer(
	    (json_int_t)throttled), "count", n, "Temp, Pwr:Usage", what, over);
	emit_busy_one(g, x, ctx, "gpu.busy.throttle.fraction", rec_num(
	    (double)throttled / (double)n), "fraction", n, "Temp, Pwr:Usage",
	    what, over);
	dvals_free(&t);
	dvals_free(&p);
}

/* Which samples the busy statistics are over, in words. */
static void
window_words(const struct gpulog *g, struct sbuf *b)
{
	if (g->win == NULL)
		sbuf_printf(b, "the samples at GPU-Util >= %.0f%% (no workload "
		    "window: every table)", GPU_BUSY_UTIL);
	else
		sbuf_printf(b, "the samples at GPU-Util >= %.0f%% in tables "
		    "stamped inside the workload window %lld..%lld us (%s)%s",
		    GPU_BUSY_UTIL, (long long)g->win->from_us,
		    (long long)g->win->to_us, g->win->file, g->untimed > 0 ?
		    "; tables with an unreadable stamp left out" : "");
	if (g->busy_dropped > 0)
		sbuf_printf(b, "; %ld more left out (memory bound)",
		    g->busy_dropped);
}

static void
emit_cover(const struct gpulog *g, const struct logctx *ctx)
{
	json_t *rec;

	rec = logrec_new("5h", "gpu.window.blocks", json_integer(
	    g->win_blocks), "count", -1);
	logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file, 0, 0,
	    NULL, "sample headers stamped inside the workload window"));
	if (g->win_failed > 0) {
		rec = logrec_new("5h", "gpu.window.smi_failed_blocks",
		    json_integer(g->win_failed), "count", -1);
		logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file,
		    g->win_failed_line, 0, NULL, "sample headers stamped "
		    "inside the workload window whose nvidia-smi failed as a "
		    "whole (no table; not in gpu.window.blocks); source line: "
		    "the first failure"));
	}
	if (g->smi_errs > 0) {
		rec = logrec_new("5h", "gpu.smi_errors", json_integer(
		    g->smi_errs), "count", -1);
		logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file,
		    g->smi_err_line, 0, NULL, "nvidia-smi lines inside the "
		    "workload window saying it cannot reach a GPU ('Unable to "
		    "determine the device handle', 'GPU is lost'); source "
		    "line: the first"));
	}
	if (g->win_blocks == 0)
		return;
	rec = logrec_new("5h", "gpu.window.first_us", json_integer(
	    g->win_first_us), "us", -1);
	logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file, 0, 0,
	    NULL, "stamp of the first sample header inside the workload "
	    "window, Unix epoch"));
	rec = logrec_new("5h", "gpu.window.last_us", json_integer(
	    g->win_last_us), "us", -1);
	logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file, 0, 0,
	    NULL, "stamp of the last sample header inside the workload "
	    "window, Unix epoch"));
}

static void
emit_window(const struct gpulog *g, const struct gpustat *x,
    const struct logctx *ctx, const char *over)
{
	struct sbuf how = {0};

	emit_one(g, x, ctx, "gpu.window.samples", json_integer(x->window),
	    "count", -1, NULL, g->win != NULL ? "samples in tables stamped "
	    "inside the workload window" : "samples in every table (no "
	    "workload window)");
	if (x->errs > 0)
		emit_at(g, x, ctx, x->err_line, "gpu.error_samples",
		    json_integer(x->errs), "count", x->window,
		    "Temp, Pwr:Usage, GPU-Util, Volatile Uncorr. ECC", "samples "
		    "inside the workload window with a field reading ERR! (the "
		    "driver could not read the GPU); source line: the first");
	if (x->mig > 0)
		emit_at(g, x, ctx, x->mig_line, "gpu.mig_samples",
		    json_integer(x->mig), "count", x->window, "MIG M.",
		    "samples inside the workload window whose MIG mode reads "
		    "Enabled; source line: the first");
	sbuf_printf(&how, "count of %s", over);
	emit_one(g, x, ctx, "gpu.busy.samples", json_integer((json_int_t)
	    x->nbusy), "count", -1, "GPU-Util", sbuf_str(&how));
	sbuf_free(&how);
	if (x->nbusy > 0)
		emit_busy(g, x, ctx, over);
}

static void
emit_smi_failed(const struct gpulog *g, const struct logctx *ctx)
{
	json_t *rec;

	rec = logrec_new("5h", "gpu.smi_failed", json_integer(g->smi_failed),
	    "count", -1);
	logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file,
	    g->smi_failed_line, 0, NULL, "lines in which nvidia-smi fails as "
	    "a whole ('Failed to initialize NVML', 'NVIDIA-SMI has failed', "
	    "'No devices were found'): no GPU read; source line: the "
	    "first"));
	rec = logrec_new("5h", "gpu.smi_failed.text", logrec_text(
	    g->smi_failed_text, strlen(g->smi_failed_text), 200), NULL, -1);
	logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file,
	    g->smi_failed_line, 0, NULL, "the first such line"));
}

static int
gpu_order(const void *a, const void *b)
{
	const struct gpustat *x = a, *y = b;

	return x->index < y->index ? -1 : x->index > y->index;
}

void
gpulog_emit(const struct gpulog *g, const struct logctx *ctx,
    const struct gpujoin *join)
{
	struct gpustat *sorted = xreallocarray(NULL, g->ngpu + 1,
	    sizeof(*sorted));
	struct sbuf over = {0};
	json_t *rec;

	rec = logrec_new("5h", "gpu.blocks", json_integer(g->blocks), "count",
	    -1);
	logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file, 0, 0,
	    NULL, "'===== <ts> <node> (...) =====' sample headers"));
	if (g->bad_rows > 0 || g->overlong > 0) {
		rec = logrec_new("5h", "log.bad_lines.gpu_table",
		    json_integer(g->bad_rows + g->overlong), "count", -1);
		logrec_emit(ctx, rec, g->node, NULL, NULL, rec_source(g->file, 0,
		    0, NULL, "table rows that did not parse, binary or "
		    "over-long lines"));
	}
	if (g->smi_failed > 0)
		emit_smi_failed(g, ctx);
	if (g->win != NULL)
		emit_cover(g, ctx);
	window_words(g, &over);
	if (g->ngpu > 0)
		memcpy(sorted, g->gpu, g->ngpu * sizeof(*sorted));
	qsort(sorted, g->ngpu, sizeof(*sorted), gpu_order);
	for (size_t k = 0; k < g->ngpu; k++) {
		emit_gpu(g, &sorted[k], ctx);
		emit_join(g, &sorted[k], ctx, join);
		emit_window(g, &sorted[k], ctx, sbuf_str(&over));
	}
	free(sorted);
	sbuf_free(&over);
}

void
gpuwindow_emit(const struct gpuwindow *w, const struct logctx *ctx)
{
	json_t *rec;

	if (w == NULL || !w->known)
		return;
	rec = logrec_new("5h", "gpu.window.start_us", json_integer(
	    w->from_us), "us", -1);
	logrec_emit(ctx, rec, NULL, NULL, NULL, rec_source(w->file, 0, 0,
	    "send_time_us", "the first send of the trace: the workload "
	    "window's start, Unix epoch"));
	rec = logrec_new("5h", "gpu.window.end_us", json_integer(w->to_us),
	    "us", -1);
	logrec_emit(ctx, rec, NULL, NULL, NULL, rec_source(w->file, 0, 0,
	    "last_chunk_time_us", "the last response (or send) of the trace: "
	    "the workload window's end, Unix epoch"));
}

void
gpulog_free(struct gpulog *g)
{
	for (size_t k = 0; k < g->ngpu; k++) {
		free(g->gpu[k].name);
		free(g->gpu[k].busy);
	}
	free(g->gpu);
	free(g->smi_failed_text);
	free(g->node);
	free(g->stem);
}
