/* gpujoin.c - pod -> GPU UUID -> host index; see gpujoin.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gpujoin.h"
#include "rec.h"
#include "str.h"

/* Beyond these a snapshot is junk, not a node (64 GPUs) or a pod. */
#define JOIN_MAX_SLOTS	4096
#define JOIN_MAX_UUIDS	64

static const char *
trim(const char *s, size_t *n)
{
	while (*n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		(*n)--;
	}
	while (*n > 0 && (s[*n - 1] == ' ' || s[*n - 1] == '\t' ||
	    s[*n - 1] == '\r'))
		(*n)--;
	return s;
}

/* "0, GPU-62e4..., 00000000:18:00.0": false when it is not such a row. */
static bool
csv_row(struct gpujoin *gj, const char *node, const char *s, size_t n,
    const char *file, long line)
{
	const char *c1 = memchr(s, ',', n), *c2, *idx, *uuid;
	size_t ni, nu;
	int64_t index;
	struct gpuslot *x;

	if (c1 == NULL)
		return false;
	c2 = memchr(c1 + 1, ',', (size_t)(s + n - c1 - 1));
	ni = (size_t)(c1 - s);
	nu = (size_t)((c2 != NULL ? c2 : s + n) - c1 - 1);
	idx = trim(s, &ni);
	uuid = trim(c1 + 1, &nu);
	if (!parse_i64(idx, ni, &index) || index < 0 || index > 4096 ||
	    nu < 5 || memcmp(uuid, "GPU-", 4) != 0)
		return false;
	if (gj->nslot >= JOIN_MAX_SLOTS)
		return true;
	gj->slot = xroom(gj->slot, gj->nslot, sizeof(*gj->slot));
	x = &gj->slot[gj->nslot++];
	x->node = xstrdup(node);
	x->index = (int)index;
	x->uuid = xstrndup(uuid, nu);
	x->file = file;
	x->line = line;
	return true;
}

bool
gpujoin_read_csv(struct gpujoin *gj, const char *path, const char *file)
{
	static const char *const suffixes[] = { ".gpus.csv", NULL };
	struct logwarn w = { .file = file };
	struct logreader r;
	const char *s;
	size_t n;
	char *node;

	if (!logreader_open(&r, path))
		return false;
	node = log_stem(file, suffixes);
	while (logreader_next(&r, &w, &s, &n)) {
		s = trim(s, &n);
		/* the header of --format=csv without noheader */
		if (n == 0 || (n >= 5 && memcmp(s, "index", 5) == 0))
			continue;
		if (line_check(s, n) != LINE_OK ||
		    !csv_row(gj, node, s, n, file, r.lineno)) {
			gj->bad_lines++;
			logwarn(&w, WARN_SYNTAX, r.lineno, 1, "expected \"index, "
			    "uuid, bus id\" (nvidia-smi --query-gpu=index,uuid,"
			    "gpu_bus_id), got something else");
		}
	}
	gj->bad_lines += r.overlong;
	logreader_close(&r);
	logwarn_done(&w);
	free(node);
	return true;
}

/* The UUID of "GPU 0: <name> (UUID: GPU-...)"; NULL when not such a
 * line. */
static const char *
uuid_of(const char *s, size_t n, size_t *len)
{
	static const char tag[] = "(UUID: ";
	const char *p, *end = s + n;

	if (n < 6 || memcmp(s, "GPU ", 4) != 0)
		return NULL;
	for (p = s; p + sizeof(tag) - 1 <= end; p++)
		if (memcmp(p, tag, sizeof(tag) - 1) == 0)
			break;
	if (p + sizeof(tag) - 1 > end)
		return NULL;
	p += sizeof(tag) - 1;
	if (end - p < 6 || end[-1] != ')' || memcmp(p, "GPU-", 4) != 0)
		return NULL;
	*len = (size_t)(end - 1 - p);
	return memchr(p, ' ', *len) == NULL ? p : NULL;
}

bool
gpujoin_read_uuids(struct gpujoin *gj, const char *path, const char *file)
{
	static const char *const suffixes[] = { ".uuids", NULL };
	struct logwarn w = { .file = file };
	struct logreader r;
	struct gpupod *x;
	const char *s, *u;
	size_t n, nu;

	if (!logreader_open(&r, path))
		return false;
	gj->pod = xroom(gj->pod, gj->npod, sizeof(*gj->pod));
	x = &gj->pod[gj->npod++];
	memset(x, 0, sizeof(*x));
	x->pod = log_stem(file, suffixes);
	x->file = file;
	while (logreader_next(&r, &w, &s, &n)) {
		s = trim(s, &n);
		/* MIG devices are listed under their GPU, whose UUID counts */
		if (n == 0 || (n >= 4 && memcmp(s, "MIG ", 4) == 0))
			continue;
		if (line_check(s, n) != LINE_OK ||
		    (u = uuid_of(s, n, &nu)) == NULL) {
			gj->bad_lines++;
			logwarn(&w, WARN_SYNTAX, r.lineno, 1, "expected \"GPU N: "
			    "<name> (UUID: GPU-...)\" (nvidia-smi -L), got "
			    "something else");
			continue;
		}
		if (x->uuids.n == 0)
			x->line = r.lineno;
		if (x->uuids.n < JOIN_MAX_UUIDS) {
			char *one = xstrndup(u, nu);

			strv_add(&x->uuids, one);
			free(one);
		}
	}
	gj->bad_lines += r.overlong;
	logreader_close(&r);
	logwarn_done(&w);
	return true;
}

