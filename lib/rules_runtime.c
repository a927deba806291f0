/* rules_runtime.c - checks 5a-5d: how did the real run behave?  Each
 * instance runs the configured vLLM arguments, the router spreads the
 * requests as it should, the prefix cache hits when prompts share
 * prefixes, and only the classes the admission policy may shed are shed.
 *
 * 5a (each instance's vLLM arguments) is in rules_args.c, 5c (the
 * prefix-cache hit rate) in rules_prefix.c.
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
#include <time.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "rules_args.h"
#include "rules_prefix.h"
#include "ruleutil.h"
#include "satrule.h"
#include "str.h"

static const char ACT_SPREAD[] = "Requests were not spread as the router "
    "should spread them (an even router unevenly, or any router leaving "
    "an instance far below its share): check the instance's health and "
    "readiness, the router's endpoint list, and rerun.";
static const char ACT_DEAD[] = "An instance served no requests: check "
    "that the pod was ready and in the router's pool (5e, 5g).";
static const char ACT_RESTART[] = "A pod's vLLM container started "
    "during the run: read why the previous one ended (kubectl describe "
    "pod: restart count, last state, OOMKilled; kubectl logs --previous "
    "while the pod exists) and rerun the cell on a deployment that stays "
    "up.";
static const char ACT_PREWARM[] = "The cell ran cold: rerun it with blis "
    "observe's --prewarm-duration as the protocol says (or collect the "
    "logs of every pod that served it), so that its first minute is not "
    "the servers' warm-up.";
static const char ACT_SERVED[] = "The instances served a different number "
    "of requests than the trace sent and the difference is not explained "
    "by warm-up or shedding: look for lost or retried requests.";
static const char ACT_SHED_NEVER[] = "A class that must never be shed "
    "was shed: check the admission policy's priority mapping (4d) and "
    "the InferenceObjectives' priorities (5g).";
static const char ACT_SHED_NONE[] = "Requests were shed in an arm without "
    "an admission policy: the gateway rejected them (429/503); check "
    "flow control and the pool's capacity.";
static const char ACT_FAILED[] = "Requests failed (errors, timeouts or "
    "streams cut short): read the error_message of the rows cited and the "
    "server and EPP logs at that time (5e); a cell whose requests fail "
    "does not measure the policy it was meant to.";
static const char ACT_SHED_INERT[] = "The arm's admission policy shed "
    "nothing in any class it may shed: check that the router ran it (the "
    "plugin registered in the EPP binary and named in the scheduling "
    "profile, the EPP log's rejections), or that the load stayed below "
    "its threshold as the simulation's did.";
static const char ACT_SHED_ORDER[] = "A higher-priority class was shed "
    "more than a lower one: check the tiers' thresholds in the admission "
    "policy (4c, 4d).";

/* --- 5b ------------------------------------------------------------- */

/* How the arm routes: by affinity (a prefix, session or affinity scorer
 * whose scores a picker uses), where an uneven spread is the design, or
 * evenly.  A picker that ignores scores (random, round-robin) routes
 * evenly whatever scorers are configured. */
struct routing {
	bool		 affinity;
	const json_t	*scorer;	/* the affinity scorer, or NULL */
	const json_t	*picker;	/* the arm's picker, or NULL */
	bool		 picker_ignores_scores;
};

static bool
is_affinity_plugin(const char *metric, const char *v, bool phased)
{
	if (strcmp(metric, "epp.plugin") == 0 && phased)
		return strstr(v, "prefix") || strstr(v, "affinity") ||
		    strstr(v, "session");
	return strcmp(metric, "sim.routing_scorers") == 0 &&
	    strstr(v, "affinity") != NULL;
}

static bool
score_blind_picker(const char *type)
{
	return (strstr(type, "random") != NULL &&
	    strstr(type, "weighted") == NULL) ||
	    strstr(type, "round-robin") != NULL;
}

static void
arm_routing(const struct judge *j, const struct jcell *c, struct routing *rt)
{
	const char *kinds[] = { "measure", "expect" };
	/* The only metrics is_affinity_plugin() and the picker read. */
	static const char *const metrics[] = { "epp.plugin",
	    "sim.routing_scorers", NULL };

	memset(rt, 0, sizeof(*rt));
	for (size_t k = 0; k < 2; k++) {
		struct ru_list l;

		ru_select(j, &(struct jsel){ .kind = kinds[k],
		    .metrics = metrics, .ph = JM_IS_OR_NONE,
		    .phase = c->phase ? c->phase : "" }, &l);
		for (size_t i = 0; i < l.n; i++) {
			const json_t *rec = l.v[i];
			const char *p = rec_scope_str(rec, "phase");
			const char *v = rec_get_str(rec, "value");
			const char *metric = rec_get_str(rec, "metric");

			if (metric == NULL || v == NULL)
				continue;
			if (rt->scorer == NULL &&
			    is_affinity_plugin(metric, v, p != NULL))
				rt->scorer = rec;
			if (rt->picker == NULL && p != NULL &&
			    strcmp(metric, "epp.plugin") == 0 &&
			    str_has_suffix(v, "-picker"))
				rt->picker = rec;
		}
		ru_list_free(&l);
	}
	rt->picker_ignores_scores = rt->picker != NULL &&
	    score_blind_picker(rec_get_str(rt->picker, "value"));
	rt->affinity = rt->scorer != NULL && !rt->picker_ignores_scores;
}

