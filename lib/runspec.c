/* runspec.c - expect records from the specs PipelineRuns embed; see
 * runspec.h. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "err.h"
#include "pipelinerun.h"
#include "rec.h"
#include "runmeta.h"
#include "runspec.h"
#include "scenario.h"
#include "str.h"
#include "wlexpect.h"

/* RUN/cluster/pipelinerun-*.yaml, in name order (none: no folder). */
static void
list_runs(const char *rundir, struct strv *names)
{
	struct sbuf dir = {0};
	struct dirent *e;
	struct stat st;
	DIR *d;

	if (stat(rundir, &st) != 0 || !S_ISDIR(st.st_mode))
		s2r_die("%s: expected a run directory", rundir);
	sbuf_printf(&dir, "%s/cluster", rundir);
	if ((d = opendir(dir.s)) != NULL) {
		while ((e = readdir(d)) != NULL)
			if (strncmp(e->d_name, "pipelinerun-", 12) == 0 &&
			    str_has_suffix(e->d_name, ".yaml"))
				strv_add(names, e->d_name);
		closedir(d);
	}
	strv_sort(names);
	sbuf_free(&dir);
}

/* The sim's records as they were before the PipelineRuns were read,
 * looked up by sorted key, not by a walk over them: a PipelineRun's spec
 * of 2,000 clients against the sim's (14,000 records each) took 30 s
 * so, and a run of many PipelineRuns as long again for each. */
struct simindex {
	struct twin {
		char	*key;	/* kind, check, metric, scope (twin_key) */
		size_t	 i;	/* its place in out */
	}		*v;
	size_t		 n;
	struct strv	 workloads;	/* the workloads out scopes, sorted */
};

/* "kind\ncheck\nmetric\nscope as sorted JSON" (NULL when one is
 * missing: such a record is no one's twin, as json_equal says of a
 * missing scope); the scope last, so its text cannot fake another. */
static char *
twin_key(const json_t *r)
{
	const char *kind = rec_get_str(r, "kind"), *check = rec_get_str(r,
	    "check"), *metric = rec_get_str(r, "metric");
	const json_t *scope = json_object_get(r, "scope");
	struct sbuf b = {0};
	char *text;

	if (kind == NULL || check == NULL || metric == NULL || scope == NULL)
		return NULL;
	text = json_dumps(scope, JSON_SORT_KEYS | JSON_COMPACT |
	    JSON_ENCODE_ANY);
	sbuf_printf(&b, "%s\n%s\n%s\n%s", kind, check, metric, text);
	free(text);
	text = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	return text;
}

/* By key, then by place: the first of equal keys is out's first. */
static int
twin_cmp(const void *pa, const void *pb)
{
	const struct twin *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);

	return c != 0 ? c : a->i < b->i ? -1 : a->i > b->i;
}

/* "kind\ncheck\nmetric" (NULL when one is missing): what a deployed
 * parameter and the sim's expectation of it share, whatever the phase. */
static char *
config_key(const json_t *r)
{
	const char *kind = rec_get_str(r, "kind"), *check = rec_get_str(r,
	    "check"), *metric = rec_get_str(r, "metric");
	struct sbuf b = {0};
	char *k;

	if (kind == NULL || check == NULL || metric == NULL)
		return NULL;
	sbuf_printf(&b, "%s\n%s\n%s", kind, check, metric);
	k = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	return k;
}

/* out's records by key(r), and the workloads they scope. */
static void
index_sim(struct simindex *ix, const json_t *out, char *(*key)(const json_t *))
{
	size_t i;
	json_t *r;

	memset(ix, 0, sizeof(*ix));
	ix->v = xcalloc(json_array_size(out) + 1, sizeof(*ix->v));
	json_array_foreach(out, i, r) {
		const char *w = rec_get_str(json_object_get(r, "scope"),
		    "workload");
		char *k = key(r);

		if (w != NULL)
			strv_add(&ix->workloads, w);
		if (k != NULL)
			ix->v[ix->n++] = (struct twin){ k, i };
	}
	qsort(ix->v, ix->n, sizeof(*ix->v), twin_cmp);
	strv_sort(&ix->workloads);
}

