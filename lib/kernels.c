/* kernels.c - see kernels.h. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "err.h"
#include "kernels.h"
#include "kineto.h"
#include "nsys.h"
#include "rec.h"
#include "str.h"

/* ---- the trace ------------------------------------------------------- */

struct ktrace *
ktrace_new(const char *path, const char *format)
{
	struct ktrace *t = xcalloc(1, sizeof(*t));

	t->path = xstrdup(path);
	t->format = format;
	t->rank = -1;
	t->world = -1;
	t->attribution = "none";
	return t;
}

void
ktrace_free(struct ktrace *t)
{
	if (t == NULL)
		return;
	strtab_free(&t->names);
	free(t->ops);
	free(t->launch);
	free(t->marks);
	free(t->iters);
	free(t->path);
	free(t);
}

#define GROW(arr, n, cap) do { \
	if ((n) == (cap)) { \
		(cap) = (cap) ? (cap) * 2 : 1024; \
		(arr) = xreallocarray((arr), (cap), sizeof(*(arr))); \
	} \
} while (0)

struct kop *
ktrace_add_op(struct ktrace *t)
{
	struct kop *op;

	GROW(t->ops, t->nops, t->capops);
	op = &t->ops[t->nops++];
	memset(op, 0, sizeof(*op));
	op->corr = K_NONE;
	op->launch = K_NONE;
	op->iter = -1;
	op->stream = -1;
	return op;
}

void
ktrace_add_launch(struct ktrace *t, int64_t corr, int64_t pid, int64_t tid,
    int64_t ts, bool graph)
{
	struct klaunch *l;

	GROW(t->launch, t->nlaunch, t->caplaunch);
	l = &t->launch[t->nlaunch++];
	l->corr = corr;
	l->pid = pid;
	l->tid = tid;
	l->ts = ts;
	l->graph = graph;
}

const char *
kstage_name(int stage)
{
	static const char *const names[] = { "unknown", "prefill", "decode",
	    "mixed" };

	return stage >= 0 && stage < ST_NSTAGES ? names[stage] : "unknown";
}

const char *
kcat_name(int cat)
{
	return cat == KC_MEMCPY ? "memcpy" : cat == KC_MEMSET ? "memset" :
	    "kernel";
}

/* Reads a decimal at *p; false when there is none. */
static bool
take_num(const char **p, int64_t *out)
{
	const char *s = *p;
	size_t n = 0;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	if (n == 0 || !parse_i64(s, n, out))
		return false;
	*p = s + n;
	return true;
}

static bool
take_lit(const char **p, const char *lit)
{
	size_t n = strlen(lit);

	if (strncmp(*p, lit, n) != 0)
		return false;
	*p += n;
	return true;
}

static int
stage_of(int64_t ctx, int64_t gen)
{
	if (ctx > 0 && gen > 0)
		return ST_MIXED;
	if (ctx > 0)
		return ST_PREFILL;
	if (gen > 0)
		return ST_DECODE;
	return ST_UNKNOWN;
}

static bool
parse_vllm(const char *s, int *stage, int64_t c[4])
{
	const char *p = s;

	/* execute_context_N(T)_generation_M(T) */
	if (take_lit(&p, "execute_context_") && take_num(&p, &c[0]) &&
	    take_lit(&p, "(") && take_num(&p, &c[1]) &&
	    take_lit(&p, ")_generation_") && take_num(&p, &c[2]) &&
	    take_lit(&p, "(") && take_num(&p, &c[3]) && take_lit(&p, ")")) {
		*stage = stage_of(c[0], c[2]);
		return true;
	}
	/* older builds: execute_new_N_cached_M */
	p = s;
	c[0] = c[1] = c[2] = c[3] = -1;
	if (take_lit(&p, "execute_new_") && take_num(&p, &c[0]) &&
	    take_lit(&p, "_cached_") && take_num(&p, &c[2])) {
		*stage = stage_of(c[0], c[2]);
		return true;
	}
	c[0] = c[1] = c[2] = c[3] = -1;
	return false;
}

static bool
parse_sglang(const char *s, int *stage, int64_t c[4])
{
	const char *p = s, *q;
	int64_t v;

	if (!take_lit(&p, "step["))
		return false;
	if (strchr(p, ']') == NULL)
		return false;
	*stage = ST_UNKNOWN;
	if (str_has_prefix(p, "DECODE"))
		*stage = ST_DECODE;
	else if (str_has_prefix(p, "EXTEND") || str_has_prefix(p, "PREFILL"))
		*stage = ST_PREFILL;
	else if (str_has_prefix(p, "MIXED"))
		*stage = ST_MIXED;
	if ((q = strstr(p, "bs=")) != NULL) {
		q += 3;
		if (take_num(&q, &v))
			c[*stage == ST_DECODE ? 2 : 0] = v;
	}
	if ((q = strstr(p, "toks=")) != NULL) {
		q += 5;
		if (take_num(&q, &v))
			c[1] = v;
	}
	return true;
}

