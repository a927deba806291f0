/* rules_config.c - checks 2a-2d: does the real deployment run the
 * configuration the sim bundle describes, and do its arms differ only in
 * the policy under test?
 *
 * Expectations come from s2r-config over the sim bundle (config.md
 * tables, quoted logs, fenced EPP YAML); measurements from s2r-log-extract
 * (vLLM server logs: vllm.* with check 2a per cell, instances.count) and
 * from s2r-config --epp over the deployed EPP configs (epp.*, scope phase);
 * s2r-config --diff gives the section-by-section diff of two arms (kind
 * diff).  Metric names are those of schemas/metrics-config.json and
 * metrics-runtime.json; the verdict-only ones are in metrics-verdicts.json. */
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

#define FROM_CONFIG "s2r-config, from the sim bundle's config.md"
#define FROM_LOGS "s2r-log-extract, from the cell's server_logs/*.log"
#define MAX_ARMS 64

static const char ACT_VLLM[] = "The deployment does not run the vLLM "
    "configuration config.md describes: fix the vLLM arguments of the "
    "deployment (or config.md when it is the one that is wrong) and rerun "
    "the cell.";
static const char ACT_UNSTATED[] = "vLLM logs only non-default arguments: "
    "set this parameter explicitly in the deployment so that the log "
    "proves its value.";
static const char ACT_DISAGREE[] = "The instances of this cell do not run "
    "one configuration: redeploy them from one spec.";
static const char ACT_CONFLICT[] = "config.md gives two values for one "
    "parameter: correct config.md so that it says one thing.";
static const char ACT_INSTANCES[] = "Deploy the number of vLLM instances "
    "the simulation assumed (or rerun the simulation with --num-instances "
    "equal to the deployment).";
static const char ACT_ISOLATION[] = "The arms differ in more than the "
    "policy under test, so a result difference cannot be attributed to "
    "the policy: make the arms equal outside the policy and rerun.";
static const char ACT_UNKNOWN_POLICY[] = "config.md gives no EPP "
    "configuration per arm, so the policy under test is unknown: check "
    "the diff by hand, or add the arms' EPP configs to config.md.";
static const char ACT_EPP[] = "The deployed EPP configuration differs "
    "from config.md: regenerate generated/<phase>_config.yaml from "
    "config.md (or correct config.md) and redeploy.";

/* The parameters 2a always states (DESIGN.md §4), then whatever else
 * config.md gives. */
static const char *const core_params[] = {
	"vllm.model", "vllm.hardware", "vllm.tensor_parallel_size",
	"vllm.max_model_len", "vllm.gpu_memory_utilization",
	"vllm.enable_prefix_caching", "vllm.max_num_seqs",
	"vllm.max_num_batched_tokens", "vllm.enable_chunked_prefill", NULL
};

/* The EPP config metrics s2r-config writes for one arm. */
static const char *const epp_metrics[] = {
	"epp.plugin", "epp.plugin.parameter", "epp.profile.plugin",
	"epp.scorer.weight", "epp.feature_gate", "epp.flow_control",
	"epp.saturation_detector", "epp.chart", "priority.tier", NULL
};

/* Configuration is compared exactly. */
static void
emit(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *e, const json_t *m,
    enum jverdict_value v, const char *why, const char *action)
{
	ru_emit(j, r, c, metric, NULL, e, m, "exact", v, why, action);
}

/* Only the cell-level 2a records (log-extract also writes them per log
 * with check 5a). */
static void
cell_config(const struct judge *j, const struct jcell *c, const char *metric,
    struct ru_list *out)
{
	struct ru_list all;

	ru_collect(j, c, "measure", metric, RU_CELL, false, &all);
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < all.n; i++) {
		if (!ru_check_is(all.v[i], "2a"))
			continue;
		ru_list_add(out, all.v[i]);
	}
	ru_list_free(&all);
}

/* --- 2a ------------------------------------------------------------- */

static bool
server_logs_present(const struct judge *j, const struct jcell *c)
{
	const json_t *p = judge_measure(j, c, "logs.present.server_logs",
	    NULL);

	if (p != NULL)
		return json_is_true(json_object_get(p, "value"));
	return judge_any(j, c, "measure", "instances.count");
}

