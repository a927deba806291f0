/* eppcfg.c - EndpointPickerConfig in its three real shapes, normalised. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "configmd.h"
#include "eppcfg.h"
#include "err.h"
#include "numtext.h"
#include "rec.h"
#include "str.h"

const char *const epp_section_names[EPP_NSECTIONS] = {
	"featureGates", "plugins", "schedulingProfiles", "objectives",
	"flowControl", "saturationDetector", "chart", "other",
};

/* Where the nodes being read come from: their lines are already those of
 * the outer file; their columns need col_offset added. */
struct ctx {
	struct eppcfg		*cfg;
	const struct epp_text	*src;
	struct perr		*err;
	const char		*file;
	long			 col_offset;
	bool			 found;
	bool			 failed;
};

static bool
fail(struct ctx *c, const struct ynode *n, const char *fmt, const char *arg)
{
	if (c->failed)
		return false;
	c->failed = true;
	perr_set(c->err, n != NULL ? n->line : c->src->line_offset + 1,
	    n != NULL ? n->column + c->col_offset : 0, fmt, arg);
	return false;
}

static const char *
type_name(const struct ynode *n)
{
	if (n == NULL)
		return "nothing";
	return n->type == Y_MAP ? "a mapping" : n->type == Y_SEQ ?
	    "a list" : "a scalar";
}

static bool
want(struct ctx *c, const struct ynode *n, enum ytype type, const char *what)
{
	char msg[200];

	if (n != NULL && n->type == type)
		return true;
	snprintf(msg, sizeof(msg), "%.80s: expected %s, got %s", what,
	    type == Y_MAP ? "a mapping" : type == Y_SEQ ? "a list" :
	    "a scalar", type_name(n));
	return fail(c, n, "%s", msg);
}

json_t *
epp_json(const struct ynode *n)
{
	json_t *j;
	const char *s;

	if (n == NULL)
		return json_null();
	switch (n->type) {
	case Y_MAP:
		j = json_object();
		for (size_t k = 0; k < n->n; k++)
			json_object_set_new(j, n->keys[k]->value,
			    epp_json(n->items[k]));
		return j;
	case Y_SEQ:
		j = json_array();
		for (size_t k = 0; k < n->n; k++)
			json_array_append_new(j, epp_json(n->items[k]));
		return j;
	case Y_SCALAR:
		break;
	}
	s = n->value;
	if (!n->plain)
		return json_string(s);
	if (yscalar_is_null(n))
		return json_null();
	if ((j = num_json(s, strlen(s))) != NULL)
		return j;
	if (strcmp(s, "true") == 0 || strcmp(s, "True") == 0 ||
	    strcmp(s, "TRUE") == 0)
		return json_true();
	if (strcmp(s, "false") == 0 || strcmp(s, "False") == 0 ||
	    strcmp(s, "FALSE") == 0)
		return json_false();
	return json_string(s);
}

/* Room for one more entry, doubling: a plugin of 100,000 parameters
 * must not copy its entries 100,000 times. */
static struct epp_entry *
new_entry(struct epp_sec *sec)
{
	if (sec->n == sec->cap) {
		sec->cap = sec->cap ? sec->cap * 2 : 16;
		sec->v = xreallocarray(sec->v, sec->cap, sizeof(*sec->v));
	}
	return &sec->v[sec->n++];
}

static void
add_entry(struct ctx *c, enum epp_section s, const char *item,
    const char *path, json_t *value, const struct ynode *n)
{
	struct epp_sec *sec = &c->cfg->sec[s];
	struct epp_entry *e;

	e = new_entry(sec);
	e->item = xstrdup(item);
	e->path = xstrdup(path);
	e->value = value;
	e->file = xstrdup(c->file);
	e->line = n->line;
	e->column = n->column + c->col_offset;
}

static void
open_section(struct ctx *c, enum epp_section s, const struct ynode *key)
{
	struct epp_sec *sec = &c->cfg->sec[s];

	sec->present = true;
	free(sec->file);
	sec->file = xstrdup(c->file);
	sec->line = key != NULL ? key->line : 0;
}

static bool
is_leaf(const struct ynode *n)
{
	if (n->type == Y_SCALAR || n->n == 0)
		return true;
	if (n->type == Y_MAP)
		return false;
	for (size_t i = 0; i < n->n; i++)
		if (n->items[i]->type != Y_SCALAR)
			return false;
	return true;
}

