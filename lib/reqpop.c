/* reqpop.c - request populations, matching by id, distributions and the
 * two-sample KS distance; see reqpop.h.
 *
 * Times stay int64 µs: a real trace's send and chunk times are Unix-epoch
 * µs, so only differences within one row (or against the side's own first
 * send) are taken, and integer differences lose nothing.  The BLIS metrics
 * JSON is read with the streaming scanner (lib/jsonscan): its numbers are
 * converted from their decimal text to integer µs exactly, and a bad field
 * is reported at its line and column. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "reqpop.h"
#include "tracefile.h"
#include "str.h"

/* Throughput windows per side: 10^7 one-second windows are 115 days. */
#define MAX_WINDOWS	INT64_C(10000000)

void
reqpop_init(struct reqpop *p, const char *label, enum reqfmt fmt)
{
	memset(p, 0, sizeof(*p));
	p->label = xstrdup(label);
	p->fmt = fmt;
	p->has_ids = true;
	p->warm_up = -1;
}

void
reqpop_free(struct reqpop *p)
{
	free(p->label);
	free(p->warm_up_where);
	free(p->mode);
	free(p->mode_file);
	free(p->server_model);
	free(p->v);
	memset(p, 0, sizeof(*p));
}

static struct reqrow *
new_row(struct reqpop *p)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 256;
		p->v = xreallocarray(p->v, p->cap, sizeof(*p->v));
	}
	memset(&p->v[p->n], 0, sizeof(p->v[p->n]));
	p->v[p->n].ttft = -1;
	p->v[p->n].e2e = -1;
	p->v[p->n].tpot = NAN;
	p->v[p->n].chunks = -1;
	p->v[p->n].arrival = -1;
	return &p->v[p->n++];
}

/* Totals; a sum that would overflow is bad input, not a wrap. */
static void
add_totals(struct reqpop *p, const struct reqrow *row, const char *where,
    long line, long column)
{
	if (row->prompt > INT64_MAX - p->prompt_sum ||
	    row->output > INT64_MAX - p->output_sum)
		s2r_die_at(where, line, column, "token counts: expected sums "
		    "below 2^63, got an overflow");
	p->prompt_sum += row->prompt;
	if (row->ok) {
		p->nok++;
		p->output_sum += row->output;
		/* successful, yet no time of any chunk (A0 untimed) */
		p->untimed += row->ttft < 0 && row->e2e < 0;
	}
}

/* ---- TraceV2 CSV --------------------------------------------------- */

struct cols {
	long	id, input, prefix, output, send, first, last;
	long	status, finish, chunks, streaming, arrival, round;
};

/* docs/records.md: ok, unless the stream was cut or the server aborted
 * the request (trace_ok_end). */
static bool
row_ok(const struct csvr *r, const struct cols *c, int64_t out)
{
	if (strcmp(csvr_str(r, c->status, NULL), "ok") != 0)
		return false;
	return trace_ok_end(out, csvr_str(r, c->finish, NULL)) ==
	    TRACE_SERVED;
}

static void
csv_latency(const struct csvr *r, const struct cols *c, struct reqrow *row)
{
	int64_t first = csvr_time_us(r, c->first);
	int64_t last = csvr_time_us(r, c->last);

	if (first > 0 && first < row->send)
		csvr_die_field(r, c->first, "expected a time at or after "
		    "send_time_us");
	if (last > 0 && (last < row->send || (first > 0 && last < first)))
		csvr_die_field(r, c->last, "expected a time at or after "
		    "send_time_us and first_chunk_time_us");
	if (first > 0)
		row->ttft = first - row->send;
	if (last > 0)
		row->e2e = last - row->send;
	if (first > 0 && last > 0 && row->output > 1)
		row->tpot = (double)(last - first) / (double)(row->output - 1);
}

