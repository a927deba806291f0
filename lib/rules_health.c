/* rules_health.c - checks 5e-5g: did the deployment's parts stay
 * healthy through the run?  Errors in each server log, one KV-cache
 * capacity across instances and arms (5f, rules_kvcap.c), and the router
 * (EPP) behaving as configured, its InferenceObjectives resolving as
 * upstream's 5c.6 asks (that part of 5g is rules_eppobj.c; 5h, the GPUs,
 * is rules_gpu.c).
 *
 * Measurements come from s2r-log-extract over the cell's server_logs,
 * epp_logs and gpu_logs (schemas/metrics-runtime.json); expectations from
 * the deployed EPP configs (s2r-config --epp) and the sim's priority
 * tiers.  EPP and GPU logs are optional: without them 5g and 5h are
 * INAPPLICABLE.
 *
 * Thresholds: runtime.kv_* in lib/tolerance (pipelines/tolerances.yaml):
 * KV cache size across instances and arms 1 % PASS / 5 % WARN. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_eppobj.h"
#include "rules_kvcap.h"
#include "satrule.h"
#include "str.h"

#define MAX_ARMS	64

static const char ACT_LOG[] = "Read the lines cited: the instance hit "
    "errors during the run, so its results are suspect; fix the cause "
    "and rerun the cell.";
const char ACT_EPP_RUNTIME[] = "The router did not behave as configured: "
    "check the EPP deployment (feature gates, InferenceObjectives, pool "
    "selector) and its log verbosity.";

static const char ACT_EPP_METRICS[] = "The router did not read the "
    "pods' load as it ran: read the 'Failed to refreshed metrics' lines "
    "cited (a /metrics endpoint the EPP cannot reach, a metric name its "
    "flags give that the server's version does not export), fix the EPP's "
    "access or its metric-name flags and rerun the cell.";

static const char ACT_EPP_WINDOW[] = "The EPP log is not of the run the "
    "trace recorded (another attempt, another day): collect the EPP log "
    "of this run (kubectl logs of the EPP pod that served it, since its "
    "first send) and rerun 5g; nothing read from this one describes the "
    "cell.";

static const char ACT_STARTED[] = "The container started during the "
    "run: read why the one before ended (kubectl describe pod: last "
    "state; kubectl logs --previous when its log is not in the bundle) "
    "and rerun the cell.";
static const char ACT_REFUSED[] = "The server answered inference "
    "requests with an HTTP error the client trace may not show (a P/D "
    "prefill leg, a sidecar retry): read the access lines cited and the "
    "vLLM lines just before them, fix the cause (an invalid request "
    "parameter, an engine that was not ready) and rerun the cell.";

/* --- 5e ------------------------------------------------------------- */

/* label: how the counts name the pattern (NULL: its name).  A stall
 * WARNs: the engine made no token for a stats interval with requests
 * running, which no ERROR line need show (a hang that cleared); the
 * requests in flight then carry it in their latency. */
static const struct {
	const char		*pattern;
	enum jverdict_value	 v;
	const char		*label;
} problems[] = {
	{ "engine_dead", V_FAIL, NULL }, { "oom", V_FAIL, NULL },
	{ "cuda_error", V_FAIL, NULL }, { "CRITICAL", V_FAIL, NULL },
	{ "traceback", V_FAIL, NULL }, { "ERROR", V_FAIL, NULL },
	{ "timeout", V_WARN, NULL },
	{ "stall", V_WARN, "stats lines with requests running and no token "
	    "made (the engine stalled for their interval)" },
	{ "ignored_fields", V_WARN, "requests with fields vLLM ignored "
	    "(the client's request did not run as sent)" },
	{ "WARNING", V_PASS, NULL },
};
#define NPROBLEMS (sizeof(problems) / sizeof(problems[0]))

static void
evidence(struct sbuf *b, const struct judge *j, const struct jcell *c,
    const char *inst, const char *pattern, size_t *left)
{
	struct ru_list l;
	char metric[64];

	snprintf(metric, sizeof(metric), "log.evidence.%s", pattern);
	ru_collect(j, c, "measure", metric, RU_INSTANCE, false, &l);
	for (size_t i = 0; i < l.n && *left > 0; i++) {
		if (strcmp(rec_scope_str(l.v[i], "instance"), inst) != 0)
			continue;
		sbuf_adds(b, " ");
		ru_where(b, l.v[i]);
		sbuf_adds(b, ": ");
		ru_value_text(b, json_object_get(l.v[i], "value"));
		(*left)--;
	}
	ru_list_free(&l);
}

