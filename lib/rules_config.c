/* rules_config.c - checks 2a, 2b and 2d: does the real deployment run
 * the configuration the sim bundle describes?  (2c, whether its arms
 * differ only in the policy under test, is rules_isolation.c; 2d's
 * comparison is rules_epp.c.)
 *
 * Expectations come from s2r-config over the sim bundle (config.md
 * tables, quoted logs, fenced EPP YAML); measurements from s2r-log-extract
 * (vLLM server logs: vllm.* with check 2a per cell, instances.count) and
 * from s2r-config --epp over the deployed EPP configs (epp.*, scope phase);
 * and the GPU names of the cell's gpu_logs (gpu.name, for vllm.hardware).
 * Metric names are those of schemas/metrics-config.json and
 * metrics-runtime.json; the verdict-only ones are in metrics-verdicts.json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_epp.h"
#include "str.h"

#define FROM_CONFIG "s2r-config, from the sim bundle's config.md"
#define FROM_LOGS "s2r-log-extract, from the cell's server_logs/*.log"

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
static const char ACT_SPLIT[] = "Deploy the arm with the prefill and decode "
    "replicas of the scenario the simulation modelled (no prefill section "
    "for aggregated instances), or simulate the disaggregated deployment "
    "that ran.";
static const char ACT_OTHER_RUN[] = "server_logs/ holds logs of another "
    "run beside this run's: remove them (or collect the cell into a clean "
    "folder) so that every log of the cell is of the run its trace "
    "recorded.";
static const char ACT_MERGED[] = "server_logs/ holds several pods' logs "
    "in one file: collect each pod's log into its own file (kubectl logs "
    "POD, not -l LABEL) so that the instance count and the per-pod checks "
    "rest on one log per pod.";
static const char ACT_QUIET[] = "Deploy every pod with the same logging "
    "(VLLM_LOGGING_LEVEL=INFO, uvicorn at info) and rerun the cell, so "
    "that each pod's log shows whether it served.";
static const char ACT_COPIES[] = "server_logs/ holds the same log twice: "
    "remove the copy (and fix the collection step that saved it) so that "
    "each pod has one log.";

/* The parameters 2a always states (docs/checks.md §1), then whatever else
 * config.md gives. */
static const char *const core_params[] = {
	"vllm.model", "vllm.hardware", "vllm.tensor_parallel_size",
	"vllm.max_model_len", "vllm.gpu_memory_utilization",
	"vllm.enable_prefix_caching", "vllm.max_num_seqs",
	"vllm.max_num_batched_tokens", "vllm.enable_chunked_prefill", NULL
};

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

/* ": instances a, b" of c whose non-default args leave metric out (they
 * run vLLM's default), for a why. */
static void
default_pods(struct sbuf *why, const struct judge *j, const struct jcell *c,
    const char *metric)
{
	struct strv pods;
	size_t n = 0;

	ru_instances(j, c, "vllm.*", &pods);
	for (size_t i = 0; i < pods.n; i++) {
		struct sbuf v = {0};

		ru_inst_value(&v, j, c, metric, pods.v[i], &pods);
		if (strcmp(sbuf_str(&v), RU_VLLM_DEFAULT) == 0)
			sbuf_printf(why, "%s%s", n++ ? ", " : " (instance ",
			    pods.v[i]);
		sbuf_free(&v);
	}
	if (n > 0)
		sbuf_adds(why, ")");
	strv_free(&pods);
}

/* Several cell-level records of one parameter, or one and ndefault logs
 * that leave it out of their non-default args: the logs disagree. */
static void
param_disagree(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *e, const struct ru_list *m,
    size_t ndefault, bool maybe_equal)
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
	/* One value set against the default: vLLM lists an argument that
	 * differs from its parser's default, but a default resolved later
	 * (None in the parser: block_size, max_num_seqs) may equal the
	 * value set, so the pods may run one setting after all. */
	if (ndefault > 0) {
		sbuf_printf(&why, "; not stated in %zu log%s whose non-default "
		    "args leave it out, so vLLM's default%s", ndefault,
		    ndefault == 1 ? "" : "s", maybe_equal ? ", which may or may "
		    "not equal the value set (a default vLLM resolves at "
		    "startup)" : "");
		default_pods(&why, j, c, metric);
	}
	sbuf_adds(&why, ".");
	if (e != NULL) {
		sbuf_adds(&why, " The sim bundle says ");
		ru_value_at(&why, e);
		sbuf_adds(&why, ".");
	} else
		sbuf_adds(&why, " The sim bundle does not give this parameter, "
		    "but whichever value was meant, the instances do not run "
		    "one configuration as the simulated ones do.");
	sbuf_adds(&why, " Per-log values are under 5a.");
	ru_emit_exact(j, r, c, metric, e, m->v[0], maybe_equal ? V_WARN : V_FAIL,
	    sbuf_str(&why), ACT_DISAGREE);
	sbuf_free(&why);
}

/* Which logs state the cell's one value: all the cell's vLLM logs, or
 * some (a log without its startup lines states none; 5a says which). */
static void
logs_stating(struct sbuf *why, const struct judge *j, const struct jcell *c,
    const json_t *m)
{
	double n, logs;

	if (rec_get_num(m, "n", &n) && ru_num(judge_measure(j, c,
	    "instances.count", NULL), &logs) && n < logs) {
		sbuf_printf(why, ", %.0f of the cell's %.0f vLLM logs; the "
		    "others state no value: see 5a)", n, logs);
		return;
	}
	sbuf_adds(why, ", every log of the cell)");
}