static void
index_free(struct simindex *ix)
{
	for (size_t i = 0; i < ix->n; i++)
		free(ix->v[i].key);
	free(ix->v);
	strv_free(&ix->workloads);
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether a record of the sim already scopes workload w. */
static bool
covered(const struct simindex *ix, const char *w)
{
	return ix->workloads.n > 0 && bsearch(&w, ix->workloads.v,
	    ix->workloads.n, sizeof(*ix->workloads.v), str_cmp) != NULL;
}

/* The source of a record from an embedded spec: the PipelineRun, the
 * place of its workloadSpec, the spec's key within it. */
static void
cite_run(json_t *rec, const char *label, const struct pipelinerun *p,
    bool stands_in)
{
	json_t *src = json_object_get(rec, "source");
	const char *field = rec_get_str(src, "field");
	const char *how = rec_get_str(src, "how");
	struct sbuf f = {0}, h = {0};

	sbuf_printf(&f, "workloadSpec%s%s", field ? ": " : "",
	    field ? field : "");
	sbuf_printf(&h, "%s%sthe workload spec the PipelineRun gave the run "
	    "(param workloadSpec%s%s)", how ? how : "", how ? "; " : "",
	    stands_in ? "; the sim bundle has no spec for workload " : "",
	    stands_in ? p->workload : "");
	rec_set_str(src, "file", label);
	rec_set_i64(src, "line", p->spec_line);
	rec_set_i64(src, "column", p->spec_column);
	rec_set_str(src, "field", f.s);
	rec_set_str(src, "how", h.s);
	sbuf_free(&f);
	sbuf_free(&h);
}

/* The records of p's spec, scoped to its phase when by_phase. */
static void
expect_one(const struct pipelinerun *p, const char *label, bool by_phase,
    json_t *out)
{
	struct sbuf where = {0};
	struct wlspec *w;
	json_t *recs = json_array(), *r;
	size_t i;

	sbuf_printf(&where, "%s:%ld: workloadSpec", label, p->spec_line);
	w = wlspec_load_buf(where.s, p->spec, strlen(p->spec));
	wlspec_expect(w, p->workload, recs);
	json_array_foreach(recs, i, r) {
		cite_run(r, label, p, true);
		if (by_phase)
			rec_set_str(json_object_get(r, "scope"), "phase",
			    p->phase);
		json_array_append(out, r);
	}
	json_decref(recs);
	wlspec_free(w);
	sbuf_free(&where);
}

/* Most differing expectations a workload.conflict record lists. */
#define CONFLICT_MAX	8

/* The place in ix of the first record whose key is k (ix->n: none). */
static size_t
index_find(const struct simindex *ix, const char *k)
{
	size_t lo = 0, hi = ix->n;

	while (lo < hi) {	/* the first key not below k */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(ix->v[mid].key, k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ix->n && strcmp(ix->v[lo].key, k) == 0 ? lo : ix->n;
}

/* The sim's record of out with rec's kind, check, metric and scope (the
 * first in out), or NULL (ix: by twin_key). */
static const json_t *
sim_twin(const json_t *out, const struct simindex *ix, const json_t *rec)
{
	char *k = twin_key(rec);
	size_t at;

	if (k == NULL)
		return NULL;
	at = index_find(ix, k);
	free(k);
	return at < ix->n ? json_array_get(out, ix->v[at].i) : NULL;
}

/* One side of a difference: the value and where it comes from. */
static json_t *
side_of(const json_t *rec)
{
	json_t *o = json_object();

	rec_set(o, "value", json_deep_copy(json_object_get(rec, "value")));
	rec_set(o, "source", json_deep_copy(json_object_get(rec, "source")));
	return o;
}

/* One entry of a conflict record's values: the metric (with its scope
 * when scoped), both sides. */
static json_t *
difference(const json_t *sim, const json_t *run, bool scoped)
{
	json_t *d = json_object();

	rec_set_str(d, "metric", rec_get_str(run, "metric"));
	if (scoped)
		rec_set(d, "scope", json_deep_copy(json_object_get(run,
		    "scope")));
	rec_set(d, "sim", side_of(sim));
	rec_set(d, "run", side_of(run));
	return d;
}

/* Appends to out the conflict record h with its values, scoped to p's
 * phase and workload, cited at p's param (field) line:column. */
static void
conflict_emit(json_t *out, const struct rec_head *h, json_t *values,
    const struct pipelinerun *p, const char *label, long line, long column,
    const char *field, const char *how)
{
	json_t *rec = rec_begin(h), *scope = rec_scope_new();

	rec_set(rec, "values", values);
	rec_scope_set(scope, "phase", p->phase);
	if (p->workload != NULL)
		rec_scope_set(scope, "workload", p->workload);
	rec_end(rec, scope, rec_source(label, line, column, field, how));
	json_array_append_new(out, rec);
}

/* The sim bundle has a spec for p's workload too: where the spec the
 * PipelineRun gave the run implies other values (upstream: "when both
 * exist and differ, say so"), a workload.conflict record lists them; the
 * trace is judged against the sim's. */
static void
compare_one(const struct pipelinerun *p, const char *label,
    const struct simindex *ix, json_t *out)
{
	struct sbuf where = {0}, how = {0};
	struct wlspec *w;
	json_t *recs = json_array(), *r, *values = json_array();
	size_t i, ndiff = 0;

	sbuf_printf(&where, "%s:%ld: workloadSpec", label, p->spec_line);
	w = wlspec_load_buf(where.s, p->spec, strlen(p->spec));
	wlspec_expect(w, p->workload, recs);
	json_array_foreach(recs, i, r) {
		const json_t *twin = sim_twin(out, ix, r);

		if (twin == NULL || json_equal(json_object_get(twin, "value"),
		    json_object_get(r, "value")))
			continue;
		if (ndiff++ >= CONFLICT_MAX)
			continue;
		cite_run(r, label, p, false);
		json_array_append_new(values, difference(twin, r, true));
	}
	if (ndiff > 0) {
		sbuf_printf(&how, "expectations of the spec the PipelineRun "
		    "gave the run (param workloadSpec) that differ from those "
		    "of the sim bundle's spec for workload %s (the first %d "
		    "in values)", p->workload, CONFLICT_MAX);
		conflict_emit(out, &(struct rec_head){ .kind = "expect",
		    .check = "1a", .metric = "workload.conflict",
		    .value = json_integer((json_int_t)ndiff), .unit = "count",
		    .n = -1 }, values, p, label, p->spec_line, p->spec_column,
		    "workloadSpec", how.s);
	} else
		json_decref(values);
	json_decref(recs);
	wlspec_free(w);
	sbuf_free(&where);
	sbuf_free(&how);
}

/* A PipelineRun with a spec, for sorting (the run, its place). */
struct runref {
	const struct pipelinerun *p;
	size_t		 i;
};

/* Where each run with a spec stands among its workload's, found by two
 * sorts, not by comparing every run with every other (4,000 PipelineRuns
 * of one workload took 50 s so): whether every run of its workload
 * embeds one text, the first run of its workload, the first of its
 * workload and phase. */
struct runorder {
	bool	*uniform;
	size_t	*first_w, *first_p;
};

static int
phase_cmp(const char *a, const char *b)
{
	return a == NULL || b == NULL ? (a != NULL) - (b != NULL) :
	    strcmp(a, b);
}

static int
place_cmp(const struct runref *a, const struct runref *b)
{
	return a->i < b->i ? -1 : a->i > b->i;
}

/* By workload, then spec text, then place. */
static int
by_spec(const void *pa, const void *pb)
{
	const struct runref *a = pa, *b = pb;
	int c = strcmp(a->p->workload, b->p->workload);

	if (c == 0)
		c = strcmp(a->p->spec, b->p->spec);
	return c != 0 ? c : place_cmp(a, b);
}

/* By workload, then phase (none first), then place. */
static int
by_phase(const void *pa, const void *pb)
{
	const struct runref *a = pa, *b = pb;
	int c = strcmp(a->p->workload, b->p->workload);

	if (c == 0)
		c = phase_cmp(a->p->phase, b->p->phase);
	return c != 0 ? c : place_cmp(a, b);
}

static void
order_runs(struct runorder *o, const struct pipelinerun *p, size_t n)
{
	struct runref *v = xcalloc(n + 1, sizeof(*v));
	size_t m = 0, a, b;

	o->uniform = xcalloc(n + 1, sizeof(*o->uniform));
	o->first_w = xcalloc(n + 1, sizeof(*o->first_w));
	o->first_p = xcalloc(n + 1, sizeof(*o->first_p));
	for (size_t i = 0; i < n; i++)
		if (p[i].spec != NULL)
			v[m++] = (struct runref){ &p[i], i };
	qsort(v, m, sizeof(*v), by_spec);
	for (a = 0; a < m; a = b) {
		size_t first = v[a].i;

		for (b = a; b < m && strcmp(v[b].p->workload,
		    v[a].p->workload) == 0; b++)
			first = v[b].i < first ? v[b].i : first;
		for (size_t k = a; k < b; k++) {
			/* sorted by text: all one text when first and last are */
			o->uniform[v[k].i] = strcmp(v[a].p->spec,
			    v[b - 1].p->spec) == 0;
			o->first_w[v[k].i] = first;
		}
	}
	qsort(v, m, sizeof(*v), by_phase);
	for (a = 0; a < m; a = b)
		for (b = a; b < m && strcmp(v[b].p->workload,
		    v[a].p->workload) == 0 && phase_cmp(v[b].p->phase,
		    v[a].p->phase) == 0; b++)
			o->first_p[v[b].i] = v[a].i;
	free(v);
}

static void
order_free(struct runorder *o)
{
	free(o->uniform);
	free(o->first_w);
	free(o->first_p);
}

/* Whether a run before k gave k's records already: the same workload
 * (and phase, by_phase).  Two runs of one phase with different specs are
 * an error: which one ran cannot be told. */
static bool
seen_before(const struct pipelinerun *p, const struct strv *labels,
    const struct runorder *o, size_t k, bool by_phase)
{
	size_t i = by_phase ? o->first_p[k] : o->first_w[k];

	if (i == k)
		return false;
	if (by_phase && strcmp(p[i].spec, p[k].spec) != 0)
		s2r_die_at(labels->v[k], p[k].spec_line, p[k].spec_column,
		    "expected the spec of %s for phase %s, workload %s: two "
		    "PipelineRuns of one cell give different specs",
		    labels->v[i], p[k].phase, p[k].workload);
	return true;
}

size_t
runspec_expect(const char *rundir, json_t *out)
{
	struct strv names = {0}, labels = {0};
	struct pipelinerun *p;
	struct simindex ix;
	struct runorder order;
	bool *sim;		/* the sim bundle has a spec for its workload */
	size_t i, nread;

	index_sim(&ix, out, twin_key);
	list_runs(rundir, &names);
	p = xcalloc(names.n + 1, sizeof(*p));
	sim = xcalloc(names.n + 1, sizeof(*sim));
	for (i = 0; i < names.n; i++) {
		struct sbuf path = {0}, label = {0};

		sbuf_printf(&path, "%s/cluster/%s", rundir, names.v[i]);
		sbuf_printf(&label, "cluster/%s", names.v[i]);
		pipelinerun_load(&p[i], path.s, label.s);
		strv_add(&labels, label.s);
		if (p[i].workload == NULL) {
			free(p[i].spec);
			p[i].spec = NULL;
		}
		sim[i] = p[i].spec != NULL && covered(&ix, p[i].workload);
		sbuf_free(&path);
		sbuf_free(&label);
	}
	order_runs(&order, p, names.n);
	for (i = 0; i < names.n; i++) {
		bool by_phase;

		if (sim[i])
			compare_one(&p[i], labels.v[i], &ix, out);
		if (p[i].spec == NULL || sim[i])
			continue;
		by_phase = !order.uniform[i];
		if (by_phase && p[i].phase == NULL)
			s2r_die_at(labels.v[i], p[i].spec_line,
			    p[i].spec_column, "expected a phase param: the "
			    "run's PipelineRuns give workload %s different "
			    "specs", p[i].workload);
		if (!seen_before(p, &labels, &order, i, by_phase))
			expect_one(&p[i], labels.v[i], by_phase, out);
	}
	for (i = 0; i < names.n; i++)
		pipelinerun_free(&p[i]);
	free(p);
	free(sim);
	order_free(&order);
	index_free(&ix);
	nread = names.n;
	strv_free(&labels);
	strv_free(&names);
	return nread;
}

/* The sim's expectation of rec's check and metric for phase: the one the
 * phase's own scenario gives, else one for every phase (config.md, a
 * bundle of one baseline), else NULL (ix: by config_key, in out's order
 * within a key: each run's parameters were sought through every record,
 * 2,000 PipelineRuns beside a spec of 2,000 clients took 3 minutes). */
static const json_t *
sim_config(const json_t *out, const struct simindex *ix, const json_t *rec,
    const char *phase)
{
	const json_t *any = NULL;
	char *k = config_key(rec);
	size_t at;

	if (k == NULL)
		return NULL;
	for (at = index_find(ix, k); at < ix->n && strcmp(ix->v[at].key,
	    k) == 0; at++) {
		const json_t *r = json_array_get(out, ix->v[at].i);
		const char *ph = rec_get_str(json_object_get(r, "scope"),
		    "phase");

		if (ph != NULL && strcmp(ph, phase) == 0)
			break;
		if (ph == NULL && any == NULL)
			any = r;
	}
	if (at < ix->n && strcmp(ix->v[at].key, k) == 0)
		any = json_array_get(out, ix->v[at].i);
	free(k);
	return any;
}

/* The place of one deployed value: the PipelineRun's scenarioContent
 * (its lines are the embedded text's, so the param's), the key within. */
static void
cite_scenario(json_t *rec, const char *label, const struct pipelinerun *p)
{
	json_t *src = json_object_get(rec, "source");
	const char *field = rec_get_str(src, "field");
	struct sbuf f = {0};

	sbuf_printf(&f, "scenarioContent: %s", field ? field : "");
	rec_set_str(src, "file", label);
	rec_set_i64(src, "line", p->scenario_line);
	rec_set_i64(src, "column", p->scenario_column);
	rec_set_str(src, "field", f.s);
	rec_set_str(src, "how", "the llm-d-benchmark scenario the "
	    "PipelineRun deployed (param scenarioContent)");
	sbuf_free(&f);
}

/* A record of a scenario's: its metric and its place among them. */
struct setting {
	const char	*metric;
	size_t		 at;
};

static int
by_metric_at(const void *pa, const void *pb)
{
	const struct setting *a = pa, *b = pb;
	int c = strcmp(a->metric, b->metric);

	return c != 0 ? c : a->at < b->at ? -1 : a->at > b->at;
}

/* For each record of recs, whether a later one sets its parameter again:
 * the scenario renders its keys, then its flags, into one vLLM command
 * line, where argparse keeps the last value given (a flag an overlay
 * appends overrides the chart's), so only the last one ran.  One sort,
 * not a scan per record: a scenario's flags are the bundle's to
 * multiply.  Caller frees. */
static bool *
overridden(const json_t *recs)
{
	size_t n = json_array_size(recs);
	struct setting *v = xcalloc(n + 1, sizeof(*v));
	bool *over = xcalloc(n + 1, sizeof(*over));

	for (size_t i = 0; i < n; i++) {
		const char *m = rec_get_str(json_array_get(recs, i), "metric");

		v[i] = (struct setting){ m != NULL ? m : "", i };
	}
	qsort(v, n, sizeof(*v), by_metric_at);
	for (size_t i = 0; i + 1 < n; i++)
		over[v[i].at] = strcmp(v[i].metric, v[i + 1].metric) == 0;
	free(v);
	return over;
}

/* Whether sim record r is a parameter a baseline's scenario gave for
 * one phase (scoped to the phase alone: a vLLM parameter, or the
 * replicas), the kind a deployed scenario of that phase gives too. */
static bool
phase_param(const json_t *r)
{
	const json_t *scope = json_object_get(r, "scope");
	const char *kind = rec_get_str(r, "kind");
	const char *check = rec_get_str(r, "check");
	const char *metric = rec_get_str(r, "metric");

	if (kind == NULL || strcmp(kind, "expect") != 0 || check == NULL ||
	    metric == NULL || rec_get_str(scope, "phase") == NULL ||
	    json_object_size(scope) != 1)
		return false;
	return (strcmp(check, "2a") == 0 && strncmp(metric, "vllm.", 5) == 0) ||
	    (strcmp(check, "2b") == 0 && strcmp(metric, "instances.count") ==
	    0);
}

/* The parameters the sim's scenario for p's phase gives (params: the
 * phase_param records of out) that the deployed scenario (recs) leaves
 * out, each {metric, sim} into unset: the scenario was rendered from
 * another source or lost a flag, and the arm ran the chart's or vLLM's
 * default, which may not be the value simulated.  Returns how many. */
static size_t
deployed_unset(const struct pipelinerun *p, const json_t *params,
    const json_t *recs, json_t *unset)
{
	size_t i, k, n = 0;
	const json_t *s, *r;
	struct strv seen = {0};

	json_array_foreach(params, i, s) {
		const char *m = rec_get_str(s, "metric");
		bool given = false;

		if (strcmp(rec_get_str(json_object_get(s, "scope"), "phase"),
		    p->phase) != 0)
			continue;
		json_array_foreach(recs, k, r)
			given = given || strcmp(rec_get_str(r, "metric"), m) == 0;
		/* a flag the sim's scenario gives twice is one parameter */
		if (given || strv_find(&seen, m) >= 0)
			continue;
		strv_add(&seen, m);
		if (n++ < CONFLICT_MAX)
			json_array_append_new(unset, json_pack("{s:s, s:o}",
			    "metric", m, "sim", side_of(s)));
	}
	strv_free(&seen);
	return n;
}

/* p's deployed scenario against the sim's for its phase: a
 * config.deployed record counting the parameters that differ (values:
 * the first CONFLICT_MAX), n those compared, and those the sim's
 * scenario gives but the deployed one does not (unset); none when no
 * parameter of it has a sim expectation. */
static void
deployed_one(const struct pipelinerun *p, const char *label,
    const struct simindex *ix, const json_t *params, json_t *out)
{
	struct sbuf where = {0}, how = {0};
	json_t *recs = json_array(), *r, *values = json_array();
	json_t *unset = json_array();
	size_t i, ndiff = 0, ncmp = 0, nunset;
	bool *over;

	sbuf_printf(&where, "%s:%ld: scenarioContent", label,
	    p->scenario_line);
	scenario_text(recs, where.s, p->scenario);
	over = overridden(recs);
	json_array_foreach(recs, i, r) {
		const json_t *twin = sim_config(out, ix, r, p->phase);

		if (twin == NULL || over[i])
			continue;
		ncmp++;
		if (json_equal(json_object_get(twin, "value"),
		    json_object_get(r, "value")) || ndiff++ >= CONFLICT_MAX)
			continue;
		cite_scenario(r, label, p);
		json_array_append_new(values, difference(twin, r, false));
	}
	nunset = deployed_unset(p, params, recs, unset);
	if (ncmp > 0 || nunset > 0) {
		sbuf_printf(&how, "vLLM parameters of the scenario the "
		    "PipelineRun deployed (param scenarioContent) that differ "
		    "from the sim bundle's for phase %s (the first %d in "
		    "values; n: the parameters both give; unset: those the "
		    "sim's scenario for the phase gives and the deployed one "
		    "does not)", p->phase, CONFLICT_MAX);
		conflict_emit(out, &(struct rec_head){ .kind = "expect",
		    .check = "2a", .metric = "config.deployed",
		    .value = json_integer((json_int_t)ndiff), .unit = "count",
		    .n = (int64_t)ncmp }, values, p, label, p->scenario_line,
		    p->scenario_column, "scenarioContent", how.s);
		if (nunset > 0)
			rec_set(json_array_get(out, json_array_size(out) - 1),
			    "unset", json_incref(unset));
	} else
		json_decref(values);
	json_decref(unset);
	free(over);
	json_decref(recs);
	sbuf_free(&where);
	sbuf_free(&how);
}

/* Where p ran against the run's namespace (run_metadata.json): a
 * run.namespace record, value the run's, "deployed" p's.  A PipelineRun
 * copied from another run deploys and measures another namespace's
 * stack. */
static void
namespace_one(const struct pipelinerun *p, const char *label,
    const struct run_meta *m, json_t *out)
{
	json_t *rec, *scope;

	if (m->ns == NULL || p->ns == NULL)
		return;
	rec = rec_begin(&(struct rec_head){ .kind = "expect", .check = "2c",
	    .metric = "run.namespace", .value = json_string(m->ns),
	    .n = -1 });
	rec_set_str(rec, "deployed", p->ns);
	rec_set_str(rec, "run_file", m->meta_file);
	scope = rec_scope_new();
	rec_scope_set(scope, "phase", p->phase);
	if (p->workload != NULL)
		rec_scope_set(scope, "workload", p->workload);
	rec_end(rec, scope, rec_source(label, p->ns_line, p->ns_column,
	    "namespace", "the namespace the PipelineRun deployed into "
	    "(param namespace, else metadata.namespace) against the run's "
	    "(run_metadata.json namespace)"));
	json_array_append_new(out, rec);
}

void
runspec_deployed(const char *rundir, json_t *out)
{
	struct strv names = {0};
	struct simindex ix;
	struct run_meta m;
	json_t *params = json_array(), *r;
	size_t k;

	index_sim(&ix, out, config_key);
	json_array_foreach(out, k, r)
		if (phase_param(r))
			json_array_append(params, r);
	run_meta_locate(&m, rundir, rundir);
	list_runs(rundir, &names);
	for (size_t i = 0; i < names.n; i++) {
		struct sbuf path = {0}, label = {0};
		struct pipelinerun p;

		sbuf_printf(&path, "%s/cluster/%s", rundir, names.v[i]);
		sbuf_printf(&label, "cluster/%s", names.v[i]);
		pipelinerun_load(&p, path.s, label.s);
		if (p.scenario != NULL && p.phase != NULL)
			deployed_one(&p, label.s, &ix, params, out);
		if (p.phase != NULL)
			namespace_one(&p, label.s, &m, out);
		pipelinerun_free(&p);
		sbuf_free(&path);
		sbuf_free(&label);
	}
	strv_free(&names);
	index_free(&ix);
	run_meta_free(&m);
	json_decref(params);
}
