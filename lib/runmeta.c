/* runmeta.c - the files of a sim2real run directory (runmeta.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "err.h"
#include "infile.h"
#include "runmeta.h"
#include "str.h"
#include "yamlr.h"

/* Run files are a few kilobytes; anything this large is not one. */
#define RUN_FILE_MAX (16L << 20)

char *
run_meta_path(const struct run_meta *m, const char *rel)
{
	struct sbuf b = {0};

	sbuf_printf(&b, "%s/%s", m->dir, rel);
	return b.s;
}

static bool
exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 || errno != ENOENT;
}

/* The JSON document of path (shown as file in messages). */
static json_t *
load_json(const char *path, const char *file)
{
	FILE *f = infile_open(path, file);
	json_error_t jerr;
	struct stat st;
	json_t *doc;

	if (fstat(fileno(f), &st) == 0 && st.st_size > RUN_FILE_MAX)
		s2r_die("%s: %lld bytes: expected a run file of at most %ld",
		    file, (long long)st.st_size, RUN_FILE_MAX);
	doc = json_loadf(f, JSON_REJECT_DUPLICATES, &jerr);
	fclose(f);
	if (doc == NULL)
		s2r_die_at(file, jerr.line, jerr.column, "%s", jerr.text);
	if (!json_is_object(doc))
		s2r_die_at(file, 1, 1, "expected a JSON object");
	return doc;
}

/* A string member (NULL when absent or null); another type is an error. */
static char *
json_text(const json_t *obj, const char *key, const char *file)
{
	json_t *v = json_object_get(obj, key);

	if (v == NULL || json_is_null(v))
		return NULL;
	if (!json_is_string(v))
		s2r_die("%s: %s: expected a string", file, key);
	return xstrdup(json_string_value(v));
}

/* A string member, else NULL: what only a check reads (an image, a
 * plugin type) is no reason to refuse the run when it is odd. */
static char *
json_opt_text(const json_t *obj, const char *key)
{
	const char *v = json_string_value(json_object_get(obj, key));

	return v != NULL && v[0] != '\0' ? xstrdup(v) : NULL;
}

void
run_meta_add_pair(struct run_meta *m, const char *phase, const char *workload,
    const char *status)
{
	struct run_pair *p;

	for (size_t i = 0; i < m->npairs; i++)
		if (strcmp(m->pairs[i].phase, phase) == 0 &&
		    strcmp(m->pairs[i].workload, workload) == 0)
			return;
	if (m->npairs == m->cappairs) {
		m->cappairs = m->cappairs ? m->cappairs * 2 : 16;
		m->pairs = xreallocarray(m->pairs, m->cappairs,
		    sizeof(*m->pairs));
	}
	p = &m->pairs[m->npairs++];
	p->phase = xstrdup(phase);
	p->workload = xstrdup(workload);
	p->status = nullstr_dup(status);
}

/* run_metadata.json: version, created_at, pipeline_commit, newer
 * replicas, translation_hash, cluster_id; component_image, namespace. */
static void
read_metadata(struct run_meta *m, const char *root)
{
	char *path = run_meta_path(m, "run_metadata.json");
	json_t *doc, *v;

	if (!exists(path)) {
		free(path);
		return;
	}
	m->meta_file = path_display(path, root);
	doc = load_json(path, m->meta_file);
	v = json_object_get(doc, "version");
	m->version = json_is_integer(v) ? json_integer_value(v) : -1;
	m->created_at = json_text(doc, "created_at", m->meta_file);
	m->pipeline_commit = json_text(doc, "pipeline_commit", m->meta_file);
	m->translation_hash = json_text(doc, "translation_hash", m->meta_file);
	m->cluster_id = json_text(doc, "cluster_id", m->meta_file);
	m->component_image = json_opt_text(doc, "component_image");
	m->ns = json_opt_text(doc, "namespace");
	v = json_object_get(doc, "replicas");
	if (v != NULL && !json_is_null(v)) {
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > 100000) {
			json_decref(doc);	/* no leak for ASan to report */
			s2r_die("%s: replicas: expected a whole number from 1 "
			    "to 100000", m->meta_file);
		}
		m->replicas = json_integer_value(v);
		m->replicas_file = xstrdup(m->meta_file);
	}
	json_decref(doc);
	free(path);
}

/* name: of a manifest item, or the stem of a workload path. */
static char *
item_name(const struct ynode *it, const char *file, bool path_ok)
{
	const char *s = yscalar(it), *base;

	if (s != NULL && path_ok && *s != '\0') {
		base = strrchr(s, '/') ? strrchr(s, '/') + 1 : s;
		if (str_has_suffix(base, ".yaml"))
			return xstrndup(base, strlen(base) - 5);
		if (str_has_suffix(base, ".yml"))
			return xstrndup(base, strlen(base) - 4);
		return xstrdup(base);
	}
	s = yscalar(ymap_get(it, "name"));
	if (s == NULL || *s == '\0')
		s2r_die_at(file, it->line, it->column, "expected %s with a "
		    "name:", path_ok ? "a workload path or a mapping" :
		    "a mapping");
	return xstrdup(s);
}

