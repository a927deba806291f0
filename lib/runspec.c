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

/* Whether a record of out already scopes workload w. */
static bool
covered(const json_t *out, const char *w)
{
	size_t i;
	json_t *r;

	json_array_foreach(out, i, r) {
		const char *s = rec_get_str(json_object_get(r, "scope"),
		    "workload");

		if (s != NULL && strcmp(s, w) == 0)
			return true;
	}
	return false;
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

/* Whether a and b hold the same string under key (both present). */
static bool
same_str(const json_t *a, const json_t *b, const char *key)
{
	const char *x = rec_get_str(a, key), *y = rec_get_str(b, key);

	return x != NULL && y != NULL && strcmp(x, y) == 0;
}

/* The sim's record of out with rec's check, metric and scope, or NULL. */
static const json_t *
sim_twin(const json_t *out, const json_t *rec)
{
	const json_t *scope = json_object_get(rec, "scope");
	size_t i;
	json_t *r;

	json_array_foreach(out, i, r)
		if (same_str(r, rec, "kind") && same_str(r, rec, "metric") &&
		    same_str(r, rec, "check") &&
		    json_equal(json_object_get(r, "scope"), scope))
			return r;
	return NULL;
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
compare_one(const struct pipelinerun *p, const char *label, json_t *out)
{
	struct sbuf where = {0}, how = {0};
	struct wlspec *w;
	json_t *recs = json_array(), *r, *values = json_array();
	size_t i, ndiff = 0;

	sbuf_printf(&where, "%s:%ld: workloadSpec", label, p->spec_line);
	w = wlspec_load_buf(where.s, p->spec, strlen(p->spec));
	wlspec_expect(w, p->workload, recs);
	json_array_foreach(recs, i, r) {
		const json_t *twin = sim_twin(out, r);

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

/* Whether every PipelineRun of p[k]'s workload embeds p[k]'s text. */
static bool
one_spec(const struct pipelinerun *p, size_t n, size_t k)
{
	for (size_t i = 0; i < n; i++)
		if (p[i].spec != NULL && strcmp(p[i].workload,
		    p[k].workload) == 0 && strcmp(p[i].spec, p[k].spec) != 0)
			return false;
	return true;
}

/* Whether a run before k gave k's records already: the same workload
 * (and phase, by_phase).  Two runs of one phase with different specs are
 * an error: which one ran cannot be told. */
static bool
seen_before(const struct pipelinerun *p, const struct strv *labels,
    size_t k, bool by_phase)
{
	for (size_t i = 0; i < k; i++) {
		if (p[i].spec == NULL || strcmp(p[i].workload,
		    p[k].workload) != 0)
			continue;
		if (!by_phase)
			return true;
		if (strcmp(p[i].phase, p[k].phase) != 0)
			continue;
		if (strcmp(p[i].spec, p[k].spec) != 0)
			s2r_die_at(labels->v[k], p[k].spec_line,
			    p[k].spec_column, "expected the spec of %s for "
			    "phase %s, workload %s: two PipelineRuns of one "
			    "cell give different specs", labels->v[i],
			    p[k].phase, p[k].workload);
		return true;
	}
	return false;
}

size_t
runspec_expect(const char *rundir, json_t *out)
{
	struct strv names = {0}, labels = {0};
	struct pipelinerun *p;
	bool *sim;		/* the sim bundle has a spec for its workload */
	size_t i, nread;

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
		sim[i] = p[i].spec != NULL && covered(out, p[i].workload);
		sbuf_free(&path);
		sbuf_free(&label);
	}
	for (i = 0; i < names.n; i++) {
		bool by_phase;

		if (sim[i])
			compare_one(&p[i], labels.v[i], out);
		if (p[i].spec == NULL || sim[i])
			continue;
		by_phase = !one_spec(p, names.n, i);
		if (by_phase && p[i].phase == NULL)
			s2r_die_at(labels.v[i], p[i].spec_line,
			    p[i].spec_column, "expected a phase param: the "
			    "run's PipelineRuns give workload %s different "
			    "specs", p[i].workload);
		if (!seen_before(p, &labels, i, by_phase))
			expect_one(&p[i], labels.v[i], by_phase, out);
	}
	for (i = 0; i < names.n; i++)
		pipelinerun_free(&p[i]);
	free(p);
	free(sim);
	nread = names.n;
	strv_free(&labels);
	strv_free(&names);
	return nread;
}

/* The sim's expectation of rec's check and metric for phase: the one the
 * phase's own scenario gives, else one for every phase (config.md, a
 * bundle of one baseline), else NULL. */
static const json_t *
sim_config(const json_t *out, const json_t *rec, const char *phase)
{
	const json_t *any = NULL;
	size_t i;
	json_t *r;

	json_array_foreach(out, i, r) {
		const char *ph = rec_get_str(json_object_get(r, "scope"),
		    "phase");

		if (!same_str(r, rec, "kind") || !same_str(r, rec, "metric") ||
		    !same_str(r, rec, "check"))
			continue;
		if (ph != NULL && strcmp(ph, phase) == 0)
			return r;
		if (ph == NULL && any == NULL)
			any = r;
	}
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

/* p's deployed scenario against the sim's for its phase: a
 * config.deployed record counting the parameters that differ (values:
 * the first CONFLICT_MAX), n those compared; none when no parameter of
 * it has a sim expectation. */
static void
deployed_one(const struct pipelinerun *p, const char *label, json_t *out)
{
	struct sbuf where = {0}, how = {0};
	json_t *recs = json_array(), *r, *values = json_array();
	size_t i, ndiff = 0, ncmp = 0;

	sbuf_printf(&where, "%s:%ld: scenarioContent", label,
	    p->scenario_line);
	scenario_text(recs, where.s, p->scenario);
	json_array_foreach(recs, i, r) {
		const json_t *twin = sim_config(out, r, p->phase);

		if (twin == NULL)
			continue;
		ncmp++;
		if (json_equal(json_object_get(twin, "value"),
		    json_object_get(r, "value")) || ndiff++ >= CONFLICT_MAX)
			continue;
		cite_scenario(r, label, p);
		json_array_append_new(values, difference(twin, r, false));
	}
	if (ncmp > 0) {
		sbuf_printf(&how, "vLLM parameters of the scenario the "
		    "PipelineRun deployed (param scenarioContent) that differ "
		    "from the sim bundle's for phase %s (the first %d in "
		    "values; n: the parameters both give)", p->phase,
		    CONFLICT_MAX);
		conflict_emit(out, &(struct rec_head){ .kind = "expect",
		    .check = "2a", .metric = "config.deployed",
		    .value = json_integer((json_int_t)ndiff), .unit = "count",
		    .n = (int64_t)ncmp }, values, p, label, p->scenario_line,
		    p->scenario_column, "scenarioContent", how.s);
	} else
		json_decref(values);
	json_decref(recs);
	sbuf_free(&where);
	sbuf_free(&how);
}

void
runspec_deployed(const char *rundir, json_t *out)
{
	struct strv names = {0};

	list_runs(rundir, &names);
	for (size_t i = 0; i < names.n; i++) {
		struct sbuf path = {0}, label = {0};
		struct pipelinerun p;

		sbuf_printf(&path, "%s/cluster/%s", rundir, names.v[i]);
		sbuf_printf(&label, "cluster/%s", names.v[i]);
		pipelinerun_load(&p, path.s, label.s);
		if (p.scenario != NULL && p.phase != NULL)
			deployed_one(&p, label.s, out);
		pipelinerun_free(&p);
		sbuf_free(&path);
		sbuf_free(&label);
	}
	strv_free(&names);
}
