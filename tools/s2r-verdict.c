/* s2r-verdict - judge expect/measure/… records into verdict records.
 *
 * The only tool in s2r that judges (DESIGN.md §2): reads every record,
 * runs the rules of the checklist (lib/checklist.c) over every cell or
 * once per bundle and writes the verdicts sorted by check, cell and
 * sub-scope. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "tolerance.h"
#include "vstream.h"

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-verdict [--tolerances FILE.yaml] [--checks LIST] "
	    "[--no-fail-status] [FILE...|-]\n"
	    "\n"
	    "Reads expect, measure and other s2r records (NDJSON) and writes one\n"
	    "verdict record per check, cell and sub-scope.\n"
	    "\n"
	    "  -t, --tolerances FILE  override tolerances (see pipelines/tolerances.yaml)\n"
	    "  -c, --checks LIST      only these checks: ids (1a,1c), areas (1, 5, A) or all\n"
	    "  -n, --no-fail-status   exit 0 even when a verdict is FAIL\n"
	    "  -h, --help             this help\n"
	    "  -V, --version          version\n"
	    "\n"
	    "Exit status: 0 no FAIL, 1 some FAIL, 2 bad usage or input.\n");
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "tolerances", required_argument, NULL, 't' },
		{ "checks", required_argument, NULL, 'c' },
		{ "no-fail-status", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct tolerances tols;
	struct judge j;
	const char *checks = NULL;
	char bad[64];
	bool fail_status = true;
	size_t fails;
	int ch;

	s2r_setprog(argv[0]);
	tol_defaults(&tols);
	while ((ch = getopt_long(argc, argv, "t:c:nhV", opts, NULL)) != -1) {
		switch (ch) {
		case 't':
			tol_load_file(&tols, optarg);
			break;
		case 'c':
			if (!judge_checks_valid(optarg, bad, sizeof(bad)))
				s2r_die("--checks: expected check ids like "
				    "1a,1c or an area like 1, got \"%s\"", bad);
			checks = optarg;
			break;
		case 'n':
			fail_status = false;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			puts("s2r-verdict " S2R_VERSION);
			return 0;
		default:
			usage(stderr);
			return S2R_EXIT_BAD;
		}
	}
	judge_init(&j, &tols);
	if (optind == argc)
		judge_read(&j, "-");
	for (int i = optind; i < argc; i++)
		judge_read(&j, argv[i]);
	/* Everything is read before anything is written: bad input never
	 * leaves a partial verdict stream behind. */
	judge_run(&j, checks);
	fails = judge_write(&j, stdout);
	/* Last, so that a reader can tell a whole stream from a cut one. */
	vstream_write_end(stdout, j.nout);
	judge_free(&j);
	return fails > 0 && fail_status ? 1 : 0;
}
