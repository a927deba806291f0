/* epplog.c - EPP JSON-per-line logs into cell-level measure records. */
#define _GNU_SOURCE	/* memmem */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "epplog.h"
#include "err.h"
#include "rec.h"
#include "str.h"

/* Distinct keys per counter; more is junk input and lands in "(other)". */
#define EPP_MAX_KEYS	1024
/* Pods tracked; more is junk input. */
#define EPP_MAX_PODS	1024

void
epplog_init(struct epplog *e)
{
	memset(e, 0, sizeof(*e));
}

static void
count_add(struct eppcounts *c, const char *key, const char *key2,
    const char *file, long line)
{
	struct eppcount *x;

	for (size_t k = 0; k < c->n; k++) {
		x = &c->v[k];
		if (strcmp(x->key, key) == 0 && (key2 == NULL ?
		    x->key2 == NULL : x->key2 != NULL &&
		    strcmp(x->key2, key2) == 0)) {
			x->count++;
			return;
		}
	}
	if (c->n >= EPP_MAX_KEYS) {
		key = "(other)";
		key2 = NULL;
		for (size_t k = 0; k < c->n; k++)
			if (strcmp(c->v[k].key, key) == 0) {
				c->v[k].count++;
				return;
			}
	}
	c->v = xroom(c->v, c->n, sizeof(*c->v));
	x = &c->v[c->n++];
	x->key = xstrdup(key);
	x->key2 = key2 != NULL ? xstrdup(key2) : NULL;
	x->count = 1;
	x->file = file;
	x->line = line;
}

static void
counts_free(struct eppcounts *c)
{
	for (size_t k = 0; k < c->n; k++) {
		free(c->v[k].key);
		free(c->v[k].key2);
	}
	free(c->v);
}

/* A JSON value as a short key text: strings as they are, numbers as
 * integers when integral.  buf must hold 64 bytes. */
static const char *
key_of(const json_t *v, char *buf, size_t len)
{
	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_integer(v)) {
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
		return buf;
	}
	if (json_is_real(v)) {
		snprintf(buf, len, "%.10g", json_real_value(v));
		return buf;
	}
	if (json_is_null(v))
		return "null";
	if (json_is_boolean(v))
		return json_is_true(v) ? "true" : "false";
	return NULL;
}

/* "sim2real-aw-decode-79f6f9b4db-9pff7-rank-0" -> the pod name the
 * server log file carries: the data-parallel "-rank-N" suffix dropped. */
static char *
pod_of(const char *name)
{
	const char *r = strstr(name, "-rank-");
	size_t n = strlen(name);

	if (r != NULL && r[6] != '\0' && strspn(r + 6, "0123456789") ==
	    strlen(r + 6))
		n = (size_t)(r - name);
	/* "namespace/name" in NamespacedName */
	if (strchr(name, '/') != NULL) {
		const char *slash = strrchr(name, '/');

		return xstrndup(slash + 1, n - (size_t)(slash + 1 - name));
	}
	return xstrndup(name, n);
}

static struct epppod *
pod_get(struct epplog *e, const char *name, const char *file, long line)
{
	char *pod = pod_of(name);
	struct epppod *p;

	for (size_t k = 0; k < e->npods; k++)
		if (strcmp(e->pods[k].name, pod) == 0) {
			free(pod);
			return &e->pods[k];
		}
	if (e->npods >= EPP_MAX_PODS) {
		free(pod);
		return NULL;
	}
	e->pods = xroom(e->pods, e->npods, sizeof(*e->pods));
	p = &e->pods[e->npods++];
	memset(p, 0, sizeof(*p));
	p->name = pod;
	p->block_size = p->num_blocks = -1;
	p->file = file;
	p->line = line;
	return p;
}

