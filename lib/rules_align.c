/* rules_align.c - checks A0-A3: is the simulator aligned with the real
 * framework?  Judged tightest first (docs/checks.md §5): a
 * failure at a tight level explains the loose ones, so A3's verdicts say
 * whether A0-A2 passed and route the fix there.
 *
 * Records: s2r-latency (A0, A3: measure records real.*, sim.*, align.*;
 * schemas/metrics-latency.json), s2r-kernel-match (A1: summary, iter, op)
 * and s2r-dutycycle (A2: summary, duty); A1 and A2 are judged in
 * rules_kernels.c and rules_kduty.c, A0 in rules_a0.c; this file holds
 * A3 and the table.  An alignment run is one measured run, so these
 * records carry no cell and every verdict here is bundle-wide.  Sides:
 * expected = the real framework (the reference), actual = the
 * simulator; diff = sim - real, relative to real.
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
#include "satrule.h"
#include "str.h"

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

/* The A0 rows that FAILed, named in why: the population, the prompts,
 * the sides or the eligible share, each a different reason the gap may
 * not be the cost model's. */
static void
a0_failed(struct judge *j, struct sbuf *why)
{
	int shown = 0;

	sbuf_adds(why, " A0 failed (");
	for (size_t i = 0; i < j->nout; i++) {
		if (strcmp(judge_verdict_check(j, i), "A0") != 0 ||
		    judge_verdict_value(j, i) != V_FAIL)
			continue;
		sbuf_printf(why, "%s%s", shown++ ? ", " : "", rec_get_str(
		    judge_verdict_rec(j, i), "metric"));
	}
	sbuf_adds(why, "): the two runs did not serve the same requests the "
	    "same way (see its finding), so this gap may be that "
	    "difference.");
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
		a0_failed(j, why);
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

/* A side-wide timing fault decides the verdict: its reason (head) goes
 * before what was said so far, and its remedy replaces the action. */
static enum jverdict_value
warn_first(struct sbuf *why, struct sbuf *head, struct sbuf *act,
    const char *remedy)
{
	sbuf_adds(head, sbuf_str(why));
	sbuf_reset(why);
	sbuf_adds(why, sbuf_str(head));
	sbuf_free(head);
	sbuf_reset(act);
	sbuf_adds(act, remedy);
	return V_WARN;
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
		return warn_first(why, &head, act, "Rerun the cell without the "
		    "buffering hop (a proxy or ingress with response buffering "
		    "on: nginx proxy_buffering off) so that chunks reach blis "
		    "observe as the server streams them; until then compare "
		    "E2E only.");
	}
	return v;
}

/* A side whose first chunks mostly came sooner than a quarter of the
 * request's own decode step after the send (s2r-latency's
 * <side>.requests.early) timed something before the first token: the
 * response headers (an HTTP client that returns at the headers, which a
 * streaming server sends at once) or an empty event a gateway flushed.
 * Its TTFT is not a first token's, and its TPOT and ITL span that gap
 * too: a gap either way is then not the cost model's, a WARN that says
 * so.  Fewer are only stated. */
static enum jverdict_value
early_mark(const struct judge *j, enum a3kind k, enum jverdict_value v,
    struct sbuf *why, struct sbuf *act)
{
	static const char *const sides[] = { "real", "sim" };

