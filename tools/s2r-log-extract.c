/* s2r-log-extract - vLLM server logs, EPP logs and GPU logs of one cell
 * to measure records (checks 2a, 2b, 5a-5c, 5e-5h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "logcell.h"
#include "rec.h"
#include "str.h"

struct opts {
	const char	*phase, *workload, *iteration;
	char		*inferred[3];
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-log-extract [--phase P] [--workload W] [--iteration I]\n"
	    "           [--root DIR] [--server-logs PATH]... [--epp-logs PATH]...\n"
	    "           [--gpu-logs PATH]... [--trace FILE] [CELLDIR]\n"
	    "Reads vLLM server logs, EPP logs and nvidia-smi GPU logs (files,\n"
	    "folders of *.log, or - for stdin) and writes measure records.\n"
	    "CELLDIR: read CELLDIR/server_logs, epp_logs and gpu_logs.\n"
	    "--trace FILE: GPU samples are judged inside this trace's window\n"
	    "(first send to last response; default CELLDIR/trace_data.csv).\n");
}

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

/* Options into o and c; -1 to go on, else the exit status. */
static int
parse_opts(int argc, char **argv, struct opts *o, struct logcell *c)
{
	static const struct option longopts[] = {
		{"phase", required_argument, NULL, 'p'},
		{"workload", required_argument, NULL, 'w'},
		{"iteration", required_argument, NULL, 'i'},
		{"root", required_argument, NULL, 'r'},
		{"server-logs", required_argument, NULL, 's'},
		{"epp-logs", required_argument, NULL, 'e'},
		{"gpu-logs", required_argument, NULL, 'g'},
		{"trace", required_argument, NULL, 't'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0}
	};
	int ch;

	/* --root first: paths are made relative to it wherever it is on
	 * the command line. */
	for (int k = 1; k < argc - 1; k++)
		if (strcmp(argv[k], "--root") == 0)
			c->root = argv[k + 1];
		else if (strncmp(argv[k], "--root=", 7) == 0)
			c->root = argv[k] + 7;
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'p': o->phase = optarg; break;
		case 'w': o->workload = optarg; break;
		case 'i': o->iteration = optarg; break;
		case 'r': c->root = optarg; break;
		case 's': logcell_add(c, LOGS_SERVER, optarg); break;
		case 'e': logcell_add(c, LOGS_EPP, optarg); break;
		case 'g': logcell_add(c, LOGS_GPU, optarg); break;
		case 't': logcell_trace(c, optarg); break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("s2r-log-extract %s\n", S2R_VERSION); return 0;
		default: usage(stderr); return S2R_EXIT_BAD;
		}
	}
	if (argc - optind > 1) {
		usage(stderr);
		return S2R_EXIT_BAD;
	}
	return -1;
}

int
main(int argc, char **argv)
{
	struct opts o = {0};
	struct logcell cell = {0};
	struct logctx ctx = {0};
	int rc;

	s2r_setprog(argv[0]);
	if ((rc = parse_opts(argc, argv, &o, &cell)) >= 0)
		return rc;
	if (argc - optind == 1) {
		logcell_add_cell(&cell, argv[optind]);
		infer_scope(&o, cell.root, argv[optind]);
	}
	if (!logcell_asked(&cell)) {
		s2r_warn("expected a CELLDIR or --server-logs/--epp-logs/"
		    "--gpu-logs, got nothing to read");
		usage(stderr);
		return S2R_EXIT_BAD;
	}
	logcell_check(&cell);
	ctx.out = stdout;
	ctx.phase = o.phase;
	ctx.workload = o.workload;
	ctx.iteration = o.iteration;
	logcell_emit(&cell, &ctx);
	rec_finish(stdout);
	logcell_free(&cell);
	for (int k = 0; k < 3; k++)
		free(o.inferred[k]);
	return 0;
}