/* "Key:123" in a Go %+v dump: the integer after it, -1 if absent. */
static int64_t
gofield_int(const char *s, const char *end, const char *key)
{
	size_t klen = strlen(key);
	const char *p = s;

	while ((p = memmem(p, (size_t)(end - p), key, klen)) != NULL) {
		const char *q = p + klen;
		int64_t v = 0;
		size_t nd = 0;

		/* Whole key: not the tail of a longer one. */
		if (p > s && (isalnum((unsigned char)p[-1]))) {
			p = q;
			continue;
		}
		while (q < end && isdigit((unsigned char)*q) && nd < 18)
			v = v * 10 + (*q++ - '0'), nd++;
		return nd > 0 ? v : -1;
	}
	return -1;
}

/* "Key:text" up to the next blank: a copy, NULL if absent. */
static char *
gofield_text(const char *s, const char *end, const char *key)
{
	size_t klen = strlen(key);
	const char *p = memmem(s, (size_t)(end - s), key, klen), *q;

	if (p == NULL)
		return NULL;
	p += klen;
	for (q = p; q < end && *q != ' ' && *q != '}' && *q != ']'; q++)
		;
	return q > p ? xstrndup(p, (size_t)(q - p)) : NULL;
}

static void
pod_metrics(struct epppod *p, const char *s, const char *end)
{
	int64_t bs = gofield_int(s, end, "CacheBlockSize:");
	int64_t nb = gofield_int(s, end, "CacheNumGPUBlocks:");
	const char *field = "CacheNumGPUBlocks";

	if (nb < 0) {
		nb = gofield_int(s, end, "CacheNumBlocks:");
		field = "CacheNumBlocks";
	}
	if (bs >= 0)
		p->block_size = bs;
	if (nb >= 0) {
		if (p->num_blocks >= 0 && p->num_blocks != nb)
			p->blocks_vary = true;
		p->num_blocks = nb;
		p->blocks_field = field;
	}
}

/* "Refreshed metrics": endpoint {name, namespace} (or a string) and the
 * %+v dump of the metrics under "updated". */
static void
on_refreshed(struct epplog *e, json_t *obj, const char *file, long line)
{
	json_t *ep = json_object_get(obj, "endpoint");
	const char *name = NULL, *upd;
	struct epppod *p;

	if (json_is_object(ep))
		name = json_string_value(json_object_get(ep, "name"));
	else if (json_is_string(ep))
		name = json_string_value(ep);
	if (name == NULL || (p = pod_get(e, name, file, line)) == NULL)
		return;
	p->refreshed++;
	if ((upd = json_string_value(json_object_get(obj, "updated"))) != NULL)
		pod_metrics(p, upd, upd + strlen(upd));
}

/* A metric family the pod's failure names, added to its list once. */
static void
missing_add(struct epppod *p, const char *fam, size_t n)
{
	struct sbuf b = {0};
	const char *q = p->missing;

	while (q != NULL && *q != '\0') {
		const char *comma = strstr(q, ", ");
		size_t len = comma ? (size_t)(comma - q) : strlen(q);

		if (len == n && memcmp(q, fam, n) == 0)
			return;
		q = comma ? comma + 2 : NULL;
	}
	if (p->missing != NULL)
		sbuf_printf(&b, "%s, ", p->missing);
	sbuf_add(&b, fam, n);
	free(p->missing);
	p->missing = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
}

enum { PART_NONE, PART_FAMILY, PART_FETCH };

/* One part of a failure's err: 'metric family "X" not found' (a family
 * the server does not export: the refresh still updates the others and
 * logs 'Refreshed metrics') adds X; anything else is a dial error, a
 * client timeout: a fetch that read nothing. */
static int
failure_part(struct epppod *p, const char *q, size_t len)
{
	static const char fam0[] = "metric family \"", fam1[] = "\" not found";
	size_t l0 = sizeof(fam0) - 1, l1 = sizeof(fam1) - 1;

	if (len > l0 + l1 && memcmp(q, fam0, l0) == 0 &&
	    memcmp(q + len - l1, fam1, l1) == 0) {
		missing_add(p, q + l0, len - l0 - l1);
		return PART_FAMILY;
	}
	return len > 0 ? PART_FETCH : PART_NONE;
}

