/* vllmrec.c - the measure records of vLLM server logs read by vllmlog.c:
 * per instance (5a-5c, 5e, 5f) and per cell (2a, 2b).  See vllmlog.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "pyrepr.h"
#include "rec.h"
#include "str.h"
#include "vllmlog.h"

static const char *const pattern_names[VP_NPATTERNS] = {
	"ERROR", "WARNING", "CRITICAL", "oom", "cuda_error", "timeout",
	"traceback", "engine_dead", "stall", "ignored_fields"
};

/* ---------------------------------------------------------------- */
/* one instance */

/* The distinct values one log states for a metric, most authoritative
 * sighting first. */
struct vgroup {
	const struct vobs	*best;
	long			 n;	/* lines stating this value */
};

static int
obs_order(const void *a, const void *b)
{
	const struct vobs *x = *(const struct vobs *const *)a;
	const struct vobs *y = *(const struct vobs *const *)b;
	int c = strcmp(x->metric, y->metric);

	if (c != 0)
		return c;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* The sightings sorted by metric, authority, line; caller frees. */
static const struct vobs **
sorted_obs(const struct vllmlog *v)
{
	const struct vobs **s = xreallocarray(NULL, v->nobs + 1, sizeof(*s));

	for (size_t k = 0; k < v->nobs; k++)
		s[k] = &v->obs[k];
	qsort(s, v->nobs, sizeof(*s), obs_order);
	return s;
}

/* Groups of sightings s[from, to) (one metric) by value. */
static size_t
group_values(const struct vobs **s, size_t from, size_t to,
    struct vgroup *g)
{
	size_t ng = 0;

	for (size_t k = from; k < to; k++) {
		size_t j;

		for (j = 0; j < ng; j++)
			if (json_equal(g[j].best->value, s[k]->value))
				break;
		if (j == ng) {
			g[ng].best = s[k];
			g[ng].n = 0;
			ng++;
		}
		g[j].n++;
	}
	return ng;
}

static void
add_line_ref(struct sbuf *how, const struct vobs *o)
{
	if (o->line > 0)
		sbuf_printf(how, "line %ld (%s)", o->line, o->field);
	else
		sbuf_printf(how, "%s", o->field);
}

/* "from <how>; also line 12 (Using max model len); line 40 (max_seq_len)
 * says 32768" */
static char *
group_how(const struct vobs **s, size_t from, size_t to,
    const struct vgroup *g, size_t ng, size_t which)
{
	struct sbuf how = {0};
	int shown = 0;

	sbuf_printf(&how, "from %s", g[which].best->how);
	for (size_t k = from; k < to; k++) {
		if (s[k] == g[which].best ||
		    !json_equal(s[k]->value, g[which].best->value))
			continue;
		if (shown++ == 0)
			sbuf_adds(&how, "; same value at ");
		else
			sbuf_adds(&how, ", ");
		add_line_ref(&how, s[k]);
	}
	for (size_t j = 0; j < ng; j++) {
		char *text;

		if (j == which)
			continue;
		text = pyrepr_text(g[j].best->value);
		sbuf_adds(&how, "; DISAGREES with ");
		add_line_ref(&how, g[j].best);
		sbuf_printf(&how, " = %s", text);
		free(text);
	}
	return how.s;
}

static json_t *
obs_source(const char *file, const struct vobs *o, const char *how)
{
	return rec_source(file, o->line, 0, o->line > 0 ? o->field : NULL,
	    how);
}

/* The only value of a metric, NULL when absent or ambiguous. */
static const struct vobs *
single_value(const struct vobs **s, size_t n, const char *metric)
{
	const struct vobs *found = NULL;

	for (size_t k = 0; k < n; k++) {
		if (strcmp(s[k]->metric, metric) != 0)
			continue;
		if (found != NULL && !json_equal(found->value, s[k]->value))
			return NULL;
		if (found == NULL)
			found = s[k];
	}
	return found;
}

static void
emit_blocks(const struct vllmlog *v, const struct vobs **s,
    const struct logctx *ctx)
{
	const struct vobs *tok = single_value(s, v->nobs, "kv_cache.tokens");
	const struct vobs *bs = single_value(s, v->nobs, "vllm.block_size");
	struct sbuf how = {0};
	json_t *rec;

	if (tok == NULL || bs == NULL || !json_is_integer(bs->value) ||
	    json_integer_value(bs->value) <= 0)
		return;
	sbuf_printf(&how, "kv_cache.tokens (line %ld) / vllm.block_size "
	    "(line %ld, %s)", tok->line, bs->line, bs->field);
	rec = logrec_new("5f", "kv_cache.num_gpu_blocks",
	    rec_num((double)json_integer_value(tok->value) /
	    (double)json_integer_value(bs->value)), "count", -1);
	logrec_emit(ctx, rec, v->instance, NULL, NULL,
	    rec_source(v->file, tok->line, 0, tok->field, sbuf_str(&how)));
	sbuf_free(&how);
}

static void
emit_obs(struct vllmlog *v, const struct logctx *ctx)
{
	const struct vobs **s;
	struct vgroup *g;

	vllmlog_defaults(v);
	s = sorted_obs(v);
	g = xreallocarray(NULL, v->nobs + 1, sizeof(*g));
	for (size_t from = 0, to; from < v->nobs; from = to) {
		size_t ng;

		for (to = from; to < v->nobs &&
		    strcmp(s[to]->metric, s[from]->metric) == 0; to++)
			;
		ng = group_values(s, from, to, g);
		for (size_t j = 0; j < ng; j++) {
			char *how = group_how(s, from, to, g, ng, j), rank[16];
			const struct vobs *o = g[j].best;
			json_t *rec = logrec_new(o->check, o->metric,
			    json_incref(o->value), o->unit, g[j].n);
			/* Engines of one pod that disagree (5f's KV size of
			 * a data-parallel rank on a GPU another process
			 * holds): each value under its engine's rank, as the
			 * stats lines name it ("Engine 001"). */
			bool by_rank = ng > 1 && o->dp >= 0 &&
			    strcmp(o->check, "5f") == 0;

			snprintf(rank, sizeof(rank), "%03d", o->dp);
			logrec_emit(ctx, rec, v->instance, by_rank ? "rank" :
			    NULL, by_rank ? rank : NULL,
			    obs_source(v->file, o, how));
			free(how);
		}
	}
	emit_blocks(v, s, ctx);
	free(g);
	free(s);
}

static const struct {
	const char	*name;
	const char	*check;
	const char	*unit;
	const char	*label;
} series_info[VS_NSERIES] = {
	[VS_PROMPT_TPUT] = {"prompt_throughput", "5b", NULL,
	    "Avg prompt throughput"},
	[VS_GEN_TPUT] = {"generation_throughput", "5b", NULL,
	    "Avg generation throughput"},
	[VS_RUNNING] = {"running", "5b", "count", "Running"},
	[VS_WAITING] = {"waiting", "5b", "count", "Waiting"},
	[VS_KV_USAGE] = {"kv_cache_usage_pct", "5f", "%",
	    "GPU KV cache usage"},
	[VS_PREFIX_HIT] = {"prefix_cache_hit_rate_pct", "5c", "%",
	    "Prefix cache hit rate"},
	[VS_PREEMPT] = {"preemptions", "5f", "count", "Preemptions"},
};

static void
emit_stat(const struct vllmlog *v, const struct vengine *e,
    const char *rank, const struct logctx *ctx, int series,
    const char *stat, double value, long n)
{
	char metric[96], how[256];
	json_t *rec, *src;

	snprintf(metric, sizeof(metric), "stats.%s.%s",
	    series_info[series].name, stat);
	snprintf(how, sizeof(how), "%s of '%s' over the Engine %s stats "
	    "lines (lines %ld-%ld)", stat, series_info[series].label, e->id,
	    e->first_line, e->last_line);
	rec = logrec_new(series_info[series].check, metric, rec_num(value),
	    series_info[series].unit, n);
	src = rec_source(v->file, e->first_line, 0, series_info[series].label,
	    how);
	logrec_emit(ctx, rec, v->instance, "rank", rank, src);
}

/* stats.series: the engine's stats lines over time (tseries.h). */
static void
emit_series(const struct vllmlog *v, const struct vengine *e,
    const char *rank, const struct logctx *ctx)
{
	/* the hit rate per line: 5c judges the lines inside the trace's
	 * window (a prewarm's lines come before it) */
	static const char *const cols[] = { "t_s", "kv_cache_usage_pct",
	    "running", "waiting", "prefix_cache_hit_rate_pct" };
	const struct tseries *ts = e->ts;
	json_t *rec, *c, *pts;
	char how[512];

	if (ts == NULL || ts->n == 0)
		return;
	c = json_array();
	for (size_t k = 0; k < TS_NCOLS + 1; k++)
		json_array_append_new(c, json_string(cols[k]));
	pts = json_array();
	for (size_t i = 0; i < ts->n; i++) {
		json_t *row = json_array();

		json_array_append_new(row, rec_i64(ts->p[i].t));
		for (int k = 0; k < TS_NCOLS; k++)
			json_array_append_new(row, rec_num(ts->p[i].v[k]));
		json_array_append_new(pts, row);
	}
	if (ts->width == 1 && (long)ts->n == ts->samples)
		snprintf(how, sizeof(how), "one point per 'Engine %s:' stats "
		    "line: seconds since the log's first stats line (from the "
		    "MM-DD HH:MM:SS stamps), 'GPU KV cache usage' %%, "
		    "'Running', 'Waiting', 'Prefix cache hit rate' %% (null: "
		    "not on the line)", e->id);
	else
		snprintf(how, sizeof(how), "the %ld 'Engine %s:' stats lines "
		    "in %zu buckets of %lld s: per bucket, the seconds of its "
		    "first line since the log's first stats line (from the "
		    "MM-DD HH:MM:SS stamps) and the maximum 'GPU KV cache "
		    "usage' %%, 'Running', 'Waiting', 'Prefix cache hit rate' "
		    "%% (null: on no line of the bucket)", ts->samples, e->id,
		    ts->n,
		    (long long)ts->width);
	rec = logrec_new("5f", "stats.series", json_null(), NULL,
	    ts->samples);
	rec_set(rec, "columns", c);
	rec_set(rec, "points", pts);
	logrec_emit(ctx, rec, v->instance, "rank", rank,
	    rec_source(v->file, ts->first_line, 0, NULL, how));
}

static void
emit_engine(const struct vllmlog *v, const struct vengine *e,
    const char *rank, const struct logctx *ctx)
{
	char how[256];
	json_t *rec;

	snprintf(how, sizeof(how), "count of 'Engine %s:' stats lines "
	    "(vLLM logs them every ~10 s, only while busy)", e->id);
	rec = logrec_new("5b", "stats.samples", json_integer(e->samples),
	    "count", -1);
	logrec_emit(ctx, rec, v->instance, "rank", rank,
	    rec_source(v->file, e->first_line, 0, NULL, how));
	for (int k = 0; k < VS_NSERIES; k++) {
		const struct vseries *s = &e->s[k];

		if (s->n == 0)
			continue;
		if (k == VS_PREEMPT) {
			/* Logged only when > 0: absent lines count as 0. */
			emit_stat(v, e, rank, ctx, k, "total", s->sum, s->n);
			emit_stat(v, e, rank, ctx, k, "max", s->max, s->n);
			continue;
		}
		emit_stat(v, e, rank, ctx, k, "min", s->min, s->n);
		emit_stat(v, e, rank, ctx, k, "mean", s->sum / (double)s->n,
		    s->n);
		emit_stat(v, e, rank, ctx, k, "max", s->max, s->n);
		emit_stat(v, e, rank, ctx, k, "last", s->last, s->n);
	}
	emit_series(v, e, rank, ctx);
	if (e->s[VS_PREFIX_HIT].n > 0) {
		snprintf(how, sizeof(how), "last 'Prefix cache hit rate' of "
		    "the Engine %s stats lines / 100 (vLLM's own running "
		    "window)", e->id);
		rec = logrec_new("5c", "prefix_cache.hit_rate",
		    rec_num(e->s[VS_PREFIX_HIT].last / 100.0), "fraction",
		    e->s[VS_PREFIX_HIT].n);
		logrec_emit(ctx, rec, v->instance, "rank", rank,
		    rec_source(v->file, e->last_line, 0,
		    "Prefix cache hit rate", how));
	}
}

/* The busy window's ends as the log stamps them ("MM-DD HH:MM:SS", the
 * pod's clock, no year): 5b holds them against the trace's send times
 * (logs of another run, or of another day, do not overlap). */
static void
emit_busy(const struct vllmlog *v, const struct logctx *ctx)
{
	static const char *const metric[] = { "stats.first_stamp",
	    "stats.last_stamp", "log.start_stamp", "log.restart_stamp" };
	static const char *const how[] = { "stamp of the first stats line "
	    "(vLLM logs them only while busy)", "stamp of the last stats "
	    "line", "stamp of the first startup line ('non-default args' or "
	    "the engine config line): when this container of the pod "
	    "started", "stamp of the first startup line after a stats line: "
	    "the container started again within this log" };
	const struct logstamp *st[] = { &v->busy_first, &v->busy_last,
	    &v->start, &v->restart };
	const long line[] = { v->busy_first_line, v->busy_last_line,
	    v->start_line, v->restart_line };
	char stamp[32];

	if (v->busy_first_line == 0)
		return;
	for (int k = 0; k < 4; k++) {
		json_t *rec;

		if (line[k] == 0)	/* no startup line: --since */
			continue;
		snprintf(stamp, sizeof(stamp), "%02d-%02d %02d:%02d:%02d",
		    st[k]->mon, st[k]->day, (int)(st[k]->sec / 3600),
		    (int)(st[k]->sec / 60 % 60), (int)(st[k]->sec % 60));
		rec = logrec_new("5b", metric[k], json_string(stamp), NULL,
		    -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, line[k], 0, "MM-DD HH:MM:SS",
		    how[k]));
	}
}