static void
param_compare(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const struct ru_list *e, const struct ru_list *m)
{
	const json_t *ev = json_object_get(e->v[0], "value");
	const json_t *av = json_object_get(m->v[0], "value");
	struct sbuf why = {0};
	bool ok = ru_param_equal(metric, ev, av);

	sbuf_adds(&why, "The sim bundle says ");
	ru_value_at(&why, e->v[0]);
	sbuf_adds(&why, ", the server logs say ");
	ru_value_text(&why, av);
	sbuf_adds(&why, " (");
	ru_where(&why, m->v[0]);
	logs_stating(&why, j, c, m->v[0]);
	sbuf_adds(&why, ok ? "." : ": they differ.");
	if (ok && strcmp(metric, "vllm.model") == 0 && !ru_equal(ev, av))
		sbuf_adds(&why, " The log names the model by its path; the "
		    "path ends in the sim bundle's name.");
	for (size_t i = 1; i < e->n; i++) {
		if (ru_equal(json_object_get(e->v[i], "value"), ev))
			continue;
		sbuf_adds(&why, " The sim bundle also gives ");
		ru_value_at(&why, e->v[i]);
		sbuf_adds(&why, ": see config.conflict.");
	}
	ru_emit_exact(j, r, c, metric, e->v[0], m->v[0], ok ? V_PASS : V_FAIL,
	    sbuf_str(&why), ACT_VLLM);
	sbuf_free(&why);
}

/* One value stated for a parameter config.md gives: compared, unless
 * it equals config.md's and some logs leave the parameter out of their
 * non-default args (a pod started from a chart's default args): those
 * run vLLM's default, which for block_size or max_num_seqs is resolved
 * at startup from the GPU and may or may not equal the value set, so
 * the pods may not run one configuration: WARN, naming them. */
static void
param_stated(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const struct ru_list *e, const struct ru_list *m)
{
	struct strv pods;
	size_t ndefault = 0;

	ru_instances(j, c, "vllm.*", &pods);
	if (ru_param_equal(metric, json_object_get(e->v[0], "value"),
	    json_object_get(m->v[0], "value")) &&
	    ru_inst_distinct(j, c, metric, &pods, &ndefault) > 1 &&
	    ndefault > 0)
		param_disagree(j, r, c, metric, e->v[0], m, ndefault, true);
	else
		param_compare(j, r, c, metric, e, m);
	strv_free(&pods);
}

/* The vLLM configuration the cell's PipelineRun deployed (its
 * scenarioContent) against the sim's for the arm (s2r-expect --run:
 * config.deployed): judged with or without server logs, which a run need
 * not keep; a config sweep whose arm got another arm's flags measured
 * one setting twice. */
/* The parameters the sim's scenario for the arm gives and the deployed
 * one leaves out (config.deployed unset), for the why. */
static void
unset_text(struct sbuf *why, const json_t *unset)
{
	const json_t *d;
	size_t i;

	sbuf_printf(why, " The deployed scenario does not set %zu "
	    "parameter%s the sim's scenario for the arm gives:",
	    json_array_size(unset), json_array_size(unset) == 1 ? "" : "s");
	json_array_foreach(unset, i, d) {
		sbuf_printf(why, "%s %s ", i ? ";" : "", rec_get_str(d,
		    "metric"));
		ru_value_text(why, json_object_get(json_object_get(d, "sim"),
		    "value"));
		sbuf_adds(why, " in the sim's (");
		ru_where(why, json_object_get(d, "sim"));
		sbuf_adds(why, ")");
	}
	sbuf_adds(why, ": the arm ran the chart's or vLLM's default there, "
	    "which the run's files do not state and which may not be the "
	    "value simulated.");
}

static void
deployed(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *e = judge_expect(j, c, "config.deployed", NULL);
	const json_t *vals = json_object_get(e, "values"), *d;
	const json_t *unset = json_object_get(e, "unset");
	struct sbuf why = {0};
	double ndiff, ncmp = 0, alike = 0;
	enum jverdict_value v;
	size_t i;

	if (e == NULL || !ru_num(e, &ndiff))
		return;
	rec_get_num(e, "n", &ncmp);
	/* Written otherwise but the same, as 2a compares them (a model path
	 * ending in the sim's name): not a difference. */
	json_array_foreach(vals, i, d)
		alike += ru_param_equal(rec_get_str(d, "metric"),
		    json_object_get(json_object_get(d, "sim"), "value"),
		    json_object_get(json_object_get(d, "run"), "value"));
	ndiff -= alike;
	sbuf_adds(&why, "The PipelineRun deployed a scenario (");
	ru_where(&why, e);
	if (ndiff == 0)
		sbuf_printf(&why, ") whose %.0f vLLM parameters the sim bundle "
		    "also gives agree with it%s.", ncmp, alike > 0 ? " (some "
		    "written otherwise: a model path ending in the sim's name)" :
		    "");
	else {
		sbuf_printf(&why, ") that differs from the sim bundle's in "
		    "%.0f of the %.0f vLLM parameters both give:", ndiff,
		    ncmp);
		ru_differences(&why, vals, (size_t)(ndiff + alike),
		    "deployed");
		sbuf_adds(&why, "The arm ran another configuration than the "
		    "one simulated.");
	}
	/* A parameter the deployment leaves unset runs a default that may
	 * or may not be the simulated value: WARN, not FAIL. */
	if (json_array_size(unset) > 0)
		unset_text(&why, unset);
	v = ndiff > 0 ? V_FAIL : json_array_size(unset) > 0 ? V_WARN : V_PASS;
	judge_emit(j, r, c, &(struct jverdict){ .metric = "config.deployed",
	    .expect = e, .tolerance = "exact", .verdict = v,
	    .why = sbuf_str(&why), .action = v == V_PASS ? NULL :
	    "Redeploy the arm with the scenario the simulation modelled (the "
	    "transfer's baseline scenario, every parameter set) and rerun it, "
	    "or simulate the configuration that ran." });
	sbuf_free(&why);
}