/* "Failed to refreshed metrics:" (GAIE's pod_metrics.go; the typo is
 * its own), err multierr's "; "-joined list.  After a fetch that read
 * nothing the router keeps routing on the pod's last metrics. */
static void
on_refresh_failed(struct epplog *e, json_t *obj, const char *file,
    long line)
{
	json_t *ep = json_object_get(obj, "endpoint");
	const char *name = NULL, *err, *q;
	bool fetch = false, fam = false;
	struct epppod *p;

	if (json_is_object(ep))
		name = json_string_value(json_object_get(ep, "name"));
	else if (json_is_string(ep))
		name = json_string_value(ep);
	err = json_string_value(json_object_get(obj, "err"));
	if (name == NULL || err == NULL ||
	    (p = pod_get(e, name, file, line)) == NULL)
		return;
	for (q = err; *q != '\0';) {
		const char *semi = strstr(q, "; ");
		size_t len = semi ? (size_t)(semi - q) : strlen(q);

		int part = failure_part(p, q, len);

		fetch |= part == PART_FETCH;
		fam |= part == PART_FAMILY;
		q = semi ? semi + 2 : q + len;
	}
	if (fam && p->missing_lines++ == 0) {
		p->missing_file = file;
		p->missing_line = line;
	}
	if (fetch && p->fetch_failed++ == 0) {
		p->fetch_err = xstrdup(err);
		p->fetch_file = file;
		p->fetch_line = line;
	}
}

/* "Current Pods and metrics gathered": "[Metadata: {NamespacedName:ns/x
 * PodName:x Address:10.0.0.1 ...}; Metrics: {...}]" per pod. */
static void
on_gathered(struct epplog *e, const char *dump, const char *file,
    long line)
{
	const char *end = dump + strlen(dump), *p = dump;

	while ((p = memmem(p, (size_t)(end - p), "Metadata:", 9)) != NULL) {
		const char *next = memmem(p + 9, (size_t)(end - p - 9),
		    "Metadata:", 9);
		const char *stop = next != NULL ? next : end;
		char *name = gofield_text(p, stop, "PodName:");
		struct epppod *pod;

		if (name == NULL)
			name = gofield_text(p, stop, "NamespacedName:");
		if (name != NULL && (pod = pod_get(e, name, file, line))) {
			char *addr = gofield_text(p, stop, "Address:");

			if (addr != NULL) {
				free(pod->address);
				pod->address = addr;
			}
			pod_metrics(pod, p, stop);
		}
		free(name);
		p = stop;
	}
}

/* Stamps outside 2000..2100 are junk, not a run's. */
#define TS_MIN_S	946684800.0
#define TS_MAX_S	4102444800.0

/* zap's ISO 8601 "2026-04-23T14:20:04Z" (fraction and offset optional)
 * as epoch seconds. */
static bool
iso_seconds(const char *s, double *out)
{
	struct tm tm = {0};
	int n = 0, oh = 0, om = 0;
	double frac = 0;
	char *end;
	long off = 0;

	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon,
	    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &n) != 6)
		return false;
	s += n;
	if (*s == '.') {
		frac = strtod(s, &end);
		s = end;
	}
	if ((*s == '+' || *s == '-') && sscanf(s + 1, "%2d:%2d", &oh, &om) ==
	    2)
		off = (*s == '-' ? -1 : 1) * (oh * 3600L + om * 60L);
	else if (*s != 'Z')
		return false;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	*out = (double)timegm(&tm) - (double)off + frac;
	return true;
}

/* The line's "ts": zap's epoch seconds (a number) or ISO 8601 text;
 * the log's first and last are its span, which 5g holds against the
 * trace's (an EPP log of another attempt has the same pods and keys). */
