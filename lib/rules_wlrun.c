/* rules_wlrun.c - 1a beyond the rate: did the run make as many requests,
 * for as long, as the spec says; was each client active when and as fast
 * as its windows say; the seed; a corpus workload's sessions (1a), think
 * time (1g) and context growth (1c).  See rules_wl.h.
 *
 * Where lifecycle windows give the two readings of rate_fraction
 * (wltime.h) different values, the cell's reading is the one most of its
 * clients' measured rates match; counts, duration and ends are judged
 * under it and every verdict says which. */
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
/* Chance allowances: three standard deviations; a window edge within
 * EDGE_GAPS mean gaps (a poisson stream leaves a gap that long at an
 * edge with probability e^-7 < 0.1 %), scaled by (1 + cv^2)/2 for
 * burstier processes (the mean gap an edge falls in). */
#define NOISE_SD	3.0
#define EDGE_GAPS	7.0

static const char ACT_COUNT[] = "The run did not make the requests the spec "
    "generates: check that blis observe ran this spec (num_requests, "
    "horizon, windows) to the end, and rerun a cell that was stopped early.";
static const char ACT_RETRIES[] = "The load generator retried or re-sent "
    "requests and logged each attempt: turn its retries off (or simulate "
    "them), or find why the first attempts failed (5d) and rerun the cell.";
static const char ACT_WINDOW[] = "A client was active at other times than "
    "its lifecycle windows: the load generator ran a re-timed or shortened "
    "spec; run the sim's spec (or re-simulate the one that ran).";
static const char ACT_READING[] = "The load generator normalised "
    "rate_fraction over every client, as BLIS did before per-window "
    "normalisation: each window ran below aggregate_rate.  Check which "
    "reading the simulation used (its results' request counts) and run both "
    "sides with the same BLIS version.";
static const char ACT_SEED[] = "Run blis observe with the spec's seed: "
    "another seed draws other arrivals and lengths than the simulation.";
static const char ACT_SESSIONS[] = "The replay did not run the spec's "
    "sessions: check replay.concurrent_sessions/total_sessions and the "
    "corpus filters the cell ran with.";

static const char *const reading_keys[2] = { "window", "all" };
static const char *const reading_words[2] = { "per-window", "all-clients" };

void
wl_cmp(struct jcmp *cmp, const json_t *e, const json_t *m, enum jdiff kind,
    double t)
{
	char num[32];
	const char *unit = rec_get_str(m, "unit");

	memset(cmp, 0, sizeof(*cmp));
	cmp->expect = e;
	cmp->measure = m;
	rec_get_num(e, "value", &cmp->e);
	rec_get_num(m, "value", &cmp->a);
	if (unit == NULL)
		unit = rec_get_str(e, "unit");
	cmp->diff = cmp->a - cmp->e;
	cmp->diff_unit = unit;
	if (kind == DIFF_PCT && cmp->e != 0) {
		cmp->diff = (cmp->a - cmp->e) / fabs(cmp->e) * 100;
		cmp->diff_unit = "%";
	} else if (kind == DIFF_PP) {
		cmp->diff = (cmp->a - cmp->e) * 100;
		cmp->diff_unit = "pp";
	} else if (kind == DIFF_PCT)
		t = 0;
	cmp->within = fabs(cmp->diff) <= t + 1e-9 * (t > 1 ? t : 1);
	judge_fmt_num(num, sizeof(num), t);
	if (t == 0)
		snprintf(cmp->tolerance, sizeof(cmp->tolerance), "exact");
	else
		snprintf(cmp->tolerance, sizeof(cmp->tolerance), "\u00b1%s%s",
		    num, kind == DIFF_PCT ? "%" : kind == DIFF_PP ? " pp" : "");
}

/* --- readings ------------------------------------------------------- */

/* The value (and sd) of an expectation under reading rd (0 per-window,
 * 1 all-clients; -1 or no readings: its value). */
static bool
reading_value(const json_t *e, int rd, double *v, double *sd)
{
	const json_t *r = json_object_get(e, "readings");

	*sd = 0;
	if (rd >= 0 && r != NULL) {
		r = json_object_get(r, reading_keys[rd]);
		rec_get_num(r, "sd", sd);
		return rec_get_num(r, "value", v);
	}
	rec_get_num(e, "sd", sd);
	return ru_num(e, v);
}

static json_t *
client_sub(const char *id)
{
	json_t *sub = json_object();

	rec_set_str(sub, "client", id);
	return sub;
}

