/* rules_wlarrive.c - the arrivals of checks 1a and 1g: the rate the
 * load generator scheduled and sent against the spec's aggregate_rate,
 * the spec a run's PipelineRun gave it, and each client's inter-arrival
 * CV against its arrival process.  The other workload checks are in
 * rules_workload.c (rules_wl.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "rules_wl.h"
#include "ruleutil.h"
#include "str.h"

#define FROM_SPEC(field) "s2r-expect, from the sim workload YAML (" field ")"
#define FROM_TRACE(field) "s2r-trace-stats, from the cell's trace_data.csv (" \
	field ")"

static const char ACT_RATE[] = "The load generator did not run the spec's "
    "rate: check the aggregate_rate, rate_fraction and lifecycle windows of "
    "the workload YAML blis observe was given, then rerun the cell.";
static const char ACT_CEILING[] = "Client-side ceiling: the load generator "
    "could not send as fast as it scheduled.  Raise blis observe "
    "--max-concurrency, give the client more CPU or run it closer to the "
    "gateway, then rerun; until then the cell ran below the spec's load.";
static const char ACT_CLOCK[] = "Judge the send rate on one side of the "
    "client clock's step (1h sends.clock_back or sends.clock_forward), "
    "and keep the load "
    "generator's host clock synchronised before a run.";
static const char ACT_BURST[] = "Arrivals do not follow the client's "
    "arrival process: check arrival.process/cv in the workload YAML and "
    "that the generator schedules by arrival time (not by completions).";
static const char ACT_FEW_GAPS[] = "Judge burstiness on a longer run of this "
    "client.";
/* The noise a rate has (noise_check's whose). */
static const char RATE_CHANCE[] = "the chance of the clients' arrival "
    "processes at this run's size";

/* A client's arrival CV inside its process's band but this many standard
 * errors of its gaps from the process's own CV: no chance spread (five:
 * a correct generator gets there about once in two million clients), so
 * the generator drew another process the band is too wide to see (one
 * Poisson stream dealt to the clients in turn, jittered pacing). */
#define CV_NOT_CHANCE_SE	5.0

/* --- 1a ------------------------------------------------------------- */

/* "25200 requests over 119.8 s" from requests.count and the rate. */
static void
rate_note(struct sbuf *note, const struct judge *j, const struct jcell *c,
    double rate)
{
	const json_t *n = judge_measure(j, c, "requests.count", NULL);
	const json_t *cap = judge_expect(j, c, "requests.count", NULL);
	double rows, want;
	char a[32], b[32];

	if (ru_num(n, &rows) && rate > 0) {
		judge_fmt_num(a, sizeof(a), rows);
		judge_fmt_num(b, sizeof(b), rows / rate);
		sbuf_printf(note, "%s requests over %s s.", a, b);
	}
	if (ru_num(n, &rows) && ru_num(cap, &want)) {
		judge_fmt_num(a, sizeof(a), want);
		sbuf_printf(note, "%sThe spec generates %s requests (from ",
		    note->len > 0 ? " " : "", a);
		judge_source_text(note, json_object_get(cap, "source"));
		sbuf_adds(note, "); warm-up requests are not in the trace.");
	}
}

/* The standard error of a measured rate: its relative noise is the
 * request count's when the horizon or a window ends generation, the
 * duration's when num_requests does (s2r-expect's sd of each, from the
 * clients' arrival CVs); 0 when neither has one. */
static double
rate_se(const struct judge *j, const struct jcell *c, double rate)
{
	static const char *const bounds[] = { "requests.count",
	    "run.duration_us" };
	double rel = 0, v, sd;

	for (size_t i = 0; i < 2; i++) {
		const json_t *e = judge_expect(j, c, bounds[i], NULL);

		if (ru_num(e, &v) && v > 0 && rec_get_num(e, "sd", &sd) &&
		    sd / v > rel)
			rel = sd / v;
	}
	return rel * fabs(rate);
}

/* The client clock's mid-run step as 1h measured it: the record of
 * sends.clock_back, else of sends.clock_forward (NULL without either),
 * *metric its name.  One lookup for 1a's rate and 1g's send CV. */