static void
on_ts(struct epplog *e, const json_t *ts, const char *file, long line)
{
	double sec;
	int64_t us;

	if (json_is_number(ts))
		sec = json_number_value(ts);
	else if (!json_is_string(ts) || !iso_seconds(json_string_value(ts),
	    &sec))
		return;
	if (!(sec > TS_MIN_S && sec < TS_MAX_S))
		return;
	us = (int64_t)(sec * 1e6);
	epprouter_ts(e->router, us, file, line);
	if (e->ts_lines++ == 0 || us < e->ts_first_us) {
		e->ts_first_us = us;
		e->ts_first_file = file;
		e->ts_first_line = line;
	}
	if (e->ts_lines == 1 || us > e->ts_last_us) {
		e->ts_last_us = us;
		e->ts_last_file = file;
		e->ts_last_line = line;
	}
}

static void
on_object(struct epplog *e, json_t *obj, const char *file, long line)
{
	const char *msg = json_string_value(json_object_get(obj, "msg"));
	json_t *lv = json_object_get(obj, "level");
	json_t *ok = json_object_get(obj, "objectiveKey");
	json_t *prio = json_object_get(obj, "priority");
	const char *okey = json_string_value(ok), *pkey = NULL;
	char buf[64];

	count_add(&e->levels, json_is_string(lv) ? json_string_value(lv) :
	    "(none)", NULL, file, line);
	on_ts(e, json_object_get(obj, "ts"), file, line);
	if (ok != NULL)
		e->has_objective = true;
	if (prio != NULL && (pkey = key_of(prio, buf, sizeof(buf))) != NULL) {
		e->has_priority = true;
		count_add(&e->priorities, pkey, NULL, file, line);
	}
	if (okey != NULL && pkey != NULL)
		count_add(&e->objectives, okey, pkey, file, line);
	if (msg == NULL)
		return;
	if (strcmp(msg, "Request handled") == 0) {
		const char *ep = json_string_value(json_object_get(obj,
		    "endpoint"));

		if (e->handled_total++ == 0) {
			e->handled_file = file;
			e->handled_line = line;
		}
		count_add(&e->handled, ep != NULL ? ep : "(none)", NULL, file,
		    line);
		if (okey != NULL)
			count_add(&e->obj_requests, okey, NULL, file, line);
	} else if (strcmp(msg, "Flow control outcome") == 0) {
		const char *out = json_string_value(json_object_get(obj,
		    "outcome"));

		count_add(&e->outcomes, out != NULL ? out : "(none)",
		    pkey != NULL ? pkey : "(none)", file, line);
	} else if (strcmp(msg, "Refreshed metrics") == 0) {
		on_refreshed(e, obj, file, line);
	} else if (strncmp(msg, "Failed to refresh", 17) == 0) {
		on_refresh_failed(e, obj, file, line);
	} else if (strcmp(msg, "Current Pods and metrics gathered") == 0) {
		const char *dump = json_string_value(json_object_get(obj,
		    "Fresh metrics"));

		if (dump != NULL)
			on_gathered(e, dump, file, line);
	} else if (strncmp(msg, "Request rejected", 16) == 0) {
		count_add(&e->rejections, msg, NULL, file, line);
	}
}

void
epplog_line(struct epplog *e, const char *s, size_t n, const char *file,
    long lineno, struct logwarn *w)
{
	const char *p = s, *end = s + n;
	json_error_t jerr;
	json_t *obj;

	e->lines++;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end)
		return;
	if (*p != '{') {
		/* Go's log package: "2026/04/23 14:12:01 traces export: ..." */
		if (e->non_json++ == 0) {
			e->first_non_json_file = file;
			e->first_non_json_line = lineno;
		}
		return;
	}
	if (line_check(s, n) == LINE_BINARY) {
		e->bad_json++;
		logwarn(w, WARN_BINARY, lineno, line_flaw_column(s, n),
		    "expected a JSON object, got a NUL byte");
		return;
	}
	/* Without JSON_REJECT_DUPLICATES the last duplicate key wins. */
	obj = json_loadb(p, (size_t)(end - p), 0, &jerr);
	if (obj == NULL || !json_is_object(obj)) {
		e->bad_json++;
		logwarn(w, WARN_SYNTAX, lineno,
		    (long)(p - s) + (obj ? 1 : jerr.position + 1),
		    "expected a JSON object, got %s", obj ? "another JSON "
		    "value" : jerr.text);
		json_decref(obj);
		return;
	}
	e->json_lines++;
	on_object(e, obj, file, lineno);
	json_decref(obj);
}

