/* trace.c - TraceV2 statistics as measure records; see trace.h and
 * docs/records.md (workload, status and latency tables).
 *
 * Times stay int64 µs throughout: arrival_time_us is relative to the
 * workload start while send and chunk times are Unix-epoch µs in real
 * traces, so only differences within one column (or send against its own
 * chunks) mean anything, and integer differences lose nothing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "rowdigest.h"
#include "stats.h"
#include "str.h"
#include "strtab.h"
#include "trace.h"
#include "trace_int.h"
#include "tracex.h"

/* Latency CDF points: q = 0, 0.01, ..., 1. */
#define CDF_POINTS	101

enum status {
	ST_OK, ST_SHED, ST_HTTP, ST_ERROR, ST_TIMEOUT, ST_EMPTY, ST_ABORTED,
	ST_INCOMPLETE, ST_UNKNOWN, NSTATUS
};

static const char *const status_names[NSTATUS] = {
	"ok", "shed", "http_error", "error", "timeout", "failed_empty",
	"aborted", "incomplete", "unknown"
};

static const char *const status_how[NSTATUS] = {
	"status ok with output tokens or a finish_reason",
	"status error with error_message \"HTTP 429: ...\" or \"HTTP 503: ...\" "
	    "(gateway admission or flow-control rejection)",
	"status error with error_message \"HTTP <other code>: ...\"",
	"status error without an HTTP code in error_message",
	"status timeout",
	"status ok but output_tokens 0 and no finish_reason (the stream "
	    "ended without usage: a failed request)",
	"status ok but finish_reason abort or error (the server aborted or "
	    "failed the request before its output was done)",
	"status incomplete (simulator: not completed by the horizon or "
	    "rejected)",
	"a status the trace format does not define (not ok, error, timeout "
	    "or incomplete): neither a success nor a shed for all s2r knows"
};

/* The longest status value kept to name an unknown status. */
#define STATUS_SHOWN	32

struct class_stats {
	int64_t		rows;
	int64_t		status[NSTATUS];
	long		first_line[NSTATUS];	/* CSV line of the first row */
	char		first_unknown[STATUS_SHOWN + 1];	/* its value */
	struct moments	ttft, tpot, e2e;	/* µs */
	struct ivals	ttft_v, e2e_v;
	struct dvals	tpot_v;
};

struct group_stats {
	int64_t		rows;
	struct moments	len;
	struct ivals	len_v;
};

struct trace_stats {
	char		*file;
	const struct trace_header *hdr;
	bool		 has_prefix_length, has_prefix_group;
	bool		 has_finish_reason, has_request_id;
	int64_t		 rows;
	int64_t		 arr_min, arr_max, send_min, send_max;
	int64_t		 id_min;
	struct ivals	 ids;		/* request_id of every row */
	int64_t		 id_dups, id_dup;	/* rows repeating an id; one */
	int64_t		 id_holes;	/* ids in [smallest, largest] no row has */
	uint64_t	 digest;	/* row_digest summed over the rows */
	struct moments	 in, out, plen;
	struct ivals	 in_v, out_v;
	int64_t		 prefix_rows, streaming_rows;
	struct moments	 ttft, tpot, e2e;	/* over all classes */
	struct strtab	 classes, clients, groups;
	struct class_stats *cls;
	struct ivals	*arrivals;		/* per client */
	struct ivals	*sends;			/* per client (send_time_us) */
	struct group_stats *grp;
	struct tracex	*x;			/* per client, sessions ... */
};

struct cols {
	long	request_id, client_id, slo_class, prefix_group, prefix_length;
	long	streaming, input_tokens, output_tokens, arrival, send;
	long	first_chunk, last_chunk, status, error_message, finish_reason;
};

static const struct strtab *sort_names_by;

static int
cmp_name_index(const void *a, const void *b)
{
	return strcmp(sort_names_by->s[*(const size_t *)a],
	    sort_names_by->s[*(const size_t *)b]);
}

/* Indices of m in strcmp order of their names; caller frees. */
static size_t *
names_order(const struct strtab *m)
{
	size_t *order = xreallocarray(NULL, m->n ? m->n : 1, sizeof(*order));

	for (size_t i = 0; i < m->n; i++)
		order[i] = i;
	sort_names_by = m;
	qsort(order, m->n, sizeof(*order), cmp_name_index);
	sort_names_by = NULL;
	return order;
}

/* ---- reading rows ---- */

static void
find_cols(struct csvr *r, struct cols *c)
{
	trace_refuse_itl(r);
	c->request_id = csvr_col(r, "request_id", false);
	c->client_id = csvr_col(r, "client_id", true);
	c->slo_class = csvr_col(r, "slo_class", true);
	c->prefix_group = csvr_col(r, "prefix_group", false);
	c->prefix_length = csvr_col(r, "prefix_length", false);
	c->streaming = csvr_col(r, "streaming", true);
	c->input_tokens = csvr_col(r, "input_tokens", true);
	c->output_tokens = csvr_col(r, "output_tokens", true);
	c->arrival = csvr_col(r, "arrival_time_us", true);
	c->send = csvr_col(r, "send_time_us", true);
	c->first_chunk = csvr_col(r, "first_chunk_time_us", true);
	c->last_chunk = csvr_col(r, "last_chunk_time_us", true);
	c->status = csvr_col(r, "status", true);
	c->error_message = csvr_col(r, "error_message", false);
	c->finish_reason = csvr_col(r, "finish_reason", false);
}

/* "HTTP <3 digits>:" at the start of msg: the code, else 0. */
static int
http_code(const char *msg)
{
	if (strncmp(msg, "HTTP ", 5) != 0)
		return 0;
	for (int i = 5; i < 8; i++)
		if (msg[i] < '0' || msg[i] > '9')
			return 0;
	if (msg[8] != ':')
		return 0;
	return (msg[5] - '0') * 100 + (msg[6] - '0') * 10 + (msg[7] - '0');
}