/* "[name]" for list items that have a name, "[i]" otherwise. */
static void
item_label(struct sbuf *b, const struct ynode *n, size_t i)
{
	const char *name = yscalar(ymap_get(n, "name"));

	if (name != NULL)
		sbuf_printf(b, "[%s]", name);
	else
		sbuf_printf(b, "[%zu]", i);
}

static void
flatten(struct ctx *c, enum epp_section s, const char *item,
    const char *path, const struct ynode *n)
{
	struct sbuf sub = {0};

	if (is_leaf(n)) {
		add_entry(c, s, item, path, epp_json(n), n);
		return;
	}
	for (size_t i = 0; i < n->n; i++) {
		sbuf_reset(&sub);
		if (n->type == Y_MAP) {
			if (path[0] != '\0')
				sbuf_printf(&sub, "%s.", path);
			sbuf_adds(&sub, n->keys[i]->value);
		} else {
			sbuf_adds(&sub, path);
			item_label(&sub, n->items[i], i);
		}
		flatten(c, s, item, sbuf_str(&sub), n->items[i]);
	}
	sbuf_free(&sub);
}

/* An item: its whole value at path "", then its leaves. */
static void
add_item(struct ctx *c, enum epp_section s, const char *item,
    const struct ynode *n)
{
	add_entry(c, s, item, "", epp_json(n), n);
	if (!is_leaf(n))
		flatten(c, s, item, "", n);
}

static void
read_map_section(struct ctx *c, enum epp_section s, const struct ynode *key,
    const struct ynode *n)
{
	open_section(c, s, key);
	if (n->type != Y_MAP) {
		add_item(c, s, key->value, n);
		return;
	}
	for (size_t i = 0; i < n->n; i++)
		add_item(c, s, n->keys[i]->value, n->items[i]);
}

/* featureGates as a map of name: bool (the run's generated config of
 * upstream exponential-ceiling writes "flowControl: true" where the
 * schema has a list of names, and its PipelineRun deployed the list):
 * read for what it means, each gate on or off, so that a generated map
 * and a deployed list of the same gates compare equal. */
static bool
read_gate_map(struct ctx *c, const struct ynode *n)
{
	for (size_t i = 0; i < n->n; i++) {
		bool on;

		if (!yscalar_bool(n->items[i], &on))
			return fail(c, n->items[i], "featureGates: %.80s: "
			    "expected true or false", n->keys[i]->value);
		add_entry(c, EPP_FEATURE_GATES, n->keys[i]->value, "",
		    on ? json_true() : json_false(), n->keys[i]);
	}
	return true;
}

static bool
read_gates(struct ctx *c, const struct ynode *key, const struct ynode *n)
{
	open_section(c, EPP_FEATURE_GATES, key);
	if (yscalar_is_null(n))
		return true;
	if (n->type == Y_MAP)
		return read_gate_map(c, n);
	if (!want(c, n, Y_SEQ, "featureGates"))
		return false;
	for (size_t i = 0; i < n->n; i++) {
		const char *g = yscalar(n->items[i]), *eq;
		char *name;
		bool on = true;

		if (g == NULL)
			return want(c, n->items[i], Y_SCALAR, "featureGates");
		eq = strchr(g, '=');
		name = eq != NULL ? xstrndup(g, (size_t)(eq - g)) : xstrdup(g);
		if (eq != NULL)
			on = strcmp(eq + 1, "false") != 0 &&
			    strcmp(eq + 1, "False") != 0;
		add_entry(c, EPP_FEATURE_GATES, name, "",
		    on ? json_true() : json_false(), n->items[i]);
		free(name);
	}
	return true;
}

