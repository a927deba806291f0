/* rules_wlshape.c - 1c/1d: each client's lengths against the exact law
 * of its sampler.  The mean, stdev and support bounds rules_workload.c
 * judges pass a run whose lengths follow another law with the same
 * moments (a uniform or a lognormal for a gaussian, constant lengths in
 * one client of a mix, a tail cut at a cap); s2r-expect writes each
 * client's law (client.<side>_tokens.shape), s2r-trace-stats its lengths'
 * quantiles (client.<side>_tokens.quantiles), and this tests the one
 * against the other.  See rules_wl.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "rules_wl.h"
#include "ruleutil.h"
#include "sampler.h"
#include "str.h"

static const char ACT_FEW[] = "Too few requests to judge this: rerun "
    "the cell longer (more requests) before acting on the difference.";

/* Fewer rows than this: the tests have too little power to clear a law;
 * only a difference they do find is stated (WARN). */
#define SHAPE_MIN_ROWS	30

/* The Kolmogorov distribution's tail: P(sqrt(n) D > lam) for n rows of a
 * continuous law, with Stephens' small-sample correction applied by the
 * caller.  A discrete law (integer lengths, atoms at the clamps) makes D
 * smaller, so this chance is an upper bound: the test errs towards PASS. */
static double
ks_chance(double lam)
{
	double p = 0;

	if (lam < 0.2)
		return 1;
	for (int k = 1; k <= 100; k++) {
		double t = exp(-2.0 * k * k * lam * lam);

		p += (k % 2 ? 2 : -2) * t;
		if (t < 1e-17)
			break;
	}
	return fmin(1, fmax(0, p));
}

/* The chance that k or more of n rows sit on a length the law gives a
 * share p of them, given one does (binomial, the tail summed from k):
 * how likely the ties at the least or the largest length are. */
static double
ties_chance(double n, double p, int64_t k)
{
	double lc, sum = 0, one;

	/* k at or below the expected count: nothing to see (and no sum
	 * over the bulk of a large binomial) */
	if (k < 2 || !(p > 0) || p >= 1 || (double)k > n || (double)k <= n * p)
		return 1;
	one = -expm1(n * log1p(-p));
	lc = lgamma(n + 1);
	for (double i = (double)k; i <= n; i++) {
		double t = exp(lc - lgamma(i + 1) - lgamma(n - i + 1) +
		    i * log(p) + (n - i) * log1p(-p));

		sum += t;
		if (i > n * p && t <= sum * 1e-17)
			break;
	}
	return one > 0 ? fmin(1, sum / one) : 1;
}

/* What the client's quantiles say against its law: D, a lower bound of
 * the Kolmogorov-Smirnov distance (the quantile grid misses at most its
 * step), its chance, and the chances of the least and largest lengths:
 * n rows of the law all at or above the least (none below it) or all at
 * or below the largest; and of the rows tied at them (k_lo, k_hi), the
 * law's share of that length among the rows on its side: a cap (a
 * max_tokens, a clamp the spec lacks) piles rows on one length, few
 * enough that the KS distance and the largest length miss them. */
struct shape {
	double	 n, d, at, p_ks, p_lo, p_hi, p_klo, p_khi;
	int64_t	 lo, hi, k_lo, k_hi;
};

static void
shape_ties(const json_t *m, const struct dist *law, struct shape *s)
{
	double below_lo = dist_cdf(law, s->lo - 1), upto_hi = dist_cdf(law,
	    s->hi);
	json_int_t k;

	s->p_klo = s->p_khi = 1;
	k = json_integer_value(json_object_get(m, "at_least"));
	if (k > 0 && below_lo < 1) {
		s->k_lo = k;
		s->p_klo = ties_chance(s->n, (dist_cdf(law, s->lo) -
		    below_lo) / (1 - below_lo), k);
	}
	k = json_integer_value(json_object_get(m, "at_largest"));
	if (k > 0 && upto_hi > 0) {
		s->k_hi = k;
		s->p_khi = ties_chance(s->n, (upto_hi - dist_cdf(law,
		    s->hi - 1)) / upto_hi, k);
	}
}