static enum status
classify(const struct csvr *r, const struct cols *c, int64_t out)
{
	const char *st = csvr_str(r, c->status, NULL);
	enum trace_ok_end end;
	int code;

	if (strcmp(st, "ok") == 0) {
		end = trace_ok_end(out, csvr_str(r, c->finish_reason, NULL));
		return end == TRACE_CUT ? ST_EMPTY : end == TRACE_ABORTED ?
		    ST_ABORTED : ST_OK;
	}
	if (strcmp(st, "timeout") == 0)
		return ST_TIMEOUT;
	if (strcmp(st, "incomplete") == 0)
		return ST_INCOMPLETE;
	if (strcmp(st, "error") != 0)
		return ST_UNKNOWN;
	code = http_code(csvr_str(r, c->error_message, NULL));
	if (code == 429 || code == 503)
		return ST_SHED;
	return code != 0 ? ST_HTTP : ST_ERROR;
}

/* How many distinct values of a column the statistics may hold: each
 * slo_class adds some 30 records and each client or prefix group about
 * ten, all held until the trace is read, so a trace with a new name on
 * every row would take gigabytes (BLIS has six classes).  name: the
 * environment variable that raises the limit. */
static size_t
distinct_limit(const char *name, size_t dflt)
{
	const char *env = getenv(name);
	int64_t v;

	if (env == NULL || *env == '\0')
		return dflt;
	if (!parse_i64(env, strlen(env), &v) || v <= 0)
		s2r_die("%s: expected a positive number, got \"%.40s\"", name,
		    env);
	return (size_t)v;
}

void
trace_check_distinct(const struct csvr *r, long col, size_t n, const char *name,
    size_t dflt)
{
	size_t limit = distinct_limit(name, dflt);

	if (n <= limit)
		return;
	s2r_die_at(csvr_label(r), csvr_line(r), col + 1, "%s: expected at most "
	    "%zu distinct values (each held in memory with its statistics), "
	    "got more: %s=N reads up to N", csvr_colname(r, (size_t)col),
	    limit, name);
}

static size_t
class_of(struct trace_stats *s, const struct csvr *r, long col)
{
	size_t len, i;
	const char *v = csvr_str(r, col, &len);
	bool added;

	i = strtab_intern_n(&s->classes, v, len, &added);
	if (added) {
		trace_check_distinct(r, col, i + 1, "S2R_MAX_CLASSES", 256);
		s->cls = xreallocarray(s->cls, s->classes.cap, sizeof(*s->cls));
		memset(&s->cls[i], 0, sizeof(s->cls[i]));
	}
	return i;
}

static size_t
add_arrival(struct trace_stats *s, const struct csvr *r, long col,
    int64_t arr, int64_t send)
{
	size_t len, i;
	const char *v = csvr_str(r, col, &len);
	bool added;

	i = strtab_intern_n(&s->clients, v, len, &added);
	if (added) {
		trace_check_distinct(r, col, i + 1, "S2R_MAX_CLIENTS", 10000);
		s->arrivals = xreallocarray(s->arrivals, s->clients.cap,
		    sizeof(*s->arrivals));
		memset(&s->arrivals[i], 0, sizeof(s->arrivals[i]));
		s->sends = xreallocarray(s->sends, s->clients.cap,
		    sizeof(*s->sends));
		memset(&s->sends[i], 0, sizeof(s->sends[i]));
	}
	ivals_add(&s->arrivals[i], arr);
	ivals_add(&s->sends[i], send);
	return i;
}

/* Returns whether the row has a prefix. */
static bool
add_prefix(struct trace_stats *s, const struct csvr *r, const struct cols *c)
{
	size_t len, i;
	const char *v = csvr_str(r, c->prefix_group, &len);
	int64_t plen = 0;
	bool added, prefixed;

	if (c->prefix_length >= 0) {
		plen = csvr_count(r, c->prefix_length);
		moments_add(&s->plen, (double)plen);
		prefixed = plen > 0;
	} else {
		prefixed = len > 0;
	}
	if (prefixed)
		s->prefix_rows++;
	i = strtab_intern_n(&s->groups, v, len, &added);
	if (added) {
		trace_check_distinct(r, c->prefix_group, i + 1, "S2R_MAX_CLIENTS",
		    10000);
		s->grp = xreallocarray(s->grp, s->groups.cap, sizeof(*s->grp));
		memset(&s->grp[i], 0, sizeof(s->grp[i]));
	}
	s->grp[i].rows++;
	if (c->prefix_length >= 0) {
		moments_add(&s->grp[i].len, (double)plen);
		ivals_add(&s->grp[i].len_v, plen);
	}
	return prefixed;
}

/* TTFT, TPOT and E2E of a successful row, per class and overall. */
static void
add_latency(struct trace_stats *s, struct class_stats *cs, int64_t send,
    int64_t first, int64_t last, int64_t out)
{
	if (first > 0) {
		moments_add(&s->ttft, (double)(first - send));
		moments_add(&cs->ttft, (double)(first - send));
		ivals_add(&cs->ttft_v, first - send);
	}
	if (last > 0) {
		moments_add(&s->e2e, (double)(last - send));
		moments_add(&cs->e2e, (double)(last - send));
		ivals_add(&cs->e2e_v, last - send);
	}
	if (first > 0 && last > 0 && out > 1) {
		double tpot = (double)(last - first) / (double)(out - 1);

		moments_add(&s->tpot, tpot);
		moments_add(&cs->tpot, tpot);
		dvals_add(&cs->tpot_v, tpot);
	}
}

