/* rules_align.c - checks A0-A3: is the simulator aligned with the real
 * framework?  Judged tightest first (docs/checks.md §5): a
 * failure at a tight level explains the loose ones, so A3's verdicts say
 * whether A0-A2 passed and route the fix there.
 *
 * Records: s2r-latency (A0, A3: measure records real.*, sim.*, align.*;
 * schemas/metrics-latency.json), s2r-kernel-match (A1: summary, iter, op)
 * and s2r-dutycycle (A2: summary, duty).  An alignment run is one
 * measured run, so these records carry no cell and every verdict here is
 * bundle-wide.  Sides: expected = the real framework (the reference),
 * actual = the simulator; diff = sim - real, relative to real.
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
#include "str.h"

static const char ACT_POPULATION[] = "The two runs did not execute the "
    "same requests: run the simulator on the real run's workload spec, "
    "seed and request count (trace_header.yaml names them), or replay the "
    "real trace (blis replay), then rerun the alignment.  Timing over "
    "different populations proves nothing.";
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
static const char ACT_RELABEL[] = "Audit the labels before the model: run "
    "s2r-kernel-match --check with the rules and confirm the family's "
    "phase, position and label (a large unmapped kernel is usually a "
    "labeling miss).  Only once the label is confirmed is the operation "
    "missing from the model: add its slot (re-decide where the operation "
    "lives in the cost model).";
static const char ACT_SLOT[] = "A simulated slot has no measured kernel: "
    "check whether its kernel is labeled as another operation or left "
    "unmapped (relabel), or whether the framework fuses the operation away "
    "(then fold the slot into the operation that runs it).";
static const char ACT_CLOCK[] = "Every kernel is off by about the same "
    "factor: a clock or thermal artifact of this capture, not a cost-model "
    "gap.  Do not retune the cost model; recapture with locked clocks and "
    "a warmed-up GPU.";
static const char ACT_NOMATCH[] = "No operation matched between kernels "
    "and slots: check that the rules label the kernels with the slots' "
    "operation names and that the slots' iteration ids follow the trace's "
    "iteration markers.";
static const char ACT_DUTY[] = "Large host bubbles: read the decomposition "
    "(idle inside iterations = launch overhead, idle at barrier edges, gap "
    "between iterations = scheduler/host time) and explain it before the "
    "simulation bakes the multiplier in; recapture if one stall dominates.";
static const char ACT_DUTY_LOW[] = "The cycle is shorter than the measured "
    "critical path: iterations overlap (one iteration's GPU work runs into "
    "the next); check the iteration attribution before using this "
    "multiplier.";
static const char ACT_IDENTITY[] = "The duty-cycle identities do not hold "
    "(wall != measured + idle): the decomposition cannot be trusted; "
    "recapture, and report the trace to the s2r-dutycycle maintainers.";
static const char ACT_FEW[] = "Some iterations recorded implausibly few "
    "kernels (profiler buffer overflow under CUDA graphs): recapture with "
    "a larger buffer or a shorter window before trusting the multiplier.";
static const char ACT_GAPDIR[] = "Prefill looks more launch-bound than "
    "decode, the opposite of what is expected: check the iterations' stage "
    "attribution (markers) and the per-stage populations.";
static const char ACT_CYCLE[] = "The kernels match but the simulated cycle "
    "does not: fix the duty-cycle correction (its population, per-stage "
    "multipliers, excluded outliers), not the kernels.";
static const char ACT_STAGE[] = "One pooled multiplier mis-corrects this "
    "stage: use per-stage multipliers (duty.multiplier.<stage>) in the "
    "simulation.";

/* ---- A0 ------------------------------------------------------------ */

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
		{ "warm-up (left out of the real trace)", NULL,
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

static void
a0_population(struct judge *j, const struct rule *r)
{
	const json_t *m = au_lat(j, "align.requests.matched");
	double matched, ronly = 0, sonly = 0, warm = 0;
	struct sbuf why = {0};
	enum jverdict_value v;

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
	au_emit(j, r, "align.requests.matched", NULL,
	    au_lat(j, "real.requests.count"), au_lat(j, "sim.requests.count"),
	    false, 0, NULL, "same ids on both sides", v, sbuf_str(&why),
	    ACT_POPULATION, au_evidence(population_table(j),
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
	a0_population(j, r);
	a0_prompts(j, r);
	a0_eligible(j, r);
	a0_outputs(j, r);
}

/* ---- A1 ------------------------------------------------------------ */

/* The distinct scopes of kernel-match's summaries (one per compared
 * rank), sorted; caller decrefs. */
static json_t *
a1_scopes(const struct judge *j)
{
	json_t *subs = json_array(), *have;
	size_t idx;

	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		const char *m = rec_get_str(rec, "metric");
		json_t *scope = json_object_get(rec, "scope");
		bool dup = false;

		if (strcmp(rec_get_str(rec, "kind"), "summary") != 0 ||
		    m == NULL || strcmp(m, "kernel.coverage.measured") != 0)
			continue;
		json_array_foreach(subs, idx, have)
			dup = dup || json_equal(have, scope);
		if (!dup)
			json_array_append_new(subs, scope != NULL ?
			    json_deep_copy(scope) : json_object());
	}
	return subs;
}

static json_t *
a1_sub(const json_t *scope)
{
	return json_object_size(scope) > 0 ? (json_t *)scope : NULL;
}

/* An unmapped list (kernel.unmapped_measured or _simulated details): the
 * largest share of an entry that is not expected noise, and a table. */
static double
unmapped(const json_t *rec, bool measured, json_t **table)
{
	static const char *const mcols[] = { "family", "category", "share",
	    "calls", "helper", "large", "kernel" };
	static const char *const scols[] = { "slot", "share", "ms", "large" };
	json_t *d = json_object_get(rec, "details"), *e;
	double worst = 0;
	size_t i;

	*table = measured ? au_table_new("Unmapped measured kernels (largest "
	    "first)", mcols, 7) : au_table_new("Simulated slots with no "
	    "measured kernel (largest first)", scols, 4);
	json_array_foreach(d, i, e) {
		double sh = 0, ns = 0;
		json_t *names = json_object_get(e, "kernel_names");
		bool noise = json_is_true(json_object_get(e, "expected_noise"));

		rec_get_num(e, "share", &sh);
		if (!noise && sh > worst)
			worst = sh;
		if (i >= 10)
			continue;
		if (measured) {
			au_table_row(*table, 7, au_str(rec_get_str(e, "op")),
			    au_str(rec_get_str(e, "category")), au_share(sh),
			    json_object_get(e, "calls") != NULL ?
			    json_deep_copy(json_object_get(e, "calls")) : NULL,
			    json_boolean(noise),
			    json_boolean(json_is_true(json_object_get(e,
			    "large"))), au_str(json_string_value(json_array_get(
			    names, 0))));
		} else {
			rec_get_num(e, "total_ns", &ns);
			au_table_row(*table, 4, au_str(rec_get_str(e, "slot") ?
			    rec_get_str(e, "slot") : rec_get_str(e, "op")),
			    au_share(sh), json_real(ns / 1e6),
			    json_boolean(json_is_true(json_object_get(e,
			    "large"))));
		}
	}
	return worst;
}

static void
a1_coverage(struct judge *j, const struct rule *r, const json_t *scope,
    bool measured)
{
	const char *cov_m = measured ? "kernel.coverage.measured" :
	    "kernel.coverage.simulated";
	const json_t *cov = au_sum(j, cov_m, scope);
	const json_t *list = au_sum(j, measured ? "kernel.unmapped_measured" :
	    "kernel.unmapped_simulated", scope);
	const json_t *large = au_sum(j, measured ?
	    "kernel.unmapped_measured.large" :
	    "kernel.unmapped_simulated.large", scope);
	double worst, nlarge = 0, max = tol(j->tol, TOL_AL_UNMAPPED_SHARE);
	json_t *table;
	struct sbuf why = {0};
	enum jverdict_value v;
	char a[32], b[32], tolbuf[96];

	worst = unmapped(list, measured, &table);
	ru_num(large, &nlarge);
	judge_fmt_num(a, sizeof(a), worst * 100);
	judge_fmt_num(b, sizeof(b), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "largest unmapped < %s%%", b);
	v = worst >= max ? V_FAIL : nlarge > 0 ? V_WARN : V_PASS;
	sbuf_printf(&why, "%s: the largest unmapped %s (helpers excepted) "
	    "holds %s%% of the %s time; %.0f flagged large by "
	    "s2r-kernel-match.", measured ? "Measured side" : "Simulated side",
	    measured ? "kernel family" : "slot", a, measured ? "measured kernel"
	    : "simulated critical-path", nlarge);
	if (v != V_PASS)
		sbuf_adds(&why, measured ? " A large unmapped measured kernel is "
		    "a structural hole or a labeling miss: resolve it before "
		    "trusting the per-operation comparison." : " A large slot "
		    "with no kernel is usually a mis-labeled or mis-mapped "
		    "kernel, or an operation the framework fuses.");
	au_emit(j, r, cov_m, a1_sub(scope), measured ? cov : NULL, measured ?
	    NULL : cov, false, 0, NULL, tolbuf, v, sbuf_str(&why), measured ?
	    ACT_RELABEL : ACT_SLOT,
	    au_evidence(table, list != NULL ? list : cov));
	sbuf_free(&why);
}

static json_t *
deviation_table(const json_t *top)
{
	static const char *const cols[] = { "operation", "sim vs measured",
	    "share of |error|", "share of critical path" };
	json_t *t = au_table_new("Per-operation deviation, by contribution to "
	    "the error", cols, 4), *e;
	size_t i;

	json_array_foreach(json_object_get(top, "details"), i, e) {
		double rel = NAN, sh = NAN, cs = NAN;

		if (i >= 10)
			break;
		rec_get_num(e, "rel", &rel);
		rec_get_num(e, "share_of_abs_err", &sh);
		rec_get_num(e, "critical_share", &cs);
		au_table_row(t, 4, au_str(rec_get_str(e, "op")),
		    au_pct(rel * 100), au_share(sh), au_share(cs));
	}
	return t;
}

/* The first measured kernel name of operation op (its aggregated op
 * record, the one without an iteration). */
static const char *
kernel_of(const struct judge *j, const char *op)
{
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i], *sc;
		const char *o = rec_get_str(rec, "op");

		if (strcmp(rec_get_str(rec, "kind"), "op") != 0 || o == NULL ||
		    strcmp(o, op) != 0)
			continue;
		sc = json_object_get(rec, "scope");
		if (json_object_get(sc, "iteration") != NULL)
			continue;
		return json_string_value(json_array_get(json_object_get(rec,
		    "kernel_names"), 0));
	}
	return NULL;
}

