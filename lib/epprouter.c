/* epprouter.c - which EPP pods wrote a cell's EPP log, and when (5g);
 * see epprouter.h. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "epprouter.h"
#include "rec.h"
#include "str.h"
#include "err.h"

/* A rollout starts the new pod before the old one stops: both log for as
 * long as the new one takes to become ready (the EPP syncs its pool and
 * pods first).  A pod whose log ends no later than this after another's
 * begins, and before that one's ends, was replaced by it. */
#define ROLL_S	120

/* The pod of "dir/<pod>_<HHMM>.log": its length, 0 when not so named. */
static size_t
pod_len(const char *file)
{
	const char *base = strrchr(file, '/'), *us;
	size_t n;

	base = base != NULL ? base + 1 : file;
	n = strlen(base);
	if (n < 10 || strcmp(base + n - 4, ".log") != 0)
		return 0;
	us = base + n - 9;
	if (*us != '_' || strspn(us + 1, "0123456789") != 4)
		return 0;
	return (size_t)(us - base);
}

struct epprouter *
epprouter_of(struct epprouters *rs, const char *file)
{
	const char *base = strrchr(file, '/');
	size_t n = pod_len(file);

	base = base != NULL ? base + 1 : file;
	if (n == 0) {
		rs->unnamed++;
		return NULL;
	}
	for (size_t k = 0; k < rs->n; k++)
		if (strlen(rs->v[k].name) == n &&
		    strncmp(rs->v[k].name, base, n) == 0)
			return &rs->v[k];
	rs->v = xreallocarray(rs->v, rs->n + 1, sizeof(*rs->v));
	memset(&rs->v[rs->n], 0, sizeof(*rs->v));
	rs->v[rs->n].name = xstrndup(base, n);
	return &rs->v[rs->n++];
}

void
epprouter_ts(struct epprouter *r, int64_t us, const char *file, long line)
{
	if (r == NULL)
		return;
	if (r->lines++ == 0 || us < r->first_us) {
		r->first_us = us;
		r->first_file = file;
		r->first_line = line;
	}
	if (r->lines == 1 || us > r->last_us) {
		r->last_us = us;
		r->last_file = file;
		r->last_line = line;
	}
}

/* Did b take over from a: b began after a, a stopped within a
 * rollout's overlap of b's start, and b logged on after a? */
static bool
replaced(const struct epprouter *a, const struct epprouter *b)
{
	return a->lines > 0 && b->lines > 0 && a->first_us < b->first_us &&
	    a->last_us < b->last_us &&
	    a->last_us <= b->first_us + (int64_t)ROLL_S * 1000000;
}

void
epprouters_emit(const struct epprouters *rs, const char *dir,
    const struct logctx *ctx)
{
	const struct epprouter *old = NULL, *new = NULL;
	struct sbuf how = {0};
	long nrep = 0;
	json_t *rec;

	if (rs->n == 0)
		return;
	sbuf_adds(&how, "EPP pods named by the epp_logs file names "
	    "(<pod>_<HHMM>.log):");
	for (size_t k = 0; k < rs->n; k++)
		sbuf_printf(&how, "%s %s", k ? "," : "", rs->v[k].name);
	if (rs->unnamed > 0)
		sbuf_printf(&how, "; %zu file(s) not so named", rs->unnamed);
	rec = logrec_new("5g", "epp.routers", json_integer((json_int_t)rs->n),
	    "count", -1);
	logrec_emit(ctx, rec, NULL, NULL, NULL, rec_source(dir, 0, 0, NULL,
	    sbuf_str(&how)));
	for (size_t b = 0; b < rs->n; b++)
		for (size_t a = 0; a < rs->n; a++)
			if (replaced(&rs->v[a], &rs->v[b])) {
				if (nrep++ == 0) {
					old = &rs->v[a];
					new = &rs->v[b];
				}
				break;
			}
	rec = logrec_new("5g", "epp.router.replaced", json_integer(nrep),
	    "count", -1);
	logrec_emit(ctx, rec, NULL, NULL, NULL, new != NULL ? rec_source(
	    new->first_file, new->first_line, 0, "ts", "EPP pods whose log "
	    "begins as another pod's ends (within a rollout's 120 s "
	    "overlap): the router replaced mid-log; source line: the first "
	    "line of the first replacement") : rec_source(dir, 0, 0, NULL,
	    "EPP pods whose log begins as another pod's ends: none"));
	if (old != NULL) {
		rec = logrec_new("5g", "epp.router.replaced_pod",
		    json_string(old->name), NULL, -1);
		logrec_emit(ctx, rec, NULL, NULL, NULL, rec_source(
		    old->last_file, old->last_line, 0, "ts", "the EPP pod "
		    "the first replacement took over from; source line: its "
		    "last line"));
	}
	sbuf_free(&how);
}

void
epprouters_free(struct epprouters *rs)
{
	for (size_t k = 0; k < rs->n; k++)
		free(rs->v[k].name);
	free(rs->v);
	memset(rs, 0, sizeof(*rs));
}