/* Inference requests the server itself refused or failed: its access
 * lines for POST /v1/completions or /v1/chat/completions with a status
 * of 400 or more.  No vLLM ERROR line need come with them (a request
 * vLLM rejects as invalid gets a 400 and nothing else), and the client's
 * trace does not see them when a P/D prefill leg or a retrying sidecar
 * stood between (docs/formats.md §5.5: PD3's prefill pods answered 400
 * for min_tokens > max_tokens).  Adds to counts and lines; returns the
 * verdict they deserve, V_PASS when there are none. */
static enum jverdict_value
refused_requests(const struct judge *j, const struct jcell *c,
    const char *inst, struct sbuf *counts, struct sbuf *lines)
{
	static const char *const inference[] = { "POST /v1/completions ",
	    "POST /v1/chat/completions ", NULL };
	const json_t *all = ru_inst_measure(j, c, "instance.requests", inst);
	struct ru_list l;
	double bad = 0, total = 0, n, pct;

	ru_inst_records(j, c, "access.count.*", inst, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *field = rec_get_str(json_object_get(l.v[i],
		    "source"), "field"), *status;
		bool served = true;

		if (field == NULL || !ru_num(l.v[i], &n))
			continue;
		for (size_t k = 0; inference[k] != NULL; k++)
			if (strncmp(field, inference[k],
			    strlen(inference[k])) == 0 &&
			    (status = strrchr(field, ' ')) != NULL &&
			    atoi(status + 1) >= 400)
				served = false;
		if (served)
			continue;
		bad += n;
		sbuf_adds(lines, " ");
		ru_where(lines, l.v[i]);
		sbuf_printf(lines, ": %.0f access lines '%s' (the first cited)",
		    n, field);
	}
	ru_list_free(&l);
	if (bad == 0)
		return V_PASS;
	sbuf_printf(counts, "%s%.0f inference requests answered with an "
	    "HTTP error", counts->len ? ", " : "", bad);
	if (!ru_num(all, &total) || total <= 0)
		return V_WARN;
	pct = bad / total * 100;
	sbuf_printf(counts, " (%.2f%% of the %.0f access lines of "
	    "completions; WARN above 0, FAIL above %g%%)", pct, total,
	    tol(j->tol, TOL_RT_FAILED_FAIL_PCT));
	return pct > tol(j->tol, TOL_RT_FAILED_FAIL_PCT) ? V_FAIL : V_WARN;
}

/* A log whose last stats line has requests running, and that many
 * seconds or more before the cell's other logs end: vLLM logs another
 * line within a stats interval (~10 s) of a busy one, and the peers show
 * the logs were collected later, so the process stopped (a SIGKILL: the
 * OOM killer, a node drain) or its log was cut, with no line to say so. */
#define STOPPED_EARLY_S	30

/* The log's last stats stamp as seconds (near: any fixed time; the
 * stamps carry no year, so they are compared with each other only). */
static bool
last_stamp(const struct judge *j, const struct jcell *c, const char *inst,
    time_t near, time_t *t, const json_t **m)
{
	*m = ru_inst_measure(j, c, "stats.last_stamp", inst);
	return ru_stamp_epoch(*m, near, t);
}

/* The instance's log stopped while busy (STOPPED_EARLY_S): adds to counts
 * and lines; returns V_WARN, or V_PASS when it did not. */
static enum jverdict_value
stopped_early(const struct judge *j, const struct jcell *c,
    const char *inst, struct sbuf *counts, struct sbuf *lines)
{
	const json_t *mine, *peer, *best = NULL;
	double running, lo = 0;
	time_t near, t, tp, latest = 0;
	struct strv insts;

	if (!ru_num(ru_inst_measure(j, c, "stats.running.last", inst),
	    &running) || running <= 0)
		return V_PASS;
	ru_num(judge_measure(j, c, "send_time_us.min", NULL), &lo);
	near = (time_t)(lo / 1e6);
	if (!last_stamp(j, c, inst, near, &t, &mine))
		return V_PASS;
	ru_instances(j, c, "stats.last_stamp", &insts);
	for (size_t i = 0; i < insts.n; i++)
		if (strcmp(insts.v[i], inst) != 0 &&
		    last_stamp(j, c, insts.v[i], near, &tp, &peer) &&
		    (best == NULL || tp > latest)) {
			latest = tp;
			best = peer;
		}
	strv_free(&insts);
	if (best == NULL || latest - t < STOPPED_EARLY_S)
		return V_PASS;
	sbuf_printf(counts, "%sthe log stops with %.0f requests running, "
	    "%lld s before the cell's other logs end (the process was killed "
	    "or its log cut)", counts->len ? ", " : "", running,
	    (long long)(latest - t));
	sbuf_adds(lines, " ");
	ru_where(lines, mine);
	sbuf_printf(lines, ": its last stats line (%s, Running: %.0f); the "
	    "latest of the others: ", json_string_value(json_object_get(mine,
	    "value")), running);
	ru_where(lines, best);
	sbuf_printf(lines, " (%s)", json_string_value(json_object_get(best,
	    "value")));
	return V_WARN;
}