static const json_t *
clock_step(const struct judge *j, const struct jcell *c, const char **metric)
{
	const json_t *m = judge_measure(j, c, "sends.clock_back", NULL);

	*metric = "sends.clock_back";
	if (m == NULL) {
		m = judge_measure(j, c, "sends.clock_forward", NULL);
		*metric = "sends.clock_forward";
	}
	return m;
}

/* The client's clock stepped mid-run (1h's sends.clock_back or
 * sends.clock_forward): the send span qps.actual divides by is short, or
 * long, by the step.  True, with a note, when the rate over the span the
 * step restores is within the band: the clock, not the load, moved the
 * rate. */
static bool
clock_explains(const struct judge *j, const struct jcell *c,
    const struct jcmp *cmp, struct sbuf *note)
{
	const char *metric;
	const json_t *m = clock_step(j, c, &metric);
	const json_t *n = judge_measure(j, c, "requests.count", NULL);
	bool back = strcmp(metric, "sends.clock_back") == 0;
	double step, rows, span, fixed;
	char a[32], b[32];

	if (!ru_num(m, &step) || !(step > 0) || !ru_num(n, &rows) ||
	    !(rows > 0) || !(cmp->a > 0) || !(cmp->e > 0))
		return false;
	span = rows / cmp->a + (back ? step : -step) / 1e6;
	if (!(span > 0))
		return false;
	fixed = rows / span;
	if (fabs(fixed - cmp->e) / cmp->e * 100 > tol(j->tol, TOL_RATE_PCT))
		return false;
	judge_fmt_num(a, sizeof(a), step / 1e6);
	judge_fmt_num(b, sizeof(b), fixed);
	sbuf_printf(note, "%sThe client's clock went %s %s s mid-run (",
	    note->len ? " " : "", back ? "back" : "forward", a);
	ru_where(note, m);
	sbuf_printf(note, ", 1h %s): over the send span with the step "
	    "restored the rate is %s req/s, within the tolerance.", metric, b);
	return true;
}

static void
rule_rate(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery qi = { "qps.intended", "qps.intended", NULL,
	    FROM_SPEC("aggregate_rate"), FROM_TRACE("arrival_time_us") };
	struct jquery qa = { "qps.intended", "qps.actual", NULL,
	    FROM_SPEC("aggregate_rate"), FROM_TRACE("send_time_us") };
	struct sbuf note = {0};
	struct jcmp cmp;
	double intended, floor_rate, band = tol(j->tol, TOL_RATE_PCT);
	enum jverdict_value v;
	char pct[32], num[32];

	if (judge_compare(j, r, c, &qi, DIFF_PCT, band, &cmp)) {
		rate_note(&note, j, c, cmp.a);
		v = cmp.within ? V_PASS : wl_noise_check(&cmp, rate_se(j, c,
		    cmp.e), RATE_CHANCE, &note);
		judge_emit_cmp(j, r, c, &qi, &cmp, v, note.len ?
		    sbuf_str(&note) : NULL, v == V_WARN ? wl_act_noise : ACT_RATE);
	}
	if (!judge_compare(j, r, c, &qa, DIFF_PCT, band, &cmp)) {
		sbuf_free(&note);
		return;
	}
	sbuf_reset(&note);
	rate_note(&note, j, c, cmp.a);
	if (cmp.within) {
		judge_emit_cmp(j, r, c, &qa, &cmp, V_PASS, sbuf_str(&note), NULL);
	} else if (clock_explains(j, c, &cmp, &note)) {
		/* before the ceiling: a clock stepped forward makes the sends
		 * look slow */
		judge_emit_cmp(j, r, c, &qa, &cmp, V_WARN, sbuf_str(&note),
		    ACT_CLOCK);
	} else if (ru_num(judge_measure(j, c, "qps.intended", NULL),
	    &intended) && intended > 0 &&
	    cmp.a < (floor_rate = intended * (1 - tol(j->tol,
	    TOL_CEILING_PCT) / 100))) {
		judge_fmt_num(pct, sizeof(pct), (intended - cmp.a) / intended *
		    100);
		judge_fmt_num(num, sizeof(num), intended);
		sbuf_printf(&note, "%sThe requests were sent %s%% slower than "
		    "the generator scheduled them (%s req/s): a client-side "
		    "ceiling, not a spec mismatch.", note.len ? " " : "", pct,
		    num);
		judge_emit_cmp(j, r, c, &qa, &cmp, V_WARN, sbuf_str(&note),
		    ACT_CEILING);
	} else {
		v = wl_noise_check(&cmp, rate_se(j, c, cmp.e), RATE_CHANCE,
		    &note);
		judge_emit_cmp(j, r, c, &qa, &cmp, v, sbuf_str(&note),
		    v == V_WARN ? wl_act_noise : ACT_RATE);
	}
	sbuf_free(&note);
}