static bool
shape_of(const json_t *m, const struct dist *law, double n,
    struct shape *s)
{
	const json_t *pt, *pts = json_object_get(m, "quantiles");
	size_t i, last = json_array_size(pts);

	if (last < 2 || !(n > 0))
		return false;
	memset(s, 0, sizeof(*s));
	s->n = n;
	json_array_foreach(pts, i, pt) {
		double q = json_number_value(json_array_get(pt, 0));
		int64_t x = json_integer_value(json_array_get(pt, 1));
		double below = dist_cdf(law, x - 1), upto = dist_cdf(law, x);

		if (i == 0)
			s->lo = x;
		s->hi = x;
		if (q - upto > s->d) {
			s->d = q - upto;
			s->at = (double)x;
		}
		if (below - q > s->d) {
			s->d = below - q;
			s->at = (double)(x - 1);
		}
	}
	s->p_ks = ks_chance((sqrt(n) + 0.12 + 0.11 / sqrt(n)) * s->d);
	s->p_lo = exp(n * log1p(-dist_cdf(law, s->lo - 1)));
	s->p_hi = exp(n * log(dist_cdf(law, s->hi)));
	shape_ties(m, law, s);
	return true;
}

/* The sentence of rows piled on the least or the largest length. */
static void
shape_ties_why(const struct shape *s, bool tlo, bool thi, struct sbuf *why)
{
	for (int side = 0; side < 2; side++) {
		bool top = side == 1;

		if (!(top ? thi : tlo))
			continue;
		sbuf_printf(why, " %lld rows sit at exactly %lld tokens, the "
		    "%s length (chance %.2g of so many there): the %s tail "
		    "is cut at that length (a max_tokens cap, or a %s clamp "
		    "the spec does not have).", (long long)(top ? s->k_hi :
		    s->k_lo), (long long)(top ? s->hi : s->lo), top ?
		    "largest" : "least", top ? s->p_khi : s->p_klo, top ?
		    "upper" : "lower", top ? "max" : "min");
	}
}

/* The sentence and the verdict of a shape. */
static enum jverdict_value
shape_judge(const struct judge *j, const struct shape *s, const char *what,
    struct sbuf *why)
{
	double pmin = tol(j->tol, TOL_SHAPE_P_MIN);
	double ksmax = tol(j->tol, TOL_SHAPE_KS_MAX);
	bool ks = s->p_ks < pmin, lo = s->p_lo < pmin, hi = s->p_hi < pmin;
	bool tlo = s->p_klo < pmin, thi = s->p_khi < pmin;

	sbuf_printf(why, " Against the law, the %s over %.0f rows have a "
	    "Kolmogorov-Smirnov distance of ", what, s->n);
	if (s->d > 0)
		sbuf_printf(why, "at least %.3g (at %.0f tokens; chance %.2g)",
		    s->d, s->at, s->p_ks);
	else
		sbuf_adds(why, "0 at the quantiles");
	sbuf_printf(why, ", the least %lld tokens (chance of none below it "
	    "%.2g) and the largest %lld (chance of none above it %.2g).",
	    (long long)s->lo, s->p_lo, (long long)s->hi, s->p_hi);
	if (hi && lo)
		sbuf_printf(why, " Both tails of the law are cut: its rows "
		    "should reach below %lld and above %lld tokens.",
		    (long long)s->lo, (long long)s->hi);
	else if (hi || lo)
		sbuf_printf(why, " The law's %s tail is cut: its rows should "
		    "reach %s %lld tokens.", hi ? "upper" : "lower",
		    hi ? "above" : "below", (long long)(hi ? s->hi : s->lo));
	if (tlo || thi)
		shape_ties_why(s, tlo, thi, why);
	if (ks)
		sbuf_printf(why, " The lengths follow another law: a share %.3g "
		    "of the rows sits on the other side of %.0f tokens than "
		    "the spec puts it%s.", s->d, s->at, s->d > ksmax ? "" :
		    ", within workload.shape_ks_max, a small difference the "
		    "run is large enough to show");
	lo = lo || tlo;
	hi = hi || thi;
	if (!ks && !lo && !hi) {
		sbuf_adds(why, s->n < SHAPE_MIN_ROWS ? " Too few rows to "
		    "tell a law from another." : " Nothing beyond chance: "
		    "the lengths follow the law.");
		return s->n < SHAPE_MIN_ROWS ? V_INAPPLICABLE : V_PASS;
	}
	if (s->n < SHAPE_MIN_ROWS)
		return V_WARN;
	return hi || lo || s->d > ksmax ? V_FAIL : V_WARN;
}

