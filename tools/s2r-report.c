/* s2r-report - the human-readable parity report from verdict records.
 *
 * The only tool in s2r that formats for humans (docs/architecture.md §4).
 * Three modes, all writing to stdout or, atomically, to -o FILE:
 *   report  verdicts (+ evidence records) -> Markdown (lib/mdreport.c) or
 *           one self-contained HTML page with charts (lib/htmlreport.c);
 *   --diff  two runs' verdicts -> what changed (lib/rundiff.c), Markdown
 *           or change records;
 *   --index bundle output folders of a batch -> the index (lib/batchindex.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "atomicfile.h"
#include "batchindex.h"
#include "cli.h"
#include "cmptext.h"
#include "err.h"
#include "htmlreport.h"
#include "mdreport.h"
#include "rec.h"
#include "rundiff.h"
#include "runtext.h"
#include "str.h"
#include "upnum.h"
#include "vstream.h"

enum format { F_MD, F_HTML, F_NDJSON };
enum mode { M_REPORT, M_DIFF, M_INDEX };

static const char usage_text[] =
    "usage: s2r-report [--real PATH] [--sim PATH] [--date YYYY-MM-DD] "
    "[--title T]\n"
    "                  [--format md|html] [--upstream] [-o FILE] "
    "[FILE...|-]\n"
    "       s2r-report --diff [--format md|ndjson] [--move-threshold PCT]\n"
    "                  [-o FILE] OLD NEW\n"
    "       s2r-report --index [--format md|html] [--title T] [-o FILE] "
    "DIR...\n"
    "\n"
    "Reads verdict records (NDJSON, plus evidence records for the HTML\n"
    "charts) and writes the parity report; --diff lists what changed\n"
    "between two runs' verdicts; --index writes a batch index over\n"
    "bundle output folders (verdicts.ndjson, report.*, or error).\n"
    "\n"
    "  -r, --real PATH    the real bundle named in the header\n"
    "  -s, --sim PATH     the sim bundle named in the header\n"
    "  -d, --date DATE    report date (default: SOURCE_DATE_EPOCH, else today, UTC)\n"
    "  -t, --title T      report title\n"
    "  -f, --format FMT   md (default), html (report, index) or ndjson (diff)\n"
    "  -u, --upstream     append upstream's check numbering beside this\n"
    "                     report's (Markdown report)\n"
    "  -D, --diff         compare OLD and NEW verdict files\n"
    "  -m, --move-threshold PCT\n"
    "                     relative move flagged when a verdict has no\n"
    "                     usable tolerance (default 5)\n"
    "  -I, --index        batch index over bundle output folders\n"
    "  -o, --output FILE  write FILE atomically instead of stdout\n"
    "  -h, --help         this text\n"
    "  -V, --version      the version\n"
    "\n"
    "Exit status: 0 no FAIL or MISSING, 1 some FAIL or MISSING (--diff: a\n"
    "verdict got worse; --index: a bundle has a FAIL or MISSING or failed),\n"
    "2 bad usage or input.\n";

static bool
valid_date(const char *s)
{
	int y, m, d;
	char tail;

	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return false;
	for (size_t i = 0; i < 10; i++)
		if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
			return false;
	if (sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3)
		return false;
	return m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

/* --date, else SOURCE_DATE_EPOCH (reproducible builds), else the clock. */
static void
report_date(char *buf, size_t len, const char *given)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	int64_t secs;
	time_t t;
	struct tm tm;

	if (given != NULL) {
		snprintf(buf, len, "%s", given);
		return;
	}
	if (sde != NULL && *sde != '\0') {
		if (!parse_i64(sde, strlen(sde), &secs) || secs < 0)
			s2r_die("SOURCE_DATE_EPOCH: expected seconds since the "
			    "epoch, got \"%.40s\"", sde);
		t = (time_t)secs;
	} else
		t = time(NULL);
	if (gmtime_r(&t, &tm) == NULL)
		s2r_die("SOURCE_DATE_EPOCH: out of range");
	strftime(buf, len, "%Y-%m-%d", &tm);
}

static void
put(const char *output, const struct sbuf *text)
{
	if (output != NULL)
		atomic_write(output, sbuf_str(text), text->len);
	else if (fwrite(sbuf_str(text), 1, text->len, stdout) != text->len ||
	    fflush(stdout) != 0)
		s2r_die("write error on standard output");
}

/* The kinds of record the Markdown report shows besides verdicts; the
 * others are passed over without being parsed. */
static bool
md_wants(const char *kind, const char *metric)
{
	(void)metric;
	return strcmp(kind, "compare") == 0 || runtext_wants_kind(kind);
}

/* Verdicts into rep; for HTML the records the charts and the Run section
 * read are kept as evidence, for Markdown the compare records (the
 * Comparison section) and s2r-run's run and cell records (the Run
 * section); the rest is passed over.  An input with verdicts must end
 * with s2r-verdict's end record (counted into all). */
