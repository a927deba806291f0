/* latency.c - A0 and A3 measure records; see latency.h and
 * docs/man/s2r-latency.1 (OUTPUT).
 *
 * Side records are named <side>.<metric> (side real or sim), comparisons
 * align.<metric>: a measure record has one value and one scope, and the
 * scope keys are reserved for cells, so the side goes into the name. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "itl.h"
#include "latency.h"
#include "rec.h"
#include "sendlag.h"
#include "stats.h"
#include "str.h"

const double lat_quantiles[LAT_NQ] = {
	0.10, 0.25, 0.50, 0.75, 0.90, 0.95, 0.99
};
const char *const lat_quantile_names[LAT_NQ] = {
	"p10", "p25", "p50", "p75", "p90", "p95", "p99"
};

/* The median gap within this fraction of the real median is "equal". */
#define EQUAL_FRACTION	1e-9

struct metric_def {
	const char	*name;		/* ttft_ms */
	const char	*unit;
	const char	*csv_how;	/* the formula over a trace row */
	const char	*json_how;	/* over a requests[] entry */
};

static const struct metric_def metrics[RM_COUNT] = {
	{ "ttft_ms", "ms", "(first_chunk_time_us - send_time_us) / 1000 over "
	  "rows with a first chunk", "ttft_ms (from its decimal text, exact "
	  "to the µs) over entries with ttft_ms > 0" },
	{ "tpot_ms", "ms", "(last_chunk_time_us - first_chunk_time_us) / "
	  "(output_tokens - 1) / 1000 over rows with output_tokens > 1",
	  "itl_ms (BLIS: decode time after the first token / "
	  "(num_decode_tokens - 1)) over entries with num_decode_tokens > 1" },
	{ "e2e_ms", "ms", "(last_chunk_time_us - send_time_us) / 1000 over "
	  "rows with a last chunk", "e2e_ms over entries with e2e_ms > 0" },
	{ "throughput_tps", "tokens/s", "output_tokens of the requests whose "
	  "last_chunk_time_us falls in each whole window from the first "
	  "send_time_us, / window length", "num_decode_tokens of the "
	  "requests completing (arrived_at + e2e_ms) in each whole window from "
	  "the first arrived_at, / window length" },
};

/* Inter-token latencies come from the per-chunk ITL file, not reqpop. */
static const struct metric_def itl_def = { "itl_ms", "ms",
	"(timestamp_us of chunk k - timestamp_us of chunk k-1) / 1000, every "
	"gap between consecutive streamed chunks (pooled over requests)",
	NULL };

struct out {
	json_t		*arr;
	const char	*file;		/* source.file of the next records */
};

static void
put(struct out *o, const char *check, const char *metric, json_t *value,
    const char *unit, int64_t n, const char *field, const char *how)
{
	json_t *rec = rec_begin(&(struct rec_head){ .kind = "measure",
	    .check = check, .metric = metric, .value = value, .unit = unit,
	    .n = n });

	rec_end(rec, rec_scope_new(), rec_source(o->file, 0, 0, field, how));
	json_array_append_new(o->arr, rec);
}

static double
ratio(int64_t a, int64_t b)
{
	return b == 0 ? NAN : (double)a / (double)b;
}

static const char *
fmt_name(enum reqfmt f)
{
	return f == REQFMT_TRACE_CSV ? "trace_csv" :
	    f == REQFMT_BLIS_JSON ? "blis_metrics_json" : NULL;
}

/* ---- A0: one side -------------------------------------------------- */

static void
side_format(struct out *o, const char *side, const struct reqpop *p)
{
	char metric[64];

	snprintf(metric, sizeof(metric), "%s.format", side);
	if (p == NULL) {
		o->file = "(not given)";
		put(o, "A0", metric, json_null(), NULL, -1, NULL, "not given: "
		    "no request trace of this side was passed (pipelines/"
		    "align.mk: the variable was unset or the file absent)");
		return;
	}
	o->file = p->label;
	put(o, "A0", metric, json_string(fmt_name(p->fmt)), NULL, -1, NULL,
	    p->fmt == REQFMT_TRACE_CSV ? "a BLIS TraceV2 trace_data.csv "
	    "(columns by header name)" : "a BLIS metrics JSON (blis run "
	    "--metrics-path): its requests[] array");
}

/* <side>.mode: what wrote the side's trace, as its header says (real =
 * blis observe, generated = blis run, replayed = blis replay); null when
 * nothing says.  A metrics JSON is blis run's and states no mode. */
static void
side_mode(struct out *o, const char *side, const struct reqpop *p)
{
	json_t *rec;
	char metric[64];
	const char *how = p->mode != NULL ? "mode of the trace header: real = "
	    "blis observe (a real run), generated = blis run, replayed = "
	    "blis replay (simulations)" : p->fmt == REQFMT_BLIS_JSON ? "not "
	    "stated: a BLIS metrics JSON (blis run --metrics-path) carries no "
	    "mode; it is a simulator's output" : "not stated: no trace header "
	    "beside the CSV, or one without a mode";

	snprintf(metric, sizeof(metric), "%s.mode", side);
	rec = rec_begin(&(struct rec_head){ .kind = "measure", .check = "A0",
	    .metric = metric, .value = p->mode != NULL ?
	    json_string(p->mode) : json_null(), .n = -1 });
	rec_end(rec, rec_scope_new(), rec_source(p->mode != NULL ?
	    p->mode_file : p->label, p->mode != NULL ? p->mode_line : 0, 0,
	    p->mode != NULL ? "mode" : NULL, how));
	json_array_append_new(o->arr, rec);
}