static void
no_server_logs(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *what)
{
	const json_t *p = judge_measure(j, c, "logs.present.server_logs",
	    NULL);
	struct sbuf why = {0}, where = {0};

	judge_cell_text(&where, c);
	sbuf_printf(&why, "No vLLM server log in %s (server_logs/*.log), so "
	    "%s cannot be read from the deployment.", sbuf_str(&where), what);
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "logs.present.server_logs", .measure = p,
	    .verdict = V_MISSING, .why = sbuf_str(&why),
	    .action = "Collect the vLLM pods' logs into the cell's "
	    "server_logs/ (kubectl logs POD -c vllm) and rerun s2r-log-extract." });
	sbuf_free(&why);
	sbuf_free(&where);
}

/* Several cell-level records of one parameter: the logs disagree. */
static void
param_disagree(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *e, const struct ru_list *m)
{
	struct sbuf why = {0};

	sbuf_printf(&why, "The server logs of this cell disagree on %s:",
	    metric);
	for (size_t i = 0; i < m->n; i++) {
		double n = 0;

		rec_get_num(m->v[i], "n", &n);
		sbuf_adds(&why, i ? "; " : " ");
		ru_value_text(&why, json_object_get(m->v[i], "value"));
		sbuf_printf(&why, " in %.0f log%s (", n, n == 1 ? "" : "s");
		ru_where(&why, m->v[i]);
		sbuf_adds(&why, ")");
	}
	sbuf_adds(&why, ". Per-log values are under 5a.");
	emit(j, r, c, metric, e, m->v[0], V_FAIL, sbuf_str(&why),
	    ACT_DISAGREE);
	sbuf_free(&why);
}

static void
param_compare(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const struct ru_list *e, const struct ru_list *m)
{
	const json_t *ev = json_object_get(e->v[0], "value");
	const json_t *av = json_object_get(m->v[0], "value");
	struct sbuf why = {0};
	bool ok = ru_param_equal(metric, ev, av);

	sbuf_adds(&why, "config.md says ");
	ru_value_text(&why, ev);
	sbuf_adds(&why, " (");
	ru_where(&why, e->v[0]);
	sbuf_adds(&why, "), the server logs say ");
	ru_value_text(&why, av);
	sbuf_adds(&why, " (");
	ru_where(&why, m->v[0]);
	sbuf_printf(&why, ", every log of the cell)%s", ok ? "." :
	    ": they differ.");
	if (ok && strcmp(metric, "vllm.model") == 0 && !ru_equal(ev, av))
		sbuf_adds(&why, " The log names the model by its path; the "
		    "path ends in config.md's name.");
	for (size_t i = 1; i < e->n; i++) {
		if (ru_equal(json_object_get(e->v[i], "value"), ev))
			continue;
		sbuf_adds(&why, " config.md also gives ");
		ru_value_text(&why, json_object_get(e->v[i], "value"));
		sbuf_adds(&why, " (");
		ru_where(&why, e->v[i]);
		sbuf_adds(&why, "): see config.conflict.");
	}
	emit(j, r, c, metric, e->v[0], m->v[0], ok ? V_PASS : V_FAIL,
	    sbuf_str(&why), ACT_VLLM);
	sbuf_free(&why);
}

static void
param_one_sided(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *e, const json_t *m)
{
	struct sbuf why = {0};
	enum jverdict_value v = V_INAPPLICABLE;

	if (e == NULL) {
		sbuf_printf(&why, "config.md does not give %s; the deployment "
		    "runs ", metric);
		ru_value_text(&why, json_object_get(m, "value"));
		sbuf_adds(&why, " (");
		ru_where(&why, m);
		sbuf_adds(&why, "). Nothing to compare against.");
	} else if (strcmp(metric, "vllm.hardware") == 0) {
		sbuf_adds(&why, "config.md says ");
		ru_value_text(&why, json_object_get(e, "value"));
		sbuf_adds(&why, " (");
		ru_where(&why, e);
		sbuf_adds(&why, "); vLLM server logs do not name the GPU "
		    "(gpu_logs do: see 5h).");
	} else {
		sbuf_adds(&why, "config.md says ");
		ru_value_text(&why, json_object_get(e, "value"));
		sbuf_adds(&why, " (");
		ru_where(&why, e);
		sbuf_printf(&why, ") but no server log of the cell states %s: "
		    "vLLM logs only non-default arguments, and the default "
		    "(which may depend on the GPU) cannot be confirmed.",
		    metric);
		v = V_WARN;
	}
	emit(j, r, c, metric, e, m, v, sbuf_str(&why), ACT_UNSTATED);
	sbuf_free(&why);
}