/* A startup line stamped more than START_LATE_S after the trace's
 * first send and no later than its last, in a log whose clock agrees
 * with the trace's (its stats lines overlap the sends and end within
 * LAST_TAIL_S of the last): the container started, or started again,
 * inside the run.  Started late: kubectl logs showed only the current
 * container, and what ended the one before (a CUDA error, an OOM) is in
 * a log the bundle lacks, so this log's counts do not cover the run;
 * startup lines again after busy ones: a restart no line of it need
 * explain (a SIGKILL, a failed liveness probe).  5b judges the window;
 * 5e says its count of errors is of part of the run.  Adds to counts and
 * lines; returns V_WARN, or V_PASS when neither. */
#define START_LATE_S	10
#define LAST_TAIL_S	600

static enum jverdict_value
started_in_run(const struct judge *j, const struct jcell *c,
    const char *inst, struct sbuf *counts, struct sbuf *lines)
{
	const json_t *st = ru_inst_measure(j, c, "log.start_stamp", inst);
	const json_t *re = ru_inst_measure(j, c, "log.restart_stamp", inst);
	const json_t *at = NULL;
	double lo, hi;
	long long gap;
	time_t ts, te, t, ll;

	if (!ru_num(judge_measure(j, c, "send_time_us.min", NULL), &lo) ||
	    !ru_num(judge_measure(j, c, "send_time_us.max", NULL), &hi) ||
	    lo < 1e15 || !ru_log_gap(j, c, inst, lo, hi, &gap) ||
	    gap > RU_WINDOW_SLACK_S)
		return V_PASS;
	ts = (time_t)(lo / 1e6);
	te = (time_t)(hi / 1e6);
	if (!last_stamp(j, c, inst, ts, &ll, &at) || ll > te + LAST_TAIL_S)
		return V_PASS;
	at = NULL;
	if (ru_stamp_epoch(st, ts, &t) && t > ts + START_LATE_S && t <= te)
		at = st;
	else if (ru_stamp_epoch(re, ts, &t) && t > ts + START_LATE_S &&
	    t <= te)
		at = re;
	if (at == NULL)
		return V_PASS;
	sbuf_printf(counts, "%sthe container %s %lld s after the trace's "
	    "first send (%s)", counts->len ? ", " : "", at == st ? "started" :
	    "restarted", (long long)(t - ts), at == st ? "the log of the "
	    "container before it, with whatever ended it, is not in the "
	    "bundle: these counts cover the run from then on only" : "no "
	    "line of the log need say why: a SIGKILL, a failed liveness "
	    "probe");
	sbuf_adds(lines, " ");
	ru_where(lines, at);
	sbuf_printf(lines, ": its %sstartup line (%s)", at == st ? "first " :
	    "first later ", json_string_value(json_object_get(at, "value")));
	return V_WARN;
}

/* The instance's lines per problem pattern, as "N label" into counts
 * (*any: the last pattern count measured, NULL when none is); the worst
 * verdict the patterns with lines carry. */
static enum jverdict_value
pattern_counts(const struct judge *j, const struct jcell *c,
    const char *inst, struct sbuf *counts, const json_t **any)
{
	enum jverdict_value v = V_PASS;
	double n;

	for (size_t i = 0; i < NPROBLEMS; i++) {
		char metric[64];
		const json_t *m;

		snprintf(metric, sizeof(metric), "log.pattern_count.%s",
		    problems[i].pattern);
		m = ru_inst_measure(j, c, metric, inst);
		if (m != NULL)
			*any = m;
		if (!ru_num(m, &n) || n == 0)
			continue;
		sbuf_printf(counts, "%s%.0f %s", counts->len ? ", " : "", n,
		    problems[i].label != NULL ? problems[i].label :
		    problems[i].pattern);
		if (problems[i].v == V_FAIL || (problems[i].v == V_WARN &&
		    v == V_PASS))
			v = problems[i].v;
	}
	return v;
}

