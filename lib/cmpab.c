/* cmpab.c - A/B between arms; see cmpab.h and docs/man/s2r-compare.1.
 *
 * Each arm is read once: its successful rows' latencies go into one
 * pooled sample per metric (replicas together), and each replica's own
 * statistics are kept for the noise (the CV over replicas).  Error
 * messages are counted in a bounded table; goodput counts stream. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmpab.h"
#include "cmprec.h"
#include "cmpstat.h"
#include "err.h"
#include "rec.h"
#include "str.h"
#include "strtab.h"

/* Distinct (status, message) pairs counted per arm; more are "other". */
#define MAX_ERRKEYS	4096
/* Bytes of a message kept (HTTP bodies can be long). */
#define ERRMSG_MAX	240
#define TOP_ERRORS	3

enum { LAT_TTFT, LAT_TPOT, LAT_E2E, NLAT };
enum { ST_MEAN, ST_P50, ST_P90, ST_P99, NSTAT };

static const struct {
	const char	*name, *field, *how;
} lat_defs[NLAT] = {
	{ "ttft_ms", "first_chunk_time_us, send_time_us",
	  "(first_chunk_time_us - send_time_us) / 1000 over the successful "
	  "rows with a first chunk" },
	{ "tpot_ms", "last_chunk_time_us, first_chunk_time_us, output_tokens",
	  "(last_chunk_time_us - first_chunk_time_us) / (output_tokens - 1) "
	  "/ 1000 over the successful rows with output_tokens > 1" },
	{ "e2e_ms", "last_chunk_time_us, send_time_us",
	  "(last_chunk_time_us - send_time_us) / 1000 over the successful "
	  "rows with a last chunk" },
};

static const char *const stat_names[NSTAT] = { "mean", "p50", "p90", "p99" };
static const double stat_q[NSTAT] = { 0, 0.50, 0.90, 0.99 };

struct ab_cell {
	int64_t	 rows, ok;
	int64_t	 first_send, last_done;	/* µs; -1: none */
	int64_t	*injected, *good;	/* by the arm's class index */
	size_t	 ncls;
	double	 stat[NLAT][NSTAT];	/* this replica's own (replicas only) */
};

struct ab_arm {
	struct dvals	 lat[NLAT];	/* pooled, ms, sorted once read */
	struct strtab	 classes;	/* gated classes ("" is "default") */
	struct strtab	 errors;	/* "status\x1fmessage" */
	int64_t		*errc;
	size_t		 errcap;
	int64_t		 err_other;	/* failed rows past MAX_ERRKEYS */
	struct ab_cell	*cells;		/* parallel to cmp_arm.cells */
};

/* The targets of one workload and where they came from. */
struct ab_targets {
	const struct slo_targets *t;	/* NULL: none */
	struct sbuf	 	  note;	/* headers that disagree, ITL */
};

/* --- reading --------------------------------------------------------- */

/* The row's (status, message) counted; once MAX_ERRKEYS distinct pairs
 * are known, a new one is counted as "other". */
static void
count_error(struct ab_arm *aa, const struct cmp_row *row)
{
	char key[ERRMSG_MAX + 64];
	size_t n = row->msg_len < ERRMSG_MAX ? row->msg_len : ERRMSG_MAX;
	int len;
	long k;

	/* Cut at a character, not inside a UTF-8 sequence. */
	while (n < row->msg_len && n > 0 &&
	    ((unsigned char)row->msg[n] & 0xc0) == 0x80)
		n--;
	/* An ok row that failed is a cut stream or an aborted request
	 * (docs/records.md): named as s2r-trace-stats names them. */
	len = snprintf(key, sizeof(key) - ERRMSG_MAX, "%.40s",
	    strcmp(row->status, "ok") != 0 ? row->status :
	    row->end == TRACE_ABORTED ? "aborted" : "failed_empty");
	/* The separator is the first \x1f: none in the status. */
	for (int i = 0; i < len; i++)
		if (key[i] == '\x1f')
			key[i] = '?';
	key[len++] = '\x1f';
	memcpy(key + len, row->msg, n);
	/* A NUL cannot be in a CSV field (csvr rejects it). */
	k = strtab_find_n(&aa->errors, key, (size_t)len + n);
	if (k < 0 && aa->errors.n >= MAX_ERRKEYS) {
		aa->err_other++;
		return;
	}
	if (k < 0) {
		k = strtab_intern_n(&aa->errors, key, (size_t)len + n, NULL);
		if ((size_t)k >= aa->errcap) {
			aa->errcap = aa->errcap ? aa->errcap * 2 : 64;
			aa->errc = xreallocarray(aa->errc, aa->errcap,
			    sizeof(*aa->errc));
		}
		aa->errc[k] = 0;
	}
	aa->errc[k]++;
}