static bool
read_plugins(struct ctx *c, const struct ynode *key, const struct ynode *n)
{
	open_section(c, EPP_PLUGINS, key);
	if (yscalar_is_null(n))
		return true;
	if (!want(c, n, Y_SEQ, "plugins"))
		return false;
	for (size_t i = 0; i < n->n; i++) {
		const struct ynode *p = n->items[i];
		const char *name, *type;
		char idx[32];
		json_t *whole;

		if (!want(c, p, Y_MAP, "plugins[]"))
			return false;
		type = yscalar(ymap_get(p, "type"));
		name = yscalar(ymap_get(p, "name"));
		snprintf(idx, sizeof(idx), "[%zu]", i);
		if (name == NULL || name[0] == '\0')
			name = type != NULL ? type : idx;
		/* The name is the item's key, not part of its value. */
		whole = epp_json(p);
		json_object_del(whole, "name");
		add_entry(c, EPP_PLUGINS, name, "", whole, p);
		for (size_t k = 0; k < p->n; k++)
			if (strcmp(p->keys[k]->value, "name") != 0)
				flatten(c, EPP_PLUGINS, name, p->keys[k]->value,
				    p->items[k]);
	}
	return true;
}

static bool
read_profile(struct ctx *c, const struct ynode *prof, size_t i)
{
	const char *name = yscalar(ymap_get(prof, "name"));
	const struct ynode *refs = ymap_get(prof, "plugins");
	struct sbuf item = {0};
	char idx[32];

	snprintf(idx, sizeof(idx), "[%zu]", i);
	if (name == NULL)
		name = idx;
	if (refs == NULL || yscalar_is_null(refs) || refs->n == 0) {
		sbuf_printf(&item, "%s/", name);
		add_entry(c, EPP_PROFILES, sbuf_str(&item), "", json_null(),
		    prof);
		sbuf_free(&item);
		return true;
	}
	if (!want(c, refs, Y_SEQ, "schedulingProfiles[].plugins"))
		return false;
	for (size_t k = 0; k < refs->n; k++) {
		const struct ynode *r = refs->items[k], *w;
		const char *ref;

		if (!want(c, r, Y_MAP, "schedulingProfiles[].plugins[]"))
			break;
		ref = yscalar(ymap_get(r, "pluginRef"));
		w = ymap_get(r, "weight");
		sbuf_reset(&item);
		sbuf_printf(&item, "%s/%s", name, ref != NULL ? ref : idx);
		add_entry(c, EPP_PROFILES, sbuf_str(&item), "",
		    w != NULL ? epp_json(w) : json_null(), w != NULL ? w : r);
	}
	sbuf_free(&item);
	return !c->failed;
}

static bool
read_profiles(struct ctx *c, const struct ynode *key, const struct ynode *n)
{
	open_section(c, EPP_PROFILES, key);
	if (yscalar_is_null(n))
		return true;
	if (!want(c, n, Y_SEQ, "schedulingProfiles"))
		return false;
	for (size_t i = 0; i < n->n; i++) {
		if (!want(c, n->items[i], Y_MAP, "schedulingProfiles[]"))
			return false;
		if (!read_profile(c, n->items[i], i))
			return false;
	}
	return true;
}

static bool
read_epp(struct ctx *c, const struct ynode *root)
{
	c->found = true;
	for (size_t i = 0; i < root->n && !c->failed; i++) {
		const struct ynode *k = root->keys[i], *v = root->items[i];

		if (strcmp(k->value, "featureGates") == 0)
			read_gates(c, k, v);
		else if (strcmp(k->value, "plugins") == 0)
			read_plugins(c, k, v);
		else if (strcmp(k->value, "schedulingProfiles") == 0)
			read_profiles(c, k, v);
		else if (strcmp(k->value, "flowControl") == 0)
			read_map_section(c, EPP_FLOW_CONTROL, k, v);
		else if (strcmp(k->value, "saturationDetector") == 0)
			read_map_section(c, EPP_SATURATION, k, v);
		else {
			if (!c->cfg->sec[EPP_OTHER].present)
				open_section(c, EPP_OTHER, k);
			add_item(c, EPP_OTHER, k->value, v);
		}
	}
	if (c->cfg->shape == NULL)
		c->cfg->shape = "bare";
	return !c->failed;
}

static void
add_objective(struct ctx *c, const char *name, const struct ynode *prio,
    const struct ynode *at)
{
	if (!c->cfg->sec[EPP_OBJECTIVES].present)
		open_section(c, EPP_OBJECTIVES, at);
	add_entry(c, EPP_OBJECTIVES, name != NULL ? name : "",
	    "", prio != NULL ? epp_json(prio) : json_null(),
	    prio != NULL ? prio : at);
	c->found = true;
}

