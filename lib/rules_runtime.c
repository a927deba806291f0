/* rules_runtime.c - checks 5a-5d: how did the real run behave?  Each
 * instance runs the configured vLLM arguments, the router spreads the
 * requests as it should, the prefix cache hits when prompts share
 * prefixes, and only the classes the admission policy may shed are shed.
 *
 * Measurements come from s2r-log-extract (vLLM server logs per instance,
 * EPP logs; schemas/metrics-runtime.json) and s2r-trace-stats
 * (status.count/shed.rate per SLO class); expectations from s2r-expect /
 * s2r-config (config.md, priority tiers) and the deployed EPP configs
 * (s2r-config --epp, scope phase).
 *
 * Thresholds: runtime.* in lib/tolerance (pipelines/tolerances.yaml):
 * request spread per instance 20 % WARN / 40 % FAIL of the even share.
 * 5e-5h (the health of logs, KV cache, router and GPUs) are in
 * rules_health.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "str.h"

static const char ACT_ARGS[] = "This instance does not run the vLLM "
    "arguments config.md describes: fix the deployment's arguments and "
    "rerun the cell.";
static const char ACT_SPREAD[] = "Requests were not spread evenly over "
    "the instances by an even router: check the instance's health and "
    "readiness, the router's endpoint list, and rerun.";
static const char ACT_DEAD[] = "An instance served no requests: check "
    "that the pod was ready and in the router's pool (5e, 5g).";
static const char ACT_SERVED[] = "The instances served a different number "
    "of requests than the trace sent and the difference is not explained "
    "by warm-up or shedding: look for lost or retried requests.";
static const char ACT_PREFIX_OFF[] = "Prefix-cache hits with prefix "
    "caching off: the logged setting is wrong or another deployment "
    "served the cell.";
static const char ACT_PREFIX_NONE[] = "Prefix caching is on and the "
    "workload shares prefixes, yet vLLM reports no hits: check that the "
    "router keeps shared-prefix requests together and that the prompts "
    "really share their prefix.";
static const char ACT_SHED_NEVER[] = "A class that must never be shed "
    "was shed: check the admission policy's priority mapping (4d) and "
    "the InferenceObjectives' priorities (5g).";
static const char ACT_SHED_NONE[] = "Requests were shed in an arm without "
    "an admission policy: the gateway rejected them (429/503); check "
    "flow control and the pool's capacity.";
static const char ACT_SHED_ORDER[] = "A higher-priority class was shed "
    "more than a lower one: check the tiers' thresholds in the admission "
    "policy (4c, 4d).";

/* --- 5a ------------------------------------------------------------- */

static void
args_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const struct ru_list *exp)
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
		ru_value_text(&w, json_object_get(exp->v[i], "value"));
		sbuf_adds(&w, " (");
		ru_where(&w, exp->v[i]);
		sbuf_printf(&w, "), instance %s's log says ", inst);
		ru_value_text(&w, json_object_get(m, "value"));
		sbuf_adds(&w, " (");
		ru_where(&w, m);
		sbuf_adds(&w, ").");
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

static int
metric_cmp(const void *pa, const void *pb)
{
	const json_t *a = *(const json_t *const *)pa;
	const json_t *b = *(const json_t *const *)pb;

	return strcmp(rec_get_str(a, "metric"), rec_get_str(b, "metric"));
}

static void
rule_args(struct judge *j, const struct rule *r, const struct jcell *c)
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
		args_instance(j, r, c, insts.v[i], &exp);
out:
	strv_free(&insts);
	ru_list_free(&exp);
}

/* --- 5b ------------------------------------------------------------- */

/* Whether the arm routes by affinity (prefix/session scorers), where an
 * uneven spread is the design, not a fault. */