static void
conflicts(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list cf;

	ru_collect(j, c, "expect", "config.conflict", RU_ANY, false, &cf);
	for (size_t i = 0; i < cf.n; i++) {
		json_t *vals = json_object_get(cf.v[i], "values"), *v;
		struct sbuf why = {0};
		size_t k;

		sbuf_adds(&why, "The sim bundle gives ");
		ru_value_text(&why, json_object_get(cf.v[i], "value"));
		sbuf_adds(&why, " more than one value:");
		json_array_foreach(vals, k, v) {
			sbuf_adds(&why, k ? ";" : "");
			sbuf_adds(&why, " ");
			ru_value_text(&why, json_object_get(v, "value"));
			sbuf_adds(&why, " (");
			ru_where(&why, v);
			sbuf_adds(&why, ")");
		}
		sbuf_adds(&why, ". The deployment is compared with the first.");
		emit(j, r, c, "config.conflict", cf.v[i], NULL, V_WARN,
		    sbuf_str(&why), ACT_CONFLICT);
		sbuf_free(&why);
	}
	ru_list_free(&cf);
}

static void
rule_vllm(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list exp, e, m;
	struct strv params = {0};

	if (ru_arm_only(c))
		return;
	if (!server_logs_present(j, c)) {
		no_server_logs(j, r, c, "the vLLM configuration");
		return;
	}
	for (size_t i = 0; core_params[i] != NULL; i++)
		strv_add(&params, core_params[i]);
	ru_collect(j, c, "expect", "vllm.*", RU_CELL, false, &exp);
	for (size_t i = 0; i < exp.n; i++)
		if (strv_find(&params, rec_get_str(exp.v[i], "metric")) < 0)
			strv_add(&params, rec_get_str(exp.v[i], "metric"));
	ru_list_free(&exp);
	for (size_t i = 0; i < params.n; i++) {
		const char *metric = params.v[i];

		ru_collect(j, c, "expect", metric, RU_CELL, false, &e);
		cell_config(j, c, metric, &m);
		if (e.n > 0 && m.n > 1)
			param_disagree(j, r, c, metric, e.v[0], &m);
		else if (e.n > 0 && m.n == 1)
			param_compare(j, r, c, metric, &e, &m);
		else if (e.n > 0 || (m.n > 0 && i < 9))
			param_one_sided(j, r, c, metric, e.n ? e.v[0] : NULL,
			    m.n ? m.v[0] : NULL);
		ru_list_free(&e);
		ru_list_free(&m);
	}
	strv_free(&params);
	conflicts(j, r, c);
}

/* --- 2b ------------------------------------------------------------- */

static void
rule_instances(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *e = judge_expect(j, c, "instances.count", NULL);
	const json_t *s = judge_expect(j, c, "sim.num_instances", NULL);
	const json_t *m = judge_measure(j, c, "instances.count", NULL);
	struct jquery q = { "instances.count", "instances.count", NULL,
	    FROM_CONFIG " (Number of vLLM pods) or --num-instances",
	    FROM_LOGS " (log files holding vLLM lines)" };
	struct sbuf why = {0};
	double ev, sv, av;
	bool ok;

	if (ru_arm_only(c))
		return;
	if (e == NULL)
		e = s;
	if (!server_logs_present(j, c)) {
		no_server_logs(j, r, c, "the instance count");
		return;
	}
	if (e == NULL || m == NULL || !ru_num(e, &ev) || !ru_num(m, &av)) {
		judge_missing(j, r, c, &q, e, m);
		return;
	}
	ok = ev == av;
	sbuf_printf(&why, "Expected %.0f vLLM instances (", ev);
	ru_where(&why, e);
	sbuf_printf(&why, "), found %.0f server logs with vLLM lines (", av);
	ru_where(&why, m);
	sbuf_adds(&why, ").");
	if (s != NULL && s != e && ru_num(s, &sv))
		sbuf_printf(&why, " The simulation ran --num-instances %.0f%s",
		    sv, sv == ev ? "." : ": it differs from config.md's pod "
		    "count.");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "instances.count",
	    .expect = e, .measure = m, .has_diff = true, .diff = av - ev,
	    .diff_unit = "count", .tolerance = "exact",
	    .verdict = ok && (s == NULL || !ru_num(s, &sv) || sv == ev) ?
	    V_PASS : ok ? V_WARN : V_FAIL, .why = sbuf_str(&why),
	    .action = ACT_INSTANCES });
	sbuf_free(&why);
}