bool
epplog_read(struct epplog *e, const char *path, const char *file)
{
	struct logreader r;
	struct logwarn w = {.file = file};
	const char *line;
	size_t len;

	if (!logreader_open(&r, path))
		return false;
	e->router = epprouter_of(&e->routers, file);
	while (logreader_next(&r, &w, &line, &len))
		epplog_line(e, line, len, file, r.lineno, &w);
	e->lines += r.overlong;
	e->overlong += r.overlong;
	logreader_close(&r);
	logwarn_done(&w);
	return true;
}

/* ---------------------------------------------------------------- */

static json_t *
src_of(const char *file, long line, const char *field, const char *how)
{
	return rec_source(file, line, 0, field, how);
}

static void
emit_count(const struct logctx *ctx, const char *check, const char *metric,
    long value, const char *file, long line, const char *field,
    const char *how)
{
	json_t *rec = logrec_new(check, metric, json_integer(value), "count",
	    -1);

	logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(file, line, field, how));
}

static int
count_order(const void *a, const void *b)
{
	const struct eppcount *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c != 0 || x->key2 == NULL || y->key2 == NULL)
		return c;
	return strcmp(x->key2, y->key2);
}

/* Numeric order for priority keys ("-50" < "0" < "100"). */
static int
prio_order(const void *a, const void *b)
{
	const struct eppcount *x = a, *y = b;
	double p = atof(x->key), q = atof(y->key);

	if (p != q)
		return p < q ? -1 : 1;
	return strcmp(x->key, y->key);
}

static void
sorted(const struct eppcounts *c, struct eppcount **out,
    int (*cmp)(const void *, const void *))
{
	*out = xreallocarray(NULL, c->n + 1, sizeof(**out));
	if (c->n > 0)
		memcpy(*out, c->v, c->n * sizeof(**out));
	qsort(*out, c->n, sizeof(**out), cmp);
}

static void
emit_verbosity(const struct epplog *e, const char *dir,
    const struct logctx *ctx)
{
	struct eppcount *lv;
	struct sbuf seen = {0};
	json_t *rec;

	sorted(&e->levels, &lv, count_order);
	for (size_t k = 0; k < e->levels.n; k++)
		sbuf_printf(&seen, "%s%s", k ? "," : "", lv[k].key);
	rec = logrec_new("5g", "epp.levels_seen", json_string(sbuf_str(&seen)),
	    NULL, (long)e->levels.n);
	logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(dir, 0, "level",
	    "distinct 'level' values of the JSON lines, sorted"));
	for (size_t k = 0; k < e->levels.n; k++) {
		char metric[96];

		logrec_metric(metric, sizeof(metric), "epp.level.count",
		    lv[k].key, NULL);
		rec = logrec_new("5g", metric, json_integer(lv[k].count),
		    "count", -1);
		logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(lv[k].file,
		    lv[k].line, lv[k].key, "JSON lines at this level (source "
		    "line: the first)"));
	}
	free(lv);
	sbuf_free(&seen);
	rec = logrec_new("5g", "epp.has_objective_key",
	    json_boolean(e->has_objective), NULL, -1);
	logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(dir, 0, "objectiveKey",
	    "whether any line carries objectiveKey (logged at -v=3 and "
	    "above)"));
	rec = logrec_new("5g", "epp.has_priority",
	    json_boolean(e->has_priority), NULL, -1);
	logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(dir, 0, "priority",
	    "whether any line carries priority (logged at -v=3 and above)"));
}

