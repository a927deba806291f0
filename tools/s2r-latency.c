/* s2r-latency - both sides' request populations (check A0) and their
 * TTFT, TPOT, E2E, throughput and inter-token latency distributions
 * (check A3) as measure records.  See docs/man/s2r-latency.1. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csvr.h"
#include "err.h"
#include "itl.h"
#include "latency.h"
#include "rec.h"
#include "rectext.h"
#include "reqload.h"
#include "reqpop.h"
#include "str.h"

static const char usage_text[] =
"usage: s2r-latency [--real FILE] [--sim FILE] [--real-header FILE]\n"
"           [--sim-header FILE] [--no-header] [--real-itl FILE]\n"
"           [--sim-itl FILE] [--no-itl] [--window-ms N] [--root DIR]\n"
"           [--format ndjson|text] [-o FILE]\n"
"\n"
"Reads the real run's requests (trace_data.csv) and the simulated run's\n"
"(blis run --trace-output CSV, or the --metrics-path JSON with requests[]),\n"
"matches them by request id and writes measure records on stdout: the\n"
"populations (check A0) and TTFT, TPOT, E2E, throughput and inter-token\n"
"latency as distributions with quantiles, KS distance and the median gap\n"
"(A3).\n"
"\n"
"  --real FILE        the real side (- for stdin; a cell folder: its\n"
"                     trace_data.csv)\n"
"  --sim FILE         the simulated side, CSV or JSON (told apart by content)\n"
"  --real-header FILE, --sim-header FILE\n"
"                     the trace header YAML (default: <stem>.yaml beside\n"
"                     <stem>.csv, else trace_header.yaml beside the CSV,\n"
"                     when it exists)\n"
"  --no-header        read no trace header\n"
"  --real-itl FILE, --sim-itl FILE\n"
"                     the per-chunk ITL file (request_id,chunk_index,\n"
"                     timestamp_us: blis observe --record-itl; default:\n"
"                     <stem>.itl.csv beside <stem>.csv, when it exists)\n"
"  --no-itl           read no ITL file\n"
"  --window-ms N      throughput window in ms (default 1000)\n"
"  --root DIR         write source.file relative to DIR\n"
"  --format F         ndjson (default) or text (an aligned table)\n"
"  -o, --output FILE  write FILE (whole or not at all) instead of stdout\n"
"  -h, --help         this text\n"
"  -V, --version      the version\n";

struct opts {
	const char	*real, *sim;
	const char	*real_header, *sim_header;
	const char	*real_itl, *sim_itl;
	bool		 no_header, no_itl;
	int64_t		 window_ms;
	const char	*root;
	const char	*output;	/* -o */
	bool		 text;
};

