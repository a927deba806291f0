/* satrule.c - the real run's saturation for the rules; see satrule.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rec.h"
#include "ruleutil.h"
#include "satrule.h"
#include "tolerance.h"

static const char *const level_text[] = { NULL, "STABLE", "BACKLOGGED",
    "OVERLOADED" };

static enum sr_load
level_of(const json_t *rec)
{
	const char *s = rec_get_str(rec, "value");

	for (int k = SR_STABLE; k <= SR_OVERLOADED; k++)
		if (s != NULL && strcmp(s, level_text[k]) == 0)
			return (enum sr_load)k;
	return SR_NONE;
}

/* The folder part of path ("" when none), for matching a record without
 * a cell scope to the report beside its file. */
static size_t
dir_len(const char *path)
{
	const char *slash = path != NULL ? strrchr(path, '/') : NULL;

	return slash != NULL ? (size_t)(slash - path) : 0;
}

static bool
same_str(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* Whether saturation record s belongs to the run rec was measured on. */
static bool
same_run(const json_t *s, const json_t *rec)
{
	const char *fs, *fr;

	if (rec_scope_str(rec, "workload") != NULL ||
	    rec_scope_str(s, "workload") != NULL) {
		return same_str(rec_scope_str(rec, "phase"),
		    rec_scope_str(s, "phase")) &&
		    same_str(rec_scope_str(rec, "workload"),
		    rec_scope_str(s, "workload")) &&
		    same_str(rec_scope_str(rec, "iteration"),
		    rec_scope_str(s, "iteration"));
	}
	fs = rec_get_str(json_object_get(s, "source"), "file");
	fr = rec_get_str(json_object_get(rec, "source"), "file");
	if (fs == NULL || fr == NULL || dir_len(fs) != dir_len(fr))
		return false;
	return strncmp(fs, fr, dir_len(fs)) == 0;
}

/* "composite OVERLOADED (file:line), threshold STABLE (...)"; the worst
 * level of l. */
static enum sr_load
levels_text(const struct ru_list *l, struct sbuf *b, const json_t **worst)
{
	enum sr_load w = SR_NONE;

	*worst = l->n > 0 ? l->v[0] : NULL;
	for (size_t i = 0; i < l->n; i++) {
		const char *det = rec_get_str(l->v[i], "key");
		enum sr_load lv = level_of(l->v[i]);

		sbuf_printf(b, "%s%s%s%s (", i > 0 ? ", " : "", det ? det : "",
		    det ? " " : "", lv != SR_NONE ? level_text[lv] : "no level");
		ru_where(b, l->v[i]);
		sbuf_adds(b, ")");
		if (lv > w) {
			w = lv;
			*worst = l->v[i];
		}
	}
	return w;
}

void
sr_saturation_verdict(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct ru_list l;
	struct sbuf why = {0};
	const json_t *worst;
	enum sr_load w;
	static const enum jverdict_value v[] = { V_INAPPLICABLE, V_PASS,
	    V_WARN, V_WARN };

	ru_collect(j, c, "measure", "saturation.level", RU_CELL, false, &l);
	if (l.n == 0) {
		ru_list_free(&l);
		return;
	}
	sbuf_adds(&why, "blis observe's saturation report: ");
	w = levels_text(&l, &why, &worst);
	for (size_t i = 0; i < l.n; i++)
		if (level_of(l.v[i]) != w) {
			sbuf_adds(&why, ". The detectors disagree: the worst "
			    "level is judged");
			break;
		}
	sbuf_adds(&why, w == SR_NONE ? ". No detector gave a level, so "
	    "whether the run was saturated is not known." : w == SR_STABLE ?
	    ". The run kept up with its load." : w == SR_BACKLOGGED ? ". The "
	    "run fell behind its load for a while: part of its latency is "
	    "queueing." : ". The run was overloaded: its latency is queueing "
	    "behind load it could not serve, so a latency gap against the "
	    "simulation here is load, not the cost model.");
	ru_emit(j, r, c, "saturation.level", NULL, NULL, worst, "STABLE",
	    v[w], sbuf_str(&why), "Rerun the cell at a rate the deployment "
	    "sustains (saturation.json STABLE) before reading its latency "
	    "against the simulation, or simulate the load it ran under.");
	sbuf_free(&why);
	ru_list_free(&l);
}

enum sr_load
sr_load_of(const struct judge *j, const json_t *rec, struct sbuf *why)
{
	struct ru_list l = {0};
	const json_t *worst;
	enum sr_load w;

	struct jsel sel = { .kind = "measure", .metric = "saturation.level" };
	const json_t **all;
	size_t n;

	if (rec == NULL)
		return SR_NONE;
	n = judge_select(j, &sel, &all);
	for (size_t i = 0; i < n; i++)
		if (same_run(all[i], rec))
			ru_list_add(&l, all[i]);
	free(all);
	if (l.n == 0)
		return SR_NONE;
	sbuf_adds(why, " The real run's saturation report: ");
	w = levels_text(&l, why, &worst);
	sbuf_adds(why, ".");
	ru_list_free(&l);
	return w;
}

/* --- metrics (Prometheus scrapes) ----------------------------------- */

/* The record of metric for the instance of rec (NULL: none). */
static const json_t *
inst_rec(const struct judge *j, const struct jcell *c, const char *metric,
    const json_t *rec)
{
	json_t *sub = ru_inst_sub(rec_scope_str(rec, "instance"));
	const json_t *m = judge_measure(j, c, metric, sub);

	json_decref(sub);
	return m;
}

void
sr_queue_verdicts(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct ru_list l;
	double sum = 0, v, lim = tol(j->tol, TOL_RT_SPREAD_FAIL_PCT);
	char tolbuf[96];

	ru_collect(j, c, "measure", "metrics.waiting.mean", RU_INSTANCE, false,
	    &l);
	for (size_t i = 0; i < l.n; i++)
		sum += ru_num(l.v[i], &v) ? v : 0;
	snprintf(tolbuf, sizeof(tolbuf), "<= the pods' mean +%g%% (or < 1 "
	    "request)", lim);
	for (size_t i = 0; l.n >= 2 && i < l.n; i++) {
		const char *pod = rec_scope_str(l.v[i], "instance");
		const json_t *mx = inst_rec(j, c, "metrics.waiting.max", l.v[i]);
		double mean = sum / (double)l.n, max = NAN;
		json_t *sub = ru_inst_sub(pod);
		struct sbuf why = {0};
		bool hot;

		ru_num(l.v[i], &v);
		ru_num(mx, &max);
		hot = v >= 1 && v > mean * (1 + lim / 100);
		sbuf_printf(&why, "Pod %s queued ", pod);
		ru_num_text(&why, v);
		sbuf_adds(&why, " requests on average in vLLM (max ");
		ru_num_text(&why, max);
		sbuf_adds(&why, "; ");
		ru_where(&why, l.v[i]);
		sbuf_printf(&why, ", %s); the %zu pods' mean is ", rec_get_str(
		    json_object_get(l.v[i], "source"), "field"), l.n);
		ru_num_text(&why, mean);
		sbuf_adds(&why, hot ? ". Requests wait on this pod while others "
		    "have room: the router sends it more than it serves." :
		    ". Its queue is no deeper than the others'.");
		ru_emit(j, r, c, "metrics.waiting.mean", sub, NULL, l.v[i],
		    tolbuf, hot ? V_WARN : V_PASS, sbuf_str(&why), "Check the "
		    "pod's health and its share (instance.share), and the "
		    "router's view of its queue (the scorer's queue signal).");
		sbuf_free(&why);
		json_decref(sub);
	}
	ru_list_free(&l);
}

void
sr_kv_peak(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const json_t *sub, const json_t *m,
    const char *const who[2], const char *held)
{
	double lim = tol(j->tol, TOL_RT_KV_USAGE_WARN_PCT), v;
	struct sbuf why = {0}, act = {0};
	char band[64];
	bool full;

	if (!ru_num(m, &v))
		return;
	full = v >= lim;
	snprintf(band, sizeof(band), "< %g%%", lim);
	sbuf_printf(&why, "%s %s's KV cache peaked at ", who[0],
	    rec_scope_str(m, "instance"));
	ru_num_text(&why, v);
	sbuf_adds(&why, "% (");
	ru_where(&why, m);
	sbuf_printf(&why, ": %s). ", rec_get_str(json_object_get(m, "source"),
	    "how"));
	sbuf_adds(&why, full ? "The cache was full: vLLM preempts or holds "
	    "requests for blocks, so this cell's latency includes KV pressure "
	    "the simulation must see too." : "It kept room to spare.");
	sbuf_printf(&act, "Compare the simulation's KV blocks and %s with this "
	    "%s's (kv_cache.tokens); a cache full only in the real run is a "
	    "capacity or load mismatch.", held, who[1]);
	ru_emit(j, r, c, metric, sub, NULL, m, band, full ? V_WARN : V_PASS,
	    sbuf_str(&why), sbuf_str(&act));
	sbuf_free(&why);
	sbuf_free(&act);
}

void
sr_kv_usage_verdicts(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	static const char *const pod[2] = { "Pod", "pod" };
	struct ru_list l;

	ru_collect(j, c, "measure", "metrics.kv_cache_usage_pct.max",
	    RU_INSTANCE, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		json_t *sub = ru_inst_sub(rec_scope_str(l.v[i], "instance"));

		sr_kv_peak(j, r, c, "metrics.kv_cache_usage_pct.max", sub,
		    l.v[i], pod, "preemptions");
		json_decref(sub);
	}
	ru_list_free(&l);
}

void
sr_pool_verdicts(struct judge *j, const struct rule *r,
    const struct jcell *c)
{
	struct ru_list l;
	double v, q = NAN;

	ru_collect(j, c, "measure", "metrics.flow_control.pool_saturation.max",
	    RU_INSTANCE, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *pod = rec_scope_str(l.v[i], "instance");
		json_t *sub = ru_inst_sub(pod);
		struct sbuf why = {0};
		bool sat;

		if (!ru_num(l.v[i], &v)) {
			json_decref(sub);
			continue;
		}
		ru_num(inst_rec(j, c, "metrics.flow_control.queue_size.max",
		    l.v[i]), &q);
		sat = v >= 1;
		sbuf_printf(&why, "The router %s saw its pool's flow-control "
		    "saturation peak at ", pod);
		ru_num_text(&why, v);
		sbuf_adds(&why, " (");
		ru_where(&why, l.v[i]);
		sbuf_printf(&why, ", %s)", rec_get_str(json_object_get(l.v[i],
		    "source"), "field"));
		if (!isnan(q)) {
			sbuf_adds(&why, ", its flow-control queue at ");
			ru_num_text(&why, q);
		}
		sbuf_adds(&why, sat ? ". Saturated (1 or more): flow control "
		    "held requests, so latency includes their wait in the "
		    "router." : ". Below 1: the pool was never saturated.");
		ru_emit(j, r, c, "metrics.flow_control.pool_saturation.max", sub,
		    NULL, l.v[i], "< 1", sat ? V_WARN : V_PASS, sbuf_str(&why),
		    "Read the cell's latency with the router's queueing in it: "
		    "compare with a simulation that saturates the same way, or "
		    "rerun at a rate the pool sustains.");
		sbuf_free(&why);
		json_decref(sub);
	}
	ru_list_free(&l);
}
