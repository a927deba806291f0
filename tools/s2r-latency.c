/* s2r-latency - both sides' request populations (check A0) and their
 * TTFT, TPOT, E2E and throughput distributions (check A3) as measure
 * records.  See docs/man/s2r-latency.1. */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "latency.h"
#include "rec.h"
#include "reqload.h"
#include "reqpop.h"
#include "str.h"

static const char usage_text[] =
"usage: s2r-latency [--real FILE] [--sim FILE] [--real-header FILE]\n"
"           [--sim-header FILE] [--no-header] [--window-ms N] [--root DIR]\n"
"\n"
"Reads the real run's requests (trace_data.csv) and the simulated run's\n"
"(blis run --trace-output CSV, or the --metrics-path JSON with requests[]),\n"
"matches them by request id and writes measure records on stdout: the\n"
"populations (check A0) and TTFT, TPOT, E2E and throughput as\n"
"distributions with quantiles, KS distance and the median gap (A3).\n"
"\n"
"  --real FILE        the real side (- for stdin)\n"
"  --sim FILE         the simulated side, CSV or JSON (told apart by content)\n"
"  --real-header FILE, --sim-header FILE\n"
"                     the trace header YAML (default: <stem>.yaml beside\n"
"                     <stem>.csv, else trace_header.yaml beside the CSV,\n"
"                     when it exists)\n"
"  --no-header        read no trace header\n"
"  --window-ms N      throughput window in ms (default 1000)\n"
"  --root DIR         write source.file relative to DIR\n"
"  --help, --version\n";

struct opts {
	const char	*real, *sim;
	const char	*real_header, *sim_header;
	bool		 no_header;
	int64_t		 window_ms;
	const char	*root;
};

static noreturn void
usage_error(const char *msg)
{
	s2r_die("%s (see --help)", msg);
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
		{ "window-ms", required_argument, NULL, 'w' },
		{ "root", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	o->window_ms = 1000;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': o->real = optarg; break;
		case 's': o->sim = optarg; break;
		case 'R': o->real_header = optarg; break;
		case 'S': o->sim_header = optarg; break;
		case 'N': o->no_header = true; break;
		case 'o': o->root = optarg; break;
		case 'w':
			if (!parse_i64(optarg, strlen(optarg), &o->window_ms) ||
			    o->window_ms <= 0 || o->window_ms > INT64_C(1) << 40)
				usage_error("--window-ms: expected a whole "
				    "number of ms > 0");
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case 'V':
			puts("s2r-latency " S2R_VERSION);
			exit(0);
		default:
			usage_error("unknown option or missing argument");
		}
	}
	if (optind != argc)
		usage_error("unexpected argument: the sides are given with "
		    "--real and --sim");
	if (o->real != NULL && o->sim != NULL && strcmp(o->real, "-") == 0 &&
	    strcmp(o->sim, "-") == 0)
		usage_error("--real and --sim cannot both read stdin");
	if (o->no_header && (o->real_header != NULL || o->sim_header != NULL))
		usage_error("--no-header excludes --real-header and "
		    "--sim-header");
}

struct side {
	struct reqpop	 pop;
	bool		 given;
};

static void
read_side(struct side *s, const char *path, const char *header,
    const struct opts *o)
{
	struct reqload_opts lo = { header, o->no_header, o->root };

	if (path == NULL)
		return;
	s->given = true;
	reqpop_load(&s->pop, path, &lo);
}

int
main(int argc, char **argv)
{
	struct opts o = {0};
	struct side real = {0}, sim = {0};
	json_t *arr, *rec;
	size_t i;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	read_side(&real, o.real, o.real_header, &o);
	read_side(&sim, o.sim, o.sim_header, &o);
	arr = json_array();
	latency_records(real.given ? &real.pop : NULL,
	    sim.given ? &sim.pop : NULL, o.window_ms * 1000, arr);
	json_array_foreach(arr, i, rec)
		rec_emit(stdout, json_incref(rec));
	rec_finish(stdout);
	json_decref(arr);
	reqpop_free(&real.pop);
	reqpop_free(&sim.pop);
	return 0;
}