/* One client's lengths against the exact law of its sampler. */
static void
client_shape(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *sub, const char *side, const char *action,
    const bool mode[2])
{
	char metric[64], qmetric[64], tolbuf[96];
	const json_t *e, *m;
	struct dist law;
	struct shape s;
	struct sbuf why = {0};
	enum jverdict_value v;
	json_t *actual;
	double n = 0;

	snprintf(metric, sizeof(metric), "client.%s_tokens.shape", side);
	snprintf(qmetric, sizeof(qmetric), "client.%s_tokens.quantiles",
	    side);
	e = judge_expect(j, c, metric, sub);
	m = judge_measure(j, c, qmetric, sub);
	if (e == NULL || m == NULL)
		return;
	rec_get_num(m, "n", &n);
	if (!dist_from_json(json_object_get(e, "law"), &law) ||
	    !shape_of(m, &law, n, &s)) {
		dist_free(&law);
		return;
	}
	sbuf_adds(&why, "Each length the client sent should be a draw of its "
	    "sampler (");
	ru_where(&why, e);
	sbuf_adds(&why, ").");
	v = mode[0] ? V_INAPPLICABLE : shape_judge(j, &s, strcmp(side,
	    "output") == 0 ? "successful answers' lengths" : "prompt lengths",
	    &why);
	if (mode[0])
		sbuf_adds(&why, " The protocol lets the model stop at its end "
		    "of sequence (--unconstrained-output): the outputs are not "
		    "the sampler's.");
	else if (v == V_FAIL && mode[1]) {
		v = V_WARN;
		sbuf_adds(&why, " More than 1 % of the cell's requests failed "
		    "(5d) and the lengths are the successful ones: failures "
		    "that fall on long requests shape them too.");
	}
	snprintf(tolbuf, sizeof(tolbuf), "chance >= %g (KS, least, largest); "
	    "KS D <= %g", tol(j->tol, TOL_SHAPE_P_MIN),
	    tol(j->tol, TOL_SHAPE_KS_MAX));
	actual = ru_side(rec_num(s.d), "fraction", m, NULL);
	judge_emit(j, r, c, &(struct jverdict){ .metric = metric, .sub = sub,
	    .expect = e, .measure = actual, .has_diff = true, .diff = s.d,
	    .diff_unit = "fraction", .tolerance = tolbuf, .verdict = v,
	    .why = sbuf_str(&why), .action = v == V_WARN && s.n <
	    SHAPE_MIN_ROWS ? ACT_FEW : action });
	json_decref(actual);
	sbuf_free(&why);
	dist_free(&law);
}

/* A trend whose chance is below shape_p_min is a FAIL when the lengths
 * move with time by more than this correlation (over a run, a mean shift
 * of about 0.35 standard deviations from its first rows to its last: a
 * load the simulation's independent draws do not make), else a WARN (a
 * small drift a long run is large enough to show). */
#define TREND_R_MAX	0.1

static const char ACT_TREND[] = "The lengths moved with time: check how "
    "the load generator pairs its prompts and answer lengths with its "
    "arrivals (a pool sorted or bucketed by length, a dataset read in "
    "order, a spec reloaded mid-run); the simulation draws every request's "
    "lengths independently of when it is sent.";

/* One client's lengths against their arrival times: a sampler's draws
 * are independent of them, so Pearson's r is chance only, r sqrt(n - 1)
 * about a standard normal.  Only clients with a law (the shape's
 * expectation): a session's rounds grow by design. */