bool
kmarker_parse(const char *name, int *family, int *stage, int64_t *id,
    int64_t c[4])
{
	const char *p = name;

	c[0] = c[1] = c[2] = c[3] = -1;
	*id = -1;
	*stage = ST_UNKNOWN;
	if (take_lit(&p, "ProfilerStep#")) {
		if (!take_num(&p, id) || *p != '\0')
			return false;
		*family = MK_STEP;
		return true;
	}
	if (parse_vllm(name, stage, c)) {
		*family = MK_VLLM;
		return true;
	}
	if (parse_sglang(name, stage, c)) {
		*family = MK_SGLANG;
		return true;
	}
	return false;
}

bool
ktrace_add_marker(struct ktrace *t, const char *name, int64_t start,
    int64_t dur, int64_t pid, int64_t tid, bool gpu, long line, long column)
{
	int family, stage;
	int64_t id, c[4];
	struct kmarker *m;

	if (!kmarker_parse(name, &family, &stage, &id, c))
		return false;
	GROW(t->marks, t->nmarks, t->capmarks);
	m = &t->marks[t->nmarks++];
	m->start = start;
	m->end = start + dur;
	m->pid = pid;
	m->tid = tid;
	m->name = strtab_intern(&t->names, name);
	m->family = (uint8_t)family;
	m->gpu = gpu;
	m->line = (int32_t)line;
	m->column = (int32_t)column;
	return true;
}

/* ---- attribution ----------------------------------------------------- */

static int
cmp_launch(const void *a, const void *b)
{
	const struct klaunch *x = a, *y = b;

	if (x->corr != y->corr)
		return x->corr < y->corr ? -1 : 1;
	return x->ts < y->ts ? -1 : x->ts > y->ts;
}

/* Markers of the chosen family, by thread then start. */
static int
cmp_mark_thread(const void *a, const void *b)
{
	const struct kmarker *x = *(struct kmarker *const *)a;
	const struct kmarker *y = *(struct kmarker *const *)b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

static int
cmp_mark_start(const void *a, const void *b)
{
	const struct kmarker *x = *(struct kmarker *const *)a;
	const struct kmarker *y = *(struct kmarker *const *)b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/* The first launch with this correlation id.  *hint is where the last
 * search ended: operations mostly come in correlation order, so the next
 * one is usually right after it and the binary search over millions of
 * launches (a cache miss a step) is not needed. */
static const struct klaunch *
find_launch(const struct ktrace *t, int64_t corr, size_t *hint)
{
	size_t lo = 0, hi = t->nlaunch, h = *hint;

	if (h < t->nlaunch && t->launch[h].corr == corr &&
	    (h == 0 || t->launch[h - 1].corr < corr)) {
		*hint = h + 1;
		return &t->launch[h];
	}

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->launch[mid].corr < corr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->nlaunch && t->launch[lo].corr == corr) {
		*hint = lo + 1;
		return &t->launch[lo];
	}
	return NULL;
}

/* Index of the last marker in m[lo, hi) with start <= ts, or hi. */
static size_t
last_started(struct kmarker **m, size_t lo, size_t hi, int64_t ts)
{
	size_t a = lo, b = hi;

	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (m[mid]->start <= ts)
			a = mid + 1;
		else
			b = mid;
	}
	return a == lo ? hi : a - 1;
}

struct attrib {
	struct kmarker	**bythread, **bystart;
	int32_t		 *iter;		/* per t->marks entry: its iteration */
	size_t		  n;
	/* The launching thread's markers in bythread, for the last thread
	 * asked about: launches come in long runs from one thread. */
	int64_t		  pid, tid;
	size_t		  lo, hi;
	bool		  cached;
	bool		  host;
	bool		  envelope;	/* vLLM/SGLang: launches after the range */
};

/* First marker of thread (pid, tid) in bythread order, or (after) the
 * first one past it. */
