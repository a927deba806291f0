/* rules_align.c - checks A0-A3: is the simulator aligned with the real
 * framework?  Judged tightest first (docs/checks.md §5): a
 * failure at a tight level explains the loose ones, so A3's verdicts say
 * whether A0-A2 passed and route the fix there.
 *
 * Records: s2r-latency (A0, A3: measure records real.*, sim.*, align.*;
 * schemas/metrics-latency.json), s2r-kernel-match (A1: summary, iter, op)
 * and s2r-dutycycle (A2: summary, duty); A1 and A2 are judged in
 * rules_kernels.c, this file holds A0, A3 and the table.  An alignment
 * run is one measured run, so these records carry no cell and every
 * verdict here is bundle-wide.  Sides: expected = the real framework
 * (the reference), actual = the simulator; diff = sim - real, relative
 * to real.
 *
 * A bundle with no alignment record at all (a parity run) gets no A0-A3
 * verdicts: the checks do not apply there and the report says "not run".
 * Once any alignment record is present, every check yields a verdict,
 * MISSING naming the input that was not given.
 *
 * Every verdict carries an "evidence" array of tables (title, columns,
 * rows) that the report prints under it: the population table (A0), the
 * unmapped families and the deviation ranking (A1), the duty-cycle
 * decomposition (A2) and the quantile table (A3). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "alignutil.h"
#include "judge.h"
#include "latquant.h"
#include "rec.h"
#include "ruleutil.h"
#include "sendlag.h"
#include "satrule.h"
#include "str.h"

static const char ACT_POPULATION[] = "The two runs did not execute the "
    "same requests: run the simulator on the real run's workload spec, "
    "seed and request count (trace_header.yaml names them), or replay the "
    "real trace (blis replay), then rerun the alignment.  Timing over "
    "different populations proves nothing.";
static const char ACT_REPEATS[] = "A request was sent more than once "
    "under one id (a client retry): find why the first attempt failed "
    "(its status and error_message: a reset connection, a 5xx) and rerun "
    "the real cell without it; until then the server saw more sends than "
    "the simulation, and A3 compares each id's last successful attempt.";
static const char ACT_SENT_TWICE[] = "Requests were answered more than "
    "once under one id: the run sent (part of) the workload twice (a load "
    "generator with two replicas writing one trace, or a trace appended "
    "to an earlier run's); rerun the real cell with one load generator "
    "into a fresh trace, then rerun the alignment.";
static const char ACT_PROMPT[] = "Matched requests carry different "
    "prompts: check that both sides ran the same workload spec and seed "
    "and that the shared-prefix lengths agree (prefix_length), then rerun.";
static const char ACT_ELIGIBLE[] = "Too many requests failed on one side: "
    "fix the failures first (real side: checks 5d/5e; sim side: raise the "
    "horizon or admission limits so requests finish) and rerun; the "
    "latency comparison covers only requests successful on both sides.";
static const char ACT_OUTPUT[] = "Output lengths differ, so TPOT and E2E "
    "compare different decode lengths: run the real side with fixed output "
    "lengths (ignore_eos with max_tokens) or replay the real output lengths "
    "in the simulator.";

static const char ACT_MODEL[] = "Rerun the simulation for the model the "
    "real run served (blis run --model, with that model's latency "
    "coefficients), or capture the real run of the model simulated.";

static const char ACT_UNTIMED[] = "Give each side's output trace, with "
    "the times of its chunks: the simulator's (blis run --trace-output or "
    "--metrics-path, after the run) and blis observe's capture, not the "
    "workload trace the requests were generated into.";

static const char ACT_SIDES[] = "Give the real run's trace as REAL_TRACE "
    "(blis observe's trace_data.csv, header mode real) and the simulator's "
    "as SIM_TRACE (blis run --trace-output or --metrics-path, or blis "
    "replay), then rerun: a run compared with itself, or one simulation "
    "with another, proves nothing about the simulator's alignment.";

/* ---- A0 ------------------------------------------------------------ */

/* A side's mode (<side>.mode: real, generated, replayed) or NULL, and in
 * words with where it was read. */
static const char *
side_mode(const struct judge *j, const char *side, const char *lead,
    struct sbuf *said)
{
	char metric[32];
	const json_t *m, *src;
	const char *mode;

	snprintf(metric, sizeof(metric), "%s.mode", side);
	m = au_lat(j, metric);
	mode = json_string_value(json_object_get(m, "value"));
	src = json_object_get(m, "source");
	if (mode != NULL)
		sbuf_printf(said, "%s %s side's trace header says mode: %s "
		    "(%s:%lld)", lead, side, mode, rec_get_str(src, "file"),
		    (long long)json_integer_value(json_object_get(src,
		    "line")));
	else
		sbuf_printf(said, "%s %s side's mode is %s", lead, side,
		    m != NULL ? rec_get_str(src, "how") : "unknown");
	return mode;
}

/* Whether the real side is a real run and the sim side a simulation, as
 * their trace headers say (blis observe writes mode real, blis run
 * generated, blis replay replayed; a metrics JSON is blis run's). */
static void
a0_sides(struct judge *j, const struct rule *r)
{
	const json_t *rm = au_lat(j, "real.mode"), *sm = au_lat(j, "sim.mode");
	const char *rfmt = json_string_value(json_object_get(au_lat(j,
	    "real.format"), "value"));
	const char *sfmt = json_string_value(json_object_get(au_lat(j,
	    "sim.format"), "value"));
	const char *real, *sim;
	struct sbuf why = {0};
	bool real_sim, sim_real, rjson, sjson;
	enum jverdict_value v;

	if (rm == NULL && sm == NULL)
		return;		/* records of an older s2r-latency */
	real = side_mode(j, "real", "The", &why);
	sbuf_adds(&why, "; ");
	sim = side_mode(j, "sim", "the", &why);
	sbuf_adds(&why, ".");
	rjson = rfmt != NULL && strcmp(rfmt, "blis_metrics_json") == 0;
	sjson = sfmt != NULL && strcmp(sfmt, "blis_metrics_json") == 0;
	real_sim = (real != NULL && strcmp(real, "real") != 0) || rjson;
	sim_real = sim != NULL && strcmp(sim, "real") == 0;
	if (real_sim)
		sbuf_adds(&why, " The real side is a simulator's output, not "
		    "a measured run.");
	if (sim_real)
		sbuf_adds(&why, " The simulated side is a real run's trace "
		    "(blis observe), not a simulation.");
	v = real_sim || sim_real ? V_FAIL : real == NULL && sim == NULL &&
	    !sjson ? V_INAPPLICABLE : V_PASS;
	if (v == V_INAPPLICABLE)
		sbuf_adds(&why, " Neither side says what wrote it: whether "
		    "one is a real run and the other a simulation cannot be "
		    "checked.");
	au_emit(j, r, "align.sides", NULL, rm, sm, false, 0, NULL, "real: "
	    "mode real; sim: generated or replayed", v, sbuf_str(&why),
	    ACT_SIDES, NULL);
	sbuf_free(&why);
}

