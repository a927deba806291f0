/* cfgepp.c - EPP configurations, priority bands and tiers, admission
 * thresholds (config.md fences and tables, deployed configs) as records,
 * and the config.conflict records over them. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfgutil.h"
#include "configexp.h"
#include "err.h"
#include "numtext.h"
#include "rec.h"
#include "str.h"
#include "yamlr.h"

/* ---- EPP configs, priority bands and tiers ---- */

static bool
starts_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	return strncmp(s, w, n) == 0 && !isalnum((unsigned char)s[n]);
}

static const char *const arms[] = { "baseline", "treatment", "control", NULL };

static const char *
arm_at(const char *s)
{
	for (size_t k = 0; arms[k] != NULL; k++)
		if (starts_word(s, arms[k]))
			return arms[k];
	return NULL;
}

const char *
configexp_phase(const char *heading)
{
	char *h = cfg_lower(heading);
	const char *arm = NULL, *p;

	/* "EPP Configuration — X", "EPP Configuration (X)". */
	if ((p = strstr(h, "epp configuration")) != NULL) {
		p += strlen("epp configuration");
		for (;;) {
			if (*p == ' ' || *p == '(' || *p == '-' || *p == ':')
				p++;
			else if (strncmp(p, "\xe2\x80\x94", 3) == 0 ||
			    strncmp(p, "\xe2\x80\x93", 3) == 0)
				p += 3;
			else
				break;
		}
		arm = arm_at(p);
	}
	if (arm == NULL)
		arm = arm_at(h);
	for (p = h; arm == NULL && (p = strchr(p, '(')) != NULL; p++)
		arm = arm_at(p + 1);
	for (p = h; arm == NULL && *p != '\0'; p++)
		if (p == h || !isalnum((unsigned char)p[-1]))
			arm = arm_at(p);
	free(h);
	return arm;
}

/* One record of an EPP entry: r with the entry's value and place.
 * Record values are scalars: lists and maps go as compact JSON text. */
static void
entry_rec(struct cfgctx *c, struct cfgrec r, const struct epp_entry *e)
{
	if (json_is_object(e->value) || json_is_array(e->value)) {
		char *text = json_dumps(e->value, JSON_COMPACT |
		    JSON_ENSURE_ASCII);

		r.value = json_string(text);
		free(text);
	} else {
		r.value = json_incref(e->value);
	}
	r.file = e->file;
	r.at.line = e->line;
	r.at.column = e->column;
	cfgrec_add(c, &r);
}

/* The type of the plugin cfg names name; NULL when it lists none.  A
 * section's entries are sorted by item, then path. */
static const char *
plugin_type(const struct eppcfg *cfg, const char *name)
{
	const struct epp_sec *sec = &cfg->sec[EPP_PLUGINS];
	size_t lo = 0, hi = sec->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int d = strcmp(sec->v[mid].item, name);

		if (d == 0)
			d = strcmp(sec->v[mid].path, "type");
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == sec->n || strcmp(sec->v[lo].item, name) != 0 ||
	    strcmp(sec->v[lo].path, "type") != 0)
		return NULL;
	return json_string_value(sec->v[lo].value);
}

/* A step without a weight whose plugin is a scorer: the router's config
 * loader (GAIE's DefaultScorerWeight) gives a scorer referenced without
 * a weight weight 1, so the step is weighted 1, not unweighted.  Scorers
 * are known by their type's "-scorer" suffix, as pickers by "-picker". */
static void
default_weight(struct cfgctx *c, struct cfgrec r, const struct epp_entry *e,
    const struct eppcfg *cfg)
{
	const char *slash = strchr(e->item, '/');
	const char *type = slash != NULL ? plugin_type(cfg, slash + 1) : NULL;
	struct epp_entry one = *e;
	struct sbuf how = {0};

	if (type == NULL || !str_has_suffix(type, "-scorer"))
		return;
	sbuf_printf(&how, "%s; no weight given: the router gives a %s "
	    "weight 1", r.at.how, type);
	r.at.how = sbuf_str(&how);
	one.value = json_integer(1);
	entry_rec(c, r, &one);
	json_decref(one.value);
	sbuf_free(&how);
}

/* Every pluginRef is in its profile; scorers also have a weight.  A
 * profile without plugins is its own entry, "name/": the router still
 * runs it (with the default picker over every endpoint), so one the
 * plan lacks is a difference, not nothing. */