/* --- EPP config records of one arm ------------------------------------ */

static bool
is_epp_metric(const char *metric)
{
	for (size_t i = 0; epp_metrics[i] != NULL; i++)
		if (metric != NULL && strcmp(metric, epp_metrics[i]) == 0)
			return true;
	return false;
}

/* The item a config record names: its key, or the class of a tier. */
static const char *
item_of(const json_t *rec)
{
	const char *k = rec_get_str(rec, "key");

	return k != NULL ? k : ru_scope(rec, "class");
}

static const json_t *find_item(const struct ru_list *, const char *,
    const char *);

/* Records of kind from one arm's EPP config: scope phase == phase and no
 * workload (deployed configs are per arm, not per cell).  With
 * global_tiers, priority tiers without a phase count too. */
static void
arm_config(const struct judge *j, const char *kind, const char *phase,
    bool global_tiers, struct ru_list *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		const char *p = ru_scope(rec, "phase");
		const char *metric = rec_get_str(rec, "metric");

		if (strcmp(rec_get_str(rec, "kind"), kind) != 0 ||
		    !is_epp_metric(metric) || ru_scope(rec, "workload") != NULL)
			continue;
		if (p == NULL ? !(global_tiers &&
		    strcmp(metric, "priority.tier") == 0 &&
		    ru_check_is(rec, "2d")) : strcmp(p, phase) != 0)
			continue;
		/* s2r-expect repeats s2r-config's records: keep one. */
		if (find_item(out, metric, item_of(rec)) != NULL)
			continue;
		ru_list_add(out, rec);
	}
}

static const json_t *
find_item(const struct ru_list *l, const char *metric, const char *item)
{
	for (size_t i = 0; i < l->n; i++) {
		const char *it = item_of(l->v[i]);

		if (strcmp(rec_get_str(l->v[i], "metric"), metric) == 0 &&
		    it != NULL && item != NULL && strcmp(it, item) == 0)
			return l->v[i];
	}
	return NULL;
}

static bool
has_metric(const struct ru_list *l, const char *metric)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(rec_get_str(l->v[i], "metric"), metric) == 0)
			return true;
	return false;
}

/* The deployed EPP config file of a phase (source.file of its records). */
static const char *
arm_file(const struct judge *j, const char *phase)
{
	struct ru_list l;
	const char *file = NULL;

	arm_config(j, "measure", phase, false, &l);
	for (size_t i = 0; i < l.n && file == NULL; i++)
		if (strcmp(rec_get_str(l.v[i], "metric"), "epp.plugin") == 0)
			file = rec_get_str(json_object_get(l.v[i], "source"),
			    "file");
	ru_list_free(&l);
	return file;
}

/* --- 2d ------------------------------------------------------------- */

