/* logcell.c - the logs of one cell into measure records; see logcell.h. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csvr.h"
#include "epplog.h"
#include "err.h"
#include "gpujoin.h"
#include "gpulog.h"
#include "infile.h"
#include "jsonscan.h"
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

static bool
is_join_file(const char *name)
{
	return str_has_suffix(name, ".uuids") ||
	    str_has_suffix(name, ".gpus.csv");
}

/* A folder's files with a suffix (join: the GPU snapshots), sorted
 * (directory order is not stable), into paths. */
static void
list_dir(struct strv *paths, const char *dir, bool join_files)
{
	struct strv found = {0};
	struct dirent *de;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		s2r_die("%s: cannot read folder: %s", dir, strerror(errno));
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && (join_files ?
		    is_join_file(de->d_name) :
		    str_has_suffix(de->d_name, ".log")))
			strv_add(&found, de->d_name);
	closedir(d);
	strv_sort(&found);
	for (size_t k = 0; k < found.n; k++) {
		char *path = join(dir, found.v[k]);

		strv_add(paths, path);
		free(path);
	}
	strv_free(&found);
}

/* A folder's *.log files; for GPU logs its snapshots too. */
static void
add_dir(struct logcell *c, int kind, const char *dir)
{
	struct logset *set = &c->set[kind];

	list_dir(&set->paths, dir, false);
	if (kind == LOGS_GPU)
		list_dir(&c->join_paths, dir, true);
	if (set->dir == NULL)
		set->dir = xstrdup(path_under(dir, c->root));
}

void
logcell_add(struct logcell *c, int kind, const char *path)
{
	struct logset *set = &c->set[kind];
	const char *name, *slash;

	set->asked = true;
	if (strcmp(path, "-") != 0 && is_dir(path) == 1) {
		add_dir(c, kind, path);
		return;
	}
	if (kind == LOGS_GPU && is_join_file(path))
		strv_add(&c->join_paths, path);
	else
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

/* CELLDIR/saturation.json and CELLDIR/metrics unless named: whatever is
 * there by those names (a FIFO, a dangling link) is read and refused, not
 * passed over. */
static void
cell_extras(struct logcell *c, const char *celldir)
{
	struct stat st;
	char *path;

	if (c->sat == NULL) {
		path = join(celldir, "saturation.json");
		if (lstat(path, &st) == 0)
			logcell_saturation(c, path);
		free(path);
	}
	if (c->metrics == NULL) {
		path = join(celldir, "metrics");
		if (lstat(path, &st) == 0)
			logcell_metrics(c, path);
		free(path);
	}
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
			add_dir(c, k, dir);
		else
			absent_dir(dir);
		if (set->dir == NULL)
			set->dir = xstrdup(path_under(dir, c->root));
		free(dir);
	}
	if (c->trace == NULL) {
		char *trace = join(celldir, "trace_data.csv");

		if (is_dir(trace) == 0)
			logcell_trace(c, trace);
		free(trace);
	}
	cell_extras(c, celldir);
}

void
logcell_metrics(struct logcell *c, const char *dir)
{
	free(c->metrics);
	c->metrics = xstrdup(dir);
}

void
logcell_saturation(struct logcell *c, const char *path)
{
	free(c->sat);
	free(c->sat_name);
	c->sat = xstrdup(path);
	c->sat_name = xstrdup(path_under(path, c->root));
}

void
logcell_trace(struct logcell *c, const char *path)
{
	free(c->trace);
	free(c->trace_name);
	c->trace = xstrdup(path);
	c->trace_name = xstrdup(path_under(path, c->root));
}

bool
logcell_asked(const struct logcell *c)
{
	for (int k = 0; k < LOGS_NKINDS; k++)
		if (c->set[k].asked)
			return true;
	return c->sat != NULL || c->metrics != NULL;
}

/* The workload window: the trace's first send to its last response
 * (or send, for a request that never answered). */