static void
minmax(int64_t v, int64_t *lo, int64_t *hi, bool first)
{
	if (first || v < *lo)
		*lo = v;
	if (first || v > *hi)
		*hi = v;
}

static void
read_row(struct trace_stats *s, const struct csvr *r, const struct cols *c)
{
	int64_t in, out, arr, send, first, last;
	struct class_stats *cs;
	enum status st;
	size_t ci, client;
	int64_t id = 0;
	bool streaming, prefixed;

	in = csvr_count(r, c->input_tokens);
	out = csvr_count(r, c->output_tokens);
	arr = csvr_time_us(r, c->arrival);
	send = csvr_time_us(r, c->send);
	first = csvr_time_us(r, c->first_chunk);
	last = csvr_time_us(r, c->last_chunk);
	if (c->request_id >= 0) {
		id = csvr_i64(r, c->request_id);
		if (s->rows == 0 || id < s->id_min)
			s->id_min = id;
		ivals_add(&s->ids, id);
	}
	s->digest += row_digest((const int64_t[]){ id, in, out, arr, send,
	    first, last }, 7);
	streaming = csvr_bool(r, c->streaming);
	if (streaming)
		s->streaming_rows++;
	minmax(arr, &s->arr_min, &s->arr_max, s->rows == 0);
	minmax(send, &s->send_min, &s->send_max, s->rows == 0);
	s->rows++;
	moments_add(&s->in, (double)in);
	ivals_add(&s->in_v, in);
	client = add_arrival(s, r, c->client_id, arr, send);
	prefixed = add_prefix(s, r, c);
	ci = class_of(s, r, c->slo_class);	/* may move s->cls */
	cs = &s->cls[ci];
	cs->rows++;
	st = classify(r, c, out);
	if (cs->status[st]++ == 0)
		cs->first_line[st] = csvr_line(r);
	if (st == ST_UNKNOWN && cs->status[st] == 1)
		snprintf(cs->first_unknown, sizeof(cs->first_unknown), "%s",
		    csvr_str(r, c->status, NULL));
	tracex_row(s->x, r, &(struct trow){ client, ci, in, out, arr, send,
	    first, last, id, c->request_id >= 0, prefixed, streaming,
	    st == ST_OK });
	if (st != ST_OK)
		return;
	moments_add(&s->out, (double)out);
	ivals_add(&s->out_v, out);
	add_latency(s, cs, send, first, last, out);
}

/* Rows whose request_id an earlier row has (in id order): one request
 * logged twice, e.g. a retry recorded as another row. */
static void
count_dup_ids(struct trace_stats *s)
{
	ivals_sort(&s->ids);
	for (size_t i = 1; i < s->ids.n; i++) {
		if (ivals_at(&s->ids, i) != ivals_at(&s->ids, i - 1))
			continue;
		if (s->id_dups++ == 0)
			s->id_dup = ivals_at(&s->ids, i);
	}
	/* blis observe numbers the requests it generates 0, 1, ... in
	 * order: an id between two rows' that no row has is a request the
	 * generator made and the trace left out. */
	s->id_holes = 0;
	if (s->ids.n > 0)
		s->id_holes = ivals_at(&s->ids, s->ids.n - 1) -
		    ivals_at(&s->ids, 0) + 1 - ((int64_t)s->ids.n - s->id_dups);
}

static void
sort_all(struct trace_stats *s)
{
	count_dup_ids(s);
	ivals_sort(&s->in_v);
	ivals_sort(&s->out_v);
	for (size_t i = 0; i < s->classes.n; i++) {
		ivals_sort(&s->cls[i].ttft_v);
		ivals_sort(&s->cls[i].e2e_v);
		dvals_sort(&s->cls[i].tpot_v);
	}
	for (size_t i = 0; i < s->clients.n; i++) {
		ivals_sort(&s->arrivals[i]);
		ivals_sort(&s->sends[i]);
	}
	for (size_t i = 0; i < s->groups.n; i++)
		ivals_sort(&s->grp[i].len_v);
}

struct trace_stats *
trace_stats_new(void)
{
	return xcalloc(1, sizeof(struct trace_stats));
}

struct trace_stats *
trace_stats_read(struct csvr *r, const struct trace_header *h)
{
	struct trace_stats *s = trace_stats_new();

	trace_stats_fill(s, r, h);
	return s;
}

void
trace_stats_fill(struct trace_stats *s, struct csvr *r,
    const struct trace_header *h)
{
	struct cols c;

	s->file = xstrdup(csvr_label(r));
	s->hdr = h;
	find_cols(r, &c);
	s->has_prefix_length = c.prefix_length >= 0;
	s->has_prefix_group = c.prefix_group >= 0;
	s->has_finish_reason = c.finish_reason >= 0;
	s->has_request_id = c.request_id >= 0;
	s->x = tracex_new(r, h);
	while (csvr_next(r))
		read_row(s, r, &c);
	sort_all(s);
	tracex_finish(s->x);
}

void
trace_stats_free(struct trace_stats *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->classes.n; i++) {
		ivals_free(&s->cls[i].ttft_v);
		ivals_free(&s->cls[i].e2e_v);
		dvals_free(&s->cls[i].tpot_v);
	}
	for (size_t i = 0; i < s->clients.n; i++) {
		ivals_free(&s->arrivals[i]);
		ivals_free(&s->sends[i]);
	}
	for (size_t i = 0; i < s->groups.n; i++)
		ivals_free(&s->grp[i].len_v);
	free(s->cls);
	free(s->arrivals);
	free(s->sends);
	free(s->grp);
	strtab_free(&s->classes);
	strtab_free(&s->clients);
	strtab_free(&s->groups);
	ivals_free(&s->in_v);
	ivals_free(&s->ids);
	ivals_free(&s->out_v);
	tracex_free(s->x);
	free(s->file);
	free(s);
}

