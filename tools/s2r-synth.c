/* s2r-synth - the project's own trace generator: a BLIS workload spec in,
 * trace_header.yaml and trace_data.csv out, in the real 27-column TraceV2
 * layout (reference/formats.md §1), so the demo and the tests have real-
 * shaped runs whose truth is known.
 *
 * Arrivals follow each client's process (lib/sampler) at its rate share,
 * merged in time; lengths use BLIS's round/clamp rules; latencies come
 * from a small deterministic model (prefill per token plus queueing for
 * TTFT, a per-request inter-token latency).  Rows are written in
 * completion order, as blis observe does. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "err.h"
#include "sampler.h"
#include "str.h"
#include "workload.h"

struct opts {
	uint64_t	 seed;
	bool		 has_seed;
	double		 rate_scale;
	int64_t		 send_lag_us;
	int64_t		 requests;
	bool		 real;
	int64_t		 epoch_us;
	const char	*model;
};

struct row {
	int64_t	 id, arrival, send, first, last, chunks, server_in;
	int64_t	 in, out;
	size_t	 client;
};

/* A client's arrival stream. */
struct stream {
	const struct wl_client	*c;
	struct rng		 rng;
	size_t			 window;	/* current window index */
	int64_t			 next;		/* INT64_MAX: done */
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-synth [--seed N] [--rate-scale F] [--send-lag-us N]\n"
	    "                 [--requests N] [--mode real|generated]\n"
	    "                 [--start-epoch-us N] [--model NAME]\n"
	    "                 SPEC.yaml OUTDIR\n");
}

static int64_t
opt_i64(const char *name, const char *arg, int64_t min)
{
	int64_t v;

	if (!parse_i64(arg, strlen(arg), &v) || v < min)
		s2r_die("--%s: expected an integer >= %lld, got \"%s\"", name,
		    (long long)min, arg);
	return v;
}

/* Σ rate_fraction of the rate-based clients active at t. */
static double
active_total(const struct workload *w, int64_t t)
{
	double s = 0;

	for (size_t i = 0; i < w->nclients; i++) {
		const struct wl_client *c = &w->clients[i];
		bool on = c->nwindows == 0;

		for (size_t k = 0; k < c->nwindows && !on; k++)
			on = t >= c->windows[k].start_us &&
			    t < c->windows[k].end_us;
		if (on)
			s += c->rate_fraction;
	}
	return s;
}

/* Requests per µs for s at time t (rates normalised per active phase). */
static double
rate_at(const struct workload *w, const struct stream *s, int64_t t,
    double scale)
{
	double total;

	if (s->c->nwindows > 0 && s->c->windows[s->window].trace_rate > 0)
		return s->c->windows[s->window].trace_rate * scale / 1e6;
	total = active_total(w, t);
	if (total <= 0)
		total = s->c->rate_fraction;
	return w->aggregate_rate * scale * s->c->rate_fraction / total / 1e6;
}

/* Draws the next arrival after t, moving through the client's windows. */
static void
advance(const struct workload *w, struct stream *s, int64_t t, double scale)
{
	const struct wl_client *c = s->c;

	for (;;) {
		int64_t next = t + arrival_iat(&c->arrival.a, rate_at(w, s, t,
		    scale), &s->rng);

		if (c->nwindows == 0 || next < c->windows[s->window].end_us) {
			s->next = next;
			return;
		}
		if (++s->window >= c->nwindows) {
			s->next = INT64_MAX;
			return;
		}
		t = c->windows[s->window].start_us;
	}
}

static void
start_stream(const struct workload *w, struct stream *s, double scale)
{
	s->window = 0;
	advance(w, s, s->c->nwindows ? s->c->windows[0].start_us : 0, scale);
}

/* The latency model: deterministic given the request's own draws. */
static void
latency(struct row *r, const struct wl_client *c, struct rng *rng,
    const struct opts *o)
{
	int64_t tokens = r->in + c->prefix_length, ttft, itl;
	double jitter = rng_uniform(rng) * 300;

	/* A shared prefix is mostly a cache hit: 5 µs/token, not 45. */
	ttft = 18000 + 45 * r->in + 5 * c->prefix_length +
	    (int64_t)(rng_exp(rng) * 8000);
	itl = 11000 + (int64_t)(1500 * rng_normal(rng));
	if (itl < 6000)
		itl = 6000;
	if (!o->real) {
		r->send = r->arrival;
		r->first = r->arrival + ttft;
		r->last = r->first + itl * (r->out - 1);
		r->chunks = 0;
		r->server_in = 0;
		return;
	}
	r->send = o->epoch_us + r->arrival + o->send_lag_us + (int64_t)jitter;
	r->last = r->send + ttft + itl * (r->out - 1);
	r->first = c->streaming ? r->send + ttft : r->last;
	r->chunks = c->streaming ? r->out + 1 : 1;
	/* The chat template and the tokenizer add a few percent. */
	r->server_in = tokens + (int64_t)llround(0.03 * (double)tokens) + 9;
}

