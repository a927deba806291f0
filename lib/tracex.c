/* tracex.c - per-client, session, in-flight and TraceV3 statistics of a
 * trace; see tracex.h.  Times are int64 µs; arrival_time_us is relative
 * to the workload start, send and chunk times are epoch µs in real
 * traces, so spans and gaps are taken within one clock only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "itl.h"
#include "rec.h"
#include "sendlag.h"
#include "stats.h"
#include "str.h"
#include "strtab.h"
#include "trace_int.h"
#include "tracex.h"
#include "tracex_client.h"

struct xsession {
	int64_t		 first, last;	/* first send, last end */
	int64_t		 rounds;	/* largest round_index + 1 */
	int64_t		 round0;	/* smallest round_index */
};

/* A session row, for what happens between rounds: the think time the
 * row says it waited (-1 without a think_time_us column) and its prompt
 * (input_tokens). */
struct srow {
	uint32_t	 session;
	int64_t		 round, send, end, think, in;
};

/* Timer slack: a round sent this much before its previous round's end
 * plus its think time is still on time (a replay's timers and the
 * microsecond stamps of two clocks reading). */
#define EARLY_SLACK_US	1000

/* Rows per (client, label) pair, a run of one pair one entry; sorted by
 * client and indexed after tracex_finish: a client's pairs are
 * v[start[i] .. start[i + 1]). */
struct pairtab {
	struct xpair	*v;
	size_t		 n, cap;
	size_t		*start;
};

struct tracex {
	const struct trace_header *h;
	long		 session_id, round_index, think_col;
	long		 server_input, prefix_length, chunks_col;
	/* successful streamed rows of 2+ output tokens with a chunk count
	 * (a sim trace writes 0), and those answered in chunks */
	int64_t		 str_rows, str_chunked, str_first_line;
	/* of those answered in chunks: Σ output_tokens and Σ num_chunks,
	 * and the first row of more than 2 tokens a chunk */
	int64_t		 str_tokens, str_chunks, str_coarse_line;
	/* successful rows, and those that ended at the model's end of
	 * sequence (finish_reason stop) with the first one's line */
	long		 finish_col;
	int64_t		 ok_rows, stopped, stopped_line;
	long		 adapter_col;		/* TraceV3 adapter, or -1 */
	struct strtab	 adapters;		/* "" = the base model */
	int64_t		*adapter_rows;
	/* successful rows whose server counted the prompt (server_input_tokens
	 * > 0): Σ server counts and Σ prefix_length + input_tokens */
	int64_t		 srv_rows, srv_tokens, srv_sent;
	long double	 srv_xx, srv_xy, srv_yy; /* Σ sent², Σ sent·server,
					 * Σ server² */
	/* the same rows split: without a prefix (u: Σ input, Σ server and
	 * their products, for the fit of how the server counts a prompt)
	 * and with one (p: Σ input, Σ prefix_length, Σ server) */
	int64_t		 u_rows, u_in, u_srv, p_rows, p_in, p_len, p_srv;
	long double	 u_xx, u_xy;
	struct xclient	*cl;
	size_t		 ncl;
	int64_t		 rows, arr_min, arr_max;
	struct ivals	 starts, ends;		/* requests in flight */
	struct sendlag	 lags;			/* first rounds against plan */
	struct strtab	 sessions;
	struct xsession	*ss;
	struct srow	*sr;
	size_t		 nsr, capsr;
	struct moments	 think;			/* µs between rounds */
	/* consecutive rounds of a session both in the trace: how many, how
	 * many were sent early (before the previous round's end plus their
	 * think time), the largest shortfall, how many prompts grew */
	int64_t		 rpairs, early, early_worst, grown;
	int64_t		 reordered;	/* early pairs sent before the previous */
	struct pairtab	 pairs;			/* client x slo_class */
	struct pairtab	 apairs;		/* client x adapter */
	int64_t		 inflight_max, sess_max;
	struct moments	 rounds;
	int64_t		 itl_rows, itl_requests;
	bool		 itl_read;
	/* the ITL file, read before the rows so that each successful row
	 * can be looked up in it: itl_own of them are there with the row's
	 * own first chunk time (a file of another run, or of a rerun's
	 * first attempt, has the ids but not the times) */
	struct itl	 itl;
	int64_t		 itl_own;
	char		*unknown_cols;	/* header columns of no known layout,
					 * comma-separated; NULL: none */
	/* rows whose request_id is below the header's warm-up, the line of
	 * the first, and the smallest request_id (id_rows: rows with one) */
	long		 id_col;
	int64_t		 warm_rows, warm_line, id_min, id_rows;
};

/* Every column of the TraceV2/V3 layouts (docs/formats.md §2.2): a
 * header column outside them is another tool's or a renamed one. */
static const char *const known_cols[] = {
	"request_id", "client_id", "tenant_id", "slo_class", "vllm_priority",
	"session_id", "round_index", "prefix_group", "prefix_length",
	"streaming", "input_tokens", "output_tokens", "text_tokens",
	"image_tokens", "audio_tokens", "video_tokens", "reason_ratio",
	"model", "deadline_us", "slo_target_us", "server_input_tokens",
	"arrival_time_us", "send_time_us", "first_chunk_time_us",
	"last_chunk_time_us", "num_chunks", "status", "error_message",
	"finish_reason", "x_request_id", "adapter", "think_time_us", NULL
};

static char *
unknown_columns(const struct csvr *r)
{
	struct sbuf b = { 0 };
	char *list = NULL;

	for (size_t i = 0; i < csvr_ncols(r); i++) {
		const char *name = csvr_colname(r, i);
		size_t k;

		for (k = 0; known_cols[k] != NULL &&
		    strcmp(known_cols[k], name) != 0; k++)
			;
		if (known_cols[k] == NULL)
			sbuf_printf(&b, "%s%s", b.len ? ", " : "", name);
	}
	if (b.len > 0)
		list = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	return list;
}

/* Rows and requests of the ITL file, through the one ITL reader (it
 * checks every chunk of every request); kept for itl_row. */