/* The spec a run's PipelineRun gave it against the sim bundle's
 * (s2r-expect --run: workload.conflict, the expectations that differ):
 * the run was told to generate another workload than the one simulated.
 * Only the seed: the same workload, drawn differently, WARN. */
static void
spec_conflict(struct judge *j, const struct rule *r, const struct jcell *c)
{
	const json_t *e = judge_expect(j, c, "workload.conflict", NULL);
	const json_t *vals = json_object_get(e, "values"), *d;
	struct sbuf why = {0};
	bool seed_only;
	double n;
	size_t i;

	if (e == NULL || !ru_num(e, &n))
		return;
	seed_only = (size_t)n == json_array_size(vals);
	sbuf_printf(&why, "The PipelineRun gave the run a workload spec (");
	ru_where(&why, e);
	sbuf_printf(&why, ") whose expectations differ from the sim bundle's "
	    "in %.0f place%s:", n, n == 1 ? "" : "s");
	json_array_foreach(vals, i, d)
		if (strcmp(rec_get_str(d, "metric"), "workload.seed") != 0)
			seed_only = false;
	ru_differences(&why, vals, (size_t)n, "there");
	sbuf_adds(&why, seed_only ? "Only the seed: the same workload, drawn "
	    "otherwise; the trace is judged against the sim's spec." :
	    "The run was told to generate another workload than the one "
	    "simulated; the trace is judged against the sim's spec.");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "workload.conflict",
	    .expect = e, .tolerance = "exact", .verdict = seed_only ? V_WARN :
	    V_FAIL, .why = sbuf_str(&why), .action = "Rerun the cell with "
	    "the simulated spec (the PipelineRun's workloadSpec param), or "
	    "simulate the spec the run was given." });
	sbuf_free(&why);
}

void
wl_rule_rate(struct judge *j, const struct rule *r, const struct jcell *c)
{
	rule_rate(j, r, c);
	wl_rule_run(j, r, c);
	spec_conflict(j, r, c);
}

/* --- 1g ------------------------------------------------------------- */

/* The verdict *v of the CV cmp->a against the band of its arrival
 * process.  False when there is nothing more to say: the shaped
 * comparison could not be made, or the process has no burstiness rule
 * (then judged inapplicable here). */
static bool
cv_band(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const char *process, struct jcmp *cmp,
    struct sbuf *note, enum jverdict_value *v)
{
	double lo, hi;
	char a[32], b[32];

	if (strcmp(process, "poisson") == 0) {
		lo = tol(j->tol, TOL_POISSON_CV_MIN);
		hi = tol(j->tol, TOL_POISSON_CV_MAX);
		judge_fmt_num(a, sizeof(a), lo);
		judge_fmt_num(b, sizeof(b), hi);
		snprintf(cmp->tolerance, sizeof(cmp->tolerance), "%s-%s", a, b);
		*v = cmp->a >= lo && cmp->a <= hi ? V_PASS : V_FAIL;
		return true;
	}
	if (strcmp(process, "constant") == 0) {
		hi = tol(j->tol, TOL_CONSTANT_CV_MAX);
		judge_fmt_num(a, sizeof(a), hi);
		snprintf(cmp->tolerance, sizeof(cmp->tolerance), "< %s", a);
		*v = cmp->a < hi ? V_PASS : V_FAIL;
		return true;
	}
	if (strcmp(process, "gamma") == 0 || strcmp(process, "weibull") == 0) {
		if (!judge_compare(j, r, c, q, DIFF_PCT, tol(j->tol,
		    TOL_SHAPED_CV_PCT), cmp))
			return false;
		*v = cmp->within ? V_PASS : V_FAIL;
		return true;
	}
	sbuf_printf(note, " There is no burstiness rule for this process.");
	judge_emit_cmp(j, r, c, q, cmp, V_INAPPLICABLE, sbuf_str(note), NULL);
	return false;
}