static void
read_records(struct report *rep, struct evidence *ev, bool html,
    struct vstream *all, const char *path)
{
	report_want_fn *want = html ? html_wants : md_wants;
	struct ndjson_reader r;
	struct vstream vs = {0};
	json_t *rec;

	ndjson_open(&r, path);
	while ((rec = report_next(rep, &r, &vs, want)) != NULL) {
		const char *kind = rec_get_str(rec, "kind");

		if (strcmp(kind, "verdict") == 0 || strcmp(kind, "end") == 0) {
			report_add_text(rep, rec, r.buf, r.len, r.path, r.line);
			continue;
		}
		/* One report_next() did not ask: an escape in its text. */
		if (!want(kind, rec_get_str(rec, "metric"))) {
			json_decref(rec);
			continue;
		}
		/* Markdown counts the timeline records, which are most of
		 * the compare records' bytes: a stub keeps the count and
		 * where the tables around it end. */
		if (!html && strcmp(kind, "compare") == 0 &&
		    !cmptext_is_row(rec)) {
			json_decref(rec);
			if ((rec = json_pack("{s:s}", "kind", "compare")) ==
			    NULL)
				s2r_die("out of memory");
		}
		if (html)
			evidence_add_chart(ev, rec);
		else
			evidence_add(ev, rec);
	}
	vstream_done(&vs, all, path);
	ndjson_close(&r);
}

static int
run_report(int argc, char **argv, const struct report_meta *meta,
    enum format fmt, const char *output, bool upstream)
{
	/* Static, and not freed at the end: the process's exit returns the
	 * memory at once, where freeing every evidence record's tree one by
	 * one took a quarter of the run.  (Still reachable, so no leak.) */
	static struct evidence ev;
	struct report rep;
	struct report_meta m = *meta;
	struct atomicfile af;
	struct vstream all = {0};
	struct sbuf text = {0};
	const char *empty;
	bool evidence;
	int fails;

	report_init(&rep);
	if (argc == 0)
		read_records(&rep, &ev, fmt == F_HTML, &all, "-");
	for (int i = 0; i < argc; i++)
		read_records(&rep, &ev, fmt == F_HTML, &all, argv[i]);
	/* Nothing to report is an error, not an empty report: evidence
	 * records alone are a page of charts (counted even when no chart
	 * draws them), comparisons alone one of comparisons. */
	evidence = fmt == F_HTML ? all.records > all.total + all.ends :
	    ev.n > 0;
	if (!evidence && (empty = vstream_empty(&all)) != NULL)
		s2r_die("%s", empty);
	report_build(&rep);
	/* Written as it is made: every input was read and found whole, so
	 * what remains can fail only as a write does. */
	m.stream = output != NULL ? atomic_open(&af, output) : stdout;
	if (fmt == F_HTML)
		report_html(&text, &rep, &m, &ev);
	else {
		report_md(&text, &rep, &m);
		report_md_run(&text, ev.r, ev.n);
		report_md_compare(&text, ev.r, ev.n);
		if (upstream)
			report_md_upstream(&text, &rep);
	}
	/* A MISSING is no evidence of parity: it fails as a FAIL does. */
	fails = rep.total[V_FAIL] + rep.total[V_MISSING];
	fwrite(sbuf_str(&text), 1, text.len, m.stream);
	if (output != NULL)
		atomic_commit(&af);	/* checks the writes */
	else if (fflush(stdout) != 0 || ferror(stdout))
		s2r_die("write error on standard output");
	sbuf_free(&text);
	report_free(&rep);
	return fails > 0 ? 1 : 0;
}

static int
run_diff(int argc, char **argv, enum format fmt, double move_pct,
    const char *output)
{
	struct rundiff d;
	struct sbuf text = {0};
	int worse;

	if (argc != 2)
		s2r_usage_error("--diff: expected two verdict files OLD NEW, "
		    "got %d argument%s", argc, argc == 1 ? "" : "s");
	if (strcmp(argv[0], "-") == 0 && strcmp(argv[1], "-") == 0)
		s2r_usage_error("--diff: OLD and NEW cannot both be standard "
		    "input");
	rundiff_init(&d, move_pct);
	rundiff_read(&d, false, argv[0]);
	rundiff_read(&d, true, argv[1]);
	rundiff_run(&d);
	/* Said on stderr too, so that --format ndjson does not hide it. */
	if (rundiff_few_shared(&d))
		s2r_warn("%s and %s share %zu of the %zu verdicts either has: "
		    "are they runs of the same experiment?", argv[0], argv[1],
		    d.shared, d.shared + (size_t)d.counts[RD_ADDED] +
		    (size_t)d.counts[RD_REMOVED]);
	if (fmt == F_NDJSON) {
		for (size_t i = 0; i < d.n; i++) {
			char *line = json_dumps(d.changes[i], JSON_COMPACT |
			    JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII |
			    JSON_REAL_PRECISION(REC_REAL_DIGITS));

			if (line == NULL)
				s2r_die("out of memory");
			sbuf_adds(&text, line);
			sbuf_addc(&text, '\n');
			free(line);
		}
	} else
		rundiff_md(&text, &d);
	worse = d.worse;
	put(output, &text);
	sbuf_free(&text);
	rundiff_free(&d);
	return worse > 0 ? 1 : 0;
}