static void
item_text(struct sbuf *b, const json_t *rec)
{
	sbuf_printf(b, "%s %s", rec_get_str(rec, "metric"), item_of(rec));
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
		ru_value_text(&why, json_object_get(e, "value"));
		sbuf_adds(&why, " (");
		ru_where(&why, e);
		sbuf_adds(&why, "), the deployed config ");
		ru_value_text(&why, json_object_get(m, "value"));
		sbuf_adds(&why, " (");
		ru_where(&why, m);
		sbuf_adds(&why, ").");
	} else if (e != NULL) {
		sbuf_adds(&why, " is in config.md (");
		ru_where(&why, e);
		sbuf_adds(&why, ") but not in the deployed config.");
	} else {
		sbuf_adds(&why, " is in the deployed config (");
		ru_where(&why, m);
		sbuf_adds(&why, ") but not in config.md's arm.");
	}
	emit(j, r, c, rec_get_str(e != NULL ? e : m, "metric"), e, m, V_FAIL,
	    sbuf_str(&why), ACT_EPP);
	sbuf_free(&why);
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
	if (has_metric(exp, "priority.tier") &&
	    !has_metric(dep, "priority.tier"))
		sbuf_adds(&why, "; the priority bands are not part of the "
		    "deployed EPP config (InferenceObjectives are checked at "
		    "runtime, 5g)");
	sbuf_adds(&why, ".");
	es = ru_side(json_sprintf("%zu fields", same), NULL, exp->v[0], NULL);
	ms = ru_side(json_sprintf("%zu fields equal", same), NULL, dep->v[0],
	    NULL);
	emit(j, r, c, "epp.config", es, ms, V_PASS, sbuf_str(&why), NULL);
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
}

static void
rule_epp(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list exp, dep;
	size_t bad = 0, same = 0;
	bool tiers_deployed;

	if (ru_arm_only(c))
		return;
	arm_config(j, "expect", c->phase ? c->phase : "", true, &exp);
	arm_config(j, "measure", c->phase ? c->phase : "", false, &dep);
	tiers_deployed = has_metric(&dep, "priority.tier");
	if (dep.n == 0 || !has_metric(&exp, "epp.plugin")) {
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
		m = find_item(&dep, metric, item_of(exp.v[i]));
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
		    find_item(&exp, metric, item_of(dep.v[i])) != NULL)
			continue;
		epp_item(j, r, c, NULL, dep.v[i], &bad);
	}
	if (bad == 0)
		epp_equal(j, r, c, &exp, &dep, same);
out:
	ru_list_free(&exp);
	ru_list_free(&dep);
}

/* --- 2c ------------------------------------------------------------- */

/* The expectation metric and item an EPP diff change maps to. */
static const char *
change_metric(const char *section, const char *path, char *key, size_t len,
    const char *item)
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
		return path != NULL ? "epp.scorer.weight" : "epp.profile.plugin";
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

/* "k=v;…" of an arm's expectations for one item (and what is under it). */
static void
expect_items(const struct ru_list *l, const char *metric, const char *key,
    struct sbuf *out)
{
	struct strv items = {0};

	for (size_t i = 0; i < l->n; i++) {
		struct sbuf one = {0};

		if (strcmp(rec_get_str(l->v[i], "metric"), metric) != 0 ||
		    !key_under(item_of(l->v[i]), key))
			continue;
		sbuf_printf(&one, "%s=", item_of(l->v[i]));
		ru_value_text(&one, json_object_get(l->v[i], "value"));
		strv_add(&items, sbuf_str(&one));
		sbuf_free(&one);
	}
	strv_sort(&items);
	for (size_t i = 0; i < items.n; i++)
		sbuf_printf(out, "%s;", items.v[i]);
	strv_free(&items);
}

/* Whether config.md's arms also differ in what a change touches. */
static bool
explained(const struct ru_list *ea, const struct ru_list *eb,
    const char *section, const json_t *ch)
{
	char key[512];
	const char *metric = change_metric(section, rec_get_str(ch, "path"),
	    key, sizeof(key), rec_get_str(ch, "item"));
	struct sbuf a = {0}, b = {0};
	bool differ;

	if (metric == NULL)
		return false;
	expect_items(ea, metric, key, &a);
	expect_items(eb, metric, key, &b);
	/* Removing a plugin also removes its parameters: the type alone
	 * decides for whole items. */
	differ = strcmp(sbuf_str(&a), sbuf_str(&b)) != 0;
	sbuf_free(&a);
	sbuf_free(&b);
	return differ;
}

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

struct isolation {
	struct sbuf	policy;		/* changes config.md's arms make too */
	struct sbuf	extra;		/* changes they do not */
	size_t		npolicy, nextra;
	const json_t	*first;		/* a differing diff record */
};

/* Walks the diff records between files fa and fb. */
static size_t
walk_diffs(const struct judge *j, const char *fa, const char *fb,
    const struct ru_list *ea, const struct ru_list *eb, bool known,
    struct isolation *iso)
{
	size_t found = 0;

	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *d = j->recs[i], *ch;
		const char *a = rec_get_str(json_object_get(d, "a"), "file");
		const char *b = rec_get_str(json_object_get(d, "b"), "file");
		const char *section = rec_get_str(d, "section");
		size_t k;