static void
profile_records(struct cfgctx *c, struct cfgrec r, const struct epp_entry *e,
    const struct eppcfg *cfg)
{
	struct epp_entry in = *e;

	r.check = "4a";
	r.key = e->item;
	r.metric = "epp.profile.plugin";
	in.value = json_true();
	entry_rec(c, r, &in);
	json_decref(in.value);
	r.metric = "epp.scorer.weight";
	if (!json_is_null(e->value))
		entry_rec(c, r, e);
	else
		default_weight(c, r, e, cfg);
}

/* Flow control, saturation detector and chart keys: scalars as they are,
 * other values by their leaves. */
static void
keyed_records(struct cfgctx *c, struct cfgrec r, int s,
    const struct epp_entry *e)
{
	struct sbuf key = {0};

	if (e->path[0] == '\0' && !json_is_object(e->value) &&
	    !json_is_array(e->value))
		sbuf_adds(&key, e->item);
	else if (e->path[0] != '\0')
		sbuf_printf(&key, "%s%s%s", e->item, e->path[0] == '[' ? "" :
		    ".", e->path);
	else
		return;
	r.check = s == EPP_SATURATION ? "3c" : "2d";
	r.metric = s == EPP_FLOW_CONTROL ? "epp.flow_control" :
	    s == EPP_SATURATION ? "epp.saturation_detector" : "epp.chart";
	r.key = sbuf_str(&key);
	entry_rec(c, r, e);
	sbuf_free(&key);
}

/* The records of entry e of section s; r holds what they share. */
static void
entry_records(struct cfgctx *c, struct cfgrec r, int s,
    const struct epp_entry *e, const struct eppcfg *cfg)
{
	struct sbuf key = {0};

	r.check = "2d";
	r.key = e->item;
	switch (s) {
	case EPP_FEATURE_GATES:
		r.metric = "epp.feature_gate";
		entry_rec(c, r, e);
		break;
	case EPP_PLUGINS:
		r.metric = "epp.plugin";
		if (strcmp(e->path, "type") == 0)
			entry_rec(c, r, e);
		if (strncmp(e->path, "parameters.", 11) != 0)
			break;
		sbuf_printf(&key, "%s.%s", e->item, e->path + 11);
		r.check = "4c";
		r.metric = "epp.plugin.parameter";
		r.key = sbuf_str(&key);
		entry_rec(c, r, e);
		break;
	case EPP_PROFILES:
		profile_records(c, r, e, cfg);
		break;
	case EPP_OBJECTIVES:
		r.metric = "priority.tier";
		r.key = NULL;
		r.cls = e->item;
		entry_rec(c, r, e);
		break;
	case EPP_FLOW_CONTROL:
	case EPP_SATURATION:
	case EPP_CHART:
		keyed_records(c, r, s, e);
		break;
	default:
		break;
	}
	sbuf_free(&key);
}

static int
line_cmp(const void *x, const void *y)
{
	const json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
	const json_t *sa = json_object_get(a, "source");
	const json_t *sb = json_object_get(b, "source");
	json_int_t la = json_integer_value(json_object_get(sa, "line"));
	json_int_t lb = json_integer_value(json_object_get(sb, "line"));
	json_int_t ca = json_integer_value(json_object_get(sa, "column"));
	json_int_t cb = json_integer_value(json_object_get(sb, "column"));
	int d = strcmp(rec_get_str(sa, "file"), rec_get_str(sb, "file"));

	if (d != 0)
		return d;
	if (la != lb)
		return la < lb ? -1 : 1;
	if (ca != cb)
		return ca < cb ? -1 : 1;
	return strcmp(rec_get_str(a, "metric"), rec_get_str(b, "metric"));
}

/* Appends recs[from…] to out in file, line, column order. */
static void
sorted_append(json_t *out, json_t *recs)
{
	size_t n = json_array_size(recs);
	json_t **v = xreallocarray(NULL, n ? n : 1, sizeof(*v));

	for (size_t i = 0; i < n; i++)
		v[i] = json_array_get(recs, i);
	qsort(v, n, sizeof(*v), line_cmp);
	for (size_t i = 0; i < n; i++)
		json_array_append(out, v[i]);
	free(v);
}

