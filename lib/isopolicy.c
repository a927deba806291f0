/* isopolicy.c - the EPP half of check 2c (see isopolicy.h). */
#include <stdio.h>
#include <string.h>

#include "isopolicy.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

static const char ACT_ISOLATION[] = "The arms' EPP configs differ in more "
    "than the policy under test, so a result difference cannot be "
    "attributed to the policy: make the arms equal outside the policy (or "
    "declare each arm's EPP config in config.md when the difference is "
    "meant) and rerun.";

/* The metrics of an EPP item, by section: a plugin is its type and its
 * parameters, a profile entry its presence and weight. */
static const char *const plugin_metrics[] = { "epp.plugin",
    "epp.plugin.parameter", NULL };
static const char *const profile_metrics[] = { "epp.profile.plugin",
    "epp.scorer.weight", NULL };

/* One arm: its deployed config and, when the sim bundle gives it, the
 * declared one. */
struct arm {
	const char	*phase;
	const char	*file;		/* the deployed config */
	struct ru_list	 dec;		/* expect records */
	struct ru_list	 dep;		/* measure records */
	bool		 declared;
};

/* The changes of one pair of arms, sorted. */
struct sorted {
	struct sbuf	 policy;	/* the policy under test */
	struct sbuf	 extra;		/* confounds */
	size_t		 npolicy, nextra;
	const json_t	*first;		/* a differing diff record */
};

enum reason { R_CONFOUND, R_DECLARED, R_TYPE };

/* --- what a change touches ------------------------------------------ */

/* The expectation metric and key an EPP diff change maps to (a profile
 * entry's value is its weight: changed, it is the weight that changed). */
static const char *
change_metric(const char *section, const char *op, const char *path,
    char *key, size_t len, const char *item)
{
	snprintf(key, len, "%s", item);
	if (strcmp(section, "plugins") == 0) {
		if (path != NULL && str_has_prefix(path, "parameters.")) {
			snprintf(key, len, "%s.%s", item, path + 11);
			return "epp.plugin.parameter";
		}
		return "epp.plugin";
	}
	if (strcmp(section, "schedulingProfiles") == 0)
		return path != NULL || strcmp(op, "changed") == 0 ?
		    "epp.scorer.weight" : "epp.profile.plugin";
	if (path != NULL)
		snprintf(key, len, "%s.%s", item, path);
	if (strcmp(section, "featureGates") == 0)
		return "epp.feature_gate";
	if (strcmp(section, "flowControl") == 0)
		return "epp.flow_control";
	if (strcmp(section, "saturationDetector") == 0)
		return "epp.saturation_detector";
	if (strcmp(section, "chart") == 0)
		return "epp.chart";
	if (strcmp(section, "objectives") == 0)
		return "priority.tier";
	return NULL;
}

static bool
key_under(const char *have, const char *key)
{
	size_t n = strlen(key);

	if (have != NULL && n == 0)
		return true;
	return have != NULL && strncmp(have, key, n) == 0 &&
	    (have[n] == '\0' || have[n] == '.' || have[n] == '[');
}

/* "k=v;…" of an arm's records for one item (and what is under it). */
static void
items_text(const struct ru_list *l, const char *metric, const char *key,
    struct sbuf *out)
{
	struct strv items = {0};

	for (size_t i = 0; i < l->n; i++) {
		struct sbuf one = {0};

		if (strcmp(rec_get_str(l->v[i], "metric"), metric) != 0 ||
		    !key_under(ru_item_of(l->v[i]), key))
			continue;
		sbuf_printf(&one, "%s=", ru_item_of(l->v[i]));
		ru_value_text(&one, json_object_get(l->v[i], "value"));
		strv_add(&items, sbuf_str(&one));
		sbuf_free(&one);
	}
	strv_sort(&items);
	for (size_t i = 0; i < items.n; i++)
		sbuf_printf(out, "%s;", items.v[i]);
	strv_free(&items);
}

/* Whether the two arms' declarations also differ in what a change
 * touches, the same way: an item added to b is declared for b only, one
 * removed for a only, a changed one declared for both with other values.
 * Removing a plugin also removes its parameters: the type alone decides
 * for whole items. */
