/* rules_epp.c - check 2d: does the deployed EPP configuration (the
 * plugins, their parameters, the priority bands, the image) match the
 * one the sim bundle's config.md gives?  Expectations come from
 * s2r-config over the sim bundle's fenced EPP YAML, measurements from
 * s2r-config --epp over the deployed EPP configs (epp.*, scope phase).
 * rules_config.c's table holds the rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_epp.h"
#include "str.h"

static const char ACT_EPP[] = "The deployed EPP configuration differs "
    "from config.md: regenerate generated/<phase>_config.yaml from "
    "config.md (or correct config.md) and redeploy.";

static void
item_text(struct sbuf *b, const json_t *rec)
{
	sbuf_printf(b, "%s %s", rec_get_str(rec, "metric"), ru_item_of(rec));
}

static const char *
json_kind(const json_t *v)
{
	return json_is_string(v) ? "a string" : json_is_number(v) ?
	    "a number" : json_is_boolean(v) ? "a boolean" : json_is_null(v) ?
	    "null" : json_is_array(v) ? "a list" : "a map";
}

/* Values that print alike but differ in type ("64" against 64): say so,
 * or the why reads "says 64, deployed 64". */
static void
type_note(struct sbuf *why, const json_t *ev, const json_t *mv)
{
	if (ev == NULL || mv == NULL || json_typeof(ev) == json_typeof(mv) ||
	    (json_is_number(ev) && json_is_number(mv)) ||
	    (json_is_boolean(ev) && json_is_boolean(mv)))
		return;
	sbuf_printf(why, " config.md gives %s, the deployed config %s (a "
	    "quoted YAML value is a string): the EPP decodes plugin "
	    "parameters as JSON into typed fields, so a mistyped value fails "
	    "the plugin's factory or is read as something else.",
	    json_kind(ev), json_kind(mv));
}

static void
epp_item(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *e, const json_t *m, size_t *bad)
{
	struct sbuf why = {0};

	if (m != NULL && e != NULL && ru_equal(json_object_get(e, "value"),
	    json_object_get(m, "value")))
		return;
	(*bad)++;
	item_text(&why, e != NULL ? e : m);
	if (e != NULL && m != NULL) {
		sbuf_adds(&why, ": config.md says ");
		ru_value_at(&why, e);
		sbuf_adds(&why, ", the deployed config ");
		ru_value_at(&why, m);
		sbuf_adds(&why, ".");
		type_note(&why, json_object_get(e, "value"),
		    json_object_get(m, "value"));
	} else if (e != NULL) {
		sbuf_adds(&why, " is in config.md (");
		ru_where(&why, e);
		sbuf_adds(&why, ") but not in the deployed config.");
	} else {
		sbuf_adds(&why, " is in the deployed config (");
		ru_where(&why, m);
		sbuf_adds(&why, ") but not in config.md's arm.");
	}
	ru_emit_exact(j, r, c, rec_get_str(e != NULL ? e : m, "metric"), e, m, V_FAIL,
	    sbuf_str(&why), ACT_EPP);
	sbuf_free(&why);
}

/* An item the deployed config l gives a second time, in the same file
 * (a profile listing a scorer twice, a plugin name used twice): the EPP
 * either refuses the config or runs the entry twice (a repeated
 * scorer's weights add up), and config.md says neither. */
