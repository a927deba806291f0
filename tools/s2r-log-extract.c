/* s2r-log-extract - vLLM server logs, EPP logs and GPU logs of one cell
 * to measure records (checks 2a, 2b, 5a-5c, 5e-5h). */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "epplog.h"
#include "err.h"
#include "gpulog.h"
#include "rec.h"
#include "str.h"
#include "vllmlog.h"

enum { PART_SERVER, PART_EPP, PART_GPU, NPARTS };

static const char *const part_dir[NPARTS] = {
	"server_logs", "epp_logs", "gpu_logs"
};
static const char *const part_check[NPARTS] = { "2b", "5g", "5h" };

struct part {
	struct strv	 paths;		/* opened */
	struct strv	 names;		/* printed */
	char		*dir;		/* printed, for cell-level sources */
	bool		 asked;		/* named, or looked for in CELLDIR */
	bool		 found;		/* the folder or a file exists */
};

struct opts {
	const char	*phase, *workload, *iteration, *root;
	char		*inferred[3];
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: s2r-log-extract [--phase P] [--workload W] [--iteration I]\n"
	    "           [--root DIR] [--server-logs PATH]... [--epp-logs PATH]...\n"
	    "           [--gpu-logs PATH]... [CELLDIR]\n"
	    "Reads vLLM server logs, EPP logs and nvidia-smi GPU logs (files,\n"
	    "folders of *.log, or - for stdin) and writes measure records.\n"
	    "CELLDIR: read CELLDIR/server_logs, epp_logs and gpu_logs.\n");
}

/* The name printed in records: relative to --root when under it. */
static const char *
printed(const struct opts *o, const char *path)
{
	return path_under(path, o->root);
}

static int
is_dir(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return -1;
	return S_ISDIR(st.st_mode) ? 1 : 0;
}

static char *
join(const char *dir, const char *name)
{
	struct sbuf b = {0};

	sbuf_adds(&b, dir);
	if (b.len > 0 && b.s[b.len - 1] != '/')
		sbuf_addc(&b, '/');
	sbuf_adds(&b, name);
	return b.s;
}

/* A folder's *.log files, sorted (directory order is not stable). */
static void
add_dir(struct part *p, const struct opts *o, const char *dir)
{
	struct strv found = {0};
	struct dirent *de;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		s2r_die("%s: cannot read folder: %s", dir, strerror(errno));
	while ((de = readdir(d)) != NULL)
		if (str_has_suffix(de->d_name, ".log") && de->d_name[0] != '.')
			strv_add(&found, de->d_name);
	closedir(d);
	strv_sort(&found);
	for (size_t k = 0; k < found.n; k++) {
		char *path = join(dir, found.v[k]);

		strv_add(&p->paths, path);
		free(path);
	}
	strv_free(&found);
	if (p->dir == NULL)
		p->dir = xstrdup(printed(o, dir));
}

static void
add_path(struct part *p, const struct opts *o, const char *path)
{
	p->asked = p->found = true;
	if (strcmp(path, "-") != 0 && is_dir(path) == 1) {
		add_dir(p, o, path);
		return;
	}
	strv_add(&p->paths, path);
	if (p->dir == NULL) {
		const char *slash = strrchr(path, '/');

		p->dir = slash != NULL ? xstrndup(printed(o, path),
		    strlen(printed(o, path)) - strlen(slash)) : xstrdup(".");
	}
}

/* Every named file must open before anything is written: a run that
 * cannot read its input says so with exit 2 and no records. */
static void
check_readable(struct part *parts, const struct opts *o)
{
	for (int k = 0; k < NPARTS; k++)
		for (size_t j = 0; j < parts[k].paths.n; j++) {
			const char *path = parts[k].paths.v[j];
			FILE *f;

			strv_add(&parts[k].names, printed(o, path));
			if (strcmp(path, "-") == 0)
				continue;
			if (is_dir(path) == 1)
				s2r_die("%s: expected a log file, got a folder",
				    path);
			if ((f = fopen(path, "r")) == NULL)
				s2r_die("%s: cannot open: %s", path,
				    strerror(errno));
			fclose(f);
		}
}