/* The records of entry e of section s, with its field. */
static void
located_records(struct cfgctx *c, const struct cfgrec *base, int s,
    const struct epp_entry *e, const struct eppcfg *cfg)
{
	struct cfgrec r = *base;
	struct sbuf field = {0};

	sbuf_printf(&field, "%s[%s]%s%s", epp_section_names[s], e->item,
	    e->path[0] != '\0' ? "." : "", e->path);
	r.at.field = sbuf_str(&field);
	entry_records(c, r, s, e, cfg);
	sbuf_free(&field);
}

/* ---- what the router's config loader adds ----
 *
 * GAIE's loader completes a config before it runs: with no scheduling
 * profile it makes "default" of every filter, scorer and picker (done
 * for a deployed config only); a profile without a picker gets the
 * config's picker when it has one, else max-score-picker, which the
 * loader registers.  (With several pickers and none in the profile it
 * takes any: nothing is added, and the rules see no picker.)  The added
 * steps are records as the config's own, their how saying where they
 * come from. */

struct added {
	struct cfgctx		*c;
	struct cfgrec		 r;
	const struct eppcfg	*cfg;
	size_t			 npickers;	/* plugins of type *-picker */
	const struct epp_entry	*picker;	/* the first one's type */
};

static void
add_step(struct added *a, const char *profile, const char *ref,
    const struct epp_entry *at)
{
	struct epp_entry e = *at;
	struct sbuf item = {0};

	sbuf_printf(&item, "%s/%s", profile, ref);
	e.item = (char *)sbuf_str(&item);
	e.path = "";
	e.value = json_null();
	located_records(a->c, &a->r, EPP_PROFILES, &e, a->cfg);
	sbuf_free(&item);
}

/* The plugins of type "*suffix": how many; *first (unless first is
 * NULL) the first's type entry. */
static size_t
plugins_typed(const struct eppcfg *cfg, const char *suffix,
    const struct epp_entry **first)
{
	const struct epp_sec *sec = &cfg->sec[EPP_PLUGINS];
	size_t n = 0;

	if (first != NULL)
		*first = NULL;
	for (size_t i = 0; i < sec->n; i++) {
		const char *type = json_string_value(sec->v[i].value);

		if (strcmp(sec->v[i].path, "type") != 0 || type == NULL ||
		    !str_has_suffix(type, suffix))
			continue;
		if (n++ == 0 && first != NULL)
			*first = &sec->v[i];
	}
	return n;
}

/* The picker the loader gives a profile without one (at: where the
 * profile is). */
static void
add_picker(struct added *a, const char *profile, const struct epp_entry *at)
{
	static const char msp[] = "max-score-picker";

	if (a->npickers == 1) {
		add_step(a, profile, a->picker->item, at);
		return;
	}
	if (a->npickers > 1)
		return;
	if (plugin_type(a->cfg, msp) == NULL) {
		struct epp_entry e = *at;

		e.item = (char *)msp;
		e.path = "type";
		e.value = json_string(msp);
		located_records(a->c, &a->r, EPP_PLUGINS, &e, a->cfg);
		json_decref(e.value);
	}
	add_step(a, profile, msp, at);
}

static bool
has_picker(const struct eppcfg *cfg, const struct epp_entry *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *slash = strchr(v[i].item, '/');
		const char *type = slash != NULL ?
		    plugin_type(cfg, slash + 1) : NULL;

		if (type != NULL && str_has_suffix(type, "-picker"))
			return true;
	}
	return false;
}

/* With no profile: "default", every filter, scorer and picker in it
 * (its picker cited at the plugins key). */
static void
default_profile(struct added *a)
{
	static const char *const steps[] = { "-filter", "-scorer", NULL };
	const struct epp_sec *sec = &a->cfg->sec[EPP_PLUGINS];
	struct epp_entry at = { .file = sec->file, .line = sec->line,
	    .column = 1 };

	if (plugins_typed(a->cfg, "", NULL) == 0 || sec->file == NULL)
		return;
	for (size_t i = 0; i < sec->n; i++) {
		const char *type = json_string_value(sec->v[i].value);

		if (strcmp(sec->v[i].path, "type") != 0 || type == NULL)
			continue;
		for (size_t k = 0; steps[k] != NULL; k++)
			if (str_has_suffix(type, steps[k]))
				add_step(a, "default", sec->v[i].item,
				    &sec->v[i]);
	}
	add_picker(a, "default", &at);
}

