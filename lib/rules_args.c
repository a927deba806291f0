/* rules_args.c - check 5a: the vLLM arguments each instance (one server
 * log, one pod) started with, from its startup lines (s2r-log-extract:
 * vllm.* per instance, check 5a), against config.md's (s2r-expect,
 * s2r-config); and, for the parameters config.md does not give, against
 * the instance's siblings: a cell's pods should run one configuration. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "rules_args.h"
#include "ruleutil.h"
#include "str.h"

static const char ACT_ARGS[] = "This instance does not run the vLLM "
    "arguments config.md describes: fix the deployment's arguments and "
    "rerun the cell.";

/* --- 5a ------------------------------------------------------------- */

/* Whether instance inst of c leaves metric out of its non-default args
 * (runs vLLM's default) while some of its siblings state a value. */
static bool
default_split(const struct judge *j, const struct jcell *c,
    const char *metric, const char *inst, const struct strv *insts)
{
	struct sbuf v = {0};
	size_t ndefault;
	bool yes;

	ru_inst_value(&v, j, c, metric, inst, insts);
	yes = strcmp(sbuf_str(&v), RU_VLLM_DEFAULT) == 0 &&
	    ru_inst_distinct(j, c, metric, insts, &ndefault) > 1;
	sbuf_free(&v);
	return yes;
}

/* A parameter config.md gives that this instance's non-default args
 * leave out where its siblings state it (a pod started from a chart's
 * default args): it runs vLLM's default, which for block_size or
 * max_num_seqs is resolved at startup from the GPU, so whether it equals
 * config.md's value the log cannot tell: WARN. */
static void
unstated_split(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const json_t *e, const struct strv *insts)
{
	const char *metric = rec_get_str(e, "metric");
	json_t *sub = ru_inst_sub(inst), *ms;
	struct sbuf why = {0};
	size_t ndefault;

	ru_inst_distinct(j, c, metric, insts, &ndefault);
	sbuf_printf(&why, "Instance %s's non-default args leave %s out, so it "
	    "runs vLLM's default, while %zu of the cell's %zu logs state a "
	    "value; config.md says ", inst, metric, insts->n - ndefault,
	    insts->n);
	ru_value_at(&why, e);
	sbuf_adds(&why, ". The default vLLM resolves at startup may or may "
	    "not equal it: this instance was likely started from other "
	    "arguments than its siblings.");
	ms = ru_side(json_string(RU_VLLM_DEFAULT), NULL, NULL, "left out of "
	    "the log's 'non-default args' line");
	ru_emit(j, r, c, metric, sub, e, ms, "exact", V_WARN, sbuf_str(&why),
	    ACT_ARGS);
	json_decref(ms);
	json_decref(sub);
	sbuf_free(&why);
}

/* e is vllm.block_size, which inst's log leaves out (vLLM's default),
 * and the router's metrics of inst (epp.pod.cache_block_size: the EPP's
 * scrape of vLLM's cache_config_info) say another value: FAIL. */
static bool
epp_block_size(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const json_t *e)
{
	const json_t *b;
	struct sbuf why = {0};
	json_t *sub;

	if (strcmp(rec_get_str(e, "metric"), "vllm.block_size") != 0 ||
	    (b = ru_inst_measure(j, c, "epp.pod.cache_block_size",
	    inst)) == NULL || ru_equal(json_object_get(b, "value"),
	    json_object_get(e, "value")))
		return false;
	sub = ru_inst_sub(inst);
	sbuf_printf(&why, "vllm.block_size: config.md says ");
	ru_value_at(&why, e);
	sbuf_printf(&why, "; instance %s's log leaves it out of its "
	    "non-default args (vLLM's default), and the router's metrics of "
	    "the pod (EPP, vLLM's cache_config_info) say ", inst);
	ru_value_at(&why, b);
	sbuf_adds(&why, ".");
	ru_emit(j, r, c, "vllm.block_size", sub, e, b, "exact", V_FAIL,
	    sbuf_str(&why), ACT_ARGS);
	json_decref(sub);
	sbuf_free(&why);
	return true;
}

