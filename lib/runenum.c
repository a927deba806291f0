/* runenum.c - the cells a run declares and what its folders hold
 * (runenum.h).  Upstream's enumeration (docs/formats.md §1.6): every
 * declared (phase, workload) times i1..iN, N the declared replicas;
 * PRESENT when results/<phase>/<workload>/iN/trace_data.csv exists,
 * MISSING when not, SKIP for an algorithm the translation does not list;
 * a run without iN folders (legacy shape) has one cell per pair. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "err.h"
#include "rec.h"
#include "runenum.h"
#include "str.h"

/* What one pair's folder under results/ holds. */
struct pair_disk {
	bool		 direct;	/* <wl>/trace_data.csv */
	int64_t		*iters;		/* N of each <wl>/iN/ folder, sorted */
	size_t		 niters;
};

const char *
run_status_name(enum run_status s)
{
	return s == RUN_PRESENT ? "PRESENT" : s == RUN_MISSING ? "MISSING" :
	    "SKIP";
}

static bool
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The N of "i<N>" (N from 1, no leading zero), else 0. */
static int64_t
iter_number(const char *name)
{
	int64_t n;

	if (name[0] != 'i' || name[1] < '1' || name[1] > '9' ||
	    !parse_i64(name + 1, strlen(name + 1), &n) || n > 100000)
		return 0;
	return n;
}

/* "a/b"; caller frees. */
static char *
pathcat(const char *a, const char *b)
{
	struct sbuf s = {0};

	sbuf_printf(&s, "%s/%s", a, b);
	return s.s;
}

/* "root/phase/workload" (root: results or results.<N>). */
static char *
pair_rel(const char *root, const struct run_pair *p)
{
	struct sbuf s = {0};

	sbuf_printf(&s, "%s/%s/%s", root, p->phase, p->workload);
	return s.s;
}