static void
read_itl(struct tracex *x)
{
	struct csvr *r = csvr_open(x->h->itl_path, x->h->itl_label);

	itl_read(&x->itl, r);
	csvr_close(r);
	x->itl_rows = x->itl.rows;
	x->itl_requests = (int64_t)x->itl.nr;
	x->itl_read = true;
}

/* Whether a successful row's request is in the ITL file with its chunk 0
 * at the row's first_chunk_time_us (itl.own).  Chunk 0 only: it is the
 * TTFT point both files take from the same SSE line, while the last
 * chunk may be a usage or [DONE] line one file counts and the other not. */
static void
itl_row(struct tracex *x, const struct trow *t)
{
	const struct itlreq *q;

	if (!x->itl_read || !t->ok || !t->has_id ||
	    (q = itl_find(&x->itl, t->id)) == NULL)
		return;
	if (q->first == t->first)
		x->itl_own++;
}

struct tracex *
tracex_new(struct csvr *r, const struct trace_header *h)
{
	struct tracex *x = xcalloc(1, sizeof(*x));

	x->h = h;
	x->session_id = csvr_col(r, "session_id", false);
	x->round_index = csvr_col(r, "round_index", false);
	x->think_col = csvr_col(r, "think_time_us", false);
	x->server_input = csvr_col(r, "server_input_tokens", false);
	x->prefix_length = csvr_col(r, "prefix_length", false);
	x->adapter_col = csvr_col(r, "adapter", false);
	x->chunks_col = csvr_col(r, "num_chunks", false);
	x->finish_col = csvr_col(r, "finish_reason", false);
	x->unknown_cols = unknown_columns(r);
	x->id_col = csvr_col(r, "request_id", false);
	if (h->itl_path != NULL)
		read_itl(x);
	return x;
}

static struct xclient *
client_of(struct tracex *x, size_t i)
{
	if (i >= x->ncl) {
		size_t n = i + 1 > 2 * x->ncl ? i + 1 : 2 * x->ncl;

		x->cl = xreallocarray(x->cl, n, sizeof(*x->cl));
		memset(x->cl + x->ncl, 0, (n - x->ncl) * sizeof(*x->cl));
		x->ncl = n;
	}
	return &x->cl[i];
}

static int
pair_cmp(const void *pa, const void *pb)
{
	const struct xpair *a = pa, *b = pb;

	if (a->client != b->client)
		return a->client < b->client ? -1 : 1;
	return (a->cls > b->cls) - (a->cls < b->cls);
}

/* Sorts the pairs by client and label and merges repeats. */
static void
pairs_merge(struct pairtab *t)
{
	size_t n = 0;

	if (t->n > 1)
		qsort(t->v, t->n, sizeof(*t->v), pair_cmp);
	for (size_t k = 0; k < t->n; k++) {
		if (n > 0 && pair_cmp(&t->v[n - 1], &t->v[k]) == 0)
			t->v[n - 1].rows += t->v[k].rows;
		else
			t->v[n++] = t->v[k];
	}
	t->n = n;
}

/* One more row of client with label cls; a run of rows of the same pair
 * is one entry already.  A full table is merged before it grows, so that
 * clients sending in turn take a few entries, not one a row. */
static void
add_pair(struct pairtab *t, size_t client, size_t cls)
{
	struct xpair *last = t->n > 0 ? &t->v[t->n - 1] : NULL;

	if (last != NULL && last->client == client && last->cls == cls) {
		last->rows++;
		return;
	}
	if (t->n == t->cap) {
		pairs_merge(t);
		if (t->n >= t->cap / 2) {
			t->cap = t->cap ? 2 * t->cap : 256;
			t->v = xreallocarray(t->v, t->cap, sizeof(*t->v));
		}
	}
	t->v[t->n++] = (struct xpair){ (uint32_t)client, (uint32_t)cls, 1 };
}

/* When a request stopped holding a connection: its last chunk, else its
 * first, else (an error with no chunk, whose end is not recorded) its
 * send. */
static int64_t
row_end(const struct trow *t)
{
	return t->last > 0 ? t->last : t->first > 0 ? t->first : t->send;
}

static void
session_row(struct tracex *x, const struct csvr *r, const struct trow *t)
{
	size_t len;
	const char *id = csvr_str(r, x->session_id, &len);
	int64_t round = x->round_index >= 0 ? csvr_count(r, x->round_index) :
	    0, end = row_end(t), think;
	uint32_t i;
	bool added;

	if (len == 0)
		return;
	i = strtab_intern_n(&x->sessions, id, len, &added);
	if (added) {
		x->ss = xreallocarray(x->ss, x->sessions.cap, sizeof(*x->ss));
		x->ss[i] = (struct xsession){ t->send, end, 0, round };
	}
	x->ss[i].round0 = round < x->ss[i].round0 ? round : x->ss[i].round0;
	x->ss[i].first = t->send < x->ss[i].first ? t->send : x->ss[i].first;
	x->ss[i].last = end > x->ss[i].last ? end : x->ss[i].last;
	x->ss[i].rounds = round + 1 > x->ss[i].rounds ? round + 1 :
	    x->ss[i].rounds;
	think = x->think_col >= 0 ? csvr_count(r, x->think_col) : -1;
	if (think >= 0 && round > 0)
		moments_add(&x->think, (double)think);
	if (x->nsr == x->capsr) {
		x->capsr = x->capsr ? 2 * x->capsr : 256;
		x->sr = xreallocarray(x->sr, x->capsr, sizeof(*x->sr));
	}
	x->sr[x->nsr++] = (struct srow){ i, round, t->send, end, think, t->in };
}

/* The prompt as the server counted it (usage.prompt_tokens) against the
 * prompt the trace says it sent (prefix_length + input_tokens, input
 * being suffix-only): only where both columns exist (schema 27 on) and
 * the server recorded a count (0: not recorded, or a sim trace). */