static void
client_trend(struct judge *j, const struct rule *r, const struct jcell *c,
    const json_t *sub, const char *side, const bool mode[2])
{
	char metric[64], smetric[64];
	const json_t *m, *es;
	json_t *side_e;
	struct sbuf why = {0};
	enum jverdict_value v;
	double rho, n = 0, z, chance, pmin = tol(j->tol, TOL_SHAPE_P_MIN);

	snprintf(metric, sizeof(metric), "client.%s_tokens.trend", side);
	snprintf(smetric, sizeof(smetric), "client.%s_tokens.shape", side);
	m = judge_measure(j, c, metric, sub);
	if (judge_expect(j, c, smetric, sub) == NULL || !ru_num(m, &rho) ||
	    !isfinite(rho) || !rec_get_num(m, "n", &n) || n < 3)
		return;
	z = rho * sqrt(n - 1);
	chance = erfc(fabs(z) / sqrt(2));
	sbuf_printf(&why, "Over the client's %.0f rows the lengths correlate "
	    "with their arrival times at r = %.3g (", n, rho);
	ru_where(&why, m);
	sbuf_printf(&why, "), %.2g standard errors of chance (chance %.2g).",
	    fabs(z), chance);
	if (mode[0]) {
		v = V_INAPPLICABLE;
		sbuf_adds(&why, " The protocol lets the model stop at its end "
		    "of sequence (--unconstrained-output): the outputs are not "
		    "the sampler's.");
	} else if (n < SHAPE_MIN_ROWS && chance >= pmin) {
		v = V_INAPPLICABLE;
		sbuf_adds(&why, " Too few rows to tell a drift from chance.");
	} else if (chance >= pmin) {
		v = V_PASS;
		sbuf_adds(&why, " Nothing beyond chance: the lengths do not "
		    "move with time.");
	} else {
		v = fabs(rho) > TREND_R_MAX && n >= SHAPE_MIN_ROWS ? V_FAIL :
		    V_WARN;
		sbuf_printf(&why, " The client's %s lengths %s over the run, "
		    "where its sampler draws each independently of when it is "
		    "sent%s.", strcmp(side, "output") == 0 ? "answer" :
		    "prompt", rho > 0 ? "grew" : "shrank", v == V_WARN ?
		    " (a small drift, within the correlation of 0.1 this check "
		    "FAILs above)" : "");
		es = judge_expect(j, c, strcmp(side, "output") == 0 ?
		    "output_tokens.stdev" : "input_tokens.stdev", NULL);
		if (v == V_FAIL && es != NULL && rec_get_str(es, "why")) {
			v = V_WARN;
			sbuf_printf(&why, " The spec's lengths have no finite "
			    "variance (%s): a correlation has no bound on its "
			    "chance.", rec_get_str(es, "why"));
		} else if (v == V_FAIL && mode[1]) {
			v = V_WARN;
			sbuf_adds(&why, " More than 1 % of the cell's requests "
			    "failed (5d) and the lengths are the successful "
			    "ones: failures over time shape them too.");
		}
	}
	side_e = ru_side(rec_num(0), "fraction", judge_expect(j, c, smetric,
	    sub), "the sampler draws each length independently of its send "
	    "time: no correlation");
	ru_emit(j, r, c, metric, sub, side_e, m, "chance >= shape_p_min; "
	    "|r| <= 0.1", v, sbuf_str(&why), v == V_PASS || v ==
	    V_INAPPLICABLE ? NULL : ACT_TREND);
	json_decref(side_e);
	sbuf_free(&why);
}

void
wl_rule_shapes(struct judge *j, const struct rule *r, const struct jcell *c,
    const char *side, const char *action, bool unconstrained, bool failed)
{
	char metric[64], qmetric[64];
	const bool mode[2] = { unconstrained, failed };
	json_t *subs, *sub;
	size_t i;

	snprintf(metric, sizeof(metric), "client.%s_tokens.shape", side);
	snprintf(qmetric, sizeof(qmetric), "client.%s_tokens.quantiles",
	    side);
	subs = judge_subscopes(j, c, metric, qmetric, "client");
	json_array_foreach(subs, i, sub) {
		client_shape(j, r, c, sub, side, action, mode);
		client_trend(j, r, c, sub, side, mode);
	}
	json_decref(subs);
}