static size_t
class_index(struct ab_arm *aa, struct ab_cell *ac, const char *cls)
{
	size_t k = strtab_intern(&aa->classes, *cls ? cls : "default");

	if (k >= ac->ncls) {
		size_t n = aa->classes.cap;	/* geometric, as the table */

		ac->injected = xreallocarray(ac->injected, n,
		    sizeof(*ac->injected));
		ac->good = xreallocarray(ac->good, n, sizeof(*ac->good));
		for (size_t i = ac->ncls; i < n; i++)
			ac->injected[i] = ac->good[i] = 0;
		ac->ncls = n;
	}
	return k;
}

/* BLIS observe's goodput (cmd/goodput.go emitObserveGoodput): rows with
 * status ok, error or timeout count; a good one is successful, has
 * TTFT and E2E > 0 with E2E >= TTFT, and meets every TTFT and E2E target
 * of its class (ITL targets are not applied, see the targets note). */
static void
count_goodput(struct ab_arm *aa, struct ab_cell *ac, const struct cmp_row *row,
    const struct slo_targets *t)
{
	const struct slo_target *g;
	int64_t ttft, e2e;
	size_t k;

	if (t == NULL || (g = slo_targets_find(t, row->cls)) == NULL)
		return;
	if (strcmp(row->status, "ok") != 0 && strcmp(row->status,
	    "error") != 0 && strcmp(row->status, "timeout") != 0)
		return;
	k = class_index(aa, ac, row->cls);
	ac->injected[k]++;
	if (!row->ok || row->first <= 0 || row->last <= 0)
		return;
	ttft = row->first - row->send;
	e2e = row->last - row->send;
	if (ttft <= 0 || e2e <= 0 || e2e < ttft)
		return;
	if (g->ttft_ms > 0 && (double)ttft / 1000.0 > g->ttft_ms)
		return;
	if (g->e2e_ms > 0 && (double)e2e / 1000.0 > g->e2e_ms)
		return;
	ac->good[k]++;
}

static void
add_row(struct ab_arm *aa, struct ab_cell *ac, const struct cmp_row *row,
    const struct slo_targets *t)
{
	double v[NLAT];

	ac->rows++;
	if (ac->first_send < 0 || row->send < ac->first_send)
		ac->first_send = row->send;
	if (row->last > ac->last_done)
		ac->last_done = row->last;
	count_goodput(aa, ac, row, t);
	if (!row->ok) {
		count_error(aa, row);
		return;
	}
	ac->ok++;
	v[LAT_TTFT] = cmp_row_ttft(row);
	v[LAT_TPOT] = cmp_row_tpot(row);
	v[LAT_E2E] = cmp_row_e2e(row);
	for (int m = 0; m < NLAT; m++)
		if (!isnan(v[m]))
			dvals_add(&aa->lat[m], v[m]);
}

/* Statistic st of a sorted sample. */
static double
stat_of(const struct dvals *v, int st, enum qmethod method, bool *extra)
{
	return cmp_sample_stat(v, st == ST_MEAN, stat_q[st], method, extra);
}