static void
server_input_row(struct tracex *x, const struct csvr *r, const struct trow *t)
{
	int64_t srv, sent;

	if (!t->ok || x->server_input < 0 || x->prefix_length < 0)
		return;
	srv = csvr_count(r, x->server_input);
	if (srv == 0)
		return;
	sent = t->in + csvr_count(r, x->prefix_length);
	if (sent > t->in) {
		x->p_rows++;
		x->p_in += t->in;
		x->p_len += sent - t->in;
		x->p_srv += srv;
	} else {
		x->u_rows++;
		x->u_in += t->in;
		x->u_srv += srv;
		x->u_xx += (long double)t->in * t->in;
		x->u_xy += (long double)t->in * srv;
	}
	x->srv_rows++;
	x->srv_tokens += srv;
	x->srv_sent += sent;
	x->srv_xx += (long double)sent * sent;
	x->srv_xy += (long double)sent * srv;
	x->srv_yy += (long double)srv * srv;
}

/* The LoRA adapter the row's request named (empty: the base model):
 * its index. */
static uint32_t
adapter_row(struct tracex *x, const struct csvr *r)
{
	size_t len;
	const char *v = csvr_str(r, x->adapter_col, &len);
	uint32_t i;
	bool added;

	i = strtab_intern_n(&x->adapters, v, len, &added);
	if (added) {
		trace_check_distinct(r, x->adapter_col, i + 1,
		    "S2R_MAX_CLIENTS", 10000);
		x->adapter_rows = xreallocarray(x->adapter_rows,
		    x->adapters.cap, sizeof(*x->adapter_rows));
		x->adapter_rows[i] = 0;
	}
	x->adapter_rows[i]++;
	return i;
}

/* A row that asked to stream: did its answer come in chunks, more than
 * one and the first before the last?  A request sent without "stream",
 * or a proxy that buffers the stream, answers whole. */
static void
stream_row(struct tracex *x, struct xclient *c, const struct csvr *r,
    const struct trow *t)
{
	int64_t chunks;

	if (!t->streaming || !t->ok || t->out < 2 || x->chunks_col < 0 ||
	    (chunks = csvr_count(r, x->chunks_col)) == 0 || t->first <= 0)
		return;
	x->str_rows++;
	c->str_rows++;
	if (chunks > 1 && t->last > t->first) {
		x->str_chunked++;
		c->str_chunked++;
		x->str_tokens += t->out;
		x->str_chunks += chunks;
		if (t->out > 2 * chunks && x->str_coarse_line == 0)
			x->str_coarse_line = csvr_line(r);
	} else {
		if (x->str_first_line == 0)
			x->str_first_line = csvr_line(r);
		if (c->str_whole_line == 0)
			c->str_whole_line = csvr_line(r);
	}
}

/* A row's request_id against the header's warm-up (put_warm_rows). */
static void
warm_row(struct tracex *x, const struct csvr *r)
{
	int64_t id;

	if (x->id_col < 0 || !x->h->present || !x->h->has_warm_up)
		return;
	id = csvr_i64(r, x->id_col);
	if (x->id_rows++ == 0 || id < x->id_min)
		x->id_min = id;
	if (id < x->h->warm_up && x->warm_rows++ == 0)
		x->warm_line = csvr_line(r);
}

/* A first-round row's send against its planned arrival (sendlag.h): a
 * later round is planned from the previous round's end, not the plan.
 * Its id is request_id, else its line. */
static void
lag_row(struct tracex *x, const struct csvr *r, const struct trow *t)
{
	int64_t id;

	if (x->round_index >= 0 && !csvr_empty(r, x->round_index) &&
	    csvr_count(r, x->round_index) != 0)
		return;
	id = x->id_col >= 0 ? csvr_i64(r, x->id_col) : (int64_t)csvr_line(r);
	sendlag_add(&x->lags, id, t->send, t->arr);
}

/* A successful row's finish_reason: stop is the model's end of sequence. */
static void
finish_row(struct tracex *x, const struct csvr *r, const struct trow *t)
{
	if (!t->ok)
		return;
	x->ok_rows++;
	if (x->finish_col >= 0 && strcmp(csvr_str(r, x->finish_col, NULL), "stop") == 0 &&
	    x->stopped++ == 0)
		x->stopped_line = csvr_line(r);
}

void
tracex_row(struct tracex *x, const struct csvr *r, const struct trow *t)
{
	struct xclient *c = client_of(x, t->client);

	if (c->n == 0 || t->arr < c->first)
		c->first = t->arr;
	if (c->n == 0 || t->arr > c->last)
		c->last = t->arr;
	c->n++;
	moments_add(&c->in, (double)t->in);
	ivals_add(&c->inv, t->in);
	comoment_add(&c->intr, (double)t->arr, (double)t->in);
	if (t->ok) {
		moments_add(&c->out, (double)t->out);
		ivals_add(&c->outv, t->out);
		comoment_add(&c->outtr, (double)t->arr, (double)t->out);
	}
	c->prefixed += t->prefixed;
	c->streaming += t->streaming;
	add_pair(&x->pairs, t->client, t->cls);
	if (x->rows == 0 || t->arr < x->arr_min)
		x->arr_min = t->arr;
	if (x->rows == 0 || t->arr > x->arr_max)
		x->arr_max = t->arr;
	x->rows++;
	ivals_add(&x->starts, t->send);
	server_input_row(x, r, t);
	stream_row(x, c, r, t);
	finish_row(x, r, t);
	itl_row(x, t);
	warm_row(x, r);
	lag_row(x, r, t);
	ivals_add(&x->ends, row_end(t));
	if (x->session_id >= 0)
		session_row(x, r, t);
	if (x->adapter_col >= 0)
		add_pair(&x->apairs, t->client, adapter_row(x, r));
}

/* The most intervals [start, end) open at once: at each start, the
 * starts so far less the ends at or before it (both sorted). */
static int64_t
max_open(const struct ivals *starts, const struct ivals *ends)
{
	int64_t best = 0;
	size_t e = 0;

	for (size_t s = 0; s < starts->n; s++) {
		int64_t t = ivals_at(starts, s), open;

		while (e < ends->n && ivals_at(ends, e) <= t)
			e++;
		open = (int64_t)(s + 1) - (int64_t)e;
		best = open > best ? open : best;
	}
	return best;
}