/* The configured CV of a client's arrivals (1 when not known). */
static double
client_cv(const struct judge *j, const struct jcell *c, const json_t *sub)
{
	double cv = 1;

	if (!ru_num(judge_expect(j, c, "iat.cv", sub), &cv) || !(cv >= 0))
		cv = 1;
	return cv;
}

/* Standard error of a measured rate: cv x rate / sqrt(gaps). */
static double
rate_se(const struct judge *j, const struct jcell *c, const json_t *sub,
    const json_t *m, double rate)
{
	double n = 0;

	rec_get_num(m, "n", &n);
	return n > 1 ? client_cv(j, c, sub) * rate / sqrt(n - 1) : INFINITY;
}

/* How near a measured rate is an expected one: 0 within the tolerance,
 * 1 within two standard errors (chance, at this run's size), 2 within
 * NOISE_SD, 3 beyond. */
static int
nearness(double a, double e, double se, double pct)
{
	double d = fabs(a - e);

	if (d <= pct / 100 * fabs(e))
		return 0;
	return d <= 2 * se ? 1 : d <= NOISE_SD * se ? 2 : 3;
}

/* How the cell's reading was found. */
enum how_read { READ_FOLLOWED, READ_NEAREST, READ_UNMEASURED };

/* Which reading the cell's clients follow: -1 when the spec has one
 * value, 0 per-window, 1 all-clients.  *how: most measured clients match
 * it; none matches either (the nearer one is taken); no client with both
 * readings was measured (the per-window one, BLIS's current). */
static int
cell_reading(const struct judge *j, const struct jcell *c,
    enum how_read *how)
{
	struct ru_list l;
	int hits[2] = { 0, 0 }, spec = 0, any = 0;
	double dist[2] = { 0, 0 }, pct = tol(j->tol, TOL_RATE_PCT);

	ru_collect(j, c, "expect", "client.rate", RU_ANY, false, &l);
	for (size_t i = 0; i < l.n; i++) {
		json_t *sub = client_sub(rec_scope_str(l.v[i], "client"));
		const json_t *m = judge_measure(j, c, "client.rate", sub);
		double a, e, sd;

		spec |= json_object_get(l.v[i], "readings") != NULL;
		if (json_object_get(l.v[i], "readings") != NULL && ru_num(m, &a)) {
			any = 1;
			for (int rd = 0; rd < 2; rd++) {
				if (!reading_value(l.v[i], rd, &e, &sd) || !(e > 0))
					continue;
				hits[rd] += nearness(a, e, rate_se(j, c, sub, m,
				    a), pct) <= 1;
				dist[rd] += fabs(log(a > 0 ? a / e : 1e-9));
			}
		}
		json_decref(sub);
	}
	ru_list_free(&l);
	*how = !any ? READ_UNMEASURED : hits[0] + hits[1] > 0 ?
	    READ_FOLLOWED : READ_NEAREST;
	if (!spec)
		return -1;
	if (!any)
		return 0;
	if (hits[0] != hits[1])
		return hits[1] > hits[0];
	return dist[1] < dist[0];
}

/* " Judged under ..." for a verdict's note. */
static void
reading_note(struct sbuf *b, int rd, enum how_read how)
{
	static const char *const why[] = {
		[READ_FOLLOWED] = "the clients' measured rates follow",
		[READ_NEAREST] = "is the nearer one (no client's rate matches "
		    "either)",
		[READ_UNMEASURED] = "is BLIS's current one (no client's rate was "
		    "measured)",
	};

	if (rd < 0)
		return;
	sbuf_printf(b, "%sJudged under the %s reading of rate_fraction, which "
	    "%s.", b->len ? " " : "", reading_words[rd], why[how]);
}

/* The expected side of e under reading rd, less `less` (warm-up). */
static json_t *
reading_side(const json_t *e, int rd, double less, const char *unit,
    const char *extra)
{
	double v = 0, sd;
	struct sbuf how = { 0 };
	json_t *s;

	reading_value(e, rd, &v, &sd);
	sbuf_adds(&how, rec_get_str(json_object_get(e, "source"), "how") ?
	    rec_get_str(json_object_get(e, "source"), "how") : "");
	if (rd >= 0)
		sbuf_printf(&how, "; taken: the %s reading", reading_words[rd]);
	if (extra != NULL && extra[0] != '\0')
		sbuf_printf(&how, "; %s", extra);
	s = ru_side(rec_num(v - less), unit, e, sbuf_str(&how));
	sbuf_free(&how);
	return s;
}

/* --- requests and duration ---------------------------------------- */

/* Both sides of q, or the MISSING/INAPPLICABLE verdict judge_compare
 * gives when one is absent or not comparable. */