/* kind: InferenceObjective, metadata.name, spec.priority. */
static void
read_objective_doc(struct ctx *c, const struct ynode *doc)
{
	add_objective(c, yscalar(ypath(doc, "metadata.name")),
	    ypath(doc, "spec.priority"), doc);
}

static bool
read_objective_list(struct ctx *c, const struct ynode *key,
    const struct ynode *n)
{
	open_section(c, EPP_OBJECTIVES, key);
	if (yscalar_is_null(n))
		return true;
	if (!want(c, n, Y_SEQ, key->value))
		return false;
	for (size_t i = 0; i < n->n; i++) {
		if (!want(c, n->items[i], Y_MAP, "inferenceObjectives[]"))
			return false;
		add_objective(c, yscalar(ymap_get(n->items[i], "name")),
		    ymap_get(n->items[i], "priority"), n->items[i]);
	}
	return true;
}

/* The first line of a literal block scalar is the line after its "|"; its
 * indent is that of its first non-blank line.  Other styles keep their
 * line but not their columns. */
static void
locate_string(const struct ctx *c, const struct ynode *n, long *line_offset,
    long *indent)
{
	const struct epp_text *src = c->src;
	const char *p = src->buf, *end = src->buf + src->len;
	long rel = n->line - src->line_offset;

	*line_offset = n->line - 1;
	*indent = 0;
	for (long l = 1; l < rel && p < end; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		p = p != NULL ? p + 1 : end;
	}
	if (p + n->column - 1 >= end || p[n->column - 1] != '|')
		return;
	*line_offset = n->line;
	for (p = memchr(p, '\n', (size_t)(end - p)); p != NULL && p < end;
	    p = memchr(p, '\n', (size_t)(end - p))) {
		long k = 0;

		p++;
		while (p + k < end && p[k] == ' ')
			k++;
		if (p + k < end && p[k] != '\n' && p[k] != '\r') {
			*indent = k;
			return;
		}
	}
}

static bool read_root(struct ctx *c, const struct ynode *root);

/* A plugin configuration held as a YAML string inside helm values or a
 * ConfigMap (what: where, for messages). */
static bool
read_config_string(struct ctx *c, const struct ynode *n, const char *what)
{
	struct perr yerr;
	struct ydoc *doc;
	long line_offset, indent, saved = c->col_offset;
	bool any = false;

	if (!want(c, n, Y_SCALAR, what))
		return false;
	locate_string(c, n, &line_offset, &indent);
	doc = ydoc_load_buf(c->file, n->value, strlen(n->value), line_offset,
	    &yerr);
	if (doc == NULL) {
		c->failed = true;
		c->err->line = yerr.line;
		c->err->column = yerr.column + indent + c->col_offset;
		snprintf(c->err->msg, sizeof(c->err->msg),
		    "in the plugin configuration string: %.200s", yerr.msg);
		return false;
	}
	c->col_offset += indent;
	for (size_t i = 0; i < doc->ndocs && !c->failed; i++) {
		const struct ynode *r = doc->docs[i];

		if (r->type != Y_MAP || (ymap_get(r, "kind") == NULL &&
		    ymap_get(r, "plugins") == NULL))
			continue;
		any = true;
		read_epp(c, r);
	}
	c->col_offset = saved;
	ydoc_free(doc);
	if (!any && !c->failed)
		return fail(c, n, "%s: expected an EndpointPickerConfig in "
		    "the string", what);
	return !c->failed;
}

/* router.epp or inferenceExtension: settings into "chart", the config
 * string (the one pluginsConfigFile names, else the first) into the
 * sections. */
static bool
read_epp_block(struct ctx *c, const struct ynode *key, const struct ynode *n)
{
	const struct ynode *custom = ymap_get(n, "pluginsCustomConfig");
	const char *want_file = yscalar(ymap_get(n, "pluginsConfigFile"));
	const struct ynode *str = NULL;

	if (!want(c, n, Y_MAP, key->value))
		return false;
	c->found = true;
	open_section(c, EPP_CHART, key);
	for (size_t i = 0; i < n->n; i++)
		if (n->items[i] != custom)
			add_item(c, EPP_CHART, n->keys[i]->value, n->items[i]);
	if (custom == NULL || yscalar_is_null(custom))
		return true;
	if (!want(c, custom, Y_MAP, "pluginsCustomConfig"))
		return false;
	for (size_t i = 0; i < custom->n && str == NULL; i++)
		if (want_file != NULL &&
		    strcmp(custom->keys[i]->value, want_file) == 0)
			str = custom->items[i];
	if (str == NULL && custom->n > 0)
		str = custom->items[0];
	return str == NULL || read_config_string(c, str,
	    "pluginsCustomConfig entry");
}