/* <side>.server.model: the model the side's trace header says it served
 * (blis observe: the model the requests went to) or simulated (blis run:
 * the model whose latency coefficients it used); only when stated. */
static void
side_model(struct out *o, const char *side, const struct reqpop *p)
{
	json_t *rec;
	char metric[64];

	if (p->server_model == NULL)
		return;
	snprintf(metric, sizeof(metric), "%s.server.model", side);
	rec = rec_begin(&(struct rec_head){ .kind = "measure", .check = "A0",
	    .metric = metric, .value = json_string(p->server_model),
	    .n = -1 });
	rec_end(rec, rec_scope_new(), rec_source(p->mode_file,
	    p->server_model_line, 0, "server.model", "server.model of the "
	    "trace header: the model the run served (blis observe) or "
	    "simulated (blis run, replay)"));
	json_array_append_new(o->arr, rec);
}

/* <side>.requests.unstreamed: rows with streaming false, which have no
 * first-token time (A3 leaves them out of TTFT and TPOT). */
static void
side_unstreamed(struct out *o, const char *side, const struct reqpop *p)
{
	char metric[64];

	snprintf(metric, sizeof(metric), "%s.requests.unstreamed", side);
	put(o, "A3", metric, rec_i64(p->unstreamed), "count", (int64_t)p->n,
	    p->fmt == REQFMT_TRACE_CSV ? "streaming" : NULL,
	    p->fmt == REQFMT_TRACE_CSV ? "rows with streaming false: their "
	    "first_chunk_time_us is the first byte of the whole response, "
	    "so they have no TTFT or TPOT and are left out of both" :
	    "a BLIS metrics JSON has no streaming flag: every entry's "
	    "ttft_ms is a first-token time");
}

/* <side>.requests.untimed: successful rows with neither a first nor a
 * last chunk time: nothing of their timing was recorded (a workload
 * trace written before any run, a recorder that wrote no times). */
static void
side_untimed(struct out *o, const char *side, const struct reqpop *p)
{
	char metric[64];

	snprintf(metric, sizeof(metric), "%s.requests.untimed", side);
	put(o, "A0", metric, rec_i64(p->untimed), "count", p->nok,
	    p->fmt == REQFMT_TRACE_CSV ? "first_chunk_time_us" : "ttft_ms",
	    p->fmt == REQFMT_TRACE_CSV ? "successful rows (n: all of them) "
	    "whose first_chunk_time_us and last_chunk_time_us are both 0 or "
	    "empty: no time of any chunk recorded" : "successful entries "
	    "(n: all of them) whose ttft_ms and e2e_ms are both 0");
}

static void
ids_text(struct sbuf *b, const int64_t *ex, int64_t count)
{
	sbuf_ids(b, ex, count, REQMATCH_EXAMPLES);
}

/* Below this many µs a token between the first and the last chunk, an
 * answer came in one burst: no GPU decodes that fast (a decode step takes
 * milliseconds), so a proxy held the stream and let it go at the end. */
#define BURST_TPOT_US	100

/* A first token needs a forward pass, at least about one decode step:
 * a first chunk sooner than this fraction of the request's own decode
 * step (TPOT) after the send leaves room for a decode slowed four times
 * by load, and is still no token (the client timed the response headers,
 * or a gateway flushed an empty event first). */
#define EARLY_FRACTION	0.25

/* How a row of a CSV side counts for a side-wide timing flag: not at
 * all, among the n, or among the n and flagged. */
enum rowflag { ROW_SKIP, ROW_PLAIN, ROW_FLAGGED };

/* Burst (A3): a successful streamed answer of two tokens or more whose
 * chunks came under BURST_TPOT_US a token apart. */
static enum rowflag
row_burst(const struct reqrow *row)
{
	if (!row->ok || row->unstreamed || !isfinite(row->tpot))
		return ROW_SKIP;
	return row->tpot < BURST_TPOT_US ? ROW_FLAGGED : ROW_PLAIN;
}

/* Early (A3): such an answer, not in one burst, whose first chunk came
 * under EARLY_FRACTION of its own TPOT after the send. */
static enum rowflag
row_early(const struct reqrow *row)
{
	if (!row->ok || row->unstreamed || !isfinite(row->tpot) ||
	    row->ttft < 0 || row->tpot < BURST_TPOT_US)
		return ROW_SKIP;
	return (double)row->ttft < EARLY_FRACTION * row->tpot ? ROW_FLAGGED :
	    ROW_PLAIN;
}

/* <side>.requests.<flag>: how many rows of a CSV side the flag marks,
 * with n the rows it judged and the first ids marked; how says what. */
static void
side_flag(struct out *o, const char *side, const struct reqpop *p,
    const char *flag, enum rowflag (*classify)(const struct reqrow *),
    const char *how_text)
{
	int64_t flagged = 0, n = 0, ex[REQMATCH_EXAMPLES];
	struct sbuf how = {0};
	char metric[64];

	if (p->fmt != REQFMT_TRACE_CSV)
		return;
	for (size_t i = 0; i < p->n; i++) {
		enum rowflag f = classify(&p->v[i]);

		if (f == ROW_SKIP)
			continue;
		n++;
		if (f == ROW_PLAIN)
			continue;
		if (flagged < REQMATCH_EXAMPLES)
			ex[flagged] = p->v[i].id;
		flagged++;
	}
	sbuf_adds(&how, how_text);
	ids_text(&how, ex, flagged);
	snprintf(metric, sizeof(metric), "%s.requests.%s", side, flag);
	put(o, "A3", metric, rec_i64(flagged), "count", n,
	    "first_chunk_time_us", sbuf_str(&how));
	sbuf_free(&how);
}