static void
csv_row(struct reqpop *p, const struct csvr *r, const struct cols *c)
{
	struct reqrow *row = new_row(p);
	int64_t prefix = 0;

	row->line = csvr_line(r);
	row->column = c->id + 1;
	if (c->id >= 0)
		row->id = csvr_count(r, c->id);
	row->prompt = csvr_count(r, c->input);
	if (c->prefix >= 0)
		prefix = csvr_count(r, c->prefix);
	if (prefix > INT64_MAX - row->prompt)
		csvr_die_field(r, c->prefix, "expected a smaller count");
	row->prompt += prefix;
	row->output = csvr_count(r, c->output);
	row->send = csvr_time_us(r, c->send);
	if (c->chunks >= 0)
		row->chunks = csvr_count(r, c->chunks);
	row->ok = row_ok(r, c, row->output);
	csv_latency(r, c, row);
	/* a later round of a session arrives after the previous round's
	 * response, so its arrival is the run's, not the plan's */
	if (c->arrival >= 0 && (c->round < 0 || csvr_empty(r, c->round) ||
	    csvr_count(r, c->round) == 0))
		row->arrival = csvr_time_us(r, c->arrival);
	/* blis observe records a non-streamed request's first chunk at the
	 * first byte of the whole response, not at a first token (kept:
	 * BLIS calibrate reads it as TTFT; s2r-latency leaves it out) */
	if (c->streaming >= 0 && !csvr_bool(r, c->streaming)) {
		row->unstreamed = true;
		p->unstreamed++;
	}
	add_totals(p, row, csvr_label(r), row->line, c->input + 1);
}

void
reqpop_read_csv(struct reqpop *p, struct csvr *r, const struct trace_header *h)
{
	struct cols c;

	trace_refuse_itl(r);
	c.id = csvr_col(r, "request_id", false);
	c.input = csvr_col(r, "input_tokens", true);
	c.prefix = csvr_col(r, "prefix_length", false);
	c.output = csvr_col(r, "output_tokens", true);
	c.send = csvr_col(r, "send_time_us", true);
	c.first = csvr_col(r, "first_chunk_time_us", true);
	c.last = csvr_col(r, "last_chunk_time_us", true);
	c.status = csvr_col(r, "status", true);
	c.finish = csvr_col(r, "finish_reason", false);
	c.chunks = csvr_col(r, "num_chunks", false);
	c.streaming = csvr_col(r, "streaming", false);
	c.arrival = csvr_col(r, "arrival_time_us", false);
	c.round = csvr_col(r, "round_index", false);
	p->has_ids = c.id >= 0;
	p->has_prefix = c.prefix >= 0;
	if (h != NULL && h->present && h->has_warm_up) {
		struct sbuf w = {0};

		p->warm_up = h->warm_up;
		sbuf_printf(&w, "%s:%ld", h->label, h->warm_up_line);
		p->warm_up_where = w.s;
	}
	if (h != NULL && h->present && h->mode != NULL) {
		p->mode = xstrdup(h->mode);
		p->mode_file = xstrdup(h->label);
		p->mode_line = h->mode_line;
	}
	if (h != NULL && h->present && h->server_model != NULL) {
		xstrset(&p->mode_file, h->label);
		p->server_model = xstrdup(h->server_model);
		p->server_model_line = h->server_model_line;
	}
	while (csvr_next(r))
		csv_row(p, r, &c);
	reqpop_sort(p);
}

/* ---- BLIS metrics JSON --------------------------------------------- */

enum { K_ID, K_ARRIVED, K_PREFILL, K_DECODE, K_TTFT, K_ITL, K_E2E, K_STATUS,
	NKEYS };

static const char *const blis_keys[NKEYS] = {
	"requestID", "arrived_at", "num_prefill_tokens", "num_decode_tokens",
	"ttft_ms", "itl_ms", "e2e_ms", "status"
};

struct jreq {
	bool	 seen[NKEYS];
	int64_t	 id, arrived_us, prefill, decode, ttft_us, e2e_us, itl_ns;
	bool	 completed;	/* status "completed" */
	struct jpos at, id_at;
};

/* "request_17" or "17". */
static bool
parse_request_id(const char *s, size_t n, int64_t *out)
{
	if (n > 8 && strncmp(s, "request_", 8) == 0) {
		s += 8;
		n -= 8;
	}
	return n > 0 && s[0] != '-' && s[0] != '+' && parse_i64(s, n, out);
}

/* A non-negative decimal in units of 10^-scale (exactly, from the text). */
static int64_t
scaled(struct jscan *js, struct sbuf *text, const char *key, int scale)
{
	struct jpos at = jscan_pos(js);
	int64_t v;
	char what[96];

	snprintf(what, sizeof(what), "%s: a number >= 0", key);
	if (jscan_peek(js) != J_NUMBER)
		jscan_fail(js, at, what, "another type");
	jscan_number(js, text);
	if (!dec_to_scaled(text->s, text->len, scale, &v) || v < 0 ||
	    v >= CSVR_TIME_MAX)
		jscan_fail(js, at, what, text->s);
	return v;
}