static bool
read_extra_objects(struct ctx *c, const struct ynode *n)
{
	if (!want(c, n, Y_SEQ, "extraObjects"))
		return false;
	for (size_t i = 0; i < n->n; i++) {
		const char *kind = yscalar(ymap_get(n->items[i], "kind"));

		if (kind != NULL && strcmp(kind, "InferenceObjective") == 0)
			read_objective_doc(c, n->items[i]);
	}
	return true;
}

/* Helm values (or one scenario entry): router.epp first, then the legacy
 * inferenceExtension when the router carries no plugin config. */
static bool
read_values(struct ctx *c, const struct ynode *v)
{
	const struct ynode *router = ymap_get(v, "router");
	const struct ynode *epp = ymap_get(router, "epp");
	const struct ynode *ie = ymap_get(v, "inferenceExtension");
	const struct ynode *objs = ymap_get(router, "inferenceObjectives");
	const struct ynode *extra = ymap_get(v, "extraObjects");

	if (ie != NULL && !(epp != NULL &&
	    ymap_get(epp, "pluginsCustomConfig") != NULL)) {
		c->cfg->shape = "inferenceExtension";
		for (size_t i = 0; i < v->n; i++)
			if (v->items[i] == ie &&
			    !read_epp_block(c, v->keys[i], ie))
				return false;
	}
	if (epp != NULL) {
		c->cfg->shape = "router";
		for (size_t i = 0; i < router->n; i++)
			if (router->items[i] == epp &&
			    !read_epp_block(c, router->keys[i], epp))
				return false;
	}
	for (size_t i = 0; objs != NULL && i < router->n; i++)
		if (router->items[i] == objs &&
		    !read_objective_list(c, router->keys[i], objs))
			return false;
	if (extra != NULL && !yscalar_is_null(extra) &&
	    !read_extra_objects(c, extra))
		return false;
	return true;
}

/* The entry of a ConfigMap's data that holds an EndpointPickerConfig
 * (the router reads its config from one), or NULL. */
static const struct ynode *
configmap_entry(const struct ynode *root)
{
	const struct ynode *data = ymap_get(root, "data");

	if (data == NULL || data->type != Y_MAP)
		return NULL;
	for (size_t i = 0; i < data->n; i++) {
		const char *text = yscalar(data->items[i]);

		if (text != NULL && strstr(text, "EndpointPickerConfig") != NULL)
			return data->items[i];
	}
	return NULL;
}

bool
eppcfg_recognises(const struct ynode *root)
{
	const char *kind = yscalar(ymap_get(root, "kind"));

	if (root == NULL || root->type != Y_MAP)
		return false;
	if (kind != NULL && strcmp(kind, "ConfigMap") == 0)
		return configmap_entry(root) != NULL;
	if (kind != NULL)
		return strcmp(kind, "EndpointPickerConfig") == 0 ||
		    strcmp(kind, "InferenceObjective") == 0;
	return ymap_get(root, "plugins") != NULL ||
	    ymap_get(root, "schedulingProfiles") != NULL ||
	    ymap_get(root, "scenario") != NULL ||
	    ymap_get(root, "router") != NULL ||
	    ymap_get(root, "inferenceExtension") != NULL;
}

static bool
read_root(struct ctx *c, const struct ynode *root)
{
	const char *kind = yscalar(ymap_get(root, "kind"));
	const struct ynode *scen = ymap_get(root, "scenario");

	if (!eppcfg_recognises(root))
		return true;
	if (kind != NULL && strcmp(kind, "InferenceObjective") == 0) {
		if (c->cfg->shape == NULL)
			c->cfg->shape = "objectives";
		read_objective_doc(c, root);
		return true;
	}
	if (kind != NULL && strcmp(kind, "ConfigMap") == 0) {
		c->cfg->shape = "configmap";
		c->found = true;
		return read_config_string(c, configmap_entry(root),
		    "ConfigMap data entry");
	}
	if (kind != NULL || ymap_get(root, "plugins") != NULL ||
	    ymap_get(root, "schedulingProfiles") != NULL)
		return read_epp(c, root);
	if (scen != NULL) {
		if (!want(c, scen, Y_SEQ, "scenario"))
			return false;
		for (size_t i = 0; i < scen->n; i++) {
			if (!want(c, scen->items[i], Y_MAP, "scenario[]"))
				return false;
			if (!read_values(c, scen->items[i]))
				return false;
		}
		return true;
	}
	return read_values(c, root);
}

