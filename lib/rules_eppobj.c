/* rules_eppobj.c - check 5g's InferenceObjective part (rules_health.c):
 * do the EPP's 'Request handled' lines show the objectives resolving as
 * upstream's 5c.6 asks?  Each configured objective seen at its priority,
 * one priority per key, every request resolved, no priority that was not
 * configured, few lines without a key, each SLO class under its own key.
 *
 * Measurements come from s2r-log-extract over the cell's epp_logs
 * (schemas/metrics-runtime.json); expectations from the deployed EPP
 * configs (s2r-config --epp) and the sim's priority tiers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "rules_eppobj.h"
#include "str.h"

static void
epp_objective(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *tier)
{
	const char *cls = rec_scope_str(tier, "class");
	json_t *sub = rec_scope_new();
	struct ru_list l;
	struct sbuf why = {0};
	const json_t *seen = NULL;
	size_t n = 0;
	enum jverdict_value v;

	rec_scope_set(sub, "class", cls);
	ru_collect(j, c, "measure", "epp.objective.priority", RU_ANY, false,
	    &l);
	for (size_t i = 0; i < l.n; i++)
		if (rec_scope_str(l.v[i], "class") != NULL &&
		    strcmp(rec_scope_str(l.v[i], "class"), cls) == 0) {
			seen = seen ? seen : l.v[i];
			n++;
		}
	sbuf_printf(&why, "Objective \"%s\" should resolve to priority ",
	    cls);
	ru_value_at(&why, tier);
	if (seen == NULL) {
		sbuf_adds(&why, "; no EPP log line carries it (no request of "
		    "this class in the logged window?).");
		v = V_WARN;
	} else if (n > 1) {
		sbuf_printf(&why, "; it resolved to %zu different priorities "
		    "(first ", n);
		ru_where(&why, seen);
		sbuf_adds(&why, "): not deterministic.");
		v = V_FAIL;
	} else {
		bool ok = ru_equal(json_object_get(seen, "value"),
		    json_object_get(tier, "value"));

		sbuf_adds(&why, "; the EPP log shows ");
		ru_value_at(&why, seen);
		sbuf_adds(&why, ok ? "." : ": the wrong band.");
		v = ok ? V_PASS : V_FAIL;
	}
	ru_emit(j, r, c, "epp.objective.priority", sub, tier, seen, "exact", v,
	    sbuf_str(&why), ACT_EPP_RUNTIME);
	json_decref(sub);
	ru_list_free(&l);
	sbuf_free(&why);
}

/* The objectives the arm was configured with: its deployed
 * InferenceObjectives (s2r-config --epp: priority.tier, scope phase)
 * when the bundle has them, else the sim's priority tiers. */
static bool
configured_objectives(const struct judge *j, const struct jcell *c,
    struct ru_list *tiers)
{
	ru_collect(j, c, "measure", "priority.tier", RU_CELL, true, tiers);
	if (tiers->n > 0)
		return true;
	ru_list_free(tiers);
	ru_collect(j, c, "expect", "priority.tier", RU_ANY, false, tiers);
	return false;
}

static bool
configured_priority(const struct ru_list *tiers, double p)
{
	double v;

	if (p == 0)
		return true;	/* the default objective's */
	for (size_t i = 0; i < tiers->n; i++)
		if (ru_num(tiers->v[i], &v) && v == p)
			return true;
	return false;
}

/* 5c.6 (4): every priority the EPP resolved is configured (or 0, the
 * default); (2) for keys nobody configured: one priority each. */