static void
routing_text(struct sbuf *why, const struct routing *rt)
{
	if (rt->affinity) {
		sbuf_printf(why, " The arm routes by affinity (%s, ",
		    rec_get_str(rt->scorer, "value"));
		ru_where(why, rt->scorer);
		sbuf_adds(why, "): a share above the even one is by design "
		    "and not judged; one far below it is.");
	} else if (rt->scorer != NULL) {
		sbuf_printf(why, " The arm configures %s (", rec_get_str(
		    rt->scorer, "value"));
		ru_where(why, rt->scorer);
		sbuf_printf(why, ") but its picker %s (", rec_get_str(
		    rt->picker, "value"));
		ru_where(why, rt->picker);
		sbuf_adds(why, ") ignores scores: it routes evenly.");
	}
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

/* An instance's deviation from the even share (dev, percent) judged:
 * far below it is WARN/FAIL under any router; an even router also keeps
 * within its spread band; band gets the tolerance text. */
static enum jverdict_value
spread_band(const struct judge *j, double dev, bool affinity, char *band,
    size_t len)
{
	double warn = tol(j->tol, TOL_RT_SPREAD_WARN_PCT);
	double fail = tol(j->tol, TOL_RT_SPREAD_FAIL_PCT);
	double fwarn = tol(j->tol, TOL_RT_FLOOR_WARN_PCT);
	double ffail = tol(j->tol, TOL_RT_FLOOR_FAIL_PCT);
	enum jverdict_value floor = -dev > ffail ? V_FAIL : -dev > fwarn ?
	    V_WARN : V_PASS, even;

	if (affinity) {
		snprintf(band, len, "floor: -%.0f%% WARN, -%.0f%% FAIL (above "
		    "even: not judged, affinity)", fwarn, ffail);
		return floor;
	}
	snprintf(band, len, "\u00b1%.0f%% WARN, \u00b1%.0f%% FAIL", warn,
	    fail);
	even = fabs(dev) > fail ? V_FAIL : fabs(dev) > warn ? V_WARN : V_PASS;
	return even > floor ? even : floor;	/* PASS < WARN < FAIL */
}

static void
spread_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct spread *s, size_t i, size_t n, const struct routing *rt)
{
	json_t *sub = ru_inst_sub(s->insts.v[i]), *es, *ms;
	const json_t *errs = ru_inst_measure(j, c, "log.pattern_count.ERROR",
	    s->insts.v[i]);
	struct sbuf why = {0};
	double v = 0, share, even = 1.0 / (double)n, dev, nerr = 0;
	enum jverdict_value verdict;
	char band[96];

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
	routing_text(&why, rt);
	verdict = spread_band(j, dev, rt->affinity, band, sizeof(band));
	if (v == 0)
		verdict = V_FAIL;	/* idle: dead or out of the pool */
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

/* An instance whose log counts no request while the cell's others do
 * (its instance.requests null: no access line at all): not idle, for
 * all the log says, but uncounted, so the shares and the served total
 * leave it out.  A log with no INFO line at all ran above INFO (its
 * startup, stats and access lines all left out). */
static void
spread_uncounted(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct spread *s, size_t i)
{
	const char *inst = s->insts.v[i];
	const json_t *req = ru_inst_measure(j, c, s->from_epp ?
	    "epp.requests_handled" : "instance.requests", inst);
	const json_t *info = ru_inst_measure(j, c, "log.info_lines", inst);
	bool quiet = ru_above_info(j, c, inst);
	double nl = 0;
	struct sbuf why = {0};
	json_t *sub;

	if (s->from_epp || req == NULL)
		return;
	ru_num(ru_inst_measure(j, c, "log.lines", inst), &nl);
	sbuf_printf(&why, "Instance %s's log (", inst);
	ru_where(&why, req);
	sbuf_adds(&why, ") has no access line, while the cell's other logs "
	    "count their requests: its requests are not counted, so the "
	    "shares and the served total leave it out.");
	if (quiet)
		sbuf_printf(&why, " Its %.0f lines hold no INFO line at all: "
		    "vLLM and uvicorn logged above INFO (VLLM_LOGGING_LEVEL, "
		    "--uvicorn-log-level), so its startup, stats and access "
		    "lines are not in the log, whatever it served.", nl);
	else
		sbuf_adds(&why, " Its access log is off (vLLM's default "
		    "without --no-disable-uvicorn-access-log) while the "
		    "others' is on: the pods did not run one configuration.");
	sub = ru_inst_sub(inst);
	ru_emit(j, r, c, "instance.share", sub, NULL, quiet ? info : req,
	    "counted like the others", V_WARN, sbuf_str(&why), "Deploy every "
	    "pod with the same logging (INFO, the access log on) and rerun "
	    "the cell, or count its requests from the EPP log.");
	json_decref(sub);
	sbuf_free(&why);
}

/* Served against sent: d = served - (sent - shed), reached = sent - shed;
 * the protocol's warm-up w (warm: its record, or the trace header's when
 * the protocol states none, w_header; NULL: neither), its prewarm ps
 * seconds (pre), rps, the most requests a second a prewarm sends, and
 * slack, the most requests beyond the warm-up that pass when no prewarm
 * is stated. */
struct served {
	double		 d, reached, w, ps, rps, slack;
	const json_t	*warm, *pre;
	bool		 w_header;
};

static const char FOREIGN[] = "requests from outside this cell reached its "
    "pods (a deployment shared with another client), or the logs cover "
    "more than the cell.";

/* An excess beyond the warm-up where the bundle leaves the warm-up or
 * the prewarm unstated: a few requests (a prewarm, a smoke test) pass,
 * more than slack are load the trace does not hold. */
static enum jverdict_value
served_unstated(struct sbuf *why, const struct served *s)
{
	const char *what = s->warm == NULL ? "warm-up and prewarm" :
	    "prewarm";
	const char *beyond = s->warm == NULL ? "the trace's requests" :
	    "the warm-up";
	bool over = s->d - s->w > s->slack;

	sbuf_printf(why, ": %.0f beyond %s, %s the %.0f requests "
	    "(runtime.served_excess_pct of those sent) an unstated %s "
	    "explains%s", s->d - s->w, beyond, over ? "more than" : "within",
	    s->slack, what, over ? ": " : ".");
	if (!over)
		return V_PASS;
	sbuf_adds(why, FOREIGN);
	return V_WARN;
}

static enum jverdict_value
served_judged(struct sbuf *why, const struct served *s)
{
	bool prewarm = s->pre != NULL && s->ps > 0;
	double most = s->w + s->rps * s->ps;
	char a[32];

	if (s->d < s->w) {
		sbuf_adds(why, ": not explained by warm-up or shedding.");
		return V_WARN;
	}
	if (prewarm && s->d == s->w) {
		sbuf_printf(why, ": the protocol asks %.0f s of prewarm (",
		    s->ps);
		ru_where(why, s->pre);
		sbuf_adds(why, "), whose requests reach the instances but not "
		    "the trace, and none beyond the trace's and the warm-up "
		    "did: the cell was not prewarmed, or its prewarm went to "
		    "pods whose logs are not in the bundle.");
		return V_WARN;
	}
	if (prewarm && s->d > most) {
		judge_fmt_num(a, sizeof(a), s->rps);
		sbuf_printf(why, ": more than the warm-up and %.0f s of prewarm "
		    "(", s->ps);
		ru_where(why, s->pre);
		sbuf_printf(why, ") at up to %s a second "
		    "(runtime.objective_prewarm_rps) send, %.0f: ", a, most);
		sbuf_adds(why, FOREIGN);
		return V_WARN;
	}
	if (prewarm) {
		sbuf_printf(why, ": %.0f prewarm requests (%.0f s asked, ",
		    s->d - s->w, s->ps);
		ru_where(why, s->pre);
		sbuf_adds(why, s->w > 0 ? ") and the warm-up." : ").");
		return V_PASS;
	}
	if (s->d == s->w) {
		sbuf_adds(why, s->d == 0 ? ": every request sent reached an "
		    "instance." : ": exactly the warm-up.");
		return V_PASS;
	}
	if (s->warm == NULL || (s->w_header && s->pre == NULL))
		return served_unstated(why, s);
	sbuf_adds(why, ": not explained by warm-up or shedding.");
	return V_WARN;
}

/* The excess that passes, as the verdict's tolerance says it. */
static const char *
served_band(const struct served *s, char *buf, size_t n)
{
	if (s->pre != NULL && s->ps > 0)
		return "warm-up + prewarm";
	if (s->warm != NULL && !s->w_header)
		return "warm-up";
	snprintf(buf, n, "%s %.0f (runtime.served_excess_pct)", s->warm ?
	    "warm-up +" : "<=", s->slack);
	return buf;
}

static void
served_vs_sent(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct spread *s)
{
	const json_t *rows = judge_measure(j, c, "requests.count", NULL);
	double sent, shed = ru_status_rows(j, c, "shed");
	struct served sv = { .rps = tol(j->tol, TOL_RT_OBJ_PREWARM_RPS) };
	struct sbuf why = {0};
	char band[64];
	enum jverdict_value v;
	json_t *ms;

	sv.warm = ru_protocol_warmup(j, c, &sv.w);
	sv.pre = ru_protocol_prewarm(j, c, &sv.ps);
	/* blis observe sends the warm-up its trace header records */
	if (sv.warm == NULL) {
		const json_t *hdr = judge_measure(j, c, "warm_up.requests",
		    NULL);

		if (ru_num(hdr, &sv.w)) {
			sv.warm = hdr;
			sv.w_header = true;
		}
	}
	if (!ru_num(rows, &sent)) {
		ru_emit(j, r, c, "requests.served", NULL, NULL, NULL, NULL,
		    V_MISSING, "No requests.count for the cell (s2r-trace-stats "
		    "over trace_data.csv): served cannot be set against sent.",
		    NULL);
		return;
	}
	/* Rows the gateway answered itself (shed) never reach an
	 * instance. */
	sv.reached = sent - shed;
	sv.d = s->total - sv.reached;
	sv.slack = floor(sv.reached * tol(j->tol, TOL_RT_SERVED_EXCESS_PCT) /
	    100);
	sbuf_printf(&why, "The instances served %.0f requests; the trace "
	    "sent %.0f (", s->total, sent);
	ru_where(&why, rows);
	sbuf_printf(&why, "), %.0f of them shed by the gateway. Difference "
	    "%+.0f", shed, sv.d);
	if (sv.warm != NULL) {
		sbuf_printf(&why, "; blis observe sends %.0f warm-up requests "
		    "(%s", sv.w, sv.w_header ? "the trace header's "
		    "warm_up_requests, " : "");
		ru_where(&why, sv.warm);
		sbuf_adds(&why, ")");
	}
	if (s->from_epp) {
		sbuf_adds(&why, ". Counted from the EPP log, which may cover "
		    "only part of the run: not judged.");
		v = V_INAPPLICABLE;
	} else
		v = served_judged(&why, &sv);
	ms = ru_side(rec_num(s->total), "count", s->cnt[0], "sum over the "
	    "instances");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "requests.served",
	    .expect = rows, .measure = ms, .has_diff = true, .diff = sv.d,
	    .diff_unit = "count", .tolerance = served_band(&sv, band,
	    sizeof(band)),
	    .verdict = v, .why = sbuf_str(&why), .action = v == V_WARN &&
	    sv.pre != NULL && sv.ps > 0 && sv.d == sv.w ? ACT_PREWARM :
	    ACT_SERVED });
	json_decref(ms);
	sbuf_free(&why);
}