static int
entry_cmp(const void *x, const void *y)
{
	const struct epp_entry *a = x, *b = y;
	int d = strcmp(a->item, b->item);

	if (d == 0)
		d = strcmp(a->path, b->path);
	if (d == 0)
		d = a->line < b->line ? -1 : a->line > b->line;
	if (d == 0)
		d = a->column < b->column ? -1 : a->column > b->column;
	return d;
}

static void
sort_sections(struct eppcfg *cfg)
{
	for (int s = 0; s < EPP_NSECTIONS; s++)
		if (cfg->sec[s].n > 1)
			qsort(cfg->sec[s].v, cfg->sec[s].n,
			    sizeof(*cfg->sec[s].v), entry_cmp);
}

struct eppcfg *
eppcfg_from_doc(const struct ydoc *doc, const struct epp_text *src,
    struct perr *err)
{
	struct ctx c = {0};

	memset(err, 0, sizeof(*err));
	c.cfg = xcalloc(1, sizeof(*c.cfg));
	c.cfg->file = xstrdup(src->file);
	c.src = src;
	c.err = err;
	c.file = src->file;
	c.col_offset = src->col_offset;
	for (size_t i = 0; i < doc->ndocs && !c.failed; i++)
		read_root(&c, doc->docs[i]);
	if (!c.failed && !c.found)
		fail(&c, ydoc_root(doc), "%s", "expected an "
		    "EndpointPickerConfig, helm values with router.epp or "
		    "inferenceExtension, a ConfigMap holding an "
		    "EndpointPickerConfig, or InferenceObjective documents");
	if (c.failed) {
		eppcfg_free(c.cfg);
		return NULL;
	}
	if (c.cfg->shape == NULL)
		c.cfg->shape = "values";
	sort_sections(c.cfg);
	return c.cfg;
}

struct eppcfg *
eppcfg_parse(const struct epp_text *src, struct perr *err)
{
	struct perr yerr;
	struct ydoc *doc;
	struct eppcfg *cfg;

	doc = ydoc_load_buf(src->file, src->buf, src->len, src->line_offset,
	    &yerr);
	if (doc == NULL) {
		err->line = yerr.line;
		err->column = yerr.column + src->col_offset;
		snprintf(err->msg, sizeof(err->msg), "%s", yerr.msg);
		return NULL;
	}
	cfg = eppcfg_from_doc(doc, src, err);
	ydoc_free(doc);
	return cfg;
}

struct eppcfg *
eppcfg_load_file(const char *path)
{
	size_t len;
	char *buf = md_read_file(path, &len);
	struct epp_text src = { path, buf, len, 0, 0 };
	struct perr err;
	struct eppcfg *cfg = eppcfg_parse(&src, &err);

	free(buf);
	if (cfg == NULL)
		s2r_die_at(path, err.line, err.column, "%s", err.msg);
	return cfg;
}

static void
free_entry(struct epp_entry *e)
{
	free(e->item);
	free(e->path);
	free(e->file);
	json_decref(e->value);
}

static void
clear_section(struct epp_sec *sec)
{
	for (size_t i = 0; i < sec->n; i++)
		free_entry(&sec->v[i]);
	free(sec->v);
	free(sec->file);
	memset(sec, 0, sizeof(*sec));
}

void
eppcfg_free(struct eppcfg *cfg)
{
	if (cfg == NULL)
		return;
	for (int s = 0; s < EPP_NSECTIONS; s++)
		clear_section(&cfg->sec[s]);
	free(cfg->file);
	free(cfg);
}

static void
copy_entry(struct epp_sec *to, const struct epp_entry *e)
{
	struct epp_entry *n;

	n = new_entry(to);
	n->item = xstrdup(e->item);
	n->path = xstrdup(e->path);
	n->file = xstrdup(e->file);
	n->value = json_deep_copy(e->value);
	n->line = e->line;
	n->column = e->column;
}

