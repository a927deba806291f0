/* s2r-dutycycle - GPU duty cycle per iteration (check A2).
 *
 * Reads one profiler trace per rank, attributes GPU operations to
 * iterations by correlation, and writes per-iteration duty records (the
 * identities of reference/kernels.md §1.3, to the nanosecond) and
 * summary records: the multiplier sum(cycle)/sum(measured) after the
 * outlier screen, its busy-union variant and per-stage multipliers. */
#include <getopt.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kduty.h"
#include "kduty_rec.h"
#include "kload.h"
#include "rec.h"
#include "str.h"

#define DEFAULT_COLLECTIVE "nccl|rccl|AllReduce|all_reduce|allreduce|" \
	"AllGather|all_gather|ReduceScatter|reduce_scatter|all_to_all|" \
	"alltoall|cross_device_reduce|SendRecv|Broadcast"

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-dutycycle [-kw] [-c ERE] [--factor F] [--z Z] "
	    "[--stage-min N] TRACE...\n"
	    "  TRACE            Kineto JSON (.json, .json.gz), nsys stats "
	    "CSV, or s2r kernel NDJSON; one per rank; - is stdin\n"
	    "  -k, --kernels-only  count only kernels (default: kernels, "
	    "memcpy, memset)\n"
	    "  -w, --whole      one window over the whole trace instead of "
	    "iterations\n"
	    "  -c, --collective ERE  names of synchronizing kernels "
	    "(default: NCCL/custom all-reduce names)\n"
	    "      --factor F   outlier screen: cycle/measured above F "
	    "(default 2)\n"
	    "      --z Z        and modified z above Z within its stage "
	    "(default 3.5)\n"
	    "      --stage-min N  screen only stages with N iterations "
	    "(default 8)\n"
	    "  -h, --help       this text\n"
	    "  -V, --version    version\n");
}

static double
num_arg(const char *s, const char *what)
{
	double v;

	if (!parse_f64(s, strlen(s), &v) || v < 0)
		s2r_die("%s: expected a number >= 0, got \"%s\"", what, s);
	return v;
}

/* Options into o; *coll is the --collective expression. */
static void
parse_opts(int argc, char **argv, struct kduty_opts *o, const char **coll)
{
	static const struct option longopts[] = {
		{ "kernels-only", no_argument, NULL, 'k' },
		{ "whole", no_argument, NULL, 'w' },
		{ "collective", required_argument, NULL, 'c' },
		{ "factor", required_argument, NULL, 'F' },
		{ "z", required_argument, NULL, 'Z' },
		{ "stage-min", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "kwc:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'k': o->kernels_only = true; break;
		case 'w': o->whole = true; break;
		case 'c': *coll = optarg; break;
		case 'F': o->factor_min = num_arg(optarg, "--factor"); break;
		case 'Z': o->z_min = num_arg(optarg, "--z"); break;
		case 'S':
			o->stage_min = (size_t)num_arg(optarg, "--stage-min");
			break;
		case 'h': usage(stdout); exit(0);
		case 'V': printf("s2r-dutycycle " S2R_VERSION "\n"); exit(0);
		default: usage(stderr); exit(S2R_EXIT_BAD);
		}
	}
	if (optind >= argc) {
		usage(stderr);
		exit(S2R_EXIT_BAD);
	}
}

int
main(int argc, char **argv)
{
	struct kduty_opts o = { false, false, NULL, 2.0, 3.5, 8 };
	const char *coll = DEFAULT_COLLECTIVE;
	struct ktrace **traces;
	struct krank *ranks;
	struct kduty d;
	regex_t re;
	size_t nt, nr;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o, &coll);
	if (regcomp(&re, coll, REG_EXTENDED | REG_ICASE | REG_NOSUB) != 0)
		s2r_die("--collective: expected a POSIX extended regular "
		    "expression, got \"%s\"", coll);
	o.collective_re = &re;
	nt = ktrace_load_all(argv + optind, (size_t)(argc - optind), &traces);
	nr = kranks(traces, nt, &ranks);
	kduty_compute(ranks, nr, &o, &d);
	if (d.n_few > 0)
		s2r_warn("%zu iteration(s) with implausibly few GPU operations "
		    "(see duty.iterations.few_kernels)", d.n_few);
	kduty_records(stdout, &d, &o);
	rec_finish(stdout);
	kduty_free(&d);
	free(ranks);
	for (size_t i = 0; i < nt; i++)
		ktrace_free(traces[i]);
	free(traces);
	regfree(&re);
	return 0;
}