static void
a1_deviation(struct judge *j, const struct rule *r, const json_t *scope)
{
	const json_t *err = au_sum(j, "kernel.error.abs", scope);
	const json_t *cause = au_sum(j, "kernel.cause", scope);
	const json_t *top = au_sum(j, "kernel.top_deviation", scope);
	const json_t *cmp = au_sum(j, "kernel.iterations.compared", scope);
	const char *c = rec_get_str(cause, "value"), *op;
	double e = NAN, ncmp = 0, rel = NAN;
	double max = tol(j->tol, TOL_AL_KERNEL_ERROR);
	struct sbuf why = {0}, act = {0};
	enum jverdict_value v;
	char a[32], b[32], tolbuf[96];

	ru_num(err, &e);
	ru_num(cmp, &ncmp);
	judge_fmt_num(b, sizeof(b), max * 100);
	snprintf(tolbuf, sizeof(tolbuf), "<= %s%% duration-weighted", b);
	judge_fmt_num(a, sizeof(a), e * 100);
	if (ncmp == 0 || c == NULL || strcmp(c, "no_matched_ops") == 0) {
		au_emit(j, r, "kernel.error.abs", a1_sub(scope), NULL, err,
		    false, 0, NULL, tolbuf, V_FAIL, "No iteration pairs "
		    "measured kernels with simulated slots by operation: "
		    "nothing to compare.", ACT_NOMATCH, NULL);
		return;
	}
	sbuf_printf(&why, "Duration-weighted kernel error %s%% over %.0f "
	    "iterations; cause hint \"%s\".", a, ncmp, c);
	op = rec_get_str(top, "value");
	rec_get_num(json_array_get(json_object_get(top, "details"), 0), "rel",
	    &rel);
	if (strcmp(c, "uniform_shift") == 0) {
		double m = NAN;

		ru_num(au_sum(j, "kernel.median_ratio", scope), &m);
		judge_fmt_num(a, sizeof(a), m);
		sbuf_printf(&why, " Every operation is off by about the same "
		    "factor (median measured/simulated %s): a clock or thermal "
		    "shift of the capture.", a);
		v = V_WARN;
		sbuf_adds(&act, ACT_CLOCK);
	} else if (strcmp(c, "concentrated") == 0) {
		const char *k = op != NULL ? kernel_of(j, op) : NULL;
		char kname[96];

		/* Template-heavy names run to kilobytes: the head names it. */
		snprintf(kname, sizeof(kname), "%.80s%s", k ? k : "see the op "
		    "records", k && strlen(k) > 80 ? "..." : "");

		judge_fmt_num(a, sizeof(a), rel * 100);
		v = e > max + 1e-12 ? V_FAIL : V_WARN;
		sbuf_printf(&why, " The error is concentrated in %s (simulated "
		    "%s%% of measured)%s.", op ? op : "?", a, v == V_WARN ?
		    ", though the total stays within tolerance" : "");
		sbuf_printf(&act, "Re-profile or fix the cost of %s: check the "
		    "kernel vLLM launched (%s) against what its slot assumes. "
		    "A different kernel or backend (GEMM tile, attention "
		    "implementation, quantization path) means re-profiling that "
		    "kernel; the right kernel mispredicted at this shape means "
		    "fixing the kernel cost cache at that shape.", op ? op : "?",
		    kname);
	} else {
		v = e > max + 1e-12 ? V_FAIL : V_PASS;
		sbuf_adds(&act, "The error is spread thin: recapture to rule out "
		    "noise, then compare the operations with the largest "
		    "share of the error.");
	}
	au_emit(j, r, "kernel.error.abs", a1_sub(scope), NULL, err, false, 0,
	    NULL, tolbuf, v, sbuf_str(&why), sbuf_str(&act), top != NULL ?
	    au_evidence(deviation_table(top), top) : NULL);
	sbuf_free(&why);
	sbuf_free(&act);
}