static bool
affinity_router(const struct judge *j, const struct jcell *c)
{
	const char *kinds[] = { "measure", "expect" };

	for (size_t k = 0; k < 2; k++)
		for (size_t i = 0; i < j->nrecs; i++) {
			const json_t *rec = j->recs[i];
			const char *p = rec_scope_str(rec, "phase");
			const char *v = rec_get_str(rec, "value");
			const char *metric = rec_get_str(rec, "metric");

			if (strcmp(rec_get_str(rec, "kind"), kinds[k]) != 0 ||
			    metric == NULL || v == NULL ||
			    (p != NULL && strcmp(p, c->phase ? c->phase : "")))
				continue;
			if (strcmp(metric, "epp.plugin") == 0 && p != NULL &&
			    (strstr(v, "prefix") || strstr(v, "affinity") ||
			    strstr(v, "session")))
				return true;
			if (strcmp(metric, "sim.routing_scorers") == 0 &&
			    strstr(v, "affinity"))
				return true;
		}
	return false;
}

struct spread {
	struct strv	 insts;
	const json_t	**cnt;		/* per instance */
	double		 total;
	bool		 from_epp;
};

static bool
spread_counts(const struct judge *j, const struct jcell *c, struct spread *s)
{
	const char *metrics[] = { "instance.requests", "epp.requests_handled" };

	memset(s, 0, sizeof(*s));
	for (size_t k = 0; k < 2; k++) {
		ru_instances(j, c, metrics[k], &s->insts);
		s->cnt = calloc(s->insts.n + 1, sizeof(*s->cnt));
		s->total = 0;
		for (size_t i = 0; i < s->insts.n; i++) {
			double v;

			s->cnt[i] = ru_inst_measure(j, c, metrics[k],
			    s->insts.v[i]);
			if (ru_num(s->cnt[i], &v))
				s->total += v;
			else
				s->cnt[i] = NULL;
		}
		s->from_epp = k == 1;
		for (size_t i = 0; i < s->insts.n; i++)
			if (s->cnt[i] != NULL)
				return true;
		free(s->cnt);
		s->cnt = NULL;
		strv_free(&s->insts);
	}
	return false;
}

static void
spread_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct spread *s, size_t i, size_t n, bool affinity)
{
	json_t *sub = ru_inst_sub(s->insts.v[i]), *es, *ms;
	const json_t *errs = ru_inst_measure(j, c, "log.pattern_count.ERROR",
	    s->insts.v[i]);
	struct sbuf why = {0};
	double v = 0, share, even = 1.0 / (double)n, dev, nerr = 0;
	double warn = tol(j->tol, TOL_RT_SPREAD_WARN_PCT);
	double fail = tol(j->tol, TOL_RT_SPREAD_FAIL_PCT);
	enum jverdict_value verdict;
	char band[64];

	ru_num(s->cnt[i], &v);
	ru_num(errs, &nerr);
	share = s->total > 0 ? v / s->total : 0;
	dev = (share - even) / even * 100;
	sbuf_printf(&why, "Instance %s served %.0f of %.0f requests (%.1f%%; "
	    "an even share is %.1f%% of %zu instances), from ", s->insts.v[i],
	    v, s->total, share * 100, even * 100, n);
	ru_where(&why, s->cnt[i]);
	sbuf_printf(&why, "%s. Health: %s.", s->from_epp ? " ('Request "
	    "handled' endpoints; the EPP log may cover part of the run)" : "",
	    v == 0 ? "no requests: unhealthy or not in the pool" :
	    nerr > 0 ? "served requests, with ERROR lines (see 5e)" :
	    "served requests, no ERROR lines");
	if (v == 0) {
		verdict = V_FAIL;
	} else if (affinity) {
		verdict = V_PASS;
		sbuf_adds(&why, " The arm routes by affinity (prefix/session "
		    "scorers): an uneven spread is by design and not judged.");
	} else {
		verdict = fabs(dev) > fail ? V_FAIL : fabs(dev) > warn ?
		    V_WARN : V_PASS;
	}
	snprintf(band, sizeof(band), affinity ? "not judged (affinity)" :
	    "\u00b1%.0f%% WARN, \u00b1%.0f%% FAIL", warn, fail);
	es = ru_side(rec_num(even), "fraction", NULL, "even share: 1 / "
	    "instances");
	json_object_set_new(json_object_get(es, "source"), "file",
	    json_string(rec_get_str(json_object_get(s->cnt[i], "source"),
	    "file")));
	ms = ru_side(rec_num(share), "fraction", s->cnt[i], s->from_epp ?
	    "'Request handled' lines to this endpoint / all" : "POST "
	    "completions in the access log / all instances'");
	json_object_set_new(ms, "n", rec_num(v));
	judge_emit(j, r, c, &(struct jverdict){ .metric = "instance.share",
	    .sub = sub, .expect = es, .measure = ms, .has_diff = true,
	    .diff = dev, .diff_unit = "%", .tolerance = band,
	    .verdict = verdict, .why = sbuf_str(&why),
	    .action = v == 0 ? ACT_DEAD : ACT_SPREAD });
	json_decref(es);
	json_decref(ms);
	json_decref(sub);
	sbuf_free(&why);
}