static void
blis_key(struct jscan *js, int k, struct jreq *q, struct sbuf *text)
{
	struct jpos at = jscan_pos(js);

	switch (k) {
	case K_ID:
		q->id_at = at;
		if (jscan_peek(js) != J_STRING)
			jscan_fail(js, at, "requestID: a string "
			    "\"request_<n>\"", "another type");
		jscan_string(js, text);
		if (!parse_request_id(text->s, text->len, &q->id))
			jscan_fail(js, at, "requestID: \"request_<n>\" with "
			    "n >= 0", text->s);
		break;
	case K_ARRIVED:
		q->arrived_us = scaled(js, text, "arrived_at", 6);
		break;
	case K_PREFILL:
		q->prefill = scaled(js, text, "num_prefill_tokens", 0);
		break;
	case K_DECODE:
		q->decode = scaled(js, text, "num_decode_tokens", 0);
		break;
	case K_TTFT:
		q->ttft_us = scaled(js, text, "ttft_ms", 3);
		break;
	case K_ITL:
		q->itl_ns = scaled(js, text, "itl_ms", 6);
		break;
	case K_E2E:
		q->e2e_us = scaled(js, text, "e2e_ms", 3);
		break;
	case K_STATUS:
		if (jscan_peek(js) != J_STRING)
			jscan_fail(js, at, "status: a string", "another type");
		jscan_string(js, text);
		q->completed = strcmp(text->s, "completed") == 0;
		break;
	}
	q->seen[k] = true;
}

static void
blis_request(struct reqpop *p, struct jscan *js, size_t index,
    struct sbuf *key, struct sbuf *text)
{
	struct jreq q;
	struct reqrow *row;
	char what[128];

	memset(&q, 0, sizeof(q));
	q.at = jscan_pos(js);
	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, q.at, "a request object in requests[]",
		    "another type");
	jscan_obj_begin(js);
	while (jscan_obj_key(js, key)) {
		int k;

		for (k = 0; k < NKEYS; k++)
			if (strcmp(key->s, blis_keys[k]) == 0)
				break;
		if (k == NKEYS)
			jscan_skip(js);
		else
			blis_key(js, k, &q, text);
	}
	for (int k = 0; k < NKEYS; k++) {
		if (q.seen[k] || k == K_STATUS)
			continue;
		snprintf(what, sizeof(what), "requests[%zu] to have \"%s\"",
		    index, blis_keys[k]);
		jscan_fail(js, q.at, what, "none");
	}
	row = new_row(p);
	row->id = q.id;
	row->line = q.id_at.line;
	row->column = q.id_at.column;
	row->prompt = q.prefill;
	row->output = q.decode;
	row->send = q.arrived_us;
	row->arrival = q.arrived_us;
	/* BLIS writes zero-valued metrics for requests that did not finish;
	 * forks that write status say so explicitly. */
	row->ok = q.seen[K_STATUS] ? q.completed : q.e2e_us > 0;
	if (q.ttft_us > 0)
		row->ttft = q.ttft_us;
	if (q.e2e_us > 0)
		row->e2e = q.e2e_us;
	if (row->ok && q.decode > 1)
		row->tpot = (double)q.itl_ns / 1000;
	add_totals(p, row, p->label, q.at.line, q.at.column);
}

/* BLIS before its ms fix wrote itl_ms in µs ticks (TTFT and E2E were
 * already ms).  Per request ITL x (decode - 1) is the decode time, at most
 * E2E - TTFT; when most requests overshoot that by 100x or more the field
 * is in µs. */
static void
detect_itl_ticks(struct reqpop *p)
{
	size_t over = 0, checked = 0;

	for (size_t i = 0; i < p->n; i++) {
		const struct reqrow *r = &p->v[i];
		double decode_us;

		if (!r->ok || isnan(r->tpot) || r->ttft < 0 || r->e2e <= r->ttft)
			continue;
		decode_us = r->tpot * (double)(r->output - 1);
		checked++;
		if (decode_us > 100 * (double)(r->e2e - r->ttft))
			over++;
	}
	if (checked == 0 || 2 * over <= checked)
		return;
	p->itl_ticks = true;
	for (size_t i = 0; i < p->n; i++)
		p->v[i].tpot /= 1000;
}

