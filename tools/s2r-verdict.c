/* s2r-verdict - judge expect/measure/… records into verdict records.
 *
 * The only tool in s2r that judges (docs/architecture.md §4): reads every
 * record, runs the rules of the checklist (lib/checklist.c) over every
 * cell or once per bundle and writes the verdicts sorted by check, cell
 * and sub-scope. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicfile.h"
#include "cli.h"
#include "err.h"
#include "judge.h"
#include "rec.h"
#include "tolerance.h"
#include "vstream.h"

static const char usage_text[] =
    "usage: s2r-verdict [--tolerances FILE.yaml] [--checks LIST] "
    "[--no-fail-status]\n"
    "                   [-o FILE] [FILE...|-]\n"
    "\n"
    "Reads expect, measure and other s2r records (NDJSON) and writes one\n"
    "verdict record per check, cell and sub-scope.\n"
    "\n"
    "  -t, --tolerances FILE  override tolerances (see pipelines/tolerances.yaml)\n"
    "  -c, --checks LIST      only these checks: ids (1a,1c), areas (1, 5, A) or all\n"
    "  -n, --no-fail-status   exit 0 even with FAIL or MISSING verdicts\n"
    "  -o, --output FILE      write FILE (whole or not at all) instead of stdout\n"
    "  -h, --help             this text\n"
    "  -V, --version          the version\n"
    "\n"
    "Exit status: 0 no FAIL or MISSING, 1 some FAIL or MISSING (data that\n"
    "should be there is not), 2 bad usage or input.\n";

struct opts {
	struct tolerances tols;
	const char	*checks;
	const char	*output;	/* -o */
	bool		 fail_status;
};

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "tolerances", required_argument, NULL, 't' },
		{ "checks", required_argument, NULL, 'c' },
		{ "no-fail-status", no_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "t:c:no:", longopts };
	char bad[64];
	int ch;

	while ((ch = cli_next(&cli, argc, argv)) != -1) {
		switch (ch) {
		case 't':
			tol_load_file(&o->tols, optarg);
			break;
		case 'c':
			if (!judge_checks_valid(optarg, bad, sizeof(bad)))
				s2r_usage_error("--checks: expected check ids "
				    "like 1a,1c or an area like 1, got \"%s\"",
				    bad);
			o->checks = optarg;
			break;
		case 'n':
			o->fail_status = false;
			break;
		case 'o':
			o->output = optarg;
			break;
		default:
			cli_unreachable(ch);
		}
	}
}

static size_t
missing_count(struct judge *j)
{
	size_t missing = 0;

	for (size_t i = 0; i < j->nout; i++)
		missing += judge_verdict_value(j, i) == V_MISSING;
	return missing;
}

int
main(int argc, char **argv)
{
	struct opts o = { .fail_status = true };
	struct judge j;
	struct atomicfile af;
	size_t failing;
	FILE *out;

	s2r_setprog(argv[0]);
	tol_defaults(&o.tols);
	parse_opts(argc, argv, &o);
	judge_init(&j, &o.tols);
	/* A file that cannot be made fails before the reading. */
	out = o.output != NULL ? atomic_open(&af, o.output) : stdout;
	if (optind == argc)
		judge_read(&j, "-");
	for (int i = optind; i < argc; i++)
		judge_read(&j, argv[i]);
	/* Judged on nothing, every check is INAPPLICABLE or MISSING, or
	 * has no cell at all: the verdicts alone would not say why. */
	if (j.nrecs == 0)
		s2r_warn("no input records (expected those of s2r-expect, "
		    "s2r-trace-stats, s2r-log-extract ...): nothing was judged "
		    "against data");
	/* Everything is read before anything is written: bad input never
	 * leaves a partial verdict stream behind. */
	judge_run(&j, o.checks);
	failing = judge_write(&j, out) + missing_count(&j);
	/* Last, so that a reader can tell a whole stream from a cut one. */
	vstream_write_end(out, j.nout);
	if (o.output != NULL)
		atomic_commit(&af);
	judge_free(&j);
	/* A MISSING verdict fails the run as a FAIL does (as upstream's
	 * checker does): an unjudged check is no evidence of parity. */
	return failing > 0 && o.fail_status ? 1 : 0;
}