	if (k != K_TTFT && k != K_TPOT && k != K_ITL)
		return v;
	for (size_t i = 0; i < 2; i++) {
		char metric[64];
		const json_t *rec;
		const char *how, *ids;
		struct sbuf head = {0};
		double e = 0, n = 0;

		snprintf(metric, sizeof(metric), "%s.requests.early", sides[i]);
		rec = au_lat(j, metric);
		if (!ru_num(rec, &e) || e == 0 || !rec_get_num(rec, "n", &n))
			continue;
		how = rec_get_str(json_object_get(rec, "source"), "how");
		ids = how != NULL ? strstr(how, " (first ids:") : NULL;
		sbuf_printf(&head, "%s%.0f of the %s run's %.0f streamed answers"
		    "%s had their first chunk sooner than a quarter of their own "
		    "decode step (TPOT) after the send", e * 2 >= n ? "First "
		    "chunk before the first token: not a model gap. " : "", e,
		    sides[i], n, ids != NULL ? ids : "");
		if (e * 2 < n) {
			/* a few: as likely a decode stalled four times over */
			sbuf_printf(why, " %s: a first chunk without a token, or "
			    "a decode that stalled.", sbuf_str(&head));
			sbuf_free(&head);
			continue;
		}
		sbuf_printf(&head, ": no forward pass is that fast, so that "
		    "chunk was no token (the client timed the response headers, "
		    "which a streaming server sends at once, or a gateway "
		    "flushed an empty event first), and the %s %s is not the "
		    "server's. ", sides[i], a3_metrics[k].title);
		return warn_first(why, &head, act, "Time the first chunk that "
		    "carries a token (the first SSE data event with content), "
		    "not the response headers or an empty event, and rerun the "
		    "capture; until then compare E2E only.");
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

/* The per-request metric whose sample count stands for k's requests:
 * ITL pools gaps of the requests with a decode (TPOT's), throughput
 * counts the completed ones (E2E's). */
static const char *const few_base[] = {
	"ttft_ms", "tpot_ms", "e2e_ms", "e2e_ms", "tpot_ms"
};

/* A side with fewer requests than alignment.min_samples: a median of so
 * few is one or two requests, and the two-sample KS test at the 5% level
 * can tell only fully separated samples apart (below six a side), so an
 * agreeing median proves nothing.  A PASS becomes a WARN; a FAIL (the
 * samples differ beyond the band and KS rejects) stays, told. */
static enum jverdict_value
few_mark(const struct judge *j, enum a3kind k, enum jverdict_value v,
    struct sbuf *why, struct sbuf *act)
{
	double nr = 0, ns = 0, min = tol(j->tol, TOL_AL_MIN_SAMPLES);
	char metric[64];

	snprintf(metric, sizeof(metric), "real.%s.p50", few_base[k]);
	rec_get_num(au_lat(j, metric), "n", &nr);
	snprintf(metric, sizeof(metric), "sim.%s.p50", few_base[k]);
	rec_get_num(au_lat(j, metric), "n", &ns);
	if (fmin(nr, ns) >= min)
		return v;
	sbuf_printf(why, " Too few requests to judge: %.0f on the %s side "
	    "(%s; alignment.min_samples %g): %s", fmin(nr, ns), nr <= ns ?
	    "real" : "simulated", k == K_TPOT || k == K_ITL ? "requests with "
	    "two output tokens or more" : "eligible requests with this "
	    "latency", min, k == K_TPUT ? "a rate over so few is a handful of "
	    "completions, not the run's throughput." : "a median of so few is "
	    "one or two requests, and a KS test over them tells only fully "
	    "separated samples apart.");
	if (v != V_PASS)
		return v;
	sbuf_adds(act, act->len ? " " : "");
	sbuf_adds(act, "Rerun both sides over more requests (a higher "
	    "num_requests or a longer horizon, the same spec and seed) "
	    "before reading this row.");
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

/* Throughput as a distribution needs whole windows (s2r-latency
 * --window-ms): with fewer than alignment.min_samples on a side its
 * median is one window's count, the run's other windows and its tail
 * left out.  The overall rates (output tokens over first send to last
 * completion, <side>.throughput_tps.overall) are compared then; false
 * when there are windows enough or no overall rate. */
static bool
a3_tput_overall(struct judge *j, const struct rule *r)
{
	const json_t *ra = au_lat(j, "real.throughput_tps.overall");
	const json_t *sa = au_lat(j, "sim.throughput_tps.overall");
	double wr = 0, ws = 0, a, b, gap, min = tol(j->tol, TOL_AL_MIN_SAMPLES);
	struct sbuf why = {0}, act = {0};
	char tolbuf[96], ta[32], tb[32], tg[32];
	enum jverdict_value v;

	rec_get_num(au_lat(j, "real.throughput_tps.p50"), "n", &wr);
	rec_get_num(au_lat(j, "sim.throughput_tps.p50"), "n", &ws);
	if ((wr >= min && ws >= min) || !ru_num(ra, &a) || !ru_num(sa, &b) ||
	    !(a > 0) || !isfinite(b))
		return false;
	gap = (b - a) / a * 100;
	judge_fmt_num(ta, sizeof(ta), a);
	judge_fmt_num(tb, sizeof(tb), b);
	judge_fmt_num(tg, sizeof(tg), gap);
	sbuf_printf(&why, "%.0f real and %.0f simulated whole throughput "
	    "windows (s2r-latency --window-ms): too few for a distribution, "
	    "so the overall rates are compared: sim %s against real %s "
	    "tokens/s (output tokens / (last completion - first send)), "
	    "%s%s%%.", wr, ws, tb, ta, gap > 0 ? "+" : "", tg);
	v = a3_band(j, K_TPUT, gap, tolbuf, sizeof(tolbuf)) ? V_PASS : V_FAIL;
	if (v == V_FAIL)
		tight_levels(j, &why, &act, K_TPUT);
	v = load_mark(j, K_TPUT, gap, ra, v, &why, &act);
	v = few_mark(j, K_TPUT, v, &why, &act);
	au_emit(j, r, "align.throughput_tps", NULL, ra, sa, true, gap, "%",
	    tolbuf, v, sbuf_str(&why), sbuf_str(&act),
	    au_evidence(quantile_table(j, "throughput_tps"), ra));
	sbuf_free(&why);
	sbuf_free(&act);
	return true;
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

	if (k == K_TPUT && a3_tput_overall(j, r))
		return;
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
	v = early_mark(j, k, v, &why, &act);
	v = paired_mark(j, k, v, &why, &act);
	v = few_mark(j, k, v, &why, &act);
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
