/* eppdeploy.c - the deployed EPP config against the generated one; see
 * eppdeploy.h. */
#include <stdlib.h>
#include <string.h>

#include "eppdeploy.h"
#include "err.h"
#include "pipelinerun.h"
#include "rec.h"
#include "runmeta.h"
#include "str.h"
#include "yamlr.h"

/* The sections a bare generated config can hold.  The chart's own keys
 * (flags, replicas) and InferenceObjectives live outside it: a scenario
 * that adds them deploys the same EPP config. */
static bool
compared(const struct eppcfg *gen, enum epp_section s)
{
	if (s == EPP_CHART)
		return false;
	if (s == EPP_OBJECTIVES)
		return gen->sec[s].present;
	return true;
}

/* Every change of the compared sections, each with its section. */
static json_t *
changes_of(const struct eppcfg *gen, const struct eppcfg *dep)
{
	json_t *all = json_array();

	for (int s = 0; s < EPP_NSECTIONS; s++) {
		json_t *d, *c;
		size_t i;

		if (!compared(gen, s))
			continue;
		d = eppcfg_diff(gen, dep, s);
		json_array_foreach(json_object_get(d, "changes"), i, c) {
			json_object_set_new(c, "section",
			    json_string(epp_section_names[s]));
			json_array_append(all, c);
		}
		json_decref(d);
	}
	return all;
}

/* Whether a change can alter what the EPP does: all but the document's
 * apiVersion and kind, which the EPP either accepts (the same schema
 * under another group) or refuses at start-up. */
static bool
change_matters(const json_t *c)
{
	const char *item = rec_get_str(c, "item");

	return strcmp(rec_get_str(c, "section"), "other") != 0 ||
	    (strcmp(item, "apiVersion") != 0 && strcmp(item, "kind") != 0);
}

/* "plugins: removed exponential-ceiling; flowControl: changed x" */
static void
summary_text(struct sbuf *b, const json_t *changes)
{
	size_t i;
	json_t *c;

	json_array_foreach(changes, i, c) {
		const char *path = rec_get_str(c, "path");

		sbuf_printf(b, "%s%s: %s %s", i ? "; " : "",
		    rec_get_str(c, "section"), rec_get_str(c, "op"),
		    rec_get_str(c, "item"));
		if (path != NULL && path[0] != '\0')
			sbuf_printf(b, "%s%s", path[0] == '[' ? "" : ".",
			    path);
	}
}

/* Whether one scenario entry (or a whole document) carries an EPP
 * config: a bare EndpointPickerConfig, or a chart block's
 * pluginsCustomConfig.  Helm keys or InferenceObjectives alone leave the
 * chart's default config in place. */
static bool
entry_carries(const struct ynode *n)
{
	const char *kind = yscalar(ymap_get(n, "kind"));

	return (kind != NULL && strcmp(kind, "EndpointPickerConfig") == 0) ||
	    ypath(n, "inferenceExtension.pluginsCustomConfig") != NULL ||
	    ypath(n, "router.epp.pluginsCustomConfig") != NULL;
}

static bool
carries_epp(const struct ydoc *doc)
{
	for (size_t i = 0; i < doc->ndocs; i++) {
		const struct ynode *root = doc->docs[i], *list;

		if (root == NULL || root->type != Y_MAP)
			continue;
		list = ymap_get(root, "scenario");
		if (entry_carries(root))
			return true;
		for (size_t k = 0; list != NULL && list->type == Y_SEQ &&
		    k < list->n; k++)
			if (list->items[k]->type == Y_MAP &&
			    entry_carries(list->items[k]))
				return true;
	}
	return false;
}

/* The EPP config of the scenario doc (its text src); NULL when it
 * carries none (*bad empty) or when that config cannot be read (*bad
 * says where and why: a duplicate key, a section of the wrong shape).
 * Such a config is a finding about the deployment, not a reason to
 * stop: the EPP may have refused it or read it its own way. */
static struct eppcfg *
scenario_epp(const struct ydoc *doc, const struct epp_text *src,
    struct sbuf *bad)
{
	struct eppcfg *cfg;
	struct perr err;