static void
emit_stats(const struct vllmlog *v, const struct logctx *ctx)
{
	json_t *rec;

	if (v->neng == 0) {
		rec = logrec_new("5b", "stats.samples", json_integer(0),
		    "count", -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, 0, 0, NULL, "no 'Engine NNN:' stats "
		    "lines in the log (vLLM logs them only while busy, at "
		    "INFO)"));
		return;
	}
	for (size_t k = 0; k < v->neng; k++)
		emit_engine(v, &v->eng[k], v->neng > 1 ? v->eng[k].id : NULL,
		    ctx);
	emit_busy(v, ctx);
}

static bool
is_inference(const char *endpoint)
{
	return strcmp(endpoint, "POST /v1/completions") == 0 ||
	    strcmp(endpoint, "POST /v1/chat/completions") == 0;
}

static int
access_order(const void *a, const void *b)
{
	const struct vaccess *x = a, *y = b;
	int c = strcmp(x->endpoint, y->endpoint);

	if (c != 0)
		return c;
	return x->status < y->status ? -1 : x->status > y->status;
}

static void
emit_access(struct vllmlog *v, const struct logctx *ctx)
{
	long requests = 0, first = 0;
	json_t *rec;

	if (v->nacc > 0)
		qsort(v->acc, v->nacc, sizeof(*v->acc), access_order);
	for (size_t k = 0; k < v->nacc; k++)
		if (is_inference(v->acc[k].endpoint)) {
			requests += v->acc[k].count;
			if (first == 0 || v->acc[k].first_line < first)
				first = v->acc[k].first_line;
		}
	if (v->access_lines == 0) {
		rec = logrec_new("5b", "instance.requests", json_null(),
		    "count", -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, 0, 0, NULL, "no uvicorn access log "
		    "lines (vLLM runs with the access log disabled unless "
		    "--no-disable-uvicorn-access-log)"));
		return;
	}
	rec = logrec_new("5b", "instance.requests", json_integer(requests),
	    "count", -1);
	logrec_emit(ctx, rec, v->instance, NULL, NULL, rec_source(v->file,
	    first, 0, "request_line", "access log lines \"POST "
	    "/v1/completions\" + \"POST /v1/chat/completions\", any status "
	    "(includes warm-up requests)"));
	for (size_t k = 0; k < v->nacc; k++) {
		const struct vaccess *a = &v->acc[k];
		char metric[160], status[16], field[160];

		snprintf(status, sizeof(status), "%d", a->status);
		snprintf(field, sizeof(field), "%s %d", a->endpoint, a->status);
		logrec_metric(metric, sizeof(metric), "access.count",
		    a->endpoint, status);
		rec = logrec_new("5b", metric, json_integer(a->count),
		    "count", -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, a->first_line, 0, field,
		    "access log lines with this method, path and status "
		    "(source line: the first)"));
	}
}