static void
emit_lines(const struct epplog *e, const char *dir,
    const struct logctx *ctx)
{
	json_t *rec;

	emit_count(ctx, "5g", "epp.lines", e->lines, dir, 0, NULL,
	    "lines read over all EPP log files of the cell");
	emit_count(ctx, "5g", "epp.json_lines", e->json_lines, dir, 0, NULL,
	    "lines that are one JSON object");
	emit_count(ctx, "5g", "epp.non_json_lines", e->non_json,
	    e->non_json ? e->first_non_json_file : dir, e->first_non_json_line,
	    NULL, "lines that do not start with '{' (Go log package), "
	    "skipped; source line: the first");
	if (e->bad_json > 0) {
		rec = logrec_new("5g", "log.bad_lines.json_syntax",
		    json_integer(e->bad_json), "count", -1);
		logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(dir, 0, NULL,
		    "lines starting with '{' that are not one JSON object "
		    "(warned on stderr with file:line:column)"));
	}
	if (e->overlong > 0) {
		rec = logrec_new("5g", "log.bad_lines.overlong",
		    json_integer(e->overlong), "count", -1);
		logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(dir, 0, NULL,
		    "lines over 1 MiB, skipped"));
	}
}

static const struct epppod *
pod_by_address(const struct epplog *e, const char *endpoint)
{
	size_t alen = strcspn(endpoint, ":");

	for (size_t k = 0; k < e->npods; k++)
		if (e->pods[k].address != NULL &&
		    strlen(e->pods[k].address) == alen &&
		    memcmp(e->pods[k].address, endpoint, alen) == 0)
			return &e->pods[k];
	return NULL;
}

static void
emit_handled(const struct epplog *e, const char *dir,
    const struct logctx *ctx)
{
	struct eppcount *h;

	emit_count(ctx, "5b", "epp.requests_handled", e->handled_total,
	    e->handled_total ? e->handled_file : dir, e->handled_line, "msg",
	    "lines with msg 'Request handled'");
	sorted(&e->handled, &h, count_order);
	for (size_t k = 0; k < e->handled.n; k++) {
		const struct epppod *pod = pod_by_address(e, h[k].key);
		json_t *rec = logrec_new("5b", "epp.requests_handled",
		    json_integer(h[k].count), "count", -1);

		logrec_emit(ctx, rec, pod ? pod->name : h[k].key, NULL, NULL,
		    src_of(h[k].file, h[k].line, h[k].key, "'Request "
		    "handled' lines with this endpoint (field; instance: the "
		    "pod whose Address it is when the log says, else the "
		    "endpoint)"));
	}
	free(h);
}

static void
emit_objectives(const struct epplog *e, const char *dir,
    const struct logctx *ctx)
{
	struct eppcount *o, *r, *pr;
	struct sbuf seen = {0};
	json_t *rec;

	sorted(&e->objectives, &o, count_order);
	for (size_t k = 0; k < e->objectives.n; k++) {
		rec = logrec_new("5g", "epp.objective.priority",
		    rec_num(atof(o[k].key2)), NULL, o[k].count);
		logrec_emit(ctx, rec, NULL, "class", o[k].key, src_of(o[k].file,
		    o[k].line, "priority", "priority on lines carrying this "
		    "objectiveKey; n: such lines (several records for one key: "
		    "it resolved to different priorities)"));
	}
	sorted(&e->obj_requests, &r, count_order);
	for (size_t k = 0; k < e->obj_requests.n; k++) {
		rec = logrec_new("5g", "epp.objective.requests",
		    json_integer(r[k].count), "count", -1);
		logrec_emit(ctx, rec, NULL, "class", r[k].key, src_of(r[k].file,
		    r[k].line, "objectiveKey", "'Request handled' lines with "
		    "this objectiveKey"));
	}
	sorted(&e->priorities, &pr, prio_order);
	for (size_t k = 0; k < e->priorities.n; k++)
		sbuf_printf(&seen, "%s%s", k ? "," : "", pr[k].key);
	rec = logrec_new("5g", "epp.priorities_seen",
	    json_string(sbuf_str(&seen)), NULL, (long)e->priorities.n);
	logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(e->priorities.n ?
	    pr[0].file : dir, e->priorities.n ? pr[0].line : 0, "priority",
	    "distinct priority values on any line, ascending"));
	free(o);
	free(r);
	free(pr);
	sbuf_free(&seen);
}