static void
rule_a1(struct judge *j, const struct rule *r, const struct jcell *c)
{
	json_t *scopes, *scope;
	size_t i;

	if (!au_alignment_run(j))
		return;
	scopes = a1_scopes(j);
	if (json_array_size(scopes) == 0)
		au_missing(j, r, "kernel.coverage.measured", "No "
		    "s2r-kernel-match summary records: the per-operation "
		    "kernel comparison needs a profiler trace, simulated slots "
		    "and labeling rules (pipelines/align.mk TRACE=, SLOTS=, "
		    "RULES=).", "Capture a profiler trace of the real run and "
		    "give it with the simulated slots and the labeling rules.");
	json_array_foreach(scopes, i, scope) {
		a1_coverage(j, r, scope, true);
		a1_coverage(j, r, scope, false);
		a1_deviation(j, r, scope);
	}
	json_decref(scopes);
}

/* ---- A2 ------------------------------------------------------------ */

struct decomp {
	double	cycle, wall, gap, measured, busy, collective, internal, boundary;
	size_t	n;
};

/* Sums of the iterations the multiplier used (a cycle, not excluded). */
static void
decomposition(const struct judge *j, struct decomp *d)
{
	static const char *const keys[] = { "wall_ns", "gap_ns", "measured_ns",
	    "critical_busy_ns", "collective_ns", "idle_internal_ns",
	    "idle_boundary_ns" };
	double *sums[] = { &d->wall, &d->gap, &d->measured, &d->busy,
	    &d->collective, &d->internal, &d->boundary };

	memset(d, 0, sizeof(*d));
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *rec = j->recs[i];
		const char *w = rec_get_str(rec, "window");
		double x;

		if (strcmp(rec_get_str(rec, "kind"), "duty") != 0 || w == NULL ||
		    strcmp(w, "iteration") != 0 ||
		    json_is_true(json_object_get(rec, "excluded")) ||
		    !rec_get_num(rec, "cycle_ns", &x))
			continue;
		d->cycle += x;
		d->n++;
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (rec_get_num(rec, keys[k], &x))
				*sums[k] += x;
	}
}