static const char *const pattern_how[VP_NPATTERNS] = {
	"vLLM or uvicorn lines at level ERROR",
	"vLLM or uvicorn lines at level WARNING",
	"vLLM or uvicorn lines at level CRITICAL",
	"lines with 'CUDA out of memory', 'OutOfMemoryError' or 'No "
	    "available memory for the cache blocks'",
	"lines with 'CUDA error'",
	"lines with 'timeout' or 'timed out', INFO/DEBUG vLLM lines excepted",
	"lines with 'Traceback (most recent call last)'",
	"lines with 'EngineDeadError' or 'EngineCore encountered a fatal "
	    "error'",
	"stats lines with requests running and no token made (prompt and "
	    "generation throughput 0.0)",
	"lines with 'were present in the request but ignored' (vLLM's "
	    "warning for request fields it dropped)",
};

static void
emit_problems(const struct vllmlog *v, const struct logctx *ctx)
{
	for (int p = 0; p < VP_NPATTERNS; p++) {
		const struct vevidence *ev = v->evidence[p];
		char metric[64], evmetric[64];
		json_t *rec;

		logrec_metric(metric, sizeof(metric), "log.pattern_count",
		    pattern_names[p], NULL);
		logrec_metric(evmetric, sizeof(evmetric), "log.evidence",
		    pattern_names[p], NULL);
		rec = logrec_new("5e", metric, json_integer(v->pattern[p]),
		    "count", -1);
		logrec_emit(ctx, rec, v->instance, NULL, NULL,
		    rec_source(v->file, ev[0].text ? ev[0].line : 0, 0, NULL,
		    pattern_how[p]));
		for (int k = 0; k < LOG_MAX_EVIDENCE && ev[k].text; k++) {
			rec = logrec_new("5e", evmetric,
			    json_string(ev[k].text), NULL, -1);
			logrec_emit(ctx, rec, v->instance, NULL, NULL,
			    rec_source(v->file, ev[k].line, 0, NULL,
			    "the line's text (first few per pattern, cut to "
			    "300 bytes)"));
		}
	}
}