/* Emits the band's verdict v over n inter-arrivals, made a WARN where
 * the CV's standard error says more than the band: a PASS too many
 * errors from the process's own CV, a FAIL within chance, or too few
 * gaps to tell. */
static void
cv_emit(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, struct jcmp *cmp, struct sbuf *note,
    enum jverdict_value v, double n)
{
	double se;
	char a[32], b[32];

	/* The expectation's sd1: a measured CV's noise per gap. */
	se = wl_noise_se(cmp->expect, 0, n);
	if (v == V_PASS && se > 0 && n >= tol(j->tol, TOL_IAT_MIN_SAMPLES) &&
	    fabs(cmp->a - cmp->e) > CV_NOT_CHANCE_SE * se) {
		judge_fmt_num(a, sizeof(a), fabs(cmp->a - cmp->e) / se);
		judge_fmt_num(b, sizeof(b), n);
		sbuf_printf(note, " Inside the band, but %s standard errors "
		    "of the CV over %s inter-arrivals from the process's own: "
		    "no chance spread of it; the generator drew another "
		    "process (one stream dealt to the clients in turn, "
		    "jittered pacing) that the band is too wide to see.", a,
		    b);
		judge_emit_cmp(j, r, c, q, cmp, V_WARN, sbuf_str(note),
		    ACT_BURST);
		return;
	}
	if (v == V_FAIL && fabs(cmp->a - cmp->e) <= WL_NOISE_SE * se) {
		judge_fmt_num(a, sizeof(a), se);
		judge_fmt_num(b, sizeof(b), n);
		sbuf_printf(note, " Outside the tolerance but within three "
		    "standard errors of the CV's chance over %s inter-arrivals "
		    "(one is %s): too few to tell.", b, a);
		judge_emit_cmp(j, r, c, q, cmp, V_WARN, sbuf_str(note),
		    ACT_FEW_GAPS);
		return;
	}
	if (n > 0 && n < tol(j->tol, TOL_IAT_MIN_SAMPLES)) {
		judge_fmt_num(a, sizeof(a), n);
		sbuf_printf(note, " Only %s inter-arrivals: too few for the CV "
		    "to say anything (it would have been %s).", a,
		    judge_verdict_names[v]);
		judge_emit_cmp(j, r, c, q, cmp, V_WARN, sbuf_str(note),
		    ACT_FEW_GAPS);
		return;
	}
	judge_emit_cmp(j, r, c, q, cmp, v, sbuf_str(note), ACT_BURST);
}

/* The client's clock stepped mid-run (1h): the send gap across the step
 * is off by it, so a CV over send times says nothing of the generator's
 * pacing; note says so. */
static bool
clock_stepped(const struct judge *j, const struct jcell *c,
    struct sbuf *note)
{
	const char *metric;
	const json_t *m = clock_step(j, c, &metric);

	if (m == NULL)
		return false;
	sbuf_printf(note, " Outside the band, but the client's clock stepped "
	    "mid-run (1h %s, ", metric);
	ru_where(note, m);
	sbuf_adds(note, "): the send gaps across the step are off by it, so "
	    "the CV over send times is not the generator's pacing; the "
	    "arrivals' CV (iat.cv) stands.");
	return true;
}

/* A client of the trace with fewer than two rows: no gap, no CV, so its
 * burstiness cannot be told (the rows lost or never sent are 1a's and
 * 1b's to judge); a WARN that says why, not a silent INAPPLICABLE. */