static void
epp_repeats(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct ru_list *l, size_t *bad)
{
	for (size_t i = 0; i < l->n; i++) {
		const char *metric = rec_get_str(l->v[i], "metric");
		const json_t *first = ru_earlier_item(l, i);
		struct sbuf why = {0};

		if (first == NULL || strcmp(metric, "epp.chart") == 0)
			continue;
		(*bad)++;
		item_text(&why, l->v[i]);
		sbuf_adds(&why, " is given twice in the deployed config: ");
		ru_value_at(&why, first);
		sbuf_adds(&why, " and again ");
		ru_value_at(&why, l->v[i]);
		sbuf_adds(&why, ".");
		if (strcmp(ru_item_of(first), ru_item_of(l->v[i])) != 0)
			sbuf_printf(&why, " The keys differ only in case (%s, "
			    "%s) and the plugin decodes its parameters as "
			    "Go's encoding/json does, matching a key in any "
			    "case: the later value is the one it reads.",
			    ru_item_of(first), ru_item_of(l->v[i]));
		else
			sbuf_adds(&why, " The EPP either rejects the repeat or "
			    "applies the entry twice (a scorer listed twice "
			    "scores twice).");
		sbuf_adds(&why, " config.md gives it once.");
		ru_emit_exact(j, r, c, metric, NULL, l->v[i], V_FAIL,
		    sbuf_str(&why), "Remove the repeated entry from the "
		    "deployed EPP config (or the overlay that appends it) and "
		    "redeploy.");
		sbuf_free(&why);
	}
}

/* No deployed config for the arm (deployed false), or none in config.md
 * to compare it with. */
static void
epp_unpaired(struct judge *j, const struct rule *r, const struct jcell *c,
    bool deployed)
{
	struct sbuf why = {0};

	if (!deployed)
		sbuf_printf(&why, "No deployed EPP config for phase %s: it "
		    "comes from s2r-config --epp over the real bundle's "
		    "generated/%s_config.yaml (or "
		    "generated/<algo>/<algo>_config.yaml).", c->phase ?
		    c->phase : "(none)", c->phase ? c->phase : "<phase>");
	else
		sbuf_printf(&why, "config.md gives no EPP config for arm %s (a "
		    "fenced EndpointPickerConfig under a heading naming the "
		    "arm), so the deployed one cannot be compared field by "
		    "field.", c->phase ? c->phase : "(none)");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "epp.config",
	    .verdict = deployed ? V_INAPPLICABLE : V_MISSING,
	    .why = sbuf_str(&why), .action = deployed ? NULL : "Run the "
	    "parity pipeline with the real bundle's generated/ folder "
	    "present." });
	sbuf_free(&why);
}

/* Every field of config.md's arm (exp) equals the deployed one (dep):
 * one PASS says so. */
static void
epp_equal(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct ru_list *exp, const struct ru_list *dep, size_t same)
{
	struct sbuf why = {0};
	json_t *es, *ms;

	sbuf_printf(&why, "All %zu fields of config.md's %s EPP config (",
	    same, c->phase);
	ru_where(&why, exp->v[0]);
	sbuf_adds(&why, ") equal the deployed config (");
	ru_where(&why, dep->v[0]);
	sbuf_adds(&why, ")");
	if (ru_by_metric(exp, "priority.tier") != NULL &&
	    ru_by_metric(dep, "priority.tier") == NULL)
		sbuf_adds(&why, "; the priority bands are not part of the "
		    "deployed EPP config (InferenceObjectives are checked at "
		    "runtime, 5g)");
	sbuf_adds(&why, ".");
	es = ru_side(json_sprintf("%zu fields", same), NULL, exp->v[0], NULL);
	ms = ru_side(json_sprintf("%zu fields equal", same), NULL, dep->v[0],
	    NULL);
	ru_emit_exact(j, r, c, "epp.config", es, ms, V_PASS, sbuf_str(&why), NULL);
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
}