/* Both A3 timing flags of a CSV side: its answers in one burst (a
 * buffering proxy) and its first chunks before any token could be. */
static void
side_timing(struct out *o, const char *side, const struct reqpop *p)
{
	char how[512];

	snprintf(how, sizeof(how), "successful streamed rows with "
	    "output_tokens > 1 whose (last_chunk_time_us - "
	    "first_chunk_time_us) / (output_tokens - 1) is under %d µs: the "
	    "answer came in one burst (a buffering proxy), its first chunk "
	    "not the first token; n = such rows with output_tokens > 1",
	    BURST_TPOT_US);
	side_flag(o, side, p, "burst", row_burst, how);
	snprintf(how, sizeof(how), "successful streamed rows with "
	    "output_tokens > 1 (not in one burst) whose first chunk came "
	    "under %g of their own TPOT after the send (first_chunk_time_us - "
	    "send_time_us < %g x (last_chunk_time_us - first_chunk_time_us) "
	    "/ (output_tokens - 1)): no forward pass is that fast, so the "
	    "first chunk is not the first token (response headers, an empty "
	    "first event); n = such rows", EARLY_FRACTION, EARLY_FRACTION);
	side_flag(o, side, p, "early", row_early, how);
}

static void
side_count(struct out *o, const char *side, const struct reqpop *p)
{
	struct sbuf how = {0};
	char metric[64];
	bool csv = p->fmt == REQFMT_TRACE_CSV;

	sbuf_adds(&how, csv ? "data rows of the CSV" : "entries of requests[]");
	if (p->warm_up >= 0)
		sbuf_printf(&how, "; warm_up_requests %lld (%s): the first "
		    "generated requests are not in the file",
		    (long long)p->warm_up, p->warm_up_where);
	if (p->has_ids && p->n > 0)
		sbuf_printf(&how, "; request ids %lld..%lld",
		    (long long)p->v[0].id, (long long)p->v[p->n - 1].id);
	else if (!p->has_ids)
		sbuf_adds(&how, "; no request_id column: requests cannot be "
		    "matched");
	snprintf(metric, sizeof(metric), "%s.requests.count", side);
	put(o, "A0", metric, rec_i64((int64_t)p->n), "count", (int64_t)p->n,
	    csv ? "request_id" : "requestID", sbuf_str(&how));
	sbuf_free(&how);
}

/* Ids on more than one row (reqpop_sort kept one row each): a client
 * retry writes one row per attempt under the same id, so one id stands
 * for two sends.  Written only when there are some. */
static void
side_repeats(struct out *o, const char *side, const struct reqpop *p)
{
	struct sbuf how = {0};
	char metric[64];
	int64_t shown = p->repeat_ids < REQMATCH_EXAMPLES ? p->repeat_ids :
	    REQMATCH_EXAMPLES;

	if (p->repeat_ids == 0)
		return;
	sbuf_printf(&how, "request ids on more than one row (a retried "
	    "request: one id, more than one send): %lld extra row%s; each id "
	    "keeps its last successful attempt (else its last), which A3 "
	    "compares, and the counts, sums and success fraction count it "
	    "once; first ids:", (long long)p->repeat_rows,
	    p->repeat_rows == 1 ? "" : "s");
	for (int64_t i = 0; i < shown; i++)
		sbuf_printf(&how, "%s %lld (again at %s:%ld)", i > 0 ? "," : "",
		    (long long)p->repeat_ex[i], p->label, p->repeat_line[i]);
	snprintf(metric, sizeof(metric), "%s.requests.repeated", side);
	put(o, "A0", metric, rec_i64(p->repeat_ids), "count",
	    (int64_t)p->n, p->fmt == REQFMT_TRACE_CSV ? "request_id" :
	    "requestID", sbuf_str(&how));
	snprintf(metric, sizeof(metric), "%s.requests.repeated_served", side);
	put(o, "A0", metric, rec_i64(p->repeat_served), "count",
	    p->repeat_ids, "status",
	    "repeated request ids (n) answered successfully more than once, "
	    "sent at different times (send_time_us): not a retry of a failed "
	    "send, the request sent again");
	sbuf_free(&how);
}

static void
side_success(struct out *o, const char *side, const struct reqpop *p)
{
	const char *def = p->fmt == REQFMT_TRACE_CSV ? "status ok, not a "
	    "cut stream (output_tokens 0 with no finish_reason) and not "
	    "aborted or failed by the server (finish_reason abort or error)" :
	    "status \"completed\" where the entry has a status, else "
	    "e2e_ms > 0 (BLIS writes zero metrics for unfinished requests)";
	struct sbuf how = {0};
	char metric[64];

	snprintf(metric, sizeof(metric), "%s.requests.ok", side);
	sbuf_printf(&how, "requests with %s", def);
	put(o, "A0", metric, rec_i64(p->nok), "count", (int64_t)p->n,
	    p->fmt == REQFMT_TRACE_CSV ? "status" : "e2e_ms", sbuf_str(&how));
	snprintf(metric, sizeof(metric), "%s.success.fraction", side);
	sbuf_printf(&how, " / all %zu requests", p->n);
	put(o, "A0", metric, rec_num(ratio(p->nok, (int64_t)p->n)),
	    "fraction", (int64_t)p->n, p->fmt == REQFMT_TRACE_CSV ? "status" :
	    "e2e_ms", sbuf_str(&how));
	sbuf_free(&how);
}

