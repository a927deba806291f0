/* rules_prefix.c - check 5c: does the prefix cache hit as the workload
 * and the experiment's caching setting say it should?  Each instance's
 * (each engine's) hit rate from its stats lines, the caching setting its
 * log states against the experiment's, hits without shared prefixes, and
 * the best stats line against the trace's shared-prefix share.
 * rules_runtime.c's table calls it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "rules_prefix.h"
#include "ruleutil.h"
#include "str.h"
#include "tolerance.h"

static const char ACT_PREFIX_OFF[] = "Prefix-cache hits with prefix "
    "caching off: the logged setting is wrong or another deployment "
    "served the cell.";
static const char ACT_PREFIX_NONE[] = "Prefix caching is on and the "
    "workload shares prefixes, yet vLLM reports no hits: check that the "
    "router keeps shared-prefix requests together and that the prompts "
    "really share their prefix.";
static const char ACT_PREFIX_PLANNED[] = "This instance ran with prefix "
    "caching off against the experiment's setting: redeploy it with "
    "--enable-prefix-caching (5a names the differing argument) and rerun "
    "the cell.";
static const char ACT_PREFIX_UNSHARED[] = "Check that the load generator "
    "draws a fresh prompt per request (no prompt pool reused, no seed "
    "fixed per client), or give the workload the shared prefixes the "
    "prompts have so that the simulation caches them too.";
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

/* What the experiment asks for: the bundle's expectation (config.md,
 * the scenario), NULL when it states none. */
static const json_t *
caching_planned(const struct judge *j, const struct jcell *c)
{
	return judge_expect(j, c, "vllm.enable_prefix_caching", NULL);
}

/* The verdict of one engine's hit rate (a fraction) given its own
 * setting (on) and the experiment's (plan), with its tolerance in *tol
 * and the reason it departs from PASS added to why.  The instance's own
 * setting alone would pass a pod restarted with --no-enable-prefix-caching
 * against an experiment that caches ("0 with caching off"): it prefills
 * every shared prefix the simulation serves from its cache.  With no
 * shared prefixes, hits above runtime.prefix_hit_unshared_pct mean the
 * prompts share text the workload does not (a prompt pool reused, a
 * seed fixed per client): the simulation prefills them in full; unless
 * the workload's sessions resend their history each round (history),
 * whose hits are expected. */
static enum jverdict_value
hits_judge(const struct judge *j, double rate, bool on, const json_t *plan,
    bool shared, bool history, const char **band, struct sbuf *why)
{
	double lim = tol(j->tol, TOL_RT_PREFIX_UNSHARED_PCT);

	if (!on && shared && plan != NULL &&
	    json_is_true(json_object_get(plan, "value"))) {
		*band = "> 0 with shared prefixes (caching on, as planned)";
		sbuf_adds(why, " The experiment has prefix caching on (");
		ru_where(why, plan);
		sbuf_adds(why, "): this instance ran without it, so it "
		    "prefilled every shared prefix the simulation serves from "
		    "its cache.");
		return V_WARN;
	}
	if (!on) {
		*band = "0 with caching off";
		return rate > 0 ? V_FAIL : V_PASS;
	}
	if (shared) {
		*band = "> 0 with shared prefixes";
		return rate > 0 ? V_PASS : V_WARN;
	}
	if (history) {
		*band = "any (multi-round sessions resend their history)";
		return V_PASS;
	}
	*band = "at most runtime.prefix_hit_unshared_pct (no shared prefixes)";
	if (rate * 100 <= lim)
		return V_PASS;
	sbuf_printf(why, " Above %g%% with no shared prefixes in the "
	    "workload: the prompts share text the trace does not say (a "
	    "reused prompt pool, a fixed seed), which the simulation "
	    "prefills in full.", lim);
	return V_WARN;
}

/* One engine's hit rate hr (NULL: the log has none); a log of several
 * engines (data parallelism) has one per rank, each judged. */
static void
hits_engine(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const json_t *hr, bool shared, bool history)
{
	const json_t *set = caching_setting(j, c, inst);
	json_t *sub = ru_rank_sub(inst, hr);
	const char *rank = rec_scope_str(hr, "rank");
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
	sbuf_printf(&why, "vLLM reports a hit rate of %.1f%%", rate * 100);
	if (rank != NULL)
		sbuf_printf(&why, " on its data-parallel engine %s", rank);
	sbuf_adds(&why, " (");
	ru_where(&why, hr);
	sbuf_adds(&why, ", its running window at the last stats line).");
	v = hits_judge(j, rate, on, caching_planned(j, c), shared, history,
	    &tol, &why);
	ru_emit(j, r, c, "prefix_cache.hit_rate", sub, set, hr, tol, v,
	    sbuf_str(&why), on && !shared ? ACT_PREFIX_UNSHARED : on ?
	    ACT_PREFIX_NONE : rate > 0 ? ACT_PREFIX_OFF : ACT_PREFIX_PLANNED);
out:
	json_decref(sub);
	sbuf_free(&why);
}