/* A replica's own statistics: values [start, end) of the pooled sample. */
static void
cell_stats(struct ab_arm *aa, struct ab_cell *ac, const size_t *start,
    enum qmethod method)
{
	for (int m = 0; m < NLAT; m++) {
		struct dvals tmp = {0};

		for (size_t i = start[m]; i < aa->lat[m].n; i++)
			dvals_add(&tmp, aa->lat[m].v[i]);
		dvals_sort(&tmp);
		for (int st = 0; st < NSTAT; st++)
			ac->stat[m][st] = stat_of(&tmp, st, method, NULL);
		dvals_free(&tmp);
	}
}

static void
read_cell(struct ab_arm *aa, struct ab_cell *ac, const struct cmp_workload *w,
    const struct cmp_arm *arm, const struct cmp_cell *cell,
    const struct slo_targets *t, const struct cmp_ab_opts *o)
{
	struct csvr *r = csvr_open(cell->path, cell->file);
	const struct cmp_tap *tap = o->tap;
	struct cmp_cols cols;
	struct cmp_row row;
	size_t start[NLAT];

	for (int m = 0; m < NLAT; m++)
		start[m] = aa->lat[m].n;
	ac->first_send = ac->last_done = -1;
	cmp_cols_find(&cols, r);
	while (csvr_next(r)) {
		cmp_row_read(&cols, r, &row);
		add_row(aa, ac, &row, t);
		if (tap != NULL)
			tap->row(tap->ctx, &row, csvr_rows(r));
	}
	csvr_close(r);
	if (tap != NULL)
		tap->cell_end(tap->ctx, w, arm, cell);
	if (arm->ncells > 1)
		cell_stats(aa, ac, start, o->method);
}

static struct ab_arm *
read_arm(const struct cmp_workload *w, const struct cmp_arm *arm,
    const struct slo_targets *t, const struct cmp_ab_opts *o)
{
	struct ab_arm *aa = xcalloc(1, sizeof(*aa));

	aa->cells = xcalloc(arm->ncells, sizeof(*aa->cells));
	for (size_t c = 0; c < arm->ncells; c++)
		read_cell(aa, &aa->cells[c], w, arm, &arm->cells[c], t, o);
	for (int m = 0; m < NLAT; m++)
		dvals_sort(&aa->lat[m]);
	return aa;
}

static void
free_arm(struct ab_arm *aa, size_t ncells)
{
	for (int m = 0; m < NLAT; m++)
		dvals_free(&aa->lat[m]);
	for (size_t c = 0; c < ncells; c++) {
		free(aa->cells[c].injected);
		free(aa->cells[c].good);
	}
	strtab_free(&aa->classes);
	strtab_free(&aa->errors);
	free(aa->errc);
	free(aa->cells);
	free(aa);
}

/* --- targets --------------------------------------------------------- */

/* --targets, else the first cell's header that states targets (reference
 * arm first); headers that state other targets are named in the note. */
static void
pick_targets(struct ab_targets *tg, const struct cmp_workload *w,
    const struct cmp_ab_opts *o)
{
	memset(tg, 0, sizeof(*tg));
	tg->t = o->targets;
	for (size_t a = 0; a < w->narms; a++)
		for (size_t c = 0; c < w->arms[a].ncells; c++) {
			const struct cmp_cell *cell = &w->arms[a].cells[c];
			const struct slo_targets *h = &cell->h.goodput;

			if (h->n == 0)
				continue;
			if (tg->t == NULL)
				tg->t = h;
			else if (!slo_targets_equal(tg->t, h))
				sbuf_printf(&tg->note, "%s states other "
				    "targets than %s (not used); ",
				    cell->header_file, tg->t->file);
		}
	for (size_t i = 0; tg->t != NULL && i < tg->t->n; i++)
		if (tg->t->v[i].itl_ms > 0) {
			sbuf_adds(&tg->note, "itl_ms targets are not applied: "
			    "per-request ITL needs trace_data.itl.csv (blis "
			    "observe --record-itl), which is not read; BLIS "
			    "observe drops them the same way without it; ");
			break;
		}
	if (tg->note.len >= 2)
		tg->note.s[tg->note.len -= 2] = '\0';
}

/* --- records --------------------------------------------------------- */

