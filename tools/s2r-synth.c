/* s2r-synth - the project's own trace generator: a BLIS workload spec in,
 * trace_header.yaml and trace_data.csv out, in the real 27-column TraceV2
 * layout (reference/formats.md §1), so the demo and the tests have real-
 * shaped runs whose truth is known.  The requests come from lib/synth;
 * rows are written in completion order, as blis observe does. */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

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
write_row(FILE *f, const struct synth_row *r, const struct wl_client *c)
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
write_header(const char *dir, const char *spec, const struct opts *o,
    uint64_t seed, int64_t end_us)
{
	struct sbuf tmp = { 0 };
	FILE *f = open_tmp(dir, "trace_header.yaml", &tmp);
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
	commit(f, dir, "trace_header.yaml", &tmp);
	sbuf_free(&tmp);
}

static void
synth(const char *spec, const char *dir, const struct opts *o)
{
	struct workload *w = workload_load(spec, NULL);
	struct synth_opts gen = o->gen;
	struct synth_row *rows;
	size_t n;
	struct sbuf tmp = { 0 };
	FILE *f;
	int64_t end = gen.epoch_us;
	struct stat sb;

	if (!o->has_seed)
		gen.seed = w->has_seed ? (uint64_t)w->seed : 42;
	synth_check(w);
	if (gen.requests <= 0 && w->num_requests <= 0 && w->horizon <= 0)
		s2r_die("%s: neither num_requests nor horizon bounds the run; "
		    "give --requests", spec);
	if (stat(dir, &sb) != 0 && mkdir(dir, 0777) != 0)
		s2r_die("%s: cannot create: %s", dir, strerror(errno));
	rows = synth_rows(w, &gen, &n);
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
	write_header(dir, spec, o, gen.seed, gen.real ? end : gen.epoch_us);
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
			o->gen.seed = (uint64_t)opt_i64("seed", optarg,
			    INT64_MIN);
			o->has_seed = true;
			break;
		case 'r':
			o->gen.rate_scale = opt_rate(optarg);
			break;
		case 'l':
			o->gen.send_lag_us = opt_i64("send-lag-us", optarg, 0);
			break;
		case 'n':
			o->gen.requests = opt_i64("requests", optarg, 1);
			break;
		case 'm':
			o->gen.real = opt_real(optarg);
			break;
		case 'e':
			o->gen.epoch_us = opt_i64("start-epoch-us", optarg,
			    0);
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
	struct opts o = { .gen = { .rate_scale = 1.0, .send_lag_us = 2000,
	    .real = true, .epoch_us = 1777046400000000LL },
	    .model = "Qwen/Qwen3-14B" };
	int rc;

	s2r_setprog(argv[0]);
	if ((rc = parse_opts(argc, argv, &o)) >= 0)
		return rc;
	synth(argv[optind], argv[optind + 1], &o);
	return 0;
}