static void
hits_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, bool shared, bool history)
{
	struct ru_list l;

	ru_inst_records(j, c, "prefix_cache.hit_rate", inst, &l);
	if (l.n == 0)
		hits_engine(j, r, c, inst, NULL, shared, history);
	for (size_t i = 0; i < l.n; i++)
		hits_engine(j, r, c, inst, l.v[i], shared, history);
	ru_list_free(&l);
}

/* The best hit rate any instance reported against the share of the
 * trace's prompt tokens that are shared prefixes, mean prefix_length /
 * (mean prefix_length + mean input_tokens): what a cache that keeps
 * every prefix hits.  The per-instance check passes any hit at all, so a
 * prompt that shares only its first block, or a cache that evicts the
 * prefixes, passed.  The best stats line of the best instance is judged
 * (vLLM's window moves; an affinity router gives some pods no prefix
 * traffic), and only below half the share: WARN. */
static void
hits_share(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *pl = judge_measure(j, c, "prefix_length.mean", NULL);
	const json_t *in = judge_measure(j, c, "input_tokens.mean", NULL);
	const json_t *best = NULL, *set;
	struct ru_list l;
	struct sbuf why = {0};
	double p, n, share, x, top = 0;
	json_t *es, *ms;

	if (!ru_num(pl, &p) || !ru_num(in, &n) || p <= 0 || n < 0)
		return;
	share = p / (p + n);
	ru_collect(j, c, "measure", "stats.prefix_cache_hit_rate_pct.max",
	    RU_INSTANCE, false, &l);
	for (size_t i = 0; i < l.n; i++)
		if (ru_num(l.v[i], &x) && (best == NULL || x > top)) {
			top = x;
			best = l.v[i];
		}
	set = best == NULL ? NULL : caching_setting(j, c,
	    rec_scope_str(best, "instance"));
	if (best == NULL || (set != NULL && !json_is_true(json_object_get(set,
	    "value")))) {
		ru_list_free(&l);
		return;	/* no hit rates, or caching off: judged per instance */
	}
	sbuf_printf(&why, "%.1f%% of the trace's prompt tokens are shared "
	    "prefixes (mean prefix_length %.1f, mean input_tokens %.1f); the "
	    "best hit rate of any instance's stats lines is %.1f%% (", share *
	    100, p, n, top);
	ru_where(&why, best);
	sbuf_adds(&why, top / 100 >= share / 2 ? ")." : "), under half of "
	    "it: the prompts share less than the trace says (a per-request "
	    "token before the prefix, a prefix cut short), or the cache "
	    "evicts the prefixes.");
	es = ru_side(json_real(share), "fraction", pl, "mean prefix_length / "
	    "(mean prefix_length + mean input_tokens)");
	ms = ru_side(json_real(top / 100), "fraction", best, "highest 'Prefix "
	    "cache hit rate' of any stats line of any instance");
	ru_emit(j, r, c, "prefix_cache.hit_rate.best", NULL, es, ms, ">= half "
	    "the shared share", top / 100 >= share / 2 ? V_PASS : V_WARN,
	    sbuf_str(&why), "Check that the requests of a prefix group send "
	    "the same first tokens (no request id or time stamp before the "
	    "prefix) and that the KV cache holds the prefixes (5f).");
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
	ru_list_free(&l);
}

void
rule_prefix_hits(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *pf;
	struct strv insts;
	double frac = 0, rounds = 0;
	bool shared, history;

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
	/* Sessions of several rounds (a corpus replay, multi-turn clients)
	 * resend their conversation: their hits need no prefix group. */
	history = judge_any(j, c, "expect", "session.context_growth") ||
	    (ru_num(judge_measure(j, c, "session.rounds.max", NULL), &rounds) &&
	    rounds > 1);
	ru_instances(j, c, "log.lines", &insts);
	if (insts.n == 0)
		ru_instances(j, c, "prefix_cache.hit_rate", &insts);
	if (insts.n == 0)
		ru_emit(j, r, c, "prefix_cache.hit_rate", NULL, NULL, NULL,
		    NULL, V_MISSING, "No per-instance records from the server "
		    "logs.", "Rerun s2r-log-extract over the cell.");
	for (size_t i = 0; i < insts.n; i++)
		hits_instance(j, r, c, insts.v[i], shared, history);
	strv_free(&insts);
	if (shared)
		hits_share(j, r, c);
}
