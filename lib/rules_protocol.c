/* rules_protocol.c - 1h, the measurement protocol: did blis observe
 * measure the cell as the bundle says (measurement.yaml, else config.md's
 * `blis observe` flags)?  Warm-up against the trace header, streaming
 * against the rows, ITL recording against the per-chunk file, the
 * concurrency cap against the requests in flight (and, with or without
 * a protocol, the sends against the planned arrivals), the per-request
 * timeout against the longest request, the API format against the
 * endpoint the servers' access logs saw.  Beside them 1f's check that
 * streamed answers came in chunks (the streaming the protocol or the
 * clients ask for, against the chunks) and 1d's that the answers ran to
 * their sampled length (exact-length mode against finish_reason).  See
 * rules_wl.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "rules_wl.h"
#include "ruleutil.h"
#include "sendlag.h"
#include "str.h"

static const char ACT_PROTOCOL[] = "The cell was not measured with the "
    "bundle's protocol: rerun it with blis observe set as measurement.yaml "
    "says (or correct the protocol), so that every cell is comparable.";
static const char ACT_CAP[] = "The load generator held requests back at its "
    "concurrency cap: the cell ran below the spec's load.  Raise "
    "maxConcurrency (--max-concurrency) and rerun.";
static const char ACT_LATE[] = "The load generator held requests back: "
    "raise blis observe --max-concurrency to the protocol's (or above the "
    "requests the load keeps in flight), give it a host that keeps up, and "
    "rerun the cell; until then its latencies come from another load than "
    "the simulated one.";
static const char ACT_CHUNKS[] = "Streamed requests came back whole: check "
    "that the load generator sets \"stream\": true in the request body and "
    "that no proxy between it and the servers buffers the event stream, "
    "then rerun; TTFT and ITL of this cell are not streaming ones.";
static const char ACT_STOPPED[] = "Answers stopped at the end of "
    "sequence before their sampled length: check that blis observe ran "
    "without --unconstrained-output and that min_tokens reaches vLLM (a "
    "gateway or API format that drops it, a server that ignores it), then "
    "rerun the cell.";
static const char ACT_TWO[] = "The bundle states two different protocols: "
    "make measurement.yaml and config.md's blis observe flags agree.";

/* One protocol item: its measurement.yaml key, the config.md flag, and the
 * factor from the flag's unit to the key's. */
struct pitem {
	const char	*mkey, *okey;
	double		 oscale;
};

static const struct pitem P_WARMUP = { "measurement.warmup_requests",
	"observe.warmup_requests", 1 };
static const struct pitem P_CAP = { "measurement.max_concurrency",
	"observe.max_concurrency", 1 };
static const struct pitem P_TIMEOUT = { "measurement.timeout_ms",
	"observe.timeout", 1000 };
static const struct pitem P_ITL = { "measurement.record_itl",
	"observe.record_itl", 0 };
static const struct pitem P_API = { "measurement.api_format",
	"observe.api_format", 0 };

/* The protocol's record for an item: measurement.yaml's, else config.md's
 * (with its value scaled into *v); NULL when neither says. */
static const json_t *
item(const struct judge *j, const struct jcell *c, const struct pitem *p,
    double *v, bool *b)
{
	const json_t *e = judge_expect(j, c, p->mkey, NULL);
	double scale = 1;

	if (e == NULL) {
		e = judge_expect(j, c, p->okey, NULL);
		scale = p->oscale;
	}
	if (e == NULL)
		return NULL;
	if (v != NULL && ru_num(e, v))
		*v *= scale;
	if (b != NULL)
		*b = json_is_true(json_object_get(e, "value"));
	return e;
}

/* When measurement.yaml and config.md both state an item differently. */
static void
two_protocols(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct pitem *p)
{
	const json_t *a = judge_expect(j, c, p->mkey, NULL);
	const json_t *b = judge_expect(j, c, p->okey, NULL);
	double x, y;
	struct sbuf why = { 0 };

	if (a == NULL || b == NULL)
		return;
	if (p->oscale != 0 && ru_num(a, &x) && ru_num(b, &y) &&
	    x == y * p->oscale)
		return;
	if (p->oscale == 0 && ru_equal(json_object_get(a, "value"),
	    json_object_get(b, "value")))
		return;
	sbuf_printf(&why, "measurement.yaml says ");
	ru_value_at(&why, a);
	sbuf_adds(&why, ", config.md's blis observe flags say ");
	ru_value_at(&why, b);
	sbuf_adds(&why, "; measurement.yaml is taken.");
	ru_emit(j, r, c, p->mkey, NULL, a, b, NULL, V_WARN, sbuf_str(&why),
	    ACT_TWO);
	sbuf_free(&why);
}