/* The sorted folder names under path (none when it is not a folder). */
static void
folder_names(const char *path, struct strv *out)
{
	DIR *d = opendir(path);
	struct dirent *de;

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			strv_add(out, de->d_name);
	closedir(d);
	strv_sort(out);
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* What results/<phase>/<wl>/ holds; folders named like iN that are not
 * iN (i0, i01, iabc) go to e->malformed. */
static void
scan_pair(struct run_enum *e, const struct run_meta *m,
    const struct run_pair *p, struct pair_disk *d)
{
	char *rel = pair_rel("results", p), *dir = run_meta_path(m, rel);
	char *f = pathcat(dir, "trace_data.csv");
	struct strv names = {0};

	memset(d, 0, sizeof(*d));
	d->direct = is_file(f);
	free(f);
	folder_names(dir, &names);
	d->iters = xcalloc(names.n + 1, sizeof(*d->iters));
	for (size_t i = 0; i < names.n; i++) {
		char *sub = pathcat(dir, names.v[i]);

		if (run_is_dir(sub) && iter_number(names.v[i]) > 0)
			d->iters[d->niters++] = iter_number(names.v[i]);
		else if (run_is_dir(sub) && names.v[i][0] == 'i') {
			char *bad = pathcat(rel, names.v[i]);

			strv_add(&e->malformed, bad);
			free(bad);
		}
		free(sub);
	}
	if (d->niters > 1)
		qsort(d->iters, d->niters, sizeof(*d->iters), cmp_i64);
	strv_free(&names);
	free(dir);
	free(rel);
}

static void
add_row(struct run_enum *e, const struct run_pair *p, const char *iter,
    enum run_status st, const char *path, const char *why)
{
	struct run_row *r;

	if (e->n == e->cap) {
		e->cap = e->cap ? e->cap * 2 : 32;
		e->rows = xreallocarray(e->rows, e->cap, sizeof(*e->rows));
	}
	r = &e->rows[e->n++];
	r->phase = xstrdup(p->phase);
	r->workload = xstrdup(p->workload);
	r->iteration = nullstr_dup(iter);
	r->status = st;
	r->declared = true;
	r->path = xstrdup(path);
	r->why = xstrdup(why);
	e->counts[st]++;
}

static void
drop_last(struct run_enum *e)
{
	struct run_row *r = &e->rows[--e->n];

	e->counts[r->status]--;
	free(r->phase);
	free(r->workload);
	free(r->iteration);
	free(r->path);
	free(r->why);
}

/* Who says the pair should be there, and what progress.json says of it. */
static void
decl_text(struct sbuf *b, const struct run_meta *m, const struct run_pair *p)
{
	if (m->decl_file != NULL)
		sbuf_printf(b, "%s declares %s x %s (%s)", m->decl_file,
		    p->phase, p->workload, m->decl_field);
	else
		sbuf_printf(b, "%s/%s has cells on disk (no "
		    "manifest.assembly.yaml or progress.json declares the "
		    "run's cells)", p->phase, p->workload);
	if (p->status != NULL && strcmp(p->status, "done") != 0)
		sbuf_printf(b, "; its status there is \"%s\"", p->status);
}

static void
replicas_text(struct sbuf *b, const struct run_enum *e,
    const struct run_meta *m)
{
	if (e->inferred)
		sbuf_printf(b, "replicas not declared (run_metadata.json and "
		    "manifest.assembly.yaml say none): i1..i%lld, the most "
		    "any pair of this run has", (long long)e->replicas);
	else
		sbuf_printf(b, "%lld replica%s (%s, replicas)",
		    (long long)e->replicas, e->replicas == 1 ? "" : "s",
		    m->replicas_file);
}

static bool
has_iter(const struct pair_disk *d, int64_t it)
{
	for (size_t k = 0; k < d->niters; k++)
		if (d->iters[k] == it)
			return true;
	return false;
}

/* One iteration it of a pair in a run of replicas. */
static void
replica_row(struct run_enum *e, const struct run_meta *m,
    const struct run_pair *p, const struct pair_disk *d, int64_t it)
{
	char iter[32], *pair = pair_rel("results", p), *rel, *f, *abs;
	struct sbuf why = {0};

	snprintf(iter, sizeof(iter), "i%lld", (long long)it);
	rel = pathcat(pair, iter);
	f = pathcat(rel, "trace_data.csv");
	abs = run_meta_path(m, f);
	if (has_iter(d, it) && is_file(abs)) {
		sbuf_printf(&why, "%s exists", f);
		add_row(e, p, iter, RUN_PRESENT, rel, sbuf_str(&why));
	} else if (it == 1 && d->direct && d->niters == 0) {
		sbuf_printf(&why, "%s/trace_data.csv: a single run without "
		    "iN/ folders, taken as i1 (the run mixes both shapes)",
		    pair);
		add_row(e, p, NULL, RUN_PRESENT, pair, sbuf_str(&why));
	} else {
		decl_text(&why, m, p);
		sbuf_adds(&why, " with ");
		replicas_text(&why, e, m);
		sbuf_printf(&why, ", but %s %s.", f, has_iter(d, it) ?
		    "is not there (the folder is)" : "does not exist");
		add_row(e, p, iter, RUN_MISSING, rel, sbuf_str(&why));
	}
	sbuf_free(&why);
	free(abs);
	free(f);
	free(rel);
	free(pair);
}

/* A pair's rows under results/: SKIP, one cell (legacy shape) or one per
 * iteration, and the iN folders beyond the replicas declared. */
static void
pair_rows(struct run_enum *e, const struct run_meta *m,
    const struct run_pair *p, const struct pair_disk *d)
{
	bool legacy = strcmp(e->shape, "legacy") == 0;
	char *pair = pair_rel("results", p);
	struct sbuf why = {0};

	if (run_meta_skipped(m, p->phase)) {
		sbuf_printf(&why, "%s is an algorithm of %s that %s does not "
		    "list (algorithms[].name): it was not translated, so not "
		    "deployed.", p->phase, m->decl_file, m->trans_file);
		for (int64_t it = 1; it <= (legacy ? 1 : e->replicas); it++) {
			char iter[32];

			snprintf(iter, sizeof(iter), "i%lld", (long long)it);
			add_row(e, p, legacy ? NULL : iter, RUN_SKIP, pair,
			    sbuf_str(&why));
		}
	} else if (legacy) {
		decl_text(&why, m, p);
		sbuf_printf(&why, d->direct ? ": %s/trace_data.csv exists" :
		    ", but %s/trace_data.csv does not exist.", pair);
		add_row(e, p, NULL, d->direct ? RUN_PRESENT : RUN_MISSING,
		    pair, sbuf_str(&why));
	} else
		for (int64_t it = 1; it <= e->replicas; it++)
			replica_row(e, m, p, d, it);
	for (size_t k = 0; k < d->niters && !run_meta_skipped(m, p->phase);
	    k++) {
		if (d->iters[k] <= e->replicas)
			continue;
		/* Not declared: listed when it holds a cell, never MISSING. */
		replica_row(e, m, p, d, d->iters[k]);
		if (e->rows[e->n - 1].status != RUN_PRESENT) {
			drop_last(e);
			continue;
		}
		e->rows[e->n - 1].declared = false;
		sbuf_reset(&why);
		sbuf_printf(&why, "%s; beyond the ", e->rows[e->n - 1].why);
		replicas_text(&why, e, m);
		xstrset(&e->rows[e->n - 1].why, sbuf_str(&why));
	}
	sbuf_free(&why);
	free(pair);
}

/* A pair in a repeat folder results.<N>/ of an older run: the repeat is
 * its iteration. */
static void
repeat_row(struct run_enum *e, const struct run_meta *m,
    const struct run_pair *p, const char *repeat)
{
	char *rel = pair_rel(repeat, p), *f = pathcat(rel, "trace_data.csv");
	char *abs = run_meta_path(m, f);
	struct sbuf why = {0};
	enum run_status st = RUN_PRESENT;

	if (run_meta_skipped(m, p->phase)) {
		sbuf_printf(&why, "%s is an algorithm %s does not list: not "
		    "translated, so not deployed.", p->phase, m->trans_file);
		st = RUN_SKIP;
	} else if (is_file(abs))
		sbuf_printf(&why, "%s exists", f);
	else {
		decl_text(&why, m, p);
		sbuf_printf(&why, ", but the repeat folder %s/ has no %s.",
		    repeat, f);
		st = RUN_MISSING;
	}
	add_row(e, p, repeat, st, rel, sbuf_str(&why));
	sbuf_free(&why);
	free(abs);
	free(f);
	free(rel);
}

static int
cmp_repeat(const void *a, const void *b)
{
	int64_t x = 0, y = 0;
	const char *s = *(char *const *)a, *t = *(char *const *)b;

	parse_i64(s + 8, strlen(s + 8), &x);
	parse_i64(t + 8, strlen(t + 8), &y);
	return (x > y) - (x < y);
}

/* The repeat folders results.<N>/ of the run, by N. */
static void
find_repeats(struct run_enum *e, const struct run_meta *m)
{
	struct strv names = {0};
	int64_t n;

	folder_names(m->dir, &names);
	for (size_t i = 0; i < names.n; i++) {
		const char *s = names.v[i];
		char *abs = run_meta_path(m, s);

		if (str_has_prefix(s, "results.") && s[8] >= '1' &&
		    s[8] <= '9' && parse_i64(s + 8, strlen(s + 8), &n) &&
		    run_is_dir(abs))
			strv_add(&e->repeats, s);
		free(abs);
	}
	if (e->repeats.n > 1)
		qsort(e->repeats.v, e->repeats.n, sizeof(*e->repeats.v),
		    cmp_repeat);
	strv_free(&names);
}

/* Folders beside the phases that never hold cells (docs/formats.md
 * §1.2). */
static bool
never_a_cell(const char *name)
{
	static const char *const skip[] = { "generated", "workloads",
	    "results_charts", "snapshots", "review", "cluster", "plans",
	    "check", NULL };

	for (size_t i = 0; skip[i] != NULL; i++)
		if (strcmp(name, skip[i]) == 0)
			return true;
	return false;
}

/* Whether root/phase/wl/ holds a trace, or under results/ an iN/. */
static bool
holds_cells(const struct run_meta *m, const char *root, const char *phase,
    const char *wl)
{
	struct run_pair p = { (char *)phase, (char *)wl, NULL };
	char *rel = pair_rel(root, &p), *f = pathcat(rel, "trace_data.csv");
	char *abs = run_meta_path(m, f);
	bool yes = is_file(abs);
	struct run_enum scratch = {0};
	struct pair_disk d;

	if (!yes && strcmp(root, "results") == 0) {
		scan_pair(&scratch, m, &p, &d);
		yes = d.niters > 0;
		free(d.iters);
		run_enum_free(&scratch);
	}
	free(abs);
	free(f);
	free(rel);
	return yes;
}

/* Without a declaration, the pairs are the <phase>/<workload>/ folders
 * of results/ and the repeat folders that hold a trace or an iN/. */
static void
disk_pairs(const struct run_enum *e, const struct run_meta *m,
    struct run_meta *found)
{
	for (size_t r = 0; r <= e->repeats.n; r++) {
		const char *root = r == 0 ? "results" : e->repeats.v[r - 1];
		char *rdir = run_meta_path(m, root);
		struct strv phases = {0};

		folder_names(rdir, &phases);
		for (size_t i = 0; i < phases.n; i++) {
			char *pdir = pathcat(rdir, phases.v[i]);
			struct strv wls = {0};

			if (!never_a_cell(phases.v[i]))
				folder_names(pdir, &wls);
			for (size_t k = 0; k < wls.n; k++)
				if (holds_cells(m, root, phases.v[i], wls.v[k]))
					run_meta_add_pair(found, phases.v[i],
					    wls.v[k], NULL);
			strv_free(&wls);
			free(pdir);
		}
		strv_free(&phases);
		free(rdir);
	}
}

/* The shape of results/ over the pairs (upstream's names): replica (iN/
 * folders), legacy (a trace per pair), mixed, or empty. */
static const char *
shape_of(const struct pair_disk *d, size_t n)
{
	bool iters = false, direct = false;

	for (size_t i = 0; i < n; i++) {
		iters = iters || d[i].niters > 0;
		direct = direct || d[i].direct;
	}
	return iters && direct ? "mixed" : iters ? "replica" : direct ?
	    "legacy" : "empty";
}

void
run_enumerate(struct run_enum *e, const struct run_meta *m)
{
	struct run_meta found = {0};
	const struct run_meta *pm = m;
	struct pair_disk *d;
	char *results = run_meta_path(m, "results");
	bool use_results;

	memset(e, 0, sizeof(*e));
	find_repeats(e, m);
	if (m->npairs == 0) {
		disk_pairs(e, m, &found);
		pm = &found;
	}
	use_results = run_is_dir(results) || e->repeats.n == 0;
	d = xcalloc(pm->npairs + 1, sizeof(*d));
	for (size_t i = 0; i < pm->npairs && use_results; i++)
		scan_pair(e, m, &pm->pairs[i], &d[i]);
	e->shape = use_results ? shape_of(d, pm->npairs) : "repeats";
	e->replicas = m->replicas;
	for (size_t i = 0; i < pm->npairs && e->replicas == 0; i++)
		if (d[i].niters > 0 && d[i].iters[d[i].niters - 1] >
		    e->replicas)
			e->replicas = d[i].iters[d[i].niters - 1];
	if (m->replicas == 0) {
		e->inferred = true;
		e->replicas = e->replicas > 0 ? e->replicas : 1;
	}
	for (size_t i = 0; i < pm->npairs && use_results; i++)
		pair_rows(e, m, &pm->pairs[i], &d[i]);
	for (size_t r = 0; r < e->repeats.n; r++)
		for (size_t i = 0; i < pm->npairs; i++)
			repeat_row(e, m, &pm->pairs[i], e->repeats.v[r]);
	for (size_t i = 0; i < pm->npairs; i++)
		free(d[i].iters);
	free(d);
	free(results);
	run_meta_free(&found);
}

void
run_enum_free(struct run_enum *e)
{
	for (size_t i = 0; i < e->n; i++) {
		free(e->rows[i].phase);
		free(e->rows[i].workload);
		free(e->rows[i].iteration);
		free(e->rows[i].path);
		free(e->rows[i].why);
	}
	free(e->rows);
	strv_free(&e->repeats);
	strv_free(&e->malformed);
	memset(e, 0, sizeof(*e));
}

static json_t *
row_scope(const struct run_row *r)
{
	json_t *scope = rec_scope_new();

	rec_scope_set(scope, "phase", r->phase);
	rec_scope_set(scope, "workload", r->workload);
	rec_scope_set(scope, "iteration", r->iteration);
	return scope;
}

static json_t *
strv_json(const struct strv *sv)
{
	json_t *a = json_array();

	for (size_t i = 0; i < sv->n; i++)
		json_array_append_new(a, rec_str(sv->v[i]));
	return a;
}

static json_t *
replicas_json(const struct run_enum *e, const struct run_meta *m)
{
	json_t *o = json_object();

	rec_set_i64(o, "value", e->replicas);
	if (e->inferred)
		rec_set(o, "source", rec_source("results", 0, 0, NULL,
		    "not declared (run_metadata.json, manifest.assembly.yaml): "
		    "the highest iN folder of any pair, 1 without any"));
	else
		rec_set(o, "source", rec_source(m->replicas_file, 0, 0,
		    "replicas", NULL));
	return o;
}

/* The run record: what the run is, where its cells are declared, its
 * shape and the counts of its cells. */
static json_t *
run_record(const struct run_enum *e, const struct run_meta *m)
{
	json_t *rec = rec_new("run"), *meta = json_object(), *counts;

	rec_set_str(rec, "run", m->name);
	rec_set_str(rec, "shape", e->shape);
	rec_set(rec, "replicas", replicas_json(e, m));
	rec_set(rec, "declared_by", m->decl_file == NULL ? json_null() :
	    rec_source(m->decl_file, 0, 0, m->decl_field, NULL));
	rec_set(rec, "translation", m->trans_file == NULL ? json_null() :
	    rec_source(m->trans_file, 0, 0, m->trans_lists ?
	    "algorithms[].name" : NULL, m->trans_lists ? NULL : "lists no "
	    "algorithms (older format): no phase can be SKIP"));
	if (m->trans_lists)
		rec_set(rec, "translated", strv_json(&m->translated));
	rec_set(rec, "generated", m->generated == NULL ? json_null() :
	    rec_str(m->generated));
	if (m->version >= 0)
		rec_set_i64(meta, "version", m->version);
	rec_set_str(meta, "created_at", m->created_at);
	rec_set_str(meta, "pipeline_commit", m->pipeline_commit);
	rec_set_str(meta, "translation_hash", m->translation_hash);
	rec_set_str(meta, "cluster_id", m->cluster_id);
	rec_set(rec, "metadata", meta);
	counts = json_object();
	for (int s = RUN_PRESENT; s <= RUN_SKIP; s++)
		rec_set_i64(counts, run_status_name(s), (int64_t)e->counts[s]);
	rec_set(rec, "counts", counts);
	rec_set(rec, "repeats", strv_json(&e->repeats));
	rec_set(rec, "malformed", strv_json(&e->malformed));
	rec_set(rec, "warnings", strv_json(&m->warnings));
	rec_set(rec, "source", m->meta_file == NULL ? json_null() :
	    rec_source(m->meta_file, 0, 0, NULL, NULL));
	return rec;
}

/* Where the cells are declared: the declaring file, else the folders. */
static json_t *
decl_source(const struct run_meta *m, const char *how)
{
	if (m->decl_file != NULL)
		return rec_source(m->decl_file, 0, 0, m->decl_field, how);
	return rec_source("results", 0, 0, "<phase>/<workload>[/iN] folders "
	    "holding a trace_data.csv", how);
}

static json_t *
cell_record(const struct run_row *r, const struct run_meta *m)
{
	json_t *rec = rec_new("cell");

	rec_set_str(rec, "status", run_status_name(r->status));
	rec_set(rec, "scope", row_scope(r));
	rec_set_str(rec, "path", r->path);
	rec_set(rec, "declared", json_boolean(r->declared));
	rec_set_str(rec, "why", r->why);
	rec_set(rec, "source", decl_source(m, NULL));
	return rec;
}

/* "The run declares this cell": s2r-verdict makes a cell of it, whose
 * checks say MISSING when no measure record names it. */
static json_t *
declared_record(const struct run_row *r, const struct run_meta *m)
{
	json_t *rec = rec_begin(&(struct rec_head){ .kind = "expect",
	    .check = "1a", .metric = "run.cell", .value = rec_str("declared"),
	    .n = -1 });

	rec_end(rec, row_scope(r), decl_source(m, "a cell the run declares "
	    "(s2r-run): without measure records its checks say MISSING"));
	return rec;
}

void
run_records(const struct run_enum *e, const struct run_meta *m, json_t *out)
{
	json_array_append_new(out, run_record(e, m));
	for (size_t i = 0; i < e->n; i++)
		json_array_append_new(out, cell_record(&e->rows[i], m));
	for (size_t i = 0; i < e->n; i++)
		if (e->rows[i].declared && e->rows[i].status != RUN_SKIP)
			json_array_append_new(out, declared_record(&e->rows[i],
			    m));
}