/* The expectations for the cell's phase (a baseline's scenario) before
 * those for every phase (config.md), each in its order: the first is
 * the one judged, the others are named when they differ. */
static void
phase_first(struct ru_list *l)
{
	const json_t **v;
	size_t k = 0;

	if (l->n < 2)
		return;
	v = xcalloc(l->n, sizeof(*v));
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < l->n; i++)
			if ((rec_scope_str(l->v[i], "phase") != NULL) == !pass)
				v[k++] = l->v[i];
	memcpy(l->v, v, l->n * sizeof(*v));
	free(v);
}

static void
param_one_sided(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *e, const json_t *m)
{
	struct sbuf why = {0};
	enum jverdict_value v = V_INAPPLICABLE;

	if (e == NULL) {
		sbuf_printf(&why, "The sim bundle (config.md, the baselines' "
		    "scenarios) does not give %s; the deployment "
		    "runs ", metric);
		ru_value_at(&why, m);
		sbuf_adds(&why, ". Nothing to compare against.");
	} else {
		sbuf_adds(&why, "The sim bundle says ");
		ru_value_at(&why, e);
		sbuf_printf(&why, " but no server log of the cell states %s: "
		    "vLLM logs only non-default arguments, and the default "
		    "(which may depend on the GPU) cannot be confirmed.",
		    metric);
		v = V_WARN;
	}
	ru_emit_exact(j, r, c, metric, e, m, v, sbuf_str(&why), ACT_UNSTATED);
	sbuf_free(&why);
}

/* The distinct GPU names of c's gpu_logs (gpu.name per node and device),
 * one record each, and how many GPUs and nodes they cover. */
static void
gpu_names(const struct judge *j, const struct jcell *c, struct ru_list *out,
    size_t *ngpus, size_t *nnodes)
{
	struct ru_list all;
	struct strv nodes = {0};

	ru_collect(j, c, "measure", "gpu.name", RU_INSTANCE, false, &all);
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < all.n; i++) {
		const json_t *v = json_object_get(all.v[i], "value");
		bool seen = false;

		if (strv_find(&nodes, rec_scope_str(all.v[i], "instance")) < 0)
			strv_add(&nodes, rec_scope_str(all.v[i], "instance"));
		for (size_t k = 0; k < out->n && !seen; k++)
			seen = ru_equal(json_object_get(out->v[k], "value"), v);
		if (!seen && json_is_string(v))
			ru_list_add(out, all.v[i]);
	}
	*ngpus = all.n;
	*nnodes = nodes.n;
	strv_free(&nodes);
	ru_list_free(&all);
}

/* "model H100, 80 GB, SXM" of a GPU name, for the why. */
static void
gpu_text(struct sbuf *b, const char *name)
{
	struct ru_gpu g;

	if (!ru_gpu_parse(name, &g)) {
		sbuf_adds(b, "no GPU model s2r recognises");
		return;
	}
	sbuf_printf(b, "model %s", g.model);
	if (g.mem_gb > 0)
		sbuf_printf(b, ", %d GB", g.mem_gb);
	if (g.form[0] != '\0')
		sbuf_printf(b, ", %s", g.form);
}

/* One GPU name of the logs against config.md's (expected): into *bad when
 * they name different parts, into *odd when one names no model s2r
 * recognises and the two are not written alike. */
static void
gpu_classify(const char *expected, const json_t *rec, const json_t **bad,
    const json_t **odd)
{
	const char *name = rec_get_str(rec, "value");
	struct ru_gpu ge, gn;

	if (!ru_gpu_parse(expected, &ge) || !ru_gpu_parse(name, &gn)) {
		if (*odd == NULL && strcmp(expected, name) != 0)
			*odd = rec;
		return;
	}
	if (*bad == NULL && !ru_gpu_match(expected, name))
		*bad = rec;
}

/* Without gpu_logs, the FlashAttention version every pod of c chose
 * against config.md's GPU (e): vLLM runs FA3 on Hopper (H100, H200,
 * H800, H20) and only there, so FA2 under a Hopper GPU, or FA3 under
 * another, says the pods likely ran on another GPU generation (or the
 * version was forced: VLLM_FLASH_ATTN_VERSION): WARN.  False (no
 * verdict) when the pods disagree, say nothing, or agree with e. */