#define WINDOW_SLACK_S	RU_WINDOW_SLACK_S
#define WINDOW_TZ_S	RU_WINDOW_TZ_S
#define WINDOW_TAIL_S	600		/* requests finishing after the last send */
#define START_SLACK_S	10		/* a startup line's exact stamp: clock skew */
#define CUT_SLACK_S	30		/* three 10 s stats intervals */

/* What the startup lines say of an instance's window, judged only when
 * the pod's clock agrees with the trace's (its last stats line within
 * WINDOW_TAIL_S after the last send; a pod clock 30 min or more off in
 * another zone never is).  W_LATE: its container started after the
 * first send (kubectl logs shows only the current container: a pod
 * restarted mid-run, or added late); W_RESTART: startup lines again
 * after it was busy, inside the run (a log following the pod across a
 * restart: --previous, then the new container's); W_CUT: no startup
 * line and the first stats line well after the first send (the log cut
 * by kubectl logs --tail or --since: its start is not seen); W_BACK:
 * startup lines after it was busy but stamped before its first stats
 * line (the log runs back in time: two logs one after the other, a copy
 * appended by a retried collect step, so its counts are not one run's). */
enum wkind { W_OK, W_LATE, W_RESTART, W_CUT, W_BACK };

struct wfind {
	enum wkind	 kind;
	long long	 secs;		/* after the trace's first send */
	const json_t	*stamp;		/* the startup or first stats line */
};