		if (strcmp(rec_get_str(d, "kind"), "diff") != 0 || a == NULL ||
		    b == NULL || section == NULL || strcmp(a, fa) != 0 ||
		    strcmp(b, fb) != 0)
			continue;
		found++;
		json_array_foreach(json_object_get(d, "changes"), k, ch) {
			bool pol = known && explained(ea, eb, section, ch);
			struct sbuf *to = pol ? &iso->policy : &iso->extra;

			if (iso->first == NULL)
				iso->first = d;
			sbuf_adds(to, to->len ? "; " : "");
			change_text(to, section, ch);
			if (pol)
				iso->npolicy++;
			else
				iso->nextra++;
		}
	}
	return found;
}

static void
arm_missing(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const char *what)
{
	judge_emit(j, r, c, &(struct jverdict){ .metric = metric,
	    .verdict = V_MISSING, .why = what, .action = "Run s2r-config "
	    "--epp over each arm's generated EPP config and --diff over each "
	    "pair (the parity pipeline does both)." });
}

/* Whether config.md's two arms' EPP expectations differ at all. */
static bool
arms_differ(const struct ru_list *ea, const struct ru_list *eb)
{
	struct sbuf a = {0}, b = {0};
	bool differ;

	for (size_t i = 0; epp_metrics[i] != NULL; i++) {
		expect_items(ea, epp_metrics[i], "", &a);
		expect_items(eb, epp_metrics[i], "", &b);
	}
	differ = strcmp(sbuf_str(&a), sbuf_str(&b)) != 0;
	sbuf_free(&a);
	sbuf_free(&b);
	return differ;
}

/* The verdict on the diffs walked into iso: only the policy under test
 * may differ (known: config.md's arms tell what it is). */
static enum jverdict_value
isolation_judge(struct sbuf *why, const struct isolation *iso, bool known,
    const struct ru_list *ea, const struct ru_list *eb)
{
	if (iso->npolicy + iso->nextra == 0)
		sbuf_adds(why, "no difference in any section. ");
	if (iso->npolicy > 0)
		sbuf_printf(why, "the policy under test (config.md's arms "
		    "differ there too): %s. ", sbuf_str(&iso->policy));
	if (iso->nextra > 0)
		sbuf_printf(why, "%s: %s. ", known ? "Beyond the policy under "
		    "test" : "Differences (config.md has no EPP config per arm "
		    "to tell the policy under test)", sbuf_str(&iso->extra));
	if (!known)
		return iso->nextra > 0 ? V_WARN : V_PASS;
	if (iso->nextra > 0)
		return V_FAIL;
	if (iso->npolicy == 0 && arms_differ(ea, eb)) {
		sbuf_adds(why, "But config.md's arms differ: the policy under "
		    "test is not deployed. ");
		return V_FAIL;
	}
	return V_PASS;
}