static bool
gpu_from_fa(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *e)
{
	struct ru_list m;
	struct ru_gpu g;
	struct sbuf why = {0};
	double fa = 0;
	bool hopper, odd;

	ru_cell_config(j, c, "vllm.flash_attn_version", &m);
	odd = m.n == 1 && ru_num(m.v[0], &fa) && e != NULL &&
	    ru_gpu_parse(rec_get_str(e, "value"), &g);
	hopper = odd && g.model[0] == 'H' && g.model[1] >= '0' &&
	    g.model[1] <= '9';
	odd = odd && (fa == 3) != hopper && (fa == 2 || fa == 3);
	if (odd) {
		sbuf_adds(&why, "config.md says ");
		ru_value_text(&why, json_object_get(e, "value"));
		sbuf_adds(&why, " (");
		ru_where(&why, e);
		sbuf_printf(&why, ": %s, %s Hopper); the cell has no gpu_logs, "
		    "but its vLLM logs say FlashAttention version %.0f (", g.model,
		    hopper ? "a" : "not a", fa);
		ru_where(&why, m.v[0]);
		logs_stating(&why, j, c, m.v[0]);
		sbuf_printf(&why, ", which vLLM runs %s Hopper GPUs: the pods "
		    "likely ran on another GPU generation than config.md's (or "
		    "the version was forced with VLLM_FLASH_ATTN_VERSION).",
		    fa == 3 ? "only on" : "on other GPUs than");
		ru_emit(j, r, c, "vllm.hardware", NULL, e, m.v[0],
		    "same model, memory, form factor", V_WARN, sbuf_str(&why),
		    "Check the nodes' GPU (kubectl get node -L "
		    "nvidia.com/gpu.product, or collect gpu_logs) and run the "
		    "cell on the GPU config.md names.");
	}
	sbuf_free(&why);
	ru_list_free(&m);
	return odd;
}

/* config.md's GPU against the GPUs nvidia-smi lists in the cell's
 * gpu_logs: vLLM's own log lines do not name the GPU. */
static void
gpu_hardware(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *e)
{
	struct ru_list names;
	struct sbuf why = {0};
	const json_t *bad = NULL, *odd = NULL;
	size_t ngpus, nnodes;
	enum jverdict_value v;

	gpu_names(j, c, &names, &ngpus, &nnodes);
	if (e == NULL && names.n == 0)
		goto out;
	if (e != NULL) {
		sbuf_adds(&why, "config.md says ");
		ru_value_text(&why, json_object_get(e, "value"));
		sbuf_adds(&why, " (");
		ru_where(&why, e);
		sbuf_adds(&why, ": ");
		gpu_text(&why, rec_get_str(e, "value"));
		sbuf_adds(&why, "); ");
	} else
		sbuf_adds(&why, "config.md does not name the GPU; ");
	if (names.n == 0 && gpu_from_fa(j, r, c, e))
		goto out;
	if (names.n == 0) {
		sbuf_adds(&why, "the vLLM server logs do not name the GPU and "
		    "the cell has no gpu_logs/*.log (nvidia-smi tables) that "
		    "would: the GPU type cannot be checked.");
		ru_emit(j, r, c, "vllm.hardware", NULL, e, NULL, NULL,
		    V_INAPPLICABLE, sbuf_str(&why), NULL);
		goto out;
	}
	sbuf_printf(&why, "the cell's gpu_logs list %zu GPU%s on %zu node%s "
	    "(nvidia-smi Name):", ngpus, ngpus == 1 ? "" : "s", nnodes,
	    nnodes == 1 ? "" : "s");
	for (size_t i = 0; i < names.n; i++) {
		const char *name = rec_get_str(names.v[i], "value");

		sbuf_printf(&why, "%s %s (", i ? ";" : "", name);
		ru_where(&why, names.v[i]);
		sbuf_adds(&why, ": ");
		gpu_text(&why, name);
		sbuf_adds(&why, ")");
		if (e != NULL)
			gpu_classify(rec_get_str(e, "value"), names.v[i],
			    &bad, &odd);
	}
	if (e == NULL) {
		sbuf_adds(&why, ". Nothing to compare against.");
		v = V_INAPPLICABLE;
	} else if (bad != NULL) {
		sbuf_adds(&why, ". Not the GPU config.md names: the model, "
		    "memory or form factor differs.");
		v = V_FAIL;
	} else if (odd != NULL) {
		sbuf_adds(&why, ". A name without a GPU model s2r recognises "
		    "is compared only as written, and these differ: compare "
		    "them by hand.");
		bad = odd;
		v = V_WARN;
	} else {
		sbuf_adds(&why, ". Same model, and the same memory and form "
		    "factor where both names state them.");
		v = V_PASS;
	}
	ru_emit(j, r, c, "vllm.hardware", NULL, e, bad != NULL ? bad :
	    names.v[0], "same model, memory, form factor", v, sbuf_str(&why),
	    v == V_WARN ? "Check by hand that the nodes' GPU is the one "
	    "config.md names, and write it in config.md as nvidia-smi names "
	    "it (e.g. H100-SXM-80GB)." : "Run the cell on the GPU config.md "
	    "names (or correct config.md and rerun the simulation for this "
	    "GPU): latency and KV capacity depend on it.");
out:
	ru_list_free(&names);
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
			ru_value_at(&why, v);
		}
		sbuf_adds(&why, ". The deployment is compared with the first.");
		ru_emit_exact(j, r, c, "config.conflict", cf.v[i], NULL, V_WARN,
		    sbuf_str(&why), ACT_CONFLICT);
		sbuf_free(&why);
	}
	ru_list_free(&cf);
}

/* The model the trace's header says the load generator sent its
 * requests to (server.model) against config.md's, else the server logs':
 * the one evidence of the served model when a bundle was collected
 * without server logs.  No header model, or nothing to hold it to: no
 * verdict. */
static void
trace_model(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *m = judge_measure(j, c, "trace.server_model", NULL);
	const json_t *e = judge_expect(j, c, "vllm.model", NULL);
	const char *from = "config.md names";
	struct sbuf why = {0};
	bool ok;

	if (e == NULL) {
		e = judge_measure(j, c, "vllm.model", NULL);
		from = "the server logs name";
	}
	if (m == NULL || e == NULL)
		return;
	ok = ru_param_equal("vllm.model", json_object_get(e, "value"),
	    json_object_get(m, "value"));
	sbuf_printf(&why, "%s ", from);
	ru_value_at(&why, e);
	sbuf_adds(&why, "; the trace's header says the load generator sent "
	    "its requests to ");
	ru_value_at(&why, m);
	sbuf_adds(&why, ok ? "." : ": the trace measured another model's "
	    "deployment than the one the simulation models.");
	ru_emit_exact(j, r, c, "trace.server_model", e, m, ok ? V_PASS : V_FAIL,
	    sbuf_str(&why), "The load generator was pointed at another model "
	    "(blis observe --model): rerun the cell against the model the "
	    "simulation models, or check that the bundle's trace and logs "
	    "belong together.");
	sbuf_free(&why);
}

