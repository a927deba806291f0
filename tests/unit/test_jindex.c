/* Unit tests for lib/jindex.c: hand-made selections, then every kind of
 * selection on a random store checked against a plain scan (the way the
 * rules looked records up before the index). */
#include <stdlib.h>

#include <jansson.h>

#include "jindex.h"
#include "rec.h"
#include "unit.h"
#include "verdict.h"

static json_t *
mkrec(const char *kind, const char *metric, const char *wl, const char *ph,
    const char *it)
{
	json_t *r = json_object(), *scope = json_object();

	json_object_set_new(r, "kind", json_string(kind));
	if (metric != NULL)
		json_object_set_new(r, "metric", json_string(metric));
	if (wl != NULL)
		json_object_set_new(scope, "workload", json_string(wl));
	if (ph != NULL)
		json_object_set_new(scope, "phase", json_string(ph));
	if (it != NULL)
		json_object_set_new(scope, "iteration", json_string(it));
	json_object_set_new(r, "scope", scope);
	return r;
}

/* Six records of several kinds and cells, indexed. */
static struct jindex *
six_records(json_t *recs[6], struct jkeys keys[6])
{
	recs[0] = mkrec("measure", "qps.actual", "w1", "baseline", "i2");
	recs[1] = mkrec("expect", "qps.intended", "w1", NULL, NULL);
	recs[2] = mkrec("measure", "qps.actual", "w1", "baseline", "i1");
	recs[3] = mkrec("measure", "qps.actual", NULL, "baseline", NULL);
	recs[4] = mkrec("measure", "epp.plugin", NULL, "baseline", NULL);
	recs[5] = mkrec("proof", NULL, NULL, NULL, NULL);
	for (size_t i = 0; i < 6; i++)
		jkeys_of(&keys[i], recs[i]);
	return jindex_build(keys, 6);
}

static void
test_hand(void)
{
	json_t *recs[6];
	struct jkeys keys[6];
	size_t *v;
	struct jcell cell = { .phase = "baseline", .workload = "w1",
	    .iteration = "i2" };
	struct jsel s = { .kind = "measure", .metric = "qps.actual" };
	struct jindex *x;
	size_t n;

	x = six_records(recs, keys);

	jsel_cell(&s, &cell, true);
	n = jindex_select(x, &s, &v);
	CHECK(n == 1 && v[0] == 0);
	free(v);
	/* loose: also the record that leaves workload and iteration out,
	 * in input order */
	jsel_cell(&s, &cell, false);
	n = jindex_select(x, &s, &v);
	CHECK(n == 2 && v[0] == 0 && v[1] == 3);
	free(v);
	/* a prefix, any kind, any scope */
	n = jindex_select(x, &(struct jsel){ .metric = "qps.*" }, &v);
	CHECK(n == 4 && v[0] == 0 && v[1] == 1 &&
	    v[2] == 2 && v[3] == 3);
	free(v);
	/* a set of metrics, no workload */
	n = jindex_select(x, &(struct jsel){ .metrics = (const char *[]){
	    "epp.plugin", "qps.actual", NULL }, .wl = JM_NONE }, &v);
	CHECK(n == 2 && v[0] == 3 && v[1] == 4);
	free(v);
	/* a record without a metric: only "any metric" finds it */
	n = jindex_select(x, &(struct jsel){ .kind = "proof" }, &v);
	CHECK(n == 1 && v[0] == 5);
	free(v);
	n = jindex_select(x, &(struct jsel){ .kind = "nothing" }, &v);
	CHECK(n == 0 && v != NULL);
	free(v);
	jindex_free(x);
	for (size_t i = 0; i < 6; i++)
		json_decref(recs[i]);
}

/* Query values the way the rules pass them: a record's own key pointer,
 * a copy of its bytes, a value no record holds, prefixes, sets. */