static json_t *
ms_share(double ns, double of)
{
	char buf[128], n[32], p[32];

	judge_fmt_num(n, sizeof(n), ns / 1e6);
	judge_fmt_num(p, sizeof(p), of > 0 ? ns / of * 100 : 0);
	snprintf(buf, sizeof(buf), "%s ms (%s%% of the cycle)", n, p);
	return json_string(buf);
}

static json_t *
duty_table(const struct judge *j)
{
	static const char *const cols[] = { "term", "value" };
	static const char *const stages[] = { "prefill", "mixed", "decode",
	    "unknown" };
	json_t *t = au_table_new("Duty-cycle decomposition (iterations with a "
	    "cycle, outliers excluded)", cols, 2);
	struct decomp d;
	char metric[64];

	decomposition(j, &d);
	au_table_row(t, 2, au_str("iterations"), json_integer((json_int_t)d.n));
	au_table_row(t, 2, au_str("sum cycle"), ms_share(d.cycle, d.cycle));
	au_table_row(t, 2, au_str("  gap between iterations"),
	    ms_share(d.gap, d.cycle));
	au_table_row(t, 2, au_str("  idle inside iterations (launch bubbles)"),
	    ms_share(d.internal, d.cycle));
	au_table_row(t, 2, au_str("  idle at barrier edges"),
	    ms_share(d.boundary, d.cycle));
	au_table_row(t, 2, au_str("  critical busy"),
	    ms_share(d.busy, d.cycle));
	au_table_row(t, 2, au_str("  collectives"),
	    ms_share(d.collective, d.cycle));
	au_table_row(t, 2, au_str("multiplier (sum cycle / sum measured)"),
	    au_val_of(au_sum(j, "duty.multiplier", NULL)));
	au_table_row(t, 2, au_str("multiplier, busy-union variant"),
	    au_val_of(au_sum(j, "duty.multiplier_busy_union", NULL)));
	for (size_t i = 0; i < 4; i++) {
		const json_t *m, *g;
		char label[96];

		snprintf(metric, sizeof(metric), "duty.multiplier.%s",
		    stages[i]);
		m = au_sum(j, metric, NULL);
		snprintf(metric, sizeof(metric), "duty.gap_fraction.%s",
		    stages[i]);
		g = au_sum(j, metric, NULL);
		if (m == NULL && g == NULL)
			continue;
		snprintf(label, sizeof(label), "%s: multiplier", stages[i]);
		au_table_row(t, 2, au_str(label), au_val_of(m));
		snprintf(label, sizeof(label), "%s: gap fraction", stages[i]);
		au_table_row(t, 2, au_str(label), au_val_of(g));
	}
	au_table_row(t, 2, au_str("excluded by the outlier screen"),
	    au_val_of(au_sum(j, "duty.iterations.excluded", NULL)));
	au_table_row(t, 2, au_str("iterations with too few kernels"),
	    au_val_of(au_sum(j, "duty.iterations.few_kernels", NULL)));
	au_table_row(t, 2, au_str("identity residual (ns)"),
	    au_val_of(au_sum(j, "duty.identity_residual_ns", NULL)));
	return t;
}

