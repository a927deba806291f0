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
#include <time.h>

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
static const char ACT_PREFIX_UNLOGGED[] = "Deploy every pod with the "
    "same logging (stats on, VLLM_LOGGING_LEVEL=INFO) and rerun the cell, "
    "so that each pod's log shows its prefix cache hit rate.";
static const char ACT_PREFIX_PLANNED[] = "This instance ran with prefix "
    "caching off against the experiment's setting: redeploy it with "
    "--enable-prefix-caching (5a names the differing argument) and rerun "
    "the cell.";
static const char ACT_PREFIX_UNPLANNED[] = "This instance ran with "
    "prefix caching on against the experiment's setting (vLLM caches by "
    "default): redeploy it with --no-enable-prefix-caching (5a names the "
    "differing argument) and rerun the cell.";
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
	if (plan != NULL && json_is_false(json_object_get(plan, "value"))) {
		/* The mirror of the first case: a pod left on vLLM's
		 * default (caching on since V1) where the experiment turns
		 * it off; hits up to the unshared bound are overlap any
		 * prompts have (a chat template's first block). */
		*band = "at most runtime.prefix_hit_unshared_pct (the "
		    "experiment has caching off)";
		if (rate * 100 <= lim)
			return V_PASS;
		sbuf_adds(why, " The experiment has prefix caching off (");
		ru_where(why, plan);
		sbuf_printf(why, "): this instance ran with it on and served "
		    "more than %g%% of its prompt tokens from its cache, which "
		    "the simulation prefills.", lim);
		return V_WARN;
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

/* A log with no hit rate whose access lines show it served requests
 * while a sibling of the cell logged stats lines: stats logging was
 * off on this pod only (--disable-log-stats, another log level), so
 * what its cache did is unseen, not absent.  The requests served into
 * *served; false when the pod was idle or no pod logs stats (nothing
 * says it should have). */
static bool
served_unlogged(const struct judge *j, const struct jcell *c,
    const char *inst, double *served)
{
	struct strv insts = {0};
	bool sibling = false;
	double n;

	if (!ru_num(ru_inst_measure(j, c, "instance.requests", inst),
	    served) || *served <= 0)
		return false;
	ru_instances(j, c, "stats.samples", &insts);
	for (size_t i = 0; i < insts.n && !sibling; i++)
		sibling = strcmp(insts.v[i], inst) != 0 &&
		    ru_num(ru_inst_measure(j, c, "stats.samples", insts.v[i]),
		    &n) && n > 0;
	strv_free(&insts);
	return sibling;
}

/* One engine's hit rate hr (NULL: the log has none); a log of several
 * engines (data parallelism) has one per rank, each judged. */
static void
hits_engine(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, const json_t *hr, bool shared, bool history)
{
	const json_t *set = caching_setting(j, c, inst), *plan;
	json_t *sub = ru_rank_sub(inst, hr);
	const char *rank = rec_scope_str(hr, "rank");
	struct sbuf why = {0};
	bool on = set != NULL && json_is_true(json_object_get(set, "value"));
	bool unplanned;
	double rate = 0, served;
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
	if (!ru_num(hr, &rate) && served_unlogged(j, c, inst, &served)) {
		sbuf_printf(&why, "Instance %s served %.0f requests (its access "
		    "lines) but its log has no stats line with a prefix cache "
		    "hit rate, while other pods of the cell log them: stats "
		    "logging was off on this pod, so whether its cache hit as "
		    "the others' did cannot be seen.", inst, served);
		ru_emit(j, r, c, "prefix_cache.hit_rate", sub, set, NULL, NULL,
		    V_WARN, sbuf_str(&why), ACT_PREFIX_UNLOGGED);
		goto out;
	}
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
	plan = caching_planned(j, c);
	v = hits_judge(j, rate, on, plan, shared, history, &tol, &why);
	unplanned = on && plan != NULL &&
	    json_is_false(json_object_get(plan, "value"));
	ru_emit(j, r, c, "prefix_cache.hit_rate", sub, set, hr, tol, v,
	    sbuf_str(&why), unplanned ? ACT_PREFIX_UNPLANNED : on && !shared ?
	    ACT_PREFIX_UNSHARED : on ? ACT_PREFIX_NONE : rate > 0 ?
	    ACT_PREFIX_OFF : ACT_PREFIX_PLANNED);
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

/* A pod clock a little ahead of the trace's would stamp a prewarm's
 * last line after the first send: 5b's allowance for a startup stamp. */
#define CUT_SKEW_S	10

/* The best hit rate of the instances' stats lines, in %: rec is the
 * record it comes from, cut whether those lines were cut at the trace's
 * first send (ncut of ninst instances could be). */
struct hitbest {
	double		 top;
	double		 t;		/* its row's t_s, when cut */
	const json_t	*rec;
	bool		 cut;
	size_t		 ncut, ninst;
	time_t		 from;		/* the cut, Unix seconds */
};

/* The column of stats.series record rec holding the hit rate, 0: none. */
static size_t
hit_column(const json_t *rec)
{
	const json_t *name;
	size_t k;

	json_array_foreach(json_object_get(rec, "columns"), k, name)
		if (json_is_string(name) && strcmp(json_string_value(name),
		    "prefix_cache_hit_rate_pct") == 0)
			return k;
	return 0;
}

/* The highest hit rate of instance inst's stats.series rows (of every
 * engine) that start from seconds since its first stats line on: a
 * bucket's first line is its earliest, so none before it is counted.
 * 1: found; 0: rows with hit rates, none from then on (the instance
 * served none of the run); -1: no row has a hit rate (an older
 * s2r-log-extract's series). */
static int
series_max(const struct judge *j, const struct jcell *c, const char *inst,
    double from, double *top, double *at, const json_t **rec)
{
	struct ru_list l;
	bool any = false, seen = false;

	ru_inst_records(j, c, "stats.series", inst, &l);
	for (size_t i = 0; i < l.n; i++) {
		size_t col = hit_column(l.v[i]), k;
		const json_t *row;

		json_array_foreach(json_object_get(l.v[i], "points"), k, row) {
			const json_t *t = json_array_get(row, 0);
			const json_t *x = json_array_get(row, col);

			if (col == 0 || !json_is_number(t) ||
			    !json_is_number(x))
				continue;
			seen = true;
			if (json_number_value(t) < from ||
			    (any && json_number_value(x) <= *top))
				continue;
			*top = json_number_value(x);
			*at = json_number_value(t);
			*rec = l.v[i];
			any = true;
		}
	}
	ru_list_free(&l);
	return any ? 1 : seen ? 0 : -1;
}

/* Where instance inst's lines inside the run start, in seconds since its
 * first stats line: from the trace's first send (an epoch: a sim trace's
 * send times are arrivals) on, when the log's stamps overlap the sends
 * as 5b's log.window passes them (a pod clock in another zone cannot be
 * placed).  vLLM's rate is a running window over its last requests, so
 * lines before the first send show a prewarm's or an earlier run's. */
static bool
inst_cut(const struct judge *j, const struct jcell *c, const char *inst,
    time_t *from, double *since_first)
{
	const json_t *first = ru_inst_measure(j, c, "stats.first_stamp", inst);
	double lo, hi;
	long long gap;
	time_t lf;

	if (!ru_num(judge_measure(j, c, "send_time_us.min", NULL), &lo) ||
	    !ru_num(judge_measure(j, c, "send_time_us.max", NULL), &hi) ||
	    lo < 1e15 || !ru_log_gap(j, c, inst, lo, hi, &gap) ||
	    gap > RU_WINDOW_SLACK_S)
		return false;
	*from = (time_t)(lo / 1e6) + CUT_SKEW_S;
	if (!ru_stamp_epoch(first, *from, &lf))
		return false;
	*since_first = (double)(*from - lf);
	return true;
}

/* Each instance's best line inside the run where it can be cut (none
 * when it has no line there), else its best line of the whole log
 * (stats.prefix_cache_hit_rate_pct.max, one per engine); the best of
 * them into *b.  False when none has one. */
static bool
hit_best(const struct judge *j, const struct jcell *c, struct hitbest *b)
{
	struct strv insts;

	memset(b, 0, sizeof(*b));
	ru_instances(j, c, "stats.prefix_cache_hit_rate_pct.max", &insts);
	b->ninst = insts.n;
	for (size_t i = 0; i < insts.n; i++) {
		const json_t *rec = NULL;
		struct ru_list l;
		double from, x = 0, t = 0;
		int in = inst_cut(j, c, insts.v[i], &b->from, &from) ?
		    series_max(j, c, insts.v[i], from, &x, &t, &rec) : -1;
		bool cut = in >= 0;

		b->ncut += cut;
		ru_inst_records(j, c, "stats.prefix_cache_hit_rate_pct.max",
		    insts.v[i], &l);
		for (size_t k = 0; !cut && k < l.n; k++) {
			double y;

			if (ru_num(l.v[k], &y) && (rec == NULL || y > x)) {
				x = y;
				rec = l.v[k];
			}
		}
		ru_list_free(&l);
		if (rec != NULL && (b->rec == NULL || x > b->top))
			*b = (struct hitbest){ x, t, rec, cut, b->ncut,
			    b->ninst, b->from };
	}
	strv_free(&insts);
	return b->rec != NULL;
}

/* Which lines were judged, for the why. */
static void
best_lines(struct sbuf *why, const struct hitbest *b)
{
	char at[32];
	struct tm tm;

	strftime(at, sizeof(at), "%m-%d %H:%M:%S", gmtime_r(&b->from, &tm));
	if (b->ncut > 0)
		sbuf_printf(why, "stats lines stamped from %s UTC on (the "
		    "trace's first send and %d s of clock skew; %zu of %zu "
		    "instances' logs could be cut there%s: vLLM's rate is a "
		    "running window, so lines before it show a prewarm's or "
		    "an earlier run's hits)", at, CUT_SKEW_S, b->ncut,
		    b->ninst, b->ncut < b->ninst ? ", the others' whole "
		    "logs count" : "");
	else
		sbuf_adds(why, "stats lines, all of them: they could not be "
		    "cut at the trace's first send (no send times as dates, "
		    "no stamps, a pod clock off the trace's (5b log.window) or "
		    "no hit rate per line), so a prewarm's lines count too");
}

/* The best hit rate any instance reported against the share of the
 * trace's prompt tokens that are shared prefixes, mean prefix_length /
 * (mean prefix_length + mean input_tokens): what a cache that keeps
 * every prefix hits.  The per-instance check passes any hit at all, so a
 * prompt that shares only its first block, or a cache that evicts the
 * prefixes, passed.  The best stats line inside the run of the best
 * instance is judged (vLLM's window moves; an affinity router gives some
 * pods no prefix traffic), and only below half the share: WARN. */
static void
hits_share(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *pl = judge_measure(j, c, "prefix_length.mean", NULL);
	const json_t *in = judge_measure(j, c, "input_tokens.mean", NULL);
	const json_t *set;
	struct hitbest b;
	struct sbuf why = {0};
	double p, n, share;
	json_t *es, *ms;

	if (!ru_num(pl, &p) || !ru_num(in, &n) || p <= 0 || n < 0 ||
	    !hit_best(j, c, &b))
		return;
	share = p / (p + n);
	set = caching_setting(j, c, rec_scope_str(b.rec, "instance"));
	if (set != NULL && !json_is_true(json_object_get(set, "value")))
		return;	/* caching off: judged per instance */
	sbuf_printf(&why, "%.1f%% of the trace's prompt tokens are shared "
	    "prefixes (mean prefix_length %.1f, mean input_tokens %.1f); the "
	    "best hit rate of any instance's ", share * 100, p, n);
	best_lines(&why, &b);
	sbuf_printf(&why, " is %.1f%% (", b.top);
	if (b.cut)
		sbuf_printf(&why, "the stats.series row %g s after the first "
		    "stats line of ", b.t);
	ru_where(&why, b.rec);
	sbuf_adds(&why, b.top / 100 >= share / 2 ? ")." : "), under half of "
	    "it: the prompts share less than the trace says (a per-request "
	    "token before the prefix, a prefix cut short), or the cache "
	    "evicts the prefixes.");
	es = ru_side(json_real(share), "fraction", pl, "mean prefix_length / "
	    "(mean prefix_length + mean input_tokens)");
	ms = ru_side(json_real(b.top / 100), "fraction", b.rec, b.cut ?
	    "highest 'Prefix cache hit rate' of the stats lines (stats.series "
	    "rows) of any instance stamped from the trace's first send on" :
	    "highest 'Prefix cache hit rate' of any stats line of any "
	    "instance");
	ru_emit(j, r, c, "prefix_cache.hit_rate.best", NULL, es, ms, ">= half "
	    "the shared share", b.top / 100 >= share / 2 ? V_PASS : V_WARN,
	    sbuf_str(&why), "Check that the requests of a prefix group send "
	    "the same first tokens (no request id or time stamp before the "
	    "prefix) and that the KV cache holds the prefixes (5f).");
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
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