/* The vLLM parameters the sim bundle does not give (not in params) on
 * which the cell's server logs disagree once per-pod identity (a pod's
 * name or address) is masked: whatever config.md meant, the instances
 * did not run one configuration (a pod of an old rollout, one patched by
 * hand), which the simulation's identical instances cannot model. */
static void
split_params(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct strv *params)
{
	struct ru_list all, m;
	struct strv pods, seen = {0};
	size_t ndefault, d;

	ru_cell_config(j, c, "vllm.*", &all);
	ru_instances(j, c, "vllm.*", &pods);
	for (size_t i = 0; i < all.n; i++) {
		const char *metric = rec_get_str(all.v[i], "metric");

		if (strv_find(params, metric) >= 0 ||
		    strv_find(&seen, metric) >= 0)
			continue;
		strv_add(&seen, metric);
		ru_cell_config(j, c, metric, &m);
		d = ru_inst_distinct(j, c, metric, &pods, &ndefault);
		if (d > 1)
			param_disagree(j, r, c, metric, NULL, &m, ndefault,
			    ndefault > 0 && d == 2);
		ru_list_free(&m);
	}
	strv_free(&seen);
	strv_free(&pods);
	ru_list_free(&all);
}

/* Engine settings a simulation takes at vLLM's default unless the sim
 * bundle says otherwise: each changes the step times or the KV capacity
 * the simulation's coefficients were fit on (CUDA graphs, weight and
 * cache precision, draft tokens, engines per pod).  The engine config
 * line states every one, set or not, so a value here is explicit, never
 * a guessed default; the text is the default as ru_value_text writes it. */
static const struct {
	const char	*metric;
	const char	*def;
	const char	*say;		/* the default in words */
} sim_defaults[] = {
	{"vllm.enforce_eager", "false", "false (CUDA graphs)"},
	{"vllm.kv_cache_dtype", "auto", "auto (the model's dtype)"},
	{"vllm.quantization", "null", "none"},
	{"vllm.speculative_config", "null", "none"},
	/* a pod of DP ranks is several engines (schedulers, KV caches)
	 * behind one endpoint; PP splits one model over GPUs */
	{"vllm.data_parallel_size", "1", "1 (one engine per pod)"},
	{"vllm.pipeline_parallel_size", "1", "1 (the model on one stage)"},
	{NULL, NULL, NULL}
};

/* The sim_defaults the sim bundle does not give (not in params) that
 * every pod of the cell runs at another value (pods that disagree are
 * split_params's): WARN, as the simulation most likely modelled vLLM's
 * default, but the bundle does not say so. */
static void
default_params(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct strv *params)
{
	for (size_t k = 0; sim_defaults[k].metric != NULL; k++) {
		const char *metric = sim_defaults[k].metric;
		struct sbuf val = {0}, why = {0};
		struct ru_list m;

		ru_cell_config(j, c, metric, &m);
		if (strv_find(params, metric) < 0 && m.n == 1)
			ru_value_text(&val, json_object_get(m.v[0], "value"));
		if (val.len > 0 && strcmp(sbuf_str(&val), sim_defaults[k].def)
		    != 0) {
			sbuf_printf(&why, "The sim bundle does not give %s; the "
			    "cell's pods all run %s (", metric, sbuf_str(&val));
			ru_where(&why, m.v[0]);
			logs_stating(&why, j, c, m.v[0]);
			sbuf_printf(&why, ", not vLLM's default %s. A simulation "
			    "that does not say otherwise models the default, "
			    "whose step times or KV capacity differ: confirm the "
			    "simulation modelled this setting.",
			    sim_defaults[k].say);
			ru_emit_exact(j, r, c, metric, NULL, m.v[0], V_WARN,
			    sbuf_str(&why), "State the setting in config.md "
			    "(and simulate it), or deploy vLLM's default.");
		}
		sbuf_free(&val);
		sbuf_free(&why);
		ru_list_free(&m);
	}
}

/* The pods whose logs do not state vllm.block_size but whose block
 * size the router reports (epp.pod.cache_block_size: the EPP's scrape of
 * vLLM's cache_config_info, what the pod ran) at another value than the
 * sim bundle's e: FAIL naming them, as vLLM's non-default args leave a
 * default block size out and nothing else in its log states it.  False
 * (no verdict) when no such pod differs: the usual verdicts stand. */