/* The simulator's aggregate KV-cache hit rate (blis run/replay
 * --metrics-path), a fraction; null or absent: not stated. */
static void
blis_hit_rate(struct reqpop *p, struct jscan *js, struct sbuf *text)
{
	struct jpos at = jscan_pos(js);
	double v;

	if (jscan_peek(js) == J_NULL) {
		jscan_skip(js);
		return;
	}
	if (jscan_peek(js) != J_NUMBER)
		jscan_fail(js, at, "cache_hit_rate: a fraction in [0, 1]",
		    "another type");
	jscan_number(js, text);
	if (!parse_f64(text->s, text->len, &v) || v < 0 || v > 1)
		jscan_fail(js, at, "cache_hit_rate: a fraction in [0, 1]",
		    text->s);
	p->has_kv_hit_rate = true;
	p->kv_hit_rate = v;
	p->kv_line = at.line;
}

void
reqpop_read_blis(struct reqpop *p, struct jscan *js)
{
	struct sbuf key = {0}, text = {0};
	struct jpos top = jscan_pos(js);
	bool found = false;

	if (jscan_peek(js) != J_OBJECT)
		jscan_fail(js, top, "a BLIS metrics JSON object", "another "
		    "JSON value");
	jscan_obj_begin(js);
	while (jscan_obj_key(js, &key)) {
		struct jpos at;

		if (strcmp(key.s, "cache_hit_rate") == 0) {
			blis_hit_rate(p, js, &text);
			continue;
		}
		if (strcmp(key.s, "requests") != 0 || found) {
			jscan_skip(js);
			continue;
		}
		found = true;
		at = jscan_pos(js);
		if (jscan_peek(js) == J_NULL) {	/* omitempty off: no requests */
			jscan_skip(js);
			continue;
		}
		if (jscan_peek(js) != J_ARRAY)
			jscan_fail(js, at, "requests: an array", "another type");
		jscan_arr_begin(js);
		for (size_t i = 0; jscan_arr_next(js); i++)
			blis_request(p, js, i, &key, &text);
	}
	jscan_end(js);
	sbuf_free(&key);
	sbuf_free(&text);
	if (!found)
		s2r_die_at(p->label, top.line, top.column, "expected a BLIS "
		    "metrics JSON with a requests array (blis run "
		    "--metrics-path), got an object without one");
	detect_itl_ticks(p);
	reqpop_sort(p);
}

/* ---- sorting and matching ------------------------------------------ */

static int
row_cmp(const void *pa, const void *pb)
{
	const struct reqrow *a = pa, *b = pb;

	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return (a->column > b->column) - (a->column < b->column);
}

/* The row of the id group v[a..b) that stays: the last successful
 * attempt (a retry after a failed send is the one the server answered),
 * else the last. */
static size_t
group_keep(const struct reqpop *p, size_t a, size_t b)
{
	for (size_t i = b; i-- > a;)
		if (p->v[i].ok)
			return i;
	return b - 1;
}

/* Takes a dropped row out of the side's counts and sums. */
static void
drop_totals(struct reqpop *p, const struct reqrow *row)
{
	p->prompt_sum -= row->prompt;
	p->unstreamed -= row->unstreamed;
	if (row->ok) {
		p->nok--;
		p->output_sum -= row->output;
		p->untimed -= row->ttft < 0 && row->e2e < 0;
	}
}

/* Keeps one row of the group v[a..b) at v[k] and notes the repeat. */
static void
collapse(struct reqpop *p, size_t a, size_t b, size_t k)
{
	size_t keep = group_keep(p, a, b), first_ok = b;
	bool resent = false;

	for (size_t i = a; i < b; i++) {
		/* a retry follows a failed attempt; two answered ones sent
		 * at different times are the request sent twice (the same
		 * send twice is a line written twice) */
		if (p->v[i].ok && first_ok == b)
			first_ok = i;
		else if (p->v[i].ok && p->v[i].send != p->v[first_ok].send)
			resent = true;
		if (i != keep)
			drop_totals(p, &p->v[i]);
	}
	p->repeat_served += resent;
	if (p->repeat_ids < REQMATCH_EXAMPLES) {
		p->repeat_ex[p->repeat_ids] = p->v[a].id;
		p->repeat_line[p->repeat_ids] = p->v[a + 1].line;
	}
	p->repeat_ids++;
	p->repeat_rows += (int64_t)(b - a - 1);
	p->v[k] = p->v[keep];
}