static bool
too_few_rows(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q)
{
	const json_t *m = judge_measure(j, c, q->measure_metric, q->sub);
	double n = -1, v;
	struct sbuf why = {0};

	if (m == NULL || ru_num(m, &v) || !rec_get_num(m, "n", &n) || n > 0)
		return false;
	sbuf_printf(&why, "Client \"%s\" has at most one row in the trace (",
	    rec_scope_str(m, "client"));
	ru_where(&why, m);
	sbuf_adds(&why, "): no inter-arrival gap, so its CV, and whether it "
	    "followed its arrival process, cannot be measured.");
	ru_emit(j, r, c, q->measure_metric, q->sub, judge_expect(j, c,
	    q->expect_metric, q->sub), m, NULL, V_WARN, sbuf_str(&why),
	    ACT_FEW_GAPS);
	sbuf_free(&why);
	return true;
}

static void
client_cv(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q)
{
	const char *process;
	struct jcmp cmp;
	struct sbuf note = {0};
	double n = 0;
	enum jverdict_value v;

	if (too_few_rows(j, r, c, q) ||
	    !judge_compare(j, r, c, q, DIFF_ABS, 0, &cmp))
		return;
	process = rec_get_str(cmp.expect, "process");
	if (process == NULL)
		process = "";
	rec_get_num(cmp.measure, "n", &n);
	sbuf_printf(&note, "Arrival process %s.", *process ? process :
	    "(not given)");
	if (strcmp(q->measure_metric, "iat.cv_send") == 0)
		sbuf_adds(&note, " Judged on the send times (send_time_us): "
		    "the arrivals the servers saw, which a generator that "
		    "batches its sends bunches however well it scheduled "
		    "them.");
	if (!cv_band(j, r, c, q, process, &cmp, &note, &v)) {
		sbuf_free(&note);
		return;
	}
	if (v == V_FAIL && strcmp(q->measure_metric, "iat.cv_send") == 0 &&
	    clock_stepped(j, c, &note))
		judge_emit_cmp(j, r, c, q, &cmp, V_WARN, sbuf_str(&note),
		    ACT_CLOCK);
	else
		cv_emit(j, r, c, q, &cmp, &note, v, n);
	sbuf_free(&note);
}

void
wl_rule_burst(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery q = { "iat.cv", "iat.cv", NULL,
	    FROM_SPEC("the client's arrival.process and cv"),
	    FROM_TRACE("arrival_time_us per client_id") };
	const json_t *merged = judge_measure(j, c, "iat.cv_merged", NULL);
	struct sbuf why = {0};
	double cv;
	char a[32];
	struct jquery qs = { "iat.cv", "iat.cv_send", NULL,
	    FROM_SPEC("the client's arrival.process and cv"),
	    FROM_TRACE("send_time_us per client_id") };

	wl_each_sub(j, r, c, &q, "client", client_cv, ACT_BURST, true);
	/* real traces only: a sim trace sends at its arrival times */
	if (judge_any(j, c, "measure", "iat.cv_send"))
		wl_each_sub(j, r, c, &qs, "client", client_cv, ACT_BURST, false);
	wl_rule_think(j, r, c);
	if (merged == NULL)
		return;
	/* Evidence only: independent clients merged need not look like any
	 * single process, so this is never PASS or FAIL. */
	sbuf_adds(&why, "Informational only: the merged arrival stream of all "
	    "clients has CV ");
	if (ru_num(merged, &cv)) {
		judge_fmt_num(a, sizeof(a), cv);
		sbuf_adds(&why, a);
	} else
		sbuf_adds(&why, "n/a");
	sbuf_adds(&why, " (from ");
	judge_source_text(&why, json_object_get(merged, "source"));
	sbuf_adds(&why, "); burstiness is judged per client.");
	judge_emit(j, r, c, &(struct jverdict){ .metric = "iat.cv_merged",
	    .measure = merged, .verdict = V_INAPPLICABLE,
	    .why = sbuf_str(&why) });
	sbuf_free(&why);
}
