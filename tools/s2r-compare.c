/* s2r-compare - the comparisons users make next to the parity check:
 * A/B between arms (ab), sim vs real calibration (calibrate) and one
 * trace over time (timeline), as compare records.  See
 * docs/man/s2r-compare.1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicfile.h"
#include "cmpab.h"
#include "cmpcal.h"
#include "cmparm.h"
#include "cmptext.h"
#include "cmptime.h"
#include "cli.h"
#include "err.h"
#include "rec.h"
#include "reqload.h"
#include "spill.h"
#include "str.h"
#include "tracefile.h"

static const char usage_text[] =
"usage: s2r-compare ab [--quantiles M] [--noise-floor PCT] [--targets FILE]\n"
"           [--baseline ARM] [--timeline] [--no-header] [--root DIR]\n"
"           [--format F] [-o FILE]\n"
"           [--cell PHASE/WORKLOAD[/ITERATION] | --arm NAME] TRACE ...\n"
"       s2r-compare timeline [--no-header] [--root DIR] [--format F]\n"
"           [-o FILE] [--cell PHASE/WORKLOAD[/ITERATION] | --arm NAME]\n"
"           TRACE ...\n"
"       s2r-compare calibrate --real TRACE --sim TRACE|JSON [--quantiles M]\n"
"           [--warm-up N] [--workload NAME] [--real-header FILE]\n"
"           [--sim-header FILE] [--no-header] [--root DIR] [--format F]\n"
"           [-o FILE]\n"
"\n"
"ab: per workload and pair of arms, TTFT/TPOT/E2E mean, p50, p90, p99,\n"
"the error rate with the top error messages and SLO attainment and\n"
"goodput per class, marked better, worse or within_noise.\n"
"timeline: sent and completed requests per second, and a sample of\n"
"per-request TTFT and E2E against send time per class, of each trace.\n"
"calibrate: the simulated run against the real one, matched by request\n"
"id (else by distribution): MAPE, Pearson r, bias, grade, percentiles,\n"
"coverage, warm-up, throughput, KV-cache hit rate.\n"
"\n"
"  --cell P/W[/I]     the next TRACE is that cell (phase = arm)\n"
"  --arm NAME         the next TRACE is arm NAME (no workload)\n"
"  --root DIR         source.file relative to DIR; a TRACE without --cell\n"
"                     or --arm is the cell of its path under DIR\n"
"                     ([results/]PHASE/WORKLOAD[/ITERATION]/FILE)\n"
"  --quantiles M      exclusive (python statistics.quantiles, default) or\n"
"                     linear (numpy's default)\n"
"  --noise-floor PCT  smallest tolerance of a change (default 5)\n"
"  --targets FILE     SLO targets per class (default: the trace headers'\n"
"                     goodput_slo_targets)\n"
"  --baseline ARM     the reference arm (default: baseline, else the first)\n"
"  --timeline         ab: then timeline's records of every TRACE, from the\n"
"                     same read of each\n"
"  --real, --sim      calibrate's sides; the sim may be a BLIS metrics JSON\n"
"  --real-header FILE, --sim-header FILE\n"
"                     trace headers (default: the one beside the trace)\n"
"  --no-header        read no trace header\n"
"  --warm-up N        exclude requests with id < N from both sides\n"
"                     (default: the real header's warm_up_requests)\n"
"  --workload NAME    calibrate's scope\n"
"  --format F         ndjson (default) or text\n"
"  -o, --output FILE  write FILE (whole or not at all) instead of stdout\n"
"  -h, --help         this text\n"
"  -V, --version      the version\n";

enum mode { M_AB, M_TIMELINE, M_CALIBRATE };

struct opts {
	enum mode		 mode;
	bool			 text;
	bool			 timeline;	/* ab --timeline */
	const char		*output;
	FILE			*out;		/* stdout, or output's temporary */
	struct cmp_plan		 plan;
	const char		*baseline, *targets;
	struct cmp_ab_opts	 ab;
	const char		*real, *sim, *real_header, *sim_header;
	int64_t			 warm_up;
	const char		*workload;
	const char		*cell, *arm;	/* for the next TRACE */
};

static void
add_trace(struct opts *o, const char *path)
{
	if (o->mode == M_CALIBRATE)
		s2r_usage_error("calibrate takes --real and --sim, not operands");
	if (o->arm != NULL)
		cmp_plan_add(&o->plan, path, o->arm, NULL, NULL);
	else if (o->cell != NULL) {
		if (!cmp_plan_add_cell(&o->plan, path, o->cell))
			s2r_usage_error("--cell %s: expected PHASE/WORKLOAD"
			    "[/ITERATION]", o->cell);
	} else if (!cmp_plan_add_by_path(&o->plan, path))
		s2r_usage_error("%s: expected --cell or --arm before it, or "
		    "--root DIR with the trace at DIR/[results/]PHASE/WORKLOAD"
		    "[/ITERATION]/FILE", path);
	o->cell = o->arm = NULL;
}