static size_t
thread_bound(const struct attrib *a, int64_t pid, int64_t tid, bool after)
{
	size_t lo = 0, hi = a->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct kmarker *m = a->bythread[mid];
		bool below = m->pid < pid || (m->pid == pid && (m->tid < tid ||
		    (after && m->tid == tid)));

		if (below)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The marker whose host range holds the launch on the launching thread,
 * else one on another thread of the same process (autograd and NCCL
 * threads launch inside the main thread's step), else for vLLM/SGLang
 * the latest marker of the launching thread when the launch came after
 * it closed (lm_head, sampling run after the execute_... range). */
static struct kmarker *
marker_for_launch(struct attrib *a, const struct klaunch *l, bool *late)
{
	size_t lo = 0, hi = a->n, k;

	*late = false;
	if (!a->cached || a->pid != l->pid || a->tid != l->tid) {
		a->lo = thread_bound(a, l->pid, l->tid, false);
		a->hi = thread_bound(a, l->pid, l->tid, true);
		a->pid = l->pid;
		a->tid = l->tid;
		a->cached = true;
	}
	lo = a->lo;
	hi = a->hi;
	k = last_started(a->bythread, lo, hi, l->ts);
	if (k < hi && l->ts <= a->bythread[k]->end)
		return a->bythread[k];
	struct kmarker *mine = k < hi ? a->bythread[k] : NULL;

	size_t j = last_started(a->bystart, 0, a->n, l->ts);
	for (size_t steps = 0; j < a->n && steps < 64; steps++) {
		struct kmarker *m = a->bystart[j];

		if (m->pid == l->pid && l->ts <= m->end)
			return m;
		if (j == 0)
			break;
		j--;
	}
	if (a->envelope && mine != NULL) {
		*late = true;
		return mine;
	}
	return NULL;
}

static struct kmarker *
marker_for_gpu(struct attrib *a, const struct kop *op)
{
	size_t j = last_started(a->bystart, 0, a->n, op->start);

	for (size_t steps = 0; j < a->n && steps < 64; steps++) {
		struct kmarker *m = a->bystart[j];

		if ((m->pid < 0 || m->pid == op->dev) && op->start < m->end)
			return m;
		if (j == 0)
			break;
		j--;
	}
	return NULL;
}

/* Picks the strongest marker family present, host markers first. */
static void
choose_markers(struct ktrace *t, struct attrib *a)
{
	int best = -1;
	bool host = false;

	for (size_t i = 0; i < t->nmarks; i++) {
		const struct kmarker *m = &t->marks[i];

		if (!m->gpu && (!host || m->family > best)) {
			host = true;
			best = m->family;
		} else if (!host && m->gpu && m->family > best) {
			best = m->family;
		}
	}
	a->host = host;
	a->envelope = best == MK_VLLM || best == MK_SGLANG;
	a->n = 0;
	a->bythread = xcalloc(t->nmarks + 1, sizeof(*a->bythread));
	a->bystart = xcalloc(t->nmarks + 1, sizeof(*a->bystart));
	for (size_t i = 0; i < t->nmarks; i++) {
		struct kmarker *m = &t->marks[i];

		if (m->family == best && (bool)m->gpu != host) {
			a->bythread[a->n] = m;
			a->bystart[a->n++] = m;
		}
	}
	qsort(a->bythread, a->n, sizeof(*a->bythread), cmp_mark_thread);
	qsort(a->bystart, a->n, sizeof(*a->bystart), cmp_mark_start);
}

static void
make_iters(struct ktrace *t, struct attrib *a)
{
	t->iters = xcalloc(a->n + 1, sizeof(*t->iters));
	t->niters = a->n;
	a->iter = xcalloc(t->nmarks + 1, sizeof(*a->iter));
	for (size_t i = 0; i < a->n; i++) {
		struct kmarker *m = a->bystart[i];
		struct kiter *it = &t->iters[i];
		int family, stage;
		int64_t id, c[4];

		a->iter[m - t->marks] = (int32_t)i;
		kmarker_parse(t->names.s[m->name], &family, &stage, &id, c);
		it->id = family == MK_STEP ? id : (int64_t)i;
		it->name = m->name;
		it->family = (uint8_t)family;
		it->stage = (uint8_t)stage;
		it->ctx_reqs = c[0];
		it->ctx_toks = c[1];
		it->gen_reqs = c[2];
		it->gen_toks = c[3];
		it->start = m->start;
		it->end = m->end;
		it->line = m->line;
		it->column = m->column;
		/* The marker remembers its iteration through its pid slot
		 * being untouched; we map by pointer below instead. */
	}
}

/* Marker -> its index in bystart, which is its iteration. */
static int32_t
iter_index(struct attrib *a, const struct ktrace *t, const struct kmarker *m)
{
	return a->iter[m - t->marks];
}

void
ktrace_attribute(struct ktrace *t)
{
	struct attrib a;
	size_t hint = 0;

	if (strcmp(t->format, "ndjson") == 0)
		return;		/* records carry their iteration */
	if (t->nlaunch > 1)
		qsort(t->launch, t->nlaunch, sizeof(*t->launch), cmp_launch);
	memset(&a, 0, sizeof(a));
	choose_markers(t, &a);
	make_iters(t, &a);
	t->attribution = a.n == 0 ? "none" : a.host ? "correlation" :
	    "gpu_annotation";
	for (size_t i = 0; i < t->nops; i++) {
		struct kop *op = &t->ops[i];
		const struct klaunch *l = op->corr != K_NONE ?
		    find_launch(t, op->corr, &hint) : NULL;
		struct kmarker *m = NULL;
		bool late = false;

		if (l != NULL) {
			op->launch = l->ts;
			op->graph = l->graph;
		}
		if (a.n == 0)
			continue;
		if (a.host && l != NULL)
			m = marker_for_launch(&a, l, &late);
		else if (!a.host)
			m = marker_for_gpu(&a, op);
		if (m == NULL) {
			t->n_unattributed++;
			continue;
		}
		if (late)
			t->n_after_envelope++;
		op->iter = iter_index(&a, t, m);
		t->iters[op->iter].nops++;
		if (op->graph)
			t->iters[op->iter].graph = true;
	}
	free(a.bythread);
	free(a.bystart);
	free(a.iter);
}

/* ---- s2r NDJSON kernel records -------------------------------------- */

static bool
get_i64(json_t *rec, const char *key, int64_t *out)
{
	json_t *v = json_object_get(rec, key);

	if (!json_is_integer(v))
		return false;
	*out = json_integer_value(v);
	return true;
}

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
	if (!get_i64(rec, "start_ns", &op->start) ||
	    !get_i64(rec, "dur_ns", &op->dur) || op->dur < 0)
		s2r_die_at(r->path, r->line, 1, "kernel: expected integer "
		    "\"start_ns\" and \"dur_ns\" >= 0");
	op->cat = cat == NULL || strcmp(cat, "kernel") == 0 ? KC_KERNEL :
	    strcmp(cat, "memcpy") == 0 ? KC_MEMCPY : KC_MEMSET;
	op->dev = get_i64(rec, "dev", &v) ? (int32_t)v : 0;
	op->stream = get_i64(rec, "stream", &v) ? (int32_t)v : -1;
	if (get_i64(rec, "corr", &v))
		op->corr = v;
	if (get_i64(rec, "launch_ns", &v))
		op->launch = v;
	op->graph = json_is_true(json_object_get(rec, "graph"));
	if (get_i64(rec, "rank", &v))
		t->rank = v;
	op->iter = get_i64(rec, "iter", &v) ? (int32_t)v : -1;
	if (get_i64(rec, "iter", &v) && (v < 0 || v > INT32_MAX))
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
		int64_t *p;

		if (!get_i64(irecs[i], "iter", &id))
			continue;
		p = bsearch(&id, ids, k, sizeof(*ids), cmp_i64);
		if (p == NULL)
			continue;
		struct kiter *it = &t->iters[p - ids];

		for (int s = 0; s < ST_NSTAGES && stage; s++)
			if (strcmp(stage, kstage_name(s)) == 0)
				it->stage = (uint8_t)s;
		if (marker)
			it->name = strtab_intern(&t->names, marker);
		if (get_i64(irecs[i], "ctx_reqs", &v)) it->ctx_reqs = v;
		if (get_i64(irecs[i], "ctx_tokens", &v)) it->ctx_toks = v;
		if (get_i64(irecs[i], "gen_reqs", &v)) it->gen_reqs = v;
		if (get_i64(irecs[i], "gen_tokens", &v)) it->gen_toks = v;
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
			GROW(irecs, nirecs, capirecs);
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

	fd = strcmp(path, "-") == 0 ? spool_stdin() : open(path, O_RDONLY);
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

/* ---- duty-cycle arithmetic ------------------------------------------ */

static int
cmp_iv(const void *a, const void *b)
{
	const struct kiv *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/* Operations of one rank mostly come in start order already; qsort
 * (glibc's is a stable merge sort) would leave such an array as it is. */
static bool
iv_sorted(const struct kiv *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (cmp_iv(&v[i - 1], &v[i]) > 0)
			return false;
	return true;
}

static void
iv_sort(struct kiv *v, size_t n)
{
	if (!iv_sorted(v, n))
		qsort(v, n, sizeof(*v), cmp_iv);
}

int64_t
kiv_union(struct kiv *v, size_t n)
{
	int64_t total = 0, cs = 0, ce = 0;
	bool open = false;

	iv_sort(v, n);
	for (size_t i = 0; i < n; i++) {
		if (!open || v[i].start > ce) {
			if (open)
				total += ce - cs;
			cs = v[i].start;
			ce = v[i].end;
			open = true;
		} else if (v[i].end > ce) {
			ce = v[i].end;
		}
	}
	if (open)
		total += ce - cs;
	return total;
}

/* Disjoint sorted busy pieces of one rank's non-collective intervals. */
struct pieces {
	struct kiv	*p;
	size_t		 n;
};

static void
merge_pieces(const struct kiv *v, size_t n, struct pieces *out)
{
	out->p = xcalloc(n + 1, sizeof(*out->p));
	out->n = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i].sync)
			continue;
		if (out->n > 0 && v[i].start <= out->p[out->n - 1].end) {
			if (v[i].end > out->p[out->n - 1].end)
				out->p[out->n - 1].end = v[i].end;
			continue;
		}
		out->p[out->n++] = v[i];
	}
}