static bool
block_size_epp(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *e)
{
	const json_t *ev = json_object_get(e, "value"), *first = NULL;
	struct sbuf why = {0};
	struct strv pods;
	size_t n = 0;

	ru_instances(j, c, "vllm.*", &pods);
	for (size_t i = 0; i < pods.n; i++) {
		const json_t *b = ru_inst_measure(j, c,
		    "epp.pod.cache_block_size", pods.v[i]);

		if (b == NULL || ru_inst_measure(j, c, "vllm.block_size",
		    pods.v[i]) != NULL || ru_equal(json_object_get(b, "value"),
		    ev))
			continue;
		if (n++ == 0) {
			first = b;
			sbuf_adds(&why, "The sim bundle says ");
			ru_value_at(&why, e);
			sbuf_adds(&why, "; the logs of these pods leave "
			    "vllm.block_size out of their non-default args (vLLM's "
			    "default), and the router's metrics of each (EPP, "
			    "vLLM's cache_config_info) say:");
		}
		sbuf_printf(&why, "%s %s ", n > 1 ? ";" : "", pods.v[i]);
		ru_value_at(&why, b);
	}
	if (n > 0) {
		sbuf_adds(&why, ". They ran vLLM's default block size, not the "
		    "sim bundle's.");
		ru_emit_exact(j, r, c, "vllm.block_size", e, first, V_FAIL,
		    sbuf_str(&why), ACT_VLLM);
	}
	strv_free(&pods);
	sbuf_free(&why);
	return n > 0;
}

static void
rule_vllm(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list exp, e, m;
	struct strv params = {0};

	if (ru_arm_only(c))
		return;
	trace_model(j, r, c);
	deployed(j, r, c);
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
		phase_first(&e);
		ru_cell_config(j, c, metric, &m);
		if (strcmp(metric, "vllm.hardware") == 0 && m.n == 0)
			gpu_hardware(j, r, c, e.n ? e.v[0] : NULL);
		else if (strcmp(metric, "vllm.block_size") == 0 && e.n > 0 &&
		    block_size_epp(j, r, c, e.v[0]))
			;
		else if (e.n > 0 && m.n > 1)
			param_disagree(j, r, c, metric, e.v[0], &m, 0, false);
		else if (e.n > 0 && m.n == 1)
			param_stated(j, r, c, metric, &e, &m);
		else if (e.n > 0 || (m.n > 0 && i < 9))
			param_one_sided(j, r, c, metric, e.n ? e.v[0] : NULL,
			    m.n ? m.v[0] : NULL);
		ru_list_free(&e);
		ru_list_free(&m);
	}
	split_params(j, r, c, &params);
	default_params(j, r, c, &params);
	strv_free(&params);
	conflicts(j, r, c);
}

/* --- 2b ------------------------------------------------------------- */

/* The instance count (metric instances.count) or prefill-only count
 * (instances.prefill) the cell's PipelineRun deployed when it differs
 * from the sim's (config.deployed lists the differences, replicas among
 * the first, as a scenario gives its keys before its flags), or NULL.
 * Equal counts are not listed: with no server logs, what came up stays
 * unknown (a pod may never have started), so only a difference is a
 * verdict. */
static const json_t *
deployed_diff(const struct judge *j, const struct jcell *c,
    const char *metric)
{
	const json_t *e = judge_expect(j, c, "config.deployed", NULL), *d;
	size_t i;

	json_array_foreach(json_object_get(e, "values"), i, d)
		if (strcmp(rec_get_str(d, "metric"), metric) == 0)
			return d;
	return NULL;
}

/* The PipelineRun deployed other instances than the sim bundle's
 * scenario for the arm (d: the deployed config's difference): a FAIL
 * whatever the logs count.  lead and kind open the sentence ("... 2
 * <kind> replicas"), tail says what the difference means. */
static void
instances_differ(struct judge *j, const struct rule *r,
    const struct jcell *c, const json_t *d, const char *lead,
    const char *kind, const char *tail, const char *action)
{
	const json_t *sim = json_object_get(d, "sim");
	const json_t *run = json_object_get(d, "run");
	struct sbuf why = {0};
	double sv = 0, rv = 0;

	rec_get_num(sim, "value", &sv);
	rec_get_num(run, "value", &rv);
	sbuf_printf(&why, "%s deployed %.0f %s replica%s (", lead, rv, kind,
	    rv == 1 ? "" : "s");
	ru_where(&why, run);
	sbuf_printf(&why, ") where the sim bundle's scenario for the arm has "
	    "%.0f (", sv);
	ru_where(&why, sim);
	sbuf_printf(&why, "): %s", tail);
	judge_emit(j, r, c, &(struct jverdict){ .metric = "instances.count",
	    .expect = sim, .measure = run, .has_diff = true, .diff = rv - sv,
	    .diff_unit = "count", .tolerance = "exact", .verdict = V_FAIL,
	    .why = sbuf_str(&why), .action = action });
	sbuf_free(&why);
}

/* The PipelineRun split the pods into prefill and decode otherwise than
 * the sim's scenario (d: the instances.prefill difference): a
 * disaggregated deployment where the simulation modelled aggregated
 * instances, or the reverse.  The pod count may agree, the instances do
 * not: a prefill-only pod decodes nothing and hands its KV cache over,
 * which the simulated instances never do.  Judged before the count. */
static void
instances_split(struct judge *j, const struct rule *r,
    const struct jcell *c, const json_t *d)
{
	double sv = 0;

	rec_get_num(json_object_get(d, "sim"), "value", &sv);
	instances_differ(j, r, c, d, "The PipelineRun", "prefill-only vLLM",
	    sv == 0 ? "the arm ran disaggregated (prefill and decode on "
	    "separate pods, the KV cache handed over) where the simulation's "
	    "instances each prefill and decode, so the instances are not the "
	    "ones the simulation modelled, whatever their number." :
	    "the arm split prefill and decode over other pods than the "
	    "simulation, so the instances are not the ones the simulation "
	    "modelled, whatever their number.", ACT_SPLIT);
}