static bool
mode_has(const struct opts *o, int c)
{
	if (o->mode == M_CALIBRATE)
		return strchr("cbnTaL", c) == NULL;
	if (o->mode == M_TIMELINE)
		return strchr("qnTbrsRSwWL", c) == NULL;
	return strchr("rsRSwW", c) == NULL;
}

static void
set_option(struct opts *o, int c, const char *name)
{
	if (c != 1 && !mode_has(o, c))
		s2r_usage_error("--%s: not an option of this subcommand", name);
	switch (c) {
	case 1: add_trace(o, optarg); break;
	case 'c': o->cell = optarg; o->arm = NULL; break;
	case 'a': o->arm = optarg; o->cell = NULL; break;
	case 'D': free(o->plan.root); o->plan.root = xstrdup(optarg); break;
	case 'o': o->output = optarg; break;
	case 'L': o->timeline = true; break;
	case 'N': o->plan.no_header = true; break;
	case 'b': o->baseline = optarg; break;
	case 'T': o->targets = optarg; break;
	case 'n':
		o->ab.noise_floor_pct = cli_f64("--noise-floor", optarg, 0,
		    false);
		break;
	case 'W':
		o->warm_up = cli_i64("--warm-up", optarg, 0, INT64_MAX);
		break;
	case 'w': o->workload = optarg; break;
	case 'r': o->real = optarg; break;
	case 's': o->sim = optarg; break;
	case 'R': o->real_header = optarg; break;
	case 'S': o->sim_header = optarg; break;
	case 'q':
		if (!qmethod_parse(optarg, &o->ab.method))
			s2r_usage_error("--quantiles: expected exclusive or "
			    "linear, got \"%.40s\"", optarg);
		break;
	case 'f': o->text = cli_format_text(optarg); break;
	default:
		cli_unreachable(c);
	}
}

/* The long name of option c, for a message. */
static const char *
option_name(const struct option *longopts, int c)
{
	for (size_t i = 0; longopts[i].name != NULL; i++)
		if (longopts[i].val == c)
			return longopts[i].name;
	return "?";
}

static void
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "cell", required_argument, NULL, 'c' },
		{ "arm", required_argument, NULL, 'a' },
		{ "root", required_argument, NULL, 'D' },
		{ "output", required_argument, NULL, 'o' },
		{ "timeline", no_argument, NULL, 'L' },
		{ "no-header", no_argument, NULL, 'N' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "targets", required_argument, NULL, 'T' },
		{ "noise-floor", required_argument, NULL, 'n' },
		{ "quantiles", required_argument, NULL, 'q' },
		{ "warm-up", required_argument, NULL, 'W' },
		{ "workload", required_argument, NULL, 'w' },
		{ "real", required_argument, NULL, 'r' },
		{ "sim", required_argument, NULL, 's' },
		{ "real-header", required_argument, NULL, 'R' },
		{ "sim-header", required_argument, NULL, 'S' },
		{ "format", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 }
	};
	/* "-": operands come back in order (as option 1), so each TRACE
	 * takes the --cell or --arm just before it. */
	static const struct cli cli = { usage_text, "-o:", longopts };
	int c;

	while ((c = cli_next(&cli, argc, argv)) != -1)
		set_option(o, c, option_name(longopts, c));
	if (o->cell != NULL || o->arm != NULL)
		s2r_usage_error("--cell and --arm name the TRACE after them");
	if (o->mode == M_CALIBRATE && (o->real == NULL || o->sim == NULL))
		s2r_usage_error("calibrate: expected --real TRACE and --sim FILE");
	if (o->mode == M_CALIBRATE && strcmp(o->real, "-") == 0 &&
	    strcmp(o->sim, "-") == 0)
		s2r_usage_error("--real and --sim cannot both read stdin");
	if (o->plan.no_header && (o->real_header || o->sim_header))
		s2r_usage_error("--no-header excludes --real-header and "
		    "--sim-header");
	if (o->mode != M_CALIBRATE && o->plan.nw == 0)
		s2r_usage_error("expected at least one TRACE");
}

/* The records of arr as the output has them (NDJSON lines, or tables),
 * appended to b; arr is emptied. */