static int
srow_cmp(const void *a, const void *b)
{
	const struct srow *x = a, *y = b;

	if (x->session != y->session)
		return x->session < y->session ? -1 : 1;
	if (x->round != y->round)
		return x->round < y->round ? -1 : 1;
	return x->send < y->send ? -1 : x->send > y->send;
}

/* Each round after the previous one of its session (both in the trace):
 * a closed-loop replay sends it after the previous round's end plus its
 * think time (the think_time_us column; without it, after the end), so
 * one sent sooner, by more than the timer slack, is early; with
 * accumulating context its prompt is longer than the previous one's.
 * Without a think_time_us column the gaps are the think times. */
static void
session_pairs(struct tracex *x)
{
	if (x->nsr < 2)
		return;
	qsort(x->sr, x->nsr, sizeof(*x->sr), srow_cmp);
	for (size_t k = 1; k < x->nsr; k++) {
		const struct srow *a = &x->sr[k - 1], *b = &x->sr[k];
		int64_t due, gap = b->send - a->end;

		if (a->session != b->session || b->round != a->round + 1)
			continue;
		x->rpairs++;
		x->grown += b->in > a->in;
		due = b->think > 0 ? b->think : 0;
		if (gap < due - EARLY_SLACK_US) {
			x->early++;
			/* before the previous round was even sent: the
			 * replay sent the session's rounds out of order */
			x->reordered += b->send < a->send;
			if (due - gap > x->early_worst)
				x->early_worst = due - gap;
		}
		if (x->think_col < 0 && gap >= 0)
			moments_add(&x->think, (double)gap);
	}
}

static void
sessions_finish(struct tracex *x)
{
	struct ivals s = { 0 }, e = { 0 };

	for (size_t i = 0; i < x->sessions.n; i++) {
		ivals_add(&s, x->ss[i].first);
		ivals_add(&e, x->ss[i].last);
		moments_add(&x->rounds, (double)x->ss[i].rounds);
	}
	ivals_sort(&s);
	ivals_sort(&e);
	x->sess_max = max_open(&s, &e);
	ivals_free(&s);
	ivals_free(&e);
	session_pairs(x);
}


/* Merges the pairs and indexes each client's run: v[start[i] ..
 * start[i + 1]) of the ncl clients. */
static void
pairs_finish(struct pairtab *t, size_t ncl)
{
	size_t n;

	pairs_merge(t);
	n = t->n;
	t->start = xcalloc(ncl + 1, sizeof(*t->start));
	for (size_t k = 0; k < n; k++)
		t->start[t->v[k].client + 1]++;
	for (size_t i = 0; i < ncl; i++)
		t->start[i + 1] += t->start[i];
}

void
tracex_finish(struct tracex *x)
{
	pairs_finish(&x->pairs, x->ncl);
	pairs_finish(&x->apairs, x->ncl);
	for (size_t i = 0; i < x->ncl; i++) {
		ivals_sort(&x->cl[i].inv);
		ivals_sort(&x->cl[i].outv);
	}
	ivals_sort(&x->starts);
	ivals_sort(&x->ends);
	x->inflight_max = max_open(&x->starts, &x->ends);
	sendlag_finish(&x->lags);
	sessions_finish(x);
}

void
tracex_free(struct tracex *x)
{
	if (x == NULL)
		return;
	for (size_t i = 0; i < x->ncl; i++) {
		ivals_free(&x->cl[i].inv);
		ivals_free(&x->cl[i].outv);
	}
	free(x->cl);
	free(x->unknown_cols);
	free(x->pairs.v);
	free(x->pairs.start);
	free(x->apairs.v);
	free(x->apairs.start);
	ivals_free(&x->starts);
	sendlag_free(&x->lags);
	ivals_free(&x->ends);
	strtab_free(&x->sessions);
	strtab_free(&x->adapters);
	free(x->adapter_rows);
	free(x->ss);
	free(x->sr);
	if (x->itl_read)
		itl_free(&x->itl);
	free(x);
}

/* ---- records ---- */

/* The record r's source becomes the trace header's line. */
static void
header_source(json_t *r, const struct trace_header *h, long line,
    const char *field, const char *how)
{
	rec_set(r, "source", rec_source(h->label, line, 0, field, how));
}

static void
put_run(const struct tracex *x, struct out *o)
{
	const struct trace_header *h = x->h;
	json_t *r;

	trace_put(o, "1a", "run.start_us", x->rows ? (double)x->arr_min : NAN,
	    "us", x->rows, NULL, NULL, NULL, "arrival_time_us", "smallest "
	    "arrival_time_us (0 = the workload start): the first request the "
	    "trace kept; the warm_up_requests generated before it are not in "
	    "the file");
	trace_put(o, "1a", "run.duration_us", x->rows ? (double)x->arr_max :
	    NAN, "us", x->rows, NULL, NULL, NULL, "arrival_time_us", "largest "
	    "arrival_time_us (0 = the workload start): when the generator "
	    "scheduled its last request");
	if (h->present && h->has_warm_up) {
		r = trace_put(o, "1a", "warm_up.requests", (double)h->warm_up,
		    "count", -1, NULL, NULL, NULL, NULL, NULL);
		header_source(r, h, h->warm_up_line, "warm_up_requests", "the "
		    "first generated requests blis observe sent and left out "
		    "of trace_data.csv");
	}
	if (h->present && h->server_model != NULL) {
		r = trace_put(o, "2a", "trace.server_model", NAN, NULL, -1,
		    NULL, NULL, NULL, NULL, NULL);
		rec_set(r, "value", json_string(h->server_model));
		header_source(r, h, h->server_model_line, "server.model", "the "
		    "model the load generator sent its requests to");
	}
	if (h->present && h->has_seed) {
		r = trace_put(o, "1a", "workload.seed", NAN, NULL, -1, NULL,
		    NULL, NULL, NULL, NULL);
		rec_set(r, "value", json_integer((json_int_t)h->seed));
		header_source(r, h, h->seed_line, "workload_seed", "the seed the "
		    "load generator drew the workload with");
	}
}