/* Rows the gateway answered itself (shed) never reach an instance. */
static double
shed_rows(const struct judge *j, const struct jcell *c)
{
	struct ru_list l;
	double sum = 0, v;

	ru_collect(j, c, "measure", "status.count", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *st = rec_get_str(l.v[i], "status");

		if (st != NULL && strcmp(st, "shed") == 0 && ru_num(l.v[i], &v))
			sum += v;
	}
	ru_list_free(&l);
	return sum;
}

static void
served_vs_sent(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct spread *s)
{
	const json_t *rows = judge_measure(j, c, "requests.count", NULL);
	const json_t *warm = judge_expect(j, c, "observe.warmup_requests",
	    NULL);
	struct sbuf why = {0};
	double sent, w = 0, shed = shed_rows(j, c), d;
	enum jverdict_value v;
	json_t *ms;

	if (!ru_num(rows, &sent)) {
		ru_emit(j, r, c, "requests.served", NULL, NULL, NULL, NULL,
		    V_MISSING, "No requests.count for the cell (s2r-trace-stats "
		    "over trace_data.csv): served cannot be set against sent.",
		    NULL);
		return;
	}
	ru_num(warm, &w);
	d = s->total - (sent - shed);
	sbuf_printf(&why, "The instances served %.0f requests; the trace "
	    "sent %.0f (", s->total, sent);
	ru_where(&why, rows);
	sbuf_printf(&why, "), %.0f of them shed by the gateway. Difference "
	    "%+.0f", shed, d);
	if (warm != NULL) {
		sbuf_printf(&why, "; blis observe sends %.0f warm-up requests "
		    "(", w);
		ru_where(&why, warm);
		sbuf_adds(&why, ")");
	}
	if (s->from_epp) {
		sbuf_adds(&why, ". Counted from the EPP log, which may cover "
		    "only part of the run: not judged.");
		v = V_INAPPLICABLE;
	} else if (d == w) {
		sbuf_adds(&why, d == 0 ? ": every request sent reached an "
		    "instance." : ": exactly the warm-up.");
		v = V_PASS;
	} else if (d > 0 && warm == NULL) {
		sbuf_adds(&why, ": warm-up and prewarm requests (not in the "
		    "trace) explain an excess.");
		v = V_PASS;
	} else {
		sbuf_adds(&why, ": not explained by warm-up or shedding.");
		v = V_WARN;
	}
	ms = ru_side(rec_num(s->total), "count", s->cnt[0], "sum over the "
	    "instances");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "requests.served",
	    .expect = rows, .measure = ms, .has_diff = true, .diff = d,
	    .diff_unit = "count", .tolerance = warm != NULL ? "warm-up" :
	    ">= 0", .verdict = v, .why = sbuf_str(&why),
	    .action = ACT_SERVED });
	json_decref(ms);
	sbuf_free(&why);
}