static bool
both_sides(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct jquery *q, const json_t **e, const json_t **m)
{
	struct jcmp unused;

	*e = judge_expect(j, c, q->expect_metric, q->sub);
	*m = judge_measure(j, c, q->measure_metric, q->sub);
	if (*e != NULL && *m != NULL && !json_is_false(json_object_get(*e,
	    "comparable")) && ru_num(*e, &unused.e) && ru_num(*m, &unused.a))
		return true;
	judge_compare(j, r, c, q, DIFF_ABS, 0, &unused);
	return false;
}

/* PASS within the tolerance or two sd of chance, WARN within NOISE_SD
 * sd, else FAIL. */
static enum jverdict_value
noise_verdict(const struct jcmp *cmp, double sd, struct sbuf *note)
{
	double d = fabs(cmp->a - cmp->e);
	char num[32];

	if (cmp->within)
		return V_PASS;
	if (!(sd > 0) || d > NOISE_SD * sd)
		return V_FAIL;
	judge_fmt_num(num, sizeof(num), sd);
	sbuf_printf(note, "%sOutside the tolerance but within %d standard "
	    "deviations of chance (one is %s): %s.", note->len ? " " : "",
	    d <= 2 * sd ? 2 : (int)NOISE_SD, num, d <= 2 * sd ? "chance at "
	    "this run's size" : "too few requests to tell");
	return d <= 2 * sd ? V_PASS : V_WARN;
}

/* Rows that repeat a request_id (s2r-trace-stats' duplicate_ids): the
 * trace logs attempts (retries, a re-sent request) where the spec makes
 * one request each, so the server saw load the simulation never
 * generated, even when the count is within its band.  Says so in note
 * (when given) and returns whether any repeat. */
static bool
repeated_ids(const json_t *m, struct sbuf *note)
{
	double dups = 0;
	char num[32];

	if (!rec_get_num(m, "duplicate_ids", &dups) || !(dups > 0))
		return false;
	if (note == NULL)
		return true;
	judge_fmt_num(num, sizeof(num), dups);
	sbuf_printf(note, "%s%s rows repeat an earlier row's request_id: the "
	    "trace counts attempts (retries or re-sent requests), which the "
	    "simulation does not make.", note->len ? " " : "", num);
	return true;
}

/* Request ids between the trace's smallest and largest that no row has
 * (s2r-trace-stats' missing_ids), with a count short of the spec's: the
 * generator made those requests and the trace left them out (a recorder
 * that keeps only the completed ones, a cut copy), so the shortfall is
 * not the load the servers saw.  Says so in note. */
static void
missing_ids(const json_t *m, const struct jcmp *cmp, struct sbuf *note)
{
	double holes = 0;
	char num[32];

	if (!rec_get_num(m, "missing_ids", &holes) || !(holes > 0) ||
	    cmp->within || cmp->a >= cmp->e)
		return;
	judge_fmt_num(num, sizeof(num), holes);
	sbuf_printf(note, "%s%s request_id between the trace's smallest and "
	    "largest have no row: the generator made those requests and the "
	    "trace left them out (a recorder keeping only the completed "
	    "ones, or a cut copy), so the shortfall need not be load the "
	    "servers missed; see 5d before the rate.", note->len ? " " : "",
	    num);
}

static void
judge_count(struct judge *j, const struct rule *r, const struct jcell *c,
    int rd, enum how_read found)
{
	struct jquery q = { "requests.count", "requests.count", NULL,
	    FROM_SPEC("num_requests, horizon, windows"),
	    FROM_TRACE("rows") };
	const json_t *e, *m, *warm;
	double w = 0, v, sd;
	enum jverdict_value verdict;
	struct sbuf note = { 0 }, extra = { 0 };
	struct jcmp cmp;
	json_t *side;

	/* Records of an older s2r-expect have no count to judge. */
	if (judge_expect(j, c, q.expect_metric, NULL) == NULL ||
	    !both_sides(j, r, c, &q, &e, &m))
		return;
	warm = judge_measure(j, c, "warm_up.requests", NULL);
	if (ru_num(warm, &w) && w > 0) {
		char num[32];

		judge_fmt_num(num, sizeof(num), w);
		sbuf_printf(&extra, "less warm_up_requests %s (", num);
		ru_where(&extra, warm);
		sbuf_adds(&extra, "), which are not in the trace");
	} else if (warm == NULL)
		sbuf_adds(&extra, "no trace header: no warm-up taken off");
	reading_value(e, rd, &v, &sd);
	side = reading_side(e, rd, w, "count", sbuf_str(&extra));
	wl_cmp(&cmp, side, m, DIFF_PCT, tol(j->tol, TOL_RATE_PCT));
	reading_note(&note, rd, found);
	/* The verdict first: it may write to note (and move it). */
	verdict = noise_verdict(&cmp, sd, &note);
	if (repeated_ids(m, &note) && verdict == V_PASS)
		verdict = V_WARN;
	missing_ids(m, &cmp, &note);
	judge_emit_cmp(j, r, c, &q, &cmp, verdict, note.len ? sbuf_str(&note) :
	    NULL, repeated_ids(m, NULL) ? ACT_RETRIES : ACT_COUNT);
	json_decref(side);
	sbuf_free(&note);
	sbuf_free(&extra);
}