static void
problems_instance(struct judge *j, const struct rule *r,
    const struct jcell *c, const char *inst)
{
	json_t *sub = ru_inst_sub(inst), *es, *ms;
	struct sbuf counts = {0}, why = {0}, refused = {0}, stopped = {0};
	enum jverdict_value v, rv, pv, sv, lv, tv;
	const json_t *any = NULL, *bad;
	size_t left = 3;
	double n;

	v = pattern_counts(j, c, inst, &counts, &any);
	bad = ru_inst_measure(j, c, "log.bad_lines.truncated", inst);
	if (ru_num(bad, &n) && n > 0) {
		sbuf_printf(&counts, "%s log cut short", counts.len ? ", " :
		    "");
		if (v == V_PASS)
			v = V_WARN;
	}
	lv = v;		/* the verdict of the pattern lines */
	if ((sv = stopped_early(j, c, inst, &counts, &stopped)) > v)
		v = sv;
	if ((tv = started_in_run(j, c, inst, &counts, &stopped)) > v)
		v = tv;
	if (tv > sv)
		sv = tv;	/* cited with the stop, as one finding */
	pv = v;		/* the verdict of the log alone */
	if ((rv = refused_requests(j, c, inst, &counts, &refused)) > v)
		v = rv;
	if (any == NULL) {
		json_decref(sub);
		sbuf_free(&counts);
		sbuf_free(&refused);
		sbuf_free(&stopped);
		return;
	}
	sbuf_printf(&why, "Instance %s (", inst);
	ru_where(&why, any);
	sbuf_printf(&why, "): %s.", counts.len ? sbuf_str(&counts) :
	    "no ERROR, WARNING, OOM, CUDA, timeout or traceback lines, no "
	    "stall, no ignored request field");
	if (v != V_PASS || counts.len > 0) {
		sbuf_adds(&why, " Worst lines:");
		if (rv > pv)	/* before lines that weigh less */
			sbuf_adds(&why, sbuf_str(&refused));
		if (sv > lv)
			sbuf_adds(&why, sbuf_str(&stopped));
		for (size_t i = 0; i < NPROBLEMS && left > 0; i++)
			evidence(&why, j, c, inst, problems[i].pattern, &left);
		if (sv <= lv)
			sbuf_adds(&why, sbuf_str(&stopped));
		if (rv <= pv)
			sbuf_adds(&why, sbuf_str(&refused));
	}
	if (v == V_PASS && counts.len > 0)
		sbuf_adds(&why, " Warnings only: informational.");
	es = ru_side(json_string("no errors"), NULL, NULL, "ERROR, CRITICAL, "
	    "OOM, CUDA error, fatal engine error, traceback, an HTTP error "
	    "status on a completion, a stalled engine, a container started "
	    "inside the run, a request field vLLM "
	    "ignored: none");
	ms = ru_side(json_string(counts.len ? sbuf_str(&counts) : "none"),
	    NULL, any, "lines per pattern; access lines of completions with a "
	    "status of 400 or more");
	json_object_del(json_object_get(ms, "source"), "line");
	/* Refused requests that the lines do not outweigh get their own
	 * advice: no ERROR line explains them. */
	ru_emit(j, r, c, "log.problems", sub, es, ms, "no errors", v,
	    sbuf_str(&why), rv > pv ? ACT_REFUSED : tv > lv ? ACT_STARTED :
	    ACT_LOG);
	json_decref(es);
	json_decref(ms);
	json_decref(sub);
	sbuf_free(&counts);
	sbuf_free(&why);
	sbuf_free(&refused);
	sbuf_free(&stopped);
}

static void
rule_problems(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct strv insts;

	if (ru_arm_only(c) || !ru_need_logs(j, r, c, "server_logs", false,
	    "the logs' errors"))
		return;
	ru_instances(j, c, "log.pattern_count.*", &insts);
	if (insts.n == 0)
		ru_emit(j, r, c, "log.problems", NULL, NULL, NULL, NULL,
		    V_MISSING, "No per-log pattern counts for the cell.",
		    "Rerun s2r-log-extract over the cell.");
	for (size_t i = 0; i < insts.n; i++)
		problems_instance(j, r, c, insts.v[i]);
	strv_free(&insts);
}

/* --- 5g ------------------------------------------------------------- */

static const json_t *
arm_record(const struct judge *j, const struct jcell *c, const char *kind,
    const char *metric, const char *key)
{
	struct ru_list l;
	const json_t *found = NULL;

	if (c->phase == NULL)
		return NULL;
	ru_select(j, &(struct jsel){ .kind = kind, .metric = metric,
	    .wl = JM_NONE, .ph = JM_IS, .phase = c->phase }, &l);
	for (size_t i = 0; i < l.n && found == NULL; i++) {
		const char *k = rec_get_str(l.v[i], "key");

		if (k != NULL && strcmp(k, key) == 0)
			found = l.v[i];
	}
	ru_list_free(&l);
	return found;
}