static void
judge_warmup(struct judge *j, const struct rule *r, const struct jcell *c)
{
	double want = 0, got;
	const json_t *e = item(j, c, &P_WARMUP, &want, NULL);
	const json_t *m = judge_measure(j, c, "warm_up.requests", NULL);
	json_t *side;
	struct sbuf why = { 0 };

	if (e == NULL)
		return;
	two_protocols(j, r, c, &P_WARMUP);
	side = ru_side(rec_num(want), "count", e, NULL);
	if (!ru_num(m, &got)) {
		ru_emit(j, r, c, "warm_up.requests", NULL, side, NULL, NULL,
		    V_INAPPLICABLE, "The cell has no trace header, which says "
		    "how many warm-up requests blis observe left out.", NULL);
		json_decref(side);
		return;
	}
	sbuf_printf(&why, "The protocol leaves out the first %.0f requests (",
	    want);
	ru_where(&why, e);
	sbuf_printf(&why, "); the trace header says %.0f (", got);
	ru_where(&why, m);
	sbuf_adds(&why, ").");
	ru_emit(j, r, c, "warm_up.requests", NULL, side, m, "equal",
	    got == want ? V_PASS : V_FAIL, sbuf_str(&why), ACT_PROTOCOL);
	json_decref(side);
	sbuf_free(&why);
}

const json_t *
wl_protocol_streaming(const struct judge *j, const struct jcell *c,
    double *fraction)
{
	const json_t *e;
	bool b = false;

	if ((e = item(j, c, &P_ITL, NULL, &b)) != NULL && b) {
		*fraction = 1;
		return e;
	}
	e = judge_expect(j, c, "measurement.streaming", NULL);
	if (e != NULL && json_is_false(json_object_get(e, "value"))) {
		*fraction = 0;
		return e;
	}
	e = judge_expect(j, c, "observe.no_streaming", NULL);
	if (e != NULL && !json_is_false(json_object_get(e, "value"))) {
		*fraction = 0;
		return e;
	}
	return NULL;
}

/* Streaming as the protocol decides it, or as the clients' flags do when
 * the protocol leaves it to them. */
static void
judge_streaming(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery q = { "streaming.fraction", "streaming.fraction", NULL,
	    "the measurement protocol", "s2r-trace-stats, from the cell's "
	    "trace_data.csv (streaming)" };
	const json_t *on = judge_expect(j, c, "measurement.streaming", NULL);
	const json_t *e, *m = judge_measure(j, c, "streaming.fraction", NULL);
	double f, n = 0;
	json_t *side;
	struct jcmp cmp;

	if ((e = wl_protocol_streaming(j, c, &f)) != NULL)
		side = ru_side(rec_num(f), "fraction", e, f > 0 ? "recordItl "
		    "streams every request (blis observe --record-itl)" :
		    "streaming off: no request streams (--no-streaming)");
	else if (on != NULL && (e = judge_expect(j, c, "streaming.fraction",
	    NULL)) != NULL && ru_num(e, &f))
		side = ru_side(rec_num(f), "fraction", e, "the protocol streams "
		    "what the clients' streaming flags ask for: their rate "
		    "share");
	else
		return;
	if (m == NULL || !ru_num(m, &n)) {
		judge_missing(j, r, c, &q, side, m);
		json_decref(side);
		return;
	}
	rec_get_num(m, "n", &n);
	wl_cmp(&cmp, side, m, DIFF_PP, tol(j->tol, TOL_STREAMING_PP));
	noisy_band(j, r, c, &q, &cmp, n > 0 && f > 0 && f < 1 ?
	    sqrt(f * (1 - f) / n) : 0, ACT_PROTOCOL);
	json_decref(side);
}

/* 1f: the streamed rows' answers came in chunks (more than one, the
 * first before the last), against the streaming the spec or the
 * protocol asked for (else the trace's own streaming column). */
void
wl_rule_chunked(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *m = judge_measure(j, c, "streaming.chunked", NULL), *e;
	double f = 0, n = 0, a, t = tol(j->tol, TOL_STREAMING_PP);
	struct sbuf why = { 0 };
	enum jverdict_value v;
	json_t *side;

	if (m == NULL)
		return;
	if ((e = wl_protocol_streaming(j, c, &f)) == NULL &&
	    (e = judge_expect(j, c, "streaming.fraction", NULL)) != NULL)
		ru_num(e, &f);
	if (e == NULL || !(f > 0))
		e = judge_measure(j, c, "streaming.fraction", NULL);
	side = ru_side(rec_num(1), "fraction", e, "every request sent with "
	    "streaming answers in more than one chunk, the first before the "
	    "last");
	rec_get_num(m, "n", &n);
	if (n == 0 || !ru_num(m, &a)) {
		if (f > 0)
			ru_emit(j, r, c, "streaming.chunked", NULL, side, m,
			    NULL, V_INAPPLICABLE, "No successful streamed "
			    "request of 2 or more output tokens has a chunk "
			    "count in the trace: how the answers came cannot be "
			    "seen.", NULL);
		json_decref(side);
		return;
	}
	v = a >= 1 - t / 100 - 1e-9 ? V_PASS : V_FAIL;
	sbuf_printf(&why, "%.0f of the %.0f successful streamed requests (",
	    a * n, n);
	ru_where(&why, m);
	sbuf_adds(&why, ") came in chunks");
	if (a < 1)
		sbuf_printf(&why, "; %.0f answered whole (one chunk, or the "
		    "first at the last; the source's line is the first)",
		    n - a * n);
	sbuf_adds(&why, v == V_PASS ? "." : ": the requests were not "
	    "streamed (no \"stream\": true in the body) or a proxy buffered "
	    "the stream, whatever the streaming column says.");
	ru_emit(j, r, c, "streaming.chunked", NULL, side, m, "\u2265 1 - "
	    "streaming_pp", v, sbuf_str(&why), ACT_CHUNKS);
	json_decref(side);
	sbuf_free(&why);
}