static void
emit_outcomes(const struct epplog *e, const char *dir,
    const struct logctx *ctx)
{
	struct eppcount *o;
	long total = 0;
	json_t *rec;

	for (size_t k = 0; k < e->outcomes.n; k++)
		total += e->outcomes.v[k].count;
	emit_count(ctx, "5g", "epp.flow_control.outcomes", total, dir, 0,
	    "msg", "lines with msg 'Flow control outcome' (0: flow control "
	    "inactive or verbosity below its level)");
	sorted(&e->outcomes, &o, count_order);
	for (size_t k = 0; k < e->outcomes.n; k++) {
		char metric[128], field[128];

		logrec_metric(metric, sizeof(metric),
		    "epp.flow_control.outcome", o[k].key, o[k].key2);
		snprintf(field, sizeof(field), "outcome=%s priority=%s",
		    o[k].key, o[k].key2);
		rec = logrec_new("5g", metric, json_integer(o[k].count),
		    "count", -1);
		logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(o[k].file,
		    o[k].line, field, "'Flow control outcome' lines with "
		    "this outcome and priority"));
	}
	free(o);
	for (size_t k = 0; k < e->rejections.n; k++) {
		rec = logrec_new("5g", "epp.admission.rejected",
		    json_integer(e->rejections.v[k].count), "count", -1);
		logrec_emit(ctx, rec, NULL, NULL, NULL,
		    src_of(e->rejections.v[k].file, e->rejections.v[k].line,
		    e->rejections.v[k].key, "legacy admission 'Request rejected' lines"));
	}
}

static int
pod_order(const void *a, const void *b)
{
	return strcmp(((const struct epppod *)a)->name,
	    ((const struct epppod *)b)->name);
}

/* The EPP's refreshes of one pod's metrics and their failures (5g
 * judges them: the router's scorers read these metrics). */
static void
emit_refreshes(const struct epppod *p, const struct logctx *ctx)
{
	bool f = p->fetch_failed > 0;
	json_t *rec;

	if (p->refreshed == 0 && !f && p->missing == NULL)
		return;
	rec = logrec_new("5g", "epp.pod.metrics_refreshed",
	    json_integer(p->refreshed), "count", -1);
	logrec_emit(ctx, rec, p->name, NULL, NULL, src_of(p->file, p->line,
	    NULL, "'Refreshed metrics' lines of the pod (source line: the "
	    "pod's first line)"));
	rec = logrec_new("5g", "epp.pod.metrics_fetch_failed",
	    json_integer(p->fetch_failed), "count", -1);
	logrec_emit(ctx, rec, p->name, NULL, NULL, src_of(f ? p->fetch_file :
	    p->file, f ? p->fetch_line : p->line, f ? "err" : NULL,
	    "'Failed to refreshed metrics:' lines of the pod whose err is "
	    "more than missing metric families: a fetch that read nothing "
	    "(source line: the first)"));
	if (f) {
		rec = logrec_new("5g", "epp.pod.metrics_fetch_error",
		    json_string(p->fetch_err), NULL, -1);
		logrec_emit(ctx, rec, p->name, NULL, NULL, src_of(p->fetch_file,
		    p->fetch_line, "err", "the err of the pod's first failed "
		    "fetch"));
	}
	if (p->missing != NULL) {
		rec = logrec_new("5g", "epp.pod.metric_families_missing",
		    json_string(p->missing), NULL, p->missing_lines);
		logrec_emit(ctx, rec, p->name, NULL, NULL,
		    src_of(p->missing_file, p->missing_line, "err", "the "
		    "metric families 'Failed to refreshed metrics:' lines say "
		    "are not found on the pod (n: those lines; source line: "
		    "the first)"));
	}
}

