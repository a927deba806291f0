/* s2r-log-extract - vLLM server logs, EPP logs, GPU logs, the saturation
 * report and the metrics/ scrapes of one cell to measure records (checks
 * 2a, 2b, 5a-5h).  The reading is lib/logcell.c; see
 * docs/man/s2r-log-extract.1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "err.h"
#include "logcell.h"
#include "rec.h"
#include "rectext.h"
#include "str.h"

static const char usage_text[] =
"usage: s2r-log-extract [--phase P] [--workload W] [--iteration I]\n"
"           [--root DIR] [--server-logs PATH]... [--epp-logs PATH]...\n"
"           [--gpu-logs PATH]... [--trace FILE] [--saturation FILE]\n"
"           [--metrics DIR] [--format ndjson|text] [-o FILE] [CELLDIR|LOG]\n"
"\n"
"Reads vLLM server logs, EPP logs and nvidia-smi GPU logs (files,\n"
"folders of *.log, or - for stdin), blis observe's saturation report and\n"
"the Prometheus scrapes of metrics/, and writes measure records (checks\n"
"2a, 2b, 5a-5h) as NDJSON on stdout.\n"
"\n"
"  CELLDIR             read CELLDIR/server_logs, epp_logs, gpu_logs,\n"
"                      saturation.json and metrics;\n"
"                      a folder named server_logs, epp_logs or gpu_logs\n"
"                      is read as that kind, a file as a server log\n"
"  --server-logs PATH  vLLM server logs (a file, a folder or -)\n"
"  --epp-logs PATH     EPP (router) logs\n"
"  --gpu-logs PATH     nvidia-smi GPU logs\n"
"  --saturation FILE   blis observe's saturation report (saturation.json,\n"
"                      any of its shapes; default CELLDIR/saturation.json)\n"
"  --metrics DIR       Prometheus scrapes (DIR/raw/<pod>_<unix-s>_metrics.log)\n"
"                      and DIR/processed/metrics_summary.json (default\n"
"                      CELLDIR/metrics)\n"
"  --phase P, --workload W, --iteration I\n"
"                      scope of every record (default: from CELLDIR's\n"
"                      place under --root: phase/workload[/iN])\n"
"  --trace FILE        judge GPU samples inside this trace's window (first\n"
"                      send to last response; default CELLDIR/trace_data.csv)\n"
"  --root DIR          write source.file relative to DIR\n"
"  --format F          ndjson (default) or text (an aligned table)\n"
"  -o, --output FILE   write FILE (whole or not at all) instead of stdout\n"
"  -h, --help          this text\n"
"  -V, --version       the version\n";

/* The folder each kind of log is found in, in a cell. */
static const char *const kind_dir[LOGS_NKINDS] = {
	"server_logs", "epp_logs", "gpu_logs"
};

struct opts {
	const char	*phase, *workload, *iteration;
	char		*inferred[3];
	bool		 text;
	const char	*output;
};

/* phase/workload[/iN] from CELLDIR under --root ("results/" skipped). */
static void
infer_scope(struct opts *o, const char *root, const char *celldir)
{
	char *rel, *save = NULL, *tok;
	int k = 0;

	if (root == NULL || path_under(celldir, root) == celldir)
		return;
	rel = xstrdup(path_under(celldir, root));
	for (tok = strtok_r(rel, "/", &save); tok != NULL && k < 3;
	    tok = strtok_r(NULL, "/", &save)) {
		if (k == 0 && strcmp(tok, "results") == 0)
			continue;
		o->inferred[k++] = xstrdup(tok);
	}
	free(rel);
	if (o->phase == NULL)
		o->phase = o->inferred[0];
	if (o->workload == NULL)
		o->workload = o->inferred[1];
	if (o->iteration == NULL)
		o->iteration = o->inferred[2];
}