/* The names of the sequence key of map (absent: none). */
static void
manifest_names(const struct ynode *map, const char *key, const char *file,
    struct strv *out)
{
	const struct ynode *seq = ymap_get(map, key);

	if (seq == NULL || yscalar_is_null(seq))
		return;
	if (seq->type != Y_SEQ)
		s2r_die_at(file, seq->line, seq->column, "%s: expected a "
		    "list", key);
	for (size_t i = 0; i < seq->n; i++) {
		char *name = item_name(seq->items[i], file,
		    strcmp(key, "workloads") == 0);

		strv_add(out, name);
		free(name);
	}
}

static void
manifest_replicas(struct run_meta *m, const struct ynode *root,
    const char *file)
{
	const struct ynode *r = ymap_get(root, "replicas");
	int64_t n;

	if (r == NULL || yscalar_is_null(r))
		return;
	if (!yscalar_i64(r, &n) || n < 1 || n > 100000)
		s2r_die_at(file, r->line, r->column, "replicas: expected a "
		    "whole number from 1 to 100000");
	if (m->replicas == 0) {
		m->replicas = n;
		m->replicas_file = xstrdup(file);
	} else if (m->replicas != n) {
		struct sbuf w = {0};

		sbuf_printf(&w, "%s says replicas %lld, %s says %lld: the "
		    "first is used (as upstream's enumeration does)",
		    m->replicas_file, (long long)m->replicas, file,
		    (long long)n);
		strv_add(&m->warnings, sbuf_str(&w));
		sbuf_free(&w);
	}
}

/* manifest.assembly.yaml (sim2real assemble): replicas, baselines[].name
 * and algorithms[].name (the phases), workloads[] (paths or names). */
static bool
read_manifest(struct run_meta *m, const char *root)
{
	char *path = run_meta_path(m, "manifest.assembly.yaml");
	struct strv base = {0}, wl = {0};
	const struct ynode *top;
	struct ydoc *doc;
	char *file;

	if (!exists(path)) {
		free(path);
		return false;
	}
	file = path_display(path, root);
	doc = ydoc_load_file_or_die(path);
	top = ydoc_root(doc);
	if (top == NULL || top->type != Y_MAP)
		s2r_die_at(file, top ? top->line : 1, top ? top->column : 1,
		    "expected a mapping (sim2real assemble's manifest)");
	manifest_replicas(m, top, file);
	manifest_names(top, "baselines", file, &base);
	manifest_names(top, "algorithms", file, &m->algorithms);
	manifest_names(top, "workloads", file, &wl);
	for (size_t a = 0; a < base.n + m->algorithms.n; a++)
		for (size_t w = 0; w < wl.n; w++)
			run_meta_add_pair(m, a < base.n ? base.v[a] :
			    m->algorithms.v[a - base.n], wl.v[w], NULL);
	m->decl_file = file;
	m->decl_field = "baselines[].name and algorithms[].name (phases) "
	    "times workloads[]";
	strv_free(&base);
	strv_free(&wl);
	ydoc_free(doc);
	free(path);
	return true;
}

/* progress.json (the deploy orchestrator): one member per (workload,
 * package) with its status; members without a workload ("_orchestrator")
 * are not pairs. */
static void
read_progress(struct run_meta *m, const char *root)
{
	char *path = run_meta_path(m, "progress.json"), *file;
	const char *key;
	json_t *doc, *v;

	if (!exists(path)) {
		free(path);
		return;
	}
	file = path_display(path, root);
	doc = load_json(path, file);
	json_object_foreach(doc, key, v) {
		json_t *w = json_object_get(v, "workload");
		json_t *p = json_object_get(v, "package");
		json_t *st = json_object_get(v, "status");

		if (!json_is_object(v) || w == NULL)
			continue;
		if (!json_is_string(w) || !json_is_string(p) ||
		    (st != NULL && !json_is_string(st)))
			s2r_die("%s: %s: expected string workload, package "
			    "and status", file, key);
		run_meta_add_pair(m, json_string_value(p), json_string_value(w),
		    json_string_value(st));
	}
	json_decref(doc);
	free(path);
	m->decl_file = file;
	m->decl_field = "<key>.package (phase) and <key>.workload";
}

void
run_meta_free(struct run_meta *m)
{
	for (size_t i = 0; i < m->npairs; i++) {
		free(m->pairs[i].phase);
		free(m->pairs[i].workload);
		free(m->pairs[i].status);
	}
	free(m->pairs);
	free(m->dir);
	free(m->name);
	free(m->meta_file);
	free(m->created_at);
	free(m->pipeline_commit);
	free(m->translation_hash);
	free(m->translation);
	free(m->cluster_id);
	free(m->component_image);
	free(m->ns);
	free(m->plugin_type);
	free(m->replicas_file);
	free(m->decl_file);
	free(m->trans_file);
	free(m->generated);
	strv_free(&m->algorithms);
	strv_free(&m->translated);
	strv_free(&m->image_refs);
	strv_free(&m->warnings);
	memset(m, 0, sizeof(*m));
}

