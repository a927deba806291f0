/* rules_a0.c - check A0, request eligibility: did both sides run the
 * same request population successfully (docs/checks.md §5)?  The row
 * rule_a0 of rules_align[]; split from rules_align.c, which holds A3 and
 * says what the records are (s2r-latency's measure records real.*, sim.*,
 * align.*; schemas/metrics-latency.json).  Sides: expected = the real
 * framework, actual = the simulator. */
#include <stdio.h>
#include <string.h>

#include "alignutil.h"
#include "judge.h"
#include "rec.h"
#include "ruleutil.h"
#include "sendlag.h"
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

void
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