bool
gpujoin_known(const struct gpujoin *gj)
{
	return gj->npod > 0 || gj->nslot > 0;
}

const struct gpuslot *
gpujoin_slot(const struct gpujoin *gj, const char *node, const char *stem,
    int index)
{
	for (size_t k = 0; k < gj->nslot; k++) {
		const struct gpuslot *x = &gj->slot[k];

		if (x->index == index && ((node != NULL &&
		    strcmp(x->node, node) == 0) || (stem != NULL &&
		    strcmp(x->node, stem) == 0)))
			return x;
	}
	return NULL;
}

static const struct gpuslot *
slot_of(const struct gpujoin *gj, const char *uuid)
{
	for (size_t k = 0; k < gj->nslot; k++)
		if (strcmp(gj->slot[k].uuid, uuid) == 0)
			return &gj->slot[k];
	return NULL;
}

const struct gpupod *
gpujoin_pods_of(const struct gpujoin *gj, const char *uuid, struct sbuf *out)
{
	const struct gpupod *first = NULL;

	for (size_t k = 0; k < gj->npod; k++)
		if (strv_find(&gj->pod[k].uuids, uuid) >= 0) {
			sbuf_printf(out, "%s%s", first ? "," : "",
			    gj->pod[k].pod);
			first = first ? first : &gj->pod[k];
		}
	return first;
}

static int
pod_order(const void *a, const void *b)
{
	const struct gpupod *x = a, *y = b;

	return strcmp(x->pod, y->pod);
}

static void
emit_pod(const struct gpujoin *gj, const struct gpupod *x,
    const struct logctx *ctx)
{
	struct sbuf where = {0};
	bool all = x->uuids.n > 0;
	json_t *rec;

	for (size_t u = 0; u < x->uuids.n; u++) {
		const struct gpuslot *s = slot_of(gj, x->uuids.v[u]);

		if (s == NULL) {
			all = false;
			continue;
		}
		sbuf_printf(&where, "%s%s/%d", where.len ? "," : "", s->node,
		    s->index);
	}
	rec = logrec_new("5h", "gpu.pod.gpus", all ? json_string(
	    sbuf_str(&where)) : json_null(), NULL, (long)x->uuids.n);
	logrec_emit(ctx, rec, x->pod, NULL, NULL, rec_source(x->file, x->line,
	    0, "UUID", "the pod's GPU UUIDs (nvidia-smi -L; n: how many) "
	    "found in <node>.gpus.csv, as node/host index; null: a UUID is "
	    "in no node's list, or the file lists none"));
	sbuf_free(&where);
}

void
gpujoin_emit(const struct gpujoin *gj, const struct logctx *ctx)
{
	struct gpupod *sorted = xreallocarray(NULL, gj->npod + 1,
	    sizeof(*sorted));
	json_t *rec;

	if (gj->npod > 0)
		memcpy(sorted, gj->pod, gj->npod * sizeof(*sorted));
	qsort(sorted, gj->npod, sizeof(*sorted), pod_order);
	for (size_t k = 0; k < gj->npod; k++)
		emit_pod(gj, &sorted[k], ctx);
	free(sorted);
	if (gj->bad_lines == 0)
		return;
	rec = logrec_new("5h", "log.bad_lines.gpu_join",
	    json_integer(gj->bad_lines), "count", -1);
	logrec_emit(ctx, rec, NULL, NULL, NULL, rec_source(gj->dir, 0, 0,
	    NULL, "lines of <pod>.uuids and <node>.gpus.csv of neither "
	    "shape, or over-long (warned on stderr with file:line)"));
}

void
gpujoin_free(struct gpujoin *gj)
{
	for (size_t k = 0; k < gj->nslot; k++) {
		free(gj->slot[k].node);
		free(gj->slot[k].uuid);
	}
	for (size_t k = 0; k < gj->npod; k++) {
		free(gj->pod[k].pod);
		strv_free(&gj->pod[k].uuids);
	}
	free(gj->slot);
	free(gj->pod);
}