static void
replace_section(struct epp_sec *to, const struct epp_sec *from)
{
	clear_section(to);
	to->present = from->present;
	to->file = from->file != NULL ? xstrdup(from->file) : NULL;
	to->line = from->line;
	for (size_t i = 0; i < from->n; i++)
		copy_entry(to, &from->v[i]);
}

static bool
has_entry(const struct epp_sec *sec, const struct epp_entry *e)
{
	for (size_t i = 0; i < sec->n; i++)
		if (strcmp(sec->v[i].item, e->item) == 0 &&
		    strcmp(sec->v[i].path, e->path) == 0)
			return true;
	return false;
}

/* Map sections merge entry by entry, the overlay winning. */
static void
merge_section(struct epp_sec *to, const struct epp_sec *over)
{
	struct epp_sec merged = {0};

	if (!over->present)
		return;
	merged.present = true;
	merged.file = xstrdup(over->file != NULL ? over->file : "");
	merged.line = over->line;
	for (size_t i = 0; i < to->n; i++)
		if (!has_entry(over, &to->v[i]))
			copy_entry(&merged, &to->v[i]);
	for (size_t i = 0; i < over->n; i++)
		copy_entry(&merged, &over->v[i]);
	clear_section(to);
	*to = merged;
	if (to->n > 1)
		qsort(to->v, to->n, sizeof(*to->v), entry_cmp);
}

static bool
is_body(int s)
{
	return s != EPP_OBJECTIVES && s != EPP_CHART;
}

void
eppcfg_overlay(struct eppcfg *base, const struct eppcfg *over)
{
	bool from_string = strcmp(over->shape, "router") == 0 ||
	    strcmp(over->shape, "inferenceExtension") == 0;
	bool has_body = false;

	for (int s = 0; s < EPP_NSECTIONS; s++)
		has_body |= is_body(s) && over->sec[s].present;
	for (int s = 0; s < EPP_NSECTIONS; s++) {
		const struct epp_sec *o = &over->sec[s];

		if (is_body(s) && from_string && has_body)
			replace_section(&base->sec[s], o);
		else if (s == EPP_FLOW_CONTROL || s == EPP_SATURATION ||
		    s == EPP_OTHER || s == EPP_CHART)
			merge_section(&base->sec[s], o);
		else if (o->present)
			replace_section(&base->sec[s], o);
	}
}

/* ---- section diff ---- */

static json_t *
side(const struct epp_entry *e)
{
	json_t *o = json_object();

	json_object_set(o, "value", e->value);
	rec_set_str(o, "file", e->file);
	if (e->line > 0)
		rec_set_i64(o, "line", e->line);
	if (e->column > 0)
		rec_set_i64(o, "column", e->column);
	return o;
}

static void
add_change(json_t *changes, const char *op, const struct epp_entry *a,
    const struct epp_entry *b)
{
	const struct epp_entry *e = a != NULL ? a : b;
	json_t *c = json_object();

	rec_set_str(c, "op", op);
	rec_set_str(c, "item", e->item);
	if (e->path[0] != '\0')
		rec_set_str(c, "path", e->path);
	if (a != NULL)
		rec_set(c, "a", side(a));
	if (b != NULL)
		rec_set(c, "b", side(b));
	json_array_append_new(changes, c);
}

/* [*i, end) of entries with the same item as v[*i]. */
static size_t
item_end(const struct epp_sec *sec, size_t i)
{
	size_t j = i + 1;

	while (j < sec->n && strcmp(sec->v[j].item, sec->v[i].item) == 0)
		j++;
	return j;
}

static bool
has_leaves(const struct epp_sec *sec, size_t i, size_t end)
{
	for (; i < end; i++)
		if (sec->v[i].path[0] != '\0')
			return true;
	return false;
}

/* The leaves of one item present on both sides, path by path. */
static void
diff_leaves(json_t *changes, const struct epp_sec *a, size_t ai, size_t ae,
    const struct epp_sec *b, size_t bi, size_t be)
{
	ai++;	/* skip the whole-item entries */
	bi++;
	while (ai < ae || bi < be) {
		int d = ai >= ae ? 1 : bi >= be ? -1 :
		    strcmp(a->v[ai].path, b->v[bi].path);

		if (d < 0) {
			add_change(changes, "removed", &a->v[ai++], NULL);
		} else if (d > 0) {
			add_change(changes, "added", NULL, &b->v[bi++]);
		} else {
			if (!json_equal(a->v[ai].value, b->v[bi].value))
				add_change(changes, "changed", &a->v[ai],
				    &b->v[bi]);
			ai++;
			bi++;
		}
	}
}