/* The kind whose folder path is (by its last name), or -1. */
static int
kind_of_dir(const char *path)
{
	char *copy = xstrdup(path);
	size_t n = strlen(copy);
	const char *base;
	int kind = -1;

	while (n > 1 && copy[n - 1] == '/')
		copy[--n] = '\0';
	base = strrchr(copy, '/') != NULL ? strrchr(copy, '/') + 1 : copy;
	for (int k = 0; k < LOGS_NKINDS; k++)
		if (strcmp(base, kind_dir[k]) == 0)
			kind = k;
	free(copy);
	return kind;
}

/* The operand as the user means it: a cell folder, one kind's folder, or
 * a log file (or -), which is a server log. */
static void
add_operand(struct opts *o, struct logcell *c, const char *path)
{
	struct stat st;
	int kind;

	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 ||
	    !S_ISDIR(st.st_mode)) {
		logcell_add(c, LOGS_SERVER, path);
		return;
	}
	if ((kind = kind_of_dir(path)) >= 0) {
		logcell_add(c, kind, path);
		return;
	}
	logcell_add_cell(c, path);
	infer_scope(o, c->root, path);
}

static void
parse_opts(int argc, char **argv, struct opts *o, struct logcell *c)
{
	static const struct option longopts[] = {
		{ "phase", required_argument, NULL, 'p' },
		{ "workload", required_argument, NULL, 'w' },
		{ "iteration", required_argument, NULL, 'i' },
		{ "root", required_argument, NULL, 'r' },
		{ "server-logs", required_argument, NULL, 's' },
		{ "epp-logs", required_argument, NULL, 'e' },
		{ "gpu-logs", required_argument, NULL, 'g' },
		{ "trace", required_argument, NULL, 't' },
		{ "saturation", required_argument, NULL, 'S' },
		{ "metrics", required_argument, NULL, 'M' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct cli cli = { usage_text, "o:", longopts };
	int ch;

	/* --root first: paths are made relative to it wherever it is on
	 * the command line. */
	for (int k = 1; k < argc - 1; k++)
		if (strcmp(argv[k], "--root") == 0)
			c->root = argv[k + 1];
		else if (strncmp(argv[k], "--root=", 7) == 0)
			c->root = argv[k] + 7;
	while ((ch = cli_next(&cli, argc, argv)) != -1) {
		switch (ch) {
		case 'p': o->phase = optarg; break;
		case 'w': o->workload = optarg; break;
		case 'i': o->iteration = optarg; break;
		case 'r': c->root = optarg; break;
		case 's': logcell_add(c, LOGS_SERVER, optarg); break;
		case 'e': logcell_add(c, LOGS_EPP, optarg); break;
		case 'g': logcell_add(c, LOGS_GPU, optarg); break;
		case 't': logcell_trace(c, optarg); break;
		case 'S': logcell_saturation(c, optarg); break;
		case 'M': logcell_metrics(c, optarg); break;
		case 'f': o->text = cli_format_text(optarg); break;
		case 'o': o->output = optarg; break;
		default: cli_unreachable(ch);
		}
	}
	if (argc - optind > 1)
		s2r_usage_error("expected one CELLDIR or log, got %d",
		    argc - optind);
	if (argc - optind == 1)
		add_operand(o, c, argv[optind]);
	if (!logcell_asked(c))
		s2r_usage_error("expected a CELLDIR, a log or --server-logs/"
		    "--epp-logs/--gpu-logs/--saturation/--metrics, got nothing to "
		    "read");
}

int
main(int argc, char **argv)
{
	struct opts o = {0};
	struct logcell cell = {0};
	struct logctx ctx = {0};
	struct recout out;

	s2r_setprog(argv[0]);
	parse_opts(argc, argv, &o, &cell);
	logcell_check(&cell);
	ctx.out = recout_open(&out, o.text, o.output);
	ctx.phase = o.phase;
	ctx.workload = o.workload;
	ctx.iteration = o.iteration;
	logcell_emit(&cell, &ctx);
	recout_close(&out, argc > optind ? argv[optind] : "logs");
	logcell_free(&cell);
	for (int k = 0; k < 3; k++)
		free(o.inferred[k]);
	return 0;
}