static bool
declared_differ(const struct arm *a, const struct arm *b,
    const char *section, const json_t *ch)
{
	char key[512];
	const char *op = rec_get_str(ch, "op");
	const char *metric = change_metric(section, op,
	    rec_get_str(ch, "path"), key, sizeof(key), rec_get_str(ch, "item"));
	struct sbuf ta = {0}, tb = {0};
	bool differ;

	if (metric == NULL)
		return false;
	items_text(&a->dec, metric, key, &ta);
	items_text(&b->dec, metric, key, &tb);
	differ = strcmp(sbuf_str(&ta), sbuf_str(&tb)) != 0;
	if (strcmp(op, "added") == 0)
		differ = differ && ta.len == 0;
	else if (strcmp(op, "removed") == 0)
		differ = differ && tb.len == 0;
	else
		differ = differ && ta.len > 0 && tb.len > 0;
	sbuf_free(&ta);
	sbuf_free(&tb);
	return differ;
}

/* The type of plugin name in an arm's deployed config, or NULL. */
static const char *
type_of(const struct arm *x, const char *name)
{
	const json_t *p = ru_find_item(&x->dep, "epp.plugin", name);

	return p != NULL ? rec_get_str(p, "value") : NULL;
}

static bool
has_type(const struct arm *x, const char *type)
{
	for (size_t i = 0; i < x->dep.n; i++) {
		const char *t = rec_get_str(x->dep.v[i], "value");

		if (strcmp(rec_get_str(x->dep.v[i], "metric"),
		    "epp.plugin") == 0 && t != NULL && strcmp(t, type) == 0)
			return true;
	}
	return false;
}

/* A change to a plugin (or its profile entry) whose type only one arm
 * has: the plugins that differ by type are the policy under test. */
static bool
new_type(const struct arm *a, const struct arm *b, const char *section,
    const json_t *ch)
{
	const char *item = rec_get_str(ch, "item"), *name, *ta, *tb;

	if (strcmp(section, "plugins") == 0)
		name = item;
	else if (strcmp(section, "schedulingProfiles") == 0 &&
	    strrchr(item, '/') != NULL)
		name = strrchr(item, '/') + 1;
	else
		return false;
	ta = type_of(a, name);
	tb = type_of(b, name);
	if (ta == NULL && tb == NULL)
		return false;
	return (ta == NULL || !has_type(b, ta)) &&
	    (tb == NULL || !has_type(a, tb));
}

/* A whole item (path-less add or remove) that the one declared arm holds
 * in its declaration as deployed. */
static bool
declared_item(const struct arm *a, const struct arm *b, const char *section,
    const json_t *ch)
{
	const char *one[] = { NULL, NULL };
	const char *const *metrics;
	const char *op = rec_get_str(ch, "op"), *item = rec_get_str(ch, "item");
	const struct arm *x = strcmp(op, "added") == 0 ? b : a;
	struct sbuf td = {0}, tp = {0};
	char key[512];
	bool same;

	if (rec_get_str(ch, "path") != NULL || strcmp(op, "changed") == 0 ||
	    !x->declared)
		return false;
	if (strcmp(section, "plugins") == 0)
		metrics = plugin_metrics;
	else if (strcmp(section, "schedulingProfiles") == 0)
		metrics = profile_metrics;
	else {
		one[0] = change_metric(section, op, NULL, key, sizeof(key),
		    item);
		metrics = one;
	}
	for (size_t i = 0; metrics[i] != NULL; i++) {
		items_text(&x->dec, metrics[i], item, &td);
		items_text(&x->dep, metrics[i], item, &tp);
	}
	same = td.len > 0 && strcmp(sbuf_str(&td), sbuf_str(&tp)) == 0;
	sbuf_free(&td);
	sbuf_free(&tp);
	return same;
}

static enum reason
classify(const struct arm *a, const struct arm *b, const char *section,
    const json_t *ch)
{
	if (a->declared && b->declared)
		return declared_differ(a, b, section, ch) ? R_DECLARED :
		    R_CONFOUND;
	if (new_type(a, b, section, ch))
		return R_TYPE;
	return declared_item(a, b, section, ch) ? R_DECLARED : R_CONFOUND;
}

/* --- the verdict ------------------------------------------------------ */