static void
isolation_epp(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jcell *o)
{
	const char *fp = arm_file(j, c->phase), *fo = arm_file(j, o->phase);
	struct isolation iso = {0};
	struct ru_list ea, eb;
	struct sbuf why = {0}, exp = {0}, act = {0};
	enum jverdict_value v;
	bool known;
	size_t found;
	json_t *es, *ms;

	if (fp == NULL || fo == NULL) {
		sbuf_printf(&why, "No deployed EPP config for phase %s, so "
		    "the arms %s and %s cannot be diffed.", fp == NULL ?
		    c->phase : o->phase, o->phase, c->phase);
		arm_missing(j, r, c, "arms.epp", sbuf_str(&why));
		sbuf_free(&why);
		return;
	}
	/* Diffs run base → other in phase order: o before c, or c before o. */
	arm_config(j, "expect", o->phase, false, &ea);
	arm_config(j, "expect", c->phase, false, &eb);
	known = has_metric(&ea, "epp.plugin") && has_metric(&eb, "epp.plugin");
	found = walk_diffs(j, fo, fp, &ea, &eb, known, &iso);
	if (found == 0)
		found = walk_diffs(j, fp, fo, &eb, &ea, known, &iso);
	if (found == 0) {
		sbuf_printf(&why, "No s2r-config --diff records between %s and "
		    "%s.", fo, fp);
		arm_missing(j, r, c, "arms.epp", sbuf_str(&why));
		goto out;
	}
	sbuf_printf(&why, "EPP config of %s (%s) against %s (%s): ",
	    c->phase, fp, o->phase, fo);
	v = isolation_judge(&why, &iso, known, &ea, &eb);
	sbuf_adds(&exp, known ? "only the policy under test" :
	    "(config.md gives no arms)");
	if (iso.npolicy + iso.nextra == 0)
		sbuf_adds(&act, "identical");
	else
		sbuf_printf(&act, "%s%s%s", sbuf_str(&iso.policy),
		    iso.npolicy && iso.nextra ? "; " : "", sbuf_str(&iso.extra));
	es = ru_side(json_string(sbuf_str(&exp)), NULL, known ? eb.v[0] : NULL,
	    "the arms' EPP configs in config.md");
	ms = ru_side(json_string(sbuf_str(&act)), NULL, iso.first, NULL);
	if (iso.first == NULL)
		json_object_set_new(json_object_get(ms, "source"), "file",
		    json_string(fp));
	judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.epp",
	    .expect = es, .measure = ms, .tolerance = "policy only",
	    .verdict = v, .why = sbuf_str(&why), .action = v == V_FAIL ?
	    ACT_ISOLATION : v == V_WARN ? ACT_UNKNOWN_POLICY : NULL });
	json_decref(es);
	json_decref(ms);
out:
	sbuf_free(&why);
	sbuf_free(&exp);
	sbuf_free(&act);
	sbuf_free(&iso.policy);
	sbuf_free(&iso.extra);
	ru_list_free(&ea);
	ru_list_free(&eb);
}

/* Metrics one cell states with several values vary per pod (a KV events
 * topic naming the pod's IP): identity, not configuration. */
static bool
per_pod(const struct ru_list *l, const char *metric)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		if (strcmp(rec_get_str(l->v[i], "metric"), metric) == 0)
			n++;
	return n > 1;
}

static const json_t *
by_metric(const struct ru_list *l, const char *metric)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(rec_get_str(l->v[i], "metric"), metric) == 0)
			return l->v[i];
	return NULL;
}

static void
isolation_vllm(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jcell *o)
{
	struct ru_list a, b;
	struct sbuf why = {0}, d = {0};
	size_t same = 0, ndiff = 0;
	json_t *es, *ms;

	cell_config(j, o, "vllm.*", &a);
	cell_config(j, c, "vllm.*", &b);
	if (a.n == 0 || b.n == 0) {
		sbuf_printf(&why, "No vLLM configuration from the server logs "
		    "of %s/%s, so the arms cannot be compared.", a.n == 0 ?
		    o->phase : c->phase, c->workload ? c->workload : "");
		arm_missing(j, r, c, "arms.vllm", sbuf_str(&why));
		goto out;
	}
	for (size_t i = 0; i < b.n; i++) {
		const char *metric = rec_get_str(b.v[i], "metric");
		const json_t *other = by_metric(&a, metric);

		if (per_pod(&b, metric) || (other != NULL && per_pod(&a,
		    metric)) || (i > 0 && by_metric(&b, metric) != b.v[i]))
			continue;
		if (other != NULL && ru_equal(json_object_get(other, "value"),
		    json_object_get(b.v[i], "value"))) {
			same++;
			continue;
		}
		ndiff++;
		sbuf_printf(&d, "%s%s ", d.len ? "; " : "", metric);
		if (other != NULL)
			ru_value_text(&d, json_object_get(other, "value"));
		else
			sbuf_adds(&d, "(not stated)");
		sbuf_adds(&d, " \u2192 ");
		ru_value_text(&d, json_object_get(b.v[i], "value"));
		sbuf_adds(&d, " (");
		ru_where(&d, b.v[i]);
		sbuf_adds(&d, ")");
	}
	for (size_t i = 0; i < a.n; i++) {
		const char *metric = rec_get_str(a.v[i], "metric");

		if (by_metric(&b, metric) != NULL || per_pod(&a, metric) ||
		    by_metric(&a, metric) != a.v[i])
			continue;
		ndiff++;
		sbuf_printf(&d, "%s%s ", d.len ? "; " : "", metric);
		ru_value_text(&d, json_object_get(a.v[i], "value"));
		sbuf_adds(&d, " \u2192 (not stated)");
	}
	sbuf_printf(&why, "vLLM configuration of %s against %s (same "
	    "workload): %zu parameters equal", c->phase, o->phase, same);
	if (ndiff > 0)
		sbuf_printf(&why, ", %zu differ: %s", ndiff, sbuf_str(&d));
	sbuf_adds(&why, ". Values that differ per pod (addresses) are not "
	    "compared.");
	es = ru_side(json_sprintf("as %s", o->phase), NULL, a.v[0],
	    "the other arm's server logs");
	ms = ru_side(ndiff ? json_string(sbuf_str(&d)) :
	    json_sprintf("%zu parameters equal", same), NULL, b.v[0], NULL);
	judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.vllm",
	    .expect = es, .measure = ms, .tolerance = "exact",
	    .verdict = ndiff ? V_FAIL : V_PASS, .why = sbuf_str(&why),
	    .action = ndiff ? ACT_ISOLATION : NULL });
	json_decref(es);
	json_decref(ms);
