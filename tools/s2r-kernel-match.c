/* s2r-kernel-match - measured kernels against simulated cost slots
 * (check A1).
 *
 * Labels every measured kernel with an operation (rules: regex -> kind,
 * then position in the layer -> operation), matches operations per
 * iteration with the simulated slots and writes op, iter and summary
 * records: coverage both ways, the largest unmapped kernels and slots,
 * per-operation deviation and its cause (a shared clock factor taken
 * out first, then what is left by operation: different kernel, shape
 * edge, labeling).  Every rank is compared (its records scoped by rank
 * and device): the slots model one rank, and a slow or misconfigured
 * rank of a tensor-parallel group shows only in its own kernels (the
 * others see it as a longer collective).  --emit-kernels dumps the reader's kernel and iter
 * records; --check audits the rules against a trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "kload.h"
#include "kmatch.h"
#include "krefuse.h"
#include "kmatch_rec.h"
#include "krec.h"
#include "rec.h"
#include "rectext.h"

struct opts {
	const char	*rules, *slots;
	const char	*output;	/* -o */
	bool		 emit, check, rank_set, text, refusal;
	int64_t		 rank;
	struct kmatch_opts a1;
};

static const char usage_text[] =
"usage: s2r-kernel-match --rules FILE --slots FILE [--rank N] [--op-tol F]\n"
"                        [--large F] [--top N] [--format ndjson|text] "
"TRACE...\n"
"       s2r-kernel-match --emit-kernels [--rules FILE] [--format ndjson|text]"
"\n"
"                        TRACE...\n"
"       s2r-kernel-match --check --rules FILE [--format ndjson|text] "
"TRACE...\n"
"       (each form: [-o FILE] [--record-refusal])\n"
"\n"
"Measured kernels against simulated cost slots (check A1): op, iter and\n"
"summary records.\n"
"\n"
"  TRACE               Kineto JSON (.json, .json.gz), nsys stats CSV or\n"
"                      s2r kernel NDJSON; - is stdin\n"
"  -r, --rules FILE    labeling rules (pipelines/rules/*.rules)\n"
"  -s, --slots FILE    simulated slot records (NDJSON, kind slot)\n"
"  -e, --emit-kernels  write kernel and iter records\n"
"  -c, --check         kernel names no rule matches, rules shadowed by\n"
"                      earlier ones, names a rule reaches only through\n"
"                      their namespace\n"
"      --rank N        compare this rank only (default: every rank)\n"
"      --op-tol F      an operation deviates beyond F (default 0.10)\n"
"      --large F       unmapped share that counts as large (default 0.01)\n"
"      --top N         list length in summaries (default 10)\n"
"      --format F      ndjson (default) or text (aligned tables)\n"
"      --record-refusal  on an unreadable input, also write one summary\n"
"                      record (input.refused: the message, where it\n"
"                      stopped) as the output; the exit status stays 2\n"
"  -o, --output FILE   write FILE (whole or not at all) instead of stdout\n"
"  -h, --help          this text\n"
"  -V, --version       the version\n";

/* Compares one rank: op, iter and summary records scoped by it. */
static void
match_rank(FILE *out, const struct lrules *rs, const struct kslots *ss,
    const struct krank *rank, const struct opts *o)
{
	struct amatch m;

	kmatch(rs, ss, rank, o->a1.op_tol, &m);
	kmatch_records(out, &m, ss, &o->a1);
	kmatch_free(&m);
}

static void
match_ranks(FILE *out, const struct lrules *rs, const struct kslots *ss,
    const struct krank *ranks, size_t nr, const struct opts *o)
{
	if (nr == 0)
		s2r_die("no GPU operations in the traces");
	for (size_t r = 0; r < nr; r++)
		if (!o->rank_set || ranks[r].rank == o->rank) {
			match_rank(out, rs, ss, &ranks[r], o);
			if (o->rank_set)
				return;
		}
	if (o->rank_set)
		s2r_die("--rank %lld: no such rank in the traces",
		    (long long)o->rank);
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
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "record-refusal", no_argument, NULL, 'X' },
		{ NULL, 0, NULL, 0 },
	};
	static const struct cli cli = { usage_text, "r:s:eco:", longopts };
	int c;

	while ((c = cli_next(&cli, argc, argv)) != -1) {
		switch (c) {
		case 'r': o->rules = optarg; break;
		case 's': o->slots = optarg; break;
		case 'e': o->emit = true; break;
		case 'c': o->check = true; break;
		case 'R':
			o->rank = cli_i64("--rank", optarg, 0, INT64_MAX);
			o->rank_set = true;
			break;
		case 'T': o->a1.op_tol = cli_f64("--op-tol", optarg, 0, false);
			break;
		case 'L': o->a1.large = cli_f64("--large", optarg, 0, false);
			break;
		case 'N':
			o->a1.top = (size_t)cli_i64("--top", optarg, 0,
			    1000000);
			break;
		case 'f': o->text = cli_format_text(optarg); break;
		case 'o': o->output = optarg; break;
		case 'X': o->refusal = true; break;
		default: cli_unreachable(c);
		}
	}
	if (optind >= argc)
		s2r_usage_error("expected a TRACE");
	if (o->check && o->rules == NULL)
		s2r_usage_error("--check: expected --rules FILE");
	if (!o->emit && !o->check && (o->rules == NULL || o->slots == NULL))
		s2r_usage_error("expected --rules FILE and --slots FILE (or "
		    "--emit-kernels, --check)");
}

int
main(int argc, char **argv)
{
	struct opts o = { .a1 = { .op_tol = 0.10, .large = 0.01, .top = 10 } };
	struct lrules rs = {0};
	struct kslots ss = {0};
	struct ktrace **traces;
	struct krank *ranks;
	struct kdup *dups;
	struct recout ro;
	FILE *out;
	size_t nt, nr, ndups;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o);
	if (o.refusal)
		krefuse_arm("A1", s2r_prog, o.output, argv[optind]);
	if (o.rules)
		lrules_load(&rs, o.rules);
	if (o.slots && !o.emit && !o.check)
		kslots_load(&ss, o.slots);
	nt = ktrace_load_all(argv + optind, (size_t)(argc - optind), &traces);
	nr = kranks(traces, nt, &ranks, &dups, &ndups);
	/* a copied trace compared as a second rank would double that
	 * rank's weight: left out, and s2r-dutycycle's record says so */
	for (size_t i = 0; i < ndups; i++)
		s2r_warn("%s: rank %lld is also claimed by %s (given first): "
		    "left out", dups[i].dropped->path, (long long)dups[i].rank,
		    dups[i].kept->path);
	free(dups);
	out = recout_open(&ro, o.text, o.output);
	if (o.emit) {
		for (size_t r = 0; r < nr; r++)
			krec_kernels(out, &ranks[r], o.rules ? &rs : NULL);
	} else if (o.check) {
		kcheck_records(out, &rs, ranks, nr);
	} else {
		match_ranks(out, &rs, &ss, ranks, nr, &o);
	}
	recout_close(&ro, argv[optind]);
	free(ranks);
	for (size_t i = 0; i < nt; i++)
		ktrace_free(traces[i]);
	free(traces);
	if (o.rules)
		lrules_free(&rs);
	kslots_free(&ss);
	return 0;
}