static void
epp_priorities(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct ru_list *tiers, bool deployed)
{
	const json_t *seen = judge_measure(j, c, "epp.priorities_seen", NULL);
	struct ru_list l;
	struct sbuf why = {0}, bad = {0}, conf = {0};
	size_t nbad = 0;
	double p;

	for (size_t i = 0; i < tiers->n; i++) {
		sbuf_printf(&conf, "%s%s ", i ? ", " : "",
		    rec_scope_str(tiers->v[i], "class"));
		ru_value_text(&conf, json_object_get(tiers->v[i], "value"));
	}
	ru_collect(j, c, "measure", "epp.objective.priority", RU_ANY, false,
	    &l);
	for (size_t i = 0; i < l.n; i++) {
		if (!ru_num(l.v[i], &p) || configured_priority(tiers, p))
			continue;
		sbuf_printf(&bad, "%s\"%s\" at ", nbad++ ? "; " : "",
		    rec_scope_str(l.v[i], "class"));
		ru_num_text(&bad, p);
		sbuf_adds(&bad, " (");
		ru_where(&bad, l.v[i]);
		sbuf_adds(&bad, ")");
	}
	sbuf_printf(&why, "The EPP resolved priorities %s (", seen != NULL ?
	    rec_get_str(seen, "value") : "(none)");
	ru_where(&why, seen);
	sbuf_printf(&why, "); the arm configures %s (%s) and the default "
	    "objective 0.", sbuf_str(&conf), deployed ? "its deployed "
	    "InferenceObjectives" : "the sim's priority tiers");
	if (nbad > 0)
		sbuf_printf(&why, " Not configured: %s.", sbuf_str(&bad));
	ru_emit(j, r, c, "epp.priorities_seen", NULL, tiers->v[0], seen,
	    "configured or 0", nbad > 0 ? V_FAIL : V_PASS, sbuf_str(&why),
	    ACT_EPP_RUNTIME);
	ru_list_free(&l);
	sbuf_free(&why);
	sbuf_free(&bad);
	sbuf_free(&conf);
}

/* 'Request handled' lines per objectiveKey: keyed (non-empty) and
 * empty, with a record of each for the sources. */
struct keyed {
	double		 keyed, empty;
	const json_t	*keyed_rec, *empty_rec;
};

static void
count_keyed(const struct judge *j, const struct jcell *c, struct keyed *k)
{
	struct ru_list l;
	double v;

	memset(k, 0, sizeof(*k));
	ru_collect(j, c, "measure", "epp.objective.requests", RU_ANY, false,
	    &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *key = rec_scope_str(l.v[i], "class");

		if (key == NULL || !ru_num(l.v[i], &v))
			continue;
		if (*key == '\0') {
			k->empty += v;
			k->empty_rec = l.v[i];
		} else {
			k->keyed += v;
			k->keyed_rec = k->keyed_rec ? k->keyed_rec : l.v[i];
		}
	}
	ru_list_free(&l);
}

/* 5c.6 (3): every request the trace sent (less the gateway's sheds,
 * which are never scheduled) resolved an objective key. */
static void
epp_resolved(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct keyed *k)
{
	const json_t *rows = judge_measure(j, c, "requests.count", NULL);
	const json_t *handled = judge_measure(j, c, "epp.requests_handled",
	    NULL);
	struct sbuf why = {0};
	double sent, h = 0, shed = ru_status_rows(j, c, "shed"), need;
	enum jverdict_value v;
	json_t *es, *ms;

	if (!ru_num(rows, &sent)) {
		ru_emit(j, r, c, "epp.objective.resolved", NULL, NULL, NULL,
		    NULL, V_INAPPLICABLE, "No requests.count for the cell "
		    "(s2r-trace-stats): the resolved lines have nothing to be "
		    "counted against.", NULL);
		return;
	}
	ru_num(handled, &h);
	need = sent - shed;
	sbuf_printf(&why, "%.0f 'Request handled' lines carry an objective "
	    "key, of %.0f in the EPP log (", k->keyed, h);
	ru_where(&why, handled);
	sbuf_printf(&why, "); the trace sent %.0f requests (", sent);
	ru_where(&why, rows);
	sbuf_printf(&why, "), %.0f of them shed by the gateway before "
	    "scheduling: %.0f should resolve.", shed, need);
	if (k->keyed >= need) {
		v = V_PASS;
	} else if (h < need) {
		sbuf_adds(&why, " The log holds fewer handled lines than "
		    "requests: it covers only part of the run (a dropped or "
		    "cut EPP log), so the rest cannot be judged.");
		v = V_WARN;
	} else {
		sbuf_printf(&why, " %.0f requests were scheduled without an "
		    "objective key (the objective header lost on the way).",
		    need - k->keyed);
		v = V_FAIL;
	}
	es = ru_side(rec_num(need), "count", rows, "trace rows less the "
	    "gateway's sheds (status.count shed)");
	ms = ru_side(rec_num(k->keyed), "count", k->keyed_rec != NULL ?
	    k->keyed_rec : handled, "'Request handled' lines with a "
	    "non-empty objectiveKey");
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "epp.objective.resolved", .expect = es, .measure = ms,
	    .has_diff = true, .diff = k->keyed - need, .diff_unit = "count",
	    .tolerance = ">= rows - shed", .verdict = v,
	    .why = sbuf_str(&why), .action = ACT_EPP_RUNTIME });
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
}