struct segbusy {
	int64_t	busy, first, last;	/* first/last: K_NONE when idle */
};

/* Busy time of pieces clipped to [a, b). */
static struct segbusy
clip_busy(const struct pieces *pc, size_t *from, int64_t a, int64_t b)
{
	struct segbusy s = { 0, K_NONE, K_NONE };
	size_t i = *from;

	while (i < pc->n && pc->p[i].end <= a)
		i++;
	*from = i;
	for (; i < pc->n && pc->p[i].start < b; i++) {
		int64_t s0 = pc->p[i].start > a ? pc->p[i].start : a;
		int64_t e0 = pc->p[i].end < b ? pc->p[i].end : b;

		if (e0 <= s0)
			continue;
		if (s.first == K_NONE)
			s.first = s0;
		s.last = e0;
		s.busy += e0 - s0;
	}
	return s;
}

struct barrier {
	int64_t	enter, exit, first_arrival;
	int	gating_rank;
};

/* Collectives matched by ordinal across ranks; extras become compute. */
static size_t
match_barriers(struct kiv **ranks, const size_t *nr, size_t nranks,
    struct barrier **out, int *unmatched)
{
	size_t nb = SIZE_MAX;

	for (size_t r = 0; r < nranks; r++) {
		size_t c = 0;

		for (size_t i = 0; i < nr[r]; i++)
			c += ranks[r][i].sync;
		if (c < nb)
			nb = c;
	}
	if (nb == SIZE_MAX)
		nb = 0;
	*out = xcalloc(nb + 1, sizeof(**out));
	*unmatched = 0;
	for (size_t r = 0; r < nranks; r++) {
		size_t k = 0;

		for (size_t i = 0; i < nr[r]; i++) {
			struct kiv *v = &ranks[r][i];
			struct barrier *b;

			if (!v->sync)
				continue;
			if (k >= nb) {
				v->sync = false;
				(*unmatched)++;
				continue;
			}
			b = &(*out)[k++];
			if (r == 0 || v->start > b->enter) {
				b->enter = v->start;
				b->gating_rank = (int)r;
			}
			if (r == 0 || v->end > b->exit)
				b->exit = v->end;
			if (r == 0 || v->start < b->first_arrival)
				b->first_arrival = v->start;
		}
	}
	return nb;
}