	if (!carries_epp(doc))
		return NULL;
	cfg = eppcfg_from_doc(doc, src, &err);
	if (cfg == NULL)
		sbuf_printf(bad, "line %ld, column %ld of the scenario text: "
		    "%s", err.line, err.column, err.msg);
	return cfg;
}

static json_t *
deployed_record(const struct pipelinerun *p, const char *label,
    const char *phase, const char *value, json_t *changes,
    const char *summary, const char *gen_label)
{
	struct sbuf how = {0};
	json_t *rec = rec_begin(&(struct rec_head){ .kind = "measure",
	    .check = "2d", .metric = "epp.deployed",
	    .value = json_string(value), .n = -1 });
	json_t *scope = rec_scope_new();

	rec_scope_set(scope, "phase", phase);
	if (p->workload != NULL)
		rec_scope_set(scope, "workload", p->workload);
	if (changes != NULL) {
		bool matters = false;
		size_t i;
		json_t *c;

		json_array_foreach(changes, i, c)
			matters = matters || change_matters(c);
		if (json_array_size(changes) > 0)
			rec_set(rec, "matters", json_boolean(matters));
		rec_set(rec, "changes", changes);
	}
	rec_set_str(rec, "summary", summary);
	rec_set_str(rec, "generated", gen_label);
	sbuf_printf(&how, "the EPP config the PipelineRun deployed (param "
	    "scenarioContent: pluginsCustomConfig) against %s, section by "
	    "section", gen_label);
	rec_end(rec, scope, rec_source(label, p->scenario_line,
	    p->scenario_column, "scenarioContent", sbuf_str(&how)));
	sbuf_free(&how);
	return rec;
}

/* --- the EPP image ------------------------------------------------- */

/* The EPP image the scenario deploys (the legacy chart's
 * images.inferenceScheduler repository:tag, in its first entry that
 * gives one), or NULL: the chart's default image. */
static char *
scenario_image(const struct ydoc *doc)
{
	const struct ynode *root, *list, *img;
	struct sbuf b = {0};
	char *out = NULL;

	root = doc->ndocs > 0 ? doc->docs[0] : NULL;
	list = root != NULL && root->type == Y_MAP ?
	    ymap_get(root, "scenario") : NULL;
	for (size_t i = 0; out == NULL && list != NULL &&
	    list->type == Y_SEQ && i < list->n; i++) {
		const char *repo, *tag;

		if (list->items[i]->type != Y_MAP)
			continue;
		img = ypath(list->items[i], "images.inferenceScheduler");
		if (img == NULL || img->type != Y_MAP ||
		    (repo = yscalar(ymap_get(img, "repository"))) == NULL)
			continue;
		tag = yscalar(ymap_get(img, "tag"));
		sbuf_printf(&b, "%s%s%s", repo, tag != NULL ? ":" : "",
		    tag != NULL ? tag : "");
		out = xstrdup(sbuf_str(&b));
	}
	sbuf_free(&b);
	return out;
}

/* Whether cfg has a plugin of type t. */
static bool
has_type(const struct eppcfg *cfg, const char *t)
{
	const struct epp_sec *sec = &cfg->sec[EPP_PLUGINS];

	for (size_t i = 0; i < sec->n; i++)
		if (strcmp(sec->v[i].path, "type") == 0 &&
		    json_is_string(sec->v[i].value) &&
		    strcmp(json_string_value(sec->v[i].value), t) == 0)
			return true;
	return false;
}

/* The image the run built for phase: the translation's image_ref of the
 * algorithm named phase (newer), else run_metadata.json's
 * component_image; *from says which file; *needs whether the arm needs
 * it (its own image_ref, or a config naming the plugin type the
 * translation built: older runs build one image for the run, and a
 * baseline that names no such plugin may run the stock image). */
static const char *
built_image(const struct run_meta *m, const char *phase,
    const struct eppcfg *cfg, const char **from, bool *needs)
{
	ssize_t k = strv_find(&m->translated, phase);

	if (k >= 0 && m->image_refs.v[k][0] != '\0') {
		*from = m->trans_file;
		*needs = true;
		return m->image_refs.v[k];
	}
	*from = m->meta_file;
	*needs = m->plugin_type != NULL && cfg != NULL &&
	    has_type(cfg, m->plugin_type);
	return m->component_image;
}

/* One epp.image record for p: value "built" (the deployed image is the
 * one the run built), "other" or "default" (none named); nothing when
 * the run names no built image. */