/* Whether both sides ran one model, as their trace headers' server.model
 * say: a simulation run with another model's latency coefficients (blis
 * run --model) predicts another model's timing, whatever the requests. */
static void
a0_model(struct judge *j, const struct rule *r)
{
	const json_t *rm = au_lat(j, "real.server.model");
	const json_t *sm = au_lat(j, "sim.server.model");
	const char *real = rec_get_str(rm, "value"), *sim = rec_get_str(sm,
	    "value");
	struct sbuf why = {0};
	enum jverdict_value v = V_INAPPLICABLE;

	if (real != NULL && sim != NULL) {
		v = ru_model_same(real, sim) ? V_PASS : V_FAIL;
		sbuf_printf(&why, "The real run served %s (", real);
		ru_where(&why, rm);
		sbuf_printf(&why, "); the simulation modelled %s (", sim);
		ru_where(&why, sm);
		sbuf_adds(&why, v == V_PASS ? "): the same model." : "): "
		    "another model, so its latencies predict another "
		    "model's steps, whatever else agrees.");
	} else
		sbuf_printf(&why, "%s: whether both sides ran one model "
		    "cannot be checked from the traces (blis observe and blis "
		    "run write server.model in the trace header).", real !=
		    NULL ? "Only the real trace's header names its model" :
		    sim != NULL ? "Only the simulated trace's header names "
		    "its model" : "Neither trace header names a model");
	au_emit(j, r, "align.server.model", NULL, rm, sm, false, 0, NULL,
	    "the same model", v, sbuf_str(&why), ACT_MODEL, NULL);
	sbuf_free(&why);
}

/* Successful requests with no time of any chunk on a side: a trace that
 * records requests but no run (the workload blis wrote before
 * simulating, a recorder that wrote no times) cannot be compared; all
 * of them FAILs, some WARNs (their latencies are left out of A3). */
static void
a0_untimed(struct judge *j, const struct rule *r)
{
	static const char *const sides[] = { "real", "sim" };

	for (size_t i = 0; i < 2; i++) {
		char metric[48];
		const json_t *u;
		double n = 0, ok = 0;
		struct sbuf why = {0};
		bool all;

		snprintf(metric, sizeof(metric), "%s.requests.untimed",
		    sides[i]);
		u = au_lat(j, metric);
		if (!ru_num(u, &n) || n <= 0)
			continue;
		rec_get_num(u, "n", &ok);
		all = n >= ok;
		sbuf_printf(&why, "%.0f of the %.0f successful requests of the "
		    "%s trace carry no time of any chunk (first and last "
		    "chunk times 0 or empty)", n, ok, i == 0 ? "real" :
		    "simulated");
		sbuf_adds(&why, all ? ": the trace records requests, not a "
		    "run's timing (a workload trace written before any run, "
		    "or a recorder that wrote no times), so there is no "
		    "latency to compare." : "; their latencies are left out "
		    "of A3.");
		au_emit(j, r, metric, NULL, NULL, u, false, 0, NULL, "0",
		    all ? V_FAIL : V_WARN, sbuf_str(&why), ACT_UNTIMED, NULL);
		sbuf_free(&why);
	}
}

static json_t *
population_table(const struct judge *j)
{
	static const char *const cols[] = { "", "Real", "Sim" };
	static const struct { const char *label, *real, *sim; } rows[] = {
		{ "requests", "real.requests.count", "sim.requests.count" },
		{ "successful", "real.requests.ok", "sim.requests.ok" },
		{ "success fraction", "real.success.fraction",
		  "sim.success.fraction" },
		{ "prompt tokens (sum)", "real.input_tokens.sum",
		  "sim.input_tokens.sum" },
		{ "output tokens (sum, successful)", "real.output_tokens.sum",
		  "sim.output_tokens.sum" },
		{ "matched by id", "align.requests.matched",
		  "align.requests.matched" },
		{ "only on this side", "align.requests.real_only",
		  "align.requests.sim_only" },
		{ "warm-up (below the real warm_up_requests, left out)",
		  "align.requests.real_warm_up",
		  "align.requests.sim_warm_up" },
		{ "eligible (matched, successful on both)",
		  "align.requests.eligible", "align.requests.eligible" },
	};
	json_t *t = au_table_new("Request populations", cols, 3);

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		au_table_row(t, 3, au_str(rows[i].label),
		    rows[i].real ? au_val_of(au_lat(j, rows[i].real)) : NULL,
		    au_val_of(au_lat(j, rows[i].sim)));
	return t;
}

/* Request ids on more than one row of a side (s2r-latency's
 * <side>.requests.repeated): a retried request, one id for two sends.
 * The match keeps one attempt, so the populations can agree while the
 * server saw more sends than the simulation: a WARN, not a FAIL (a
 * retry is real client behaviour; the attempt compared is said). */
static bool
repeats_note(const struct judge *j, struct sbuf *why, bool *served)
{
	static const char *sides[] = { "real", "sim" };
	const json_t *rec;
	char metric[64];
	bool any = false;
	double n;

	for (size_t i = 0; i < 2; i++) {
		snprintf(metric, sizeof(metric), "%s.requests.repeated",
		    sides[i]);
		rec = au_lat(j, metric);
		if (!ru_num(rec, &n) || n == 0)
			continue;
		sbuf_printf(why, " %.0f request id%s of the %s side appear%s "
		    "more than once: %s.", n, n == 1 ? "" : "s", sides[i],
		    n == 1 ? "s" : "", rec_get_str(json_object_get(rec,
		    "source"), "how"));
		any = true;
		snprintf(metric, sizeof(metric), "%s.requests.repeated_served",
		    sides[i]);
		if (ru_num(au_lat(j, metric), &n) && n > 0) {
			sbuf_printf(why, " %.0f of them %s answered more than "
			    "once, every attempt successful: not a retry of a "
			    "failed send but the request sent again (two load "
			    "generators writing one trace, or two runs "
			    "appended), so the %s side served more load than "
			    "the other.", n, n == 1 ? "was" : "were",
			    sides[i]);
			*served = true;
		}
	}
	return any;
}

