/* s2r-kernel-match - measured kernels against simulated cost slots
 * (check A1).
 *
 * Labels every measured kernel with an operation (rules: regex -> kind,
 * then position in the layer -> operation), matches operations per
 * iteration with the simulated slots and writes op, iter and summary
 * records: coverage both ways, the largest unmapped kernels and slots,
 * per-operation deviation and its cause (a shared clock factor taken
 * out first, then what is left by operation: different kernel, shape
 * edge, labeling).  --emit-kernels dumps the reader's kernel and iter
 * records; --check audits the rules against a trace. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kload.h"
#include "kmatch.h"
#include "kmatch_rec.h"
#include "krec.h"
#include "rec.h"
#include "str.h"

struct opts {
	const char	*rules, *slots;
	bool		 emit, check, rank_set;
	int64_t		 rank;
	struct kmatch_opts a1;
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-kernel-match --rules FILE --slots FILE [--rank N] "
	    "[--op-tol F] [--large F] [--top N] TRACE...\n"
	    "       s2r-kernel-match --emit-kernels [--rules FILE] TRACE...\n"
	    "       s2r-kernel-match --check --rules FILE TRACE...\n"
	    "  TRACE          Kineto JSON (.json, .json.gz), nsys stats CSV "
	    "or s2r kernel NDJSON; - is stdin\n"
	    "  -r, --rules FILE   labeling rules (pipelines/rules/*.rules)\n"
	    "  -s, --slots FILE   simulated slot records (NDJSON, kind "
	    "slot)\n"
	    "  -e, --emit-kernels write kernel and iter records\n"
	    "  -c, --check        kernel names no rule matches, rules "
	    "shadowed by earlier ones,\n"
	    "                     names a rule reaches only through their "
	    "namespace\n"
	    "      --rank N       compare this rank (default: the lowest)\n"
	    "      --op-tol F     an operation deviates beyond F (default "
	    "0.10)\n"
	    "      --large F      unmapped share that counts as large "
	    "(default 0.01)\n"
	    "      --top N        list length in summaries (default 10)\n"
	    "  -h, --help         this text\n"
	    "  -V, --version      version\n");
}

static const struct krank *
pick_rank(struct krank *ranks, size_t nr, const struct opts *o)
{
	if (nr == 0)
		s2r_die("no GPU operations in the traces");
	if (!o->rank_set)
		return &ranks[0];
	for (size_t r = 0; r < nr; r++)
		if (ranks[r].rank == o->rank)
			return &ranks[r];
	s2r_die("--rank %lld: no such rank in the traces", (long long)o->rank);
}

static double
num_arg(const char *s, const char *what)
{
	double v;

	if (!parse_f64(s, strlen(s), &v) || v < 0)
		s2r_die("%s: expected a number >= 0, got \"%s\"", what, s);
	return v;
}

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "slots", required_argument, NULL, 's' },
		{ "emit-kernels", no_argument, NULL, 'e' },
		{ "check", no_argument, NULL, 'c' },
		{ "rank", required_argument, NULL, 'R' },
		{ "op-tol", required_argument, NULL, 'T' },
		{ "large", required_argument, NULL, 'L' },
		{ "top", required_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "r:s:echV", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': o->rules = optarg; break;
		case 's': o->slots = optarg; break;
		case 'e': o->emit = true; break;
		case 'c': o->check = true; break;
		case 'R':
			o->rank = (int64_t)num_arg(optarg, "--rank");
			o->rank_set = true;
			break;
		case 'T': o->a1.op_tol = num_arg(optarg, "--op-tol"); break;
		case 'L': o->a1.large = num_arg(optarg, "--large"); break;
		case 'N': o->a1.top = (size_t)num_arg(optarg, "--top"); break;
		case 'h': usage(stdout); exit(0);
		case 'V': printf("s2r-kernel-match " S2R_VERSION "\n"); exit(0);
		default: usage(stderr); exit(S2R_EXIT_BAD);
		}
	}
	if (optind >= argc || (o->check && !o->rules) ||
	    (!o->emit && !o->check && (!o->rules || !o->slots))) {
		usage(stderr);
		exit(S2R_EXIT_BAD);
	}
}

int
main(int argc, char **argv)
{
	struct opts o = { NULL, NULL, false, false, false, 0,
	    { 0.10, 0.01, 10 } };
	struct lrules rs = {0};
	struct kslots ss = {0};
	struct ktrace **traces;
	struct krank *ranks;
	size_t nt, nr;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	if (o.rules)
		lrules_load(&rs, o.rules);
	if (o.slots && !o.emit && !o.check)
		kslots_load(&ss, o.slots);
	nt = ktrace_load_all(argv + optind, (size_t)(argc - optind), &traces);
	nr = kranks(traces, nt, &ranks);
	if (o.emit) {
		for (size_t r = 0; r < nr; r++)
			krec_kernels(stdout, &ranks[r], o.rules ? &rs : NULL);
	} else if (o.check) {
		kcheck_records(stdout, &rs, ranks, nr);
	} else {
		struct amatch m;

		kmatch(&rs, &ss, pick_rank(ranks, nr, &o), o.a1.op_tol, &m);
		kmatch_records(stdout, &m, &ss, &o.a1);
		kmatch_free(&m);
	}
	rec_finish(stdout);
	free(ranks);
	for (size_t i = 0; i < nt; i++)
		ktrace_free(traces[i]);
	free(traces);
	if (o.rules)
		lrules_free(&rs);
	kslots_free(&ss);
	return 0;
}