struct pair {
	const struct cmp_workload *w;
	const struct cmp_arm	*arm[2];	/* a (the reference), b */
	struct ab_arm		*aa[2];
	const struct cmp_ab_opts *o;
	const struct ab_targets	*tg;
	json_t			*out;
};

/* One comparison: what it is and both sides' values. */
struct cmpval {
	const char	*metric, *stat, *unit, *cls;
	bool		 quantile;	/* a percentile: its method is named */
	bool		 rate;		/* a proportion: binomial noise too */
	bool		 lower_better;
	double		 v[2];
	int64_t		 n[2];
	double		*per[2];	/* per replica (arms with replicas) */
	bool		 extrap[2];
	json_t		*extra[2];	/* a side's top_errors (stolen) */
	const char	*field;
	struct sbuf	 how;
	struct sbuf	 note;
	const char	*why;		/* why values are missing */
};

static json_t *
side_json(const struct pair *p, int s, const struct cmpval *c, double *cv)
{
	const struct cmp_arm *arm = p->arm[s];
	json_t *j = cmprec_side(arm->name, c->v[s], c->n[s]);

	for (size_t i = 0; i < arm->ncells; i++)
		cmprec_side_file(j, arm->cells[i].file);
	*cv = arm->ncells > 1 ? cmp_cv(c->per[s], arm->ncells) : NAN;
	cmprec_side_replicas(j, c->per[s], arm->ncells, *cv);
	if (c->extra[s] != NULL)
		rec_set(j, "top_errors", c->extra[s]);
	return j;
}

/* How the tolerance was found, in words. */
static void
noise_text(struct sbuf *b, const struct pair *p, const double *cv,
    double tol, bool rate)
{
	double floor_pct = p->o->noise_floor_pct;

	if (isnan(cv[0]) && isnan(cv[1]))
		sbuf_printf(b, "no replicas, so no run-to-run noise is known: "
		    "the %g %% floor of max(%g %%, 2 CV)", floor_pct,
		    floor_pct);
	else {
		sbuf_printf(b, "max(%g %%, 2 CV over replicas:", floor_pct);
		for (int s = 0; s < 2; s++)
			if (!isnan(cv[s]))
				sbuf_printf(b, " %s %.4g (%zu)", p->arm[s]->name,
				    cv[s], p->arm[s]->ncells);
		sbuf_printf(b, ") = %.4g %%", tol);
	}
	if (rate)
		sbuf_adds(b, "; a proportion is also within the noise while "
		    "the difference is within 2 standard errors (pooled "
		    "binomial)");
}

static const char *
na_why(const struct pair *p, const struct cmpval *c)
{
	if (c->why != NULL)
		return c->why;
	for (int s = 0; s < 2; s++)
		if (isnan(c->v[s]))
			return s == 0 ? "no value on the reference (a) side" :
			    "no value on the compared (b) side";
	return "the reference (a) value is 0: no relative change";
}

static void
judge(json_t *rec, const struct pair *p, const struct cmpval *c,
    const double *cv)
{
	double tol = cmp_tolerance(p->o->noise_floor_pct, cv[0], cv[1]);
	enum cmp_judgement j;
	struct sbuf noise = {0};

	j = c->rate ? cmp_judge_rate(c->v[0], c->n[0], c->v[1], c->n[1], tol,
	    c->lower_better) : cmp_judge(c->v[0], c->v[1], tol,
	    c->lower_better);
	noise_text(&noise, p, cv, tol, c->rate);
	rec_set(rec, "tolerance_pct", rec_num(tol));
	rec_set_str(rec, "noise", sbuf_str(&noise));
	if (j == J_NA) {
		rec_set(rec, "judgement", json_null());
		rec_set_str(rec, "why", na_why(p, c));
	} else
		rec_set_str(rec, "judgement", cmp_judgement_name(j));
	sbuf_free(&noise);
}