static const char ACT_REAL_WARM_UP[] = "The real trace holds requests "
    "its header calls warm-up: find why the recorder wrote them (an "
    "observe build that records --warmup-requests, or two traces "
    "concatenated) and either drop those rows or fix warm_up_requests; "
    "they are left out here, since a cold server's first requests (graph "
    "capture, autotuning, empty caches) are not the steady state the "
    "simulator models.";

/* Real rows below the real trace's own warm_up_requests (s2r-latency's
 * align.requests.real_warm_up): the header says they are not in the
 * file, yet they are, and they would match the simulated warm-up ids.
 * Left out of the match; the trace contradicts itself, so a WARN. */
static bool
real_warm_up_note(const struct judge *j, struct sbuf *why)
{
	const json_t *rec = au_lat(j, "align.requests.real_warm_up");
	const char *how, *ids;
	double n;

	if (!ru_num(rec, &n) || n == 0)
		return false;
	how = rec_get_str(json_object_get(rec, "source"), "how");
	ids = how != NULL ? strstr(how, " (first ids:") : NULL;
	sbuf_printf(why, " The real trace holds %.0f row%s%s whose id is below "
	    "its own warm_up_requests, which says the warm-up requests are not "
	    "in the file: the recorder wrote them anyway.  A warm-up request "
	    "meets a cold server (graph capture, autotuning, empty caches), "
	    "so %s left out of the compared population.", n, n == 1 ? "" :
	    "s", ids != NULL ? ids : "", n == 1 ? "it is" : "they are");
	return true;
}

static void
a0_population(struct judge *j, const struct rule *r)
{
	const json_t *m = au_lat(j, "align.requests.matched");
	double matched, ronly = 0, sonly = 0, warm = 0;
	struct sbuf why = {0};
	enum jverdict_value v;
	bool served = false, warm_rows;

	if (!ru_num(m, &matched)) {
		sbuf_printf(&why, "Requests cannot be matched: %s",
		    m != NULL ? rec_get_str(json_object_get(m, "source"),
		    "how") : "no align.requests.matched record.");
		au_emit(j, r, "align.requests.matched", NULL,
		    au_lat(j, "real.requests.count"),
		    au_lat(j, "sim.requests.count"), false, 0, NULL, NULL,
		    V_INAPPLICABLE, sbuf_str(&why), NULL,
		    au_evidence(population_table(j),
		    au_lat(j, "real.requests.count")));
		sbuf_free(&why);
		return;
	}
	ru_num(au_lat(j, "align.requests.real_only"), &ronly);
	ru_num(au_lat(j, "align.requests.sim_only"), &sonly);
	ru_num(au_lat(j, "align.requests.sim_warm_up"), &warm);
	v = ronly == 0 && sonly == 0 && matched > 0 ? V_PASS : V_FAIL;
	sbuf_printf(&why, "%.0f requests matched by id; %.0f only in the real "
	    "run, %.0f only in the simulation", matched, ronly, sonly);
	if (warm > 0)
		sbuf_printf(&why, " (%.0f simulated warm-up requests below the "
		    "real trace's warm_up_requests left out)", warm);
	sbuf_adds(&why, v == V_PASS ? ": the same request population." :
	    ": not the same request population.");
	if (ronly > 0)
		sbuf_printf(&why, " Real-only: %s.", rec_get_str(json_object_get(
		    au_lat(j, "align.requests.real_only"), "source"), "how"));
	if (sonly > 0)
		sbuf_printf(&why, " Sim-only: %s.", rec_get_str(json_object_get(
		    au_lat(j, "align.requests.sim_only"), "source"), "how"));
	if (repeats_note(j, &why, &served) && v == V_PASS)
		v = served ? V_FAIL : V_WARN;
	warm_rows = real_warm_up_note(j, &why);
	if (warm_rows && v == V_PASS)
		v = V_WARN;
	au_emit(j, r, "align.requests.matched", NULL,
	    au_lat(j, "real.requests.count"), au_lat(j, "sim.requests.count"),
	    false, 0, NULL, "same ids on both sides", v, sbuf_str(&why),
	    served && ronly == 0 && sonly == 0 ? ACT_SENT_TWICE :
	    v == V_WARN && warm_rows ? ACT_REAL_WARM_UP :
	    v == V_WARN ? ACT_REPEATS :
	    ACT_POPULATION,
	    au_evidence(population_table(j),
	    au_lat(j, "real.requests.count")));
	sbuf_free(&why);
}

static void
a0_prompts(struct judge *j, const struct rule *r)
{
	const json_t *mm = au_lat(j, "align.input_tokens.mismatch");
	const json_t *a = au_lat(j, "real.input_tokens.sum");
	const json_t *b = au_lat(j, "sim.input_tokens.sum");
	double n, x = 0, y = 0;
	struct sbuf why = {0};

	if (!ru_num(mm, &n)) {
		au_emit(j, r, "align.input_tokens.mismatch", NULL, a, b,
		    false, 0, NULL, NULL, V_INAPPLICABLE, "Prompt-token "
		    "identity needs requests matched by id, and these cannot "
		    "be matched.", NULL, NULL);
		return;
	}
	ru_num(a, &x);
	ru_num(b, &y);
	if (n == 0)
		sbuf_adds(&why, "Every matched request has the same prompt "
		    "token count on both sides.");
	else
		sbuf_printf(&why, "%.0f matched requests have different prompt "
		    "token counts: %s.", n, rec_get_str(json_object_get(mm,
		    "source"), "how"));
	sbuf_adds(&why, " The sums over each side's whole trace (shown) also "
	    "count requests only one side has.");
	au_emit(j, r, "align.input_tokens.mismatch", NULL, a, b, true, y - x,
	    "tokens", "0 mismatched requests", n == 0 ? V_PASS : V_FAIL,
	    sbuf_str(&why), ACT_PROMPT, NULL);
	sbuf_free(&why);
}