static void
emit_pods(const struct epplog *e, const char *dir, const struct logctx *ctx)
{
	struct epppod *p = xreallocarray(NULL, e->npods + 1, sizeof(*p));
	json_t *rec;

	if (e->npods > 0)
		memcpy(p, e->pods, e->npods * sizeof(*p));
	qsort(p, e->npods, sizeof(*p), pod_order);
	emit_count(ctx, "5g", "epp.pods.count", (long)e->npods, dir, 0, NULL,
	    "distinct pods named in 'Refreshed metrics', 'Failed to refreshed "
	    "metrics:' or 'Current Pods and metrics gathered' lines "
	    "('-rank-N' suffix dropped)");
	for (size_t k = 0; k < e->npods; k++) {
		/* which pods, not only how many: 5g holds them against the
		 * server logs' */
		rec = logrec_new("5g", "epp.pod.seen", json_true(), NULL, -1);
		logrec_emit(ctx, rec, p[k].name, NULL, NULL, src_of(p[k].file,
		    p[k].line, NULL, "the pod named in a 'Refreshed metrics' "
		    "or 'Current Pods and metrics gathered' line ('-rank-N' "
		    "suffix dropped; source line: the first)"));
		if (p[k].block_size >= 0) {
			rec = logrec_new("5g", "epp.pod.cache_block_size",
			    json_integer(p[k].block_size), "tokens", -1);
			logrec_emit(ctx, rec, p[k].name, NULL, NULL,
			    src_of(p[k].file, p[k].line, "CacheBlockSize",
			    "CacheBlockSize in the pod's metrics dump (last "
			    "seen; source line: the first)"));
		}
		emit_refreshes(&p[k], ctx);
		if (p[k].num_blocks >= 0) {
			rec = logrec_new("5f", "epp.pod.cache_num_blocks",
			    json_integer(p[k].num_blocks), "count", -1);
			logrec_emit(ctx, rec, p[k].name, NULL, NULL,
			    src_of(p[k].file, p[k].line, p[k].blocks_field,
			    p[k].blocks_vary ? "last value in the pod's metrics "
			    "dumps; it CHANGED over the log" : "value in the "
			    "pod's metrics dumps (constant over the log)"));
		}
	}
	free(p);
}

static void
emit_span(const struct epplog *e, const struct logctx *ctx)
{
	json_t *rec;

	if (e->ts_lines == 0)
		return;
	rec = logrec_new("5g", "epp.ts.first_us", json_integer(
	    e->ts_first_us), "us", e->ts_lines);
	logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(e->ts_first_file,
	    e->ts_first_line, "ts", "the earliest ts of the cell's EPP log "
	    "lines, Unix epoch"));
	rec = logrec_new("5g", "epp.ts.last_us", json_integer(e->ts_last_us),
	    "us", e->ts_lines);
	logrec_emit(ctx, rec, NULL, NULL, NULL, src_of(e->ts_last_file,
	    e->ts_last_line, "ts", "the latest ts of the cell's EPP log "
	    "lines, Unix epoch"));
}

void
epplog_emit(const struct epplog *e, const char *dir,
    const struct logctx *ctx)
{
	emit_lines(e, dir, ctx);
	emit_span(e, ctx);
	epprouters_emit(&e->routers, dir, ctx);
	emit_verbosity(e, dir, ctx);
	emit_handled(e, dir, ctx);
	emit_objectives(e, dir, ctx);
	emit_outcomes(e, dir, ctx);
	emit_pods(e, dir, ctx);
}

void
epplog_free(struct epplog *e)
{
	epprouters_free(&e->routers);
	counts_free(&e->levels);
	counts_free(&e->handled);
	counts_free(&e->objectives);
	counts_free(&e->obj_requests);
	counts_free(&e->priorities);
	counts_free(&e->outcomes);
	counts_free(&e->rejections);
	for (size_t k = 0; k < e->npods; k++) {
		free(e->pods[k].name);
		free(e->pods[k].address);
		free(e->pods[k].fetch_err);
		free(e->pods[k].missing);
	}
	free(e->pods);
}