static void
race_segment(struct pieces *pc, size_t *from, size_t nranks, int64_t a,
    int64_t b, struct kterms *o, int *prev_winner)
{
	struct segbusy best = { -1, K_NONE, K_NONE };
	int winner = 0;

	if (b <= a)
		return;		/* a collective opened before the last closed */
	for (size_t r = 0; r < nranks; r++) {
		struct segbusy s = clip_busy(&pc[r], &from[r], a, b);

		if (s.busy > best.busy) {	/* ties: lowest rank */
			best = s;
			winner = (int)r;
		}
	}
	o->segments++;
	if (*prev_winner >= 0 && winner != *prev_winner)
		o->switches++;
	*prev_winner = winner;
	o->critical_busy += best.busy;
	if (best.first == K_NONE) {
		o->idle_boundary += b - a;
		return;
	}
	o->idle_boundary += (best.first - a) + (b - best.last);
	o->idle_internal += (best.last - best.first) - best.busy;
}

void
kduty_window(struct kiv **ranks, const size_t *nr, size_t nranks,
    struct kterms *o)
{
	struct barrier *bar;
	struct pieces *pc;
	size_t *from, nb;
	int64_t seg_start, exit_eff;
	int prev_winner = -1;

	memset(o, 0, sizeof(*o));
	o->first = K_NONE;
	o->gating_rank = -1;
	for (size_t r = 0; r < nranks; r++) {
		int64_t sum = 0, uni;

		iv_sort(ranks[r], nr[r]);
		for (size_t i = 0; i < nr[r]; i++) {
			sum += ranks[r][i].end - ranks[r][i].start;
			if (o->first == K_NONE || ranks[r][i].start < o->first)
				o->first = ranks[r][i].start;
			if (o->nops == 0 || ranks[r][i].end > o->last)
				o->last = ranks[r][i].end;
			o->nops++;
		}
		uni = kiv_union(ranks[r], nr[r]);
		if (sum > o->kernel_sum)
			o->kernel_sum = sum;
		if (uni > o->busy_union)
			o->busy_union = uni;
	}
	if (o->nops == 0) {
		o->first = o->last = K_NONE;
		return;
	}
	o->wall = o->last - o->first;
	nb = match_barriers(ranks, nr, nranks, &bar, &o->unmatched_collectives);
	o->collectives = (int)nb;
	pc = xcalloc(nranks, sizeof(*pc));
	from = xcalloc(nranks, sizeof(*from));
	for (size_t r = 0; r < nranks; r++)
		merge_pieces(ranks[r], nr[r], &pc[r]);
	seg_start = o->first;
	exit_eff = o->first;
	for (size_t k = 0; k < nb; k++) {
		int64_t net_start = bar[k].enter > exit_eff ? bar[k].enter :
		    exit_eff;

		race_segment(pc, from, nranks, seg_start, net_start, o,
		    &prev_winner);
		if (bar[k].exit > exit_eff)
			exit_eff = bar[k].exit;
		o->collective += exit_eff - net_start;
		o->skew += bar[k].enter - bar[k].first_arrival;
		o->gating_rank = bar[k].gating_rank;
		seg_start = exit_eff;
	}
	race_segment(pc, from, nranks, seg_start, o->last, o, &prev_winner);
	o->measured = o->critical_busy + o->collective;
	o->residual = o->wall - (o->measured + o->idle_internal +
	    o->idle_boundary);
	for (size_t r = 0; r < nranks; r++)
		free(pc[r].p);
	free(pc);
	free(from);
	free(bar);
}