static const char ACT_ARRIVALS[] = "The runs followed different arrival "
    "schedules: run the simulator with the real run's workload spec, "
    "seed and rate (trace_header.yaml names them), or replay the real "
    "trace (blis replay), then rerun: latency under another load pattern "
    "is not the cost model's.";

/* The same requests at the same planned times: matched ids and prompt
 * lengths agree for any seed when lengths are fixed, the arrival
 * schedule does not. */
static void
a0_arrivals(struct judge *j, const struct rule *r)
{
	const json_t *mm = au_lat(j, "align.arrivals.mismatch");
	double n, of = 0;
	struct sbuf why = {0};

	if (!ru_num(mm, &n))
		return;		/* a0_prompts said why */
	rec_get_num(mm, "n", &of);
	if (of == 0) {
		au_emit(j, r, "align.arrivals.mismatch", NULL, NULL, mm, false,
		    0, NULL, NULL, V_INAPPLICABLE, "No matched request has a "
		    "planned arrival on both sides (arrival_time_us, or a "
		    "JSON's arrived_at, of a first-round request): the arrival "
		    "schedules cannot be compared.", NULL, NULL);
		return;
	}
	if (n == 0)
		sbuf_printf(&why, "All %.0f matched first-round requests arrive "
		    "at the same planned time on both sides.", of);
	else
		sbuf_printf(&why, "%.0f of %.0f matched first-round requests "
		    "arrive at other planned times: %s.", n, of,
		    rec_get_str(json_object_get(mm, "source"), "how"));
	au_emit(j, r, "align.arrivals.mismatch", NULL, NULL, mm, false, 0,
	    NULL, "0 requests more than 1 ms apart", n == 0 ? V_PASS : V_FAIL,
	    sbuf_str(&why), ACT_ARRIVALS, NULL);
	sbuf_free(&why);
}

static const char ACT_LATE_SENDS[] = "The load generator held requests "
    "back (a client-side ceiling): raise blis observe --max-concurrency or "
    "give it more CPU, and rerun the real cell; until then its latencies "
    "come from a lighter, smoother load than the simulated one.";

/* Requests the real run sent well after their planned arrival: the
 * arrival schedules match (a0_arrivals), but the server did not see them
 * on it; the latencies, timed from the send, hide it.  A share of them
 * (s2r-latency's real.sends.late) above alignment.late_sends_max is a
 * client-side ceiling, not a stray pause. */
static void
a0_sends(struct judge *j, const struct rule *r)
{
	const json_t *rec = au_lat(j, "real.sends.late");
	const char *how, *ids;
	double late, n = 0, latest = 0, most = tol(j->tol,
	    TOL_AL_LATE_SENDS_MAX);
	struct sbuf why = {0};
	enum jverdict_value v;
	char tolbuf[64];

	if (!ru_num(rec, &late) || !rec_get_num(rec, "n", &n) || n == 0)
		return;
	rec_get_num(rec, "latest_ms", &latest);
	how = rec_get_str(json_object_get(rec, "source"), "how");
	ids = how != NULL ? strstr(how, " (first ids:") : NULL;
	v = late / n > most + 1e-12 ? V_WARN : V_PASS;
	sbuf_printf(&why, "%.0f of %.0f first-round requests of the real run "
	    "were sent %d ms or more after their planned arrival%s; the "
	    "latest %.4g ms after (send_time_us - arrival_time_us, less its "
	    "least value).", late, n, SENDLAG_LATE_US / 1000, ids != NULL ?
	    ids : "", latest);
	sbuf_adds(&why, v == V_PASS ? " The run sent on its schedule." :
	    " The client could not keep to the schedule: the server saw "
	    "another load than the one the simulation replays, so the A3 "
	    "latencies compare different loads.");
	snprintf(tolbuf, sizeof(tolbuf), "at most %g%% of the requests",
	    most * 100);
	au_emit(j, r, "real.sends.late", NULL, rec, NULL, false, 0, NULL,
	    tolbuf, v, sbuf_str(&why), v == V_PASS ? NULL :
	    ACT_LATE_SENDS, NULL);
	sbuf_free(&why);
}

static void
a0_eligible(struct judge *j, const struct rule *r)
{
	const json_t *f = au_lat(j, "align.eligible.fraction");
	double frac, min = tol(j->tol, TOL_AL_ELIGIBLE_MIN), e = 0;
	struct sbuf why = {0};
	char tolbuf[96], a[32];

	if (!ru_num(f, &frac)) {
		au_emit(j, r, "align.eligible.fraction", NULL,
		    au_lat(j, "real.success.fraction"),
		    au_lat(j, "sim.success.fraction"), false, 0, NULL, NULL,
		    V_INAPPLICABLE, "Eligibility needs requests matched by id, "
		    "and these cannot be matched.", NULL, NULL);
		return;
	}
	ru_num(au_lat(j, "align.requests.eligible"), &e);
	judge_fmt_num(a, sizeof(a), min * 100);
	snprintf(tolbuf, sizeof(tolbuf), ">= %s%% eligible", a);
	judge_fmt_num(a, sizeof(a), frac * 100);
	sbuf_printf(&why, "%.0f requests (%s%% of the real ones) are matched "
	    "and successful on both sides: A3 compares exactly these.", e, a);
	au_emit(j, r, "align.eligible.fraction", NULL,
	    au_lat(j, "real.success.fraction"),
	    au_lat(j, "sim.success.fraction"), false, 0, NULL, tolbuf,
	    frac + 1e-12 >= min ? V_PASS : V_FAIL,
	    sbuf_str(&why), ACT_ELIGIBLE, NULL);
	sbuf_free(&why);
}

static void
a0_outputs(struct judge *j, const struct rule *r)
{
	const json_t *mm = au_lat(j, "align.output_tokens.mismatch");
	const json_t *a = au_lat(j, "real.output_tokens.sum");
	const json_t *b = au_lat(j, "sim.output_tokens.sum");
	double n, e = 0, x = 0, y = 0, frac;
	double max = tol(j->tol, TOL_AL_OUTPUT_MISMATCH);
	struct sbuf why = {0};
	char tolbuf[96], s[32];

	if (!ru_num(mm, &n))
		return;		/* a0_prompts said why */
	ru_num(au_lat(j, "align.requests.eligible"), &e);
	ru_num(a, &x);
	ru_num(b, &y);
	frac = e > 0 ? n / e : 0;
	judge_fmt_num(s, sizeof(s), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "<= %s%% of eligible", s);
	judge_fmt_num(s, sizeof(s), frac * 100);
	sbuf_printf(&why, "%.0f of %.0f eligible requests (%s%%) have a "
	    "different output token count (the real server's against the "
	    "simulator's)%s", n, e, s, n > 0 ? ": " : ".");
	if (n > 0)
		sbuf_printf(&why, "%s.", rec_get_str(json_object_get(mm,
		    "source"), "how"));
	au_emit(j, r, "align.output_tokens.mismatch", NULL, a, b, true, y - x,
	    "tokens", tolbuf, frac <= max + 1e-12 ? V_PASS : V_WARN,
	    sbuf_str(&why), ACT_OUTPUT, NULL);
	sbuf_free(&why);
}