/* One client's streamed answers that came whole (client.streaming.chunked
 * below the band): that client's requests went out without "stream"
 * while its rows kept the flag.  A small client hides inside the cell's
 * share, so each is judged; only a client that departs is a verdict. */
static void
client_chunked(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *m, double a)
{
	const char *id = rec_scope_str(m, "client");
	json_t *sub = rec_scope_new(), *side;
	const json_t *e;
	struct sbuf why = { 0 };
	double n = 0;

	rec_scope_set(sub, "client", id);
	e = judge_expect(j, c, "client.streaming.fraction", sub);
	side = ru_side(rec_num(1), "fraction", e != NULL ? e : m, "the "
	    "client's requests sent with streaming answer in more than one "
	    "chunk, the first before the last");
	rec_get_num(m, "n", &n);
	sbuf_printf(&why, "Client \"%s\": %.0f of its %.0f successful streamed "
	    "requests (", id, a * n, n);
	ru_where(&why, m);
	sbuf_adds(&why, ") came in chunks, the rest answered whole: its "
	    "requests were sent without \"stream\": true (or through a proxy "
	    "that buffers), whatever its streaming column says, while the "
	    "cell's share holds.");
	ru_emit(j, r, c, "client.streaming.chunked", sub, side, m,
	    "\u2265 1 - streaming_pp", V_FAIL, sbuf_str(&why), ACT_CHUNKS);
	json_decref(side);
	json_decref(sub);
	sbuf_free(&why);
}

void
wl_rule_client_chunked(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	const json_t *cell = judge_measure(j, c, "streaming.chunked", NULL);
	double a, band = 1 - tol(j->tol, TOL_STREAMING_PP) / 100 - 1e-9;
	struct ru_list l;

	/* the cell's FAIL names it already: no client would add to it */
	if (ru_num(cell, &a) && a < band)
		return;
	ru_collect(j, c, "measure", "client.streaming.chunked", RU_ANY, false,
	    &l);
	for (size_t i = 0; i < l.n; i++)
		if (rec_scope_str(l.v[i], "client") != NULL &&
		    ru_num(l.v[i], &a) && a < band)
			client_chunked(j, r, c, l.v[i], a);
	ru_list_free(&l);
}

/* Rows with status ok, over the classes. */
static double
ok_rows(const struct judge *j, const struct jcell *c)
{
	struct ru_list l;
	double sum = 0, v;

	ru_collect(j, c, "measure", "status.count", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *st = rec_get_str(l.v[i], "status");

		if (st != NULL && strcmp(st, "ok") == 0 && ru_num(l.v[i], &v))
			sum += v;
	}
	ru_list_free(&l);
	return sum;
}

/* How many of the ITL file's requests are the trace's own (itl.own:
 * the row's request_id with chunk 0 at its first chunk time): a file
 * copied from another run, or left from a rerun's first attempt, has the
 * ids and the counts but none of the times, and its inter-token
 * latencies are not this cell's.  Against the fewer of the file's
 * requests and the successful rows (a request that failed after its
 * chunks is in the file, not among them; a missing one is WARNed
 * above).  Older stats without itl.own say nothing. */
static void
itl_own(const struct judge *j, const struct jcell *c, double both,
    struct sbuf *why, enum jverdict_value *v)
{
	const json_t *m = judge_measure(j, c, "itl.own", NULL);
	double own;

	if (m == NULL || !ru_num(m, &own) || both <= 0)
		return;
	if (own >= both * (1 - tol(j->tol, TOL_RATE_PCT) / 100))
		return;
	sbuf_printf(why, " Only %.0f of them have chunk 0 at the trace row's "
	    "own first_chunk_time_us (", own);
	ru_where(why, m);
	sbuf_adds(why, "): the file is another run's, not this cell's.");
	*v = V_FAIL;
}

