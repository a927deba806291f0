/* logcell.c - the logs of one cell into measure records; see logcell.h. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "epplog.h"
#include "err.h"
#include "gpulog.h"
#include "infile.h"
#include "logcell.h"
#include "rec.h"
#include "vllmlog.h"

static const char *const kind_dir[LOGS_NKINDS] = {
	"server_logs", "epp_logs", "gpu_logs"
};
static const char *const kind_check[LOGS_NKINDS] = { "2b", "5g", "5h" };

/* 1 for a folder, 0 for anything else, -1 when stat fails (errno). */
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
add_dir(struct logset *set, const char *root, const char *dir)
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

		strv_add(&set->paths, path);
		free(path);
	}
	strv_free(&found);
	if (set->dir == NULL)
		set->dir = xstrdup(path_under(dir, root));
}

void
logcell_add(struct logcell *c, int kind, const char *path)
{
	struct logset *set = &c->set[kind];
	const char *name, *slash;

	set->asked = true;
	if (strcmp(path, "-") != 0 && is_dir(path) == 1) {
		add_dir(set, c->root, path);
		return;
	}
	strv_add(&set->paths, path);
	if (set->dir != NULL)
		return;
	name = path_under(path, c->root);
	slash = strrchr(path, '/');
	set->dir = slash != NULL ? xstrndup(name, strlen(name) -
	    strlen(slash)) : xstrdup(".");
}

/* A log folder that is not there is a cell without those logs; one that
 * is there but no folder (a file, a FIFO) would read as no logs too, and
 * hide that they were lost. */
static void
absent_dir(const char *dir)
{
	struct stat st;

	if (lstat(dir, &st) != 0 && errno == ENOENT)
		return;
	if (stat(dir, &st) != 0)
		s2r_die("%s: expected a folder of *.log files, got %s", dir,
		    errno == ENOENT ? "a dangling link" : strerror(errno));
	s2r_die("%s: expected a folder of *.log files, got %s", dir,
	    infile_kind(st.st_mode));
}

void
logcell_add_cell(struct logcell *c, const char *celldir)
{
	if (is_dir(celldir) != 1)
		s2r_die("%s: expected a cell folder, got %s", celldir,
		    is_dir(celldir) < 0 ? strerror(errno) : "a file");
	for (int k = 0; k < LOGS_NKINDS; k++) {
		struct logset *set = &c->set[k];
		char *dir;

		if (set->asked)
			continue;	/* named explicitly: that wins */
		dir = join(celldir, kind_dir[k]);
		set->asked = true;
		if (is_dir(dir) == 1)
			add_dir(set, c->root, dir);
		else
			absent_dir(dir);
		if (set->dir == NULL)
			set->dir = xstrdup(path_under(dir, c->root));
		free(dir);
	}
}

bool
logcell_asked(const struct logcell *c)
{
	for (int k = 0; k < LOGS_NKINDS; k++)
		if (c->set[k].asked)
			return true;
	return false;
}

void
logcell_check(struct logcell *c)
{
	for (int k = 0; k < LOGS_NKINDS; k++)
		for (size_t j = 0; j < c->set[k].paths.n; j++) {
			const char *path = c->set[k].paths.v[j];
			FILE *f;

			strv_add(&c->set[k].names, path_under(path, c->root));
			if (strcmp(path, "-") == 0)
				continue;
			if (is_dir(path) == 1)
				s2r_die("%s: expected a log file, got a folder",
				    path);
			f = infile_open(path, NULL);
			fclose(f);
		}
}

static void
emit_present(const struct logcell *c, const struct logctx *ctx)
{
	for (int k = 0; k < LOGS_NKINDS; k++) {
		const struct logset *set = &c->set[k];
		char metric[64];
		json_t *rec;

		if (!set->asked)
			continue;
		logrec_metric(metric, sizeof(metric), "logs.present",
		    kind_dir[k], NULL);
		rec = logrec_new(kind_check[k], metric,
		    json_boolean(set->paths.n > 0), NULL, (long)set->paths.n);
		logrec_emit(ctx, rec, NULL, NULL, NULL, rec_source(set->dir ?
		    set->dir : kind_dir[k], 0, 0, NULL, "whether *.log files "
		    "of this kind were there to read; n: how many"));
	}
}

static void
run_server(const struct logset *set, const struct logctx *ctx)
{
	struct vllmlog **logs;

	if (set->paths.n == 0)
		return;
	logs = xcalloc(set->paths.n, sizeof(*logs));
	for (size_t k = 0; k < set->paths.n; k++) {
		logs[k] = xmalloc(sizeof(**logs));
		vllmlog_init(logs[k], set->names.v[k]);
		if (!vllmlog_read(logs[k], set->paths.v[k]))
			s2r_die("%s: cannot open: %s", set->paths.v[k],
			    strerror(errno));
	}
	vllmlog_emit_cell(logs, set->paths.n, set->dir, ctx);
	for (size_t k = 0; k < set->paths.n; k++) {
		vllmlog_emit(logs[k], ctx);
		vllmlog_free(logs[k]);
		free(logs[k]);
	}
	free(logs);
}

static void
run_epp(const struct logset *set, const struct logctx *ctx)
{
	struct epplog e;

	if (set->paths.n == 0)
		return;
	epplog_init(&e);
	for (size_t k = 0; k < set->paths.n; k++)
		if (!epplog_read(&e, set->paths.v[k], set->names.v[k]))
			s2r_die("%s: cannot open: %s", set->paths.v[k],
			    strerror(errno));
	epplog_emit(&e, set->dir, ctx);
	epplog_free(&e);
}

static void
run_gpu(const struct logset *set, const struct logctx *ctx)
{
	for (size_t k = 0; k < set->paths.n; k++) {
		struct gpulog g;

		gpulog_init(&g, set->names.v[k]);
		if (!gpulog_read(&g, set->paths.v[k]))
			s2r_die("%s: cannot open: %s", set->paths.v[k],
			    strerror(errno));
		gpulog_emit(&g, ctx);
		gpulog_free(&g);
	}
}

void
logcell_emit(const struct logcell *c, const struct logctx *ctx)
{
	emit_present(c, ctx);
	run_server(&c->set[LOGS_SERVER], ctx);
	run_epp(&c->set[LOGS_EPP], ctx);
	run_gpu(&c->set[LOGS_GPU], ctx);
}

void
logcell_free(struct logcell *c)
{
	for (int k = 0; k < LOGS_NKINDS; k++) {
		strv_free(&c->set[k].paths);
		strv_free(&c->set[k].names);
		free(c->set[k].dir);
	}
}