static void
rule_a0(struct judge *j, const struct rule *r, const struct jcell *c)
{
	if (!au_alignment_run(j))
		return;
	if (!au_sides_given(j, r, "request eligibility"))
		return;
	a0_sides(j, r);
	a0_model(j, r);
	a0_untimed(j, r);
	a0_population(j, r);
	a0_prompts(j, r);
	a0_arrivals(j, r);
	a0_sends(j, r);
	a0_eligible(j, r);
	a0_outputs(j, r);
}


/* ---- A3 ------------------------------------------------------------ */

enum a3kind { K_TTFT, K_TPOT, K_E2E, K_TPUT, K_ITL };

static const struct {
	const char	*name;
	const char	*title;
	bool		 lower_is_faster;
} a3_metrics[] = {
	{ "ttft_ms", "TTFT", true },
	{ "tpot_ms", "TPOT", true },
	{ "e2e_ms", "E2E", true },
	{ "throughput_tps", "throughput", false },
	{ "itl_ms", "ITL", true },
};

static json_t *
quantile_table(const struct judge *j, const char *name)
{
	static const char *const cols[] = { "", "Real", "Sim", "Sim - Real",
	    "Sim vs Real" };
	char title[96], metric[96];
	json_t *t;

	snprintf(title, sizeof(title), "%s distribution (eligible requests)",
	    name);
	t = au_table_new(title, cols, 5);
	for (size_t q = 0; q <= LAT_NQ; q++) {
		const char *qn = q < LAT_NQ ? lat_quantile_names[q] : "mean";
		double a = NAN, b = NAN;

		snprintf(metric, sizeof(metric), "real.%s.%s", name, qn);
		ru_num(au_lat(j, metric), &a);
		snprintf(metric, sizeof(metric), "sim.%s.%s", name, qn);
		ru_num(au_lat(j, metric), &b);
		au_table_row(t, 5, au_str(qn), isfinite(a) ? json_real(a) :
		    json_null(), isfinite(b) ? json_real(b) : json_null(),
		    isfinite(a - b) ? json_real(b - a) : json_null(),
		    a != 0 ? au_pct((b - a) / fabs(a) * 100) : json_null());
	}
	snprintf(metric, sizeof(metric), "align.%s.ks", name);
	au_table_row(t, 5, au_str("KS distance D"), NULL, NULL,
	    au_val_of(au_lat(j, metric)), NULL);
	snprintf(metric, sizeof(metric), "align.%s.ks_crit05", name);
	au_table_row(t, 5, au_str("D at the 5% level"), NULL, NULL,
	    au_val_of(au_lat(j, metric)), NULL);
	return t;
}

/* What the tight levels say about a loose-level gap. */
static void
tight_levels(struct judge *j, struct sbuf *why, struct sbuf *act,
    enum a3kind k)
{
	int a0 = au_worst_of(j, "A0"), a1 = au_worst_of(j, "A1"),
	    a2 = au_worst_of(j, "A2");
	bool tight_clean = a1 == V_PASS && a2 == V_PASS;

	if (a0 == V_FAIL)
		sbuf_adds(why, " A0 failed: the two runs are not the same "
		    "request population, so this gap may be that difference.");
	if (a1 == V_FAIL || a1 == V_WARN || a2 == V_FAIL || a2 == V_WARN) {
		sbuf_printf(why, " %s did not pass: the tighter level explains "
		    "this one.", a1 == V_FAIL || a1 == V_WARN ? "A1 (kernels)" :
		    "A2 (duty cycle)");
		sbuf_printf(act, "Fix %s first (see its finding), then rerun "
		    "the alignment; do not tune %s directly.",
		    a1 == V_FAIL || a1 == V_WARN ? "the kernel-level deviation "
		    "(A1: re-profile the kernel or relabel)" : "the duty-cycle "
		    "correction (A2)", a3_metrics[k].title);
	} else if (tight_clean) {
		sbuf_adds(why, " A1 and A2 pass: a clean tight level under a "
		    "dirty loose one points at structure (scheduling, "
		    "batching, async overlap), not the cost model.");
		sbuf_adds(act, k == K_TTFT ? "Look at scheduling: queueing "
		    "and batch formation before the first token (chunked "
		    "prefill, max_num_batched_tokens, the async scheduler), and "
		    "the prefill iterations of A1." : "Look at scheduling: "
		    "batch sizes over time, preemption and async overlap; "
		    "compare matched iteration strata before changing the "
		    "cost model.");
	} else {
		sbuf_adds(why, " A1/A2 were not judged (no profiler trace): "
		    "the kernels cannot be ruled out.");
		sbuf_adds(act, "Capture a profiler trace and judge A1/A2: a "
		    "loose-level gap cannot be routed without them.");
	}
}

/* The tolerance band of metric k as text (buf); whether gap is in it.
 * TTFT's band is lopsided: the sim is expected a little faster. */
static bool
a3_band(const struct judge *j, enum a3kind k, double gap, char *buf,
    size_t len)
{
	double slow = tol(j->tol, TOL_AL_TTFT_SLOWER_PCT);
	double fast = tol(j->tol, TOL_AL_TTFT_FASTER_PCT);
	/* ITL tracks the decode step as TPOT does: the TPOT band */
	double band = k == K_TPOT || k == K_ITL ? tol(j->tol, TOL_AL_TPOT_PCT) :
	    k == K_E2E ? tol(j->tol, TOL_AL_E2E_PCT) :
	    tol(j->tol, TOL_AL_THROUGHPUT_PCT);
	char a[32], b[32];

	if (k == K_TTFT) {
		judge_fmt_num(a, sizeof(a), slow);
		judge_fmt_num(b, sizeof(b), fast);
		snprintf(buf, len, "-%s%% to +%s%%", b, a);
		return gap <= slow + 1e-9 && gap >= -fast - 1e-9;
	}
	judge_fmt_num(a, sizeof(a), band);
	snprintf(buf, len, "\u00b1%s%%", a);
	return fabs(gap) <= band + 1e-9;
}