out:
	sbuf_free(&why);
	sbuf_free(&d);
	ru_list_free(&a);
	ru_list_free(&b);
}

static void
isolation_instances(struct judge *j, const struct rule *r,
    const struct jcell *c, const struct jcell *o)
{
	const json_t *a = judge_measure(j, o, "instances.count", NULL);
	const json_t *b = judge_measure(j, c, "instances.count", NULL);
	struct sbuf why = {0};
	double na, nb;
	json_t *es;

	if (!ru_num(a, &na) || !ru_num(b, &nb)) {
		sbuf_printf(&why, "No instance count (server logs) for %s.",
		    a == NULL ? o->phase : c->phase);
		arm_missing(j, r, c, "arms.instances", sbuf_str(&why));
		sbuf_free(&why);
		return;
	}
	sbuf_printf(&why, "%s ran %.0f instances (", c->phase, nb);
	ru_where(&why, b);
	sbuf_printf(&why, "), %s %.0f (", o->phase, na);
	ru_where(&why, a);
	sbuf_adds(&why, ").");
	es = ru_side(rec_num(na), "count", a, NULL);
	judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.instances",
	    .expect = es, .measure = b, .has_diff = true, .diff = nb - na,
	    .diff_unit = "count", .tolerance = "exact",
	    .verdict = na == nb ? V_PASS : V_FAIL, .why = sbuf_str(&why),
	    .action = na == nb ? NULL : ACT_ISOLATION });
	json_decref(es);
	sbuf_free(&why);
}

static void
rule_isolation(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const struct jcell *arms[MAX_ARMS];
	size_t n = ru_other_arms(j, c, arms, MAX_ARMS), k = 0;

	if (ru_arm_only(c))
		return;
	/* Arms are named by phase: a cell without one (s2r-trace-stats
	 * without --phase) has no deployed config to compare. */
	for (size_t i = 0; i < n; i++)
		if (c->phase != NULL && arms[i]->phase != NULL)
			arms[k++] = arms[i];
	if (k == 0) {
		judge_emit(j, r, c, &(struct jverdict){ .metric = "arms.epp",
		    .verdict = V_INAPPLICABLE, .why = n > 0 ? "A cell of this "
		    "workload has no phase (records made without --phase): "
		    "variant isolation compares arms named by phase." :
		    "No other arm ran this workload: variant isolation "
		    "compares the arms of one workload." });
		return;
	}
	n = k;
	for (size_t i = 0; i < n; i++) {
		isolation_epp(j, r, c, arms[i]);
		isolation_vllm(j, r, c, arms[i]);
		isolation_instances(j, r, c, arms[i]);
	}
}

const struct rule rules_config[] = {
	{ "2a", "vLLM server config", true, rule_vllm },
	{ "2b", "Instance count", true, rule_instances },
	{ "2c", "Variant isolation", true, rule_isolation },
	{ "2d", "EPP config and priority bands", true, rule_epp },
	{ NULL, NULL, false, NULL }
};