static bool
debug_logged(const struct judge *j, const struct jcell *c)
{
	const json_t *lv = judge_measure(j, c, "epp.levels_seen", NULL);
	const char *s = rec_get_str(lv, "value");

	return s != NULL && (strstr(s, "debug") || strstr(s, "trace") ||
	    strstr(s, "Level(-4)") || strstr(s, "Level(-5)"));
}

/* With flow control on, every request the router scheduled passed it
 * first: one 'Flow control outcome' line before its 'Request handled'
 * (rejected and evicted requests add outcomes, not handled lines).  Far
 * fewer outcomes than handled lines: part of the run bypassed flow
 * control (the EPP replaced mid-run by one without the gate, a second
 * replica deployed without it).  FLOW_SHARE leaves room for the requests
 * whose outcome line fell in a bucket of the log the bundle lacks. */
#define FLOW_SHARE	0.9

static enum jverdict_value
flow_share(const struct judge *j, const struct jcell *c, double n,
    struct sbuf *why)
{
	const json_t *h = judge_measure(j, c, "epp.requests_handled", NULL);
	double nh;

	if (!ru_num(h, &nh) || nh == 0 || n >= FLOW_SHARE * nh)
		return V_PASS;
	sbuf_printf(why, " Yet %.0f requests were handled (", nh);
	ru_where(why, h);
	sbuf_printf(why, "): %.0f were scheduled without passing flow "
	    "control (a router replaced mid-run by one without the gate, a "
	    "replica deployed without it), so flow control was active for "
	    "part of the run only.", nh - n);
	return V_WARN;
}

static void
epp_flow(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *gate = arm_record(j, c, "measure", "epp.feature_gate",
	    "flowControl");
	const json_t *out = judge_measure(j, c, "epp.flow_control.outcomes",
	    NULL);
	bool on = gate != NULL && json_is_true(json_object_get(gate, "value"));
	struct sbuf why = {0};
	enum jverdict_value v;
	double n = 0;

	ru_num(out, &n);
	sbuf_printf(&why, "Flow control is %s in the deployed EPP config",
	    on ? "enabled" : "not enabled");
	if (gate != NULL) {
		sbuf_adds(&why, " (");
		ru_where(&why, gate);
		sbuf_adds(&why, ")");
	}
	sbuf_printf(&why, "; the EPP log has %.0f 'Flow control outcome' "
	    "lines.", n);
	if (on && n > 0)
		v = flow_share(j, c, n, &why);
	else if (on && !debug_logged(j, c)) {
		sbuf_adds(&why, " Outcomes are logged at debug level, which "
		    "this log does not reach.");
		v = V_INAPPLICABLE;
	} else if (on) {
		sbuf_adds(&why, " Configured but never active.");
		v = V_WARN;
	} else if (n > 0) {
		sbuf_adds(&why, " Active without being configured.");
		v = V_WARN;
	} else
		v = V_PASS;
	ru_emit(j, r, c, "epp.flow_control.outcomes", NULL, gate, out,
	    on ? "active" : "inactive", v, sbuf_str(&why), ACT_EPP_RUNTIME);
	sbuf_free(&why);
}

/* The names in a that b lacks, as "x, y" (text), counted. */
static size_t
names_missing(const struct strv *a, const struct strv *b, struct sbuf *text)
{
	size_t n = 0;

	for (size_t i = 0; i < a->n; i++)
		if (strv_find(b, a->v[i]) < 0)
			sbuf_printf(text, "%s%s", n++ ? ", " : "", a->v[i]);
	return n;
}

/* Which pods the EPP routed among against the pods whose server logs the
 * cell holds: the same count of other pods is another deployment's (the
 * previous arm's, a stale ReplicaSet), so the logs judged here are not
 * of the pods that served the router's requests, or the router did not
 * see the pods that ran.  No name in common is more likely two naming
 * schemes than a fault: WARN. */