/* A translation hash names a folder: no '/', no "..". */
static bool
hash_ok(const char *h)
{
	size_t n = strlen(h);

	if (n == 0 || n > 128)
		return false;
	return strspn(h, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789_-") == n;
}

bool
run_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The translation's folder: workspace/translations/<translation_hash>/
 * (newest layout, beside workspace/runs/) or the run itself (older). */
static char *
translation_dir(struct run_meta *m)
{
	struct sbuf rel = {0}, w = {0};
	char *dir;

	if (m->translation_hash == NULL)
		return xstrdup(m->dir);
	if (!hash_ok(m->translation_hash))
		s2r_die("%s: translation_hash: expected letters, digits, '_' "
		    "or '-' (a folder name under workspace/translations/)",
		    m->meta_file);
	sbuf_printf(&rel, "../../translations/%s", m->translation_hash);
	dir = run_meta_path(m, sbuf_str(&rel));
	sbuf_free(&rel);
	if (run_is_dir(dir))
		return dir;
	sbuf_printf(&w, "translation_hash %s: no workspace/translations/%s/ "
	    "beside workspace/runs/: the run's own files are read instead",
	    m->translation_hash, m->translation_hash);
	strv_add(&m->warnings, sbuf_str(&w));
	sbuf_free(&w);
	free(dir);
	return xstrdup(m->dir);
}

/* The translation's folder (m->translation when it is not the run's
 * own) and its generated/ (m->generated); returns the folder. */
static char *
locate_translation(struct run_meta *m, const char *root)
{
	char *dir = translation_dir(m);
	struct sbuf b = {0};

	if (strcmp(dir, m->dir) != 0)
		m->translation = path_display(dir, root);
	sbuf_printf(&b, "%s/generated", dir);
	if (run_is_dir(sbuf_str(&b)))
		m->generated = path_display(sbuf_str(&b), root);
	sbuf_free(&b);
	return dir;
}

/* translation_output.json in the translation's folder dir:
 * algorithms[].name (newer) is what was translated; older ones
 * (plugin_type, no algorithms) do not say. */
static void
read_translation(struct run_meta *m, const char *root, const char *dir)
{
	struct sbuf b = {0};
	json_t *doc, *algos, *a;
	char *path;
	size_t i;

	sbuf_printf(&b, "%s/translation_output.json", dir);
	path = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	if (!exists(path)) {
		free(path);
		return;
	}
	m->trans_file = path_display(path, root);
	doc = load_json(path, m->trans_file);
	algos = json_object_get(doc, "algorithms");
	m->trans_lists = json_is_array(algos);
	json_array_foreach(algos, i, a) {
		const char *name;

		name = json_string_value(json_object_get(a, "name"));

		if (name == NULL) {
			json_decref(doc);
			s2r_die("%s: algorithms[%zu]: expected an object with "
			    "a string name", m->trans_file, i);
		}
		strv_add(&m->translated, name);
		name = json_string_value(json_object_get(a, "image_ref"));
		strv_add(&m->image_refs, name != NULL ? name : "");
	}
	m->plugin_type = json_opt_text(doc, "plugin_type");
	json_decref(doc);
	free(path);
}

bool
run_meta_skipped(const struct run_meta *m, const char *phase)
{
	return m->trans_lists && strv_find(&m->algorithms, phase) >= 0 &&
	    strv_find(&m->translated, phase) < 0;
}

/* The run folder dir: its run_metadata.json, and unless locate_only
 * its declaration and translation_output.json. */
static void
meta_read(struct run_meta *m, const char *dir, const char *root,
    bool locate_only)
{
	const char *slash;
	char *tdir;
	size_t n = strlen(dir);

	memset(m, 0, sizeof(*m));
	while (n > 1 && dir[n - 1] == '/')
		n--;
	m->dir = xstrndup(dir, n);
	slash = strrchr(m->dir, '/');
	m->name = xstrdup(slash != NULL && slash[1] != '\0' ? slash + 1 :
	    m->dir);
	m->version = -1;
	if (!run_is_dir(m->dir))
		s2r_die("%s: expected a run folder (workspace/runs/<run>/)",
		    dir);
	read_metadata(m, root);
	if (locate_only) {
		free(locate_translation(m, root));
		return;
	}
	if (!read_manifest(m, root))
		read_progress(m, root);
	tdir = locate_translation(m, root);
	read_translation(m, root, tdir);
	free(tdir);
}

void
run_meta_read(struct run_meta *m, const char *dir, const char *root)
{
	meta_read(m, dir, root, false);
}

void
run_meta_locate(struct run_meta *m, const char *dir, const char *root)
{
	meta_read(m, dir, root, true);
}