static void
side_tokens(struct out *o, const char *side, const struct reqpop *p)
{
	bool csv = p->fmt == REQFMT_TRACE_CSV;
	char metric[64];

	snprintf(metric, sizeof(metric), "%s.input_tokens.sum", side);
	put(o, "A0", metric, rec_i64(p->prompt_sum), "tokens", (int64_t)p->n,
	    csv ? "input_tokens" : "num_prefill_tokens", !csv ?
	    "sum of num_prefill_tokens (the whole prompt) over all entries" :
	    p->has_prefix ? "sum of input_tokens + prefix_length (suffix plus "
	    "shared prefix: the whole prompt) over all rows" :
	    "sum of input_tokens over all rows (this layout has no "
	    "prefix_length column)");
	snprintf(metric, sizeof(metric), "%s.output_tokens.sum", side);
	put(o, "A0", metric, rec_i64(p->output_sum), "tokens", p->nok,
	    csv ? "output_tokens" : "num_decode_tokens", csv ?
	    "sum of output_tokens over the successful rows" :
	    "sum of num_decode_tokens (pre-sampled) over the successful "
	    "entries");
}

/* ---- A0: the pair -------------------------------------------------- */

/* The first-round requests of the real CSV side sent late against their
 * planned arrival (sendlag.h).  A client at its ceiling
 * (--max-concurrency, CPU) holds requests back: the server saw another
 * load than the one the simulation replays, while latencies from the
 * send look alike. */
static void
side_sends(struct out *o, const char *side, const struct reqpop *p)
{
	struct sendlag s = {0};
	struct sbuf how = {0};
	char metric[64];

	if (p->fmt != REQFMT_TRACE_CSV)
		return;
	for (size_t i = 0; i < p->n; i++)
		if (p->v[i].arrival >= 0)
			sendlag_add(&s, p->v[i].id, p->v[i].send,
			    p->v[i].arrival);
	if (s.n == 0)
		return;
	sendlag_finish(&s);
	sendlag_how(&how, &s);
	snprintf(metric, sizeof(metric), "%s.sends.late", side);
	put(o, "A0", metric, rec_i64(s.late), "count", (int64_t)s.n,
	    "send_time_us", sbuf_str(&how));
	rec_set_num(json_array_get(o->arr, json_array_size(o->arr) - 1),
	    "latest_ms", (double)s.latest / 1000);
	sbuf_free(&how);
	sendlag_free(&s);
}

static void
pair_count(struct out *o, const struct reqmatch *m, const char *metric,
    int64_t v, int64_t n, const char *how, const int64_t *ex)
{
	struct sbuf b = {0};

	sbuf_adds(&b, how);
	if (ex != NULL)
		ids_text(&b, ex, v);
	put(o, "A0", metric, m->by_id ? rec_i64(v) : json_null(), "count",
	    n, "request_id", sbuf_str(&b));
	sbuf_free(&b);
}

static void
pair_records(struct out *o, const struct reqpop *real,
    const struct reqpop *sim, const struct reqmatch *m)
{
	struct sbuf how = {0}, pre = {0};

	o->file = real->label;
	if (!m->by_id)
		sbuf_printf(&pre, "cannot be computed: %s has no request ids, so "
		    "no request can be matched; ", !real->has_ids ? real->label :
		    sim->label);
	sbuf_printf(&pre, "requests of %s matched to %s by generation index "
	    "(request_id; the <n> of the JSON's \"request_<n>\")", real->label,
	    sim->label);
#define HOW(...) (sbuf_reset(&how), sbuf_printf(&how, __VA_ARGS__), \
	sbuf_str(&how))
	pair_count(o, m, "align.requests.matched", m->matched, (int64_t)real->n,
	    HOW("%s: ids on both sides", pre.s), NULL);
	pair_count(o, m, "align.requests.real_only", m->real_only,
	    (int64_t)real->n, HOW("%s: real ids the sim side lacks", pre.s),
	    m->real_only_ex);
	pair_count(o, m, "align.requests.sim_only", m->sim_only,
	    (int64_t)sim->n, HOW("%s: sim ids the real side lacks, not "
	    "counting the real side's warm-up", pre.s), m->sim_only_ex);
	pair_count(o, m, "align.requests.sim_warm_up", m->sim_warm_up,
	    (int64_t)sim->n, HOW("%s: sim ids below the real side's "
	    "warm_up_requests%s%s%s (the real trace leaves its warm-up out: "
	    "not a population difference)", pre.s, real->warm_up >= 0 ? " (" :
	    "", real->warm_up >= 0 ? real->warm_up_where : "",
	    real->warm_up >= 0 ? ")" : " (not stated: none)"), NULL);
	pair_count(o, m, "align.requests.real_warm_up", m->real_warm_up,
	    (int64_t)real->n, HOW("%s: real rows whose id is below the real "
	    "trace's own warm_up_requests%s%s%s, which says those requests "
	    "are not in the file: warm-up the recorder wrote anyway, left out "
	    "of the match", pre.s, real->warm_up >= 0 ? " (" : "",
	    real->warm_up >= 0 ? real->warm_up_where : "", real->warm_up >= 0 ?
	    ")" : " (not stated: none)"), m->real_warm_up_ex);
	pair_count(o, m, "align.requests.eligible", m->eligible,
	    (int64_t)real->n, HOW("%s: matched ids successful on both sides "
	    "(the population A3 compares)", pre.s), NULL);
	put(o, "A0", "align.eligible.fraction", m->by_id ?
	    rec_num(ratio(m->eligible, (int64_t)real->n - m->real_warm_up)) :
	    json_null(), "fraction", (int64_t)real->n - m->real_warm_up,
	    "request_id", HOW("%s: eligible requests / all %lld real requests "
	    "(less %lld warm-up rows)", pre.s, (long long)real->n -
	    m->real_warm_up, (long long)m->real_warm_up));
	pair_count(o, m, "align.input_tokens.mismatch", m->prompt_mismatch,
	    m->matched, HOW("%s: matched requests whose prompt tokens differ "
	    "(%s vs %s)", pre.s, real->fmt == REQFMT_BLIS_JSON ?
	    "num_prefill_tokens" : real->has_prefix ? "input_tokens + "
	    "prefix_length" : "input_tokens", sim->fmt == REQFMT_BLIS_JSON ?
	    "num_prefill_tokens" : sim->has_prefix ? "input_tokens + "
	    "prefix_length" : "input_tokens"), m->prompt_ex);
	pair_count(o, m, "align.arrivals.mismatch", m->arrival_mismatch,
	    m->arrival_compared, HOW("%s: of the %lld matched first-round "
	    "requests with a planned arrival on both sides (arrival_time_us; "
	    "a JSON's arrived_at), those more than %d µs apart: another "
	    "arrival schedule (seed, rate or spec); later session rounds "
	    "arrive after their previous response and are not compared",
	    pre.s, (long long)m->arrival_compared, ARRIVAL_SLACK_US),
	    m->arrival_ex);
	pair_count(o, m, "align.output_tokens.mismatch", m->output_mismatch,
	    m->eligible, HOW("%s: eligible requests whose output tokens differ "
	    "(real: what the server generated; sim: %s)", pre.s,
	    sim->fmt == REQFMT_BLIS_JSON ? "num_decode_tokens" :
	    "output_tokens"), m->output_ex);