static void
change_text(struct sbuf *b, const char *section, const json_t *ch)
{
	const char *op = rec_get_str(ch, "op"), *path = rec_get_str(ch, "path");
	json_t *a = json_object_get(json_object_get(ch, "a"), "value");
	json_t *bv = json_object_get(json_object_get(ch, "b"), "value");

	sbuf_printf(b, "%s %s %s%s%s", section, op, rec_get_str(ch, "item"),
	    path ? "." : "", path ? path : "");
	if (strcmp(op, "changed") == 0) {
		sbuf_adds(b, " (");
		ru_value_text(b, a);
		sbuf_adds(b, " \u2192 ");
		ru_value_text(b, bv);
		sbuf_adds(b, ")");
	}
}

/* Walks the diff records from a's file to b's; how many there were. */
static size_t
walk_diffs(const struct judge *j, const struct arm *a, const struct arm *b,
    struct sorted *s)
{
	size_t found = 0;
	struct ru_list l;

	ru_select(j, &(struct jsel){ .kind = "diff" }, &l);
	for (size_t i = 0; i < l.n; i++) {
		const json_t *d = l.v[i], *ch;
		const char *fa = rec_get_str(json_object_get(d, "a"), "file");
		const char *fb = rec_get_str(json_object_get(d, "b"), "file");
		const char *section = rec_get_str(d, "section");
		size_t k;

		if (fa == NULL || fb == NULL || section == NULL || strcmp(fa, a->file) != 0 ||
		    strcmp(fb, b->file) != 0)
			continue;
		found++;
		json_array_foreach(json_object_get(d, "changes"), k, ch) {
			/* A change that does not say what changed (not
			 * s2r-config's) cannot be the policy under test. */
			bool described = rec_get_str(ch, "op") != NULL &&
			    rec_get_str(ch, "item") != NULL;
			enum reason why = described ? classify(a, b, section,
			    ch) : R_CONFOUND;
			struct sbuf *to = why == R_CONFOUND ? &s->extra :
			    &s->policy;

			if (s->first == NULL)
				s->first = d;
			sbuf_adds(to, to->len ? "; " : "");
			if (described)
				change_text(to, section, ch);
			else
				sbuf_printf(to, "%s: a change without op and "
				    "item", section);
			s->nextra += why == R_CONFOUND;
			s->npolicy += why != R_CONFOUND;
		}
	}
	ru_list_free(&l);
	return found;
}

/* Whether the two arms' declared EPP configs differ at all. */
static bool
declarations_differ(const struct arm *a, const struct arm *b)
{
	struct sbuf ta = {0}, tb = {0};
	bool differ;

	for (size_t i = 0; ru_epp_metrics[i] != NULL; i++) {
		items_text(&a->dec, ru_epp_metrics[i], "", &ta);
		items_text(&b->dec, ru_epp_metrics[i], "", &tb);
	}
	differ = strcmp(sbuf_str(&ta), sbuf_str(&tb)) != 0;
	sbuf_free(&ta);
	sbuf_free(&tb);
	return differ;
}

/* Where the policy under test was read from: into b, and the record to
 * cite (NULL: none). */
static const json_t *
policy_source(struct sbuf *b, const struct arm *x, const struct arm *y)
{
	const json_t *dx = ru_by_metric(&x->dec, "epp.plugin");
	const json_t *dy = ru_by_metric(&y->dec, "epp.plugin");

	if (dx != NULL && dy != NULL) {
		sbuf_printf(b, "where the sim bundle's EPP configs of %s (",
		    y->phase);
		ru_where(b, dy);
		sbuf_printf(b, ") and %s (", x->phase);
		ru_where(b, dx);
		sbuf_adds(b, ") differ");
		return dx;
	}
	if (dx != NULL || dy != NULL) {
		sbuf_printf(b, "the plugins whose type is in one arm only, and "
		    "the whole items of the sim bundle's EPP config of %s (",
		    dx != NULL ? x->phase : y->phase);
		ru_where(b, dx != NULL ? dx : dy);
		sbuf_adds(b, ") as deployed");
		return dx != NULL ? dx : dy;
	}
	sbuf_adds(b, "the plugins whose type is in one arm only, with their "
	    "profile entries: the sim bundle gives no EPP config per arm");
	return NULL;
}