/* The warm-up and prewarm requests that may reach the EPP without an
 * objective: those the instances served beyond the trace's rows when
 * their access logs count them, else the protocol's warm-up plus
 * runtime.objective_prewarm_rps a second of its prewarm (a bound: the
 * prewarm's rate is blis observe's).  Says which in why and band. */
static double
warmup_allowance(const struct judge *j, const struct jcell *c,
    struct sbuf *why, char *band, size_t len, const char *pct)
{
	double rps = tol(j->tol, TOL_RT_OBJ_PREWARM_RPS), w = 0, ps = 0, n;
	const json_t *warm, *pre;
	char a[32];

	if (ru_served_beyond(j, c, &n)) {
		n = fmax(n, 0);
		sbuf_printf(why, "%.0f (the requests the instances' access "
		    "logs count beyond the trace's: its warm-up and prewarm)",
		    n);
		snprintf(band, len, "<= max(%s%%, served beyond the trace)",
		    pct);
		return n;
	}
	warm = ru_protocol_warmup(j, c, &w);
	pre = ru_protocol_prewarm(j, c, &ps);
	judge_fmt_num(a, sizeof(a), rps);
	sbuf_printf(why, "%.0f (%.0f warm-up requests", w + rps * ps, w);
	if (warm != NULL) {
		sbuf_adds(why, ", ");
		ru_where(why, warm);
	} else
		sbuf_adds(why, ", not stated");
	sbuf_printf(why, "; %s a second of %.0f s prewarm", a, ps);
	if (pre != NULL) {
		sbuf_adds(why, ", ");
		ru_where(why, pre);
	} else
		sbuf_adds(why, ", not stated");
	sbuf_adds(why, ")");
	snprintf(band, len, "<= max(%s%%, warm-up + %s/s prewarm)", pct, a);
	return w + rps * ps;
}

/* 5c.6 (5): few 'Request handled' lines without an objective key: at
 * most a share of them, or the load generator's warm-up and prewarm. */
static void
epp_empty_keys(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct keyed *k)
{
	double pct = tol(j->tol, TOL_RT_OBJ_EMPTY_PCT);
	double h = k->keyed + k->empty, share = h * pct / 100, warmup;
	struct sbuf why = {0};
	char band[96], a[32];
	json_t *es, *ms;

	judge_fmt_num(a, sizeof(a), pct);
	sbuf_printf(&why, "%.0f of %.0f 'Request handled' lines have an "
	    "empty objectiveKey (no associated InferenceObjective: the "
	    "default priority)", k->empty, h);
	if (k->empty_rec != NULL) {
		sbuf_adds(&why, ", first at ");
		ru_where(&why, k->empty_rec);
	}
	sbuf_printf(&why, ". Allowed: the larger of %.0f (%s%% of them) and ",
	    share, a);
	warmup = warmup_allowance(j, c, &why, band, sizeof(band), a);
	sbuf_adds(&why, ".");
	es = ru_side(rec_num(fmax(share, warmup)), "count", NULL, "the "
	    "larger of a share of the handled lines and the warm-up plus "
	    "prewarm allowance (runtime.objective_*)");
	ms = ru_side(rec_num(k->empty), "count", k->empty_rec != NULL ?
	    k->empty_rec : k->keyed_rec, "'Request handled' lines with "
	    "objectiveKey \"\"");
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "epp.objective.empty", .expect = es, .measure = ms,
	    .tolerance = band, .verdict = k->empty <= fmax(share, warmup) ?
	    V_PASS : V_FAIL, .why = sbuf_str(&why),
	    .action = ACT_EPP_RUNTIME });
	json_decref(es);
	json_decref(ms);
	sbuf_free(&why);
}