static void
judge_duration(struct judge *j, const struct rule *r, const struct jcell *c,
    int rd, enum how_read found)
{
	struct jquery q = { "run.duration_us", "run.duration_us", NULL,
	    FROM_SPEC("horizon, num_requests, windows"),
	    FROM_TRACE("largest arrival_time_us") };
	const json_t *e, *m;
	double v, sd, a;
	enum jverdict_value verdict;
	struct sbuf note = { 0 };
	struct jcmp cmp;
	json_t *side;

	if (judge_expect(j, c, q.expect_metric, NULL) == NULL ||
	    !both_sides(j, r, c, &q, &e, &m))
		return;
	reading_value(e, rd, &v, &sd);
	side = reading_side(e, rd, 0, "us", NULL);
	wl_cmp(&cmp, side, m, DIFF_PCT, tol(j->tol, TOL_RATE_PCT));
	ru_num(m, &a);
	sbuf_printf(&note, "Generation was to stop at %.6g s; the last "
	    "arrival is at %.6g s.", v / 1e6, a / 1e6);
	reading_note(&note, rd, found);
	verdict = noise_verdict(&cmp, sd, &note);
	judge_emit_cmp(j, r, c, &q, &cmp, verdict, sbuf_str(&note), ACT_COUNT);
	json_decref(side);
	sbuf_free(&note);
}

/* --- clients -------------------------------------------------------- */

/* The client's rate against the readings: the cell's reading first, then
 * the other.  PASS on the per-window one (or the spec's only value), WARN
 * on the all-clients one or within NOISE_SD of chance, FAIL on neither. */
static void
judge_rate(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *sub, const json_t *e, const json_t *m, int cell_rd)
{
	struct jquery q = { "client.rate", "client.rate", sub,
	    FROM_SPEC("rate_fraction, aggregate_rate, windows"),
	    FROM_TRACE("arrival_time_us per client_id") };
	bool has = json_object_get(e, "readings") != NULL;
	double a, ev[2], sd, se, pct = tol(j->tol, TOL_RATE_PCT);
	int rd = has && cell_rd == 1, near[2];
	enum jverdict_value v;
	struct sbuf note = { 0 };
	struct jcmp cmp;
	json_t *side;

	ru_num(m, &a);
	se = rate_se(j, c, sub, m, a);
	for (int k = 0; k < 2; k++) {
		reading_value(e, has ? k : -1, &ev[k], &sd);
		near[k] = nearness(a, ev[k], se, pct);
	}
	if (has && near[rd] == 3 && (near[!rd] < 3 || fabs(a - ev[!rd]) <
	    fabs(a - ev[rd])))
		rd = !rd;
	side = reading_side(e, has ? rd : -1, 0, "req/s", NULL);
	wl_cmp(&cmp, side, m, DIFF_PCT, pct);
	v = near[rd] <= 1 ? V_PASS : near[rd] == 2 ? V_WARN : V_FAIL;
	if (near[rd] == 1 || near[rd] == 2)
		sbuf_printf(&note, "Outside the tolerance but within %d standard "
		    "errors of the measured rate (one is %.4g req/s): %s.",
		    near[rd] == 1 ? 2 : (int)NOISE_SD, se, near[rd] == 1 ?
		    "chance at this run's size" : "too few requests to tell");
	if (has) {
		sbuf_printf(&note, "%sThe spec gives %.6g req/s under the "
		    "per-window reading, %.6g under the all-clients one; %s.",
		    note.len ? " " : "", ev[0], ev[1], v == V_FAIL ? "the run "
		    "matches neither" : rd ? "the run follows the all-clients "
		    "reading" : "the run follows the per-window reading");
		if (rd == 1 && v == V_PASS)
			v = V_WARN;
	}
	judge_emit_cmp(j, r, c, &q, &cmp, v, note.len ? sbuf_str(&note) : NULL,
	    rd == 1 && v == V_WARN && near[rd] <= 1 ? ACT_READING : ACT_WINDOW);
	json_decref(side);
	sbuf_free(&note);
}