#undef HOW
	sbuf_free(&how);
	sbuf_free(&pre);
}

/* ---- A3 ------------------------------------------------------------ */

struct popsel {
	const size_t	*idx;	/* NULL: every successful row */
	size_t		 n;
	const char	*what;	/* the population, in words */
};

/* The quantiles and mean of one side's values v of metric d; how: the
 * formula, note: what qualifies it (may be empty). */
static void
side_dist(struct out *o, const char *side, const struct metric_def *d,
    const char *how, const char *note, const struct popsel *sel,
    const struct dvals *v)
{
	struct sbuf b = {0};
	char metric[64];
	double sum = 0;

	for (size_t q = 0; q < LAT_NQ; q++) {
		snprintf(metric, sizeof(metric), "%s.%s.%s", side, d->name,
		    lat_quantile_names[q]);
		sbuf_reset(&b);
		sbuf_printf(&b, "%s, type 7 quantile, of %s%s over %s",
		    lat_quantile_names[q], how, note, sel->what);
		put(o, "A3", metric, rec_num(dvals_quantile(v, lat_quantiles[q])),
		    d->unit, (int64_t)v->n, NULL, sbuf_str(&b));
	}
	for (size_t i = 0; i < v->n; i++)
		sum += v->v[i];
	snprintf(metric, sizeof(metric), "%s.%s.mean", side, d->name);
	sbuf_reset(&b);
	sbuf_printf(&b, "mean of %s%s over %s", how, note, sel->what);
	put(o, "A3", metric, rec_num(v->n ? sum / (double)v->n : NAN), d->unit,
	    (int64_t)v->n, NULL, sbuf_str(&b));
	sbuf_free(&b);
}

/* side_dist() of a reqpop metric. */
static void
side_metric(struct out *o, const char *side, const struct reqpop *p,
    const struct popsel *sel, enum reqmetric w, int64_t window_us,
    const struct dvals *v)
{
	const struct metric_def *d = &metrics[w];
	struct sbuf note = {0};

	if (w == RM_THROUGHPUT)
		sbuf_printf(&note, " (window %lld µs; %zu whole windows)",
		    (long long)window_us, v->n);
	if (w == RM_TPOT && p->itl_ticks)
		sbuf_adds(&note, " (itl_ms was written in µs by this BLIS: "
		    "read as µs, divided by 1000)");
	side_dist(o, side, d, p->fmt == REQFMT_TRACE_CSV ? d->csv_how :
	    d->json_how, sbuf_str(&note), sel, v);
	sbuf_free(&note);
}