static struct wfind
window_find(const struct judge *j, const struct jcell *c, const char *inst,
    time_t ts, time_t te, time_t ll)
{
	struct wfind f = { W_OK, 0, NULL };
	const json_t *st = ru_inst_measure(j, c, "log.start_stamp", inst);
	const json_t *re = ru_inst_measure(j, c, "log.restart_stamp", inst);
	const json_t *first = ru_inst_measure(j, c, "stats.first_stamp", inst);
	time_t t, t0;

	if (ll < te - WINDOW_SLACK_S || ll > te + WINDOW_TAIL_S)
		return f;
	if (ru_stamp_epoch(st, ts, &t) && t > ts + START_SLACK_S)
		f = (struct wfind){ W_LATE, (long long)(t - ts), st };
	else if (ru_stamp_epoch(re, ts, &t) && ru_stamp_epoch(first, ts, &t0) &&
	    t < t0 - START_SLACK_S)
		f = (struct wfind){ W_BACK, (long long)(t0 - t), re };
	else if (ru_stamp_epoch(re, ts, &t) && t > ts + START_SLACK_S &&
	    t <= te)
		f = (struct wfind){ W_RESTART, (long long)(t - ts), re };
	else if (st == NULL && ru_stamp_epoch(first, ts, &t) &&
	    t > ts + CUT_SLACK_S)
		f = (struct wfind){ W_CUT, (long long)(t - ts), first };
	return f;
}

