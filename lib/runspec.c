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
cite_run(json_t *rec, const char *label, const struct pipelinerun *p)
{
	json_t *src = json_object_get(rec, "source");
	const char *field = rec_get_str(src, "field");
	const char *how = rec_get_str(src, "how");
	struct sbuf f = {0}, h = {0};

	sbuf_printf(&f, "workloadSpec%s%s", field ? ": " : "",
	    field ? field : "");
	sbuf_printf(&h, "%s%sthe workload spec the PipelineRun gave the run "
	    "(param workloadSpec; the sim bundle has no spec for workload "
	    "%s)", how ? how : "", how ? "; " : "", p->workload);
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
		cite_run(r, label, p);
		if (by_phase)
			rec_set_str(json_object_get(r, "scope"), "phase",
			    p->phase);
		json_array_append(out, r);
	}
	json_decref(recs);
	wlspec_free(w);
	sbuf_free(&where);
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
			s2r_die("%s: expected the spec of %s for phase %s, "
			    "workload %s: two PipelineRuns of one cell give "
			    "different specs", labels->v[k], labels->v[i],
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
	size_t i, nread;

	list_runs(rundir, &names);
	p = xcalloc(names.n + 1, sizeof(*p));
	for (i = 0; i < names.n; i++) {
		struct sbuf path = {0}, label = {0};

		sbuf_printf(&path, "%s/cluster/%s", rundir, names.v[i]);
		sbuf_printf(&label, "cluster/%s", names.v[i]);
		pipelinerun_load(&p[i], path.s, label.s);
		strv_add(&labels, label.s);
		if (p[i].workload == NULL || covered(out, p[i].workload)) {
			free(p[i].spec);
			p[i].spec = NULL;
		}
		sbuf_free(&path);
		sbuf_free(&label);
	}
	for (i = 0; i < names.n; i++) {
		bool by_phase;

		if (p[i].spec == NULL)
			continue;
		by_phase = !one_spec(p, names.n, i);
		if (by_phase && p[i].phase == NULL)
			s2r_die("%s: expected a phase param: the run's "
			    "PipelineRuns give workload %s different specs",
			    labels.v[i], p[i].workload);
		if (!seen_before(p, &labels, i, by_phase))
			expect_one(&p[i], labels.v[i], by_phase, out);
	}
	for (i = 0; i < names.n; i++)
		pipelinerun_free(&p[i]);
	free(p);
	nread = names.n;
	strv_free(&labels);
	strv_free(&names);
	return nread;
}