/* The 'Request handled' lines a class should have: its trace rows
 * (count, its class.count record) less its gateway sheds (status.count
 * shed of the class), which are never scheduled. */
static double
class_need(const struct judge *j, const struct jcell *c, const char *cls,
    const json_t *count)
{
	struct ru_list l;
	double need = 0, v;

	ru_num(count, &need);
	ru_collect(j, c, "measure", "status.count", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		const char *k = rec_scope_str(l.v[i], "class");
		const char *st = rec_get_str(l.v[i], "status");

		if (k != NULL && strcmp(k, cls) == 0 && st != NULL &&
		    strcmp(st, "shed") == 0 && ru_num(l.v[i], &v))
			need -= v;
	}
	ru_list_free(&l);
	return need;
}

/* The 'Request handled' lines of objectiveKey key (0 when none). */
static double
key_lines(const struct ru_list *lines, const char *key, const json_t **rec)
{
	double v;

	for (size_t i = 0; i < lines->n; i++) {
		const char *k = rec_scope_str(lines->v[i], "class");

		if (k != NULL && strcmp(k, key) == 0 &&
		    ru_num(lines->v[i], &v)) {
			*rec = lines->v[i];
			return v;
		}
	}
	return 0;
}

/* The lines other non-empty keys hold beyond their classes' rows: where a
 * class's missing lines went when its requests carried another key. */
static double
other_excess(const struct judge *j, const struct jcell *c,
    const struct ru_list *lines, const struct ru_list *counts,
    const char *cls, struct sbuf *who)
{
	double sum = 0, have, need;

	for (size_t i = 0; i < lines->n; i++) {
		const char *k = rec_scope_str(lines->v[i], "class");

		if (k == NULL || *k == '\0' || strcmp(k, cls) == 0 ||
		    !ru_num(lines->v[i], &have))
			continue;
		need = 0;
		for (size_t n = 0; n < counts->n; n++) {
			const char *t = rec_scope_str(counts->v[n], "class");

			if (t != NULL && strcmp(t, k) == 0)
				need = class_need(j, c, t, counts->v[n]);
		}
		if (have <= need)
			continue;
		sum += have - need;
		sbuf_printf(who, "%s\"%s\" %.0f lines for %.0f rows",
		    who->len ? ", " : "", k, have, need);
	}
	return sum;
}

/* 5c.6 (6): each SLO class of the trace reached the EPP under its own
 * objective key: a class's scheduled rows (less its sheds) have at least
 * as many 'Request handled' lines of that key.  A priority check alone
 * cannot see a client that sends one class under another class's key:
 * key and priority then agree on every line.  Without the trace's
 * x_request_id the join is by count: a class short of lines while other
 * keys hold more lines than their rows, in a log that covers the run, was
 * sent under another key (FAIL); short lines explained otherwise (a cut
 * log, keys lost) are WARN, the other 5g verdicts say which. */