static void
a2_multiplier(struct judge *j, const struct rule *r)
{
	const json_t *mr = au_sum(j, "duty.multiplier", NULL);
	double m, res = 0, few = 0, warn = tol(j->tol, TOL_AL_MULT_WARN),
	    max = tol(j->tol, TOL_AL_MULT_MAX);
	struct sbuf why = {0};
	enum jverdict_value v;
	const char *act;
	char a[32], b[32], c[32], tolbuf[96];

	ru_num(au_sum(j, "duty.identity_residual_ns", NULL), &res);
	ru_num(au_sum(j, "duty.iterations.few_kernels", NULL), &few);
	judge_fmt_num(b, sizeof(b), warn);
	judge_fmt_num(c, sizeof(c), max);
	snprintf(tolbuf, sizeof(tolbuf), "1-%s (WARN to %s)", b, c);
	if (!ru_num(mr, &m)) {
		au_emit(j, r, "duty.multiplier", NULL, mr, NULL, false, 0, NULL,
		    tolbuf, V_INAPPLICABLE, "No iteration has a cycle (one "
		    "iteration, or a whole-trace window): the multiplier cannot "
		    "be computed.", NULL,
		    au_evidence(duty_table(j), mr));
		return;
	}
	judge_fmt_num(a, sizeof(a), m);
	sbuf_printf(&why, "Multiplier sum(cycle)/sum(measured) = %s: kernels "
	    "fill %s%% of the GPU cycle.", a, m > 0 ? (judge_fmt_num(c,
	    sizeof(c), 100 / m), c) : "?");
	if (res != 0) {
		v = V_FAIL;
		act = ACT_IDENTITY;
		sbuf_adds(&why, " The identities do not hold (residual != 0).");
	} else if (m > max) {
		v = V_FAIL;
		act = ACT_DUTY;
		sbuf_adds(&why, " Host bubbles dominate the cycle.");
	} else if (m < 1) {
		v = V_WARN;
		act = ACT_DUTY_LOW;
		sbuf_adds(&why, " Below 1: iterations overlap.");
	} else if (m > warn) {
		v = V_WARN;
		act = ACT_DUTY;
		sbuf_adds(&why, " A well-batched run stays near 1: this gap "
		    "deserves an explanation, not silent absorption.");
	} else {
		v = V_PASS;
		act = NULL;
	}
	if (v == V_PASS && few > 0) {
		v = V_WARN;
		act = ACT_FEW;
		sbuf_printf(&why, " %.0f iterations recorded too few kernels.",
		    few);
	}
	au_emit(j, r, "duty.multiplier", NULL, mr, NULL, false, 0, NULL, tolbuf,
	    v, sbuf_str(&why), act,
	    au_evidence(duty_table(j), mr));
	sbuf_free(&why);
}