/* The median gap of metric k and its KS distance (crit: D at the 5%
 * level): within the band, whether the shapes differ; outside, what the
 * tighter levels say. */
static enum jverdict_value
a3_judge(struct judge *j, enum a3kind k, double gap, bool gap_ok,
    double ks, double crit, struct sbuf *why, struct sbuf *act)
{
	char a[32], b[32];

	judge_fmt_num(a, sizeof(a), gap);
	judge_fmt_num(b, sizeof(b), ks);
	sbuf_printf(why, "Median %s: sim %s%s%% against real; KS distance "
	    "%s.", a3_metrics[k].title, gap > 0 ? "+" : "", a, b);
	if (gap_ok && k == K_TTFT && gap < -tol(j->tol,
	    TOL_AL_TTFT_SLOWER_PCT))
		sbuf_adds(why, " The sim is a little faster: the expected "
		    "structural gap (vLLM's async scheduler adds first-token "
		    "latency the simulator does not model); do not tune it "
		    "away.");
	else if (!gap_ok && k == K_TTFT)
		sbuf_adds(why, gap > 0 ? " The sim is slower than the real "
		    "framework: the wrong direction, a real signal." :
		    " The sim is far faster than the real framework: more than "
		    "the expected scheduler gap.");
	if (gap_ok) {
		/* A shape difference counts only where the samples can show
		 * one (D above its 5% critical value). */
		if (!isfinite(ks) || ks <= tol(j->tol, TOL_AL_KS_MAX) ||
		    (isfinite(crit) && ks <= crit))
			return V_PASS;
		sbuf_adds(why, " The medians agree but the distributions' "
		    "shapes differ (KS above the tolerance): compare the tails "
		    "in the table.");
		sbuf_adds(act, "Compare the tails: a matching median with a "
		    "different spread points at scheduling (queueing, batch "
		    "composition) rather than the cost model.");
		return V_WARN;
	}
	tight_levels(j, why, act, k);
	if (!(isfinite(crit) && isfinite(ks) && ks <= crit))
		return V_FAIL;
	sbuf_adds(why, " The samples are too small to tell the distributions "
	    "apart at the 5% level (KS below its critical value): rerun "
	    "longer before acting.");
	return V_WARN;
}

/* The compared requests a side's ITL file has no chunks of (a file cut
 * short or another run's): the distribution covers other requests than
 * the other side's; whether there are any, said in why. */
static bool
itl_gaps_missing(const struct judge *j, const char *side, struct sbuf *why)
{
	char metric[64];
	const json_t *rec;
	const char *how, *ids;
	double n = 0, of = 0;

	snprintf(metric, sizeof(metric), "%s.itl.missing", side);
	rec = au_lat(j, metric);
	if (!ru_num(rec, &n) || n == 0)
		return false;
	rec_get_num(rec, "n", &of);
	how = rec_get_str(json_object_get(rec, "source"), "how");
	ids = how != NULL ? strstr(how, " (first ids:") : NULL;
	sbuf_printf(why, " %.0f of the %.0f streamed requests compared%s have "
	    "no chunk rows in the %s ITL file: it was cut short or is another "
	    "run's, so its distribution covers other requests than the other "
	    "side's.", n, of, ids != NULL ? ids : "", side);
	return true;
}

/* An ITL file whose requests disagree with its side's trace (another
 * run's file, cut rows) or that lacks some of the compared requests makes
 * the ITL comparison at best a WARN. */
static enum jverdict_value
itl_consistency(const struct judge *j, enum jverdict_value v,
    struct sbuf *why, struct sbuf *act)
{
	static const char *const sides[] = { "real", "sim" };
	bool any = false;

	for (size_t i = 0; i < 2; i++) {
		char metric[64];
		const json_t *rec;
		double n = 0;

		any |= itl_gaps_missing(j, sides[i], why);
		snprintf(metric, sizeof(metric), "%s.itl.inconsistent",
		    sides[i]);
		rec = au_lat(j, metric);
		if (!ru_num(rec, &n) || n == 0)
			continue;
		sbuf_printf(why, " %.0f request%s of the %s ITL file disagree "
		    "with its trace: %s.", n, n == 1 ? "" : "s", sides[i],
		    rec_get_str(json_object_get(rec, "source"), "how"));
		any = true;
	}
	if (!any)
		return v;
	sbuf_adds(act, act->len ? " Check" : "Check");
	sbuf_adds(act, " that each ITL file is the one written beside "
	    "its trace (blis observe --record-itl) before reading the ITL "
	    "comparison.");
	return v == V_PASS ? V_WARN : v;
}

/* A gap in the direction load pushes (the real side slower, or its
 * throughput lower) in a run its saturation report calls OVERLOADED is
 * load, not the cost model: a FAIL becomes a WARN that says so.  Any
 * other level, or a gap the other way, is only stated. */
static enum jverdict_value
load_mark(const struct judge *j, enum a3kind k, double gap,
    const json_t *real, enum jverdict_value v, struct sbuf *why,
    struct sbuf *act)
{
	struct sbuf said = {0};
	enum sr_load load = sr_load_of(j, real, &said);
	bool loads_way = a3_metrics[k].lower_is_faster ? gap < 0 : gap > 0;

	if (load == SR_NONE)
		return v;
	if (load == SR_OVERLOADED && loads_way && v == V_FAIL) {
		struct sbuf head = {0};

		sbuf_adds(&head, "Overloaded: not a model gap. The real run "
		    "could not keep up with its load, and its side of this gap "
		    "is the slow one: queueing explains it. ");
		sbuf_adds(&head, sbuf_str(why));
		sbuf_reset(why);
		sbuf_adds(why, sbuf_str(&head));
		sbuf_free(&head);
		sbuf_reset(act);
		sbuf_adds(act, "Rerun the real cell at a rate it sustains "
		    "(saturation.json STABLE), or simulate the load it ran "
		    "under, before reading this gap as the cost model's.");
		v = V_WARN;
	} else if (load == SR_OVERLOADED && !loads_way)
		sbuf_adds(why, " The real run was OVERLOADED, but its side is "
		    "the fast one here: load does not explain this gap.");
	else if (load >= SR_BACKLOGGED)
		sbuf_adds(why, load == SR_OVERLOADED ? " The real run was "
		    "OVERLOADED: its latency includes queueing." : " The real "
		    "run was BACKLOGGED for a while: part of its latency is "
		    "queueing.");
	sbuf_adds(why, sbuf_str(&said));
	sbuf_free(&said);
	return v;
}