static void
find_text(struct sbuf *why, const struct wfind *f)
{
	const char *at = json_string_value(json_object_get(f->stamp,
	    "value"));

	if (f->kind == W_BACK) {
		sbuf_printf(why, "But startup lines follow its stats lines in "
		    "the file stamped %s (", at);
		ru_where(why, f->stamp);
		sbuf_printf(why, "), %lld s before its first stats line: the "
		    "log runs back in time, so the file holds two logs one "
		    "after the other (a copy appended by a retried collect "
		    "step, logs of two containers joined out of order) and "
		    "what is counted from it (requests served, its share, "
		    "errors) is not one run's.", f->secs);
		return;
	}
	if (f->kind == W_CUT) {
		sbuf_printf(why, "But its log holds no startup line and its "
		    "first stats line is %lld s after the trace's first send: "
		    "the log was cut at its start (kubectl logs --tail or "
		    "--since), or the instance got no request until then; "
		    "whether it was up and served its share before %s is not "
		    "seen.", f->secs, at);
		return;
	}
	sbuf_printf(why, "But its vLLM %s at %s (", f->kind == W_RESTART ?
	    "restarted: startup lines again, after it had been busy," :
	    "started", at);
	ru_where(why, f->stamp);
	sbuf_printf(why, "), %lld s after the trace's first send: the "
	    "container restarted during the run%s, so the run had one "
	    "instance fewer than the simulation %s.", f->secs,
	    f->kind == W_RESTART ? "" : " (or the pod was added late)",
	    f->kind == W_RESTART ? "while it restarted, and the requests it "
	    "held were lost with it" : "until then, and the log of the "
	    "container before, with the cause, is not in the bundle");
}

static const char *
window_action(enum jverdict_value v, const struct wfind *f)
{
	if (v == V_PASS)
		return NULL;
	if (f->kind == W_LATE || f->kind == W_RESTART)
		return ACT_RESTART;
	if (f->kind == W_BACK)
		return "Collect each pod's log once into a fresh file "
		    "(kubectl logs > file, not >>; --previous into a file of "
		    "its own) and rerun 5b on the cell.";
	if (f->kind == W_CUT)
		return "Collect each pod's whole log (kubectl logs without "
		    "--tail or --since, from its start), so that its "
		    "startup and its whole busy window are in the bundle.";
	return "Collect the server logs of the pods that served this run "
	    "(the same deployment, the same time), or check the pods' time "
	    "zone.";
}

/* The pod's stamps; the startup line first when it is the finding. */
static json_t *
window_measure(const struct wfind *f, const json_t *first,
    const json_t *last)
{
	bool up = f->kind == W_LATE || f->kind == W_RESTART ||
	    f->kind == W_BACK;
	const char *fs = json_string_value(json_object_get(first, "value"));
	const char *ls = json_string_value(json_object_get(last, "value"));

	return ru_side(json_sprintf("%s%s%s%s - %s", up ? (f->kind ==
	    W_RESTART ? "restarted " : f->kind == W_BACK ? "started again "
	    : "started ") : "", up ?
	    json_string_value(json_object_get(f->stamp, "value")) : "", up ?
	    ", busy " : "", fs, ls), NULL, up ? f->stamp : first,
	    f->kind != W_LATE && up ? "stamps of the first startup line "
	    "after a stats line and of the first and last stats line (the "
	    "pod's clock)" :
	    up ? "stamps of the first startup line and of the first and "
	    "last stats line (the pod's clock)" : "stamps of the first and "
	    "last stats line (the pod's clock)");
}

/* One instance's busy window (its stats lines' stamps) against the
 * trace's send window: a log of another run or another day does not
 * overlap it.  The pod's clock has no zone: within 14 h it may be a
 * zone offset (WARN), beyond it is another run's log (FAIL). */