static void
image_record(json_t *out, const struct pipelinerun *p, const char *label,
    const char *phase, const struct ydoc *doc, const struct eppcfg *cfg,
    const struct run_meta *m)
{
	const char *from = NULL, *built;
	char *dep = scenario_image(doc);
	bool needs = false;
	json_t *rec, *scope;

	built = built_image(m, phase, cfg, &from, &needs);
	if (built == NULL) {
		free(dep);
		return;
	}
	rec = rec_begin(&(struct rec_head){ .kind = "measure", .check = "2d",
	    .metric = "epp.image", .value = json_string(dep == NULL ?
	    "default" : strcmp(dep, built) == 0 ? "built" : "other"),
	    .n = -1 });
	rec_set_str(rec, "image", dep);
	rec_set_str(rec, "built", built);
	rec_set_str(rec, "built_from", from);
	rec_set(rec, "needs_built", json_boolean(needs));
	if (m->plugin_type != NULL)
		rec_set_str(rec, "plugin_type", m->plugin_type);
	scope = rec_scope_new();
	rec_scope_set(scope, "phase", phase);
	if (p->workload != NULL)
		rec_scope_set(scope, "workload", p->workload);
	rec_end(rec, scope, rec_source(label, p->scenario_line,
	    p->scenario_column, "scenarioContent: images.inferenceScheduler",
	    "the EPP image the PipelineRun deployed against the one the run "
	    "built"));
	json_array_append_new(out, rec);
	free(dep);
}

/* --- the chart's own keys --------------------------------------------- */

/* One epp.chart.deployed record: chart key e (inferenceExtension or
 * router.epp, beside the config string) as the scenario deployed it,
 * keyed as s2r-config keys epp.chart from config.md (flags.KEY).  A new
 * metric, not epp.chart: 2d and the isolation checks compare epp.chart
 * between the expected and the generated config, which never hold the
 * deployment's helm flags. */
static void
chart_record(json_t *out, const struct pipelinerun *p, const char *label,
    const char *phase, const struct epp_entry *e)
{
	struct sbuf key = {0}, field = {0};
	json_t *rec, *scope, *v;

	if (e->path[0] == '\0' && (json_is_object(e->value) ||
	    json_is_array(e->value)))
		return;		/* an empty map or list: no leaf */
	sbuf_printf(&key, "%s%s%s", e->item, e->path[0] == '\0' ? "" :
	    e->path[0] == '[' ? "" : ".", e->path);
	if (json_is_object(e->value) || json_is_array(e->value)) {
		char *text = json_dumps(e->value, JSON_COMPACT |
		    JSON_ENSURE_ASCII);

		v = json_string(text);
		free(text);
	} else
		v = json_incref(e->value);
	rec = rec_begin(&(struct rec_head){ .kind = "measure", .check = "3d",
	    .metric = "epp.chart.deployed", .value = v, .n = -1 });
	rec_set_str(rec, "key", sbuf_str(&key));
	scope = rec_scope_new();
	rec_scope_set(scope, "phase", phase);
	if (p->workload != NULL)
		rec_scope_set(scope, "workload", p->workload);
	sbuf_printf(&field, "scenarioContent: chart[%s] (line %ld of the "
	    "scenario text)", sbuf_str(&key), e->line);
	rec_end(rec, scope, rec_source(label, p->scenario_line,
	    p->scenario_column, sbuf_str(&field), "a chart key the "
	    "PipelineRun's scenario deployed beside the EPP config string"));
	json_array_append_new(out, rec);
	sbuf_free(&field);
	sbuf_free(&key);
}

/* The chart keys of the scenario doc (flags, replicas …), read even when
 * it carries no EPP config string (cfg NULL): a scenario may set only
 * helm flags and keep the chart's default config. */
static void
chart_records(json_t *out, const struct pipelinerun *p, const char *label,
    const char *phase, const struct ydoc *doc, const struct epp_text *src,
    const struct eppcfg *cfg)
{
	struct eppcfg *own = NULL;
	struct perr err;
	const struct epp_sec *sec;

	if (cfg == NULL)
		cfg = own = eppcfg_from_doc(doc, src, &err);
	if (cfg == NULL)
		return;
	sec = &cfg->sec[EPP_CHART];
	for (size_t i = 0; i < sec->n; i++)
		chart_record(out, p, label, phase, &sec->v[i]);
	if (own != NULL)
		eppcfg_free(own);
}