static void
epp_pod_names(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct strv epp, logs;
	struct sbuf why = {0}, only_epp = {0}, only_logs = {0};
	json_t *es, *ms;
	size_t ne, nl;
	enum jverdict_value v;

	ru_instances(j, c, "epp.pod.seen", &epp);
	ru_instances(j, c, "log.lines", &logs);
	if (epp.n == 0 || logs.n == 0)
		goto out;
	ne = names_missing(&epp, &logs, &only_epp);
	nl = names_missing(&logs, &epp, &only_logs);
	v = ne + nl == 0 ? V_PASS : ne < epp.n ? V_FAIL : V_WARN;
	sbuf_printf(&why, "The EPP log names %zu pods, the server logs are "
	    "of %zu", epp.n, logs.n);
	if (v == V_PASS)
		sbuf_adds(&why, ": the same pods.");
	else
		sbuf_printf(&why, "; only the EPP's: %s; only in server_logs: "
		    "%s.%s", ne ? sbuf_str(&only_epp) : "none", nl ?
		    sbuf_str(&only_logs) : "none", v == V_WARN ? " No name "
		    "in common: the two may name pods differently, or the EPP "
		    "log is of another deployment." : " The router routed to "
		    "pods whose logs are not here, or never saw pods that "
		    "ran: the logs judged are not all of the pods that served "
		    "this run.");
	es = ru_side(json_sprintf("%zu pods with a server log", logs.n), NULL,
	    ru_inst_measure(j, c, "log.lines", logs.v[0]), "server_logs/"
	    "<pod>_vllm.log file names");
	ms = ru_side(json_sprintf("%zu pods, %zu without a server log", epp.n,
	    ne), NULL, ru_inst_measure(j, c, "epp.pod.seen", epp.v[0]),
	    "pods named in the EPP log's metrics dumps");
	json_object_del(json_object_get(es, "source"), "line");
	json_object_del(json_object_get(ms, "source"), "line");
	ru_emit(j, r, c, "epp.pods.names", NULL, es, ms, "the same pods", v,
	    sbuf_str(&why), "Collect the server logs of the pods the EPP "
	    "routed to (the run's own deployment, its pod-template-hash), "
	    "and check that no pod of another arm or an old ReplicaSet "
	    "matched the InferencePool's selector.");
	json_decref(es);
	json_decref(ms);
out:
	strv_free(&epp);
	strv_free(&logs);
	sbuf_free(&why);
	sbuf_free(&only_epp);
	sbuf_free(&only_logs);
}

static void
epp_pods(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *pods = judge_measure(j, c, "epp.pods.count", NULL);
	const json_t *inst = judge_measure(j, c, "instances.count", NULL);
	struct sbuf why = {0};
	double p, n;

	if (!ru_num(pods, &p) || !ru_num(inst, &n) || p == 0) {
		ru_emit(j, r, c, "epp.pods.count", NULL, inst, pods, NULL,
		    V_INAPPLICABLE, "The EPP log names no pods (no 'Refreshed "
		    "metrics' or 'Current Pods and metrics gathered' lines), "
		    "or the instance count is unknown.", NULL);
		return;
	}
	sbuf_printf(&why, "The EPP discovered %.0f pods (", p);
	ru_where(&why, pods);
	sbuf_printf(&why, "); %.0f vLLM instances ran (", n);
	ru_where(&why, inst);
	sbuf_adds(&why, ").");
	ru_emit(j, r, c, "epp.pods.count", NULL, inst, pods, "exact",
	    p == n ? V_PASS : V_FAIL, sbuf_str(&why), ACT_EPP_RUNTIME);
	sbuf_free(&why);
}

/* Every pod's KV block count, in this arm and the others, is one. */
static void
epp_blocks(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const struct jcell *arms[MAX_ARMS + 1];
	size_t n = ru_other_arms(j, c, arms, MAX_ARMS), ndiff = 0, npods = 0;
	const json_t *first = NULL, *mine = NULL;
	struct sbuf why = {0}, d = {0};

	arms[n++] = c;
	for (size_t a = 0; a < n; a++) {
		struct ru_list l;

		ru_collect(j, arms[a], "measure", "epp.pod.cache_num_blocks",
		    RU_INSTANCE, false, &l);
		for (size_t i = 0; i < l.n; i++) {
			npods++;
			if (arms[a] == c && mine == NULL)
				mine = l.v[i];
			if (first == NULL) {
				first = l.v[i];
				continue;
			}
			if (ru_equal(json_object_get(first, "value"),
			    json_object_get(l.v[i], "value")))
				continue;
			ndiff++;
			sbuf_printf(&d, " %s/%s: ", arms[a]->phase,
			    rec_scope_str(l.v[i], "instance"));
			ru_value_text(&d, json_object_get(l.v[i], "value"));
		}
		ru_list_free(&l);
	}
	if (mine == NULL)
		goto out;
	sbuf_printf(&why, "%zu pods over %zu arm(s) report their KV block "
	    "count in the EPP logs; the first says ", npods, n);
	ru_value_at(&why, first);
	if (ndiff > 0)
		sbuf_printf(&why, "; %zu differ:%s", ndiff, sbuf_str(&d));
	sbuf_adds(&why, ".");
	ru_emit(j, r, c, "epp.pod.cache_num_blocks", NULL, first, mine, "equal",
	    ndiff ? V_FAIL : V_PASS, sbuf_str(&why), ACT_KV);
out:
	sbuf_free(&why);
	sbuf_free(&d);
}

