/* wlexpect_proto.c - the expectations of a corpus workload (sessions,
 * rounds, concurrency, think time; what the corpus decides is not
 * comparable) and of a bundle's measurement.yaml (1h); see wlexpect.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "configmd.h"
#include "err.h"
#include "rec.h"
#include "str.h"
#include "wlexpect.h"
#include "wlexpect_int.h"
#include "yamlr.h"

static struct wl_at
at_of(struct corpus_at a)
{
	return (struct wl_at){ a.line, a.column };
}

static void
corpus_sessions(struct xctx *x, const struct corpus *c)
{
	struct xrec r = { .check = "1a", .metric = "sessions.count",
	    .unit = "count", .value = (double)c->total,
	    .at = at_of(c->total_at), .field = c->total_field,
	    .how = "total_sessions: the sessions the replay runs before it "
	    "stops" };
	char *how;

	if (c->total == 0)
		r.why = "total_sessions 0: the replay exhausts the corpus "
		    "partition, whose size the spec does not give";
	xrec_add(x, &r);
	how = fmt("concurrent_sessions %lld: the pool keeps that many sessions "
	    "open at once%s", (long long)c->concurrent, c->total > 0 &&
	    c->total < c->concurrent ? " (fewer sessions in total: all at "
	    "once)" : "");
	r = (struct xrec){ .check = "1a", .metric = "sessions.concurrent_max",
	    .unit = "count", .value = (double)(c->total > 0 &&
	    c->total < c->concurrent ? c->total : c->concurrent),
	    .at = at_of(c->concurrent_at), .field = c->concurrent_field,
	    .how = how };
	xrec_add(x, &r);
	free(how);
	r = (struct xrec){ .check = "1a", .metric = "session.rounds.min",
	    .unit = "count", .value = (double)c->min_rounds,
	    .at = at_of(c->min_rounds_set ? c->min_rounds_at : c->source_at),
	    .field = c->rounds_field, .how = c->min_rounds_set ? "min_rounds: "
	    "conversations with fewer rounds are filtered out" : "min_rounds "
	    "not given: upstream's default 2 (conversations with fewer rounds "
	    "are filtered out)" };
	xrec_add(x, &r);
}

static void
corpus_think(struct xctx *x, const struct corpus *c)
{
	struct xrec r = { .check = "1g", .metric = "think_time_us.max",
	    .unit = "us", .value = (double)c->max_think_us,
	    .at = at_of(c->think_at), .field = c->think_field };
	char *how;

	if (!c->think_set)
		return;
	how = fmt("max_think_time %s = %lld us: longer pauses between rounds "
	    "are cut to it", c->max_think_text, (long long)c->max_think_us);
	r.how = how;
	xrec_add(x, &r);
	free(how);
}

static void
corpus_growth(struct xctx *x, const struct corpus *c)
{
	struct xrec r = { .check = "1c", .metric = "session.context_growth",
	    .at = at_of(c->growth_at), .field = c->growth_field,
	    .how = "context_growth: accumulate sends each round with the "
	    "conversation so far, independent sends the round alone" };

	if (c->growth[0] == '\0')
		return;
	r.jvalue = json_string(c->growth);
	xrec_add(x, &r);
	if (strcmp(c->growth, "accumulate") != 0)
		return;
	r = (struct xrec){ .check = "1c", .metric = "session.rounds.grown",
	    .unit = "fraction", .value = 1, .at = at_of(c->growth_at),
	    .field = c->growth_field, .how = "context_growth: accumulate: "
	    "each round's prompt holds the conversation so far, so every "
	    "round's prompt is longer than the previous round's" };
	xrec_add(x, &r);
}

/* The replay is closed-loop: no round leaves before the previous round's
 * answer and its think time. */