static void
a2_direction(struct judge *j, const struct rule *r)
{
	const json_t *d = au_sum(j, "duty.gap_fraction.decode", NULL);
	const json_t *p = au_sum(j, "duty.gap_fraction.prefill", NULL);
	double gd, gp;
	struct sbuf why = {0};
	char a[32], b[32];

	if (!ru_num(d, &gd) || !ru_num(p, &gp)) {
		au_emit(j, r, "duty.gap_fraction.decode", NULL, d, NULL,
		    false, 0, NULL, "decode >= prefill", V_INAPPLICABLE,
		    "Needs both prefill and decode iterations with a cycle; "
		    "the capture has only one stage.", NULL, NULL);
		return;
	}
	judge_fmt_num(a, sizeof(a), gd * 100);
	judge_fmt_num(b, sizeof(b), gp * 100);
	sbuf_printf(&why, "Gap between iterations: decode %s%% of its cycle, "
	    "prefill %s%% (decode is expected more launch-bound).", a, b);
	/* Both are measured; the diff is decode - prefill. */
	au_emit(j, r, "duty.gap_fraction.decode", NULL, d, NULL, true,
	    (gd - gp) * 100, "pp", "decode >= prefill",
	    gd + 1e-12 >= gp ? V_PASS : V_WARN, sbuf_str(&why), ACT_GAPDIR,
	    NULL);
	sbuf_free(&why);
}