static void
rule_spread(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct spread s;
	bool affinity;

	if (ru_arm_only(c) || !ru_need_logs(j, r, c, "server_logs", false,
	    "the requests per instance"))
		return;
	if (!spread_counts(j, c, &s)) {
		ru_emit(j, r, c, "instance.requests", NULL, NULL, NULL, NULL,
		    V_INAPPLICABLE, "Neither the vLLM access log (disabled: "
		    "instance.requests is null) nor EPP 'Request handled' "
		    "lines give requests per instance.", NULL);
		return;
	}
	affinity = affinity_router(j, c);
	for (size_t i = 0; i < s.insts.n; i++)
		if (s.cnt[i] != NULL)
			spread_instance(j, r, c, &s, i, s.insts.n, affinity);
	served_vs_sent(j, r, c, &s);
	free(s.cnt);
	strv_free(&s.insts);
}

/* --- 5c ------------------------------------------------------------- */

static const json_t *
caching_setting(const struct judge *j, const struct jcell *c,
    const char *inst)
{
	const json_t *m = ru_inst_measure(j, c, "vllm.enable_prefix_caching",
	    inst);

	if (m == NULL)
		m = judge_measure(j, c, "vllm.enable_prefix_caching", NULL);
	if (m == NULL)
		m = judge_expect(j, c, "vllm.enable_prefix_caching", NULL);
	return m;
}

static void
hits_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, bool shared)
{
	const json_t *hr = ru_inst_measure(j, c, "prefix_cache.hit_rate", inst);
	const json_t *set = caching_setting(j, c, inst);
	json_t *sub = ru_inst_sub(inst);
	struct sbuf why = {0};
	bool on = set != NULL && json_is_true(json_object_get(set, "value"));
	double rate = 0;
	enum jverdict_value v;
	const char *tol;

	sbuf_printf(&why, "Prefix caching is %s", set == NULL ? "not stated "
	    "(vLLM's default is on)" : on ? "on" : "off");
	if (set != NULL) {
		sbuf_adds(&why, " (");
		ru_where(&why, set);
		sbuf_adds(&why, ")");
	}
	if (set == NULL)
		on = true;
	sbuf_printf(&why, "; the workload %s shared prefixes. ", shared ?
	    "has" : "has no");
	if (!ru_num(hr, &rate)) {
		sbuf_printf(&why, "Instance %s's log has no stats line with a "
		    "prefix cache hit rate (stats logging off, or idle).",
		    inst);
		ru_emit(j, r, c, "prefix_cache.hit_rate", sub, set, hr, NULL,
		    V_INAPPLICABLE, sbuf_str(&why), NULL);
		goto out;
	}
	sbuf_printf(&why, "vLLM reports a hit rate of %.1f%% (", rate * 100);
	ru_where(&why, hr);
	sbuf_adds(&why, ", its running window at the last stats line).");
	if (!on) {
		v = rate > 0 ? V_FAIL : V_PASS;
		tol = "0 with caching off";
	} else if (shared) {
		v = rate > 0 ? V_PASS : V_WARN;
		tol = "> 0 with shared prefixes";
	} else {
		v = V_PASS;
		tol = "any (no shared prefixes)";
	}
	ru_emit(j, r, c, "prefix_cache.hit_rate", sub, set, hr, tol, v,
	    sbuf_str(&why), on ? ACT_PREFIX_NONE : ACT_PREFIX_OFF);
out:
	json_decref(sub);
	sbuf_free(&why);
}

