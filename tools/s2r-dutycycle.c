/* s2r-dutycycle - GPU duty cycle per iteration (check A2).
 *
 * Reads one profiler trace per rank, attributes GPU operations to
 * iterations by correlation, and writes per-iteration duty records (the
 * identities of docs/checks.md §3, to the nanosecond) and
 * summary records: the multiplier sum(cycle)/sum(measured) after the
 * outlier screen, its busy-union variant and per-stage multipliers. */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "kduty.h"
#include "kduty_rec.h"
#include "kload.h"
#include "krefuse.h"
#include "rec.h"
#include "rectext.h"

#define DEFAULT_COLLECTIVE "nccl|rccl|AllReduce|all_reduce|allreduce|" \
	"AllGather|all_gather|ReduceScatter|reduce_scatter|all_to_all|" \
	"alltoall|cross_device_reduce|SendRecv|Broadcast"

static const char usage_text[] =
"usage: s2r-dutycycle [-kw] [-c ERE] [--factor F] [--z Z] [--stage-min N]\n"
"                     [--format ndjson|text] [--record-refusal] [-o FILE]\n"
"                     TRACE...\n"
"\n"
"GPU duty cycle per iteration (check A2): duty records per iteration and\n"
"rank, and the multiplier sum(cycle)/sum(measured) with its terms.\n"
"\n"
"  TRACE                  Kineto JSON (.json, .json.gz), nsys stats CSV,\n"
"                         or s2r kernel NDJSON; one per rank; - is stdin\n"
"  -k, --kernels-only     count only kernels (default: kernels, memcpy,\n"
"                         memset)\n"
"  -w, --whole            one window over the whole trace instead of\n"
"                         iterations\n"
"  -c, --collective ERE   names of synchronizing kernels (default:\n"
"                         NCCL/custom all-reduce names)\n"
"      --factor F         outlier screen: cycle/measured above F "
"(default 2)\n"
"      --z Z              and modified z above Z within its stage\n"
"                         (default 3.5)\n"
"      --stage-min N      screen only stages with N iterations (default 8)\n"
"      --format F         ndjson (default) or text (aligned tables)\n"
"      --record-refusal   on an unreadable input, also write one summary\n"
"                         record (input.refused: the message, where it\n"
"                         stopped) as the output; the exit status stays 2\n"
"  -o, --output FILE      write FILE (whole or not at all) instead of stdout\n"
"  -h, --help             this text\n"
"  -V, --version          the version\n";

struct opts {
	struct kduty_opts duty;
	const char	*collective;	/* --collective */
	const char	*output;	/* -o */
	bool		 text, refusal;
};

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "kernels-only", no_argument, NULL, 'k' },
		{ "whole", no_argument, NULL, 'w' },
		{ "collective", required_argument, NULL, 'c' },
		{ "factor", required_argument, NULL, 'F' },
		{ "z", required_argument, NULL, 'Z' },
		{ "stage-min", required_argument, NULL, 'S' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "record-refusal", no_argument, NULL, 'X' },
		{ NULL, 0, NULL, 0 },
	};
	static const struct cli cli = { usage_text, "kwc:o:", longopts };
	struct kduty_opts *d = &o->duty;
	int c;

	while ((c = cli_next(&cli, argc, argv)) != -1) {
		switch (c) {
		case 'k': d->kernels_only = true; break;
		case 'w': d->whole = true; break;
		case 'c': o->collective = optarg; break;
		case 'F': d->factor_min = cli_f64("--factor", optarg, 0, false);
			break;
		case 'Z': d->z_min = cli_f64("--z", optarg, 0, false); break;
		case 'S':
			d->stage_min = (size_t)cli_i64("--stage-min", optarg, 0,
			    INT64_MAX);
			break;
		case 'f': o->text = cli_format_text(optarg); break;
		case 'o': o->output = optarg; break;
		case 'X': o->refusal = true; break;
		default: cli_unreachable(c);
		}
	}
	if (optind >= argc)
		s2r_usage_error("expected a TRACE");
}

int
main(int argc, char **argv)
{
	struct opts o = { .duty = { false, false, NULL, 2.0, 3.5, 8 },
	    .collective = DEFAULT_COLLECTIVE };
	struct ktrace **traces;
	struct krank *ranks;
	struct kdup *dups;
	struct recout ro;
	struct kduty d;
	regex_t re;
	size_t nt, nr, ndups;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	if (regcomp(&re, o.collective, REG_EXTENDED | REG_ICASE | REG_NOSUB) !=
	    0)
		s2r_usage_error("--collective: expected a POSIX extended "
		    "regular expression, got \"%s\"", o.collective);
	o.duty.collective_re = &re;
	if (o.refusal)
		krefuse_arm("A2", s2r_prog, o.output, argv[optind]);
	nt = ktrace_load_all(argv + optind, (size_t)(argc - optind), &traces);
	nr = kranks(traces, nt, &ranks, &dups, &ndups);
	kduty_compute(ranks, nr, &o.duty, &d);
	d.dups = dups;
	d.ndups = ndups;
	if (d.n_few > 0)
		s2r_warn("%zu iteration(s) with implausibly few GPU operations "
		    "(see duty.iterations.few_kernels)", d.n_few);
	kduty_records(recout_open(&ro, o.text, o.output), &d, &o.duty);
	recout_close(&ro, argv[optind]);
	kduty_free(&d);
	free(dups);
	free(ranks);
	for (size_t i = 0; i < nt; i++)
		ktrace_free(traces[i]);
	free(traces);
	regfree(&re);
	return 0;
}