static void
epp_class_key(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct keyed *k, const struct ru_list *lines,
    const struct ru_list *counts, const json_t *count, double need_all)
{
	const char *cls = rec_scope_str(count, "class");
	const json_t *have_rec = NULL;
	double need = class_need(j, c, cls, count), have, extra;
	struct sbuf why = {0}, who = {0};
	enum jverdict_value v = V_PASS;
	json_t *sub = rec_scope_new(), *es, *ms;

	rec_scope_set(sub, "class", cls);
	have = key_lines(lines, cls, &have_rec);
	extra = other_excess(j, c, lines, counts, cls, &who);
	sbuf_printf(&why, "%.0f 'Request handled' lines carry objectiveKey "
	    "\"%s\"; the trace has %.0f rows of class \"%s\" the gateway "
	    "did not shed (", have, cls, need, cls);
	ru_where(&why, count);
	sbuf_adds(&why, ").");
	if (have < need && k->keyed + k->empty < need_all) {
		sbuf_adds(&why, " The log holds fewer handled lines than "
		    "scheduled requests: it covers only part of the run, so "
		    "the missing lines cannot be told apart.");
		v = V_WARN;
	} else if (have < need && extra >= need - have) {
		sbuf_printf(&why, " %.0f are missing while other keys hold "
		    "more lines than their classes' rows (%s): requests of "
		    "this class reached the EPP under another class's "
		    "objective (the client's class-to-objective mapping), so "
		    "their priority is that class's.", need - have,
		    sbuf_str(&who));
		v = V_FAIL;
	} else if (have < need) {
		sbuf_printf(&why, " %.0f are missing and no other key holds "
		    "them: they carry no objective key (see "
		    "epp.objective.resolved).", need - have);
		v = V_WARN;
	}
	es = ru_side(rec_num(need), "count", count, "class.count less the "
	    "class's status.count shed");
	ms = ru_side(rec_num(have), "count", have_rec, "'Request handled' "
	    "lines with this objectiveKey");
	judge_emit(j, r, c, &(struct jverdict){
	    .metric = "epp.objective.class_requests", .sub = sub,
	    .expect = es, .measure = ms, .has_diff = true,
	    .diff = have - need, .diff_unit = "count",
	    .tolerance = ">= class rows - class sheds", .verdict = v,
	    .why = sbuf_str(&why), .action = ACT_EPP_RUNTIME });
	json_decref(es);
	json_decref(ms);
	json_decref(sub);
	sbuf_free(&why);
	sbuf_free(&who);
}

/* epp_class_key for each class of the trace (none: nothing to judge, the
 * trace has no SLO classes). */
static void
epp_class_keys(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct keyed *k)
{
	struct ru_list lines, counts;
	double need_all = 0;

	ru_collect(j, c, "measure", "epp.objective.requests", RU_ANY, false,
	    &lines);
	ru_collect(j, c, "measure", "class.count", RU_ANY, false, &counts);
	for (size_t i = 0; i < counts.n; i++)
		if (rec_scope_str(counts.v[i], "class") != NULL)
			need_all += class_need(j, c, rec_scope_str(counts.v[i],
			    "class"), counts.v[i]);
	for (size_t i = 0; i < counts.n; i++)
		if (rec_scope_str(counts.v[i], "class") != NULL)
			epp_class_key(j, r, c, k, &lines, &counts,
			    counts.v[i], need_all);
	ru_list_free(&lines);
	ru_list_free(&counts);
}

/* 5c.6 InferenceObjective resolution (EPP at -v=3, 'Request handled'
 * lines): (1) every configured objective seen at its priority, (2) one
 * priority per key, (3) resolved lines >= requests, (4) priorities seen
 * configured or 0, (5) few lines without a key, (6) each class under its
 * own key. */
void
epp_objectives(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *has = judge_measure(j, c, "epp.has_objective_key", NULL);
	struct ru_list tiers;
	struct strv done = {0};
	struct keyed k;
	bool deployed = configured_objectives(j, c, &tiers);

	if (tiers.n == 0) {
		ru_emit(j, r, c, "epp.objective.priority", NULL, NULL, NULL,
		    NULL, V_INAPPLICABLE, "Neither the deployed EPP config nor "
		    "the sim bundle gives priority tiers, so there are no "
		    "objectives to look for.", NULL);
		goto out;
	}
	if (!json_is_true(json_object_get(has, "value"))) {
		ru_emit(j, r, c, "epp.objective.priority", NULL, NULL, has,
		    NULL, V_INAPPLICABLE, "No EPP line carries objectiveKey: "
		    "they are logged at -v=3 and above, so this log's "
		    "verbosity is too low to see the objectives resolve.",
		    NULL);
		goto out;
	}
	for (size_t i = 0; i < tiers.n; i++) {
		const char *cls = rec_scope_str(tiers.v[i], "class");

		if (cls == NULL || strv_find(&done, cls) >= 0)
			continue;
		strv_add(&done, cls);
		epp_objective(j, r, c, tiers.v[i]);
	}
	epp_priorities(j, r, c, &tiers, deployed);
	count_keyed(j, c, &k);
	epp_resolved(j, r, c, &k);
	epp_empty_keys(j, r, c, &k);
	epp_class_keys(j, r, c, &k);
out:
	strv_free(&done);
	ru_list_free(&tiers);
}