static void
render(const struct opts *o, json_t *arr, struct sbuf *b)
{
	size_t i, n = json_array_size(arr);
	json_t *rec, **v;

	if (!o->text) {
		json_array_foreach(arr, i, rec) {
			char *line = json_dumps(rec, REC_EMIT_FLAGS);

			if (line == NULL)
				s2r_die("out of memory");
			sbuf_adds(b, line);
			sbuf_addc(b, '\n');
			free(line);
		}
		json_array_clear(arr);
		return;
	}
	/* Through their NDJSON text, so that the tables show the numbers
	 * the records carry (REC_REAL_DIGITS), as the report does. */
	v = xcalloc(n + 1, sizeof(*v));
	json_array_foreach(arr, i, rec) {
		char *line = json_dumps(rec, JSON_COMPACT |
		    JSON_REAL_PRECISION(REC_REAL_DIGITS));

		if (line == NULL || (v[i] = json_loads(line, 0, NULL)) == NULL)
			s2r_die("out of memory");
		free(line);
	}
	cmptext_write(b, v, n);
	for (i = 0; i < n; i++)
		json_decref(v[i]);
	free(v);
	json_array_clear(arr);
}

static void
put_text(const struct opts *o, const char *text, size_t len)
{
	if (len > 0 && fwrite(text, 1, len, o->out) != len)
		rec_write_error(o->out);
}

static void
put(const struct opts *o, json_t *arr)
{
	struct sbuf b = {0};

	render(o, arr, &b);
	put_text(o, sbuf_str(&b), b.len);
	sbuf_free(&b);
}

/* ab --timeline: timeline's output, held while ab's is written (in
 * memory, then in an unlinked file), each cell's text as a line of
 * the spill and its length. */
struct held {
	struct spill	 text;
	size_t		*len;
	size_t		 n, cap;
};

static void
hold(const struct opts *o, struct held *h, json_t *arr)
{
	struct sbuf b = {0};

	render(o, arr, &b);
	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 64;
		h->len = xreallocarray(h->len, h->cap, sizeof(*h->len));
	}
	spill_add(&h->text, sbuf_str(&b), b.len);
	h->len[h->n++] = b.len;
	sbuf_free(&b);
}

static void
put_held(const struct opts *o, struct held *h)
{
	uint64_t off = 0;

	for (size_t i = 0; i < h->n; i++) {
		put_text(o, spill_get(&h->text, off, h->len[i]), h->len[i]);
		off += h->len[i] + 1;
	}
}

/* The tap ab reads its traces through: each cell's timeline. */
struct tltap {
	const struct opts	*o;
	struct held		*held;
	struct cmp_tl		*tl;	/* the cell being read */
	json_t			*arr;
};

static void
tap_row(void *ctx, const struct cmp_row *row, int64_t rowno)
{
	struct tltap *t = ctx;

	if (t->tl == NULL)
		t->tl = cmp_tl_new();
	cmp_tl_row(t->tl, row, rowno);
}

static void
tap_cell_end(void *ctx, const struct cmp_workload *w,
    const struct cmp_arm *arm, const struct cmp_cell *cell)
{
	struct tltap *t = ctx;

	if (t->tl == NULL)
		t->tl = cmp_tl_new();
	cmp_tl_end(t->tl, w, arm, cell, t->arr);
	t->tl = NULL;
	hold(t->o, t->held, t->arr);
}

/* Workloads with two arms or more; a --baseline no arm has is an error. */
static size_t
comparable(const struct opts *o)
{
	size_t n = 0;
	bool found = o->baseline == NULL;

	for (size_t i = 0; i < o->plan.nw; i++) {
		const struct cmp_workload *w = &o->plan.w[i];

		n += w->narms > 1;
		for (size_t a = 0; a < w->narms && !found; a++)
			found = strcmp(w->arms[a].name, o->baseline) == 0;
	}
	if (!found)
		s2r_die("--baseline %s: no arm of that name", o->baseline);
	return n;
}

/* A workload ab does not read (one arm): its timeline, for --timeline. */
static void
timeline_only(const struct opts *o, struct held *h, struct cmp_workload *w,
    json_t *arr)
{
	for (size_t a = 0; a < w->narms; a++)
		for (size_t c = 0; c < w->arms[a].ncells; c++) {
			cmp_timeline_cell(w, &w->arms[a], &w->arms[a].cells[c],
			    arr);
			hold(o, h, arr);
		}
}