/* The metric families a pod lacks but the router's scorers read, as
 * ", "-joined text into out: LoRA's info family is exported only by a
 * server that serves adapters, and GAIE fetches it always, so its
 * absence is no fault.  The count of those families. */
static int
scored_missing(const char *list, struct sbuf *out)
{
	int n = 0;

	while (list != NULL && *list != '\0') {
		const char *comma = strstr(list, ", ");
		size_t len = comma ? (size_t)(comma - list) : strlen(list);

		const char *lora = strstr(list, "lora_requests_info");

		if (lora == NULL || lora >= list + len) {
			if (n++ > 0)
				sbuf_adds(out, ", ");
			sbuf_add(out, list, len);
		}
		list = comma ? comma + 2 : NULL;
	}
	return n;
}

/* One pod's metrics as the router read them: a refresh that read
 * nothing left the router routing on the pod's last metrics (never read
 * at all: FAIL); a family its scorers read that the server does not
 * export read zero all run (the EPP's metric-name flags do not match the
 * server's version). */
static void
epp_metrics_pod(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *pod)
{
	const json_t *ok = ru_inst_measure(j, c, "epp.pod.metrics_refreshed",
	    pod), *bad = ru_inst_measure(j, c, "epp.pod.metrics_fetch_failed",
	    pod), *err = ru_inst_measure(j, c, "epp.pod.metrics_fetch_error",
	    pod), *miss = ru_inst_measure(j, c,
	    "epp.pod.metric_families_missing", pod);
	double nok = 0, nbad = 0;
	struct sbuf why = {0}, fams = {0};
	enum jverdict_value v = V_PASS;
	json_t *sub, *es;
	int nfam;

	ru_num(ok, &nok);
	ru_num(bad, &nbad);
	nfam = scored_missing(miss ? json_string_value(json_object_get(miss,
	    "value")) : NULL, &fams);
	sbuf_printf(&why, "The EPP refreshed pod %s's metrics %.0f times", pod,
	    nok);
	if (nbad > 0) {
		v = nok > 0 ? V_WARN : V_FAIL;
		sbuf_printf(&why, "; %.0f refreshes read nothing (", nbad);
		ru_value_at(&why, err);
		sbuf_adds(&why, "), so the router routed on the pod's last "
		    "metrics in between");
	}
	if (nfam > 0) {
		if (v == V_PASS)
			v = V_WARN;
		sbuf_printf(&why, "; the pod exports no %s (", sbuf_str(&fams));
		ru_where(&why, miss);
		sbuf_adds(&why, "), which the router's scorers read as zero all "
		    "run");
	}
	sbuf_adds(&why, v == V_PASS ? ": the router saw the pod's load." :
	    ".");
	sub = ru_inst_sub(pod);
	es = ru_side(json_string("none"), NULL, NULL, "failed refreshes and "
	    "missing metric families (LoRA's info family aside): none");
	ru_emit(j, r, c, "epp.metrics.errors", sub, es, nbad > 0 || nfam == 0 ?
	    bad : miss, "none", v, sbuf_str(&why), ACT_EPP_METRICS);
	json_decref(es);
	json_decref(sub);
	sbuf_free(&why);
	sbuf_free(&fams);
}

static void
epp_metrics(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct strv pods;

	ru_instances(j, c, "epp.pod.metrics_refreshed", &pods);
	for (size_t i = 0; i < pods.n; i++)
		epp_metrics_pod(j, r, c, pods.v[i]);
	strv_free(&pods);
}

/* An EPP log's lines against the trace's sends: lines before the first
 * send are fine (the EPP started earlier), and so are lines up to
 * EPP_TAIL_S after the last send (requests finishing, the log collected
 * later); a log whose every line lies outside that is of another run.
 * EPP stamps carry their zone (zap: epoch seconds or ISO 8601 with Z),
 * so unlike a vLLM log's no time zone can excuse the gap. */
#define EPP_TAIL_S	600
#define EPP_SLACK_S	60