static void
window_instance(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *inst, double send_lo, double send_hi)
{
	const json_t *first = ru_inst_measure(j, c, "stats.first_stamp", inst);
	const json_t *last = ru_inst_measure(j, c, "stats.last_stamp", inst);
	time_t ts = (time_t)(send_lo / 1e6), te = (time_t)(send_hi / 1e6);
	time_t ll;
	long long gap;
	struct wfind f = { W_OK, 0, NULL };
	enum jverdict_value v;
	struct sbuf why = {0};
	json_t *sub, *es, *ms;
	char tbuf[2][32];
	struct tm tm;

	if (!ru_log_gap(j, c, inst, send_lo, send_hi, &gap) ||
	    !ru_stamp_epoch(last, ts, &ll))
		return;
	v = gap <= WINDOW_SLACK_S ? V_PASS : gap <= WINDOW_TZ_S +
	    WINDOW_SLACK_S ? V_WARN : V_FAIL;
	if (v == V_PASS)
		f = window_find(j, c, inst, ts, te, ll);
	if (f.kind != W_OK)
		v = f.kind == W_CUT ? V_WARN : V_FAIL;
	strftime(tbuf[0], sizeof(tbuf[0]), "%m-%d %H:%M:%S",
	    gmtime_r(&ts, &tm));
	strftime(tbuf[1], sizeof(tbuf[1]), "%m-%d %H:%M:%S",
	    gmtime_r(&te, &tm));
	sbuf_printf(&why, "The trace sent its requests from %s to %s UTC "
	    "(send_time_us); instance %s's stats lines run from %s (",
	    tbuf[0], tbuf[1], inst, json_string_value(json_object_get(first,
	    "value")));
	ru_where(&why, first);
	sbuf_printf(&why, ") to %s (", json_string_value(json_object_get(
	    last, "value")));
	ru_where(&why, last);
	sbuf_adds(&why, "). ");
	if (f.kind != W_OK)
		find_text(&why, &f);
	else if (v == V_PASS)
		sbuf_adds(&why, "The instance was busy while the trace ran.");
	else
		sbuf_printf(&why, "The windows are %lld s apart: %s", gap,
		    v == V_WARN ? "the pod's clock may run in another time "
		    "zone, or the log is of another run." : "the log is of "
		    "another run (or another day) than the trace.");
	sub = ru_inst_sub(inst);
	es = ru_side(json_sprintf("%s - %s UTC", tbuf[0], tbuf[1]), NULL,
	    judge_measure(j, c, "send_time_us.min", NULL), "smallest and "
	    "largest send_time_us, as UTC");
	ms = window_measure(&f, first, last);
	judge_emit(j, r, c, &(struct jverdict){ .metric = "log.window",
	    .sub = sub, .expect = es, .measure = ms, .has_diff = true,
	    .diff = (double)(f.kind != W_OK ? f.secs : gap), .diff_unit = "s",
	    .tolerance = f.kind == W_CUT ? "the log from before the first "
	    "send (30 s)" : f.kind == W_RESTART ? "no restart inside the run "
	    "(10 s)" : f.kind == W_BACK ? "stamps that do not run back (10 s)" : f.kind == W_LATE ? "started before the first send "
	    "(10 s)" : "overlap (60 s; WARN to 14 h)", .verdict = v,
	    .why = sbuf_str(&why), .action = window_action(v, &f) });
	json_decref(es);
	json_decref(ms);
	json_decref(sub);
	sbuf_free(&why);
}

static void
rule_window(struct judge *j, const struct rule *r, const struct jcell *c)
{
	double lo, hi;
	struct strv insts;

	/* a sim trace's send_time_us is its arrival time, not an epoch */
	if (!ru_num(judge_measure(j, c, "send_time_us.min", NULL), &lo) ||
	    !ru_num(judge_measure(j, c, "send_time_us.max", NULL), &hi) ||
	    lo < 1e15)
		return;
	ru_instances(j, c, "stats.first_stamp", &insts);
	for (size_t i = 0; i < insts.n; i++)
		window_instance(j, r, c, insts.v[i], lo, hi);
	strv_free(&insts);
}

static void
rule_spread(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct spread s;
	struct routing rt;
	size_t counted = 0;

	/* the run's saturation and queues, from its own report and scrapes
	 * (no server logs needed) */
	sr_saturation_verdict(j, r, c);
	sr_queue_verdicts(j, r, c);
	if (ru_arm_only(c) || !ru_need_logs(j, r, c, "server_logs", false,
	    "the requests per instance"))
		return;
	rule_window(j, r, c);
	if (!spread_counts(j, c, &s)) {
		ru_emit(j, r, c, "instance.requests", NULL, NULL, NULL, NULL,
		    V_INAPPLICABLE, "Neither the vLLM access log (disabled: "
		    "instance.requests is null) nor EPP 'Request handled' "
		    "lines give requests per instance.", NULL);
		return;
	}
	arm_routing(j, c, &rt);
	/* the even share among the instances counted: an uncounted one's
	 * requests are in no total */
	for (size_t i = 0; i < s.insts.n; i++)
		counted += s.cnt[i] != NULL;
	for (size_t i = 0; i < s.insts.n; i++)
		if (s.cnt[i] != NULL)
			spread_instance(j, r, c, &s, i, counted, &rt);
		else
			spread_uncounted(j, r, c, &s, i);
	served_vs_sent(j, r, c, &s);
	free(s.cnt);
	strv_free(&s.insts);
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

/* The arm's admission policy: none; one that may hold requests back
 * rather than reject them (a usage-limit policy or saturation detector
 * under flow control queues until the limit clears); or a request-control
 * admission plugin, whose only way to act is to reject. */
enum admission { ADM_NONE, ADM_QUEUE, ADM_REJECT };

static enum admission
admission_of(const json_t *rec)
{
	const char *metric = rec_get_str(rec, "metric");
	const char *key = rec_get_str(rec, "key");
	const char *v = rec_get_str(rec, "value");

	if (metric == NULL)
		return ADM_NONE;
	if (strcmp(metric, "epp.flow_control") == 0 && key != NULL &&
	    (strstr(key, "usageLimitPolicy") ||
	    strstr(key, "saturationDetector")))
		return ADM_QUEUE;
	if (strcmp(metric, "epp.saturation_detector") == 0)
		return ADM_QUEUE;
	if (strcmp(metric, "epp.plugin") != 0 || v == NULL)
		return ADM_NONE;
	if (strstr(v, "admission") || strstr(v, "admitter") ||
	    strstr(v, "shed"))
		return ADM_REJECT;
	return strstr(v, "usage-limit") || strstr(v, "ceiling") ?
	    ADM_QUEUE : ADM_NONE;
}

/* The arm's admission: a rejecting plugin wins over a queueing policy. */
static enum admission
admission_active(const struct judge *j, const struct jcell *c)
{
	struct ru_list l;
	enum admission a = ADM_NONE, k;

	if (c->phase == NULL)
		return ADM_NONE;
	ru_select(j, &(struct jsel){ .wl = JM_NONE, .ph = JM_IS,
	    .phase = c->phase }, &l);
	for (size_t i = 0; i < l.n; i++)
		if ((k = admission_of(l.v[i])) > a)
			a = k;
	ru_list_free(&l);
	return a;
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
		const char *st = rec_get_str(l.v[i], "status");

		if (k == NULL || strcmp(k, cls) != 0 || !ru_num(l.v[i], &v) ||
		    (v == 0 && !nullstr_eq(st, "ok")))
			continue;
		/* A row without its status (a broken record) says so. */
		sbuf_printf(b, "%s%.0f %s", b->len ? ", " : "", v,
		    st != NULL ? st : "(no status)");
	}
	ru_list_free(&l);
}