void
reqpop_sort(struct reqpop *p)
{
	size_t k = 0, b;

	if (!p->has_ids || p->n < 2)
		return;
	qsort(p->v, p->n, sizeof(*p->v), row_cmp);
	for (size_t a = 0; a < p->n; a = b, k++) {
		for (b = a + 1; b < p->n && p->v[b].id == p->v[a].id; b++)
			;
		if (b - a > 1)
			collapse(p, a, b, k);
		else
			p->v[k] = p->v[a];
	}
	p->n = k;
}

static void
example(int64_t *ex, int64_t count, int64_t id)
{
	if (count <= REQMATCH_EXAMPLES)
		ex[count - 1] = id;
}

static void
pair(struct reqmatch *m, const struct reqpop *real, const struct reqpop *sim,
    size_t i, size_t j)
{
	const struct reqrow *a = &real->v[i], *b = &sim->v[j];

	m->matched++;
	if (a->prompt != b->prompt)
		example(m->prompt_ex, ++m->prompt_mismatch, a->id);
	if (a->arrival >= 0 && b->arrival >= 0) {
		m->arrival_compared++;
		if (llabs(a->arrival - b->arrival) > ARRIVAL_SLACK_US)
			example(m->arrival_ex, ++m->arrival_mismatch, a->id);
	}
	if (!a->ok || !b->ok)
		return;
	m->eligible++;
	if (a->output != b->output)
		example(m->output_ex, ++m->output_mismatch, a->id);
	m->ri[m->npairs] = i;
	m->si[m->npairs] = j;
	m->npairs++;
	if (a->unstreamed || b->unstreamed)
		return;
	m->tri[m->ntpairs] = i;
	m->tsi[m->ntpairs] = j;
	m->ntpairs++;
}

static void
sim_only(struct reqmatch *m, const struct reqpop *real, int64_t id)
{
	if (real->warm_up > 0 && id < real->warm_up)
		m->sim_warm_up++;
	else
		example(m->sim_only_ex, ++m->sim_only, id);
}

void
reqmatch_run(struct reqmatch *m, const struct reqpop *real,
    const struct reqpop *sim)
{
	size_t i = 0, j = 0, most = real->n < sim->n ? real->n : sim->n;

	memset(m, 0, sizeof(*m));
	m->by_id = real->has_ids && sim->has_ids;
	if (!m->by_id)
		return;
	m->ri = xreallocarray(NULL, most + 1, sizeof(*m->ri));
	m->si = xreallocarray(NULL, most + 1, sizeof(*m->si));
	m->tri = xreallocarray(NULL, most + 1, sizeof(*m->tri));
	m->tsi = xreallocarray(NULL, most + 1, sizeof(*m->tsi));
	while (i < real->n || j < sim->n) {
		/* the header says the first warm_up_requests requests are
		 * not in the file: rows under them are a cold server's
		 * warm-up the recorder wrote anyway, not the run compared */
		if (i < real->n && real->warm_up > 0 &&
		    real->v[i].id < real->warm_up) {
			example(m->real_warm_up_ex, ++m->real_warm_up,
			    real->v[i].id);
			i++;
		} else if (j == sim->n || (i < real->n &&
		    real->v[i].id < sim->v[j].id)) {
			example(m->real_only_ex, ++m->real_only,
			    real->v[i].id);
			i++;
		} else if (i == real->n || sim->v[j].id < real->v[i].id) {
			sim_only(m, real, sim->v[j].id);
			j++;
		} else {
			pair(m, real, sim, i++, j++);
		}
	}
}

void
reqmatch_free(struct reqmatch *m)
{
	free(m->ri);
	free(m->si);
	free(m->tri);
	free(m->tsi);
	memset(m, 0, sizeof(*m));
}

/* ---- distributions ------------------------------------------------- */

/* Row k of the population: idx[k], or the k-th row when idx is NULL. */
static const struct reqrow *
row_at(const struct reqpop *p, const size_t *idx, size_t k)
{
	return &p->v[idx != NULL ? idx[k] : k];
}

static size_t
pop_size(const struct reqpop *p, const size_t *idx, size_t n)
{
	return idx != NULL ? n : p->n;
}