static int
row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->last != y->last)
		return x->last < y->last ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

static void
csv_field(FILE *f, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void
write_row(FILE *f, const struct row *r, const struct wl_client *c)
{
	fprintf(f, "%lld,", (long long)r->id);
	csv_field(f, c->id);
	fputc(',', f);
	csv_field(f, c->tenant_id);
	fputc(',', f);
	csv_field(f, c->slo_class);
	fputs(",,0,", f);
	csv_field(f, c->prefix_group ? c->prefix_group : "");
	fprintf(f, ",%lld,%s,%lld,%lld,0,0,0,0,0,,0,%lld,%lld,%lld,%lld,%lld,"
	    "%lld,ok,,length\n", (long long)c->prefix_length,
	    c->streaming ? "true" : "false", (long long)r->in,
	    (long long)r->out, (long long)r->server_in, (long long)r->arrival,
	    (long long)r->send, (long long)r->first, (long long)r->last,
	    (long long)r->chunks);
}

static FILE *
open_tmp(const char *dir, const char *name, struct sbuf *tmp)
{
	FILE *f;

	sbuf_reset(tmp);
	sbuf_printf(tmp, "%s/.%s.tmp", dir, name);
	if ((f = fopen(tmp->s, "w")) == NULL)
		s2r_die("%s: cannot create: %s", tmp->s, strerror(errno));
	return f;
}

static void
commit(FILE *f, const char *dir, const char *name, struct sbuf *tmp)
{
	struct sbuf final = { 0 };

	if (fflush(f) != 0 || ferror(f) || fclose(f) != 0)
		s2r_die("%s: write error: %s", tmp->s, strerror(errno));
	sbuf_printf(&final, "%s/%s", dir, name);
	if (rename(tmp->s, final.s) != 0)
		s2r_die("%s: cannot rename: %s", final.s, strerror(errno));
	sbuf_free(&final);
}

static void
write_header(const char *dir, const char *spec, const struct workload *w,
    const struct opts *o, uint64_t seed, int64_t end_us)
{
	struct sbuf tmp = { 0 };
	FILE *f = open_tmp(dir, "trace_header.yaml", &tmp);
	time_t secs = (time_t)(end_us / 1000000);
	struct tm tm;
	char when[32];

	gmtime_r(&secs, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	fprintf(f, "trace_version: 2\ntime_unit: %s\n", o->real ? "us" :
	    "microseconds");
	if (o->real)
		fprintf(f, "created_at: \"%s\"\n", when);
	fprintf(f, "mode: %s\nwarm_up_requests: 0\nworkload_seed: %lld\n"
	    "workload_spec: %s\nserver:\n    type: vllm\n    model: %s\n"
	    "network: {}\n", o->real ? "real" : "generated", (long long)seed,
	    spec, o->model);
	(void)w;
	commit(f, dir, "trace_header.yaml", &tmp);
	sbuf_free(&tmp);
}

static void
check_supported(const struct workload *w)
{
	if (w->inference_perf || w->servegen || w->nclients == 0)
		s2r_die("%s: inference_perf and servegen_data specs are not "
		    "supported", w->path);
	for (size_t i = 0; i < w->nclients; i++)
		if (!wl_client_rate_based(&w->clients[i]))
			s2r_die("%s:%ld: %s: closed-loop clients are not "
			    "supported", w->path, w->clients[i].closed_at.line,
			    w->clients[i].field);
}

/* Merges the client streams into rows, in arrival order. */
static struct row *
generate(const struct workload *w, const struct opts *o, uint64_t seed,
    size_t *nrows)
{
	struct stream *st = xcalloc(w->nclients, sizeof(*st));
	struct row *rows = NULL;
	size_t n = 0, cap = 0;
	int64_t limit = o->requests > 0 ? o->requests : w->num_requests;

	for (size_t i = 0; i < w->nclients; i++) {
		st[i].c = &w->clients[i];
		rng_seed(&st[i].rng, seed * 0x9e3779b97f4a7c15ULL + i + 1);
		start_stream(w, &st[i], o->rate_scale);
	}
	for (;;) {
		size_t best = 0;
		struct row *r;

		for (size_t i = 1; i < w->nclients; i++)
			if (st[i].next < st[best].next)
				best = i;
		if (st[best].next == INT64_MAX || (limit > 0 &&
		    (int64_t)n >= limit) || (w->horizon > 0 &&
		    st[best].next >= w->horizon))
			break;
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			rows = xreallocarray(rows, cap, sizeof(*rows));
		}
		r = &rows[n];
		memset(r, 0, sizeof(*r));
		r->id = (int64_t)n++;
		r->client = best;
		r->arrival = st[best].next;
		r->in = dist_sample(&st[best].c->input.d, &st[best].rng);
		r->out = dist_sample(&st[best].c->output.d, &st[best].rng);
		latency(r, st[best].c, &st[best].rng, o);
		advance(w, &st[best], st[best].next, o->rate_scale);
	}
	free(st);
	*nrows = n;
	return rows;
}

static void
synth(const char *spec, const char *dir, const struct opts *o)
{
	struct workload *w = workload_load(spec, NULL);
	uint64_t seed = o->has_seed ? o->seed : w->has_seed ?
	    (uint64_t)w->seed : 42;
	struct row *rows;
	size_t n;
	struct sbuf tmp = { 0 };
	FILE *f;
	int64_t end = o->epoch_us;
	struct stat sb;

	check_supported(w);
	if (o->requests <= 0 && w->num_requests <= 0 && w->horizon <= 0)
		s2r_die("%s: neither num_requests nor horizon bounds the run; "
		    "give --requests", spec);
	if (stat(dir, &sb) != 0 && mkdir(dir, 0777) != 0)
		s2r_die("%s: cannot create: %s", dir, strerror(errno));
	rows = generate(w, o, seed, &n);
	qsort(rows, n, sizeof(*rows), row_cmp);
	f = open_tmp(dir, "trace_data.csv", &tmp);
	fputs("request_id,client_id,tenant_id,slo_class,session_id,"
	    "round_index,prefix_group,prefix_length,streaming,input_tokens,"
	    "output_tokens,text_tokens,image_tokens,audio_tokens,video_tokens,"
	    "reason_ratio,model,deadline_us,server_input_tokens,"
	    "arrival_time_us,send_time_us,first_chunk_time_us,"
	    "last_chunk_time_us,num_chunks,status,error_message,"
	    "finish_reason\n", f);
	for (size_t i = 0; i < n; i++) {
		write_row(f, &rows[i], &w->clients[rows[i].client]);
		if (rows[i].last > end)
			end = rows[i].last;
	}
	commit(f, dir, "trace_data.csv", &tmp);
	write_header(dir, spec, w, o, seed, o->real ? end : o->epoch_us);
	sbuf_free(&tmp);
	free(rows);
	workload_free(w);
}

static double
opt_rate(const char *arg)
{
	double v;

	if (!parse_f64(arg, strlen(arg), &v) || !(v > 0))
		s2r_die("--rate-scale: expected a positive number, got \"%s\"",
		    arg);
	return v;
}

static bool
opt_real(const char *arg)
{
	if (strcmp(arg, "real") != 0 && strcmp(arg, "generated") != 0)
		s2r_die("--mode: expected real or generated, got \"%s\"", arg);
	return strcmp(arg, "real") == 0;
}

/* Options into o; -1 to go on, else the exit status. */
static int
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "rate-scale", required_argument, NULL, 'r' },
		{ "send-lag-us", required_argument, NULL, 'l' },
		{ "requests", required_argument, NULL, 'n' },
		{ "mode", required_argument, NULL, 'm' },
		{ "start-epoch-us", required_argument, NULL, 'e' },
		{ "model", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 's':
			o->seed = (uint64_t)opt_i64("seed", optarg, INT64_MIN);
			o->has_seed = true;
			break;
		case 'r':
			o->rate_scale = opt_rate(optarg);
			break;
		case 'l':
			o->send_lag_us = opt_i64("send-lag-us", optarg, 0);
			break;
		case 'n':
			o->requests = opt_i64("requests", optarg, 1);
			break;
		case 'm':
			o->real = opt_real(optarg);
			break;
		case 'e':
			o->epoch_us = opt_i64("start-epoch-us", optarg, 0);
			break;
		case 'M':
			o->model = optarg;
			break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("s2r-synth %s\n", S2R_VERSION); return 0;
		default: usage(stderr); return S2R_EXIT_BAD;
		}
	}
	if (argc - optind != 2) {
		usage(stderr);
		return S2R_EXIT_BAD;
	}
	return -1;
}

int
main(int argc, char **argv)
{
	struct opts o = { 0, false, 1.0, 2000, 0, true, 1777046400000000LL,
	    "Qwen/Qwen3-14B" };
	int rc;

	s2r_setprog(argv[0]);
	if ((rc = parse_opts(argc, argv, &o)) >= 0)
		return rc;
	synth(argv[optind], argv[optind + 1], &o);
	return 0;
}
