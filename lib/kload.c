/* kload.c - see kload.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "err.h"
#include "infile.h"
#include "kineto.h"
#include "kload.h"
#include "krec.h"
#include "nsys.h"
#include "rec.h"
#include "str.h"

/* ---- s2r NDJSON kernel records -------------------------------------- */

static void
ndjson_kernel(struct ktrace *t, json_t *rec, struct ndjson_reader *r)
{
	struct kop *op;
	const char *name = rec_get_str(rec, "name");
	const char *cat = rec_get_str(rec, "cat");
	int64_t v;

	if (name == NULL)
		s2r_die_at(r->path, r->line, 1, "kernel: expected a string "
		    "\"name\"");
	op = ktrace_add_op(t);
	op->name = strtab_intern(&t->names, name);
	op->line = (int32_t)r->line;
	op->column = 1;
	if (!rec_get_i64(rec, "start_ns", &op->start) ||
	    !rec_get_i64(rec, "dur_ns", &op->dur) || op->dur < 0)
		s2r_die_at(r->path, r->line, 1, "kernel: expected integer "
		    "\"start_ns\" and \"dur_ns\" >= 0");
	op->cat = cat == NULL || strcmp(cat, "kernel") == 0 ? KC_KERNEL :
	    strcmp(cat, "memcpy") == 0 ? KC_MEMCPY : KC_MEMSET;
	op->dev = rec_get_i64(rec, "dev", &v) ? (int32_t)v : 0;
	op->stream = rec_get_i64(rec, "stream", &v) ? (int32_t)v : -1;
	if (rec_get_i64(rec, "corr", &v))
		op->corr = v;
	if (rec_get_i64(rec, "launch_ns", &v))
		op->launch = v;
	op->graph = json_is_true(json_object_get(rec, "graph"));
	if (rec_get_i64(rec, "rank", &v))
		t->rank = v;
	op->iter = rec_get_i64(rec, "iter", &v) ? (int32_t)v : -1;
	if (rec_get_i64(rec, "iter", &v) && (v < 0 || v > INT32_MAX))
		s2r_die_at(r->path, r->line, 1, "kernel: expected \"iter\" "
		    "between 0 and 2^31");
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* Iteration ids in records become dense indexes; iter records (when
 * present) give stage and marker. */
static void
ndjson_iters(struct ktrace *t, json_t **irecs, size_t nirecs)
{
	int64_t *ids = xcalloc(t->nops + 1, sizeof(*ids));
	size_t n = 0, k = 0;

	for (size_t i = 0; i < t->nops; i++)
		if (t->ops[i].iter >= 0)
			ids[n++] = t->ops[i].iter;
	qsort(ids, n, sizeof(*ids), cmp_i64);
	for (size_t i = 0; i < n; i++)
		if (k == 0 || ids[k - 1] != ids[i])
			ids[k++] = ids[i];
	t->iters = xcalloc(k + 1, sizeof(*t->iters));
	t->niters = k;
	for (size_t i = 0; i < k; i++) {
		t->iters[i].id = ids[i];
		t->iters[i].name = strtab_intern(&t->names, "");
		t->iters[i].ctx_reqs = t->iters[i].ctx_toks = -1;
		t->iters[i].gen_reqs = t->iters[i].gen_toks = -1;
	}
	for (size_t i = 0; i < t->nops; i++) {
		int64_t id = t->ops[i].iter;
		int64_t *p;

		if (id < 0)
			continue;
		p = bsearch(&id, ids, k, sizeof(*ids), cmp_i64);
		t->ops[i].iter = (int32_t)(p - ids);
		t->iters[p - ids].nops++;
		if (t->ops[i].graph)
			t->iters[p - ids].graph = true;
	}
	for (size_t i = 0; i < nirecs; i++) {
		int64_t id, v;
		const char *stage = rec_get_str(irecs[i], "stage");
		const char *marker = rec_get_str(irecs[i], "marker");
		int st = stage != NULL ? kstage_parse(stage) : -1;
		int64_t *p;

		if (!rec_get_i64(irecs[i], "iter", &id))
			continue;
		p = bsearch(&id, ids, k, sizeof(*ids), cmp_i64);
		if (p == NULL)
			continue;
		struct kiter *it = &t->iters[p - ids];

		if (st >= 0)
			it->stage = (uint8_t)st;
		if (marker)
			it->name = strtab_intern(&t->names, marker);
		if (rec_get_i64(irecs[i], "ctx_reqs", &v)) it->ctx_reqs = v;
		if (rec_get_i64(irecs[i], "ctx_tokens", &v)) it->ctx_toks = v;
		if (rec_get_i64(irecs[i], "gen_reqs", &v)) it->gen_reqs = v;
		if (rec_get_i64(irecs[i], "gen_tokens", &v)) it->gen_toks = v;
	}
	free(ids);
	t->attribution = "records";
}

static void
ndjson_read(struct ktrace *t, const char *path, const char *label)
{
	struct ndjson_reader r;
	json_t *rec, **irecs = NULL;
	size_t nirecs = 0, capirecs = 0;

	ndjson_open(&r, path);
	free(r.path);
	r.path = xstrdup(label);
	while ((rec = ndjson_next(&r)) != NULL) {
		const char *kind = rec_get_str(rec, "kind");

		if (strcmp(kind, "kernel") == 0) {
			ndjson_kernel(t, rec, &r);
		} else if (strcmp(kind, "iter") == 0) {
			if (nirecs == capirecs) {
				capirecs = capirecs ? capirecs * 2 : 64;
				irecs = xreallocarray(irecs, capirecs,
				    sizeof(*irecs));
			}
			irecs[nirecs++] = json_incref(rec);
		} else {
			t->n_skipped++;
		}
		json_decref(rec);
	}
	ndjson_close(&r);
	ndjson_iters(t, irecs, nirecs);
	for (size_t i = 0; i < nirecs; i++)
		json_decref(irecs[i]);
	free(irecs);
}

/* ---- loading --------------------------------------------------------- */

/* stdin cannot be peeked and re-read: spool it to an unlinked file. */
static int
spool_stdin(void)
{
	FILE *tmp = tmpfile();
	char buf[65536];
	size_t n;
	int fd;

	if (tmp == NULL)
		s2r_die("-: cannot create a temporary file: %s",
		    strerror(errno));
	while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		if (fwrite(buf, 1, n, tmp) != n)
			s2r_die("-: cannot spool standard input");
	if (ferror(stdin) || fflush(tmp) != 0)
		s2r_die("-: read error");
	fd = dup(fileno(tmp));
	fclose(tmp);
	if (fd < 0 || lseek(fd, 0, SEEK_SET) != 0)
		s2r_die("-: cannot spool standard input");
	return fd;
}

/* JSON whose first line is a record with "kind" is s2r NDJSON. */
static bool
looks_ndjson(const char *head, size_t n)
{
	const char *nl = memchr(head, '\n', n);
	json_t *j;
	bool yes;

	if (nl == NULL)
		nl = head + n;
	j = json_loadb(head, (size_t)(nl - head), 0, NULL);
	yes = json_is_object(j) && json_is_string(json_object_get(j, "kind"));
	json_decref(j);
	return yes;
}

struct ktrace *
ktrace_load(const char *path)
{
	char head[65536];
	ssize_t n;
	size_t i = 0;
	int fd;
	struct ktrace *t;

	fd = strcmp(path, "-") == 0 ? spool_stdin() : infile_fd(path, NULL);
	if (fd < 0)
		s2r_die("%s: cannot open: %s", path, strerror(errno));
	n = pread(fd, head, sizeof(head), 0);
	if (n < 0)
		s2r_die("%s: read error: %s", path, strerror(errno));
	if (n == 0)
		s2r_die_at(path, 1, 1, "expected a Kineto JSON trace, nsys "
		    "CSV report or s2r kernel records, got an empty file");
	while (i < (size_t)n && strchr(" \t\r\n", head[i]) != NULL)
		i++;
	if (n >= 2 && (unsigned char)head[0] == 0x1f &&
	    (unsigned char)head[1] == 0x8b) {
		t = ktrace_new(path, "kineto");
		kineto_read_fd(t, fd, path);
	} else if (i < (size_t)n && head[i] == '{' &&
	    looks_ndjson(head + i, (size_t)n - i)) {
		char fdpath[64];

		t = ktrace_new(path, "ndjson");
		snprintf(fdpath, sizeof(fdpath), "/dev/fd/%d", fd);
		ndjson_read(t, fdpath, path);
		close(fd);
	} else if (i < (size_t)n && head[i] == '{') {
		t = ktrace_new(path, "kineto");
		kineto_read_fd(t, fd, path);
	} else {
		FILE *f = fdopen(fd, "r");

		if (f == NULL)
			s2r_die("%s: cannot open: %s", path, strerror(errno));
		t = ktrace_new(path, "nsys");
		nsys_read(t, f, path);
		fclose(f);
	}
	return t;
}

/* ---- sets of traces ------------------------------------------------ */

static void
merge_into(struct ktrace *dst, struct ktrace *src)
{
	for (size_t i = 0; i < src->nops; i++) {
		struct kop *op = ktrace_add_op(dst);

		*op = src->ops[i];
		op->name = strtab_intern(&dst->names,
		    src->names.s[src->ops[i].name]);
	}
	for (size_t i = 0; i < src->nlaunch; i++) {
		struct klaunch *l = &src->launch[i];

		ktrace_add_launch(dst, l->corr, l->pid, l->tid, l->ts,
		    (l->graph ? KL_GRAPH : 0u) | (l->work ? KL_WORK : 0u));
	}
	for (size_t i = 0; i < src->nmarks; i++) {
		struct kmarker *m = &src->marks[i];

		ktrace_add_marker(dst, src->names.s[m->name], m->start,
		    m->end - m->start, m->pid, m->tid, m->gpu, m->line,
		    m->column);
	}
	dst->n_skipped += src->n_skipped;
}

size_t
ktrace_load_all(char *const *paths, size_t n, struct ktrace ***out)
{
	struct ktrace **v = xcalloc(n + 1, sizeof(*v));
	struct ktrace *nsys = NULL;
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		struct ktrace *t = ktrace_load(paths[i]);

		if (strcmp(t->format, "nsys") != 0) {
			v[k++] = t;
			continue;
		}
		if (nsys == NULL) {
			nsys = t;
			v[k++] = t;
			continue;
		}
		merge_into(nsys, t);
		ktrace_free(t);
	}
	for (size_t i = 0; i < k; i++)
		ktrace_attribute(v[i]);
	*out = v;
	return k;
}