/* A side whose streamed answers mostly came in one burst (s2r-latency's
 * <side>.requests.burst: a decode step under 0.1 ms a token) went through
 * a buffering proxy: its first chunk is the last token, so its TTFT is
 * the whole answer and its TPOT and ITL the proxy's spacing, not the
 * server's.  A gap either way is then not the cost model's: the verdict
 * is a WARN that says so (E2E and throughput still compare).  Fewer
 * bursts are only stated. */
static enum jverdict_value
burst_mark(const struct judge *j, enum a3kind k, enum jverdict_value v,
    struct sbuf *why, struct sbuf *act)
{
	static const char *const sides[] = { "real", "sim" };

	if (k != K_TTFT && k != K_TPOT && k != K_ITL)
		return v;
	for (size_t i = 0; i < 2; i++) {
		char metric[64];
		const json_t *rec;
		struct sbuf head = {0};
		double b = 0, n = 0;

		snprintf(metric, sizeof(metric), "%s.requests.burst", sides[i]);
		rec = au_lat(j, metric);
		if (!ru_num(rec, &b) || b == 0 || !rec_get_num(rec, "n", &n))
			continue;
		if (b * 2 >= n)
			sbuf_adds(&head, "Buffered stream: not a model gap. ");
		sbuf_printf(&head, "%.0f of the %s run's %.0f streamed answers "
		    "came in one burst (under 0.1 ms a token between the first "
		    "and the last chunk: no GPU decodes that fast)", b,
		    sides[i], n);
		if (b * 2 < n) {
			sbuf_printf(why, " %s.", sbuf_str(&head));
			sbuf_free(&head);
			continue;
		}
		sbuf_printf(&head, ": a buffering proxy held the stream, so each "
		    "first chunk came with the last token and the %s %s is not "
		    "the server's. ", sides[i], a3_metrics[k].title);
		sbuf_adds(&head, sbuf_str(why));
		sbuf_reset(why);
		sbuf_adds(why, sbuf_str(&head));
		sbuf_free(&head);
		sbuf_reset(act);
		sbuf_adds(act, "Rerun the cell without the buffering hop (a "
		    "proxy or ingress with response buffering on: nginx "
		    "proxy_buffering off) so that chunks reach blis observe as "
		    "the server streams them; until then compare E2E only.");
		return V_WARN;
	}
	return v;
}

/* Matched requests whose own sim/real ratio lies far off the median
 * ratio (s2r-latency's align.<metric>.paired_outliers): when
 * alignment.paired_outliers_share of them or more do (two at least), the median describes only part of the
 * population, and a gap that depends on the request (the simulator
 * batching or chunking prompts another way) hides behind an agreeing
 * median and a KS test over few requests.  A PASS becomes a WARN that
 * names them; a gap already judged is only told about them. */
static enum jverdict_value
paired_mark(const struct judge *j, enum a3kind k, enum jverdict_value v,
    struct sbuf *why, struct sbuf *act)
{
	char metric[96];
	const json_t *rec;
	double out = 0, n = 0;

	if (k != K_TTFT && k != K_TPOT && k != K_E2E)
		return v;
	snprintf(metric, sizeof(metric), "align.%s.paired_outliers",
	    a3_metrics[k].name);
	rec = au_lat(j, metric);
	if (!ru_num(rec, &out) || !rec_get_num(rec, "n", &n) || out < 2 ||
	    out / n < tol(j->tol, TOL_AL_PAIRED_SHARE))
		return v;
	sbuf_printf(why, " Paired by request id, %.0f of %.0f requests do not "
	    "follow the median: %s.", out, n, rec_get_str(json_object_get(rec,
	    "source"), "how"));
	if (v != V_PASS)
		return v;
	sbuf_printf(why, " The median agrees, but the %s gap depends on the "
	    "request.", a3_metrics[k].title);
	sbuf_adds(act, act->len ? " " : "");
	sbuf_printf(act, "Compare the listed requests' %s on both sides "
	    "(their prompt and output lengths, their batches): a simulator "
	    "run with another max_num_batched_tokens or chunked-prefill "
	    "setting, or a cost that is wrong for one shape only, moves some "
	    "requests and not the median.", a3_metrics[k].title);
	return V_WARN;
}

/* Why metric k has no values on a side. */
/* Why a side has no latency when its requests carry no chunk times at
 * all (A0 <side>.requests.untimed), else NULL. */
static const char *
untimed_side(const struct judge *j)
{
	double n, ok;
	const json_t *u;

	u = au_lat(j, "sim.requests.untimed");
	if (ru_num(u, &n) && n > 0 && rec_get_num(u, "n", &ok) && n >= ok)
		return "No values on the simulated side: its successful "
		    "requests carry no chunk times (A0 sim.requests.untimed: "
		    "a workload trace, not the simulator's output).";
	u = au_lat(j, "real.requests.untimed");
	if (ru_num(u, &n) && n > 0 && rec_get_num(u, "n", &ok) && n >= ok)
		return "No values on the real side: its successful requests "
		    "carry no chunk times (A0 real.requests.untimed: no run's "
		    "timing was recorded).";
	return NULL;
}

static const char *
no_values_why(const struct judge *j, enum a3kind k)
{
	double ru = 0, su = 0;

	if (k == K_TPUT)
		return "No whole throughput window on one side: the eligible "
		    "requests span less than one window (s2r-latency "
		    "--window-ms).";
	if (k != K_TPUT && untimed_side(j) != NULL)
		return untimed_side(j);
	ru_num(au_lat(j, "real.requests.unstreamed"), &ru);
	ru_num(au_lat(j, "sim.requests.unstreamed"), &su);
	if ((k == K_TTFT || k == K_TPOT) && (ru > 0 || su > 0))
		return ru > 0 ? "No values on one side: the real run streamed "
		    "none of them (streaming false: the first chunk is the "
		    "whole response), so there is no first-token time to "
		    "compare; E2E still compares them." : "No values on one "
		    "side: the simulation streamed none of them (streaming "
		    "false), so there is no first-token time to compare; E2E "
		    "still compares them.";
	return "No values on one side: no eligible request has this latency.";
}