/* phase/workload[/iN] from CELLDIR under --root ("results/" skipped). */
static void
infer_scope(struct opts *o, const char *celldir)
{
	char *rel, *save = NULL, *tok;
	int k = 0;

	if (o->root == NULL || printed(o, celldir) == celldir)
		return;
	rel = xstrdup(printed(o, celldir));
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

static void
emit_present(const struct part *parts, const struct logctx *ctx)
{
	for (int k = 0; k < NPARTS; k++) {
		char metric[64];
		json_t *rec;

		if (!parts[k].asked)
			continue;
		logrec_metric(metric, sizeof(metric), "logs.present",
		    part_dir[k], NULL);
		rec = logrec_new(part_check[k], metric,
		    json_boolean(parts[k].paths.n > 0), NULL,
		    (long)parts[k].paths.n);
		logrec_emit(ctx, rec, NULL, NULL, NULL, rec_source(parts[k].dir ?
		    parts[k].dir : part_dir[k], 0, 0, NULL, "whether *.log "
		    "files of this kind were there to read; n: how many"));
	}
}

static void
run_server(struct part *p, const struct logctx *ctx)
{
	struct vllmlog **logs;

	if (p->paths.n == 0)
		return;
	logs = xcalloc(p->paths.n, sizeof(*logs));
	for (size_t k = 0; k < p->paths.n; k++) {
		logs[k] = xmalloc(sizeof(**logs));
		vllmlog_init(logs[k], p->names.v[k]);
		if (!vllmlog_read(logs[k], p->paths.v[k]))
			s2r_die("%s: cannot open: %s", p->paths.v[k],
			    strerror(errno));
	}
	vllmlog_emit_cell(logs, p->paths.n, p->dir, ctx);
	for (size_t k = 0; k < p->paths.n; k++) {
		vllmlog_emit(logs[k], ctx);
		vllmlog_free(logs[k]);
		free(logs[k]);
	}
	free(logs);
}

static void
run_epp(struct part *p, const struct logctx *ctx)
{
	struct epplog e;

	if (p->paths.n == 0)
		return;
	epplog_init(&e);
	for (size_t k = 0; k < p->paths.n; k++)
		if (!epplog_read(&e, p->paths.v[k], p->names.v[k]))
			s2r_die("%s: cannot open: %s", p->paths.v[k],
			    strerror(errno));
	epplog_emit(&e, p->dir, ctx);
	epplog_free(&e);
}

static void
run_gpu(struct part *p, const struct logctx *ctx)
{
	for (size_t k = 0; k < p->paths.n; k++) {
		struct gpulog g;

		gpulog_init(&g, p->names.v[k]);
		if (!gpulog_read(&g, p->paths.v[k]))
			s2r_die("%s: cannot open: %s", p->paths.v[k],
			    strerror(errno));
		gpulog_emit(&g, ctx);
		gpulog_free(&g);
	}
}

static void
add_cell(struct part *parts, struct opts *o, const char *celldir)
{
	if (is_dir(celldir) != 1)
		s2r_die("%s: expected a cell folder, got %s", celldir,
		    is_dir(celldir) < 0 ? strerror(errno) : "a file");
	for (int k = 0; k < NPARTS; k++) {
		char *dir;

		if (parts[k].asked)
			continue;	/* named explicitly: that wins */
		dir = join(celldir, part_dir[k]);
		parts[k].asked = true;
		if (is_dir(dir) == 1) {
			parts[k].found = true;
			add_dir(&parts[k], o, dir);
		} else {
			parts[k].dir = xstrdup(printed(o, dir));
		}
		free(dir);
	}
	infer_scope(o, celldir);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"phase", required_argument, NULL, 'p'},
		{"workload", required_argument, NULL, 'w'},
		{"iteration", required_argument, NULL, 'i'},
		{"root", required_argument, NULL, 'r'},
		{"server-logs", required_argument, NULL, 's'},
		{"epp-logs", required_argument, NULL, 'e'},
		{"gpu-logs", required_argument, NULL, 'g'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0}
	};
	struct part parts[NPARTS];
	struct opts o = {0};
	struct logctx ctx = {0};
	int c;

	s2r_setprog(argv[0]);
	memset(parts, 0, sizeof(parts));
	/* Options first: paths are made relative to --root wherever it is
	 * on the command line. */
	for (int k = 1; k < argc - 1; k++)
		if (strcmp(argv[k], "--root") == 0)
			o.root = argv[k + 1];
		else if (strncmp(argv[k], "--root=", 7) == 0)
			o.root = argv[k] + 7;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			o.phase = optarg;
			break;
		case 'w':
			o.workload = optarg;
			break;
		case 'i':
			o.iteration = optarg;
			break;
		case 'r':
			o.root = optarg;
			break;
		case 's':
			add_path(&parts[PART_SERVER], &o, optarg);
			break;
		case 'e':
			add_path(&parts[PART_EPP], &o, optarg);
			break;
		case 'g':
			add_path(&parts[PART_GPU], &o, optarg);
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("s2r-log-extract %s\n", S2R_VERSION);
			return 0;
		default:
			usage(stderr);
			return S2R_EXIT_BAD;
		}
	}
	if (argc - optind > 1) {
		usage(stderr);
		return S2R_EXIT_BAD;
	}
	if (argc - optind == 1)
		add_cell(parts, &o, argv[optind]);
	if (!parts[PART_SERVER].asked && !parts[PART_EPP].asked &&
	    !parts[PART_GPU].asked) {
		s2r_warn("expected a CELLDIR or --server-logs/--epp-logs/"
		    "--gpu-logs, got nothing to read");
		usage(stderr);
		return S2R_EXIT_BAD;
	}
	check_readable(parts, &o);
	ctx.out = stdout;
	ctx.phase = o.phase;
	ctx.workload = o.workload;
	ctx.iteration = o.iteration;
	emit_present(parts, &ctx);
	run_server(&parts[PART_SERVER], &ctx);
	run_epp(&parts[PART_EPP], &ctx);
	run_gpu(&parts[PART_GPU], &ctx);
	rec_finish(stdout);
	for (int k = 0; k < NPARTS; k++) {
		strv_free(&parts[k].paths);
		strv_free(&parts[k].names);
		free(parts[k].dir);
	}
	for (int k = 0; k < 3; k++)
		free(o.inferred[k]);
	return 0;
}
