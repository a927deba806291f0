/* s2r-synth - the project's own trace generator: a BLIS workload spec in,
 * trace_header.yaml and trace_data.csv out, in the real 27-column TraceV2
 * layout (docs/formats.md §2), so the demo and the tests have real-
 * shaped runs whose truth is known.  The requests come from lib/synth;
 * rows are written in completion order, as blis observe does. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "atomicfile.h"
#include "cli.h"
#include "err.h"
#include "str.h"
#include "synth.h"
#include "workload.h"
#include "yamlr.h"

struct opts {
	struct synth_opts gen;
	bool		 has_seed;
	const char	*model;
};

static const char usage_text[] =
"usage: s2r-synth [--seed N] [--rate-scale F] [--send-lag-us N]\n"
"                 [--requests N] [--mode real|generated]\n"
"                 [--start-epoch-us N] [--model NAME]\n"
"                 SPEC.yaml OUTDIR\n"
"\n"
"A synthetic run of a BLIS workload spec in the real layout:\n"
"OUTDIR/trace_header.yaml and OUTDIR/trace_data.csv (TraceV2).\n"
"\n"
"  --seed N            generator seed (default: the spec's seed, else 42)\n"
"  --rate-scale F      arrivals at F times the spec's rates (default 1)\n"
"  --send-lag-us N     client-side delay on every send (default 2000)\n"
"  --requests N        number of requests (default: the spec's\n"
"                      num_requests; horizon still ends generation)\n"
"  --mode M            real (default: epoch send and chunk times) or\n"
"                      generated (send = arrival, as blis run writes)\n"
"  --start-epoch-us N  Unix time of the workload start, in us\n"
"  --model NAME        model in the header (default Qwen/Qwen3-14B)\n"
"  -h, --help          this text\n"
"  -V, --version       the version\n";

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

/* Whether some client names a LoRA adapter: blis observe then writes
 * the trailing adapter column (docs/formats.md, the trace columns). */
static bool
has_adapters(const struct workload *w)
{
	for (size_t i = 0; i < w->nclients; i++)
		if (w->clients[i].adapter != NULL)
			return true;
	return false;
}

static void
write_row(FILE *f, const struct synth_row *r, const struct wl_client *c,
    bool adapters)
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
	    "%lld,ok,,length", (long long)c->prefix_length,
	    c->streaming ? "true" : "false", (long long)r->in,
	    (long long)r->out, (long long)r->server_in, (long long)r->arrival,
	    (long long)r->send, (long long)r->first, (long long)r->last,
	    (long long)r->chunks);
	if (adapters) {
		fputc(',', f);
		csv_field(f, c->adapter ? c->adapter : "");
	}
	fputc('\n', f);
}

/* OUTDIR/name, to be written through atomic_open. */
static char *
out_path(const char *dir, const char *name)
{
	struct sbuf path = { 0 };

	sbuf_printf(&path, "%s/%s", dir, name);
	return path.s;
}

static void
write_header(const char *dir, const char *spec, const struct opts *o,
    uint64_t seed, int64_t end_us)
{
	char *path = out_path(dir, "trace_header.yaml");
	struct atomicfile af;
	FILE *f = atomic_open(&af, path);
	time_t secs = (time_t)(end_us / 1000000);
	struct tm tm;
	char when[32];

	gmtime_r(&secs, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	fprintf(f, "trace_version: 2\ntime_unit: %s\n", o->gen.real ? "us" :
	    "microseconds");
	if (o->gen.real)
		fprintf(f, "created_at: \"%s\"\n", when);
	fprintf(f, "mode: %s\nwarm_up_requests: 0\nworkload_seed: %lld\n"
	    "workload_spec: ", o->gen.real ? "real" : "generated",
	    (long long)seed);
	yaml_put_scalar(f, spec);
	fputs("\nserver:\n    type: vllm\n    model: ", f);
	yaml_put_scalar(f, o->model);
	fputs("\nnetwork: {}\n", f);
	atomic_commit(&af);
	free(path);
}

static void
synth(const char *spec, const char *dir, const struct opts *o)
{
	struct workload *w = workload_load(spec, NULL);
	struct synth_opts gen = o->gen;
	struct synth_row *rows;
	size_t n;
	char *path;
	struct atomicfile af;
	FILE *f;
	int64_t end = gen.epoch_us;
	struct stat sb;
	bool adapters;

	if (!o->has_seed)
		gen.seed = w->has_seed ? (uint64_t)w->seed : 42;
	synth_check(w);
	if (gen.requests <= 0 && w->num_requests <= 0 && w->horizon <= 0)
		s2r_die("%s: neither num_requests nor horizon bounds the run; "
		    "give --requests", spec);
	if (stat(dir, &sb) != 0 && mkdir(dir, 0777) != 0)
		s2r_die("%s: cannot create: %s", dir, strerror(errno));
	rows = synth_rows(w, &gen, &n);
	path = out_path(dir, "trace_data.csv");
	f = atomic_open(&af, path);
	fputs("request_id,client_id,tenant_id,slo_class,session_id,"
	    "round_index,prefix_group,prefix_length,streaming,input_tokens,"
	    "output_tokens,text_tokens,image_tokens,audio_tokens,video_tokens,"
	    "reason_ratio,model,deadline_us,server_input_tokens,"
	    "arrival_time_us,send_time_us,first_chunk_time_us,"
	    "last_chunk_time_us,num_chunks,status,error_message,"
	    "finish_reason", f);
	adapters = has_adapters(w);
	fputs(adapters ? ",adapter\n" : "\n", f);
	for (size_t i = 0; i < n; i++) {
		write_row(f, &rows[i], &w->clients[rows[i].client], adapters);
		if (rows[i].last > end)
			end = rows[i].last;
	}
	atomic_commit(&af);
	free(path);
	write_header(dir, spec, o, gen.seed, gen.real ? end : gen.epoch_us);
	free(rows);
	workload_free(w);
}

static bool
opt_real(const char *arg)
{
	if (strcmp(arg, "real") != 0 && strcmp(arg, "generated") != 0)
		s2r_usage_error("--mode: expected real or generated, got "
		    "\"%s\"", arg);
	return strcmp(arg, "real") == 0;
}

static void
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
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "", longopts };
	int ch;

	while ((ch = cli_next(&cli, argc, argv)) != -1) {
		switch (ch) {
		case 's':
			o->gen.seed = (uint64_t)cli_i64("--seed", optarg,
			    INT64_MIN, INT64_MAX);
			o->has_seed = true;
			break;
		case 'r':
			o->gen.rate_scale = cli_f64("--rate-scale", optarg, 0,
			    true);
			break;
		case 'l':
			o->gen.send_lag_us = cli_i64("--send-lag-us", optarg, 0,
			    INT64_MAX);
			break;
		case 'n':
			o->gen.requests = cli_i64("--requests", optarg, 1,
			    INT64_MAX);
			break;
		case 'm': o->gen.real = opt_real(optarg); break;
		case 'e':
			o->gen.epoch_us = cli_i64("--start-epoch-us", optarg, 0,
			    INT64_MAX);
			break;
		case 'M': o->model = optarg; break;
		default: cli_unreachable(ch);
		}
	}
	if (argc - optind != 2)
		s2r_usage_error("expected SPEC.yaml OUTDIR");
}

int
main(int argc, char **argv)
{
	struct opts o = { .gen = { .rate_scale = 1.0, .send_lag_us = 2000,
	    .real = true, .epoch_us = 1777046400000000LL },
	    .model = "Qwen/Qwen3-14B" };

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	synth(argv[optind], argv[optind + 1], &o);
	return 0;
}