static void
a3_metric(struct judge *j, const struct rule *r, enum a3kind k)
{
	const char *name = a3_metrics[k].name;
	char metric[96], tolbuf[96];
	const json_t *gr, *ra, *sa;
	double gap, ks = NAN, crit = NAN;
	struct sbuf why = {0}, act = {0};
	enum jverdict_value v;

	snprintf(metric, sizeof(metric), "align.%s.median_gap_pct", name);
	gr = au_lat(j, metric);
	snprintf(metric, sizeof(metric), "real.%s.p50", name);
	ra = au_lat(j, metric);
	snprintf(metric, sizeof(metric), "sim.%s.p50", name);
	sa = au_lat(j, metric);
	snprintf(metric, sizeof(metric), "align.%s.ks", name);
	ru_num(au_lat(j, metric), &ks);
	snprintf(metric, sizeof(metric), "align.%s.ks_crit05", name);
	ru_num(au_lat(j, metric), &crit);
	snprintf(metric, sizeof(metric), "align.%s", name);
	if (!ru_num(gr, &gap)) {
		/* the data should be there when a side recorded no times */
		au_emit(j, r, metric, NULL, ra, sa, false, 0, NULL, NULL,
		    k != K_TPUT && untimed_side(j) != NULL ? V_MISSING :
		    V_INAPPLICABLE, no_values_why(j, k), NULL,
		    au_evidence(quantile_table(j, name), ra));
		return;
	}
	v = a3_judge(j, k, gap, a3_band(j, k, gap, tolbuf, sizeof(tolbuf)),
	    ks, crit, &why, &act);
	if (k == K_ITL)
		v = itl_consistency(j, v, &why, &act);
	v = load_mark(j, k, gap, ra, v, &why, &act);
	v = burst_mark(j, k, v, &why, &act);
	v = paired_mark(j, k, v, &why, &act);
	ru_thermal_mark(j, ra, &why);
	au_emit(j, r, metric, NULL, ra, sa, true, gap, "%", tolbuf, v,
	    sbuf_str(&why), sbuf_str(&act),
	    au_evidence(quantile_table(j, name), ra));
	sbuf_free(&why);
	sbuf_free(&act);
}

/* A chunk gap is a token gap only when chunks carry one token each: when
 * one side's chunks carry 1.5 times the other's tokens or more (vLLM
 * --stream-interval, a client that coalesces chunks), the ITL
 * distributions are not comparable, and the row says so. */
#define CHUNKING_RATIO	1.5

static bool
itl_chunking_differs(struct judge *j, const struct rule *r)
{
	const json_t *a = au_lat(j, "real.itl.tokens_per_chunk");
	const json_t *b = au_lat(j, "sim.itl.tokens_per_chunk");
	double x, y;
	struct sbuf why = {0};
	char ta[32], tb[32];

	if (!ru_num(a, &x) || !ru_num(b, &y) || x <= 0 || y <= 0 ||
	    fmax(x, y) / fmin(x, y) < CHUNKING_RATIO)
		return false;
	judge_fmt_num(ta, sizeof(ta), x);
	judge_fmt_num(tb, sizeof(tb), y);
	sbuf_printf(&why, "The real run's chunks carry %s tokens each and the "
	    "simulation's %s: a gap between chunks is not a gap between "
	    "tokens on both sides (vLLM --stream-interval, or a client that "
	    "coalesces chunks), so the ITL distributions cannot be compared; "
	    "TPOT compares the decode step per token.", ta, tb);
	au_emit(j, r, "align.itl_ms", NULL, au_lat(j, "real.itl_ms.p50"),
	    au_lat(j, "sim.itl_ms.p50"), false, 0, NULL, NULL, V_INAPPLICABLE,
	    sbuf_str(&why), NULL, au_evidence(quantile_table(j, "itl_ms"), a));
	sbuf_free(&why);
	return true;
}

/* A3's ITL row: none when neither side has a per-chunk ITL file,
 * INAPPLICABLE (with the one side's distribution) when one has. */
static void
a3_itl(struct judge *j, const struct rule *r)
{
	const json_t *rq = au_lat(j, "real.itl.requests");
	const json_t *sq = au_lat(j, "sim.itl.requests");
	struct sbuf why = {0};

	if (rq == NULL && sq == NULL)
		return;
	if (rq != NULL && sq != NULL) {
		if (!itl_chunking_differs(j, r))
			a3_metric(j, r, K_ITL);
		return;
	}
	sbuf_printf(&why, "Only the %s run has inter-token latencies (a "
	    "per-chunk ITL file: blis observe --record-itl); ", rq != NULL ?
	    "real" : "simulated");
	sbuf_adds(&why, rq != NULL ? "the simulation wrote none (give its "
	    "<stem>.itl.csv beside SIM_TRACE, or s2r-latency --sim-itl), so "
	    "there is no distribution to compare: the real one is in the "
	    "table." : "the real run recorded none (blis observe without "
	    "--record-itl), so there is nothing to compare against: the "
	    "simulated distribution is in the table.");
	au_emit(j, r, "align.itl_ms", NULL, au_lat(j, "real.itl_ms.p50"),
	    au_lat(j, "sim.itl_ms.p50"), false, 0, NULL, NULL, V_INAPPLICABLE,
	    sbuf_str(&why), NULL, au_evidence(quantile_table(j, "itl_ms"),
	    rq != NULL ? rq : sq));
	sbuf_free(&why);
}

static void
rule_a3(struct judge *j, const struct rule *r, const struct jcell *c)
{
	if (!au_alignment_run(j))
		return;
	if (!au_sides_given(j, r, "the latency distributions"))
		return;
	for (int k = K_TTFT; k <= K_TPUT; k++)
		a3_metric(j, r, (enum a3kind)k);
	a3_itl(j, r);
}

const struct rule rules_align[] = {
	{ "A0", "Request eligibility (same population, successful)", false,
	  rule_a0 },
	{ "A1", "Kernels: coverage and per-operation deviation", false,
	  rule_a1 },
	{ "A2", "GPU duty cycle", false, rule_a2 },
	{ "A3", "TTFT, TPOT, E2E, throughput and ITL distributions", false,
	  rule_a3 },
	{ NULL, NULL, false, NULL }
};