/* The run folder holding the PipelineRun (RUN/cluster/NAME.yaml). */
static char *
run_dir_of(const char *path)
{
	char *d = xstrdup(path), *s;

	for (int up = 0; up < 2; up++) {
		if ((s = strrchr(d, '/')) == NULL) {
			free(d);
			return xstrdup(up == 0 ? ".." : ".");
		}
		*s = '\0';
	}
	return d[0] != '\0' ? d : (free(d), xstrdup("/"));
}

void
eppdeploy_records(json_t *out, const struct eppcfg *gen,
    const char *gen_label, const char *path, const char *label,
    const char *phase, const char *root)
{
	struct pipelinerun p;
	struct sbuf where = {0}, sum = {0};
	struct epp_text src;
	struct ydoc *doc;
	struct eppcfg *dep;
	struct run_meta m;
	struct perr err;
	json_t *changes = NULL;
	const char *value = "absent";
	char *dir;

	pipelinerun_load(&p, path, label);
	if (p.phase == NULL || p.scenario == NULL ||
	    strcmp(p.phase, phase) != 0) {
		pipelinerun_free(&p);
		return;
	}
	/* Lines below are the embedded scenario text's. */
	sbuf_printf(&where, "%s: scenarioContent", label);
	src = (struct epp_text){ sbuf_str(&where), p.scenario,
	    strlen(p.scenario), 0, 0 };
	doc = ydoc_load_buf(src.file, src.buf, src.len, 0, &err);
	if (doc == NULL)
		s2r_die_at(src.file, err.line, err.column, "%s", err.msg);
	dep = scenario_epp(doc, &src, &sum);
	if (dep == NULL && sum.len > 0) {
		value = "unreadable";
	} else if (dep == NULL) {
		sbuf_adds(&sum, "no EPP config in the scenario (the chart's "
		    "default config ran)");
	} else {
		changes = changes_of(gen, dep);
		value = json_array_size(changes) ? "differs" : "equal";
		summary_text(&sum, changes);
		if (sum.len == 0)
			sbuf_adds(&sum, "no differences");
	}
	json_array_append_new(out, deployed_record(&p, label, phase, value,
	    changes, sbuf_str(&sum), gen_label));
	if (strcmp(value, "unreadable") != 0)
		chart_records(out, &p, label, phase, doc, &src, dep);
	dir = run_dir_of(path);
	run_meta_read(&m, dir, root);
	image_record(out, &p, label, phase, doc, dep != NULL ? dep : gen,
	    &m);
	run_meta_free(&m);
	free(dir);
	if (dep != NULL)
		eppcfg_free(dep);
	ydoc_free(doc);
	sbuf_free(&sum);
	sbuf_free(&where);
	pipelinerun_free(&p);
}

void
eppdeploy_all(json_t *out, const struct eppcfg *gen, const char *gen_label,
    const struct strv *prs, const char *phase, const char *root)
{
	size_t before = json_array_size(out);
	struct sbuf sum = {0};
	json_t *rec, *scope;

	for (size_t i = 0; i < prs->n; i++)
		eppdeploy_records(out, gen, gen_label, prs->v[i],
		    path_under(prs->v[i], root), phase, root);
	if (json_array_size(out) > before)
		return;
	sbuf_printf(&sum, "none of the run's %zu PipelineRun%s deploys a "
	    "scenario for phase %s", prs->n, prs->n == 1 ? "" : "s", phase);
	rec = rec_begin(&(struct rec_head){ .kind = "measure", .check = "2d",
	    .metric = "epp.deployed", .value = json_string("none"), .n = -1 });
	rec_set_str(rec, "summary", sbuf_str(&sum));
	rec_set_str(rec, "generated", gen_label);
	scope = rec_scope_new();
	rec_scope_set(scope, "phase", phase);
	rec_end(rec, scope, rec_source(gen_label, 0, 0, NULL, "the run's "
	    "PipelineRuns (cluster/pipelinerun-*.yaml) by their phase param"));
	json_array_append_new(out, rec);
	sbuf_free(&sum);
}
