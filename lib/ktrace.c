/* ktrace.c - see ktrace.h. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "ktrace.h"
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

/* The events a trace may hold (K_MAX_EVENTS, or S2R_MAX_EVENTS): a few
 * MB of gzip expand to gigabytes of events, all held for attribution. */
static size_t
event_limit(void)
{
	static size_t limit;
	const char *env;
	int64_t v;

	if (limit != 0)
		return limit;
	limit = K_MAX_EVENTS;
	if ((env = getenv("S2R_MAX_EVENTS")) != NULL && *env != '\0') {
		if (!parse_i64(env, strlen(env), &v) || v <= 0)
			s2r_die("S2R_MAX_EVENTS: expected a positive number of "
			    "events, got \"%.40s\"", env);
		limit = (size_t)v;
	}
	return limit;
}

static void
check_held(const struct ktrace *t)
{
	if (t->nops + t->nlaunch + t->nmarks < event_limit())
		return;
	s2r_die("%s: expected at most %zu kernels, launches and markers "
	    "(each held in memory), got more: S2R_MAX_EVENTS=N reads up to "
	    "N (about %zu bytes each)", t->path, event_limit(),
	    sizeof(struct kop));
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

	check_held(t);
	GROW(t->ops, t->nops, t->capops);
	op = &t->ops[t->nops++];
	memset(op, 0, sizeof(*op));
	op->corr = K_NONE;
	op->launch = K_NONE;
	op->iter = -1;
	op->stream = -1;
	return op;
}

/* Kernel launches (cudaLaunchKernel, cuLaunchKernel, ...ExC, cooperative),
 * graph launches, copies and fills each put work on the GPU that a
 * complete capture records under the same correlation id; other runtime
 * calls (synchronize, events, stream queries) put none. */
unsigned
klaunch_kind(const char *name)
{
	unsigned k = 0;

	if (name == NULL)
		return 0;
	if (strstr(name, "GraphLaunch") != NULL)
		k |= KL_GRAPH;
	if ((strstr(name, "Launch") != NULL && strstr(name, "HostFunc") ==
	    NULL) || strstr(name, "Memcpy") != NULL ||
	    strstr(name, "Memset") != NULL)
		k |= KL_WORK;
	return k;
}

void
ktrace_add_launch(struct ktrace *t, int64_t corr, int64_t pid, int64_t tid,
    int64_t ts, unsigned kind)
{
	struct klaunch *l;

	check_held(t);
	GROW(t->launch, t->nlaunch, t->caplaunch);
	l = &t->launch[t->nlaunch++];
	l->corr = corr;
	l->pid = pid;
	l->tid = tid;
	l->ts = ts;
	l->graph = (kind & KL_GRAPH) != 0;
	l->work = (kind & KL_WORK) != 0;
	l->used = 0;
}

const char *
kstage_name(int stage)
{
	static const char *const names[] = { "unknown", "prefill", "decode",
	    "mixed" };

	return stage >= 0 && stage < ST_NSTAGES ? names[stage] : "unknown";
}

int
kstage_parse(const char *name)
{
	for (int s = 0; s < ST_NSTAGES; s++)
		if (strcmp(name, kstage_name(s)) == 0)
			return s;
	return -1;
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
	check_held(t);
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
	}
}

/* Marker -> its index in bystart, which is its iteration. */
static int32_t
iter_index(struct attrib *a, const struct ktrace *t, const struct kmarker *m)
{
	return a->iter[m - t->marks];
}

/* Every launch with correlation id corr (the first is at l) is used. */
static void
mark_used(struct ktrace *t, const struct klaunch *l)
{
	for (size_t i = (size_t)(l - t->launch); i < t->nlaunch &&
	    t->launch[i].corr == l->corr; i++)
		t->launch[i].used = 1;
}

/* Launches of GPU work no operation of the trace answers, by the
 * iteration whose marker holds them: the profiler dropped their kernels
 * (a full buffer) or stopped before they ran, so the iteration's measured
 * time is incomplete. */
static void
count_lost(struct ktrace *t, struct attrib *a)
{
	for (size_t i = 0; i < t->nlaunch; i++) {
		const struct klaunch *l = &t->launch[i];
		struct kmarker *m;
		bool late;

		if (!l->work || l->used)
			continue;
		m = marker_for_launch(a, l, &late);
		if (m == NULL)
			continue;
		t->iters[iter_index(a, t, m)].lost++;
		if (l->graph)	/* a replay none of whose kernels came */
			t->iters[iter_index(a, t, m)].lost_graph++;
		t->n_lost++;
	}
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
			if (!l->used)
				mark_used(t, l);
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
	if (a.host)
		count_lost(t, &a);
	free(a.bythread);
	free(a.bystart);
	free(a.iter);
}

void
ktrace_by_iter(const struct ktrace *t, struct kbyiter *g)
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

void
kbyiter_free(struct kbyiter *g)
{
	free(g->idx);
	free(g->off);
	memset(g, 0, sizeof(*g));
}

/* ---- ranks ----------------------------------------------------------- */

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

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->ord < y->ord ? -1 : x->ord > y->ord;
}

/* Keeps the first krank of each rank (v sorted by rank, then argument
 * order); the others go to *dups.  Returns the ranks kept. */
static size_t
drop_copies(struct krank *v, size_t n, struct kdup **dups, size_t *ndups)
{
	size_t k = 0, cap = 0;

	*dups = NULL;
	*ndups = 0;
	for (size_t i = 0; i < n; i++) {
		if (k > 0 && v[i].rank == v[k - 1].rank) {
			GROW(*dups, *ndups, cap);
			(*dups)[*ndups].kept = v[k - 1].t;
			(*dups)[*ndups].dropped = v[i].t;
			(*dups)[(*ndups)++].rank = v[i].rank;
			continue;
		}
		v[k++] = v[i];
	}
	return k;
}

size_t
kranks(struct ktrace **t, size_t nt, struct krank **out, struct kdup **dups,
    size_t *ndups)
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
			v[n].ord = n;
			if (nd == 1 && t[i]->rank >= 0)
				v[n].rank = t[i]->rank;
			else if (nd == 1 && rank_from_name(t[i]->path) >= 0)
				v[n].rank = rank_from_name(t[i]->path);
			n++;
		}
	}
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_rank);
	*out = v;
	return drop_copies(v, n, dups, ndups);
}