/* Between consecutive rounds: the early ones and the grown prompts. */
static void
put_rounds(const struct tracex *x, struct out *o)
{
	struct sbuf how = { 0 };
	json_t *r;

	sbuf_printf(&how, "rounds (round_index k > 0 with round k - 1 of its "
	    "session in the trace: %lld) sent before the previous round's "
	    "end (last chunk, else first, else send) plus %s, less %d us of "
	    "timer slack; the largest shortfall %lld us", (long long)x->rpairs,
	    x->think_col >= 0 ? "their think_time_us" : "nothing (no "
	    "think_time_us column)", EARLY_SLACK_US,
	    (long long)x->early_worst);
	r = trace_put(o, "1g", "session.rounds.early", (double)x->early,
	    "count", x->rpairs, NULL, NULL, NULL, "send_time_us",
	    sbuf_str(&how));
	/* only when some: clean records stay as they were */
	if (x->reordered > 0)
		rec_set_num(r, "out_of_order", (double)x->reordered);
	sbuf_reset(&how);
	sbuf_printf(&how, "share of those %lld rounds whose input_tokens is "
	    "larger than the previous round's", (long long)x->rpairs);
	trace_put(o, "1c", "session.rounds.grown", x->rpairs ?
	    (double)x->grown / (double)x->rpairs : NAN, "fraction", x->rpairs,
	    NULL, NULL, NULL, "input_tokens", sbuf_str(&how));
	sbuf_free(&how);
}

static void
put_sessions(const struct tracex *x, struct out *o)
{
	const struct moments *rd = &x->rounds, *th = &x->think;
	const char *think_how = x->think_col >= 0 ? "of the think_time_us "
	    "column over the rows with round_index > 0" : "of the gaps from "
	    "one round's last chunk to the next round's send_time_us within "
	    "each session (no think_time_us column: client overhead included)";
	struct sbuf how = { 0 };
	int64_t n = (int64_t)x->sessions.n;

	trace_put(o, "1a", "sessions.count", (double)n, "count", x->rows, NULL,
	    NULL, NULL, "session_id", "distinct non-empty session_id");
	trace_put(o, "1a", "sessions.concurrent_max", (double)x->sess_max,
	    "count", n, NULL, NULL, NULL, "session_id", "most sessions open at "
	    "once; a session is open from its first send_time_us to its last "
	    "round's end (last chunk, else send)");
	trace_put(o, "1a", "session.rounds.min", rd->min, "count", n, NULL,
	    NULL, NULL, "round_index", "fewest rounds of a session: largest "
	    "round_index + 1 (so warm-up cutting its first rounds does not "
	    "count)");
	trace_put(o, "1a", "session.rounds.mean", rd->mean, "count", n, NULL,
	    NULL, NULL, "round_index", "mean over the sessions of largest "
	    "round_index + 1");
	trace_put(o, "1a", "session.rounds.max", rd->max, "count", n, NULL,
	    NULL, NULL, "round_index", "most rounds of a session: largest "
	    "round_index + 1");
	sbuf_printf(&how, "largest %s", think_how);
	trace_put(o, "1g", "think_time_us.max", th->n ? th->max : NAN, "us",
	    th->n, NULL, NULL, NULL, x->think_col >= 0 ? "think_time_us" :
	    "send_time_us", sbuf_str(&how));
	sbuf_reset(&how);
	sbuf_printf(&how, "mean %s", think_how);
	trace_put(o, "1g", "think_time_us.mean", th->n ? th->mean : NAN, "us",
	    th->n, NULL, NULL, NULL, x->think_col >= 0 ? "think_time_us" :
	    "send_time_us", sbuf_str(&how));
	sbuf_free(&how);
	put_rounds(x, o);
}

/* session_context_growth: from a header of version 3 (which writes it
 * when set), "" when such a header leaves it out. */
static void
put_growth(const struct tracex *x, struct out *o)
{
	const struct trace_header *h = x->h;
	json_t *r;

	if (!h->present || (h->growth == NULL && (!h->has_version ||
	    h->version < 3)))
		return;
	r = trace_put(o, "1c", "session.context_growth", NAN, NULL, -1, NULL,
	    NULL, NULL, NULL, NULL);
	rec_set(r, "value", json_string(h->growth ? h->growth : ""));
	header_source(r, h, h->growth ? h->growth_line : 0,
	    "session_context_growth", h->growth ? "how each round's prompt "
	    "grows (accumulate: the conversation so far)" : "a version 3 "
	    "header without session_context_growth: rounds do not accumulate");
}

/* sends.late: first-round rows the client held back (sendlag.h), with
 * the latest lag; a simulated trace sends at the arrival (0). */
static void
put_late_sends(const struct tracex *x, struct out *o)
{
	struct sbuf how = { 0 };
	json_t *r;

	if (x->lags.n == 0)
		return;
	sendlag_how(&how, &x->lags);
	r = trace_put(o, "1h", "sends.late", (double)x->lags.late, "count",
	    (int64_t)x->lags.n, NULL, NULL, NULL, "send_time_us",
	    sbuf_str(&how));
	rec_set_num(r, "latest_ms", (double)x->lags.latest / 1000);
	if (x->lags.step > 0) {
		sbuf_reset(&how);
		sendlag_step_how(&how, &x->lags);
		r = trace_put(o, "1h", x->lags.forward ? "sends.clock_forward" :
		    "sends.clock_back", (double)x->lags.step, "us",
		    (int64_t)x->lags.n, NULL, NULL, NULL, "send_time_us",
		    sbuf_str(&how));
		rec_set_num(r, "at_us", (double)x->lags.step_at);
	}
	sbuf_free(&how);
}