static void
emit_bad(const struct logctx *ctx, const char *file, const char *inst,
    const char *check, const char *reason, long count, const char *how)
{
	char metric[64];
	json_t *rec;

	if (count == 0)
		return;
	logrec_metric(metric, sizeof(metric), "log.bad_lines", reason, NULL);
	rec = logrec_new(check, metric, json_integer(count), "count", -1);
	logrec_emit(ctx, rec, inst, NULL, NULL,
	    rec_source(file, 0, 0, NULL, how));
}

static void
emit_lines(const struct vllmlog *v, const struct logctx *ctx)
{
	char how[160];
	json_t *rec;

	snprintf(how, sizeof(how), "lines read; %ld in vLLM's or uvicorn's "
	    "format", v->vllm_lines);
	rec = logrec_new("5e", "log.lines", json_integer(v->lines), "count",
	    -1);
	logrec_emit(ctx, rec, v->instance, NULL, NULL,
	    rec_source(v->file, 0, 0, NULL, how));
	/* none at all: the pod logged above INFO (no startup, stats or
	 * access lines to read), which 5b tells from an idle pod */
	rec = logrec_new("5b", "log.info_lines", json_integer(v->info_lines),
	    "count", -1);
	logrec_emit(ctx, rec, v->instance, NULL, NULL, rec_source(v->file, 0,
	    0, NULL, "vLLM or uvicorn lines at level INFO or DEBUG (access "
	    "lines included)"));
	emit_bad(ctx, v->file, v->instance, "5e", "overlong", v->bad_overlong,
	    "lines over 1 MiB, skipped");
	emit_bad(ctx, v->file, v->instance, "5e", "binary", v->bad_binary,
	    "lines with NUL bytes, skipped");
	emit_bad(ctx, v->file, v->instance, "5e", "invalid_utf8", v->bad_utf8,
	    "lines that are not UTF-8, still read");
	emit_bad(ctx, v->file, v->instance, "5a", "config_syntax",
	    v->bad_config, "config lines that did not parse whole (the part "
	    "before the problem is used)");
	emit_bad(ctx, v->file, v->instance, "5e", "stamp", v->bad_stamp,
	    "stats lines whose MM-DD HH:MM:SS stamp is no real date or "
	    "time, left out of stats.series");
	emit_bad(ctx, v->file, v->instance, "5e", "truncated",
	    v->truncated ? 1 : 0, "the last line has no newline");
}