static void
pair_dist(struct out *o, const struct metric_def *d, const struct dvals *a,
    const struct dvals *b, const char *pop)
{
	double ks = ks_distance(a->v, a->n, b->v, b->n);
	double crit = ks_critical(a->n, b->n, 0.05);
	double ma = dvals_quantile(a, 0.5), mb = dvals_quantile(b, 0.5);
	double gap = mb - ma, pct = ma != 0 ? gap / fabs(ma) * 100 : NAN;
	const char *dir = NULL;
	struct sbuf how = {0};
	char metric[64];
	int64_t n = (int64_t)(a->n + b->n);

	if (a->n > 0 && b->n > 0)
		dir = fabs(gap) <= EQUAL_FRACTION * fabs(ma) ? "equal" :
		    gap < 0 ? "sim_lower" : "sim_higher";
#define HOW(...) (sbuf_reset(&how), sbuf_printf(&how, __VA_ARGS__), \
	sbuf_str(&how))
	snprintf(metric, sizeof(metric), "align.%s.ks", d->name);
	put(o, "A3", metric, rec_num(ks), NULL, n, NULL, HOW("two-sample "
	    "Kolmogorov-Smirnov D = max |F_real - F_sim| over the sorted "
	    "samples (exact, ties stepped together), real n=%zu, sim n=%zu; "
	    "%s", a->n, b->n, pop));
	snprintf(metric, sizeof(metric), "align.%s.ks_crit05", d->name);
	put(o, "A3", metric, rec_num(crit), NULL, n, NULL, HOW("the D above "
	    "which the two samples differ at the 5%% level (asymptotic): "
	    "1.358 * sqrt((%zu + %zu) / (%zu * %zu))", a->n, b->n, a->n,
	    b->n));
	snprintf(metric, sizeof(metric), "align.%s.median_gap", d->name);
	put(o, "A3", metric, rec_num(gap), d->unit, n, NULL, HOW("sim p50 - "
	    "real p50 (negative: the sim is lower); %s", pop));
	snprintf(metric, sizeof(metric), "align.%s.median_gap_pct", d->name);
	put(o, "A3", metric, rec_num(pct), "%", n, NULL, HOW("100 * (sim p50 "
	    "- real p50) / real p50; %s", pop));
	snprintf(metric, sizeof(metric), "align.%s.direction", d->name);
	put(o, "A3", metric, dir != NULL ? json_string(dir) : json_null(),
	    NULL, n, NULL, HOW("sign of sim p50 - real p50: sim_lower, "
	    "sim_higher or equal (within 1e-9 of the real p50); null when a "
	    "side has no values"));
#undef HOW
	sbuf_free(&how);
}

static void
side_rates(struct out *o, const char *side, const struct reqpop *p,
    const struct popsel *sel)
{
	double tps, rps;
	int64_t span;
	char metric[64];
	struct sbuf how = {0};

	reqpop_rates(p, sel->idx, sel->n, &tps, &rps, &span);
	snprintf(metric, sizeof(metric), "%s.throughput_tps.overall", side);
	sbuf_printf(&how, "sum of output tokens / (last completion - first "
	    "send = %lld µs) * 1e6 over %s", (long long)span, sel->what);
	put(o, "A3", metric, rec_num(tps), "tokens/s", -1, NULL,
	    sbuf_str(&how));
	snprintf(metric, sizeof(metric), "%s.throughput_rps.overall", side);
	sbuf_reset(&how);
	sbuf_printf(&how, "completed requests / (last completion - first "
	    "send = %lld µs) * 1e6 over %s", (long long)span, sel->what);
	put(o, "A3", metric, rec_num(rps), "req/s", -1, NULL, sbuf_str(&how));
	sbuf_free(&how);
}

/* The compared requests a side's ITL file has no chunk rows of: a file
 * cut short (blis observe stopped before it flushed) or another run's
 * leaves the ITL distribution over other requests than the trace's, and
 * each chunk that is there still agrees with the trace. */
static void
itl_missing(struct out *o, const char *side, const struct itlsel *is,
    const struct popsel *sel)
{
	struct sbuf how = {0};
	char metric[64];

	sbuf_printf(&how, "streamed successful requests of %s with no chunk "
	    "rows in the ITL file (a file cut short, or another run's); n = "
	    "the streamed successful requests", sel->what);
	ids_text(&how, is->missing_ex, (int64_t)is->missing);
	snprintf(metric, sizeof(metric), "%s.itl.missing", side);
	put(o, "A3", metric, rec_i64((int64_t)is->missing), "count",
	    (int64_t)is->streamed, "request_id", sbuf_str(&how));
	sbuf_free(&how);
}

/* One side's ITL records: its requests, those that do not agree with
 * the side's trace, and the gaps over the compared population (v). */
static void
side_itl(struct out *o, const char *side, const struct reqpop *p,
    const struct itl *t, const struct popsel *sel, struct dvals *v)
{
	int64_t ex[REQMATCH_EXAMPLES];
	struct itlsel is;
	struct sbuf how = {0};
	size_t bad;
	char metric[64];

	o->file = t->label;
	snprintf(metric, sizeof(metric), "%s.itl.requests", side);
	put(o, "A3", metric, rec_i64((int64_t)t->nr), "count", t->rows,
	    "request_id", "requests with chunk rows in the per-chunk ITL file "
	    "(request_id,chunk_index,timestamp_us: blis observe --record-itl); "
	    "n = its rows");
	bad = itl_inconsistent(t, p, ex, REQMATCH_EXAMPLES);
	sbuf_printf(&how, "requests of the ITL file that are not in %s%s",
	    p->label, p->fmt == REQFMT_TRACE_CSV ? ", or whose chunk 0 is not "
	    "first_chunk_time_us, last chunk not last_chunk_time_us or chunk "
	    "count not num_chunks (when given)" : " (a BLIS metrics JSON has "
	    "no chunk times to compare)");
	ids_text(&how, ex, (int64_t)bad);
	snprintf(metric, sizeof(metric), "%s.itl.inconsistent", side);
	put(o, "A3", metric, rec_i64((int64_t)bad), "count", (int64_t)t->nr,
	    "request_id", sbuf_str(&how));
	itl_values(t, p, sel->idx, sel->n, v, &is);
	itl_missing(o, side, &is, sel);
	sbuf_reset(&how);
	if (is.missing > 0)
		sbuf_printf(&how, " (%zu of those requests have no chunk rows: "
		    "not streamed, or the file is another run's)", is.missing);
	side_dist(o, side, &itl_def, itl_def.csv_how, sbuf_str(&how), sel, v);
	snprintf(metric, sizeof(metric), "%s.itl.tokens_per_chunk", side);
	sbuf_reset(&how);
	sbuf_printf(&how, "output tokens after the first (%lld) / gaps between "
	    "chunks (%lld) over %s with two chunks or more (%s): about 1 when "
	    "every chunk carries a token; more when the server streams "
	    "several tokens per chunk", (long long)is.tokens,
	    (long long)is.gaps, sel->what, p->fmt == REQFMT_TRACE_CSV ?
	    "output_tokens" : "num_decode_tokens");
	put(o, "A3", metric, rec_num(is.gaps > 0 ? (double)is.tokens /
	    (double)is.gaps : NAN), NULL, is.gaps, NULL, sbuf_str(&how));
	sbuf_free(&how);
}