static void
rule_prefix_hits(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *pf;
	struct strv insts;
	double frac = 0;
	bool shared;

	if (ru_arm_only(c) || !ru_need_logs(j, r, c, "server_logs", false,
	    "the prefix-cache hit rate"))
		return;
	pf = judge_expect(j, c, "prefix.fraction", NULL);
	if (pf == NULL)
		pf = judge_measure(j, c, "prefix.fraction", NULL);
	/* A lifecycle-dependent expectation has no value: any measured
	 * prefix traffic or configured group counts. */
	shared = (ru_num(pf, &frac) && frac > 0) ||
	    (ru_num(judge_measure(j, c, "prefix.fraction", NULL), &frac) &&
	    frac > 0) || judge_any(j, c, "expect", "prefix_length.mean");
	ru_instances(j, c, "log.lines", &insts);
	if (insts.n == 0)
		ru_instances(j, c, "prefix_cache.hit_rate", &insts);
	if (insts.n == 0)
		ru_emit(j, r, c, "prefix_cache.hit_rate", NULL, NULL, NULL,
		    NULL, V_MISSING, "No per-instance records from the server "
		    "logs.", "Rerun s2r-log-extract over the cell.");
	for (size_t i = 0; i < insts.n; i++)
		hits_instance(j, r, c, insts.v[i], shared);
	strv_free(&insts);
}

/* --- 5d ------------------------------------------------------------- */

/* The class's priority: a priority tier when the bundle gives one, else
 * the llm-d convention (critical 100, standard 0, batch -10, sheddable
 * -50; no class: the default objective, 0). */
static double
class_priority(const struct judge *j, const struct jcell *c,
    const char *cls, const json_t **src)
{
	static const struct { const char *name; double prio; } known[] = {
		{ "critical", 100 }, { "standard", 0 }, { "", 0 },
		{ "batch", -10 }, { "sheddable", -50 },
	};
	json_t *sub = rec_scope_new();
	double p;

	rec_scope_set(sub, "class", cls);
	*src = judge_expect(j, c, "priority.tier", sub);
	json_decref(sub);
	if (ru_num(*src, &p))
		return p;
	*src = NULL;
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(cls, known[i].name) == 0)
			return known[i].prio;
	return NAN;
}

/* An admission policy in the arm: a usage-limit policy or saturation
 * detector under flow control, or an admission/shedding plugin. */
static bool
admission_active(const struct judge *j, const struct jcell *c)
{
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		const char *p = rec_scope_str(rec, "phase");
		const char *metric = rec_get_str(rec, "metric");
		const char *key = rec_get_str(rec, "key");
		const char *v = rec_get_str(rec, "value");

		if (metric == NULL || p == NULL || c->phase == NULL ||
		    strcmp(p, c->phase) != 0 || rec_scope_str(rec, "workload"))
			continue;
		if (strcmp(metric, "epp.flow_control") == 0 && key != NULL &&
		    (strstr(key, "usageLimitPolicy") ||
		    strstr(key, "saturationDetector")))
			return true;
		if (strcmp(metric, "epp.saturation_detector") == 0)
			return true;
		if (strcmp(metric, "epp.plugin") == 0 && v != NULL &&
		    (strstr(v, "admission") || strstr(v, "shed") ||
		    strstr(v, "usage-limit") || strstr(v, "ceiling")))
			return true;
	}
	return false;
}

static void
status_text(struct sbuf *b, const struct judge *j, const struct jcell *c,
    const char *cls)
{
	struct ru_list l;
	double v;

	ru_collect(j, c, "measure", "status.count", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *k = rec_scope_str(l.v[i], "class");

		if (k == NULL || strcmp(k, cls) != 0 || !ru_num(l.v[i], &v) ||
		    (v == 0 && strcmp(rec_get_str(l.v[i], "status"), "ok")))
			continue;
		sbuf_printf(b, "%s%.0f %s", b->len ? ", " : "", v,
		    rec_get_str(l.v[i], "status"));
	}
	ru_list_free(&l);
}

struct shedclass {
	const json_t	*rate;
	const json_t	*tier;
	const char	*cls;
	double		 prio, value;
};