/* Logs of another run than the cell's trace (ru_other_run_logs: a
 * results folder reused by a rerun keeps the first attempt's pods' logs
 * beside the new ones) are no instance of this run: *n less them, and
 * why says which.  Returns 0 when there are none, 1 when some were set
 * aside (the count then rests on setting files of the bundle aside), 2
 * when every log is of another run: *n is kept, but it counts that run's
 * pods, and this run's cannot be read from the bundle. */
static int
other_runs(struct sbuf *why, const struct judge *j, const struct jcell *c,
    double *n)
{
	struct strv other;
	int all;

	if (ru_other_run_logs(j, c, &other) == 0)
		return 0;
	all = (double)other.n >= *n;
	if (all)
		sbuf_adds(why, " Every one of them is of another run");
	else {
		*n -= (double)other.n;
		sbuf_printf(why, " %zu of them (", other.n);
		for (size_t i = 0; i < other.n; i++)
			sbuf_printf(why, "%s%s", i ? ", " : "", other.v[i]);
		sbuf_adds(why, ") are of another run");
	}
	sbuf_adds(why, ": their stats lines lie further from the trace's "
	    "sends than any time-zone offset (5b log.window)");
	if (all)
		sbuf_adds(why, ", so the count is that run's and this run's "
		    "cannot be read from the bundle.");
	else
		sbuf_printf(why, ", so this run had %.0f.", *n);
	strv_free(&other);
	return all ? 2 : 1;
}

/* Log files that are copies of another (s2r-log-extract's copies: the
 * whole text of one begins the other's), left out of the count: the same
 * container's log collected twice is one instance, not two.  Returns how
 * many; why names them. */
static size_t
log_copies(struct sbuf *why, const json_t *m)
{
	const json_t *copies = json_object_get(m, "copies"), *d;
	size_t i, n = json_array_size(copies);

	if (n == 0)
		return 0;
	sbuf_printf(why, " %zu log file%s left out as %s of another: ", n,
	    n == 1 ? " is" : "s are", n == 1 ? "a copy" : "copies");
	json_array_foreach(copies, i, d) {
		double line = 1;

		rec_get_num(d, "line", &line);
		sbuf_printf(why, "%s%s is ", i ? "; " : "",
		    rec_get_str(d, "file"));
		if (line > 1)
			sbuf_printf(why, "%s from its line %.0f on", rec_get_str(
			    d, "of"), line);
		else
			sbuf_printf(why, "the start of %s", rec_get_str(d,
			    "of"));
	}
	sbuf_adds(why, " (the same container's log collected twice: by pod "
	    "and by deployment, once more later, or with kubectl logs --tail "
	    "or --since), so the count rests on setting files of the bundle "
	    "aside.");
	return n;
}

/* The simulation ran sv instances where the sim bundle's pod count and
 * the cell's logs agree on av: the simulated cells modelled other
 * capacity than served the run, a difference no reading of the bundle
 * removes (the spec takes the sim's --num-instances as the expected
 * count).  Unsure when the logs' vLLM ran data parallel (a simulated
 * instance may be one engine of a pod): false, and why says so. */
static bool
sim_count_confirmed(struct sbuf *why, const struct judge *j,
    const struct jcell *c, double sv, double av)
{
	double dp;

	if (ru_num(judge_measure(j, c, "vllm.data_parallel_size", NULL),
	    &dp) && dp > 1) {
		sbuf_printf(why, " The pods run %.0f data-parallel engines "
		    "each, so a simulated instance may be one engine.", dp);
		return false;
	}
	sbuf_printf(why, " The %.0f server logs confirm the pod count: the "
	    "simulation modelled %.0f instance%s where %.0f served the run.",
	    av, sv, sv == 1 ? "" : "s", av);
	return true;
}

/* Logs holding several pods' logs (instances.count merged: their
 * workers start on several pod addresses, as kubectl logs -l LABEL
 * writes every pod of a label into one file), which the count takes as
 * their pods (n).  Returns how many such logs; why names them. */
static size_t
merged_logs(struct sbuf *why, const json_t *m, double n)
{
	const json_t *merged = json_object_get(m, "merged"), *d;
	size_t i, k = json_array_size(merged);
	double pods, line;

	if (k == 0)
		return 0;
	json_array_foreach(merged, i, d) {
		rec_get_num(d, "pods", &pods);
		rec_get_num(d, "line", &line);
		sbuf_printf(why, " %s holds the vLLM logs of %.0f pods (its "
		    "workers start on %.0f pod addresses, the second at line "
		    "%.0f): several pods' logs written into one file (kubectl "
		    "logs -l), counted as %.0f.", rec_get_str(d, "file"), pods,
		    pods, line, pods);
	}
	sbuf_printf(why, " So %.0f instances; the per-pod checks (5a, 5b, "
	    "5f) see one per file.", n);
	return k;
}

/* The log files instances.count lists under key, as " N of them (a, b"
 * (the caller closes it); returns N, 0 writing nothing. */
static size_t
name_logs(struct sbuf *why, const json_t *m, const char *key)
{
	const json_t *files = json_object_get(m, key), *d;
	size_t i, k = json_array_size(files);

	if (k == 0)
		return 0;
	sbuf_printf(why, " %zu of them (", k);
	json_array_foreach(files, i, d)
		sbuf_printf(why, "%s%s", i ? ", " : "", json_string_value(d));
	return k;
}

/* Logs with vLLM lines that never served (instances.count idle: no
 * stats line, no request, beside logs that have them): a pod that
 * crashed at startup or got no traffic is no serving instance, so *n
 * less them.  Returns how many; why names them. */