struct cyc {
	double	sim, cycle;
	size_t	n;
};

/* Simulated kernel time (kernel-match iter records) x multiplier against
 * the measured cycle (dutycycle iteration records), per stage (index
 * 0-3) and overall (4), over the iterations in both. */
static size_t
cycles(const struct judge *j, double mult, struct cyc out[5])
{
	static const char *const stages[] = { "prefill", "mixed", "decode",
	    "unknown" };
	size_t any = 0;

	memset(out, 0, 5 * sizeof(*out));
	for (size_t i = 0; i < j->nrecs; i++) {
		const json_t *d = j->recs[i];
		const char *w = rec_get_str(d, "window"), *st;
		double it, cyc, sim, x;
		size_t s;

		if (strcmp(rec_get_str(d, "kind"), "duty") != 0 || w == NULL ||
		    strcmp(w, "iteration") != 0 ||
		    json_is_true(json_object_get(d, "excluded")) ||
		    !rec_get_num(d, "cycle_ns", &cyc) ||
		    !rec_get_num(d, "iter", &it))
			continue;
		sim = NAN;
		for (size_t k = 0; k < j->nrecs && isnan(sim); k++) {
			const json_t *q = j->recs[k];

			if (strcmp(rec_get_str(q, "kind"), "iter") == 0 &&
			    json_is_true(json_object_get(q, "compared")) &&
			    rec_get_num(q, "iter", &x) && x == it)
				rec_get_num(q, "sim_ns", &sim);
		}
		if (isnan(sim))
			continue;
		st = rec_get_str(d, "stage");
		for (s = 0; s < 4; s++)
			if (st != NULL && strcmp(st, stages[s]) == 0)
				break;
		if (s == 4)
			s = 3;
		out[s].sim += sim * mult;
		out[s].cycle += cyc;
		out[s].n++;
		out[4].sim += sim * mult;
		out[4].cycle += cyc;
		out[4].n++;
		any++;
	}
	return any;
}

static void
a2_cycle(struct judge *j, const struct rule *r)
{
	static const char *const names[] = { "align.cycle.prefill",
	    "align.cycle.mixed", "align.cycle.decode", "align.cycle.unknown",
	    "align.cycle" };
	static const char *const cols[] = { "iterations", "n",
	    "simulated x multiplier (ms)", "measured cycle (ms)", "sim vs "
	    "measured" };
	double m, t = tol(j->tol, TOL_AL_CYCLE_PCT);
	struct cyc c[5];
	int a1 = au_worst_of(j, "A1");
	json_t *table;
	char tolbuf[96], a[32];

	judge_fmt_num(a, sizeof(a), t);
	snprintf(tolbuf, sizeof(tolbuf), "\u00b1%s%%", a);
	if (!ru_num(au_sum(j, "duty.multiplier", NULL), &m) ||
	    cycles(j, m, c) == 0) {
		au_emit(j, r, "align.cycle", NULL, NULL, NULL, false, 0, NULL,
		    tolbuf, V_INAPPLICABLE, "Needs the multiplier and iterations "
		    "that both s2r-dutycycle (a cycle) and s2r-kernel-match "
		    "(simulated kernel time) cover.", NULL, NULL);
		return;
	}
	table = au_table_new("Simulated cycle (kernel time x multiplier) "
	    "against the measured GPU cycle", cols, 5);
	for (size_t s = 0; s < 5; s++) {
		double rel;
		struct sbuf why = {0};
		enum jverdict_value v;
		const char *act;
		char p[32];

		if (c[s].n == 0 || c[s].cycle <= 0)
			continue;
		rel = (c[s].sim - c[s].cycle) / c[s].cycle * 100;
		au_table_row(table, 5, au_str(s == 4 ? "all" : names[s] + 12),
		    json_integer((json_int_t)c[s].n), json_real(c[s].sim / 1e6),
		    json_real(c[s].cycle / 1e6), au_pct(rel));
		judge_fmt_num(p, sizeof(p), rel);
		sbuf_printf(&why, "Over %zu iterations the simulated kernel time "
		    "times the multiplier is %s%% off the measured GPU cycle.",
		    c[s].n, p);
		if (fabs(rel) <= t + 1e-9) {
			v = V_PASS;
			act = NULL;
		} else if (s < 4) {
			v = V_WARN;
			act = ACT_STAGE;
		} else if (a1 == V_PASS) {
			v = V_FAIL;
			act = ACT_CYCLE;
			sbuf_adds(&why, " A1 passes, so the kernels are right: the "
			    "duty-cycle correction is the suspect.");
		} else {
			v = V_FAIL;
			act = "Fix the kernel-level finding (A1) first: the cycle "
			    "gap follows from the kernels.";
			sbuf_adds(&why, " A1 did not pass: the kernel-level gap "
			    "explains this one.");
		}
		/* The table, whole by then, goes with the overall verdict. */
		au_emit(j, r, names[s], NULL, NULL, NULL, true, rel, "%",
		    tolbuf, v, sbuf_str(&why), act, s == 4 ?
		    au_evidence(json_incref(table), au_sum(j,
		    "duty.multiplier", NULL)) : NULL);
		sbuf_free(&why);
	}
	json_decref(table);
}