/* The profile's step written first: where an added step is cited. */
static const struct epp_entry *
first_step(const struct epp_entry *v, size_t n)
{
	const struct epp_entry *first = &v[0];

	for (size_t i = 1; i < n; i++)
		if (v[i].line < first->line || (v[i].line == first->line &&
		    v[i].column < first->column))
			first = &v[i];
	return first;
}

static void
loader_records(struct cfgctx *c, const struct cfgrec *base,
    const struct eppcfg *cfg)
{
	const struct epp_sec *sec = &cfg->sec[EPP_PROFILES];
	struct added a = { c, *base, cfg, 0, NULL };
	struct sbuf how = {0};

	a.npickers = plugins_typed(cfg, "-picker", &a.picker);
	sbuf_printf(&how, "%s; " REC_LOADER_HOW, base->at.how);
	a.r.at.how = sbuf_str(&how);
	/* A sim bundle's fence may show part of a config: only a deployed
	 * one is known whole. */
	if (sec->n == 0 && strcmp(base->kind, "measure") == 0)
		default_profile(&a);
	for (size_t i = 0, end; i < sec->n; i = end) {
		const char *slash = strchr(sec->v[i].item, '/');
		size_t plen = slash != NULL ? (size_t)(slash - sec->v[i].item) :
		    strlen(sec->v[i].item);
		char *profile = xstrndup(sec->v[i].item, plen);

		/* A profile's entries are adjacent: sorted by "profile/". */
		for (end = i + 1; end < sec->n &&
		    strncmp(sec->v[end].item, sec->v[i].item, plen + 1) == 0;
		    end++)
			;
		if (!has_picker(cfg, &sec->v[i], end - i))
			add_picker(&a, profile, first_step(&sec->v[i], end - i));
		free(profile);
	}
	sbuf_free(&how);
}

static void
epp_section_records(struct cfgctx *c, const struct eppcfg *cfg,
    const char *kind, const char *phase, const char *how)
{
	struct cfgrec r = { .kind = kind, .phase = phase, .at.how = how };
	json_t *out = c->out;

	c->out = json_array();
	for (int s = 0; s < EPP_NSECTIONS; s++)
		for (size_t i = 0; i < cfg->sec[s].n; i++)
			located_records(c, &r, s, &cfg->sec[s].v[i], cfg);
	loader_records(c, &r, cfg);
	sorted_append(out, c->out);
	json_decref(c->out);
	c->out = out;
}

void
configexp_epp(json_t *out, const struct eppcfg *cfg, const char *kind,
    const char *phase, const char *how)
{
	struct cfgctx c = { out, NULL, -1, false, false };

	epp_section_records(&c, cfg, kind, phase, how);
}

void
cfg_fence_yaml(struct cfgctx *c, const struct md_fence *f)
{
	struct epp_text src = { c->doc->path, f->body, f->len,
	    f->body_line - 1, f->indent };
	const char *heading = mddoc_heading(c->doc, f->heading);
	struct perr yerr;
	struct perr err;
	struct ydoc *doc;
	struct eppcfg *cfg;
	bool any = false;
	struct sbuf how = {0};

	doc = ydoc_load_buf(c->doc->path, f->body, f->len, src.line_offset,
	    &yerr);
	if (doc == NULL)
		s2r_die_at(c->doc->path, yerr.line, yerr.column + f->indent,
		    "fenced YAML block (opened at line %ld): %s", f->line,
		    yerr.msg);
	for (size_t i = 0; i < doc->ndocs; i++)
		any |= eppcfg_recognises(doc->docs[i]);
	if (!any) {
		ydoc_free(doc);
		return;
	}
	cfg = eppcfg_from_doc(doc, &src, &err);
	ydoc_free(doc);
	if (cfg == NULL)
		s2r_die_at(c->doc->path, err.line, err.column, "%s", err.msg);
	sbuf_printf(&how, "fenced YAML (%s) under \"%s\"", cfg->shape,
	    heading);
	epp_section_records(c, cfg, "expect", configexp_phase(heading),
	    sbuf_str(&how));
	sbuf_free(&how);
	eppcfg_free(cfg);
}