static void
judge_itl(struct judge *j, const struct rule *r, const struct jcell *c)
{
	bool on = false;
	const json_t *e = item(j, c, &P_ITL, NULL, &on);
	const json_t *m = judge_measure(j, c, "itl.requests", NULL);
	double got = 0, ok = ok_rows(j, c);
	struct sbuf why = { 0 };
	enum jverdict_value v;

	if (e == NULL || !on)
		return;
	two_protocols(j, r, c, &P_ITL);
	sbuf_adds(&why, "The protocol records per-chunk times (");
	ru_where(&why, e);
	if (m == NULL || !ru_num(m, &got)) {
		sbuf_adds(&why, ") but the cell has no trace_data.itl.csv.");
		v = V_FAIL;
	} else {
		sbuf_printf(&why, "): the ITL file has %.0f requests (", got);
		ru_where(&why, m);
		sbuf_printf(&why, ") of the %.0f successful rows.", ok);
		v = got >= ok * (1 - tol(j->tol, TOL_RATE_PCT) / 100) ? V_PASS :
		    V_WARN;
		if (v == V_WARN)
			sbuf_adds(&why, " Requests are missing from it.");
		itl_own(j, c, got < ok ? got : ok, &why, &v);
	}
	ru_emit(j, r, c, "itl.requests", NULL, e, m, "every successful row",
	    v, sbuf_str(&why), ACT_PROTOCOL);
	sbuf_free(&why);
}

static void
judge_cap(struct judge *j, const struct rule *r, const struct jcell *c)
{
	double cap = 0, got;
	const json_t *e = item(j, c, &P_CAP, &cap, NULL);
	const json_t *m = judge_measure(j, c, "inflight.max", NULL);
	struct sbuf why = { 0 };
	enum jverdict_value v;
	json_t *side;

	if (e == NULL || !ru_num(m, &got))
		return;
	two_protocols(j, r, c, &P_CAP);
	side = ru_side(rec_num(cap), "count", e, NULL);
	sbuf_printf(&why, "At most %.0f requests were in flight at once (", got);
	ru_where(&why, m);
	sbuf_printf(&why, "); the protocol caps them at %.0f (", cap);
	ru_where(&why, e);
	if (got > cap) {
		sbuf_adds(&why, "): more than the cap, so the cell did not run "
		    "with this protocol.");
		v = V_FAIL;
	} else if (got == cap) {
		sbuf_adds(&why, "): the cap was reached, so requests waited for "
		    "a slot.");
		v = V_WARN;
	} else {
		sbuf_adds(&why, "): below the cap.");
		v = V_PASS;
	}
	ru_emit(j, r, c, "inflight.max", NULL, side, m, "< the cap", v,
	    sbuf_str(&why), v == V_WARN ? ACT_CAP : ACT_PROTOCOL);
	json_decref(side);
	sbuf_free(&why);
}

static void
judge_timeout(struct judge *j, const struct rule *r, const struct jcell *c)
{
	double ms = 0, got;
	const json_t *e = item(j, c, &P_TIMEOUT, &ms, NULL);
	const json_t *m = judge_measure(j, c, "e2e_ms.max", NULL);
	struct sbuf why = { 0 };
	json_t *side;

	if (e == NULL || !(ms > 0) || !ru_num(m, &got))
		return;
	two_protocols(j, r, c, &P_TIMEOUT);
	side = ru_side(rec_num(ms), "ms", e, NULL);
	sbuf_printf(&why, "The longest successful request took %.6g s (", got /
	    1000);
	ru_where(&why, m);
	sbuf_printf(&why, "); the per-request timeout is %.6g s (", ms / 1000);
	ru_where(&why, e);
	sbuf_adds(&why, got > ms ? "): a request outlived it, so the cell ran "
	    "with another timeout." : ").");
	ru_emit(j, r, c, "e2e_ms.max", NULL, side, m, "<= the timeout",
	    got > ms ? V_FAIL : V_PASS, sbuf_str(&why), ACT_PROTOCOL);
	json_decref(side);
	sbuf_free(&why);
}

/* The two inference endpoints blis observe sends to, by apiFormat. */
static const char *const api_names[2] = { "completions", "chat" };
static const char *const api_paths[2] = { "/v1/completions",
	"/v1/chat/completions" };
static const char *const api_lines[2] = { "POST /v1/completions ",
	"POST /v1/chat/completions " };

/* The servers' access lines of each endpoint in cell c (n[0], n[1]); the
 * first record of each (first[k]); how many access records there are. */
static size_t
api_counts(const struct judge *j, const struct jcell *c, double n[2],
    const json_t *first[2])
{
	struct ru_list l;
	size_t all;
	double v;

	ru_collect(j, c, "measure", "access.count.*", RU_INSTANCE, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *f = rec_get_str(json_object_get(l.v[i], "source"),
		    "field");

		for (int k = 0; k < 2; k++)
			if (f != NULL && strncmp(f, api_lines[k],
			    strlen(api_lines[k])) == 0 && ru_num(l.v[i], &v)) {
				n[k] += v;
				if (first[k] == NULL)
					first[k] = l.v[i];
			}
	}
	all = l.n;
	ru_list_free(&l);
	return all;
}

/* apiFormat against the endpoint the servers' access logs saw: the
 * other endpoint's requests a majority FAIL, a minority WARN. */