/* ---- records ---- */

/* One measure record.  Scope extras: key/value pairs (NULL key: none);
 * status: the status key of status.count records. */
static void
put(struct out *o, const char *check, const char *metric, double value,
    const char *unit, int64_t n, const char *k1, const char *v1,
    const char *status, const char *field, const char *how)
{
	json_t *rec = rec_begin(&(struct rec_head){ .kind = "measure",
	    .check = check, .metric = metric, .status = status,
	    .value = rec_num(value), .unit = unit, .n = n });
	json_t *scope = rec_scope_new();

	if (o->scope->phase != NULL)
		rec_scope_set(scope, "phase", o->scope->phase);
	if (o->scope->workload != NULL)
		rec_scope_set(scope, "workload", o->scope->workload);
	if (o->scope->iteration != NULL)
		rec_scope_set(scope, "iteration", o->scope->iteration);
	if (k1 != NULL)
		rec_scope_set(scope, k1, v1);
	rec_end(rec, scope, rec_source(o->s->file, 0, 0, field, how));
	json_array_append_new(o->arr, rec);
}

/* Points the record put() wrote last at one CSV line (its evidence). */
static void
put_line(struct out *o, long line)
{
	json_t *rec = json_array_get(o->arr, json_array_size(o->arr) - 1);
	json_t *src = json_object_get(rec, "source");

	rec_set(rec, "source", rec_source(o->s->file, line, 0,
	    rec_get_str(src, "field"), rec_get_str(src, "how")));
}

json_t *
trace_put(struct out *o, const char *check, const char *metric, double value,
    const char *unit, int64_t n, const char *k1, const char *v1,
    const char *status, const char *field, const char *how)
{
	put(o, check, metric, value, unit, n, k1, v1, status, field, how);
	return json_array_get(o->arr, json_array_size(o->arr) - 1);
}

size_t *
trace_order(const struct strtab *m)
{
	return names_order(m);
}

static double
ratio(int64_t a, int64_t b)
{
	return b == 0 ? NAN : (double)a / (double)b;
}

/* The rows' digest, on the count record of a real trace with rows: the
 * rules compare it across cells (1h trace.copied), as a trace found in
 * two cells is one run, whatever the folders say.  Simulated traces are
 * left out: a deterministic simulator may rightly write one trace twice. */
static void
put_digest(struct out *o)
{
	const struct trace_stats *s = o->s;
	const struct trace_header *h = s->hdr;
	char hex[17];

	if (s->rows == 0 || !h->present || h->mode == NULL ||
	    strcmp(h->mode, "real") != 0)
		return;
	snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)s->digest);
	rec_set_str(json_array_get(o->arr, json_array_size(o->arr) - 1),
	    "rows_digest", hex);
}

static void
put_count(struct out *o)
{
	const struct trace_stats *s = o->s;
	const struct trace_header *h = s->hdr;
	struct sbuf how = {0};

	sbuf_printf(&how, "data rows in the CSV (header row excluded)");
	if (h->present && h->mode != NULL)
		sbuf_printf(&how, "; trace mode %s", h->mode);
	if (h->present && h->has_warm_up)
		sbuf_printf(&how, "; warm_up_requests %lld (%s:%ld): the "
		    "first %lld generated requests are not in the file, rows "
		    "start at request_id %lld", (long long)h->warm_up, h->label,
		    h->warm_up_line, (long long)h->warm_up,
		    (long long)h->warm_up);
	if (s->has_request_id && s->rows > 0)
		sbuf_printf(&how, "; smallest request_id %lld",
		    (long long)s->id_min);
	if (s->id_holes > 0)
		sbuf_printf(&how, "; %lld request_id between the smallest and "
		    "the largest have no row", (long long)s->id_holes);
	if (s->id_dups > 0)
		sbuf_printf(&how, "; %lld rows repeat an earlier row's "
		    "request_id (e.g. %lld): the rows count attempts, not "
		    "requests", (long long)s->id_dups, (long long)s->id_dup);
	put(o, "1a", "requests.count", (double)s->rows, "count", s->rows,
	    NULL, NULL, NULL, "request_id", sbuf_str(&how));
	/* Only when some repeat or lack: clean records stay as they were. */
	if (s->id_dups > 0)
		rec_set(json_array_get(o->arr, json_array_size(o->arr) - 1),
		    "duplicate_ids", rec_num((double)s->id_dups));
	if (s->id_holes > 0)
		rec_set(json_array_get(o->arr, json_array_size(o->arr) - 1),
		    "missing_ids", rec_num((double)s->id_holes));
	put_digest(o);
	sbuf_free(&how);
}

static void
put_qps(struct out *o, const char *metric, const char *field, int64_t lo,
    int64_t hi)
{
	const struct trace_stats *s = o->s;
	struct sbuf how = {0};
	double v = NAN;

	if (s->rows > 1 && hi > lo)
		v = (double)s->rows / (double)(hi - lo) * 1e6;
	sbuf_printf(&how, "rows / (max - min %s) * 1e6 = %lld / %lld us "
	    "* 1e6", field, (long long)s->rows,
	    (long long)(s->rows > 0 ? hi - lo : 0));
	if (s->hdr->present && s->hdr->time_unit == NULL)
		sbuf_adds(&how, " (header states no time_unit: taken as us)");
	else if (!s->hdr->present)
		sbuf_adds(&how, " (no trace header: times taken as us)");
	put(o, "1a", metric, v, "req/s", s->rows, NULL, NULL, NULL, field,
	    sbuf_str(&how));
	sbuf_free(&how);
}