struct edge {
	const json_t	*sub;
	double		 gap_us;	/* the client's mean gap */
	double		 cv;
	double		 len_us;	/* its active span */
	int		 rd;
	enum how_read	 found;	/* how rd was found */
};

/* One edge of a client's active span against its windows. */
static void
judge_edge(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct edge *ed, const char *metric, double shift,
    const char *shift_why)
{
	struct jquery q = { metric, metric, ed->sub,
	    FROM_SPEC("the client's lifecycle windows"),
	    FROM_TRACE("arrival_time_us per client_id") };
	const json_t *e, *m;
	double v, sd, allow;
	struct sbuf note = { 0 };
	struct jcmp cmp;
	json_t *side;
	char num[32];

	if (!both_sides(j, r, c, &q, &e, &m))
		return;
	reading_value(e, ed->rd, &v, &sd);
	side = reading_side(e, ed->rd, -shift, "us", shift_why);
	allow = fmax(tol(j->tol, TOL_RATE_PCT) / 100 * ed->len_us,
	    EDGE_GAPS * ed->gap_us * fmax(1, (1 + ed->cv * ed->cv) / 2));
	/* Two chances add: where generation really stopped (sd), and how
	 * long before that the client's last gap began. */
	allow += NOISE_SD * sd;
	wl_cmp(&cmp, side, m, DIFF_ABS, allow);
	judge_fmt_num(num, sizeof(num), allow / 1e6);
	snprintf(cmp.tolerance, sizeof(cmp.tolerance), "\u00b1%s s", num);
	judge_fmt_num(num, sizeof(num), tol(j->tol, TOL_RATE_PCT));
	sbuf_printf(&note, "The window's edge is at %.6g s%s, the client's %s "
	    "arrival at %.6g s. Allowed: %s%% of its %.6g s span or %g mean "
	    "gaps x (1 + cv^2)/2 of chance, whichever is more%s.", v / 1e6,
	    shift > 0 ? " (after the warm-up cut, later)" : "",
	    strcmp(metric, "client.start_us") == 0 ? "first" : "last",
	    cmp.a / 1e6, num, ed->len_us / 1e6, EDGE_GAPS, sd > 0 ?
	    ", plus three standard deviations of the edge itself" : "");
	reading_note(&note, ed->rd, ed->found);
	judge_emit_cmp(j, r, c, &q, &cmp, cmp.within ? V_PASS : V_FAIL,
	    sbuf_str(&note), ACT_WINDOW);
	json_decref(side);
	sbuf_free(&note);
}

/* The warm-up cut: the trace keeps requests from its first arrival on,
 * so a window that starts earlier starts there in the trace. */
static double
warm_shift(const struct judge *j, const struct jcell *c, double start,
    double end, struct sbuf *why)
{
	const json_t *t0 = judge_measure(j, c, "run.start_us", NULL);
	double w = 0, first;

	if (!ru_num(judge_measure(j, c, "warm_up.requests", NULL), &w) ||
	    w <= 0 || !ru_num(t0, &first) || !(first > start) ||
	    !(first < end))
		return 0;
	sbuf_printf(why, "the %.0f warm-up requests generated before %.6g s "
	    "(the trace's first arrival, ", w, first / 1e6);
	ru_where(why, t0);
	sbuf_adds(why, ") are not in the trace, so the window starts there");
	return first - start;
}

static void
judge_edges(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *sub, const json_t *em, int rd, enum how_read found)
{
	const json_t *es = judge_expect(j, c, "client.start_us", sub);
	const json_t *ee = judge_expect(j, c, "client.end_us", sub);
	double start = 0, end = 0, sd, rate = 0, shift;
	struct edge ed = { sub, 0, client_cv(j, c, sub), 0, rd, found };
	struct sbuf why = { 0 };

	ru_num(es, &start);
	/* The gap scale: the measured rate, else the expected one. */
	if (!ru_num(em, &rate) || !(rate > 0))
		reading_value(judge_expect(j, c, "client.rate", sub), rd, &rate,
		    &sd);
	reading_value(ee, rd, &end, &sd);
	ed.len_us = end > start ? end - start : 0;
	ed.gap_us = rate > 0 ? 1e6 / rate : 0;
	shift = warm_shift(j, c, start, end, &why);
	judge_edge(j, r, c, &ed, "client.start_us", shift, why.len ?
	    sbuf_str(&why) : NULL);
	judge_edge(j, r, c, &ed, "client.end_us", 0, NULL);
	sbuf_free(&why);
}