static void
corpus_closed_loop(struct xctx *x, const struct corpus *c)
{
	struct xrec r = { .check = "1g", .metric = "session.rounds.early",
	    .unit = "count", .value = 0, .at = at_of(c->source_at),
	    .field = c->legacy ? "trace.source" : "corpus.upstream.source",
	    .how = "a corpus workload replays its sessions closed-loop: each "
	    "round is sent after the previous round's answer and its think "
	    "time, none earlier" };

	xrec_add(x, &r);
}

/* What the corpus and the server decide: records that say so. */
static void
corpus_not_fixed(struct xctx *x, const struct corpus *c)
{
	static const struct { const char *check, *metric, *unit, *what; } m[] = {
		{ "1a", "requests.count", "count", "the number of requests "
		  "(rounds of the sessions)" },
		{ "1a", "qps.intended", "req/s", "the request rate (it follows "
		  "server latency and think times)" },
		{ "1a", "run.duration_us", "us", "the run's length" },
		{ "1a", "client.rate", "req/s", "the request rate of each client "
		  "(a session's rounds follow latency and think times)" },
		{ "1b", "class.fraction", "fraction", "the class mix" },
		{ "1c", "input_tokens.mean", "tokens", "prompt lengths" },
		{ "1c", "input_tokens.stdev", "tokens", "prompt lengths" },
		{ "1c", "input_tokens.min", "tokens", "prompt lengths" },
		{ "1c", "input_tokens.max", "tokens", "prompt lengths" },
		{ "1d", "output_tokens.mean", "tokens", "output lengths" },
		{ "1d", "output_tokens.stdev", "tokens", "output lengths" },
		{ "1d", "output_tokens.min", "tokens", "output lengths" },
		{ "1d", "output_tokens.max", "tokens", "output lengths" },
		{ "1e", "prefix.fraction", "fraction", "shared prefixes" },
		{ "1f", "streaming.fraction", "fraction", "streaming (the "
		  "measurement protocol decides it, 1h)" },
		{ "1g", "iat.cv", "cv", "arrivals (closed-loop: each round waits "
		  "for the last one and a think time)" },
	};

	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		char *why = fmt("corpus workload (%s %s, line %ld): sessions "
		    "replay the corpus's conversations closed-loop; %s come "
		    "from the corpus and the server, not from the spec",
		    c->legacy ? "trace.source" : "corpus.upstream.source",
		    c->source, c->source_at.line, m[i].what);
		struct xrec r = { .check = m[i].check, .metric = m[i].metric,
		    .unit = m[i].unit, .at = at_of(c->source_at),
		    .field = c->legacy ? "trace.source" :
		    "corpus.upstream.source", .how = "a corpus workload fixes "
		    "sessions, rounds, concurrency and think time only",
		    .why = why };

		xrec_add(x, &r);
		free(why);
	}
}

void
corpus_expect(const struct corpus *c, const char *name, const char *file,
    json_t *out)
{
	struct xctx x = { .name = name, .file = file, .out = out };

	corpus_sessions(&x, c);
	corpus_think(&x, c);
	corpus_growth(&x, c);
	corpus_closed_loop(&x, c);
	corpus_not_fixed(&x, c);
}

/* ---- measurement.yaml ---- */

static const struct {
	const char	*metric, *unit;
	double		 scale;		/* MP_INT/MP_DURATION value x scale */
} mp_metrics[MP_NKEYS] = {
	[MP_MAX_CONCURRENCY] = { "measurement.max_concurrency", "count", 1 },
	[MP_TIMEOUT] = { "measurement.timeout_ms", "ms", 1000 },
	[MP_WARMUP] = { "measurement.warmup_requests", "count", 1 },
	[MP_PREWARM] = { "measurement.prewarm_us", "us", 1 },
	[MP_DETECTORS] = { "measurement.detectors", NULL, 0 },
	[MP_API_FORMAT] = { "measurement.api_format", NULL, 0 },
	[MP_RECORD_ITL] = { "measurement.record_itl", NULL, 0 },
	[MP_STREAMING] = { "measurement.streaming", NULL, 0 },
	[MP_EXTRA_ARGS] = { "measurement.extra_args", NULL, 0 },
};