static int
cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double
kmedian(double *v, size_t n)
{
	if (n == 0)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_dbl);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Median and median absolute deviation of v[0..n). */
static void
kmod_center(const double *v, size_t n, double *med, double *mad)
{
	double *tmp = xcalloc(n + 1, sizeof(*tmp));

	memcpy(tmp, v, n * sizeof(*v));
	*med = kmedian(tmp, n);
	for (size_t i = 0; i < n; i++)
		tmp[i] = fabs(v[i] - *med);
	*mad = kmedian(tmp, n);
	free(tmp);
}

static double
kmod_z_of(double x, double med, double mad)
{
	if (mad == 0)
		return x == med ? 0 : INFINITY;
	return 0.6745 * (x - med) / mad;
}

double
kmod_z(const double *v, size_t n, double x)
{
	double med, mad;

	kmod_center(v, n, &med, &mad);
	return kmod_z_of(x, med, mad);
}

/* ---- sets of traces, ranks ------------------------------------------ */

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
		    l->graph);
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

/* "...rank3.123.pt.trace.json.gz" -> 3 (vLLM worker file names). */
static int64_t
rank_from_name(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *p = base ? base + 1 : path;
	int64_t v = -1;

	while ((p = strstr(p, "rank")) != NULL) {
		const char *q = p + 4;

		if (*q == '-' || *q == '_')
			q++;
		if (take_num(&q, &v))
			return v;
		p += 4;
	}
	return -1;
}

static int
cmp_rank(const void *a, const void *b)
{
	const struct krank *x = a, *y = b;

	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

size_t
kranks(struct ktrace **t, size_t nt, struct krank **out)
{
	struct krank *v = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < nt; i++) {
		int32_t devs[64];
		size_t nd = 0;

		for (size_t j = 0; j < t[i]->nops; j++) {
			size_t d;

			for (d = 0; d < nd; d++)
				if (devs[d] == t[i]->ops[j].dev)
					break;
			if (d == nd && nd < 64)
				devs[nd++] = t[i]->ops[j].dev;
		}
		for (size_t d = 0; d < nd; d++) {
			GROW(v, n, cap);
			v[n].t = t[i];
			v[n].dev = devs[d];
			v[n].rank = devs[d];
			if (nd == 1 && t[i]->rank >= 0)
				v[n].rank = t[i]->rank;
			else if (nd == 1 && rank_from_name(t[i]->path) >= 0)
				v[n].rank = rank_from_name(t[i]->path);
			n++;
		}
	}
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_rank);
	for (size_t i = 1; i < n; i++)
		if (v[i].rank == v[i - 1].rank)
			s2r_die("%s: rank %lld is also claimed by %s; give one "
			    "trace per rank", v[i].t->path,
			    (long long)v[i].rank, v[i - 1].t->path);
	*out = v;
	return n;
}

/* ---- the A2 table ---------------------------------------------------- */

#include <regex.h>

static bool
op_counts(const struct kop *op, const struct kduty_opts *o)
{
	return !o->kernels_only || op->cat == KC_KERNEL;
}

/* Per trace: is name id i a collective?  Evaluated once per name. */
static bool *
collective_names(const struct ktrace *t, const regex_t *re)
{
	bool *v = xcalloc(t->names.n + 1, sizeof(*v));

	for (size_t i = 0; i < t->names.n && re != NULL; i++)
		v[i] = regexec(re, t->names.s[i], 0, NULL, 0) == 0;
	return v;
}

static int
cmp_id(const void *a, const void *b)
{
	return cmp_i64(a, b);
}

/* Iteration ids over all ranks, sorted and unique. */
static size_t
all_ids(struct krank *ranks, size_t nranks, int64_t **out)
{
	size_t n = 0, k = 0;
	int64_t *ids;

	for (size_t r = 0; r < nranks; r++)
		n += ranks[r].t->niters;
	ids = xcalloc(n + 1, sizeof(*ids));
	for (size_t r = 0; r < nranks; r++)
		for (size_t i = 0; i < ranks[r].t->niters; i++)
			ids[k++] = ranks[r].t->iters[i].id;
	qsort(ids, k, sizeof(*ids), cmp_id);
	n = 0;
	for (size_t i = 0; i < k; i++)
		if (n == 0 || ids[n - 1] != ids[i])
			ids[n++] = ids[i];
	*out = ids;
	return n;
}

static long
iter_slot(const struct ktrace *t, int64_t id)
{
	for (size_t i = 0; i < t->niters; i++)	/* few thousand at most */
		if (t->iters[i].id == id)
			return (long)i;
	return -1;
}