static void
args_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const struct ru_list *exp, const struct strv *insts)
{
	json_t *sub = ru_inst_sub(inst);
	struct sbuf why = {0}, unstated = {0};
	size_t same = 0, bad = 0;
	const json_t *file = NULL;
	json_t *es, *ms;

	for (size_t i = 0; i < exp->n; i++) {
		const char *metric = rec_get_str(exp->v[i], "metric");
		const json_t *m = ru_inst_measure(j, c, metric, inst);
		struct sbuf w = {0};

		if (i > 0 && strcmp(metric, rec_get_str(exp->v[i - 1],
		    "metric")) == 0)
			continue;
		if (m == NULL && epp_block_size(j, r, c, inst, exp->v[i])) {
			bad++;
			continue;
		}
		if (m == NULL && default_split(j, c, metric, inst, insts)) {
			bad++;
			unstated_split(j, r, c, inst, exp->v[i], insts);
			continue;
		}
		if (m == NULL) {
			sbuf_printf(&unstated, "%s%s", unstated.len ? ", " : "",
			    metric);
			continue;
		}
		file = m;
		if (ru_param_equal(metric, json_object_get(exp->v[i], "value"),
		    json_object_get(m, "value"))) {
			same++;
			continue;
		}
		bad++;
		sbuf_printf(&w, "%s: config.md says ", metric);
		ru_value_at(&w, exp->v[i]);
		sbuf_printf(&w, ", instance %s's log says ", inst);
		ru_value_at(&w, m);
		sbuf_adds(&w, ".");
		ru_emit(j, r, c, metric, sub, exp->v[i], m, "exact", V_FAIL,
		    sbuf_str(&w), ACT_ARGS);
		sbuf_free(&w);
	}
	if (bad == 0) {
		sbuf_printf(&why, "%zu parameters of config.md equal instance "
		    "%s's startup lines", same, inst);
		if (file != NULL) {
			sbuf_adds(&why, " (");
			ru_where(&why, file);
			sbuf_adds(&why, ")");
		}
		sbuf_adds(&why, ".");
		if (unstated.len > 0)
			sbuf_printf(&why, " Not stated in the log (vLLM logs "
			    "only non-default arguments): %s.",
			    sbuf_str(&unstated));
		es = ru_side(json_sprintf("%zu parameters", same), NULL,
		    exp->v[0], "config.md's vLLM table");
		ms = ru_side(json_sprintf("%zu equal", same), NULL, file, NULL);
		ru_emit(j, r, c, "vllm.args", sub, es, ms, "exact", same > 0 ?
		    V_PASS : V_INAPPLICABLE, sbuf_str(&why), NULL);
		json_decref(es);
		json_decref(ms);
	}
	sbuf_free(&why);
	sbuf_free(&unstated);
	json_decref(sub);
}

/* How many of insts run the value v (ru_inst_value) of metric. */
static size_t
inst_count(const struct judge *j, const struct jcell *c, const char *metric,
    const struct strv *insts, const char *v)
{
	size_t n = 0;

	for (size_t i = 0; i < insts->n; i++) {
		struct sbuf b = {0};

		ru_inst_value(&b, j, c, metric, insts->v[i], insts);
		n += strcmp(sbuf_str(&b), v) == 0;
		sbuf_free(&b);
	}
	return n;
}

/* One instance whose value of a parameter config.md does not give is
 * not the one most of its siblings run (or no value is): WARN, since
 * which value the simulation meant is not known, only that the pods
 * differ (2a FAILs the split).  A log whose non-default args leave the
 * parameter out runs vLLM's default. */
static void
split_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const char *inst, const struct strv *insts,
    const char *major)
{
	const json_t *m = ru_inst_measure(j, c, metric, inst);
	struct sbuf why = {0};
	json_t *sub = ru_inst_sub(inst), *ms;
	size_t n = major ? inst_count(j, c, metric, insts, major) : 0;

	if (m != NULL) {
		sbuf_printf(&why, "Instance %s's log says %s is ", inst,
		    metric);
		ru_value_at(&why, m);
	} else
		sbuf_printf(&why, "Instance %s's non-default args leave %s "
		    "out, so it runs vLLM's default", inst, metric);
	if (major != NULL && strcmp(major, RU_VLLM_DEFAULT) == 0)
		sbuf_printf(&why, ", while %zu of the cell's %zu logs leave it "
		    "out of their non-default args (vLLM's default)", n,
		    insts->n);
	else if (major != NULL)
		sbuf_printf(&why, ", while %zu of the cell's %zu logs say %s",
		    n, insts->n, major);
	else
		sbuf_printf(&why, ", and the cell's %zu logs split without a "
		    "majority", insts->n);
	sbuf_adds(&why, ". config.md does not give this parameter, so which "
	    "value the simulation meant is not known, but the instances do "
	    "not run one configuration");
	sbuf_adds(&why, m == NULL || (major != NULL &&
	    strcmp(major, RU_VLLM_DEFAULT) == 0) ?
	    " (unless the value set equals the default vLLM resolves at "
	    "startup)." : ".");
	ms = m != NULL ? json_incref((json_t *)m) : ru_side(json_string(
	    RU_VLLM_DEFAULT), NULL, NULL, "left out of the log's "
	    "'non-default args' line");
	ru_emit(j, r, c, metric, sub, NULL, ms, "exact", V_WARN,
	    sbuf_str(&why), ACT_ARGS);
	json_decref(ms);
	json_decref(sub);
	sbuf_free(&why);
}

