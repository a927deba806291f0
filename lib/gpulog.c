/* gpulog.c - nvidia-smi tables in gpu_logs/ into per-GPU measure records.
 *
 * A GPU takes two rows of the default table (three with the MIG line):
 *   |   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |
 *   | N/A   35C    P0             71W /  700W |       1MiB /  81559MiB |      0%      Default |
 * Cells are split on '|', so column widths (they changed between
 * drivers) do not matter. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gpulog.h"
#include "numtext.h"
#include "rec.h"
#include "str.h"

#define GPU_MAX		64	/* per node; more is junk input */
#define GPU_MAX_CELLS	4

void
gpulog_init(struct gpulog *g, const char *file)
{
	static const char *const suffixes[] = { ".log", NULL };

	memset(g, 0, sizeof(*g));
	g->file = file;
	g->warn.file = file;
	g->node = log_stem(file, suffixes);
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
	g->gpu = xreallocarray(g->gpu, g->ngpu + 1, sizeof(*g->gpu));
	x = &g->gpu[g->ngpu++];
	memset(x, 0, sizeof(*x));
	x->index = index;
	x->power_cap = x->mem_total = -1;
	x->ecc_max = -1;
	x->first_line = line;
	return x;
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

/* Second row: "N/A 35C P0 71W / 700W" | "1MiB / 81559MiB" | "0% Default". */
static bool
second_row(struct gpulog *g, const char **cell, size_t *len, int ncell)
{
	struct gpustat *x = g->pending;
	const char *tok[16];
	size_t tlen[16];
	double v, cap;
	int nt;

	g->pending = NULL;
	if (ncell < 3 || (nt = tokens(cell[0], len[0], tok, tlen, 16)) < 6)
		return false;
	if (num_lead(tok[1], tlen[1], &v) > 0) {
		vseries_add(&x->s[GS_TEMP], v);
		if (v >= GPU_HOT_C)
			x->hot++;
	}
	add_pstate(x, tok[2], tlen[2]);
	if (tlen[2] != 2 || memcmp(tok[2], "P0", 2) != 0)
		x->not_p0++;
	if (num_lead(tok[3], tlen[3], &v) > 0) {
		vseries_add(&x->s[GS_POWER], v);
		if (num_lead(tok[5], tlen[5], &cap) > 0 && cap > 0) {
			x->power_cap = cap;
			if (v >= GPU_CAP_FRACTION * cap)
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
	    num_lead(tok[0], tlen[0], &v) > 0)
		vseries_add(&x->s[GS_UTIL], v);
	return true;
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
	g->pending = NULL;
	/* The node is the second word. */
	p = memchr(s + 6, ' ', (size_t)(end - s - 6));
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
	if ((ncell = split_row(s, n, cell, len)) == 0)
		return;
	if (g->pending != NULL) {
		int index = g->pending->index;

		if (!second_row(g, cell, len, ncell)) {
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

static void
emit_one(const struct gpulog *g, const struct gpustat *x,
    const struct logctx *ctx, const char *metric, json_t *value,
    const char *unit, long n, const char *field, const char *how)
{
	char dev[16];
	json_t *rec = logrec_new("5h", metric, value, unit, n);

	snprintf(dev, sizeof(dev), "%d", x->index);
	logrec_emit(ctx, rec, g->node, "device", dev,
	    rec_source(g->file, x->first_line, 0, field, how));
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
	emit_one(g, x, ctx, "gpu.ecc_uncorrected.max", x->ecc_max >= 0 ?
	    rec_num(x->ecc_max) : json_null(), "count", -1,
	    "Volatile Uncorr. ECC", "largest volatile uncorrected ECC count "
	    "(null: N/A on every sample)");
}

static int
gpu_order(const void *a, const void *b)
{
	const struct gpustat *x = a, *y = b;

	return x->index < y->index ? -1 : x->index > y->index;
}

void
gpulog_emit(const struct gpulog *g, const struct logctx *ctx)
{
	struct gpustat *sorted = xreallocarray(NULL, g->ngpu + 1,
	    sizeof(*sorted));
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
	if (g->ngpu > 0)
		memcpy(sorted, g->gpu, g->ngpu * sizeof(*sorted));
	qsort(sorted, g->ngpu, sizeof(*sorted), gpu_order);
	for (size_t k = 0; k < g->ngpu; k++)
		emit_gpu(g, &sorted[k], ctx);
	free(sorted);
}

void
gpulog_free(struct gpulog *g)
{
	for (size_t k = 0; k < g->ngpu; k++)
		free(g->gpu[k].name);
	free(g->gpu);
	free(g->node);
}