static void
throughput(const struct reqpop *p, const size_t *idx, size_t n,
    int64_t window_us, struct dvals *v)
{
	int64_t origin = 0, last = 0, nwin;
	double *sum;
	bool any = false;
	size_t total = pop_size(p, idx, n);

	for (size_t k = 0; k < total; k++) {
		const struct reqrow *r = row_at(p, idx, k);

		if (!r->ok || r->e2e < 0)
			continue;
		if (!any || r->send < origin)
			origin = r->send;
		if (!any || r->send + r->e2e > last)
			last = r->send + r->e2e;
		any = true;
	}
	if (!any || window_us <= 0 || (nwin = (last - origin) / window_us) < 1)
		return;
	if (nwin > MAX_WINDOWS)
		s2r_die_at(p->label, 0, 0, "throughput: expected a run of at "
		    "most %lld windows, got %lld windows of %lld µs from the "
		    "first send to the last completion (check the times, or "
		    "use a longer window)", (long long)MAX_WINDOWS,
		    (long long)nwin, (long long)window_us);
	sum = xcalloc((size_t)nwin, sizeof(*sum));
	for (size_t k = 0; k < total; k++) {
		const struct reqrow *r = row_at(p, idx, k);
		int64_t w;

		if (!r->ok || r->e2e < 0)
			continue;
		w = (r->send + r->e2e - origin) / window_us;
		if (w < nwin)
			sum[w] += (double)r->output;
	}
	for (int64_t w = 0; w < nwin; w++)
		dvals_add(v, sum[w] / ((double)window_us / 1e6));
	free(sum);
}

void
reqpop_values(const struct reqpop *p, const size_t *idx, size_t n,
    enum reqmetric metric, int64_t window_us, struct dvals *v)
{
	size_t total = pop_size(p, idx, n);

	if (metric == RM_THROUGHPUT) {
		throughput(p, idx, n, window_us, v);
		dvals_sort(v);
		return;
	}
	for (size_t k = 0; k < total; k++) {
		const struct reqrow *r = row_at(p, idx, k);

		if (!r->ok)
			continue;
		if (metric == RM_TTFT && r->ttft >= 0)
			dvals_add(v, (double)r->ttft / 1000);
		else if (metric == RM_E2E && r->e2e >= 0)
			dvals_add(v, (double)r->e2e / 1000);
		else if (metric == RM_TPOT && !isnan(r->tpot))
			dvals_add(v, r->tpot / 1000);
	}
	dvals_sort(v);
}

void
reqpop_rates(const struct reqpop *p, const size_t *idx, size_t n,
    double *tokens_per_s, double *requests_per_s, int64_t *span_us)
{
	int64_t first = 0, last = 0, tokens = 0, reqs = 0;
	size_t total = pop_size(p, idx, n);

	for (size_t k = 0; k < total; k++) {
		const struct reqrow *r = row_at(p, idx, k);

		if (!r->ok || r->e2e < 0)
			continue;
		if (reqs == 0 || r->send < first)
			first = r->send;
		if (reqs == 0 || r->send + r->e2e > last)
			last = r->send + r->e2e;
		tokens += r->output;	/* bounded by output_sum: no overflow */
		reqs++;
	}
	*span_us = reqs > 0 ? last - first : 0;
	*tokens_per_s = *span_us > 0 ? (double)tokens / (double)*span_us * 1e6 :
	    NAN;
	*requests_per_s = *span_us > 0 ? (double)reqs / (double)*span_us * 1e6 :
	    NAN;
}

/* ---- Kolmogorov-Smirnov -------------------------------------------- */

double
ks_distance(const double *a, size_t na, const double *b, size_t nb)
{
	size_t i = 0, j = 0;
	double best = 0;

	if (na == 0 || nb == 0)
		return NAN;
	/* |i/na - j/nb| = |i nb - j na| / (na nb): integers until the end. */
	while (i < na && j < nb) {
		double x = a[i] < b[j] ? a[i] : b[j], gap;

		while (i < na && a[i] == x)
			i++;
		while (j < nb && b[j] == x)
			j++;
		gap = fabs((double)i * (double)nb - (double)j * (double)na);
		if (gap > best)
			best = gap;
	}
	return best / ((double)na * (double)nb);
}

double
ks_critical(size_t na, size_t nb, double alpha)
{
	if (na == 0 || nb == 0 || !(alpha > 0 && alpha < 1))
		return NAN;
	return sqrt(-log(alpha / 2) / 2) *
	    sqrt(((double)na + (double)nb) / ((double)na * (double)nb));
}