static void
judge_api_format(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *e = item(j, c, &P_API, NULL, NULL), *first[2] = { 0 };
	const char *want = rec_get_str(e, "value");
	double n[2] = { 0, 0 };
	int k, o;
	struct sbuf why = { 0 };
	enum jverdict_value v;
	json_t *side;

	if (e == NULL || want == NULL)
		return;
	two_protocols(j, r, c, &P_API);
	for (k = 0; k < 2 && strcmp(want, api_names[k]) != 0; k++)
		;
	if (k == 2 || api_counts(j, c, n, first) == 0 || n[0] + n[1] == 0) {
		sbuf_printf(&why, k == 2 ? "The protocol's apiFormat \"%s\" "
		    "names no endpoint s2r knows (completions, chat)." : "The "
		    "cell's server logs have no access lines of completions "
		    "(uvicorn's access log off, or no server logs): the endpoint "
		    "blis observe sent to (apiFormat \"%s\") cannot be seen.",
		    want);
		ru_emit(j, r, c, P_API.mkey, NULL, e, NULL, NULL,
		    V_INAPPLICABLE, sbuf_str(&why), NULL);
		sbuf_free(&why);
		return;
	}
	o = 1 - k;
	v = n[o] == 0 ? V_PASS : n[o] > n[k] ? V_FAIL : V_WARN;
	sbuf_printf(&why, "The protocol sends to %s (apiFormat \"%s\", ",
	    api_paths[k], want);
	ru_where(&why, e);
	sbuf_printf(&why, "); the servers' access logs have %.0f requests "
	    "there and %.0f to %s", n[k], n[o], api_paths[o]);
	if (first[o] != NULL) {
		sbuf_adds(&why, " (first: ");
		ru_where(&why, first[o]);
		sbuf_adds(&why, ")");
	}
	sbuf_adds(&why, v == V_PASS ? "." : v == V_FAIL ? ": the cell was "
	    "measured with the other apiFormat (a chat template changes every "
	    "prompt)." : ": some requests used the other endpoint.");
	side = ru_side(json_string(api_names[n[o] > n[k] ? o : k]), NULL,
	    first[n[o] > n[k] ? o : k], "the endpoint most access lines of "
	    "completions name (POST /v1/completions: completions, POST "
	    "/v1/chat/completions: chat)");
	ru_emit(j, r, c, P_API.mkey, NULL, e, side, "equal", v,
	    sbuf_str(&why), ACT_PROTOCOL);
	json_decref(side);
	sbuf_free(&why);
}

/* Sessions the warm-up cut at the head (s2r-trace-stats' sessions_head_cut
 * on warm_up.rows): a warm-up counts dispatched requests, and in a
 * closed-loop session replay the first ones are the opening rounds of
 * the initial session pool, the smallest contexts.  Leaving them out
 * starts those sessions mid-conversation and leans the cell's inputs
 * and latencies to the later, longer rounds: a bias, not a cold start
 * removed.  Says so in why and returns whether any. */
static bool
head_cut(const json_t *m, struct sbuf *why)
{
	double cut = 0, n = 0;

	if (!rec_get_num(m, "sessions_head_cut", &cut) || !(cut > 0))
		return false;
	rec_get_num(m, "sessions_total", &n);
	sbuf_printf(why, " But %.0f of the %.0f sessions %s no round 0 in "
	    "the trace: the warm-up, counted in dispatched requests, took "
	    "the opening rounds of the first session pool, so those sessions "
	    "start mid-conversation and the cell leans to later, longer "
	    "rounds than the simulation's.", cut, n,
	    cut == 1 ? "has" : "have");
	return true;
}

/* Warm-up requests in the trace: rows whose request_id is below the
 * header's warm_up_requests, which blis observe leaves out (rows start
 * at request_id = warm_up_requests).  A recorder that kept them makes the
 * header's claim false whatever the protocol says, so this is judged
 * with or without one: the cold-start requests (empty caches, CUDA
 * graphs still capturing) enter every count and latency of the cell. */