static void
diff_item(json_t *changes, const struct epp_sec *a, size_t ai, size_t ae,
    const struct epp_sec *b, size_t bi, size_t be)
{
	bool la = has_leaves(a, ai, ae), lb = has_leaves(b, bi, be);

	if (la && lb) {
		diff_leaves(changes, a, ai, ae, b, bi, be);
		return;
	}
	if (!json_equal(a->v[ai].value, b->v[bi].value))
		add_change(changes, "changed", &a->v[ai], &b->v[bi]);
}

static json_t *
diff_changes(const struct epp_sec *a, const struct epp_sec *b)
{
	json_t *changes = json_array();
	size_t ai = 0, bi = 0;

	while (ai < a->n || bi < b->n) {
		int d = ai >= a->n ? 1 : bi >= b->n ? -1 :
		    strcmp(a->v[ai].item, b->v[bi].item);
		size_t ae = ai < a->n ? item_end(a, ai) : ai;
		size_t be = bi < b->n ? item_end(b, bi) : bi;

		if (d < 0) {
			add_change(changes, "removed", &a->v[ai], NULL);
			ai = ae;
		} else if (d > 0) {
			add_change(changes, "added", NULL, &b->v[bi]);
			bi = be;
		} else {
			diff_item(changes, a, ai, ae, b, bi, be);
			ai = ae;
			bi = be;
		}
	}
	return changes;
}

static json_t *
section_side(const struct eppcfg *cfg, const struct epp_sec *sec)
{
	json_t *o = json_object();

	rec_set_str(o, "file", sec->file != NULL ? sec->file : cfg->file);
	if (sec->line > 0)
		rec_set_i64(o, "line", sec->line);
	rec_set(o, "present", json_boolean(sec->present));
	return o;
}

/* "added: x, y; removed: z; changed: p.q" */
static char *
summarise(const json_t *changes)
{
	static const char *const ops[] = { "added", "removed", "changed" };
	struct sbuf b = {0};
	char *s;

	for (size_t o = 0; o < 3; o++) {
		size_t i, n = 0;
		json_t *c;

		json_array_foreach(changes, i, c) {
			const char *path = rec_get_str(c, "path");

			if (strcmp(rec_get_str(c, "op"), ops[o]) != 0)
				continue;
			sbuf_adds(&b, n++ == 0 ? (b.len ? "; " : "") : ", ");
			if (n == 1)
				sbuf_printf(&b, "%s: ", ops[o]);
			sbuf_adds(&b, rec_get_str(c, "item"));
			if (path != NULL)
				sbuf_printf(&b, "%s%s", path[0] == '[' ? "" :
				    ".", path);
		}
	}
	if (b.len == 0)
		sbuf_adds(&b, "no differences");
	s = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	return s;
}

json_t *
eppcfg_diff(const struct eppcfg *a, const struct eppcfg *b,
    enum epp_section s)
{
	const struct epp_sec *sa = &a->sec[s], *sb = &b->sec[s];
	json_t *rec = rec_new("diff");
	json_t *changes = diff_changes(sa, sb);
	char *summary = summarise(changes);

	rec_set_str(rec, "check", "2c");
	rec_set_str(rec, "metric", "epp.section");
	rec_set_str(rec, "section", epp_section_names[s]);
	rec_set_str(rec, "value", json_array_size(changes) ? "differs" :
	    "equal");
	rec_set(rec, "scope", rec_scope_new());
	rec_set(rec, "a", section_side(a, sa));
	rec_set(rec, "b", section_side(b, sb));
	rec_set(rec, "changes", changes);
	rec_set_str(rec, "summary", summary);
	rec_set(rec, "source", rec_source(sa->file != NULL ? sa->file : a->file,
	    sa->line, 0, epp_section_names[s], "entries of the normalised "
	    "section compared by item and leaf path; numbers by value"));
	free(summary);
	return rec;
}