void
measproto_expect(const struct measproto *m, json_t *out)
{
	struct xctx x = { .file = m->label, .out = out };

	for (int k = 0; k < MP_NKEYS; k++) {
		const struct mp_value *v = &m->v[k];
		struct xrec r = { .check = "1h", .metric = mp_metrics[k].metric,
		    .unit = mp_metrics[k].unit, .at = { v->line, v->column },
		    .field = mp_key_names[k] };
		char *how;

		if (!v->set)
			continue;
		if (mp_key_types[k] == MP_BOOL)
			r.jvalue = json_boolean(v->b);
		else if (mp_key_types[k] == MP_STR)
			r.jvalue = json_string(v->s);
		else
			r.value = (double)v->i * mp_metrics[k].scale;
		how = fmt("measurement protocol (version %lld) %s: %s%s%s%s",
		    (long long)m->version, mp_key_names[k], v->s,
		    k == MP_TIMEOUT ? " s per request" : "",
		    v->origin ? "; # " : "", v->origin ? v->origin : "");
		r.how = how;
		xrec_add(&x, &r);
		free(how);
	}
}

/* ---- spec files of any kind ---- */

struct wlspec {
	struct workload	*w;
	struct corpus	*c;
	struct measproto *m;
	char		*file;
};

struct wlspec *
wlspec_load_buf(const char *file, const char *buf, size_t len)
{
	struct wlspec *s = xcalloc(1, sizeof(*s));

	s->file = xstrdup(file);
	if (measproto_is_doc(buf, len)) {
		s->m = xcalloc(1, sizeof(*s->m));
		measproto_load_buf(s->m, file, buf, len);
	} else if (corpus_is_doc(buf, len))
		s->c = corpus_load_buf(file, buf, len);
	else
		s->w = workload_load_buf(file, buf, len);
	return s;
}

struct wlspec *
wlspec_load(const char *path, const char *file)
{
	size_t len;
	char *buf = md_read_file(path, &len);
	struct wlspec *s = wlspec_load_buf(file, buf, len);

	free(buf);
	return s;
}

void
wlspec_expect(const struct wlspec *s, const char *name, json_t *out)
{
	if (s->w != NULL)
		workload_expect(s->w, name, s->file, out);
	else if (s->c != NULL)
		corpus_expect(s->c, name, s->file, out);
	else
		measproto_expect(s->m, out);
}

void
wlspec_free(struct wlspec *s)
{
	if (s == NULL)
		return;
	workload_free(s->w);
	corpus_free(s->c);
	if (s->m != NULL)
		measproto_free(s->m);
	free(s->m);
	free(s->file);
	free(s);
}

/* transfer.yaml's measurement: value, or NULL. */
static char *
transfer_names(const char *dir)
{
	struct sbuf p = { 0 };
	struct ydoc *doc;
	struct perr err;
	const char *v;
	char *name = NULL;

	sbuf_printf(&p, "%s/transfer.yaml", dir);
	if (access(p.s, F_OK) == 0 && (doc = ydoc_load_file(p.s, &err))) {
		v = yscalar(ymap_get(ydoc_root(doc), "measurement"));
		if (v != NULL && v[0] != '\0' && v[0] != '/' &&
		    strstr(v, "..") == NULL)
			name = xstrdup(v);
		ydoc_free(doc);
	}
	sbuf_free(&p);
	return name;
}

bool
wlspec_bundle_protocol(json_t *out, const char *dir)
{
	char *name = transfer_names(dir);
	struct sbuf p = { 0 };
	struct measproto m;

	if (name == NULL)
		name = xstrdup("measurement.yaml");
	sbuf_printf(&p, "%s/%s", dir, name);
	if (access(p.s, F_OK) != 0) {
		sbuf_free(&p);
		free(name);
		return false;
	}
	measproto_load(&m, p.s, name);
	measproto_expect(&m, out);
	measproto_free(&m);
	sbuf_free(&p);
	free(name);
	return true;
}