/* The ITL distributions of the sides that have an ITL file; compared
 * when both have one. */
static void
itl_distributions(struct out *o, const struct latside *real,
    const struct latside *sim, const struct popsel *rs,
    const struct popsel *ss, const char *pop)
{
	struct dvals a = {0}, b = {0};
	bool ra = real != NULL && real->itl != NULL;
	bool sa = sim != NULL && sim->itl != NULL;

	if (ra)
		side_itl(o, "real", real->pop, real->itl, rs, &a);
	if (sa)
		side_itl(o, "sim", sim->pop, sim->itl, ss, &b);
	if (ra && sa) {
		o->file = real->itl->label;
		pair_dist(o, &itl_def, &a, &b, pop);
	}
	dvals_free(&a);
	dvals_free(&b);
}

/* The successful streamed rows of p (row indices) into *idx; their
 * count.  Caller frees *idx. */
static size_t
streamed_rows(const struct reqpop *p, size_t **idx)
{
	size_t n = 0;

	*idx = xreallocarray(NULL, p->n + 1, sizeof(**idx));
	for (size_t i = 0; i < p->n; i++)
		if (p->v[i].ok && !p->v[i].unstreamed)
			(*idx)[n++] = i;
	return n;
}

/* TTFT and TPOT need a first token: a non-streamed request's first
 * chunk is its whole response.  When some rows are not streamed, rs and
 * ss become the eligible pairs streamed on both sides (unmatched: each
 * side's own streamed rows, in ri and si, which the caller frees);
 * what and pop say so. */
static void
streamed_only(const struct reqmatch *m, const struct reqpop *real,
    const struct reqpop *sim, struct popsel *rs, struct popsel *ss,
    size_t **ri, size_t **si, struct sbuf *what, const char **pop)
{
	size_t out;

	if ((real == NULL || real->unstreamed == 0) &&
	    (sim == NULL || sim->unstreamed == 0))
		return;
	if (m != NULL && m->by_id && m->npairs > 0) {
		sbuf_printf(what, "the eligible requests streamed on both "
		    "sides (%zu of the %zu eligible left out: streaming false "
		    "on a side, so the first chunk is the whole response and "
		    "there is no first-token time)", m->npairs - m->ntpairs,
		    m->npairs);
		*rs = (struct popsel){ m->tri, m->ntpairs, what->s };
		*ss = (struct popsel){ m->tsi, m->ntpairs, what->s };
		*pop = what->s;
		return;
	}
	sbuf_adds(what, "the side's successful streamed requests (streaming "
	    "false left out: the first chunk is the whole response)");
	if (real != NULL) {
		out = streamed_rows(real, ri);
		*rs = (struct popsel){ *ri, out, what->s };
	}
	if (sim != NULL) {
		out = streamed_rows(sim, si);
		*ss = (struct popsel){ *si, out, what->s };
	}
	*pop = "each side over its own successful streamed requests (no "
	    "eligible matched population)";
}

/* A paired ratio this far off the median paired ratio (as a fraction of
 * it) is a request the median does not describe. */
#define PAIRED_BAND	0.25

/* A latency of one row in µs; NAN: the row has none. */
static double
row_latency(const struct reqrow *r, enum reqmetric w)
{
	if (!r->ok)
		return NAN;
	if (w == RM_TTFT)
		return r->ttft > 0 ? (double)r->ttft : NAN;
	if (w == RM_E2E)
		return r->e2e > 0 ? (double)r->e2e : NAN;
	return r->tpot > 0 ? r->tpot : NAN;
}

/* align.<metric>.paired_outliers: the matched requests whose own sim/real
 * ratio lies more than PAIRED_BAND off the median ratio.  Requests are
 * matched by id, so a gap that depends on the request (long prompts
 * prefilled in more steps, another batching) shows here while the
 * medians agree and a KS test over a few requests cannot tell. */