static enum jverdict_value
sorted_judge(struct sbuf *why, const struct sorted *s, const char *source,
    const struct arm *a, const struct arm *b)
{
	bool both = a->declared && b->declared;

	if (s->npolicy + s->nextra == 0)
		sbuf_adds(why, "no difference in any section.");
	if (s->npolicy > 0)
		sbuf_printf(why, "the policy under test (%s): %s.", source,
		    sbuf_str(&s->policy));
	if (s->nextra > 0)
		sbuf_printf(why, "%sBeyond the policy under test (%s): %s.",
		    s->npolicy ? " " : "", both ? "the declared configs do not "
		    "differ there" : "neither a plugin of a type only one arm "
		    "has nor a whole item of a declared arm: a changed "
		    "parameter or weight of a plugin both arms have, or any "
		    "other section, is a confound", sbuf_str(&s->extra));
	if (s->nextra > 0)
		return V_FAIL;
	if (both && s->npolicy == 0 && declarations_differ(a, b)) {
		sbuf_adds(why, " But the sim bundle's configs of the two arms "
		    "differ: the policy under test is not deployed.");
		return V_FAIL;
	}
	return V_PASS;
}

static bool
arm_load(const struct judge *j, const char *phase, struct arm *x)
{
	memset(x, 0, sizeof(*x));
	x->phase = phase;
	x->file = ru_arm_file(j, phase);
	ru_arm_config(j, "expect", phase, false, &x->dec);
	ru_arm_config(j, "measure", phase, false, &x->dep);
	x->declared = ru_by_metric(&x->dec, "epp.plugin") != NULL;
	return x->file != NULL;
}

static void
arm_free(struct arm *x)
{
	ru_list_free(&x->dec);
	ru_list_free(&x->dep);
}

static void
epp_missing(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *why)
{
	judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.epp",
	    .verdict = V_MISSING, .why = why, .action = "Run s2r-config "
	    "--epp over each arm's generated EPP config and --diff over each "
	    "pair (the parity pipeline does both)." });
}

/* The verdict on the diff walked into s; a is the diff's base side. */
static void
epp_verdict(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct arm *x, const struct arm *y, const struct arm *a,
    const struct arm *b, const struct sorted *s)
{
	struct sbuf why = {0}, src = {0}, act = {0};
	const json_t *cite = policy_source(&src, x, y);
	enum jverdict_value v;
	json_t *es, *ms;

	sbuf_printf(&why, "EPP config of %s (%s) against %s (%s): ",
	    x->phase, x->file, y->phase, y->file);
	v = sorted_judge(&why, s, sbuf_str(&src), a, b);
	if (s->npolicy + s->nextra == 0)
		sbuf_adds(&act, "identical");
	else
		sbuf_printf(&act, "%s%s%s", sbuf_str(&s->policy),
		    s->npolicy && s->nextra ? "; " : "", sbuf_str(&s->extra));
	es = ru_side(json_sprintf("only the policy under test: %s",
	    sbuf_str(&src)), NULL, cite, cite != NULL ? NULL : "s2r-config "
	    "--epp: the plugin types of each deployed arm");
	ms = ru_side(json_string(sbuf_str(&act)), NULL, s->first, NULL);
	if (s->first == NULL)
		json_object_set_new(json_object_get(ms, "source"), "file",
		    json_string(x->file));
	judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.epp",
	    .expect = es, .measure = ms, .tolerance = "policy only",
	    .verdict = v, .why = sbuf_str(&why), .action = v == V_FAIL ?
	    ACT_ISOLATION : NULL });
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
	sbuf_free(&src);
	sbuf_free(&act);
}

void
isopolicy_judge(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *other)
{
	struct arm x, y;
	struct sorted s = {0};
	struct sbuf why = {0};
	bool hx = arm_load(j, c->phase, &x), hy = arm_load(j, other, &y);

	if (!hx || !hy) {
		sbuf_printf(&why, "No deployed EPP config for phase %s, so the "
		    "arms %s and %s cannot be diffed.", hx ? other : c->phase,
		    other, c->phase);
		epp_missing(j, r, c, sbuf_str(&why));
		goto out;
	}
	/* s2r-config --diff ran base -> other in phase order. */
	if (walk_diffs(j, &y, &x, &s) > 0)
		epp_verdict(j, r, c, &x, &y, &y, &x, &s);
	else if (walk_diffs(j, &x, &y, &s) > 0)
		epp_verdict(j, r, c, &x, &y, &x, &y, &s);
	else {
		sbuf_printf(&why, "No s2r-config --diff records between %s and "
		    "%s.", y.file, x.file);
		epp_missing(j, r, c, sbuf_str(&why));
	}
out:
	sbuf_free(&why);
	sbuf_free(&s.policy);
	sbuf_free(&s.extra);
	arm_free(&x);
	arm_free(&y);
}