static void
rule_a2(struct judge *j, const struct rule *r, const struct jcell *c)
{
	if (!au_alignment_run(j))
		return;
	if (au_sum(j, "duty.multiplier", NULL) == NULL) {
		au_missing(j, r, "duty.multiplier", "No s2r-dutycycle summary "
		    "records: the duty cycle needs the profiler trace "
		    "(pipelines/align.mk TRACE=).", "Capture a profiler trace of "
		    "the real run and give it as TRACE.");
		return;
	}
	a2_multiplier(j, r);
	a2_direction(j, r);
	a2_cycle(j, r);
}

/* ---- A3 ------------------------------------------------------------ */

enum a3kind { K_TTFT, K_TPOT, K_E2E, K_TPUT };

static const struct {
	const char	*name;
	const char	*title;
	bool		 lower_is_faster;
} a3_metrics[] = {
	{ "ttft_ms", "TTFT", true },
	{ "tpot_ms", "TPOT", true },
	{ "e2e_ms", "E2E", true },
	{ "throughput_tps", "throughput", false },
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
	double band = k == K_TPOT ? tol(j->tol, TOL_AL_TPOT_PCT) :
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
		au_emit(j, r, metric, NULL, ra, sa, false, 0, NULL, NULL,
		    V_INAPPLICABLE, k == K_TPUT ? "No whole throughput window "
		    "on one side: the eligible requests span less than one "
		    "window (s2r-latency --window-ms)." : "No values on one side: "
		    "no eligible request has this latency.", NULL,
		    au_evidence(quantile_table(j, name), ra));
		return;
	}
	v = a3_judge(j, k, gap, a3_band(j, k, gap, tolbuf, sizeof(tolbuf)),
	    ks, crit, &why, &act);
	au_emit(j, r, metric, NULL, ra, sa, true, gap, "%", tolbuf, v,
	    sbuf_str(&why), sbuf_str(&act),
	    au_evidence(quantile_table(j, name), ra));
	sbuf_free(&why);
	sbuf_free(&act);
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
}

const struct rule rules_align[] = {
	{ "A0", "Request eligibility (same population, successful)", false,
	  rule_a0 },
	{ "A1", "Kernels: coverage and per-operation deviation", false,
	  rule_a1 },
	{ "A2", "GPU duty cycle", false, rule_a2 },
	{ "A3", "TTFT, TPOT, E2E and throughput distributions", false,
	  rule_a3 },
	{ NULL, NULL, false, NULL }
};