/* Operation indexes of a trace grouped by iteration slot: slot s holds
 * idx[off[s] .. off[s+1]); unattributed ones come last (slot niters). */
struct byiter {
	size_t	*idx, *off;
};

static void
group_by_iter(const struct ktrace *t, struct byiter *g)
{
	size_t ns = t->niters + 1;
	size_t *fill = xcalloc(ns + 1, sizeof(*fill));

	g->idx = xcalloc(t->nops + 1, sizeof(*g->idx));
	g->off = xcalloc(ns + 1, sizeof(*g->off));
	for (size_t j = 0; j < t->nops; j++) {
		size_t s = t->ops[j].iter >= 0 ? (size_t)t->ops[j].iter :
		    t->niters;

		g->off[s + 1]++;
	}
	for (size_t s = 0; s < ns; s++)
		g->off[s + 1] += g->off[s];
	for (size_t j = 0; j < t->nops; j++) {
		size_t s = t->ops[j].iter >= 0 ? (size_t)t->ops[j].iter :
		    t->niters;

		g->idx[g->off[s] + fill[s]++] = j;
	}
	free(fill);
}

static void
fill_iter(struct kduty *d, struct kduty_iter *it, struct kiv **iv,
    size_t *niv, bool **coll, const struct kduty_opts *o, int64_t id,
    struct byiter *g)
{
	for (size_t r = 0; r < d->nranks; r++) {
		struct krank *rk = &d->ranks[r];
		const struct ktrace *t = rk->t;
		long slot = o->whole ? -1 : iter_slot(t, id);
		struct kduty_rank *dr = &it->r[r];
		int64_t sum = 0;

		niv[r] = 0;
		dr->first = dr->last = K_NONE;
		if (!o->whole && slot < 0)
			continue;
		if (slot >= 0 && it->src == NULL) {
			const struct kiter *ki = &t->iters[slot];

			it->src = t;
			it->stage = ki->stage;
			it->marker = t->names.s[ki->name];
			it->line = ki->line;
			it->column = ki->column;
		}
		size_t lo = o->whole ? 0 : g[r].off[slot];
		size_t hi = o->whole ? t->nops : g[r].off[slot + 1];

		for (size_t k = lo; k < hi; k++) {
			const struct kop *op = &t->ops[o->whole ? k :
			    g[r].idx[k]];

			if (op->dev != rk->dev || !op_counts(op, o))
				continue;
			iv[r][niv[r]].start = op->start;
			iv[r][niv[r]].end = op->start + op->dur;
			iv[r][niv[r]].sync = coll[r][op->name];
			niv[r]++;
			sum += op->dur;
			if (dr->first == K_NONE || op->start < dr->first)
				dr->first = op->start;
			if (dr->last == K_NONE || op->start + op->dur > dr->last)
				dr->last = op->start + op->dur;
			dr->graph |= op->graph;
		}
		dr->nops = niv[r];
		dr->kernel_sum = sum;
		dr->busy_union = kiv_union(iv[r], niv[r]);
	}
	kduty_window(iv, niv, d->nranks, &it->terms);
}

/* Factor > factor_min and a modified-z outlier within its stage. */
static void
screen(struct kduty *d, const struct kduty_opts *o)
{
	for (int s = 0; s < ST_NSTAGES; s++) {
		double *f = xcalloc(d->nit + 1, sizeof(*f));
		double med, mad;
		size_t n = 0;

		for (size_t i = 0; i < d->nit; i++)
			if (d->it[i].stage == s && !isnan(d->it[i].factor))
				f[n++] = d->it[i].factor;
		/* The stage's centre once, not per iteration (kmod_z). */
		if (n >= o->stage_min)
			kmod_center(f, n, &med, &mad);
		for (size_t i = 0; i < d->nit && n >= o->stage_min; i++) {
			struct kduty_iter *it = &d->it[i];

			if (it->stage != s || isnan(it->factor))
				continue;
			it->modz = kmod_z_of(it->factor, med, mad);
			it->excluded = it->factor > o->factor_min &&
			    it->modz > o->z_min;
		}
		free(f);
	}
}

static void
mult_add(struct kduty_mult *m, const struct kduty_iter *it)
{
	m->cycle += it->cycle;
	m->measured += it->terms.measured;
	m->busy_union += it->terms.busy_union;
	m->n++;
}

static void
mult_done(struct kduty_mult *m)
{
	m->mult = m->n && m->measured ? (double)m->cycle / m->measured : NAN;
	m->mult_union = m->n && m->busy_union ?
	    (double)m->cycle / m->busy_union : NAN;
}

/* Iterations with far fewer operations than their stage's median look
 * under-recorded (profiler buffer overflow under CUDA graphs). */