/* The value most of insts run for metric into top (none on a tie). */
static bool
majority(const struct judge *j, const struct jcell *c, const char *metric,
    const struct strv *insts, struct sbuf *top)
{
	size_t best = 0, tie = 0;

	for (size_t k = 0; k < insts->n; k++) {
		struct sbuf v = {0};
		size_t n;

		ru_inst_value(&v, j, c, metric, insts->v[k], insts);
		n = v.len > 0 ? inst_count(j, c, metric, insts, sbuf_str(&v)) :
		    0;
		if (n > best) {
			best = n;
			tie = 0;
			sbuf_free(top);
			sbuf_adds(top, sbuf_str(&v));
		} else if (n == best && n > 0 && strcmp(sbuf_str(&v),
		    sbuf_str(top)) != 0)
			tie++;
		sbuf_free(&v);
	}
	return best > 0 && tie == 0;
}

/* The parameters config.md does not give (none in exp) on which the
 * cell's logs disagree: every instance off the majority value. */
static void
args_split(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct ru_list *exp, const struct strv *insts)
{
	struct ru_list all;
	struct strv seen = {0};
	size_t ndefault;

	ru_cell_config(j, c, "vllm.*", &all);
	for (size_t i = 0; i < all.n; i++) {
		const char *metric = rec_get_str(all.v[i], "metric");
		struct sbuf top = {0};
		bool major;

		if (ru_by_metric(exp, metric) != NULL ||
		    strv_find(&seen, metric) >= 0)
			continue;
		strv_add(&seen, metric);
		if (ru_inst_distinct(j, c, metric, insts, &ndefault) < 2)
			continue;
		major = majority(j, c, metric, insts, &top);
		for (size_t k = 0; k < insts->n; k++) {
			struct sbuf v = {0};

			ru_inst_value(&v, j, c, metric, insts->v[k], insts);
			if (v.len > 0 && (!major ||
			    strcmp(sbuf_str(&v), sbuf_str(&top)) != 0))
				split_instance(j, r, c, metric, insts->v[k],
				    insts, major ? sbuf_str(&top) : NULL);
			sbuf_free(&v);
		}
		sbuf_free(&top);
	}
	strv_free(&seen);
	ru_list_free(&all);
}

static int
metric_cmp(const void *pa, const void *pb)
{
	const json_t *a = *(const json_t *const *)pa;
	const json_t *b = *(const json_t *const *)pb;

	return strcmp(rec_get_str(a, "metric"), rec_get_str(b, "metric"));
}

void
rule_vllm_args(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list exp;
	struct strv insts;

	if (ru_arm_only(c) || !ru_need_logs(j, r, c, "server_logs", false,
	    "the vLLM arguments of each instance"))
		return;
	ru_collect(j, c, "expect", "vllm.*", RU_CELL, false, &exp);
	ru_instances(j, c, "vllm.*", &insts);
	if (exp.n == 0 || insts.n == 0) {
		ru_emit(j, r, c, "vllm.args", NULL, NULL, NULL, NULL,
		    exp.n == 0 ? V_INAPPLICABLE : V_MISSING, exp.n == 0 ?
		    "config.md gives no vLLM parameters to check the logs "
		    "against." : "No server log of the cell states its vLLM "
		    "configuration (no non-default args or engine config "
		    "line).", "Check that the logs hold the vLLM startup "
		    "lines (collect them from the pod's start).");
		goto out;
	}
	/* Stable sort keeps the first of duplicates (s2r-expect and
	 * s2r-config both state config.md). */
	for (size_t a = 1; a < exp.n; a++)
		for (size_t b = a; b > 0 && metric_cmp(&exp.v[b - 1],
		    &exp.v[b]) > 0; b--) {
			const json_t *t = exp.v[b];

			exp.v[b] = exp.v[b - 1];
			exp.v[b - 1] = t;
		}
	for (size_t i = 0; i < insts.n; i++)
		args_instance(j, r, c, insts.v[i], &exp, &insts);
	args_split(j, r, c, &exp, &insts);
	/* a log collected without the pod's start states no arguments:
	 * the cell's 2a then rests on the other logs alone */
	ru_missing_instances(j, r, c, &insts, "vllm.args", "has no vLLM "
	    "startup lines (no non-default args, no engine config): it was "
	    "collected without the pod's start (kubectl logs --since, or a "
	    "restarted container whose first run is gone), so the arguments "
	    "this instance ran cannot be checked. Collect the whole log from "
	    "the pod's start (--previous for a restarted container).");
out:
	strv_free(&insts);
	ru_list_free(&exp);
}