static void
judge_warm_rows(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *m = judge_measure(j, c, "warm_up.rows", NULL);
	const json_t *h = judge_measure(j, c, "warm_up.requests", NULL);
	double got, want = 0, n = 0;
	struct sbuf why = { 0 };
	enum jverdict_value v = V_PASS;
	json_t *side;

	if (!ru_num(m, &got))
		return;
	ru_num(h, &want);
	rec_get_num(m, "n", &n);
	side = ru_side(rec_num(0), "count", h, "blis observe leaves the first "
	    "warm_up_requests generated requests out of trace_data.csv: rows "
	    "start at request_id = warm_up_requests");
	sbuf_printf(&why, "The trace header says the first %.0f requests were "
	    "left out (", want);
	ru_where(&why, h);
	sbuf_printf(&why, "); %.0f of the %.0f rows have a smaller request_id",
	    got, n);
	if (got > 0) {
		sbuf_adds(&why, " (the first at ");
		ru_where(&why, m);
		sbuf_adds(&why, "): the warm-up requests were recorded after "
		    "all, so the cell's counts and latencies include the cold "
		    "start the protocol leaves out.");
	} else
		sbuf_adds(&why, ".");
	if (got > 0)
		v = V_FAIL;
	else if (head_cut(m, &why))
		v = V_WARN;
	ru_emit(j, r, c, "warm_up.rows", NULL, side, m, "none", v,
	    sbuf_str(&why), v == V_WARN ? "Rerun the session replay with "
	    "warm_up_requests 0 and leave the cold start out in analysis, "
	    "by session_id and round_index (whole sessions or their first "
	    "rounds), where it is exact and reversible." : "Drop the rows "
	    "whose request_id is below warm_up_requests before judging the "
	    "cell (or rerun it with a blis observe that leaves its warm-up "
	    "out), so that the cold start is not measured.");
	json_decref(side);
	sbuf_free(&why);
}

/* What the requests in flight say of the held sends: the protocol's cap
 * reached, or a lower one (the generator ran with another
 * --max-concurrency, or its host could not keep up). */
static void
late_cause(const struct judge *j, const struct jcell *c, struct sbuf *why)
{
	double cap = 0, got;
	const json_t *e = item(j, c, &P_CAP, &cap, NULL);
	const json_t *m = judge_measure(j, c, "inflight.max", NULL);

	if (!ru_num(m, &got))
		return;
	sbuf_printf(why, " At most %.0f requests were in flight at once (", got);
	ru_where(why, m);
	if (e == NULL || !(cap > 0)) {
		sbuf_adds(why, ").");
		return;
	}
	sbuf_printf(why, "), the protocol's cap %.0f (", cap);
	ru_where(why, e);
	sbuf_adds(why, got >= cap ? "): the client waited at the cap." :
	    "): the client held requests back below that cap, so it ran "
	    "with a lower --max-concurrency than the protocol's or its host "
	    "could not keep up.");
}

/* First-round requests sent well after their planned arrival (the
 * trace's sends.late): the load the servers saw is not the spec's, and
 * every latency timed from the send hides the wait.  Judged with or
 * without a protocol: the schedule is the workload's. */
static void
judge_late_sends(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	const json_t *m = judge_measure(j, c, "sends.late", NULL);
	double late, n = 0, latest = 0, pct;
	double warn = tol(j->tol, TOL_LATE_SENDS_WARN_PCT);
	double fail = tol(j->tol, TOL_LATE_SENDS_FAIL_PCT);
	struct sbuf why = { 0 }, band = { 0 };
	enum jverdict_value v;
	json_t *side;

	if (!ru_num(m, &late) || !rec_get_num(m, "n", &n) || n == 0)
		return;
	rec_get_num(m, "latest_ms", &latest);
	pct = 100 * late / n;
	v = pct > fail ? V_FAIL : pct > warn ? V_WARN : V_PASS;
	side = ru_side(rec_num(0), "count", NULL, "blis observe sends each "
	    "request at its planned arrival (arrival_time_us), 1-2 ms late at "
	    "most");
	sbuf_printf(&why, "%.0f of %.0f first-round requests (%.2f%%) were "
	    "sent %d ms or more after their planned arrival, the latest ",
	    late, n, pct, SENDLAG_LATE_US / 1000);
	if (latest < 1000)
		sbuf_printf(&why, "%.3g ms after (", latest);
	else
		sbuf_printf(&why, "%.4g s after (", latest / 1000);
	ru_where(&why, m);
	sbuf_adds(&why, ").");
	if (v == V_PASS)
		sbuf_adds(&why, " The client kept to the schedule.");
	else {
		sbuf_adds(&why, " The client could not keep to the schedule: "
		    "the servers saw a lighter, smoother load than the spec's, "
		    "and latencies timed from the send hide the wait.");
		late_cause(j, c, &why);
	}
	sbuf_printf(&band, "at most %g%% (WARN), %g%% (FAIL)", warn, fail);
	ru_emit(j, r, c, "sends.late", NULL, side, m, sbuf_str(&band), v,
	    sbuf_str(&why), ACT_LATE);
	json_decref(side);
	sbuf_free(&why);
	sbuf_free(&band);
}

/* The client's wall clock stepped mid-run (the trace's sends.clock_back
 * or sends.clock_forward, an NTP step): send_time_us and the chunk times
 * after it are on another clock than those before, so a rate or span
 * read across it is off by the step.  sends.late is made on each side of
 * it; the run itself may be sound, so a WARN. */