static size_t
idle_logs(struct sbuf *why, const json_t *m, double *n)
{
	size_t k = name_logs(why, m, "idle");

	if (k == 0)
		return 0;
	*n -= (double)k;
	sbuf_printf(why, ") %s no stats line and no request where the others "
	    "served: a pod that crashed at startup or got no traffic, so "
	    "%.0f served the run.", k == 1 ? "holds" : "hold", *n);
	return k;
}

/* Logs with vLLM lines but no INFO line, no stats and no request beside
 * logs that served (instances.count quiet): pods that logged above INFO,
 * counted as instances since their log cannot say they did not serve.
 * Returns how many; why names them. */
static size_t
quiet_logs(struct sbuf *why, const json_t *m)
{
	size_t k = name_logs(why, m, "quiet");

	if (k == 0)
		return 0;
	sbuf_printf(why, ") %s no INFO line at all, so no stats line and no "
	    "request: %s above INFO (VLLM_LOGGING_LEVEL, --uvicorn-log-level) "
	    "where the others logged at INFO, so whether %s served the run "
	    "the logs cannot say; counted as serving.", k == 1 ? "holds" :
	    "hold", k == 1 ? "its pod logged" : "their pods logged", k == 1 ?
	    "it" : "they");
	return k;
}

/* What to do about an instance count that is not a plain PASS: the
 * first of the bundle's own flaws that explains it, else redeploy. */
static const char *
count_action(const json_t *m, int stale, bool ok, size_t copies, bool quiet)
{
	if (stale && (ok || stale == 2))
		return ACT_OTHER_RUN;
	if (copies && ok)
		return json_object_get(m, "merged") ? ACT_MERGED : ACT_COPIES;
	if (quiet && ok)
		return ACT_QUIET;
	return ACT_INSTANCES;
}

static void
rule_instances(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *e = judge_expect(j, c, "instances.count", NULL);
	const json_t *s = judge_expect(j, c, "sim.num_instances", NULL);
	const json_t *m;
	struct jquery q = { "instances.count", "instances.count", NULL,
	    FROM_CONFIG " (Number of vLLM pods) or --num-instances",
	    FROM_LOGS " (log files holding vLLM lines)" };
	struct sbuf why = {0};
	double ev, sv, av, files;
	bool ok, unsure, sim_off, sim_fail;
	size_t copies, quiet;
	int stale;

	if (ru_arm_only(c))
		return;
	if (e == NULL)
		e = s;
	if ((m = deployed_diff(j, c, "instances.prefill")) != NULL) {
		instances_split(j, r, c, m);
		return;
	}
	m = judge_measure(j, c, "instances.count", NULL);
	if (!server_logs_present(j, c)) {
		const json_t *d = deployed_diff(j, c, "instances.count");

		if (d != NULL)
			instances_differ(j, r, c, d, "The cell keeps no "
			    "server logs, but the PipelineRun", "vLLM", "the "
			    "arm did not run the instance count the "
			    "simulation modelled.", ACT_INSTANCES);
		else
			no_server_logs(j, r, c, "the instance count");
		return;
	}
	if (e == NULL || m == NULL || !ru_num(e, &ev) || !ru_num(m, &av)) {
		judge_missing(j, r, c, &q, e, m);
		return;
	}
	sbuf_printf(&why, "Expected %.0f vLLM instances (", ev);
	ru_where(&why, e);
	sbuf_printf(&why, json_object_get(m, "merged") != NULL ? "), found "
	    "%.0f in the server logs with vLLM lines (" : "), found %.0f "
	    "server logs with vLLM lines (", av);
	ru_where(&why, m);
	sbuf_adds(&why, ").");
	/* as many files as instances expected, one without vLLM lines:
	 * which of the two it is, only its text says */
	unsure = rec_get_num(m, "n", &files) && files > av && files == ev;
	if (rec_get_num(m, "n", &files) && files > av)
		sbuf_printf(&why, " %.0f more log file%s no vLLM line: a "
		    "pod that never started (kubectl logs writes its error "
		    "instead) is no instance, but a log that was not collected "
		    "hides one; read %s.", files - av, files - av == 1 ?
		    " holds" : "s hold", files - av == 1 ? "it" : "them");
	copies = log_copies(&why, m) + merged_logs(&why, m, av);
	stale = other_runs(&why, j, c, &av);
	idle_logs(&why, m, &av);
	quiet = quiet_logs(&why, m);
	ok = ev == av;
	sim_off = s != NULL && s != e && ru_num(s, &sv) && sv != ev;
	if (s != NULL && s != e && ru_num(s, &sv))
		sbuf_printf(&why, " The simulation ran --num-instances %.0f%s",
		    sv, sv == ev ? "." : ": it differs from the sim bundle's pod "
		    "count.");
	sim_fail = sim_off && ok && stale != 2 && !unsure &&
	    sim_count_confirmed(&why, j, c, sv, av);
	judge_emit(j, r, c, &(struct jverdict){ .metric = "instances.count",
	    .expect = e, .measure = m, .has_diff = true, .diff = av - ev,
	    .diff_unit = "count", .tolerance = "exact",
	    .verdict = ok && !stale && !copies && !quiet && !sim_off ? V_PASS :
	    sim_fail ? V_FAIL : ok || stale == 2 || unsure ? V_WARN : V_FAIL,
	    .why = sbuf_str(&why), .action = count_action(m, stale, ok,
	    copies, quiet && !sim_off) });
	sbuf_free(&why);
}

const struct rule rules_config[] = {
	{ "2a", "vLLM server config", true, rule_vllm },
	{ "2b", "Instance count", true, rule_instances },
	{ "2d", "EPP config and priority bands", true, epp_rule },
	{ NULL, NULL, false, NULL }
};