static void
paired_outliers(struct out *o, const struct reqpop *real,
    const struct reqpop *sim, const struct popsel *rs,
    const struct popsel *ss, const struct metric_def *d, enum reqmetric w)
{
	struct dvals q = {0};
	double *ratio = xreallocarray(NULL, rs->n + 1, sizeof(*ratio));
	int64_t out = 0, ex[REQMATCH_EXAMPLES];
	double med;
	struct sbuf how = {0};
	char metric[64];

	for (size_t k = 0; k < rs->n; k++) {
		double a = row_latency(&real->v[rs->idx[k]], w);
		double b = row_latency(&sim->v[ss->idx[k]], w);

		ratio[k] = isnan(a) || isnan(b) ? NAN : b / a;
		if (!isnan(ratio[k]))
			dvals_add(&q, ratio[k]);
	}
	dvals_sort(&q);
	med = q.n > 0 ? dvals_quantile(&q, 0.5) : NAN;
	for (size_t k = 0; k < rs->n && q.n > 0; k++)
		if (!isnan(ratio[k]) && fabs(ratio[k] / med - 1) > PAIRED_BAND) {
			if (out < REQMATCH_EXAMPLES)
				ex[out] = real->v[rs->idx[k]].id;
			out++;
		}
	sbuf_printf(&how, "the matched requests (n: those with %s on both "
	    "sides) whose own sim/real ratio is more than %.0f%% off the "
	    "median ratio %.4g", d->name, PAIRED_BAND * 100, med);
	ids_text(&how, ex, out);
	snprintf(metric, sizeof(metric), "align.%s.paired_outliers", d->name);
	put(o, "A3", metric, q.n > 0 ? rec_i64(out) : json_null(), "count",
	    (int64_t)q.n, "request_id", sbuf_str(&how));
	sbuf_free(&how);
	dvals_free(&q);
	free(ratio);
}

static void
distributions(struct out *o, const struct latside *rside,
    const struct latside *sside, const struct reqmatch *m,
    int64_t window_us)
{
	const struct reqpop *real = rside != NULL ? rside->pop : NULL;
	const struct reqpop *sim = sside != NULL ? sside->pop : NULL;
	struct popsel rs = { NULL, 0, "the side's successful requests" };
	struct popsel ss = rs;
	const char *pop = "each side over its own successful requests (no "
	    "eligible matched population)";
	bool paired = m != NULL && m->by_id && m->npairs > 0;

	if (paired) {
		rs = (struct popsel){ m->ri, m->npairs, "the eligible requests "
		    "(matched by id, successful on both sides)" };
		ss = (struct popsel){ m->si, m->npairs, rs.what };
		pop = "over the eligible requests (matched by id, successful "
		    "on both sides)";
	}
	for (int w = 0; w < RM_COUNT; w++) {
		struct dvals a = {0}, b = {0};
		struct popsel wr = rs, ws = ss;
		struct sbuf what = {0};
		const char *wpop = pop;
		size_t *ri = NULL, *si = NULL;

		if (w == RM_TTFT || w == RM_TPOT)
			streamed_only(m, real, sim, &wr, &ws, &ri, &si, &what,
			    &wpop);
		if (real != NULL) {
			reqpop_values(real, wr.idx, wr.n, w, window_us, &a);
			o->file = real->label;
			side_metric(o, "real", real, &wr, w, window_us, &a);
		}
		if (sim != NULL) {
			reqpop_values(sim, ws.idx, ws.n, w, window_us, &b);
			o->file = sim->label;
			side_metric(o, "sim", sim, &ws, w, window_us, &b);
		}
		if (real != NULL && sim != NULL) {
			o->file = real->label;
			pair_dist(o, &metrics[w], &a, &b, wpop);
		}
		if (paired && w != RM_THROUGHPUT)
			paired_outliers(o, real, sim, &wr, &ws, &metrics[w],
			    (enum reqmetric)w);
		dvals_free(&a);
		dvals_free(&b);
		sbuf_free(&what);
		free(ri);
		free(si);
	}
	if (real != NULL) {
		o->file = real->label;
		side_rates(o, "real", real, &rs);
	}
	if (sim != NULL) {
		o->file = sim->label;
		side_rates(o, "sim", sim, &ss);
	}
	itl_distributions(o, rside, sside, &rs, &ss, pop);
}

void
latency_records(const struct latside *rside, const struct latside *sside,
    int64_t window_us, json_t *arr)
{
	const struct reqpop *real = rside != NULL ? rside->pop : NULL;
	const struct reqpop *sim = sside != NULL ? sside->pop : NULL;
	struct out o = { arr, NULL };
	struct reqmatch m;
	bool both = real != NULL && sim != NULL;

	side_format(&o, "real", real);
	side_format(&o, "sim", sim);
	if (real != NULL) {
		o.file = real->label;
		side_mode(&o, "real", real);
		side_model(&o, "real", real);
		side_count(&o, "real", real);
		side_repeats(&o, "real", real);
		side_unstreamed(&o, "real", real);
		side_untimed(&o, "real", real);
		side_timing(&o, "real", real);
		side_success(&o, "real", real);
		side_tokens(&o, "real", real);
		side_sends(&o, "real", real);
	}
	if (sim != NULL) {
		o.file = sim->label;
		side_mode(&o, "sim", sim);
		side_model(&o, "sim", sim);
		side_count(&o, "sim", sim);
		side_repeats(&o, "sim", sim);
		side_unstreamed(&o, "sim", sim);
		side_untimed(&o, "sim", sim);
		side_timing(&o, "sim", sim);
		side_success(&o, "sim", sim);
		side_tokens(&o, "sim", sim);
	}
	if (both) {
		reqmatch_run(&m, real, sim);
		pair_records(&o, real, sim, &m);
	}
	distributions(&o, rside, sside, both ? &m : NULL, window_us);
	if (both)
		reqmatch_free(&m);
}