/* The why of an epp.deployed verdict: m's value in words. */
static void
deployed_why(struct sbuf *why, const json_t *m, const char *value,
    const char *gen)
{
	const char *sum = rec_get_str(m, "summary");

	if (strcmp(value, "none") == 0) {
		sbuf_printf(why, "No PipelineRun for this cell: %s "
		    "(cluster/pipelinerun-*.yaml, by their phase param), so "
		    "what it deployed cannot be compared with %s; a "
		    "PipelineRun labelled for another arm, or one not kept, "
		    "leaves the EPP config it ran unknown.", sum, gen);
		return;
	}
	sbuf_adds(why, "The PipelineRun (");
	ru_where(why, m);
	sbuf_adds(why, ", scenarioContent");
	if (strcmp(value, "equal") == 0)
		sbuf_printf(why, ") deployed the EPP config of %s: equal "
		    "section by section (feature gates, plugins, profiles, "
		    "flow control, saturation detector, other keys).", gen);
	else if (strcmp(value, "differs") == 0 &&
	    !json_is_false(json_object_get(m, "matters")))
		sbuf_printf(why, ") deployed an EPP config that differs from "
		    "%s, the config the other 2d verdicts and 4a-4d judged: "
		    "%s (%s as side a).  The cell measured the deployed "
		    "one.", gen, sum, gen);
	else if (strcmp(value, "differs") == 0)
		sbuf_printf(why, ") deployed an EPP config that differs from "
		    "%s only in %s: the same plugins, profiles and flow "
		    "control, under a schema version the EPP either reads "
		    "the same way or refuses at start-up.", gen, sum);
	else if (strcmp(value, "unreadable") == 0)
		sbuf_printf(why, ") deployed an EPP config that cannot be "
		    "read as one (%s), so it cannot be compared with %s: "
		    "the EPP may have refused it at start-up or read it its "
		    "own way (a key given twice: go-yaml's strict decoding "
		    "refuses it, its lenient decoding keeps the last value).",
		    sum, gen);
	else
		sbuf_printf(why, ") deploys a scenario without an EPP config "
		    "(no pluginsCustomConfig): the EPP ran the default config "
		    "of its chart and image, which the run does not show, not "
		    "%s.", gen);
}

/* One PipelineRun's deployed EPP config (its scenarioContent) against
 * the generated one the other 2d verdicts and 4a-4d judge: the cell
 * measured what was deployed, so a difference means those verdicts
 * judged a config that did not run.  Equal PASS, differs FAIL (WARN
 * when only apiVersion or kind differ); absent, unreadable or no
 * PipelineRun for the phase WARN. */
static void
epp_deployed_one(struct judge *j, const struct rule *r,
    const struct jcell *c, const json_t *m)
{
	const char *value = rec_get_str(m, "value");
	const char *gen = rec_get_str(m, "generated");
	enum jverdict_value v = strcmp(value, "equal") == 0 ? V_PASS :
	    strcmp(value, "differs") == 0 &&
	    !json_is_false(json_object_get(m, "matters")) ? V_FAIL : V_WARN;
	struct sbuf why = {0};
	json_t *es, *ms;

	deployed_why(&why, m, value, gen);
	es = ru_side(json_string(gen), NULL, NULL, NULL);
	ms = ru_side(json_string(value), NULL, m, NULL);
	ru_emit_exact(j, r, c, "epp.deployed", es, ms, v, sbuf_str(&why),
	    "Redeploy the arm with the generated EPP config (the "
	    "PipelineRun's scenarioContent pluginsCustomConfig) and rerun "
	    "it, or regenerate the config from what was deployed and judge "
	    "that.");
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
}

/* The EPP image a PipelineRun deployed against the one the run built:
 * a config naming the plugin built for this run needs that image (a
 * stock or stale image lacks the plugin or holds an older build). */