static void
put_protocol(const struct tracex *x, struct out *o)
{
	const struct trace_header *h = x->h;
	json_t *r;

	trace_put(o, "1h", "inflight.max", (double)x->inflight_max, "count",
	    x->rows, NULL, NULL, NULL, "send_time_us", "most requests in "
	    "flight at once, each from send_time_us to its last chunk (else "
	    "first chunk, else send: an error without chunks counts for no "
	    "time)");
	put_late_sends(x, o);
	if (!x->itl_read)
		return;
	r = trace_put(o, "1h", "itl.requests", (double)x->itl_requests,
	    "count", x->itl_rows, NULL, NULL, NULL, NULL, NULL);
	rec_set(r, "source", rec_source(h->itl_label, 0, 0, "request_id",
	    "distinct request_id with per-chunk times (--record-itl)"));
	r = trace_put(o, "1h", "itl.own", (double)x->itl_own, "count",
	    x->itl_requests, NULL, NULL, NULL, NULL, NULL);
	rec_set(r, "source", rec_source(h->itl_label, 0, 0, "timestamp_us",
	    "successful trace rows whose request_id is in the ITL file with "
	    "chunk 0 at the row's first_chunk_time_us (the file is this "
	    "run's)"));
}

/* observed_kv_metrics.hit_rate, with the block counts it came from
 * when the header states them. */
static void
put_kv(const struct trace_header *h, struct out *o)
{
	const struct kv_observed *kv = &h->kv;
	struct sbuf how = { 0 };
	json_t *r;

	r = trace_put(o, "5c", "kv.observed_hit_rate", kv->hit_rate,
	    "fraction", kv->queries >= 0 ? (int64_t)kv->queries : -1, NULL,
	    NULL, NULL, NULL, NULL);
	sbuf_adds(&how, "block_hits / block_queries the load generator "
	    "scraped over the run (");
	if (kv->hits >= 0 && kv->queries >= 0)
		sbuf_printf(&how, "%.0f / %.0f", kv->hits, kv->queries);
	else
		sbuf_adds(&how, "counts not stated");
	sbuf_printf(&how, ", source %s)", kv->source ? kv->source :
	    "not named");
	header_source(r, h, kv->line, "observed_kv_metrics.hit_rate",
	    sbuf_str(&how));
	sbuf_free(&how);
}

/* goodput_slo_targets and observed_kv_metrics: evidence from the header. */
static void
put_header_v3(const struct tracex *x, struct out *o)
{
	static const char *const names[] = { "goodput.ttft_ms",
	    "goodput.itl_ms", "goodput.e2e_ms" };
	const struct trace_header *h = x->h;
	json_t *r;

	if (!h->present)
		return;
	for (size_t i = 0; i < h->goodput.n; i++) {
		const struct slo_target *g = &h->goodput.v[i];
		double v[3] = { g->ttft_ms, g->itl_ms, g->e2e_ms };

		for (int k = 0; k < 3; k++) {
			if (!(v[k] > 0))
				continue;
			r = trace_put(o, "A3", names[k], v[k], "ms", -1,
			    "class", g->cls, NULL, NULL, NULL);
			header_source(r, h, g->line, "goodput_slo_targets",
			    "the class's goodput target the run was measured "
			    "against");
		}
	}
	if (h->kv.present)
		put_kv(h, o);
}

/* The slope's standard error, sqrt(SSE / (n - 2) / Sxx): how far the
 * rows' scatter about the line (a tokenizer's per-word noise) lets the
 * slope move by chance, so that a slope off by more is the counts growing
 * otherwise than the prompts (a truncation cap). */
static void
put_slope_se(const struct tracex *x, json_t *rec, long double slope,
    long double den)
{
	long double n = (long double)x->srv_rows, sxy, syy, sse;

	if (x->srv_rows < 3)
		return;
	sxy = (n * x->srv_xy - (long double)x->srv_sent * x->srv_tokens) / n;
	syy = (n * x->srv_yy - (long double)x->srv_tokens * x->srv_tokens) /
	    n;
	sse = syy - slope * sxy;
	rec_set_num(rec, "slope_se", (double)sqrtl((sse > 0 ? sse : 0) /
	    (n - 2) / (den / n)));
}

/* A real trace whose server counted no successful prompt: every
 * server_input_tokens is 0, the server reported no usage (a streamed
 * request without stream_options include_usage, a gateway that strips the
 * usage chunk), so what it prefilled cannot be read; the record says so
 * (value null) rather than staying silent.  Simulated traces write 0. */
static void
put_no_server_input(const struct tracex *x, struct out *o)
{
	char how[320];

	if (x->ok_rows == 0 || x->server_input < 0 || x->prefix_length < 0 ||
	    !x->h->present || x->h->mode == NULL ||
	    strcmp(x->h->mode, "real") != 0)
		return;
	snprintf(how, sizeof(how), "server_input_tokens is 0 on all %lld "
	    "successful rows: the server reported no usage (a stream without "
	    "stream_options include_usage, or a proxy that dropped the usage "
	    "chunk), so the prompts it prefilled cannot be read",
	    (long long)x->ok_rows);
	trace_put(o, "1c", "server_input_tokens.ratio", NAN, NULL,
	    x->ok_rows, NULL, NULL, NULL, "server_input_tokens", how);
}

static void
put_server_input(const struct tracex *x, struct out *o)
{
	char how[320];
	long double n, den, slope;
	json_t *rec;

	if (x->srv_rows == 0) {
		put_no_server_input(x, o);
		return;
	}
	if (x->srv_sent == 0)
		return;
	snprintf(how, sizeof(how), "sum of server_input_tokens (%lld) / sum "
	    "of prefix_length + input_tokens (%lld) over the %lld successful "
	    "rows whose server counted the prompt (server_input_tokens > 0); "
	    "slope and intercept: server_input_tokens against prefix_length + "
	    "input_tokens by least squares",
	    (long long)x->srv_tokens, (long long)x->srv_sent,
	    (long long)x->srv_rows);
	rec = trace_put(o, "1c", "server_input_tokens.ratio",
	    (double)x->srv_tokens / (double)x->srv_sent, NULL, x->srv_rows,
	    NULL, NULL, NULL, "server_input_tokens", how);
	/* server = intercept + slope x sent by least squares: a chat
	 * template adds fixed tokens (the intercept), another tokenizer
	 * scales them (the slope).  None when every prompt has one length. */
	n = (long double)x->srv_rows;
	den = n * x->srv_xx - (long double)x->srv_sent * x->srv_sent;
	if (x->srv_rows < 2 || !(den > 0))
		return;
	slope = (n * x->srv_xy - (long double)x->srv_sent * x->srv_tokens) /
	    den;
	rec_set_num(rec, "slope", (double)slope);
	rec_set_num(rec, "intercept", (double)(((long double)x->srv_tokens -
	    slope * x->srv_sent) / n));
	put_slope_se(x, rec, slope, den);
}