static void
test_values(void)
{
	json_t *recs[6];
	struct jkeys keys[6];
	char wl[] = "w1", metric[] = "qps.actual";
	struct jcell cell = { .phase = "baseline", .workload = wl,
	    .iteration = "i2" };
	struct jsel s = { .kind = "measure", .metric = metric };
	struct jindex *x;
	size_t *v, n;

	x = six_records(recs, keys);

	/* copies of the bytes, then the records' own pointers */
	jsel_cell(&s, &cell, true);
	n = jindex_select(x, &s, &v);
	CHECK(n == 1 && v[0] == 0);
	free(v);
	cell.workload = keys[2].f[JK_WL];
	cell.iteration = keys[2].f[JK_IT];
	s.metric = keys[2].f[JK_METRIC];
	jsel_cell(&s, &cell, true);
	n = jindex_select(x, &s, &v);
	CHECK(n == 1 && v[0] == 2);
	free(v);
	/* a workload no record names: loose, only those naming none */
	cell.workload = "w9";
	jsel_cell(&s, &cell, false);
	n = jindex_select(x, &s, &v);
	CHECK(n == 1 && v[0] == 3);
	free(v);
	jsel_cell(&s, &cell, true);
	n = jindex_select(x, &s, &v);
	CHECK(n == 0);
	free(v);
	/* values before, between and after every value held */
	n = jindex_select(x, &(struct jsel){ .metric = "a" }, &v);
	CHECK(n == 0);
	free(v);
	n = jindex_select(x, &(struct jsel){ .metric = "qps.b" }, &v);
	CHECK(n == 0);
	free(v);
	n = jindex_select(x, &(struct jsel){ .kind = "zzz" }, &v);
	CHECK(n == 0);
	free(v);
	/* prefixes: none, one value, several, every metric */
	n = jindex_select(x, &(struct jsel){ .metric = "zz.*" }, &v);
	CHECK(n == 0);
	free(v);
	n = jindex_select(x, &(struct jsel){ .metric = "qps.i*" }, &v);
	CHECK(n == 1 && v[0] == 1);
	free(v);
	n = jindex_select(x, &(struct jsel){ .kind = "measure",
	    .metric = "q*", .wl = JM_IS, .workload = wl }, &v);
	CHECK(n == 2 && v[0] == 0 && v[1] == 2);
	free(v);
	n = jindex_select(x, &(struct jsel){ .metric = "*" }, &v);
	CHECK(n == 5 && v[0] == 0 && v[4] == 4);
	free(v);
	/* a set: a member no record holds, one ending in '*' (no prefix) */
	n = jindex_select(x, &(struct jsel){ .metrics = (const char *[]){
	    "none", "qps.*", metric, "epp.plugin", NULL } }, &v);
	CHECK(n == 4 && v[0] == 0 && v[1] == 2 && v[2] == 3 && v[3] == 4);
	free(v);
	n = jindex_select(x, &(struct jsel){ .metrics = (const char *[]){
	    "none", NULL } }, &v);
	CHECK(n == 0);
	free(v);
	jindex_free(x);
	/* no records at all (an empty input) */
	x = jindex_build(keys, 0);
	n = jindex_select(x, &(struct jsel){ .kind = "measure",
	    .metric = "q*" }, &v);
	CHECK(n == 0 && v != NULL);
	free(v);
	n = jindex_select(x, &(struct jsel){ .wl = JM_IS_OR_NONE,
	    .workload = "w1" }, &v);
	CHECK(n == 0);
	free(v);
	jindex_free(x);
	for (size_t i = 0; i < 6; i++)
		json_decref(recs[i]);
}

/* --- random store against a scan ------------------------------------ */

static unsigned long seed = 12345;

static size_t
pick(size_t n)
{
	seed = seed * 6364136223846793005UL + 1442695040888963407UL;
	return (size_t)(seed >> 33) % n;
}

static const char *const kinds[] = { "expect", "measure", "proof", "diff" };
static const char *const metrics[] = { NULL, "epp.plugin", "epp.scorer",
	"qps.actual", "qps", "vllm.model", "z" };
static const char *const wls[] = { NULL, "w1", "w2", "w10" };
static const char *const phs[] = { NULL, "baseline", "treatment" };
static const char *const its[] = { NULL, "i1", "i2" };
#define NOF(a) (sizeof(a) / sizeof((a)[0]))

static bool
key_holds(enum jmatch m, const char *want, const char *have)
{
	bool same = want == NULL ? have == NULL :
	    have != NULL && strcmp(have, want) == 0;

	switch (m) {
	case JM_ANY:
		return true;
	case JM_NONE:
		return have == NULL;
	case JM_IS:
		return same;
	case JM_IS_OR_NONE:
		return have == NULL || same;
	}
	return false;
}