static void
read_window(const char *path, const char *name, struct gpuwindow *w)
{
	struct csvr *r = csvr_open(path, name);
	long send = csvr_col(r, "send_time_us", true);
	long last = csvr_col(r, "last_chunk_time_us", false);

	memset(w, 0, sizeof(*w));
	w->file = name;
	while (csvr_next(r)) {
		int64_t s = csvr_time_us(r, send);
		int64_t e = last >= 0 ? csvr_time_us(r, last) : s;

		e = e > s ? e : s;
		if (!w->known || s < w->from_us)
			w->from_us = s;
		if (!w->known || e > w->to_us)
			w->to_us = e;
		w->known = true;
	}
	csvr_close(r);
}

/* Dies (exit 2) unless path opens as a file; path's printed name goes
 * to names (NULL: nowhere). */
static void
check_file(struct logcell *c, const char *path, struct strv *names)
{
	FILE *f;

	if (names != NULL)
		strv_add(names, path_under(path, c->root));
	if (strcmp(path, "-") == 0)
		return;
	if (is_dir(path) == 1)
		s2r_die("%s: expected a log file, got a folder", path);
	f = infile_open(path, NULL);
	fclose(f);
}

void
logcell_check(struct logcell *c)
{
	for (int k = 0; k < LOGS_NKINDS; k++)
		for (size_t j = 0; j < c->set[k].paths.n; j++)
			check_file(c, c->set[k].paths.v[j], &c->set[k].names);
	for (size_t j = 0; j < c->join_paths.n; j++)
		check_file(c, c->join_paths.v[j], &c->join_names);
	if (c->trace != NULL && c->set[LOGS_GPU].paths.n > 0) {
		check_file(c, c->trace, NULL);
		read_window(c->trace, c->trace_name, &c->win);
	}
	if (c->sat != NULL) {
		struct jscan *js = jscan_open(c->sat);

		satjson_read(&c->satr, js, c->sat_name);
		jscan_close(js);
	}
	if (c->metrics != NULL)
		metricscell_read(&c->mc, c->metrics, c->root);
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

/* Whether the na bytes of fa (from its start) equal those of fb from
 * its current offset. */
static bool
same_bytes(FILE *fa, FILE *fb, off_t na)
{
	char ba[8192], bb[8192];
	size_t k;

	rewind(fa);
	while (na > 0) {
		k = na < (off_t)sizeof(ba) ? (size_t)na : sizeof(ba);
		if (fread(ba, 1, k, fa) != k || fread(bb, 1, k, fb) != k ||
		    memcmp(ba, bb, k) != 0)
			return false;
		na -= (off_t)k;
	}
	return true;
}

/* The line of file b (1: its first) from which file a's whole text
 * (na bytes) is b's, at a line start; 0 when nowhere.  A start is
 * sought only where b's line equals a's first, so a log is read once
 * and compared at few places. */
static long
text_within(FILE *fa, off_t na, FILE *fb, off_t nb)
{
	char *first = NULL, *line = NULL;
	size_t cf = 0, cl = 0;
	ssize_t lf, ll;
	off_t at = 0;
	long no = 0, found = 0;

	if (na > nb || (lf = getline(&first, &cf, fa)) <= 0) {
		free(first);
		return 0;
	}
	while (found == 0 && nb - at >= na &&
	    (ll = getline(&line, &cl, fb)) > 0) {
		no++;
		if (ll == lf && memcmp(line, first, (size_t)lf) == 0 &&
		    fseeko(fb, at, SEEK_SET) == 0) {
			if (same_bytes(fa, fb, na))
				found = no;
			if (fseeko(fb, at + ll, SEEK_SET) != 0)
				break;
		}
		at += ll;
	}
	free(first);
	free(line);
	return found;
}

/* text_within over two paths (sizes known). */
static long
file_within(const char *a, off_t na, const char *b, off_t nb)
{
	FILE *fa, *fb;
	long line;

	if (na > nb || (fa = fopen(a, "rb")) == NULL)
		return 0;
	if ((fb = fopen(b, "rb")) == NULL) {
		fclose(fa);
		return 0;
	}
	line = text_within(fa, na, fb, nb);
	fclose(fa);
	fclose(fb);
	return line;
}

/* Marks the logs that are copies of another (vllmlog copy_of): a log
 * whose whole text is part of another's, from a line on, the same
 * container's log collected twice: by pod and again by deployment, or
 * once more later, when it had grown (the start of the other), or with
 * kubectl logs --tail or --since (its end, or a stretch of it when the
 * pod ran on).  Two pods' logs can agree for their first startup lines
 * (one config, one second's stamps), never through a stats line, whose
 * throughputs are the engine's own: only logs with one count.  Of two
 * equal files the later one is the copy. */
static void
mark_copies(struct vllmlog **logs, const struct strv *paths)
{
	size_t n = paths->n;
	off_t *size = xcalloc(n ? n : 1, sizeof(*size));
	struct stat st;
	long line = 0;

	for (size_t k = 0; k < n; k++)
		size[k] = stat(paths->v[k], &st) == 0 ? st.st_size : -1;
	for (size_t k = 0; k < n; k++) {
		if (!vllmlog_is_vllm(logs[k]) || logs[k]->busy_first_line == 0 ||
		    size[k] <= 0)
			continue;
		for (size_t j = 0; j < n && logs[k]->copy_of == NULL; j++)
			if (j != k && logs[j]->copy_of == NULL &&
			    (size[k] < size[j] || (size[k] == size[j] &&
			    j < k)) && (line = file_within(paths->v[k],
			    size[k], paths->v[j], size[j])) > 0) {
				logs[k]->copy_of = logs[j]->file;
				logs[k]->copy_line = line;
			}
	}
	free(size);
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
	mark_copies(logs, &set->paths);
	vllmlog_emit_cell(logs, set->paths.n, set->dir, ctx);
	for (size_t k = 0; k < set->paths.n; k++) {
		/* a copy is no instance: its records would count it twice */
		if (logs[k]->copy_of == NULL)
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
read_join(const struct logcell *c, struct gpujoin *gj)
{
	memset(gj, 0, sizeof(*gj));
	gj->dir = c->set[LOGS_GPU].dir;
	for (size_t k = 0; k < c->join_paths.n; k++) {
		const char *path = c->join_paths.v[k];
		const char *name = c->join_names.v[k];
		bool ok = str_has_suffix(path, ".uuids") ?
		    gpujoin_read_uuids(gj, path, name) :
		    gpujoin_read_csv(gj, path, name);

		if (!ok)
			s2r_die("%s: cannot open: %s", path, strerror(errno));
	}
}

static void
run_gpu(const struct logcell *c, const struct logctx *ctx)
{
	const struct logset *set = &c->set[LOGS_GPU];
	struct gpujoin gj;

	if (set->paths.n == 0)
		return;
	read_join(c, &gj);
	gpuwindow_emit(&c->win, ctx);
	gpujoin_emit(&gj, ctx);
	for (size_t k = 0; k < set->paths.n; k++) {
		struct gpulog g;

		gpulog_init(&g, set->names.v[k], &c->win);
		if (!gpulog_read(&g, set->paths.v[k]))
			s2r_die("%s: cannot open: %s", set->paths.v[k],
			    strerror(errno));
		gpulog_emit(&g, ctx, gpujoin_known(&gj) ? &gj : NULL);
		gpulog_free(&g);
	}
	gpujoin_free(&gj);
}

void
logcell_emit(const struct logcell *c, const struct logctx *ctx)
{
	emit_present(c, ctx);
	run_server(&c->set[LOGS_SERVER], ctx);
	run_epp(&c->set[LOGS_EPP], ctx);
	run_gpu(c, ctx);
	if (c->sat != NULL)
		satjson_emit(&c->satr, ctx);
	if (c->metrics != NULL)
		metricscell_emit(&c->mc, ctx);
}

void
logcell_free(struct logcell *c)
{
	for (int k = 0; k < LOGS_NKINDS; k++) {
		strv_free(&c->set[k].paths);
		strv_free(&c->set[k].names);
		free(c->set[k].dir);
	}
	strv_free(&c->join_paths);
	strv_free(&c->join_names);
	free(c->trace);
	free(c->trace_name);
	free(c->sat);
	free(c->sat_name);
	satjson_free(&c->satr);
	free(c->metrics);
	metricscell_free(&c->mc);
}