static long
first_column(const struct md_table *t, const char *const *names)
{
	for (size_t i = 0; names[i] != NULL; i++) {
		long col = md_table_column(t, names[i]);

		if (col >= 0)
			return col;
	}
	return -1;
}

/* | Tier | Priority | … | (README) or | Name | Priority | (bands). */
void
cfg_tier_table(struct cfgctx *c, const struct md_table *t)
{
	static const char *const names[] = { "Tier", "Class", "SLO Class",
	    "Name", "Objective", "Band", NULL };
	static const char *const prios[] = { "Priority", NULL };
	long ncol = first_column(t, names), pcol = first_column(t, prios);
	struct sbuf how = {0};

	if (ncol < 0 || pcol < 0)
		return;
	sbuf_printf(&how, "priority table under \"%s\": the %s and Priority "
	    "columns", mddoc_heading(c->doc, t->heading),
	    t->head.cells[ncol].text);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct md_row *row = &t->rows[i];
		char *cls = cfg_clean(md_cell(row, (size_t)ncol));
		char *text = cfg_clean(md_cell(row, (size_t)pcol));
		char *tok = cfg_first_token(text);
		struct cfgwhere w = { row->line,
		    md_cell_column(row, (size_t)pcol), "Priority",
		    sbuf_str(&how) };
		json_t *v = num_json(tok, strlen(tok));

		if (cls[0] != '\0')
			cfgrec_add(c, &(struct cfgrec){ .check = "4d",
			    .metric = "priority.tier", .value = v, .cls = cls,
			    .at = w, .why = "expected an integer priority" });
		else
			json_decref(v);
		free(cls);
		free(text);
		free(tok);
	}
	sbuf_free(&how);
}

/* GAIE admission thresholds rows: "QD threshold | 5", "KV threshold". */
void
cfg_threshold_rows(struct cfgctx *c, const struct md_table *t)
{
	long vcol = md_table_column(t, "Value");
	struct sbuf how = {0};

	sbuf_printf(&how, "threshold row of the table under \"%s\"",
	    mddoc_heading(c->doc, t->heading));
	for (size_t i = 0; i < t->nrows; i++) {
		const struct md_row *row = &t->rows[i];
		char *name = cfg_normalise(md_cell(row, 0));
		const char *metric = NULL;
		size_t vc = vcol > 0 ? (size_t)vcol : 1;

		/* "--queue-depth-threshold" is a BLIS flag, read as one. */
		if (strncmp(md_cell(row, 0), "`--", 3) == 0 ||
		    strncmp(md_cell(row, 0), "--", 2) == 0) {
			free(name);
			continue;
		}
		if (cfg_word_in(name, "qd_threshold queue_depth_threshold "
		    "queuedepththreshold"))
			metric = "admission.queue_depth_threshold";
		else if (cfg_word_in(name, "kv_threshold "
		    "kv_cache_util_threshold kvcacheutilthreshold "
		    "kv_utilization_threshold"))
			metric = "admission.kv_cache_util_threshold";
		if (metric != NULL) {
			char *field = cfg_clean(md_cell(row, 0));
			char *text = cfg_clean(md_cell(row, vc));
			char *tok = cfg_first_token(text);
			struct cfgwhere w = { row->line,
			    md_cell_column(row, vc), field, sbuf_str(&how) };

			cfgrec_add(c, &(struct cfgrec){ .check = "3c",
			    .metric = metric,
			    .value = num_json(tok, strlen(tok)), .at = w,
			    .why = "expected a number" });
			free(field);
			free(text);
			free(tok);
		}
		free(name);
	}
	sbuf_free(&how);
}

/* ---- conflicts ---- */

static char *
group_key(const json_t *r)
{
	const char *key = rec_get_str(r, "key");
	char *scope = rec_scope_key(json_object_get(r, "scope"));
	struct sbuf b = {0};
	char *s;

	sbuf_printf(&b, "%s|%s|%s", rec_get_str(r, "metric"),
	    key != NULL ? key : "", scope);
	free(scope);
	s = xstrdup(sbuf_str(&b));
	sbuf_free(&b);
	return s;
}

static bool
judged(const json_t *r)
{
	const char *kind = rec_get_str(r, "kind");
	const char *metric = rec_get_str(r, "metric");

	return kind != NULL && strcmp(kind, "expect") == 0 && metric != NULL &&
	    strcmp(metric, "config.conflict") != 0 &&
	    !json_is_false(json_object_get(r, "comparable"));
}