void
vllmlog_emit(struct vllmlog *v, const struct logctx *ctx)
{
	emit_lines(v, ctx);
	if (!vllmlog_is_vllm(v))
		return;
	emit_obs(v, ctx);
	emit_stats(v, ctx);
	emit_access(v, ctx);
	emit_problems(v, ctx);
}

/* ---------------------------------------------------------------- */
/* cell */

struct cellval {
	const char	*metric;
	json_t		*value;
	const char	*unit;
	const char	*file;
	const struct vobs *first;
	long		 logs;
};

static void
cell_add(struct cellval **cv, size_t *ncv, const char *file,
    const struct vobs *o)
{
	for (size_t k = 0; k < *ncv; k++)
		if (strcmp((*cv)[k].metric, o->metric) == 0 &&
		    json_equal((*cv)[k].value, o->value)) {
			(*cv)[k].logs++;
			return;
		}
	*cv = xreallocarray(*cv, *ncv + 1, sizeof(**cv));
	(*cv)[*ncv] = (struct cellval){o->metric, o->value, o->unit, file, o,
	    1};
	(*ncv)++;
}

static int
cellval_order(const void *a, const void *b)
{
	const struct cellval *x = a, *y = b;

	return strcmp(x->metric, y->metric);
}

/* Whether the log's access lines hold a request (a POST: the kubelet's
 * GET /health probes hit a pod that serves nothing too). */