/* A client on one side only. */
static void
client_alone(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *sub, const json_t *e, const json_t *m)
{
	struct sbuf why = { 0 };
	const char *id = json_string_value(json_object_get(sub, "client"));

	if (e != NULL && json_is_false(json_object_get(e, "comparable"))) {
		struct jquery q = { "client.rate", "client.rate", sub,
		    FROM_SPEC("rate_fraction"), FROM_TRACE("client_id") };
		struct jcmp unused;

		judge_compare(j, r, c, &q, DIFF_ABS, 0, &unused);
		return;
	}
	if (e != NULL) {
		sbuf_printf(&why, "The spec has client \"%s\" active (from ", id);
		ru_where(&why, e);
		sbuf_adds(&why, ") but the trace has no rows of it.");
	} else {
		sbuf_printf(&why, "Client \"%s\" is in the trace (from ", id);
		ru_where(&why, m);
		sbuf_adds(&why, ") but not in the spec.");
	}
	ru_emit(j, r, c, "client.rate", sub, e, m, NULL, V_FAIL, sbuf_str(&why),
	    ACT_WINDOW);
	sbuf_free(&why);
}

/* Whether the spec expects a rate of any of the clients subs names. */
static bool
any_expect(const struct judge *j, const struct jcell *c, const json_t *subs)
{
	const json_t *sub;
	size_t i;

	json_array_foreach(subs, i, sub)
		if (judge_expect(j, c, "client.rate", sub) != NULL)
			return true;
	return false;
}

static void
judge_clients(struct judge *j, const struct rule *r, const struct jcell *c,
    int rd, enum how_read found)
{
	const json_t *all = judge_expect(j, c, "client.rate", NULL);
	json_t *subs, *sub;
	size_t i;

	/* One expectation for the cell, not comparable, stands for every
	 * client (a corpus workload). */
	if (all != NULL && json_is_false(json_object_get(all, "comparable"))) {
		ru_emit(j, r, c, "client.rate", NULL, all, NULL, NULL,
		    V_INAPPLICABLE, rec_get_str(all, "why"), NULL);
		return;
	}
	subs = judge_subscopes(j, c, "client.rate", "client.rate", "client");
	/* No spec for the cell (judge_count says MISSING): a client the
	 * trace has is no finding. */
	if (judge_expect(j, c, "requests.count", NULL) == NULL &&
	    !any_expect(j, c, subs)) {
		json_decref(subs);
		return;
	}
	json_array_foreach(subs, i, sub) {
		const json_t *e = judge_expect(j, c, "client.rate", sub);
		const json_t *m = judge_measure(j, c, "client.rate", sub);
		double a, ev;

		if (e == NULL || m == NULL || json_is_false(json_object_get(e,
		    "comparable"))) {
			client_alone(j, r, c, sub, e, m);
			continue;
		}
		if (!ru_num(e, &ev) || !ru_num(m, &a)) {
			struct jcmp unused;
			struct jquery q = { "client.rate", "client.rate", sub,
			    FROM_SPEC("rate_fraction"),
			    FROM_TRACE("arrival_time_us per client_id") };

			judge_compare(j, r, c, &q, DIFF_PCT, 0, &unused);
			continue;
		}
		judge_rate(j, r, c, sub, e, m, rd);
		judge_edges(j, r, c, sub, m, rd, found);
	}
	json_decref(subs);
}

/* --- seed and sessions --------------------------------------------- */

/* A value the run must share with the spec (a seed, a growth mode):
 * PASS equal, FAIL not, INAPPLICABLE with none when the trace does not
 * say.  Nothing when the spec does not say either. */
struct same {
	const char	*metric;
	const char	*spec, *run;	/* "The spec's seed", "the run's" */
	const char	*equal, *differ, *none, *action;
};

static void
judge_same(struct judge *j, const struct rule *r, const struct jcell *c,
    const struct same *s)
{
	const json_t *e = judge_expect(j, c, s->metric, NULL);
	const json_t *m = judge_measure(j, c, s->metric, NULL);
	struct sbuf why = { 0 };
	bool same;

	if (e == NULL)
		return;
	if (m == NULL) {
		ru_emit(j, r, c, s->metric, NULL, e, NULL, NULL, V_INAPPLICABLE,
		    s->none, NULL);
		return;
	}
	same = ru_equal(json_object_get(e, "value"), json_object_get(m,
	    "value"));
	sbuf_printf(&why, "%s (", s->spec);
	ru_where(&why, e);
	sbuf_adds(&why, ") is \"");
	ru_value_text(&why, json_object_get(e, "value"));
	sbuf_printf(&why, "\", %s (", s->run);
	ru_where(&why, m);
	sbuf_adds(&why, ") \"");
	ru_value_text(&why, json_object_get(m, "value"));
	sbuf_printf(&why, "\": %s", same ? s->equal : s->differ);
	ru_emit(j, r, c, s->metric, NULL, e, m, "equal", same ? V_PASS :
	    V_FAIL, sbuf_str(&why), s->action);
	sbuf_free(&why);
}