static void
put_classes(struct out *o)
{
	const struct trace_stats *s = o->s;
	size_t *order = names_order(&s->classes);
	struct sbuf how = {0};

	for (size_t k = 0; k < s->classes.n; k++) {
		size_t i = order[k];
		const char *name = s->classes.s[i];

		sbuf_reset(&how);
		sbuf_printf(&how, "rows with slo_class \"%s\"", name);
		put(o, "1b", "class.count", (double)s->cls[i].rows, "count",
		    s->cls[i].rows, "class", name, NULL, "slo_class",
		    sbuf_str(&how));
		sbuf_printf(&how, " / all %lld rows", (long long)s->rows);
		put(o, "1b", "class.fraction", ratio(s->cls[i].rows, s->rows),
		    "fraction", s->rows, "class", name, NULL, "slo_class",
		    sbuf_str(&how));
	}
	sbuf_free(&how);
	free(order);
}

/* The stdev of a token column with se, its standard error from the
 * sample (ivals_stdev_se): a heavy-tailed length's stdev moves far more
 * from run to run than its mean, and the verdict's band needs how far. */
static void
put_stdev(struct out *o, const char *check, const char *metric,
    const struct moments *m, const struct ivals *v, const char *field,
    struct sbuf *how)
{
	double sd = moments_stdev(m), se = ivals_stdev_se(v, m->mean, sd);
	json_t *rec;

	if (se > 0)
		sbuf_adds(how, "; se: its standard error from the sample, "
		    "sqrt((m4 - stdev^4) / n) / (2 stdev), m4 the fourth "
		    "central moment");
	rec = trace_put(o, check, metric, sd, "tokens", m->n, NULL, NULL, NULL,
	    field, sbuf_str(how));
	if (se > 0)
		rec_set_num(rec, "se", se);
}

/* mean, stdev, min, max, p50, p90, p99 of a token column. */
static void
put_tokens(struct out *o, const char *check, const char *prefix,
    const char *field, const struct moments *m, const struct ivals *v,
    const char *rows)
{
	static const struct { const char *name; double q; } qs[] = {
		{ "p50", 0.50 }, { "p90", 0.90 }, { "p99", 0.99 }
	};
	char metric[64];
	struct sbuf how = {0};

	snprintf(metric, sizeof(metric), "%s.mean", prefix);
	sbuf_printf(&how, "mean over %s", rows);
	put(o, check, metric, m->n ? m->mean : NAN, "tokens", m->n, NULL,
	    NULL, NULL, field, sbuf_str(&how));
	snprintf(metric, sizeof(metric), "%s.stdev", prefix);
	sbuf_reset(&how);
	sbuf_printf(&how, "population standard deviation (divide by n) over "
	    "%s", rows);
	put_stdev(o, check, metric, m, v, field, &how);
	snprintf(metric, sizeof(metric), "%s.min", prefix);
	sbuf_reset(&how);
	sbuf_printf(&how, "minimum over %s", rows);
	put(o, check, metric, m->n ? m->min : NAN, "tokens", m->n, NULL, NULL,
	    NULL, field, sbuf_str(&how));
	snprintf(metric, sizeof(metric), "%s.max", prefix);
	sbuf_reset(&how);
	sbuf_printf(&how, "maximum over %s", rows);
	put(o, check, metric, m->n ? m->max : NAN, "tokens", m->n, NULL, NULL,
	    NULL, field, sbuf_str(&how));
	for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
		snprintf(metric, sizeof(metric), "%s.%s", prefix, qs[i].name);
		sbuf_reset(&how);
		sbuf_printf(&how, "%s: linear interpolation between closest "
		    "ranks (numpy default, type 7) over %s", qs[i].name, rows);
		put(o, check, metric, ivals_quantile(v, qs[i].q), "tokens",
		    m->n, NULL, NULL, NULL, field, sbuf_str(&how));
	}
	sbuf_free(&how);
}

/* prefix_length.{mean,min,max,p50} over rows (of one group). */
static void
put_prefix_lengths(struct out *o, const struct moments *m, double p50,
    const char *group, const char *rows)
{
	static const char *const names[] = { "mean", "min", "max", "p50" };
	double vals[4] = {
		m->n ? m->mean : NAN, m->n ? m->min : NAN, m->n ? m->max : NAN,
		p50
	};
	char metric[64];
	struct sbuf how = {0};

	for (size_t i = 0; i < 4; i++) {
		snprintf(metric, sizeof(metric), "prefix_length.%s", names[i]);
		sbuf_reset(&how);
		sbuf_printf(&how, "%s over %s%s", names[i], rows,
		    i == 3 ? " (type 7 quantile)" : "");
		put(o, "1e", metric, vals[i], "tokens", m->n,
		    group ? "prefix_group" : NULL, group, NULL, "prefix_length",
		    sbuf_str(&how));
	}
	sbuf_free(&how);
}

static void
put_prefix(struct out *o)
{
	const struct trace_stats *s = o->s;
	size_t *order;
	const struct ivals **all;
	struct sbuf how = {0}, rows = {0};

	if (!s->has_prefix_length && !s->has_prefix_group)
		return;
	if (s->has_prefix_length)
		sbuf_printf(&how, "rows with prefix_length > 0 / all %lld rows",
		    (long long)s->rows);
	else
		sbuf_printf(&how, "rows with a prefix_group / all %lld rows "
		    "(this layout has no prefix_length column)",
		    (long long)s->rows);
	put(o, "1e", "prefix.fraction", ratio(s->prefix_rows, s->rows),
	    "fraction", s->rows, NULL, NULL, NULL, s->has_prefix_length ?
	    "prefix_length" : "prefix_group", sbuf_str(&how));
	sbuf_free(&how);
	if (!s->has_prefix_length)
		return;
	all = xreallocarray(NULL, s->groups.n ? s->groups.n : 1,
	    sizeof(*all));
	for (size_t i = 0; i < s->groups.n; i++)
		all[i] = &s->grp[i].len_v;
	sbuf_printf(&rows, "all %lld rows (0 for rows without a prefix)",
	    (long long)s->rows);
	put_prefix_lengths(o, &s->plen, ivals_quantile_multi(all,
	    s->groups.n, 0.5), NULL, sbuf_str(&rows));
	free(all);
	order = names_order(&s->groups);
	for (size_t k = 0; k < s->groups.n; k++) {
		const struct group_stats *g = &s->grp[order[k]];

		if (s->groups.s[order[k]][0] == '\0')
			continue;
		sbuf_reset(&rows);
		sbuf_printf(&rows, "the %lld rows with prefix_group \"%s\"",
		    (long long)g->rows, s->groups.s[order[k]]);
		put_prefix_lengths(o, &g->len, ivals_quantile(&g->len_v, 0.5),
		    s->groups.s[order[k]], sbuf_str(&rows));
	}
	sbuf_free(&rows);
	free(order);
}