static bool
any_post(const struct vllmlog *v)
{
	for (size_t i = 0; i < v->nacc; i++)
		if (strncmp(v->acc[i].endpoint, "POST ", 5) == 0)
			return true;
	return false;
}

/* The logs whose workers start on more than one pod address: several
 * pods' logs written into one file (kubectl logs -l LABEL > one file),
 * under "merged" with the count and the line the second pod shows at. */
static json_t *
merged_logs(struct vllmlog *const *logs, size_t n, size_t *extra)
{
	json_t *merged = json_array();

	*extra = 0;
	for (size_t k = 0; k < n; k++)
		if (logs[k]->copy_of == NULL && vllmlog_is_vllm(logs[k]) &&
		    logs[k]->nhosts > 1) {
			*extra += logs[k]->nhosts - 1;
			json_array_append_new(merged, json_pack("{s:s, s:I, "
			    "s:I}", "file", logs[k]->file, "pods",
			    (json_int_t)logs[k]->nhosts, "line",
			    (json_int_t)logs[k]->host_line));
		}
	return merged;
}

/* The cell's instances.count: the logs with vLLM lines, less copies of
 * another (copies), and those that never served (idle); a log holding
 * several pods' logs counts as its pods (merged).  A log with neither
 * stats nor request that holds no INFO line either ran above INFO
 * (quiet): whether it served, its log cannot say.  Returns how many
 * logs hold vLLM lines. */