static void
run_ab(struct opts *o)
{
	struct slo_targets t = {0};
	struct held h = {0};
	json_t *arr = json_array(), *tlarr = json_array();
	struct tltap tt = { o, &h, NULL, tlarr };
	struct cmp_tap tap = { tap_row, tap_cell_end, &tt };

	if (o->targets != NULL) {
		char *label = path_display(o->targets, o->plan.root);

		slo_targets_load(&t, o->targets, label);
		o->ab.targets = &t;
		free(label);
	}
	if (o->timeline) {
		spill_init(&h.text, SPILL_LIMIT);
		o->ab.tap = &tap;
	}
	cmp_plan_finish(&o->plan, o->baseline);
	if (comparable(o) == 0)
		s2r_usage_error("ab: expected two arms or more of one workload");
	for (size_t i = 0; i < o->plan.nw; i++) {
		struct cmp_workload *w = &o->plan.w[i];

		if (w->narms < 2) {
			s2r_warn("%s: one arm (%s): nothing to compare",
			    cmp_workload_label(w), w->arms[0].name);
			if (o->timeline)
				timeline_only(o, &h, w, tlarr);
			continue;
		}
		cmp_ab_workload(w, &o->ab, arr);
		put(o, arr);
	}
	if (o->timeline) {
		put_held(o, &h);
		spill_free(&h.text);
		free(h.len);
	}
	json_decref(arr);
	json_decref(tlarr);
	slo_targets_free(&t);
}

static void
run_timeline(struct opts *o)
{
	json_t *arr = json_array();

	cmp_plan_finish(&o->plan, o->baseline);
	for (size_t i = 0; i < o->plan.nw; i++)
		for (size_t a = 0; a < o->plan.w[i].narms; a++) {
			const struct cmp_arm *arm = &o->plan.w[i].arms[a];

			for (size_t c = 0; c < arm->ncells; c++) {
				cmp_timeline_cell(&o->plan.w[i], arm,
				    &arm->cells[c], arr);
				put(o, arr);
			}
		}
	json_decref(arr);
}

/* A side with a request id on more than one row (a client retry):
 * reqpop kept each id's last successful attempt; said on stderr, as
 * calibrate's records have no place for it (s2r-latency's A0 does). */
static void
warn_repeats(const struct reqpop *p)
{
	if (p->repeat_ids > 0)
		s2r_warn("%s: %lld request id(s) on more than one row (a "
		    "retried request; first: %lld, again at line %ld): each "
		    "kept once, its last successful attempt", p->label,
		    (long long)p->repeat_ids, (long long)p->repeat_ex[0],
		    p->repeat_line[0]);
}

static void
run_calibrate(struct opts *o)
{
	struct reqload_opts lr = { o->real_header, o->plan.no_header,
	    o->plan.root };
	struct reqload_opts ls = { o->sim_header, o->plan.no_header,
	    o->plan.root };
	struct reqpop real, sim;
	struct trace_header h;
	struct cmp_cal_opts co = { o->ab.method, o->warm_up, o->workload,
	    &h.kv };
	json_t *arr = json_array();

	/* The real header's TraceV3 keys (the KV-cache hit rate). */
	trace_header_for(&h, o->real, o->real_header, o->plan.no_header,
	    o->plan.root);
	reqpop_load(&real, o->real, &lr);
	reqpop_load(&sim, o->sim, &ls);
	warn_repeats(&real);
	warn_repeats(&sim);
	cmp_calibrate(&real, &sim, &co, arr);
	put(o, arr);
	json_decref(arr);
	reqpop_free(&real);
	reqpop_free(&sim);
	trace_header_free(&h);
}

static enum mode
parse_mode(int argc, char **argv)
{
	if (argc < 2)
		s2r_usage_error("expected a subcommand: ab, timeline or calibrate");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(usage_text, stdout);
		exit(0);
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		printf("s2r-compare %s\n", S2R_VERSION);
		exit(0);
	}
	if (strcmp(argv[1], "ab") == 0)
		return M_AB;
	if (strcmp(argv[1], "timeline") == 0)
		return M_TIMELINE;
	if (strcmp(argv[1], "calibrate") == 0)
		return M_CALIBRATE;
	s2r_usage_error("expected a subcommand: ab, timeline or calibrate");
}

int
main(int argc, char **argv)
{
	struct opts o = { .ab = { Q_EXCLUSIVE, 5, NULL, NULL },
	    .warm_up = -1 };
	struct atomicfile af;

	s2r_setprog(argv[0]);
	o.mode = parse_mode(argc, argv);
	parse_opts(argc - 1, argv + 1, &o);
	o.out = o.output != NULL ? atomic_open(&af, o.output) : stdout;
	if (o.mode == M_AB)
		run_ab(&o);
	else if (o.mode == M_TIMELINE)
		run_timeline(&o);
	else
		run_calibrate(&o);
	if (o.output != NULL)
		atomic_commit(&af);	/* checks the writes */
	else
		rec_finish(stdout);
	cmp_plan_free(&o.plan);
	return 0;
}