/* The share of the prefixed rows' prefix_length the server counted in
 * their prompts: what it counted less what their suffixes (input_tokens)
 * count, read off the unprefixed rows (intercept + slope x input: a chat
 * template's fixed tokens and the tokenizer's scale), over the prefix
 * tokens at that scale.  About 1 when the shared prefix reached the
 * server; about 0 when the generator recorded a prefix it never sent.
 * Without two unprefixed lengths to fit, the server is taken to count as
 * the trace does (slope 1, intercept 0).  Only with prefixed rows. */
static void
put_prefix_counted(const struct tracex *x, struct out *o)
{
	long double n = (long double)x->u_rows, den, slope = 1, icpt = 0;
	char how[400];
	json_t *rec;

	if (x->p_rows == 0 || x->p_len == 0)
		return;
	den = n * x->u_xx - (long double)x->u_in * x->u_in;
	if (x->u_rows >= 2 && den > 0) {
		slope = (n * x->u_xy - (long double)x->u_in * x->u_srv) / den;
		icpt = ((long double)x->u_srv - slope * x->u_in) / n;
	}
	if (!(slope > 0))
		return;
	snprintf(how, sizeof(how), "(sum of server_input_tokens %lld - the "
	    "suffixes' count %.6Lg x %lld rows - %.6Lg x sum of input_tokens "
	    "%lld) / (%.6Lg x sum of prefix_length %lld) over the %lld "
	    "successful prefixed rows the server counted; intercept and "
	    "slope from %s", (long long)x->p_srv, icpt, (long long)x->p_rows,
	    slope, (long long)x->p_in, slope, (long long)x->p_len,
	    (long long)x->p_rows, x->u_rows >= 2 && den > 0 ? "the unprefixed "
	    "rows' server_input_tokens against input_tokens" : "none (too few "
	    "unprefixed rows: 0 and 1)");
	rec = trace_put(o, "1e", "prefix.server_share", (double)(((long
	    double)x->p_srv - icpt * x->p_rows - slope * x->p_in) / (slope *
	    x->p_len)), "fraction", x->p_rows, NULL, NULL, NULL,
	    "server_input_tokens", how);
	rec_set(rec, "unprefixed_rows", json_integer((json_int_t)x->u_rows));
}

/* The adapter mix: each adapter's share of all rows, by name (adapter
 * "" the base model's); only with the adapter column. */
static void
put_adapters(const struct tracex *x, struct out *o)
{
	size_t *order = trace_order(&x->adapters);

	for (size_t k = 0; k < x->adapters.n; k++) {
		const char *name = x->adapters.s[order[k]];
		struct sbuf how = { 0 };
		json_t *r;

		if (*name)
			sbuf_printf(&how, "rows with adapter \"%s\" / all rows",
			    name);
		else
			sbuf_adds(&how, "rows with an empty adapter (the base "
			    "model) / all rows");
		r = trace_put(o, "1b", "adapter.fraction", x->rows > 0 ?
		    (double)x->adapter_rows[order[k]] / (double)x->rows : NAN,
		    "fraction", x->rows, NULL, NULL, NULL, "adapter",
		    sbuf_str(&how));
		rec_scope_set(json_object_get(r, "scope"), "adapter", name);
		sbuf_free(&how);
	}
	free(order);
}

/* When the requests went out (Unix-epoch µs in a real trace): 5b holds
 * the server logs' busy stamps against it.  starts is sorted. */
static void
put_send_window(const struct tracex *x, struct out *o)
{
	if (x->starts.n == 0)
		return;
	trace_put(o, "5b", "send_time_us.min", (double)ivals_at(&x->starts,
	    0), "us", x->rows, NULL, NULL, NULL, "send_time_us", "smallest "
	    "send_time_us over all rows");
	trace_put(o, "5b", "send_time_us.max", (double)ivals_at(&x->starts,
	    x->starts.n - 1), "us", x->rows, NULL, NULL, NULL, "send_time_us",
	    "largest send_time_us over all rows");
}

/* How many tokens a chunk carried, over the answers that came in chunks:
 * vLLM sends one event a token (and one to finish), so about 1; a proxy
 * that coalesces the stream into larger writes, or a server stream
 * interval above 1, makes it larger, and the first chunk then reaches the
 * client several token times late (TTFT and ITL are the proxy's). */
static void
put_tokens_per_chunk(const struct tracex *x, struct out *o)
{
	struct sbuf how = { 0 };
	json_t *rec;

	if (x->str_chunks == 0)
		return;
	sbuf_printf(&how, "sum of output_tokens / sum of num_chunks over the "
	    "%lld rows with streaming=true, status ok and 2 or more "
	    "output_tokens answered in more than one chunk", (long long)
	    x->str_chunked);
	if (x->str_coarse_line > 0)
		sbuf_printf(&how, "; the first of more than 2 tokens a chunk "
		    "at line %lld", (long long)x->str_coarse_line);
	rec = trace_put(o, "1f", "streaming.tokens_per_chunk",
	    (double)x->str_tokens / (double)x->str_chunks, "tokens",
	    x->str_chunked, NULL, NULL, NULL, "num_chunks", sbuf_str(&how));
	if (x->str_coarse_line > 0)
		json_object_set_new(json_object_get(rec, "source"), "line",
		    json_integer(x->str_coarse_line));
	sbuf_free(&how);
}