static int
stdin_users(const struct opts *o)
{
	const char *in[] = { o->real, o->sim, o->real_itl, o->sim_itl };
	int n = 0;

	for (size_t i = 0; i < 4; i++)
		n += in[i] != NULL && strcmp(in[i], "-") == 0;
	return n;
}

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "real", required_argument, NULL, 'r' },
		{ "sim", required_argument, NULL, 's' },
		{ "real-header", required_argument, NULL, 'R' },
		{ "sim-header", required_argument, NULL, 'S' },
		{ "no-header", no_argument, NULL, 'N' },
		{ "real-itl", required_argument, NULL, 'i' },
		{ "sim-itl", required_argument, NULL, 'I' },
		{ "no-itl", no_argument, NULL, 'n' },
		{ "window-ms", required_argument, NULL, 'w' },
		{ "root", required_argument, NULL, 'D' },
		{ "output", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "o:", longopts };
	int c;

	o->window_ms = 1000;
	while ((c = cli_next(&cli, argc, argv)) != -1) {
		switch (c) {
		case 'r': o->real = optarg; break;
		case 's': o->sim = optarg; break;
		case 'R': o->real_header = optarg; break;
		case 'S': o->sim_header = optarg; break;
		case 'N': o->no_header = true; break;
		case 'i': o->real_itl = optarg; break;
		case 'I': o->sim_itl = optarg; break;
		case 'n': o->no_itl = true; break;
		case 'D': o->root = optarg; break;
		case 'o': o->output = optarg; break;
		case 'w':
			o->window_ms = cli_i64("--window-ms", optarg, 1,
			    INT64_C(1) << 40);
			break;
		case 'f': o->text = cli_format_text(optarg); break;
		default: cli_unreachable(c);
		}
	}
	if (optind != argc)
		s2r_usage_error("unexpected argument \"%s\": the sides are "
		    "given with --real and --sim", argv[optind]);
	if (stdin_users(o) > 1)
		s2r_usage_error("only one of --real, --sim, --real-itl and "
		    "--sim-itl can read stdin");
	if (o->no_header && (o->real_header != NULL || o->sim_header != NULL))
		s2r_usage_error("--no-header excludes --real-header and "
		    "--sim-header");
	if (o->no_itl && (o->real_itl != NULL || o->sim_itl != NULL))
		s2r_usage_error("--no-itl excludes --real-itl and --sim-itl");
	if ((o->real_itl != NULL && o->real == NULL) ||
	    (o->sim_itl != NULL && o->sim == NULL))
		s2r_usage_error("an ITL file needs its side's trace: --real-itl "
		    "goes with --real, --sim-itl with --sim");
	if (o->real == NULL && o->sim == NULL)
		s2r_usage_error("expected --real FILE, --sim FILE or both");
}

struct side {
	struct reqpop	 pop;
	struct itl	 itl;
	bool		 given, has_itl;
	char		*path;		/* given; a cell folder's trace */
};

/* The side's ITL file: itl, else the one beside a CSV trace. */
static void
read_itl(struct side *s, const char *path, const char *itl, bool csv,
    const struct opts *o)
{
	char *found = NULL, *label;
	struct csvr *r;

	if (o->no_itl)
		return;
	if (itl == NULL && csv)
		itl = found = itl_beside(path);
	if (itl == NULL)
		return;
	label = path_display(itl, o->root);
	r = strcmp(itl, "-") == 0 ? csvr_openf(stdin, label) :
	    csvr_open(itl, label);
	itl_read(&s->itl, r);
	csvr_close(r);
	s->has_itl = true;
	free(label);
	free(found);
}

static void
read_side(struct side *s, const char *path, const char *header,
    const struct opts *o)
{
	struct reqload_opts lo = { header, o->no_header, o->root };

	if (path == NULL)
		return;
	s->given = true;
	path = s->path = cli_in_folder(path, "trace_data.csv");
	reqpop_load(&s->pop, path, &lo);
}

static const struct latside *
latside(struct latside *ls, const struct side *s)
{
	if (!s->given)
		return NULL;
	ls->pop = &s->pop;
	ls->itl = s->has_itl ? &s->itl : NULL;
	return ls;
}

int
main(int argc, char **argv)
{
	struct opts o = {0};
	struct side real = {0}, sim = {0};
	struct latside rl, sl;
	struct recout out;
	json_t *arr;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	read_side(&real, o.real, o.real_header, &o);
	if (o.real != NULL)
		read_itl(&real, real.path, o.real_itl, real.pop.fmt ==
		    REQFMT_TRACE_CSV, &o);
	read_side(&sim, o.sim, o.sim_header, &o);
	if (o.sim != NULL)
		read_itl(&sim, sim.path, o.sim_itl, sim.pop.fmt ==
		    REQFMT_TRACE_CSV, &o);
	arr = json_array();
	latency_records(latside(&rl, &real), latside(&sl, &sim),
	    o.window_ms * 1000, arr);
	rec_emit_all(recout_open(&out, o.text, o.output), arr);
	recout_close(&out, "request populations and latency distributions");
	json_decref(arr);
	reqpop_free(&real.pop);
	reqpop_free(&sim.pop);
	itl_free(&real.itl);
	itl_free(&sim.itl);
	free(real.path);
	free(sim.path);
	return 0;
}