static int
run_index(int argc, char **argv, const struct report_meta *meta,
    enum format fmt, const char *output)
{
	struct bindex x = {0};
	struct sbuf text = {0};
	size_t bad;

	if (argc == 0)
		s2r_usage_error("--index: expected at least one bundle output "
		    "folder");
	for (int i = 0; i < argc; i++)
		bindex_add(&x, argv[i]);
	bindex_sort(&x);
	if (fmt == F_HTML)
		bindex_html(&text, &x, meta->title, meta->date);
	else
		bindex_md(&text, &x, meta->title, meta->date);
	bad = bindex_failed(&x) + bindex_errors(&x);
	put(output, &text);
	sbuf_free(&text);
	bindex_free(&x);
	return bad > 0 ? 1 : 0;
}

static enum format
parse_format(const char *s)
{
	if (strcmp(s, "md") == 0)
		return F_MD;
	if (strcmp(s, "html") == 0)
		return F_HTML;
	if (strcmp(s, "ndjson") == 0)
		return F_NDJSON;
	s2r_usage_error("--format: expected md, html or ndjson, got "
	    "\"%.40s\"", s);
}

struct opts {
	struct report_meta meta;
	const char	*date;		/* --date, NULL: see report_date */
	const char	*output;	/* -o, NULL: stdout */
	enum format	 fmt;
	enum mode	 mode;
	double		 move_pct;
	bool		 upstream;	/* --upstream: the numbering appendix */
};

/* One option from cli_next; bad usage ends the program here. */
static void
set_option(struct opts *o, int ch)
{
	switch (ch) {
	case 'r':
		o->meta.real = optarg;
		break;
	case 's':
		o->meta.sim = optarg;
		break;
	case 'd':
		if (!valid_date(optarg))
			s2r_usage_error("--date: expected YYYY-MM-DD, got "
			    "\"%.40s\"", optarg);
		o->date = optarg;
		break;
	case 't':
		o->meta.title = optarg;
		break;
	case 'f':
		o->fmt = parse_format(optarg);
		break;
	case 'D':
		o->mode = M_DIFF;
		break;
	case 'm':
		o->move_pct = cli_f64("--move-threshold", optarg, 0, false);
		break;
	case 'I':
		o->mode = M_INDEX;
		break;
	case 'o':
		o->output = optarg;
		break;
	case 'u':
		o->upstream = true;
		break;
	default:
		cli_unreachable(ch);
	}
}

/* Returns the index of the first operand. */
static int
parse_options(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "real", required_argument, NULL, 'r' },
		{ "sim", required_argument, NULL, 's' },
		{ "date", required_argument, NULL, 'd' },
		{ "title", required_argument, NULL, 't' },
		{ "format", required_argument, NULL, 'f' },
		{ "diff", no_argument, NULL, 'D' },
		{ "move-threshold", required_argument, NULL, 'm' },
		{ "index", no_argument, NULL, 'I' },
		{ "output", required_argument, NULL, 'o' },
		{ "upstream", no_argument, NULL, 'u' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "r:s:d:t:f:Dm:Io:u",
	    longopts };
	int ch;

	while ((ch = cli_next(&cli, argc, argv)) != -1)
		set_option(o, ch);
	return optind;
}

int
main(int argc, char **argv)
{
	struct opts o = { .fmt = F_MD, .mode = M_REPORT, .move_pct = 5 };
	char datebuf[32];
	int first;

	s2r_setprog(argv[0]);
	first = parse_options(argc, argv, &o);
	argc -= first;
	argv += first;
	if (o.mode == M_DIFF && o.fmt == F_HTML)
		s2r_usage_error("--format: --diff writes md or ndjson, not "
		    "html");
	if (o.upstream && (o.mode != M_REPORT || o.fmt != F_MD))
		s2r_usage_error("--upstream: the appendix is the Markdown "
		    "report's, not --diff's, --index's or html's");
	if (o.mode != M_DIFF && o.fmt == F_NDJSON)
		s2r_usage_error("--format: ndjson is for --diff; reports are "
		    "md or html");
	report_date(datebuf, sizeof(datebuf), o.date);
	o.meta.date = datebuf;
	if (o.mode == M_DIFF)
		return run_diff(argc, argv, o.fmt, o.move_pct, o.output);
	if (o.mode == M_INDEX) {
		if (o.meta.title == NULL)
			o.meta.title = "Sim2Real Batch Index";
		return run_index(argc, argv, &o.meta, o.fmt, o.output);
	}
	if (o.meta.title == NULL)
		o.meta.title = "Sim2Real Parity Report";
	return run_report(argc, argv, &o.meta, o.fmt, o.output, o.upstream);
}