static void
put_chunked(const struct tracex *x, struct out *o)
{
	struct sbuf how = { 0 };
	json_t *rec;

	sbuf_printf(&how, "rows with streaming=true, status ok, 2 or more "
	    "output_tokens and a num_chunks (a simulated trace writes 0): the "
	    "share answered in more than one chunk with the first before the "
	    "last (last_chunk_time_us > first_chunk_time_us)");
	if (x->str_first_line > 0)
		sbuf_printf(&how, "; the first answered whole at line %lld",
		    (long long)x->str_first_line);
	rec = trace_put(o, "1f", "streaming.chunked", x->str_rows ?
	    (double)x->str_chunked / (double)x->str_rows : NAN, "fraction",
	    x->str_rows, NULL, NULL, NULL, "num_chunks", sbuf_str(&how));
	if (x->str_first_line > 0)
		json_object_set_new(json_object_get(rec, "source"), "line",
		    json_integer(x->str_first_line));
	sbuf_free(&how);
	put_tokens_per_chunk(x, o);
}

/* Sessions whose first row in the trace is past round 0: under a
 * warm-up that counts dispatched requests, a closed-loop session replay
 * loses the opening rounds of its first session pool (the smallest
 * contexts), so those sessions start mid-conversation.  Set on the
 * warm_up.rows record as sessions_head_cut (of sessions_total), only
 * when some (clean records stay as they were). */
static void
put_head_cut(const struct tracex *x, json_t *rec)
{
	int64_t cut = 0;
	size_t i;

	for (i = 0; i < x->sessions.n; i++)
		if (x->ss[i].round0 > 0)
			cut++;
	if (cut > 0) {
		rec_set_num(rec, "sessions_head_cut", (double)cut);
		rec_set_num(rec, "sessions_total", (double)x->sessions.n);
	}
}

/* Rows a real trace should not hold: blis observe numbers requests from
 * 0 and leaves the first warm_up_requests out, so a request_id below the
 * header's count is a warm-up request that was recorded after all (a
 * recorder that kept them): its cold-cache latency and its load are then
 * judged as the measured run's.  Only real traces with a header warm-up
 * and a request_id column: a simulated trace numbers its own rows. */
static void
put_warm_rows(const struct tracex *x, struct out *o)
{
	const struct trace_header *h = x->h;
	struct sbuf how = { 0 };
	json_t *rec;

	if (x->id_rows == 0 || h->warm_up <= 0 || h->mode == NULL ||
	    strcmp(h->mode, "real") != 0)
		return;
	sbuf_printf(&how, "rows with request_id < warm_up_requests %lld "
	    "(%s:%ld), which blis observe leaves out of the file; smallest "
	    "request_id %lld", (long long)h->warm_up, h->label,
	    h->warm_up_line, (long long)x->id_min);
	rec = trace_put(o, "1h", "warm_up.rows", (double)x->warm_rows,
	    "count", x->id_rows, NULL, NULL, NULL, "request_id",
	    sbuf_str(&how));
	if (x->warm_rows > 0)
		json_object_set_new(json_object_get(rec, "source"), "line",
		    json_integer(x->warm_line));
	put_head_cut(x, rec);
	sbuf_free(&how);
}

/* A real trace without a finish_reason column (a layout before BLIS
 * f1a4c610, or the column renamed): whether answers stopped at the end
 * of sequence cannot be seen, which the record says (value null) rather
 * than staying silent; the header's unknown columns are named, as a
 * renamed column is among them.  Simulated traces stop where they
 * sampled: none. */
static void
put_no_finish(const struct tracex *x, struct out *o)
{
	struct sbuf how = { 0 };

	if (!x->h->present || x->h->mode == NULL ||
	    strcmp(x->h->mode, "real") != 0)
		return;
	sbuf_printf(&how, "no finish_reason column (a layout before BLIS "
	    "f1a4c610, or the column renamed): whether the %lld successful "
	    "answers ran to their sampled length cannot be read; columns of "
	    "no known layout: %s", (long long)x->ok_rows, x->unknown_cols ?
	    x->unknown_cols : "none");
	trace_put(o, "1d", "output_tokens.stopped", NAN, "fraction",
	    x->ok_rows, NULL, NULL, NULL, "finish_reason", sbuf_str(&how));
	sbuf_free(&how);
}

static void
put_stopped(const struct tracex *x, struct out *o)
{
	struct sbuf how = { 0 };
	json_t *rec;

	if (x->ok_rows == 0)
		return;
	if (x->finish_col < 0) {
		put_no_finish(x, o);
		return;
	}
	sbuf_printf(&how, "successful rows with finish_reason stop (the model "
	    "ended at its end of sequence, not at max_tokens) / the %lld "
	    "successful rows (status ok, not failed_empty or aborted)",
	    (long long)x->ok_rows);
	rec = trace_put(o, "1d", "output_tokens.stopped", (double)x->stopped /
	    (double)x->ok_rows, "fraction", x->ok_rows, NULL, NULL, NULL,
	    "finish_reason", sbuf_str(&how));
	if (x->stopped > 0)
		json_object_set_new(json_object_get(rec, "source"), "line",
		    json_integer(x->stopped_line));
	sbuf_free(&how);
}

void
tracex_records(const struct tracex *x, struct out *o,
    const struct strtab *clients, const struct strtab *classes)
{
	put_server_input(x, o);
	put_prefix_counted(x, o);
	put_stopped(x, o);
	put_warm_rows(x, o);
	put_chunked(x, o);
	put_send_window(x, o);
	put_run(x, o);
	tracex_put_clients(&(struct xclients){ x->cl, x->ncl, x->pairs.v,
	    x->pairs.start, x->adapter_col >= 0 ? x->apairs.v : NULL,
	    x->apairs.start }, o, clients, classes, &x->adapters);
	if (x->sessions.n > 0)
		put_sessions(x, o);
	put_growth(x, o);
	put_adapters(x, o);
	put_protocol(x, o);
	put_header_v3(x, o);
}