static void
flag_few(struct kduty *d)
{
	for (int s = 0; s < ST_NSTAGES; s++) {
		double *v = xcalloc(d->nit + 1, sizeof(*v));
		size_t n = 0;
		double med;

		for (size_t i = 0; i < d->nit; i++)
			if (d->it[i].stage == s)
				v[n++] = (double)d->it[i].terms.nops;
		med = kmedian(v, n);
		for (size_t i = 0; i < d->nit; i++) {
			struct kduty_iter *it = &d->it[i];

			if (it->stage != s)
				continue;
			it->few = it->terms.nops == 0 ||
			    (n >= 4 && (double)it->terms.nops < med / 4);
			d->n_few += it->few;
		}
		free(v);
	}
}

void
kduty_compute(struct krank *ranks, size_t nranks, const struct kduty_opts *o,
    struct kduty *d)
{
	int64_t *ids = NULL;
	size_t nids = 0;
	struct kiv **iv = xcalloc(nranks + 1, sizeof(*iv));
	size_t *niv = xcalloc(nranks + 1, sizeof(*niv));
	bool **coll = xcalloc(nranks + 1, sizeof(*coll));
	struct byiter *g = xcalloc(nranks + 1, sizeof(*g));

	memset(d, 0, sizeof(*d));
	d->ranks = ranks;
	d->nranks = nranks;
	for (size_t r = 0; r < nranks; r++) {
		iv[r] = xcalloc(ranks[r].t->nops + 1, sizeof(**iv));
		coll[r] = collective_names(ranks[r].t, o->collective_re);
		group_by_iter(ranks[r].t, &g[r]);
	}
	if (o->whole) {
		ids = xcalloc(1, sizeof(*ids));
		nids = 1;
	} else {
		nids = all_ids(ranks, nranks, &ids);
	}
	d->it = xcalloc(nids + 1, sizeof(*d->it));
	d->nit = nids;
	for (size_t i = 0; i < nids; i++) {
		struct kduty_iter *it = &d->it[i];

		it->id = o->whole ? -1 : ids[i];
		it->marker = "";
		it->cycle = K_NONE;
		it->factor = it->modz = NAN;
		it->r = xcalloc(nranks + 1, sizeof(*it->r));
		fill_iter(d, it, iv, niv, coll, o, ids[i], g);
	}
	/* cycle: to the next iteration that has an operation */
	for (size_t i = 0; i < d->nit; i++) {
		struct kduty_iter *it = &d->it[i];

		if (it->terms.nops == 0)
			continue;
		for (size_t j = i + 1; j < d->nit; j++) {
			if (d->it[j].terms.nops == 0)
				continue;
			it->cycle = d->it[j].terms.first - it->terms.first;
			break;
		}
		if (it->cycle != K_NONE && it->terms.measured > 0)
			it->factor = (double)it->cycle / it->terms.measured;
		int64_t res = it->terms.residual < 0 ? -it->terms.residual :
		    it->terms.residual;
		if (res > d->max_residual)
			d->max_residual = res;
	}
	screen(d, o);
	flag_few(d);
	for (size_t i = 0; i < d->nit; i++) {
		struct kduty_iter *it = &d->it[i];

		if (it->cycle == K_NONE)
			continue;
		d->n_with_cycle++;
		d->gap_sum[it->stage] += it->cycle - it->terms.wall;
		d->cycle_sum[it->stage] += it->cycle;
		if (it->excluded) {
			d->n_excluded++;
			continue;
		}
		mult_add(&d->all, it);
		mult_add(&d->stage[it->stage], it);
	}
	mult_done(&d->all);
	for (int s = 0; s < ST_NSTAGES; s++)
		mult_done(&d->stage[s]);
	for (size_t r = 0; r < nranks; r++) {
		free(iv[r]);
		free(coll[r]);
		free(g[r].idx);
		free(g[r].off);
	}
	free(g);
	free(iv);
	free(niv);
	free(coll);
	free(ids);
}

void
kduty_free(struct kduty *d)
{
	for (size_t i = 0; i < d->nit; i++)
		free(d->it[i].r);
	free(d->it);
	memset(d, 0, sizeof(*d));
}

void
kspan_stats(const struct ktrace *t, int32_t dev, bool kernels_only,
    struct kspan *o)
{
	struct kiv *iv = xcalloc(t->nops + 1, sizeof(*iv));
	bool *seen = xcalloc(t->names.n + 1, sizeof(*seen));

	memset(o, 0, sizeof(*o));
	for (size_t j = 0; j < t->nops; j++) {
		const struct kop *op = &t->ops[j];

		if (op->dev != dev || (kernels_only && op->cat != KC_KERNEL))
			continue;
		if (o->n == 0 || op->start < o->first)
			o->first = op->start;
		if (o->n == 0 || op->start + op->dur > o->last)
			o->last = op->start + op->dur;
		iv[o->n].start = op->start;
		iv[o->n].end = op->start + op->dur;
		o->n++;
		o->sum += op->dur;
		if (!seen[op->name]) {
			seen[op->name] = true;
			o->distinct++;
		}
	}
	o->span = o->last - o->first;
	o->busy_union = kiv_union(iv, o->n);
	free(iv);
	free(seen);
}