static bool
metric_holds(const struct jsel *s, const char *have)
{
	size_t n;

	if (s->metrics != NULL && s->metric == NULL) {
		for (const char *const *m = s->metrics; *m != NULL; m++)
			if (have != NULL && strcmp(have, *m) == 0)
				return true;
		return false;
	}
	if (s->metric == NULL)
		return true;
	if (have == NULL)
		return false;
	n = strlen(s->metric);
	if (n > 0 && s->metric[n - 1] == '*')
		return strncmp(have, s->metric, n - 1) == 0;
	return strcmp(have, s->metric) == 0;
}

static bool
scan_holds(const struct jsel *s, const json_t *r)
{
	return (s->kind == NULL || strcmp(rec_get_str(r, "kind"),
	    s->kind) == 0) && metric_holds(s, rec_get_str(r, "metric")) &&
	    key_holds(s->wl, s->workload, rec_scope_str(r, "workload")) &&
	    key_holds(s->ph, s->phase, rec_scope_str(r, "phase")) &&
	    key_holds(s->it, s->iteration, rec_scope_str(r, "iteration"));
}

/* A value to ask for: from wanted, or (when held != NULL) now and then
 * a record's own pointer. */
static const char *
want(const char *const *wanted, size_t n, const struct jkeys *held,
    size_t nheld, int f)
{
	if (held != NULL && pick(3) == 0)
		return held[pick(nheld)].f[f];
	return wanted[pick(n)];
}

static void
random_sel(struct jsel *s, const struct jkeys *held, size_t nheld)
{
	static const char *const mq[] = { NULL, "epp.*", "qps", "qps*", "*",
	    "epp.plugin", "none", "zz.*", "a*", "epp.scorer.*" };
	static const char *const set[] = { "qps", "none", "epp.plugin",
	    NULL };
	static const char *const wq[] = { NULL, "w1", "w2", "w10", "w3",
	    "" };

	memset(s, 0, sizeof(*s));
	s->kind = pick(3) == 0 ? NULL : pick(5) == 0 ? "none" :
	    want(kinds, NOF(kinds), held, nheld, JK_KIND);
	s->metric = want(mq, NOF(mq), held, nheld, JK_METRIC);
	if (s->metric == NULL && pick(3) == 0)
		s->metrics = set;
	s->wl = (enum jmatch)pick(4);
	s->ph = (enum jmatch)pick(4);
	s->it = (enum jmatch)pick(4);
	s->workload = want(wq, NOF(wq), held, nheld, JK_WL);
	s->phase = want(phs, NOF(phs), held, nheld, JK_PH);
	s->iteration = want(its, NOF(its), held, nheld, JK_IT);
}

static void
test_against_scan(void)
{
	enum { N = 600, TRIES = 3000 };
	json_t *recs[N];
	struct jkeys keys[N];
	struct jindex *x;
	size_t bad = 0;

	for (size_t i = 0; i < N; i++)
		recs[i] = mkrec(kinds[pick(NOF(kinds))],
		    metrics[pick(NOF(metrics))], wls[pick(NOF(wls))],
		    phs[pick(NOF(phs))], its[pick(NOF(its))]);
	for (size_t i = 0; i < N; i++)
		jkeys_of(&keys[i], recs[i]);
	x = jindex_build(keys, N);
	for (size_t t = 0; t < TRIES; t++) {
		struct jsel s;
		size_t *v, n, k = 0;

		random_sel(&s, keys, N);
		n = jindex_select(x, &s, &v);
		/* the same records as a scan, in the same (input) order */
		for (size_t i = 0; i < N; i++) {
			if (!scan_holds(&s, recs[i]))
				continue;
			bad += k >= n || v[k] != i;
			k++;
		}
		bad += k != n;
		free(v);
	}
	CHECK(bad == 0);
	jindex_free(x);
	for (size_t i = 0; i < N; i++)
		json_decref(recs[i]);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "hand", test_hand },
		{ "values", test_values },
		{ "against_scan", test_against_scan },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