static void
epp_image_one(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *m)
{
	const char *value = rec_get_str(m, "value");
	const char *img = rec_get_str(m, "image");
	const char *built = rec_get_str(m, "built");
	const char *pt = rec_get_str(m, "plugin_type");
	bool needs = json_is_true(json_object_get(m, "needs_built"));
	enum jverdict_value v = strcmp(value, "built") == 0 || !needs ?
	    V_PASS : strcmp(value, "other") == 0 ? V_FAIL : V_WARN;
	struct sbuf why = {0}, need = {0};
	json_t *es, *ms;

	if (pt != NULL)
		sbuf_printf(&need, "the plugin type %s its config names", pt);
	else
		sbuf_adds(&need, "the arm's own plugin (its image_ref)");
	sbuf_adds(&why, "The PipelineRun (");
	ru_where(&why, m);
	sbuf_adds(&why, ", scenarioContent");
	if (strcmp(value, "built") == 0)
		sbuf_printf(&why, ") deployed the EPP image the run built, %s "
		    "(%s).", built, rec_get_str(m, "built_from"));
	else if (!needs)
		sbuf_printf(&why, ") deployed the EPP image %s, not the one "
		    "the run built (%s, %s); the arm's config names no plugin "
		    "built for this run, so another image can serve it.",
		    img != NULL ? img : "of the chart's default", built,
		    rec_get_str(m, "built_from"));
	else if (v == V_FAIL)
		sbuf_printf(&why, ") deployed the EPP image %s, not the one "
		    "the run built with %s: %s (%s).  That image lacks the "
		    "plugin (the EPP refuses the config) or holds another "
		    "build of it: the cell did not measure the translated "
		    "code.", img, sbuf_str(&need), built,
		    rec_get_str(m, "built_from"));
	else
		sbuf_printf(&why, ") names no EPP image "
		    "(images.inferenceScheduler): the chart's default image "
		    "ran, unless the pipeline sets it elsewhere, and %s is "
		    "built into %s (%s) only.", sbuf_str(&need), built,
		    rec_get_str(m, "built_from"));
	es = ru_side(json_string(built), NULL, NULL, NULL);
	ms = ru_side(json_string(img != NULL ? img : value), NULL, m, NULL);
	ru_emit_exact(j, r, c, "epp.image", es, ms, v, sbuf_str(&why), "Redeploy the "
	    "arm with the image the run built (the scenario's "
	    "images.inferenceScheduler) and rerun it.");
	json_decref(es);
	json_decref(ms);
	sbuf_free(&need);
	sbuf_free(&why);
}

static void
epp_deployed(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list l = {0};

	ru_collect(j, c, "measure", "epp.deployed", RU_ANY, true, &l);
	for (size_t i = 0; i < l.n; i++)
		epp_deployed_one(j, r, c, l.v[i]);
	ru_list_free(&l);
	ru_collect(j, c, "measure", "epp.image", RU_ANY, true, &l);
	for (size_t i = 0; i < l.n; i++)
		epp_image_one(j, r, c, l.v[i]);
	ru_list_free(&l);
}

void
epp_rule(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list exp, dep;
	size_t bad = 0, same = 0;
	bool tiers_deployed;

	if (ru_arm_only(c))
		return;
	ru_arm_config(j, "expect", c->phase ? c->phase : "", true, &exp);
	ru_arm_config(j, "measure", c->phase ? c->phase : "", false, &dep);
	tiers_deployed = ru_by_metric(&dep, "priority.tier") != NULL;
	if (dep.n == 0 || ru_by_metric(&exp, "epp.plugin") == NULL) {
		epp_unpaired(j, r, c, dep.n > 0);
		goto out;
	}
	for (size_t i = 0; i < exp.n; i++) {
		const char *metric = rec_get_str(exp.v[i], "metric");
		const json_t *m;

		/* Tiers deployed as InferenceObjectives outside the EPP
		 * config are seen at runtime (5g), not here. */
		if (strcmp(metric, "priority.tier") == 0 && !tiers_deployed)
			continue;
		m = ru_find_item(&dep, metric, ru_item_of(exp.v[i]));
		if (m != NULL && ru_equal(json_object_get(exp.v[i], "value"),
		    json_object_get(m, "value")))
			same++;
		epp_item(j, r, c, exp.v[i], m, &bad);
	}
	for (size_t i = 0; i < dep.n; i++) {
		const char *metric = rec_get_str(dep.v[i], "metric");

		/* Helm settings (flags.v …) are deployment detail that
		 * config.md rarely states: not a mismatch. */
		if (strcmp(metric, "epp.chart") == 0 ||
		    ru_find_item(&exp, metric, ru_item_of(dep.v[i])) != NULL)
			continue;
		epp_item(j, r, c, NULL, dep.v[i], &bad);
	}
	/* config.md's arm is config.md's to get right (config.conflict
	 * compares its sources); the deployed one is what the EPP ran. */
	epp_repeats(j, r, c, &dep, &bad);
	if (bad == 0)
		epp_equal(j, r, c, &exp, &dep, same);
out:
	epp_deployed(j, r, c);
	ru_list_free(&exp);
	ru_list_free(&dep);
}