static void
emit(const struct pair *p, struct cmpval *c)
{
	json_t *rec = cmprec_new("ab", c->metric, c->stat, c->unit,
	    p->w->name, c->cls);
	double cv[2];

	if (c->quantile)
		rec_set_str(rec, "quantile_method", qmethod_name(p->o->method));
	rec_set(rec, "a", side_json(p, 0, c, &cv[0]));
	rec_set(rec, "b", side_json(p, 1, c, &cv[1]));
	cmprec_delta(rec, c->v[0], c->v[1]);
	judge(rec, p, c, cv);
	for (int s = 0; s < 2; s++)
		if (c->extrap[s])
			sbuf_printf(&c->note, "%s%s's %s of %lld values "
			    "extrapolates beyond the sample (the exclusive "
			    "method, as python's)", c->note.len ? "; " : "",
			    p->arm[s]->name, c->stat, (long long)c->n[s]);
	if (c->note.len > 0)
		rec_set_str(rec, "note", sbuf_str(&c->note));
	cmprec_source(rec, c->field, sbuf_str(&c->how));
	json_array_append_new(p->out, rec);
	sbuf_free(&c->how);
	sbuf_free(&c->note);
	free(c->per[0]);
}

/* A comparison of metric and stat; emit() frees what this allocates. */
static void
cmpval_init(struct cmpval *c, const struct pair *p, const char *metric,
    const char *stat, const char *unit)
{
	memset(c, 0, sizeof(*c));
	c->metric = metric;
	c->stat = stat;
	c->unit = unit;
	c->per[0] = xcalloc(p->arm[0]->ncells + p->arm[1]->ncells,
	    sizeof(double));
	c->per[1] = c->per[0] + p->arm[0]->ncells;
}

static void
stat_how(struct sbuf *b, int st, enum qmethod method)
{
	if (st == ST_MEAN)
		sbuf_adds(b, "; mean = fsum / n (python statistics.fmean)");
	else if (method == Q_EXCLUSIVE)
		sbuf_printf(b, "; %s = statistics.quantiles(n=100, "
		    "method=\"exclusive\")[%d]", stat_names[st],
		    (int)lround(stat_q[st] * 100) - 1);
	else
		sbuf_printf(b, "; %s = numpy's linear quantile (type 7) at "
		    "q = %.2f", stat_names[st], stat_q[st]);
}

static void
latency_records(const struct pair *p)
{
	for (int m = 0; m < NLAT; m++)
		for (int st = 0; st < NSTAT; st++) {
			struct cmpval c;

			cmpval_init(&c, p, lat_defs[m].name, stat_names[st],
			    "ms");
			c.quantile = st != ST_MEAN;
			c.lower_better = true;
			c.field = lat_defs[m].field;
			for (int s = 0; s < 2; s++) {
				const struct dvals *v = &p->aa[s]->lat[m];

				c.v[s] = stat_of(v, st, p->o->method,
				    &c.extrap[s]);
				c.n[s] = (int64_t)v->n;
				for (size_t k = 0; k < p->arm[s]->ncells; k++)
					c.per[s][k] =
					    p->aa[s]->cells[k].stat[m][st];
			}
			sbuf_adds(&c.how, lat_defs[m].how);
			sbuf_adds(&c.how, " (status ok, not a cut stream), "
			    "replicas pooled");
			stat_how(&c.how, st, p->o->method);
			emit(p, &c);
		}
}

struct errcount {
	const char	*key;
	int64_t		 count;
};

static int
err_cmp(const void *pa, const void *pb)
{
	const struct errcount *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->key, b->key);
}

/* The most frequent (status, message) pairs of an arm's failed rows. */
static json_t *
top_errors(const struct ab_arm *aa)
{
	struct errcount *e = xcalloc(aa->errors.n + 1, sizeof(*e));
	json_t *arr = json_array();

	for (size_t i = 0; i < aa->errors.n; i++) {
		e[i].key = aa->errors.s[i];
		e[i].count = aa->errc[i];
	}
	qsort(e, aa->errors.n, sizeof(*e), err_cmp);
	for (size_t i = 0; i < aa->errors.n && i < TOP_ERRORS; i++) {
		const char *sep = strchr(e[i].key, '\x1f');
		char *status = xstrndup(e[i].key, (size_t)(sep - e[i].key));
		json_t *o = json_object();

		rec_set_str(o, "status", status);
		rec_set_str(o, "message", sep + 1);
		free(status);
		rec_set_i64(o, "count", e[i].count);
		json_array_append_new(arr, o);
	}
	free(e);
	return arr;
}