/* One of the values a conflict names: into values with its source, and
 * into how as "value (file:line)". */
static void
conflict_value(json_t *values, struct sbuf *how, const json_t *r)
{
	const json_t *src = json_object_get(r, "source");
	json_t *v = json_object();
	char *text;

	json_object_set_new(v, "value",
	    json_deep_copy(json_object_get(r, "value")));
	json_object_set_new(v, "source", json_deep_copy(src));
	json_array_append_new(values, v);
	text = json_dumps(json_object_get(r, "value"),
	    JSON_ENCODE_ANY | JSON_COMPACT);
	sbuf_printf(how, "%s %s (%s:%lld)", json_array_size(values) > 1 ?
	    "," : "", text, rec_get_str(src, "file"),
	    (long long)json_integer_value(json_object_get(src, "line")));
	free(text);
}

/* The conflict record of one group: the records of out at idx[0..n)
 * (in out's order), which give one expectation different values. */
static json_t *
conflict_record(const json_t *out, const size_t *idx, size_t n)
{
	const json_t *r0 = json_array_get(out, idx[0]);
	const json_t *s0 = json_object_get(r0, "source");
	json_t *values = json_array(), *rec;
	struct sbuf how = {0};

	sbuf_adds(&how, "one value, given differently:");
	for (size_t m = 0; m < n; m++)
		conflict_value(values, &how, json_array_get(out, idx[m]));
	rec = rec_begin(&(struct rec_head){ .kind = "expect",
	    .check = rec_get_str(r0, "check"), .metric = "config.conflict",
	    .key = rec_get_str(r0, "key"),
	    .value = json_string(rec_get_str(r0, "metric")), .n = -1 });
	rec_set(rec, "scope", json_deep_copy(json_object_get(r0, "scope")));
	rec_set(rec, "values", values);
	rec_end(rec, NULL, rec_source(rec_get_str(s0, "file"),
	    (long)json_integer_value(json_object_get(s0, "line")), 0,
	    rec_get_str(r0, "metric"), sbuf_str(&how)));
	sbuf_free(&how);
	return rec;
}

/* A judged record's group (metric, key, scope) and its place in out;
 * for a group's first record, its conflict record (NULL: none). */
struct grouped {
	char	*key;
	size_t	 i;
	json_t	*conflict;
};

static int
place_cmp(const void *pa, const void *pb)
{
	const struct grouped *a = pa, *b = pb;

	return a->i < b->i ? -1 : a->i > b->i;
}

static int
grouped_cmp(const void *pa, const void *pb)
{
	const struct grouped *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);

	return c != 0 ? c : a->i < b->i ? -1 : a->i > b->i;
}

/* The records sorted by group, then by place: each group's records lie
 * together, in out's order, so one pass finds every conflict (comparing
 * every record with every other took minutes for a spec of a thousand
 * clients: some 8,000 records). */
void
configexp_conflicts(json_t *out)
{
	size_t n = json_array_size(out), ng = 0, *idx;
	struct grouped *g = xcalloc(n + 1, sizeof(*g));

	for (size_t i = 0; i < n; i++)
		if (judged(json_array_get(out, i))) {
			g[ng].key = group_key(json_array_get(out, i));
			g[ng++].i = i;
		}
	qsort(g, ng, sizeof(*g), grouped_cmp);
	idx = xcalloc(ng + 1, sizeof(*idx));
	for (size_t a = 0, b; a < ng; a = b) {
		const json_t *v0 = json_object_get(json_array_get(out, g[a].i),
		    "value");
		bool differs = false;

		for (b = a; b < ng && strcmp(g[b].key, g[a].key) == 0; b++) {
			idx[b] = g[b].i;
			differs = differs || !json_equal(v0, json_object_get(
			    json_array_get(out, g[b].i), "value"));
		}
		if (differs)
			g[a].conflict = conflict_record(out, idx + a, b - a);
	}
	/* appended in the order of each group's first record */
	qsort(g, ng, sizeof(*g), place_cmp);
	for (size_t k = 0; k < ng; k++) {
		if (g[k].conflict != NULL)
			json_array_append_new(out, g[k].conflict);
		free(g[k].key);
	}
	free(g);
	free(idx);
}