static size_t
emit_count(struct vllmlog *const *logs, size_t n, const char *dir,
    const struct logctx *ctx)
{
	size_t nvllm = 0, ncopy = 0, nbusy = 0, extra;
	char how[400];
	json_t *rec, *copies = json_array(), *idle = json_array(), *merged;
	json_t *quiet = json_array();

	for (size_t k = 0; k < n; k++)
		if (logs[k]->copy_of != NULL) {
			ncopy++;
			json_array_append_new(copies, json_pack("{s:s, s:s, "
			    "s:I}", "file", logs[k]->file, "of",
			    logs[k]->copy_of, "line",
			    (json_int_t)logs[k]->copy_line));
		} else if (vllmlog_is_vllm(logs[k])) {
			nvllm++;
			/* no stats line, no request: it never served,
			 * or logged above INFO (no INFO line at all) */
			if (logs[k]->busy_first_line != 0 ||
			    any_post(logs[k]))
				nbusy++;
			else
				json_array_append_new(logs[k]->info_lines ?
				    idle : quiet, json_string(logs[k]->file));
		}
	merged = merged_logs(logs, n, &extra);
	snprintf(how, sizeof(how), "server log files holding vLLM log lines: "
	    "%zu of %zu files%s%s", nvllm, n - ncopy, ncopy ? " (less the "
	    "copies: files whose whole text is another's from a line on)" : "",
	    extra ? "; a file whose workers start on several pod addresses "
	    "counts as that many pods (merged)" : "");
	rec = logrec_new("2b", "instances.count", json_integer((long)(nvllm +
	    extra)), "count", (long)(n - ncopy));
	if (extra > 0)
		rec_set(rec, "merged", merged);
	else
		json_decref(merged);
	if (ncopy > 0)
		rec_set(rec, "copies", copies);
	else
		json_decref(copies);
	/* Idle beside busy ones: a pod that crashed at startup or got no
	 * traffic.  With none busy (stats and access lines off) nothing
	 * tells. */
	if (nbusy > 0 && json_array_size(idle) > 0)
		rec_set(rec, "idle", idle);
	else
		json_decref(idle);
	if (nbusy > 0 && json_array_size(quiet) > 0)
		rec_set(rec, "quiet", quiet);
	else
		json_decref(quiet);
	logrec_emit(ctx, rec, NULL, NULL, NULL,
	    rec_source(dir, 0, 0, NULL, how));
	return nvllm;
}

void
vllmlog_emit_cell(struct vllmlog *const *logs, size_t n, const char *dir,
    const struct logctx *ctx)
{
	struct cellval *cv = NULL;
	size_t ncv = 0, nvllm = emit_count(logs, n, dir, ctx);
	char how[320];
	json_t *rec;

	for (size_t k = 0; k < n; k++) {
		const struct vobs **s;
		struct vgroup *g;

		if (logs[k]->copy_of != NULL)
			continue;
		s = sorted_obs(logs[k]);
		g = xreallocarray(NULL, logs[k]->nobs + 1, sizeof(*g));

		/* Every distinct value a log states counts for that log. */
		for (size_t from = 0, to; from < logs[k]->nobs; from = to) {
			size_t ng;

			for (to = from; to < logs[k]->nobs &&
			    strcmp(s[to]->metric, s[from]->metric) == 0; to++)
				;
			if (strncmp(s[from]->metric, "vllm.", 5) != 0)
				continue;
			ng = group_values(s, from, to, g);
			for (size_t j = 0; j < ng; j++)
				cell_add(&cv, &ncv, logs[k]->file, g[j].best);
		}
		free(g);
		free(s);
	}
	/* Stable: within a metric, values keep first-log order. */
	for (size_t k = 1; k < ncv; k++)
		for (size_t j = k; j > 0 &&
		    cellval_order(&cv[j - 1], &cv[j]) > 0; j--) {
			struct cellval t = cv[j];

			cv[j] = cv[j - 1];
			cv[j - 1] = t;
		}
	for (size_t k = 0; k < ncv; k++) {
		snprintf(how, sizeof(how), "stated by %ld of %zu vLLM server "
		    "logs (per-log evidence: the 5a records); source: the "
		    "first such log", cv[k].logs, nvllm);
		rec = logrec_new("2a", cv[k].metric, json_incref(cv[k].value),
		    cv[k].unit, cv[k].logs);
		logrec_emit(ctx, rec, NULL, NULL, NULL,
		    obs_source(cv[k].file, cv[k].first, how));
	}
	free(cv);
}