static void
shed_class(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct shedclass *k, const struct shedclass *all, size_t n,
    bool admission)
{
	json_t *sub = rec_scope_new(), *es;
	struct sbuf why = {0}, st = {0};
	enum jverdict_value v = V_PASS;
	const char *action = NULL, *tol;
	const struct shedclass *worse = NULL;

	rec_scope_set(sub, "class", k->cls);
	status_text(&st, j, c, k->cls);
	sbuf_printf(&why, "Class \"%s\" (priority ", k->cls);
	if (isnan(k->prio))
		sbuf_adds(&why, "unknown");
	else
		sbuf_printf(&why, "%.0f", k->prio);
	if (k->tier != NULL) {
		sbuf_adds(&why, " from ");
		ru_where(&why, k->tier);
	}
	sbuf_printf(&why, "): shed rate %.1f%% (%s; ", k->value * 100,
	    st.len ? sbuf_str(&st) : "no rows");
	ru_where(&why, k->rate);
	sbuf_printf(&why, "). The arm has %s admission policy. ", admission ?
	    "an" : "no");
	if (!isnan(k->prio) && k->prio >= 0) {
		tol = "never shed";
		if (k->value > 0) {
			v = V_FAIL;
			action = ACT_SHED_NEVER;
		}
		sbuf_adds(&why, "Priority 0 and above is never shed.");
	} else if (!admission) {
		tol = "no shedding";
		if (k->value > 0) {
			v = V_FAIL;
			action = ACT_SHED_NONE;
		}
		sbuf_adds(&why, "Without admission nothing is shed.");
	} else {
		tol = "lower priority sheds most";
		for (size_t i = 0; i < n; i++)
			if (!isnan(all[i].prio) && !isnan(k->prio) &&
			    all[i].prio < k->prio && all[i].value < k->value)
				worse = &all[i];
		if (worse != NULL) {
			v = V_WARN;
			action = ACT_SHED_ORDER;
			sbuf_printf(&why, "Lower-priority class \"%s\" was shed "
			    "less (%.1f%%).", worse->cls, worse->value * 100);
		} else
			sbuf_adds(&why, "Sheddable under the admission "
			    "policy; no lower-priority class was shed less.");
	}
	es = ru_side(strcmp(tol, "lower priority sheds most") == 0 ?
	    json_string("may shed") : rec_num(0), "fraction", k->tier,
	    k->tier != NULL ? NULL : "llm-d priority convention by class name");
	ru_emit(j, r, c, "shed.rate", sub, es, k->rate, tol, v, sbuf_str(&why),
	    action);
	json_decref(es);
	json_decref(sub);
	sbuf_free(&why);
	sbuf_free(&st);
}

static void
rule_shed(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list l;
	struct shedclass *k;
	size_t n = 0;
	bool admission;

	if (ru_arm_only(c))
		return;
	ru_collect(j, c, "measure", "shed.rate", RU_ANY, false, &l);
	k = calloc(l.n + 1, sizeof(*k));
	for (size_t i = 0; i < l.n; i++) {
		const char *cls = rec_scope_str(l.v[i], "class");

		if (cls == NULL)
			continue;
		k[n].rate = l.v[i];
		k[n].cls = cls;
		k[n].prio = class_priority(j, c, cls, &k[n].tier);
		if (!ru_num(l.v[i], &k[n].value))
			k[n].value = 0;
		n++;
	}
	if (n == 0) {
		ru_emit(j, r, c, "shed.rate", NULL, NULL, NULL, NULL, V_MISSING,
		    "No shed.rate per SLO class for the cell: it comes from "
		    "s2r-trace-stats over the cell's trace_data.csv.", NULL);
	}
	admission = admission_active(j, c);
	for (size_t i = 0; i < n; i++)
		shed_class(j, r, c, &k[i], k, n, admission);
	free(k);
	ru_list_free(&l);
}

const struct rule rules_runtime[] = {
	{ "5a", "vLLM args per server log", true, rule_args },
	{ "5b", "Instance health and request spread", true, rule_spread },
	{ "5c", "Prefix-cache hit rate", true, rule_prefix_hits },
	{ "5d", "Request status and shed rate", true, rule_shed },
	{ NULL, NULL, false, NULL }
};