static void
judge_clock_step(struct judge *j, const struct rule *r,
    const struct jcell *c, bool forward)
{
	const char *metric = forward ? "sends.clock_forward" :
	    "sends.clock_back";
	const json_t *m = judge_measure(j, c, metric, NULL);
	double step, at = 0;
	struct sbuf why = { 0 };
	json_t *side;

	if (!ru_num(m, &step) || step <= 0)
		return;
	rec_get_num(m, "at_us", &at);
	side = ru_side(rec_num(0), "us", NULL, "a client sends in planned "
	    "order on one clock: its lag behind the schedule falls no faster "
	    "than the schedule moves on, and rises only while it holds sends "
	    "back");
	sbuf_printf(&why, "The load generator's wall clock went %s %.4g s "
	    "at about %.4g s into the run (", forward ? "forward" : "back",
	    step / 1e6, at / 1e6);
	ru_where(&why, m);
	sbuf_adds(&why, forward ? "): the sends after it lag their planned "
	    "arrivals that much more than those before, at once and to the "
	    "end of the run, which a client holding sends back does not do "
	    "(it catches up, or falls further behind) and a clock step (NTP "
	    "correcting the client host's clock) does." : "): the sends "
	    "after it lag their planned arrivals that much less than those "
	    "before, more than sending in order can catch up, which only a "
	    "clock step (NTP correcting the client host's clock) does.");
	sbuf_adds(&why, "  send_time_us and the chunk times after it are on "
	    "another clock than those before: qps.actual and spans read "
	    "across it are off by the step (latencies within a request are "
	    "not); late sends are counted on each side of it.");
	ru_emit(j, r, c, metric, NULL, side, m, forward ? "no step forward" :
	    "no step back", V_WARN, sbuf_str(&why), "Run the load generator "
	    "on a host whose clock is synchronised before the run (chrony "
	    "makestep at boot only, then slewing), or record send times on a "
	    "monotonic clock; judge the rates on one side of the step.");
	json_decref(side);
	sbuf_free(&why);
}

static bool
has_protocol(const struct judge *j, const struct jcell *c)
{
	struct ru_list l;
	bool any;

	ru_collect(j, c, "expect", "measurement.*", RU_ANY, false, &l);
	any = l.n > 0;
	ru_list_free(&l);
	if (any)
		return true;
	ru_collect(j, c, "expect", "observe.*", RU_ANY, false, &l);
	any = l.n > 0;
	ru_list_free(&l);
	return any;
}

/* The rows' digest of cell c's real trace (s2r-trace-stats' rows_digest
 * on requests.count), NULL without one. */
static const char *
rows_digest(struct judge *j, const struct jcell *c)
{
	const json_t *m = judge_measure(j, c, "requests.count", NULL);

	return json_string_value(json_object_get(m, "rows_digest"));
}

/* A real trace another cell also holds, row for row (the same ids,
 * tokens and microsecond times): one run filed under two cells (a copy
 * step that wrote one arm's results into another's folder, a cell
 * reused for a rerun that never ran).  Two runs cannot share every
 * send and chunk time, so the cells compare one run with itself.  Only
 * when found: a cell whose trace is its own has nothing to say here. */
static void
judge_copied(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const char *d = rows_digest(j, c), *od;
	struct sbuf why = { 0 }, cell = { 0 };
	const json_t *m;
	size_t n = 0;

	if (d == NULL)
		return;
	for (size_t i = 0; i < j->ncells; i++) {
		const struct jcell *o = &j->cells[i];

		if (o == c || !o->measured || ru_arm_only(o) ||
		    (od = rows_digest(j, o)) == NULL || strcmp(od, d) != 0)
			continue;
		sbuf_adds(&cell, n++ ? ", " : "");
		judge_cell_text(&cell, o);
	}
	if (n == 0)
		return;
	m = judge_measure(j, c, "requests.count", NULL);
	sbuf_adds(&why, "The trace (");
	ru_where(&why, m);
	sbuf_printf(&why, ") is, row for row, the trace of %s: the same "
	    "request ids, tokens and microsecond send and chunk times, which "
	    "two runs never share. One run is filed under %zu cells, so "
	    "what compares them compares a run with itself.", sbuf_str(&cell),
	    n + 1);
	ru_emit(j, r, c, "trace.copied", NULL, NULL, m, "none", V_FAIL,
	    sbuf_str(&why), "Find which cell the run belongs to (its "
	    "PipelineRun and timestamps), put the right results in the "
	    "other cell's folder, or rerun that cell.");
	sbuf_free(&why);
	sbuf_free(&cell);
}

void
wl_rule_protocol(struct judge *j, const struct rule *r, const struct jcell *c)
{
	size_t before;

	if (ru_arm_only(c))
		return;
	judge_warm_rows(j, r, c);
	judge_copied(j, r, c);
	judge_late_sends(j, r, c);
	judge_clock_step(j, r, c, false);
	judge_clock_step(j, r, c, true);
	if (!has_protocol(j, c)) {
		ru_emit(j, r, c, "measurement.protocol", NULL, NULL, NULL, NULL,
		    V_INAPPLICABLE, "The sim bundle states no measurement "
		    "protocol (no measurement.yaml, no blis observe flags in "
		    "config.md): nothing to hold the cell's measurement to.",
		    NULL);
		return;
	}
	before = j->nout;
	judge_warmup(j, r, c);
	judge_streaming(j, r, c);
	judge_itl(j, r, c);
	judge_cap(j, r, c);
	judge_timeout(j, r, c);
	judge_api_format(j, r, c);
	if (j->nout == before)
		ru_emit(j, r, c, "measurement.protocol", NULL, NULL, NULL, NULL,
		    V_INAPPLICABLE, "The bundle's measurement protocol fixes "
		    "none of what the cell shows (warm-up, streaming, ITL "
		    "recording, concurrency cap, per-request timeout, API "
		    "format), or the cell lacks what it would be held to.",
		    NULL);
}