static void
error_records(const struct pair *p)
{
	struct cmpval c;

	cmpval_init(&c, p, "error_rate", "value", "fraction");
	c.rate = c.lower_better = true;
	c.field = "status, output_tokens, finish_reason, error_message";
	for (int s = 0; s < 2; s++) {
		int64_t rows = 0, ok = 0;

		for (size_t k = 0; k < p->arm[s]->ncells; k++) {
			const struct ab_cell *ac = &p->aa[s]->cells[k];

			rows += ac->rows;
			ok += ac->ok;
			c.per[s][k] = ac->rows ? (double)(ac->rows - ac->ok) /
			    (double)ac->rows : NAN;
		}
		c.v[s] = rows ? (double)(rows - ok) / (double)rows : NAN;
		c.n[s] = rows;
		c.extra[s] = top_errors(p->aa[s]);
		if (p->aa[s]->err_other > 0)
			sbuf_printf(&c.note, "%s%s: %lld failed rows with "
			    "messages beyond the first %d distinct ones are not in "
			    "top_errors",
			    c.note.len ? "; " : "", p->arm[s]->name,
			    (long long)p->aa[s]->err_other, MAX_ERRKEYS);
	}
	sbuf_printf(&c.how, "rows that did not succeed (status other than "
	    "ok, a cut stream: ok with no output tokens and no "
	    "finish_reason, or finish_reason abort or error) / all rows, replicas "
	    "pooled; top_errors: the %d "
	    "most frequent (status, error_message) pairs, messages cut at "
	    "%d bytes", TOP_ERRORS, ERRMSG_MAX);
	emit(p, &c);
}

/* The index of class cls in an arm's table, -1 when the arm has none. */
static long
class_of(const struct ab_arm *aa, const char *cls)
{
	for (size_t i = 0; i < aa->classes.n; i++)
		if (strcmp(aa->classes.s[i], cls) == 0)
			return (long)i;
	return -1;
}

/* The gated classes either arm has rows of, sorted. */
static void
gated_classes(const struct pair *p, struct strv *out)
{
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < p->aa[s]->classes.n; i++)
			if (strv_find(out, p->aa[s]->classes.s[i]) < 0)
				strv_add(out, p->aa[s]->classes.s[i]);
	strv_sort(out);
}

static void
targets_how(struct sbuf *b, const struct slo_targets *t, const char *cls)
{
	const struct slo_target *g = slo_targets_find(t, cls);

	sbuf_printf(b, " (targets: %s:%ld:", t->file, g->line);
	if (g->ttft_ms > 0)
		sbuf_printf(b, " ttft_ms %g", g->ttft_ms);
	if (g->e2e_ms > 0)
		sbuf_printf(b, " e2e_ms %g", g->e2e_ms);
	if (g->itl_ms > 0)
		sbuf_printf(b, " itl_ms %g (not applied)", g->itl_ms);
	sbuf_adds(b, ")");
}

/* Attainment (good / counted) or goodput (good / runtime s), one class. */
static void
class_values(const struct pair *p, struct cmpval *c, const char *cls,
    bool per_second)
{
	for (int s = 0; s < 2; s++) {
		long k = class_of(p->aa[s], cls);
		int64_t good = 0, counted = 0;
		double span = 0;	/* µs, summed: no int64 overflow */

		for (size_t i = 0; i < p->arm[s]->ncells; i++) {
			const struct ab_cell *ac = &p->aa[s]->cells[i];
			int64_t g = k >= 0 && (size_t)k < ac->ncls ?
			    ac->good[k] : 0;
			int64_t n = k >= 0 && (size_t)k < ac->ncls ?
			    ac->injected[k] : 0;
			int64_t sp = ac->first_send >= 0 &&
			    ac->last_done > ac->first_send ?
			    ac->last_done - ac->first_send : 0;

			good += g;
			counted += n;
			span += (double)sp;
			c->per[s][i] = per_second ? (sp ? (double)g /
			    ((double)sp / 1e6) : NAN) : (n ? (double)g /
			    (double)n : NAN);
		}
		c->n[s] = counted;
		c->v[s] = per_second ? (span > 0 ? (double)good / (span / 1e6) :
		    NAN) : (counted ? (double)good / (double)counted : NAN);
	}
}