static void
judge_seed(struct judge *j, const struct rule *r, const struct jcell *c)
{
	judge_same(j, r, c, &(struct same){ "workload.seed", "The spec's seed",
	    "the run's", "the same arrivals and lengths as the simulation.",
	    "other arrivals and lengths than the simulation.", "The cell has "
	    "no trace header naming the workload_seed the load generator "
	    "used: the seed cannot be compared.", ACT_SEED });
}

/* A session statistic: want says how the measure must relate. */
static void
judge_session(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, const char *from, int want)
{
	struct jquery q = { metric, metric, NULL, FROM_SPEC("corpus replay"),
	    from };
	const json_t *e = judge_expect(j, c, metric, NULL), *m;
	struct jcmp cmp;
	enum jverdict_value v;
	const char *note;

	if (e == NULL)
		return;
	m = judge_measure(j, c, metric, NULL);
	if (m == NULL && judge_measure(j, c, "requests.count", NULL) != NULL &&
	    !json_is_false(json_object_get(e, "comparable"))) {
		ru_emit(j, r, c, metric, NULL, e, NULL, NULL, V_FAIL, "The spec "
		    "replays sessions but the trace has no session_id: the run "
		    "was not a session replay.", ACT_SESSIONS);
		return;
	}
	if (!judge_compare(j, r, c, &q, want == 0 ? DIFF_PCT : DIFF_ABS,
	    want == 0 ? tol(j->tol, TOL_RATE_PCT) : 0, &cmp))
		return;
	if (want > 0) {		/* at least the expectation */
		v = cmp.a >= cmp.e ? V_PASS : V_FAIL;
		snprintf(cmp.tolerance, sizeof(cmp.tolerance), ">= expected");
		note = v == V_PASS ? "No session has fewer rounds." :
		    "A session has fewer rounds than the spec's minimum.";
	} else if (want == 0) {
		v = cmp.within ? V_PASS : V_FAIL;
		note = cmp.a > cmp.e ? "More sessions at once than the pool." :
		    cmp.within ? NULL : "Fewer sessions at once than the pool.";
	} else {		/* exactly */
		v = cmp.a == cmp.e ? V_PASS : V_FAIL;
		note = NULL;
	}
	judge_emit_cmp(j, r, c, &q, &cmp, v, note, ACT_SESSIONS);
}

void
wl_rule_run(struct judge *j, const struct rule *r, const struct jcell *c)
{
	enum how_read found;
	int rd = cell_reading(j, c, &found);

	judge_count(j, r, c, rd, found);
	judge_duration(j, r, c, rd, found);
	judge_clients(j, r, c, rd, found);
	judge_seed(j, r, c);
	judge_session(j, r, c, "sessions.count", FROM_TRACE("session_id"), -1);
	judge_session(j, r, c, "sessions.concurrent_max",
	    FROM_TRACE("send and chunk times per session_id"), 0);
	judge_session(j, r, c, "session.rounds.min",
	    FROM_TRACE("round_index per session_id"), 1);
}

/* --- 1g think time, 1c context growth -------------------------------- */

static const char ACT_CLOSED[] = "The replay did not wait for each answer "
    "and think time before the next round (an open-loop or think-less "
    "replay): rerun the cell with a blis observe that replays sessions "
    "closed-loop; until then the rounds' timing and load are not the "
    "simulation's.";
static const char ACT_GROWTH[] = "The rounds' prompts did not grow with the "
    "conversation although the spec accumulates context: check the corpus "
    "conversion (context_growth) and the replay's prompts, then rerun.";

/* Between a session's consecutive rounds: none early (1g), or every
 * prompt grown (1c).  early: the metric is a count that must be 0, else a
 * share that must be 1.  INAPPLICABLE without such rounds in the trace. */
/* session.rounds.early's why in b: with the rounds the trace's
 * out_of_order says were sent before the previous round itself (the
 * replay's order, not its loop, went wrong). */
static const char *
early_why(const json_t *m, bool ok, struct sbuf *b)
{
	double n = 0;
	char num[32];

	if (ok)
		return "No round was sent before the previous round's answer "
		    "and its think time.";
	sbuf_adds(b, "Rounds were sent before the previous round's answer "
	    "plus their think time (the measure's source gives the largest "
	    "shortfall): the replay was not closed-loop.");
	if (rec_get_num(m, "out_of_order", &n) && n > 0) {
		judge_fmt_num(num, sizeof(num), n);
		sbuf_printf(b, " %s of them went out before the previous round "
		    "of their session was even sent: the replay sent the "
		    "rounds out of order (by round_index), each without the "
		    "context the simulation gives it.", num);
	}
	return sbuf_str(b);
}