struct shedclass {
	const json_t	*rate;
	const json_t	*tier;
	const char	*cls;
	double		 prio, value;
};

/* Whether the admission policy shed any request of a class it may shed
 * (negative priority; an unknown priority counts as one it may shed). */
static bool
shed_any(const struct shedclass *all, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((isnan(all[i].prio) || all[i].prio < 0) &&
		    all[i].value > 0)
			return true;
	return false;
}

static void
shed_class(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct shedclass *k, const struct shedclass *all, size_t n,
    enum admission admission)
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
	sbuf_printf(&why, "). The arm has %s admission policy. ",
	    admission != ADM_NONE ? "an" : "no");
	if (!isnan(k->prio) && k->prio >= 0) {
		tol = "never shed";
		if (k->value > 0) {
			v = V_FAIL;
			action = ACT_SHED_NEVER;
		}
		sbuf_adds(&why, "Priority 0 and above is never shed.");
	} else if (admission == ADM_NONE) {
		tol = "no shedding";
		if (k->value > 0) {
			v = V_FAIL;
			action = ACT_SHED_NONE;
		}
		sbuf_adds(&why, "Without admission nothing is shed.");
	} else if (admission == ADM_REJECT && !shed_any(all, n)) {
		/* An admission plugin that shed no request of any class it
		 * may shed is as likely not to have run at all (a plugin the
		 * binary never registered admits everything) as to have
		 * stayed under its threshold: the trace cannot tell them
		 * apart, so a WARN with both readings.  Flow control is
		 * left out: it queues, and sheds only when a queue
		 * overflows. */
		tol = "lower priority sheds most";
		v = V_WARN;
		action = ACT_SHED_INERT;
		sbuf_adds(&why, "No class of negative priority was shed in "
		    "this arm: either its admission policy never ran or the "
		    "load stayed below its threshold.");
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

/* Statuses that are failures in any arm: the gateway's sheds are not
 * among them (judged per class by shed_class), everything else that is
 * not ok is. */
static const struct {
	const char	*status;
	const char	*words;
} failure_kinds[] = {
	{ "http_error", "HTTP errors" },
	{ "error", "other errors" },
	{ "timeout", "timeouts" },
	{ "failed_empty", "cut streams (status ok, no output, no "
	    "finish_reason)" },
	{ "aborted", "requests the server aborted (status ok, finish_reason "
	    "abort)" },
	{ "incomplete", "incomplete requests" },
	{ "unknown", "rows with a status the trace format does not define" },
};
#define NFAILURE_KINDS (sizeof(failure_kinds) / sizeof(failure_kinds[0]))

struct failures {
	double		 rows, failed;
	double		 count[NFAILURE_KINDS];
	const json_t	*first[NFAILURE_KINDS];	/* a record with count > 0 */
	const json_t	*any;			/* a status.count record */
	struct sbuf	 by_class;
	size_t		 nclasses;
};

static int
failure_kind(const char *status)
{
	for (size_t k = 0; status != NULL && k < NFAILURE_KINDS; k++)
		if (strcmp(status, failure_kinds[k].status) == 0)
			return (int)k;
	return -1;
}

/* The cell's status.count records summed by failure kind. */
static void
count_failures(const struct judge *j, const struct jcell *c,
    struct failures *f)
{
	struct ru_list l;
	struct strv classes = {0};

	memset(f, 0, sizeof(*f));
	ru_collect(j, c, "measure", "status.count", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *cls = rec_scope_str(l.v[i], "class");
		int k = failure_kind(rec_get_str(l.v[i], "status"));
		double v;

		if (!ru_num(l.v[i], &v))
			continue;
		f->any = f->any != NULL ? f->any : l.v[i];
		f->rows += v;
		if (k < 0 || v <= 0)
			continue;
		f->count[k] += v;
		f->failed += v;
		if (f->first[k] == NULL)
			f->first[k] = l.v[i];
		sbuf_printf(&f->by_class, "%s\"%s\" %.0f %s", f->by_class.len ?
		    ", " : "", cls != NULL ? cls : "", v,
		    failure_kinds[k].status);
		if (cls != NULL && strv_find(&classes, cls) < 0)
			strv_add(&classes, cls);
	}
	f->nclasses = classes.n;
	strv_free(&classes);
	ru_list_free(&l);
}

static void
failures_text(struct sbuf *why, const struct failures *f, double pct)
{
	size_t said = 0;

	sbuf_printf(why, "%.0f of %.0f requests (%.2f%%) failed", f->failed,
	    f->rows, pct);
	for (size_t k = 0; k < NFAILURE_KINDS; k++) {
		if (f->count[k] == 0)
			continue;
		sbuf_printf(why, "%s %.0f %s (first at ", said++ ? "," : ":",
		    f->count[k], failure_kinds[k].words);
		ru_where(why, f->first[k]);
		sbuf_adds(why, ")");
	}
	if (f->nclasses > 1)
		sbuf_printf(why, "; by class: %s", sbuf_str(&f->by_class));
	sbuf_adds(why, ".");
}

/* Errors, timeouts and cut streams over the whole cell, in any arm:
 * WARN above a small share of the rows, FAIL above a larger one. */
static void
status_failures(struct judge *j, const struct rule *r, const struct jcell *c,
    bool admission)
{
	double warn = tol(j->tol, TOL_RT_FAILED_WARN_PCT);
	double fail = tol(j->tol, TOL_RT_FAILED_FAIL_PCT);
	struct failures f;
	struct sbuf why = {0};
	enum jverdict_value v;
	char band[96], a[32], b[32];
	double pct;
	json_t *es, *ms;

	count_failures(j, c, &f);
	if (f.any == NULL || f.rows <= 0) {
		ru_emit(j, r, c, "requests.failed", NULL, NULL, f.any, NULL,
		    f.any == NULL ? V_MISSING : V_INAPPLICABLE, f.any == NULL ?
		    "No status.count for the cell: it comes from s2r-trace-stats "
		    "over the cell's trace_data.csv." : "The trace has no rows.",
		    "Rerun s2r-trace-stats over the cell.");
		sbuf_free(&f.by_class);
		return;
	}
	pct = f.failed / f.rows * 100;
	v = pct > fail ? V_FAIL : pct > warn ? V_WARN : V_PASS;
	/* a status s2r cannot read may be a success or a shed under a new
	 * name: counted as failed, never passed over */
	if (f.count[failure_kind("unknown")] > 0 && v == V_PASS)
		v = V_WARN;
	if (f.failed == 0)
		sbuf_printf(&why, "All %.0f requests ended without an error, a "
		    "timeout or a cut stream.", f.rows);
	else
		failures_text(&why, &f, pct);
	sbuf_adds(&why, admission ? " The arm sheds on purpose (admission "
	    "policy): its sheds are judged per class, failures are not "
	    "sheds." : " The arm has no admission policy: every request "
	    "should be ok.");
	if (f.count[failure_kind("unknown")] > 0)
		sbuf_adds(&why, " A status the trace format does not define "
		    "(ok, error, timeout, incomplete) is counted as failed: "
		    "if the client writes successes or sheds under that name, "
		    "the failure and shed rates are wrong.");
	judge_fmt_num(a, sizeof(a), warn);
	judge_fmt_num(b, sizeof(b), fail);
	snprintf(band, sizeof(band), "> %s%% WARN, > %s%% FAIL", a, b);
	es = ru_side(rec_num(0), "fraction", NULL, "no request fails: "
	    "errors, timeouts and cut streams over all rows");
	ms = ru_side(rec_num(f.failed / f.rows), "fraction", f.any,
	    "rows with status http_error, error, timeout, failed_empty, "
	    "aborted, incomplete or unknown / all rows (status.count, every "
	    "class)");
	json_object_del(json_object_get(ms, "source"), "line");
	json_object_set_new(ms, "n", rec_num(f.rows));
	judge_emit(j, r, c, &(struct jverdict){ .metric = "requests.failed",
	    .expect = es, .measure = ms, .has_diff = true, .diff = pct,
	    .diff_unit = "%", .tolerance = band, .verdict = v,
	    .why = sbuf_str(&why), .action = ACT_FAILED });
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
	sbuf_free(&f.by_class);
}

static void
rule_shed(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct ru_list l;
	struct shedclass *k;
	size_t n = 0;
	enum admission admission;

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
	status_failures(j, r, c, admission != ADM_NONE);
	for (size_t i = 0; i < n; i++)
		shed_class(j, r, c, &k[i], k, n, admission);
	free(k);
	ru_list_free(&l);
}

const struct rule rules_runtime[] = {
	{ "5a", "vLLM args per server log", true, rule_vllm_args },
	{ "5b", "Instance health and request spread", true, rule_spread },
	{ "5c", "Prefix-cache hit rate", true, rule_prefix_hits },
	{ "5d", "Request status and shed rate", true, rule_shed },
	{ NULL, NULL, false, NULL }
};