static void
class_record(const struct pair *p, const char *cls, bool per_second)
{
	struct cmpval c;

	cmpval_init(&c, p, per_second ? "goodput_rps" : "slo_attainment",
	    "value", per_second ? "req/s" : "fraction");
	c.cls = cls;
	c.rate = !per_second;
	c.field = "slo_class, status, first_chunk_time_us, "
	    "last_chunk_time_us, send_time_us";
	class_values(p, &c, cls, per_second);
	sbuf_printf(&c.how, "BLIS observe's goodput: rows of class %s with "
	    "status ok, error or timeout are counted; a good one succeeded "
	    "with TTFT and E2E > 0 within every target of its class", cls);
	targets_how(&c.how, p->tg->t, cls);
	sbuf_adds(&c.how, per_second ? "; good rows / runtime in s, runtime "
	    "= last last_chunk_time_us - first send_time_us of each trace, "
	    "replicas summed" : "; good / counted, replicas pooled");
	if (p->tg->note.len > 0)
		sbuf_adds(&c.note, sbuf_str(&p->tg->note));
	emit(p, &c);
}

/* Nothing to gate: one record that says why. */
static void
no_goodput(const struct pair *p, const char *why)
{
	struct cmpval c;

	cmpval_init(&c, p, "slo_attainment", "value", "fraction");
	c.rate = true;
	c.v[0] = c.v[1] = NAN;
	c.n[0] = c.n[1] = -1;
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < p->arm[s]->ncells; i++)
			c.per[s][i] = NAN;
	c.why = why;
	c.field = "goodput_slo_targets";
	sbuf_adds(&c.how, "SLO attainment needs per-class targets: the trace "
	    "headers' goodput_slo_targets (TraceV3) or --targets FILE");
	if (p->tg->note.len > 0)
		sbuf_adds(&c.note, sbuf_str(&p->tg->note));
	emit(p, &c);
}

static void
goodput_records(const struct pair *p)
{
	struct strv cls = {0};

	if (p->tg->t == NULL) {
		no_goodput(p, "no goodput_slo_targets in the trace headers "
		    "and no --targets: no class has targets");
		return;
	}
	gated_classes(p, &cls);
	if (cls.n == 0)
		no_goodput(p, "no rows of a class that has targets");
	for (size_t i = 0; i < cls.n; i++) {
		class_record(p, cls.v[i], false);
		class_record(p, cls.v[i], true);
	}
	strv_free(&cls);
}

void
cmp_ab_workload(struct cmp_workload *w, const struct cmp_ab_opts *o,
    json_t *out)
{
	struct ab_targets tg;
	struct ab_arm **aa;

	if (w->narms < 2)
		return;
	pick_targets(&tg, w, o);
	aa = xcalloc(w->narms, sizeof(*aa));
	for (size_t a = 0; a < w->narms; a++)
		aa[a] = read_arm(w, &w->arms[a], tg.t, o);
	for (size_t i = 0; i < w->narms; i++)
		for (size_t j = i + 1; j < w->narms; j++) {
			struct pair p = { w, { &w->arms[i], &w->arms[j] },
			    { aa[i], aa[j] }, o, &tg, out };

			latency_records(&p);
			error_records(&p);
			goodput_records(&p);
		}
	for (size_t a = 0; a < w->narms; a++)
		free_arm(aa[a], w->arms[a].ncells);
	free(aa);
	sbuf_free(&tg.note);
}