/* The verdict of a share of answers that ended at the end of sequence
 * (percent, count of them) in exact-length mode, its sentence into why.
 * One stop is PASS at any share: a last token that happens to be the end
 * of sequence is one in a small run's hundred rows too. */
static enum jverdict_value
stop_verdict(const struct judge *j, double pct, double count,
    struct sbuf *why)
{
	double warn = tol(j->tol, TOL_STOP_WARN_PCT);
	double fail = tol(j->tol, TOL_STOP_FAIL_PCT);

	if (pct <= warn + 1e-9 || count < 2) {
		sbuf_adds(why, "What exact-length mode allows: an answer "
		    "whose last sampled token happens to be the end of "
		    "sequence.");
		return V_PASS;
	}
	sbuf_adds(why, "min_tokens did not hold: these answers stopped at "
	    "the model's end of sequence before their sampled length, so "
	    "their outputs are the model's lengths, not the sampler's the "
	    "simulation decodes (when only the longest answers stop, the "
	    "mean and stdev stay in their bands).");
	return pct <= fail + 1e-9 ? V_WARN : V_FAIL;
}

/* Answers that ended at the model's end of sequence (finish_reason stop).
 * blis observe's exact-length mode sends min_tokens = max_tokens = the
 * sampled length (its default), so only the last token may be the end of
 * sequence: real runs show 1 answer in 2000-4000.  More says the server
 * did not get or honour min_tokens; under --unconstrained-output stops
 * are the protocol's.  No measure (no finish_reason column): none. */
void
wl_rule_stopped(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *free_run)
{
	const json_t *m = judge_measure(j, c, "output_tokens.stopped", NULL);
	double share, pct, n = 0;
	enum jverdict_value v;
	struct sbuf why = {0};
	char tolbuf[64];
	json_t *es;

	if (m == NULL)
		return;
	if (!ru_num(m, &share)) {
		/* a real trace without the column: say so, not nothing */
		sbuf_adds(&why, "Whether the answers ran to their sampled "
		    "length cannot be seen (");
		ru_where(&why, m);
		sbuf_printf(&why, ": %s).", rec_get_str(json_object_get(m,
		    "source"), "how"));
		judge_emit(j, r, c, &(struct jverdict){
		    .metric = "output_tokens.stopped", .measure = m,
		    .verdict = free_run != NULL ? V_INAPPLICABLE : V_MISSING,
		    .why = sbuf_str(&why), .action = free_run != NULL ? NULL :
		    "Record the cell with a blis "
		    "observe that writes finish_reason (BLIS f1a4c610, "
		    "2026-03-17, or later), or map a renamed column back to "
		    "finish_reason, so that answers stopped at the end of "
		    "sequence can be told from those that ran to max_tokens." });
		sbuf_free(&why);
		return;
	}
	pct = share * 100;
	rec_get_num(m, "n", &n);
	sbuf_printf(&why, "%.4g%% of the successful answers ended at the "
	    "model's end of sequence (finish_reason stop", pct);
	if (share > 0) {
		sbuf_adds(&why, "; the first at ");
		ru_where(&why, m);
	}
	sbuf_adds(&why, "). ");
	if (free_run != NULL) {
		sbuf_adds(&why, "Not comparable: the protocol runs blis observe "
		    "with --unconstrained-output, so the model stops where its "
		    "answer ends (see output_tokens.mean).");
		v = V_INAPPLICABLE;
	} else
		v = stop_verdict(j, pct, round(share * n), &why);
	es = ru_side(json_real(0), "fraction", free_run, "exact-length mode: "
	    "blis observe sends min_tokens = max_tokens = the sampled length "
	    "(its default; the protocol names no --unconstrained-output), so "
	    "no answer ends before it");
	snprintf(tolbuf, sizeof(tolbuf), "at most %g%% (WARN to %g%%)",
	    tol(j->tol, TOL_STOP_WARN_PCT), tol(j->tol, TOL_STOP_FAIL_PCT));
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "output_tokens.stopped", .expect = es, .measure = m,
	    .has_diff = true, .diff = pct, .diff_unit = "pp",
	    .tolerance = tolbuf, .verdict = v, .why = sbuf_str(&why),
	    .action = v == V_PASS || v == V_INAPPLICABLE ? NULL :
	    ACT_STOPPED });
	json_decref(es);
	sbuf_free(&why);
}