static void
epp_window(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *first = judge_measure(j, c, "epp.ts.first_us", NULL);
	const json_t *last = judge_measure(j, c, "epp.ts.last_us", NULL);
	double lo, hi, a, b, gap = 0;
	struct sbuf why = {0};
	enum jverdict_value v = V_PASS;

	/* a sim trace's send_time_us is its arrival time, not an epoch */
	if (!ru_num(judge_measure(j, c, "send_time_us.min", NULL), &lo) ||
	    !ru_num(judge_measure(j, c, "send_time_us.max", NULL), &hi) ||
	    lo < 1e15 || !ru_num(first, &a) || !ru_num(last, &b))
		return;
	if (b < lo)
		gap = (lo - b) / 1e6;
	else if (a > hi)
		gap = (a - hi) / 1e6;
	sbuf_printf(&why, "The EPP log's lines run from %.0f s to %.0f s "
	    "after the trace's first send (", (a - lo) / 1e6, (b - lo) / 1e6);
	ru_where(&why, first);
	sbuf_adds(&why, " to ");
	ru_where(&why, last);
	sbuf_printf(&why, "); the trace sent for %.0f s. ", (hi - lo) / 1e6);
	if (b < lo - EPP_SLACK_S * 1e6 || a > hi + EPP_TAIL_S * 1e6) {
		v = V_FAIL;
		sbuf_printf(&why, "Every line is %.0f s %s: the log is of "
		    "another run (another attempt or day) than the trace.",
		    gap, b < lo ? "before the first send" : "after the last "
		    "send");
	} else if (a > hi) {
		sbuf_adds(&why, "The log is of this run, but only of its end "
		    "(its first line after the last send: the tail kept at "
		    "collection): what 5g reads from it is the router at the "
		    "run's end.");
	} else
		sbuf_adds(&why, "The log is of the run the trace recorded.");
	ru_emit(j, r, c, "epp.log.window", NULL, judge_measure(j, c,
	    "send_time_us.min", NULL), first, "lines from the first send to "
	    "10 min after the last", v, sbuf_str(&why), ACT_EPP_WINDOW);
	sbuf_free(&why);
}

/* One router through the run: a pod that took over from another inside
 * the log (a rollout, an eviction, a crash that recreated the pod)
 * restarted the router mid-run, so its queues, prefix-cache index and
 * pods' metrics began again and the requests it held were cut; what the
 * other 5g verdicts count is of two routers.  WARN, as a vLLM restart
 * is (5e): the log need not say why. */
static void
epp_router(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *pods = judge_measure(j, c, "epp.routers", NULL);
	const json_t *rep = judge_measure(j, c, "epp.router.replaced", NULL);
	const json_t *from = judge_measure(j, c, "epp.router.replaced_pod",
	    NULL);
	struct sbuf why = {0};
	double np = 0, nr = 0;

	if (!ru_num(pods, &np) || !ru_num(rep, &nr))
		return;
	sbuf_printf(&why, "The cell's EPP log files name %.0f EPP pod(s) (",
	    np);
	ru_where(&why, pods);
	sbuf_adds(&why, ")");
	if (nr > 0) {
		sbuf_printf(&why, "; %.0f took over from another inside the "
		    "log: pod %s's last line ", nr, from != NULL ?
		    rec_get_str(from, "value") : "?");
		ru_where(&why, from);
		sbuf_adds(&why, ", the next pod's first ");
		ru_where(&why, rep);
		sbuf_adds(&why, ". The router was replaced mid-run: its "
		    "flow-control queues, prefix-cache index and pods' metrics "
		    "began again and the requests in flight were cut.");
	} else
		sbuf_adds(&why, np > 1 ? ", side by side: replicas, no "
		    "router replaced." : ": one router through the log.");
	ru_emit(j, r, c, "epp.router", NULL, NULL, rep, "no EPP pod replaced "
	    "inside the log", nr > 0 ? V_WARN : V_PASS, sbuf_str(&why),
	    "Read why the EPP pod was replaced (kubectl describe of the "
	    "deployment's ReplicaSets and events: a rollout, an eviction, "
	    "an OOM kill), keep the EPP fixed through the run and rerun "
	    "the cell.");
	sbuf_free(&why);
}

static void
rule_epp_runtime(struct judge *j, const struct rule *r, const struct jcell *c)
{
	sr_pool_verdicts(j, r, c);	/* from the scrapes, if any */
	if (ru_arm_only(c) || !ru_need_logs(j, r, c, "epp_logs", true,
	    "the router's runtime behaviour"))
		return;
	epp_window(j, r, c);
	epp_router(j, r, c);
	epp_flow(j, r, c);
	epp_objectives(j, r, c);
	epp_pods(j, r, c);
	epp_pod_names(j, r, c);
	epp_blocks(j, r, c);
	epp_metrics(j, r, c);
}

const struct rule rules_health[] = {
	{ "5e", "Errors in the logs", true, rule_problems },
	{ "5f", "KV cache capacity", true, rule_kvcap },
	{ "5g", "EPP runtime", true, rule_epp_runtime },
	{ NULL, NULL, false, NULL }
};