static void
judge_rounds(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *metric, bool early)
{
	struct jquery q = { metric, metric, NULL, early ?
	    FROM_SPEC("corpus replay: closed-loop rounds") :
	    FROM_SPEC("context_growth"), early ? FROM_TRACE("send and chunk "
	    "times, think_time_us per session_id and round_index") :
	    FROM_TRACE("input_tokens per session_id and round_index") };
	const json_t *e = judge_expect(j, c, metric, NULL), *m;
	struct jcmp cmp;
	struct sbuf why = { 0 };
	double n = 0;
	bool ok;

	if (e == NULL)
		return;
	m = judge_measure(j, c, metric, NULL);
	rec_get_num(m, "n", &n);
	if (m == NULL || n == 0) {
		ru_emit(j, r, c, metric, NULL, e, m, NULL, V_INAPPLICABLE, m ==
		    NULL ? "The trace has no session rounds (no session_id): "
		    "nothing to follow from round to round (1a judges the "
		    "sessions)." : "No session in the trace has two consecutive "
		    "rounds: nothing to compare from round to round.", NULL);
		return;
	}
	if (!judge_compare(j, r, c, &q, DIFF_ABS, 0, &cmp))
		return;
	ok = early ? cmp.a == 0 : cmp.a >= 1;
	judge_emit_cmp(j, r, c, &q, &cmp, ok ? V_PASS : V_FAIL, early ?
	    early_why(m, ok, &why) : ok ?
	    "Every round's prompt is longer than the previous round's." :
	    "Rounds' prompts are not longer than the previous round's: the "
	    "context did not accumulate.", early ? ACT_CLOSED : ACT_GROWTH);
	sbuf_free(&why);
}

static void
think_cap(struct judge *j, const struct rule *r, const struct jcell *c)
{
	struct jquery q = { "think_time_us.max", "think_time_us.max", NULL,
	    FROM_SPEC("max_think_time"),
	    FROM_TRACE("think_time_us, or gaps between rounds") };
	const json_t *m;
	struct jcmp cmp;
	double n = 0, slack;
	const char *field;

	if (judge_expect(j, c, q.expect_metric, NULL) == NULL)
		return;
	m = judge_measure(j, c, q.measure_metric, NULL);
	rec_get_num(m, "n", &n);
	if (m != NULL && n == 0) {
		ru_emit(j, r, c, q.measure_metric, NULL, judge_expect(j, c,
		    q.expect_metric, NULL), m, NULL, V_INAPPLICABLE, "No "
		    "session in the trace has a second round: there is no think "
		    "time to compare with max_think_time.", NULL);
		return;
	}
	if (!judge_compare(j, r, c, &q, DIFF_ABS, 0, &cmp))
		return;
	/* Gaps measured between rounds hold the client's own overhead too. */
	field = rec_get_str(json_object_get(m, "source"), "field");
	slack = field != NULL && strcmp(field, "think_time_us") == 0 ? 0 :
	    tol(j->tol, TOL_RATE_PCT) / 100 * cmp.e;
	snprintf(cmp.tolerance, sizeof(cmp.tolerance), slack > 0 ?
	    "<= max_think_time + %g%%" : "<= max_think_time",
	    tol(j->tol, TOL_RATE_PCT));
	judge_emit_cmp(j, r, c, &q, &cmp, cmp.a <= cmp.e + slack ? V_PASS :
	    V_FAIL, cmp.a <= cmp.e + slack ? "No think time is longer than the "
	    "spec's cap." : "A think time is longer than the spec's cap: the "
	    "replay ran another conversion of the corpus.", ACT_SESSIONS);
}

void
wl_rule_think(struct judge *j, const struct rule *r, const struct jcell *c)
{
	think_cap(j, r, c);
	judge_rounds(j, r, c, "session.rounds.early", true);
}

void
wl_rule_growth(struct judge *j, const struct rule *r, const struct jcell *c)
{
	judge_same(j, r, c, &(struct same){ "session.context_growth",
	    "The spec's context_growth", "the trace header's", "the prompts "
	    "grew as in the simulation.", "the prompts grew another way than "
	    "the simulation's.", "The trace header does not say how the "
	    "sessions' context grew (session_context_growth is written from "
	    "trace_version 3 on): not comparable.", ACT_SESSIONS });
	judge_rounds(j, r, c, "session.rounds.grown", false);
}