/* Gaps between consecutive sorted arrivals of one client. */
static void
client_gaps(const struct ivals *v, struct moments *m)
{
	for (size_t i = 1; i < v->n; i++)
		moments_add(m, (double)(ivals_at(v, i) - ivals_at(v, i - 1)));
}

struct head {
	int64_t	value;
	size_t	client, pos;
};

static void
heap_down(struct head *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;

		if (l < n && h[l].value < h[m].value)
			m = l;
		if (r < n && h[r].value < h[m].value)
			m = r;
		if (m == i)
			return;
		struct head t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* Gaps of the merged stream: a k-way merge of the sorted per-client
 * arrivals (no second copy of every arrival time). */
static void
merged_gaps(const struct trace_stats *s, struct moments *m)
{
	struct head *h = xreallocarray(NULL, s->clients.n ? s->clients.n : 1,
	    sizeof(*h));
	size_t n = 0;
	int64_t prev = 0;
	bool started = false;

	for (size_t i = 0; i < s->clients.n; i++) {
		if (s->arrivals[i].n == 0)
			continue;
		h[n].value = ivals_at(&s->arrivals[i], 0);
		h[n].client = i;
		h[n].pos = 0;
		n++;
	}
	for (size_t i = n; i-- > 0;)
		heap_down(h, n, i);
	while (n > 0) {
		const struct ivals *v = &s->arrivals[h[0].client];

		if (started)
			moments_add(m, (double)(h[0].value - prev));
		prev = h[0].value;
		started = true;
		if (++h[0].pos < v->n)
			h[0].value = ivals_at(v, h[0].pos);
		else
			h[0] = h[--n];
		heap_down(h, n, 0);
	}
	free(h);
}

/* The same CV over when the client's requests really went out: a real
 * trace's send_time_us, which a generator that batches its sends (a
 * coarse timer, a blocked sender) bunches while its arrival_time_us
 * schedule stays perfect.  A sim trace's send time is its arrival. */
static void
put_send_cv(struct out *o, size_t client)
{
	const struct trace_stats *s = o->s;
	const struct ivals *v = &s->sends[client];
	struct moments m = {0};
	struct sbuf how = {0};

	if (!s->hdr->present || s->hdr->mode == NULL ||
	    strcmp(s->hdr->mode, "real") != 0)
		return;
	client_gaps(v, &m);
	sbuf_printf(&how, "stdev/mean (population) of the %lld gaps between "
	    "sorted send_time_us of client \"%s\"'s %zu rows", (long long)m.n,
	    s->clients.s[client], v->n);
	put(o, "1g", "iat.cv_send", moments_cv(&m), "cv", m.n, "client",
	    s->clients.s[client], NULL, "send_time_us", sbuf_str(&how));
	sbuf_free(&how);
}

static void
put_iat(struct out *o)
{
	const struct trace_stats *s = o->s;
	size_t *order = names_order(&s->clients);
	struct sbuf how = {0};
	struct moments all = {0};

	for (size_t k = 0; k < s->clients.n; k++) {
		const struct ivals *v = &s->arrivals[order[k]];
		struct moments m = {0};

		client_gaps(v, &m);
		sbuf_reset(&how);
		sbuf_printf(&how, "stdev/mean (population) of the %lld gaps "
		    "between sorted arrival_time_us of client \"%s\"'s %zu rows "
		    "(rows are in completion order, so sorted first)",
		    (long long)m.n, s->clients.s[order[k]], v->n);
		put(o, "1g", "iat.cv", moments_cv(&m), "cv", m.n, "client",
		    s->clients.s[order[k]], NULL, "arrival_time_us",
		    sbuf_str(&how));
		put_send_cv(o, order[k]);
	}
	merged_gaps(s, &all);
	sbuf_reset(&how);
	sbuf_printf(&how, "stdev/mean (population) of the %lld gaps between "
	    "all sorted arrival_time_us, every client merged (informational)",
	    (long long)all.n);
	put(o, "1g", "iat.cv_merged", moments_cv(&all), "cv", all.n, NULL,
	    NULL, NULL, "arrival_time_us", sbuf_str(&how));
	sbuf_free(&how);
	free(order);
}

/* Every status has its status.count per class, but incomplete in a real
 * trace and unknown only where some row has it (a real client writes
 * neither). */
static bool
status_shown(const struct trace_stats *s, enum status st)
{
	const char *mode = s->hdr->present ? s->hdr->mode : NULL;

	if (st != ST_INCOMPLETE && st != ST_UNKNOWN)
		return true;
	if (st == ST_INCOMPLETE && mode != NULL && strcmp(mode, "real") != 0)
		return true;
	for (size_t i = 0; i < s->classes.n; i++)
		if (s->cls[i].status[st] > 0)
			return true;
	return false;
}

static void
put_status(struct out *o)
{
	const struct trace_stats *s = o->s;
	size_t *order = names_order(&s->classes);
	struct sbuf how = {0};

	for (size_t k = 0; k < s->classes.n; k++) {
		const struct class_stats *cs = &s->cls[order[k]];
		const char *name = s->classes.s[order[k]];

		for (int st = 0; st < NSTATUS; st++) {
			if (!status_shown(s, (enum status)st))
				continue;
			sbuf_reset(&how);
			sbuf_printf(&how, "rows of class \"%s\" with %s", name,
			    status_how[st]);
			if (st == ST_EMPTY && !s->has_finish_reason)
				sbuf_adds(&how, " (no finish_reason column: "
				    "output_tokens 0 alone)");
			if (st == ST_ABORTED && !s->has_finish_reason)
				sbuf_adds(&how, " (no finish_reason column: "
				    "none can be seen)");
			if (st == ST_UNKNOWN && cs->status[st] > 0)
				sbuf_printf(&how, "; the first: \"%s\"",
				    cs->first_unknown);
			if (st != ST_OK && cs->status[st] > 0)
				sbuf_adds(&how, "; source.line: the first such "
				    "row");
			put(o, "5d", "status.count", (double)cs->status[st],
			    "count", cs->rows, "class", name, status_names[st],
			    "status", sbuf_str(&how));
			if (st != ST_OK && cs->status[st] > 0)
				put_line(o, cs->first_line[st]);
		}
		sbuf_reset(&how);
		sbuf_printf(&how, "shed rows (HTTP 429/503 in error_message) / "
		    "all %lld rows of class \"%s\"", (long long)cs->rows, name);
		put(o, "5d", "shed.rate", ratio(cs->status[ST_SHED], cs->rows),
		    "fraction", cs->rows, "class", name, NULL, "error_message",
		    sbuf_str(&how));
		sbuf_reset(&how);
		sbuf_printf(&how, "rows with status ok (not failed_empty or "
		    "aborted) / all %lld rows of class \"%s\"",
		    (long long)cs->rows, name);
		put(o, "5d", "success.fraction", ratio(cs->status[ST_OK],
		    cs->rows), "fraction", cs->rows, "class", name, NULL,
		    "status", sbuf_str(&how));
	}
	sbuf_free(&how);
	free(order);
}

struct latency {
	const char	*name;		/* ttft_ms */
	const char	*field;
	const char	*formula;
	const char	*rows;
};

static const struct latency latencies[] = {
	{ "ttft_ms", "first_chunk_time_us",
	  "(first_chunk_time_us - send_time_us) / 1000",
	  "with a first chunk (first_chunk_time_us > 0)" },
	{ "tpot_ms", "last_chunk_time_us",
	  "(last_chunk_time_us - first_chunk_time_us) / (output_tokens - 1) "
	  "/ 1000", "with output_tokens > 1 and both chunk times" },
	{ "e2e_ms", "last_chunk_time_us",
	  "(last_chunk_time_us - send_time_us) / 1000",
	  "with a last chunk (last_chunk_time_us > 0)" },
};

/* One latency's mean, p50, p90, p99, max (µs in, ms out). */
static void
put_latency(struct out *o, const struct latency *l, const struct moments *m,
    const double q[3], const char *cls)
{
	static const char *const stat[] = { "mean", "p50", "p90", "p99", "max" };
	double vals[5] = {
		m->n ? m->mean / 1000 : NAN, q[0] / 1000, q[1] / 1000,
		q[2] / 1000, m->n ? m->max / 1000 : NAN
	};
	char metric[64];
	struct sbuf how = {0};

	for (size_t i = 0; i < 5; i++) {
		snprintf(metric, sizeof(metric), "%s.%s", l->name, stat[i]);
		sbuf_reset(&how);
		sbuf_printf(&how, "%s of %s over the %lld successful rows "
		    "(status ok, not failed_empty or aborted)%s%s%s %s%s",
		    stat[i], l->formula, (long long)m->n, cls ? " of class \"" : "",
		    cls ? cls : "", cls ? "\"" : "", l->rows,
		    i >= 1 && i <= 3 ? "; type 7 quantile" : "");
		put(o, "A3", metric, vals[i], "ms", m->n, cls ? "class" : NULL,
		    cls, NULL, l->field, sbuf_str(&how));
	}
	sbuf_free(&how);
}

/* p50, p90, p99 of latency `which` (0 ttft, 1 tpot, 2 e2e) of one class,
 * or of all classes together when cls is SIZE_MAX. */
static void
latency_quantiles(const struct trace_stats *s, size_t which, size_t cls,
    double q[3])
{
	static const double qs[3] = { 0.50, 0.90, 0.99 };
	size_t k = cls == SIZE_MAX ? s->classes.n : 1;
	size_t from = cls == SIZE_MAX ? 0 : cls;
	const struct ivals **iv = xreallocarray(NULL, k ? k : 1, sizeof(*iv));
	const struct dvals **dv = xreallocarray(NULL, k ? k : 1, sizeof(*dv));

	for (size_t i = 0; i < k; i++) {
		const struct class_stats *cs = &s->cls[from + i];

		iv[i] = which == 0 ? &cs->ttft_v : &cs->e2e_v;
		dv[i] = &cs->tpot_v;
	}
	for (size_t i = 0; i < 3; i++)
		q[i] = which == 1 ? dvals_quantile_multi(dv, k, qs[i]) :
		    ivals_quantile_multi(iv, k, qs[i]);
	free(iv);
	free(dv);
}

static const struct moments *
latency_moments(const struct class_stats *cs, const struct trace_stats *s,
    size_t which)
{
	if (cs == NULL)
		return which == 0 ? &s->ttft : which == 1 ? &s->tpot : &s->e2e;
	return which == 0 ? &cs->ttft : which == 1 ? &cs->tpot : &cs->e2e;
}

static void
put_latencies(struct out *o)
{
	const struct trace_stats *s = o->s;
	size_t *order = names_order(&s->classes);
	double q[3];

	for (size_t w = 0; w < 3; w++) {
		latency_quantiles(s, w, SIZE_MAX, q);
		put_latency(o, &latencies[w], latency_moments(NULL, s, w), q,
		    NULL);
	}
	for (size_t k = 0; k < s->classes.n; k++) {
		for (size_t w = 0; w < 3; w++) {
			latency_quantiles(s, w, order[k], q);
			put_latency(o, &latencies[w], latency_moments(
			    &s->cls[order[k]], s, w), q, s->classes.s[order[k]]);
		}
	}
	free(order);
}

/* ---- distributions (for the report's charts) ---- */

/* [[q, x], ...] at q = 0, 1/(CDF_POINTS-1), ..., 1; x in ms. */
static json_t *
cdf_points(const struct trace_stats *s, size_t which, size_t cls)
{
	size_t k = cls == SIZE_MAX ? s->classes.n : 1;
	size_t from = cls == SIZE_MAX ? 0 : cls, n = 0;
	const struct ivals **iv = xreallocarray(NULL, k ? k : 1, sizeof(*iv));
	const struct dvals **dv = xreallocarray(NULL, k ? k : 1, sizeof(*dv));
	json_t *pts = json_array();

	for (size_t i = 0; i < k; i++) {
		const struct class_stats *cs = &s->cls[from + i];

		iv[i] = which == 0 ? &cs->ttft_v : &cs->e2e_v;
		dv[i] = &cs->tpot_v;
		n += which == 1 ? dv[i]->n : iv[i]->n;
	}
	for (size_t i = 0; n > 0 && i < CDF_POINTS; i++) {
		double q = (double)i / (CDF_POINTS - 1), x;
		json_t *pt = json_array();

		x = which == 1 ? dvals_quantile_multi(dv, k, q) :
		    ivals_quantile_multi(iv, k, q);
		json_array_append_new(pt, rec_num(q));
		json_array_append_new(pt, rec_num(x / 1000));
		json_array_append_new(pts, pt);
	}
	free(iv);
	free(dv);
	return pts;
}

static void
put_cdf(struct out *o, size_t which, size_t cls)
{
	static const char *const names[] = { "ttft_ms.cdf", "tpot_ms.cdf",
	    "e2e_ms.cdf" };
	const struct trace_stats *s = o->s;
	const struct latency *l = &latencies[which];
	const char *name = cls == SIZE_MAX ? NULL : s->classes.s[cls];
	const struct moments *m = latency_moments(cls == SIZE_MAX ? NULL :
	    &s->cls[cls], s, which);
	struct sbuf how = {0};

	sbuf_printf(&how, "points [q, x]: the type 7 quantile x (ms) of %s "
	    "at q = 0, 0.01, ..., 1 (%d points) over the %lld successful "
	    "rows (status ok, not failed_empty or aborted)%s%s%s %s",
	    l->formula, CDF_POINTS, (long long)m->n, name ? " of class \"" : "",
	    name ? name : "", name ? "\"" : "", l->rows);
	trace_put_dist(o, "A3", names[which], "ms", m->n, name, l->field,
	    sbuf_str(&how), "points", cdf_points(s, which, cls));
	sbuf_free(&how);
}

static void
put_cdfs(struct out *o)
{
	const struct trace_stats *s = o->s;
	size_t *order = names_order(&s->classes);

	for (size_t w = 0; w < 3; w++)
		put_cdf(o, w, SIZE_MAX);
	for (size_t k = 0; k < s->classes.n; k++)
		for (size_t w = 0; w < 3; w++)
			put_cdf(o, w, order[k]);
	free(order);
}

void
trace_stats_records(const struct trace_stats *s,
    const struct trace_scope *scope, json_t *arr)
{
	struct out o = { s, scope, arr };
	struct sbuf rows = {0};

	put_count(&o);
	put_qps(&o, "qps.intended", "arrival_time_us", s->arr_min, s->arr_max);
	put_qps(&o, "qps.actual", "send_time_us", s->send_min, s->send_max);
	put_classes(&o);
	sbuf_printf(&rows, "all %lld rows", (long long)s->rows);
	put_tokens(&o, "1c", "input_tokens", "input_tokens", &s->in, &s->in_v,
	    sbuf_str(&rows));
	sbuf_reset(&rows);
	sbuf_printf(&rows, "the %lld successful rows (status ok, not "
	    "failed_empty or aborted)", (long long)s->out.n);
	put_tokens(&o, "1d", "output_tokens", "output_tokens", &s->out,
	    &s->out_v, sbuf_str(&rows));
	sbuf_reset(&rows);
	put_prefix(&o);
	put(&o, "1f", "streaming.fraction", ratio(s->streaming_rows, s->rows),
	    "fraction", s->rows, NULL, NULL, NULL, "streaming",
	    "rows with streaming=true / all rows");
	put_iat(&o);
	put_status(&o);
	put_latencies(&o);
	sbuf_printf(&rows, "all %lld rows", (long long)s->rows);
	trace_put_hist(&o, "1c", "input_tokens.hist", "input_tokens",
	    &s->in_v, sbuf_str(&rows));
	sbuf_reset(&rows);
	sbuf_printf(&rows, "the %lld successful rows (status ok, not "
	    "failed_empty or aborted)", (long long)s->out.n);
	trace_put_hist(&o, "1d", "output_tokens.hist", "output_tokens",
	    &s->out_v, sbuf_str(&rows));
	sbuf_free(&rows);
	put_cdfs(&o);
	tracex_records(s->x, &o, &s->clients, &s->classes);
}
