/* cmpcal.c - sim vs real calibration; see cmpcal.h and
 * docs/man/s2r-compare.1.
 *
 * Request-level scores follow BLIS calibrate (sim/workload/calibrate.go):
 * MAPE over the pairs whose real value is not 0, bias from the sign of
 * the summed signed error, Pearson r from 3 pairs on, and the grade from
 * both.  Sums are exact (fsum) where BLIS adds naively, so the numbers
 * do not depend on the order of the requests. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmpcal.h"
#include "cmprec.h"
#include "cmpstat.h"
#include "err.h"
#include "rec.h"
#include "str.h"

enum { CS_MEAN, CS_P50, CS_P90, CS_P95, CS_P99, NCSTAT };

static const char *const cstat_names[NCSTAT] = {
	"mean", "p50", "p90", "p95", "p99"
};
static const double cstat_q[NCSTAT] = { 0, 0.50, 0.90, 0.95, 0.99 };

static const struct {
	enum reqmetric	 m;
	const char	*name, *how;
} cal_metrics[] = {
	{ RM_TTFT, "ttft_ms", "TTFT in ms: real (first_chunk_time_us - "
	  "send_time_us) / 1000; sim the same from its trace, or ttft_ms of "
	  "its BLIS metrics JSON" },
	{ RM_TPOT, "tpot_ms", "TPOT in ms: (last_chunk_time_us - "
	  "first_chunk_time_us) / (output_tokens - 1) / 1000, or itl_ms of a "
	  "BLIS metrics JSON (output tokens > 1)" },
	{ RM_E2E, "e2e_ms", "E2E in ms: (last_chunk_time_us - send_time_us) / "
	  "1000, or e2e_ms of a BLIS metrics JSON" },
};
#define NCALM (sizeof(cal_metrics) / sizeof(cal_metrics[0]))

struct cal {
	struct reqpop		*real, *sim;
	const struct cmp_cal_opts *o;
	struct reqmatch		 mt;
	bool			 by_id;	/* else by distribution */
	const char		*why_dist;	/* why not by id */
	int64_t			 warm_up;	/* -1: none known */
	int64_t			 dropped[2];	/* rows below it */
	json_t			*out;
};

/* --- populations ----------------------------------------------------- */

/* Rows with id < w leave p (its rows are sorted by id), and its count
 * of successful rows follows; the token sums are not used here. */
static int64_t
drop_below(struct reqpop *p, int64_t w)
{
	size_t k = 0;

	if (w <= 0 || !p->has_ids)
		return 0;
	while (k < p->n && p->v[k].id < w)
		p->nok -= p->v[k++].ok;
	memmove(p->v, p->v + k, (p->n - k) * sizeof(*p->v));
	p->n -= k;
	return (int64_t)k;
}

static void
match(struct cal *c)
{
	c->warm_up = c->o->warm_up >= 0 ? c->o->warm_up : c->real->warm_up;
	c->dropped[0] = drop_below(c->real, c->warm_up);
	c->dropped[1] = drop_below(c->sim, c->warm_up);
	reqmatch_run(&c->mt, c->real, c->sim);
	c->by_id = c->mt.by_id && c->mt.npairs > 0;
	if (!c->real->has_ids || !c->sim->has_ids)
		c->why_dist = "a side has no request ids";
	else if (!c->by_id)
		c->why_dist = "no successful request id in common";
}

/* A request's value of metric m in ms; NAN: none. */
static double
row_value(const struct reqrow *r, enum reqmetric m)
{
	if (m == RM_TTFT)
		return r->ttft >= 0 ? (double)r->ttft / 1000.0 : NAN;
	if (m == RM_E2E)
		return r->e2e >= 0 ? (double)r->e2e / 1000.0 : NAN;
	return r->tpot / 1000.0;
}

/* The matched pairs that have metric m on both sides, in id order. */
static void
pair_values(const struct cal *c, enum reqmetric m, struct dvals *rv,
    struct dvals *sv)
{
	for (size_t k = 0; k < c->mt.npairs; k++) {
		double x = row_value(&c->real->v[c->mt.ri[k]], m);
		double y = row_value(&c->sim->v[c->mt.si[k]], m);

		if (isnan(x) || isnan(y))
			continue;
		dvals_add(rv, x);
		dvals_add(sv, y);
	}
}

static json_t *
side(const struct reqpop *p, const char *arm, double value, int64_t n)
{
	json_t *s = cmprec_side(arm, value, n);

	cmprec_side_file(s, p->label);
	return s;
}

static json_t *
record(const struct cal *c, const char *metric, const char *stat,
    const char *unit)
{
	return cmprec_new("calibrate", metric, stat, unit, c->o->workload,
	    NULL);
}

static void
named_sides(const struct cal *c, json_t *rec)
{
	rec_set(rec, "a", cmprec_side_named("real", c->real->label));
	rec_set(rec, "b", cmprec_side_named("sim", c->sim->label));
}

static const char *
pairing_how(const struct cal *c)
{
	return c->by_id ? "over the requests matched by request id and "
	    "successful on both sides" : "by distribution: each side's own "
	    "successful requests";
}

/* --- coverage and warm-up ------------------------------------------- */

static void
coverage_record(const struct cal *c)
{
	json_t *rec = record(c, "coverage", "value", "fraction");
	struct sbuf how = {0};
	int64_t n = (int64_t)c->real->n;
	double cov = c->by_id && n > 0 ? (double)c->mt.matched / (double)n :
	    NAN;

	named_sides(c, rec);
	rec_set(rec, "value", rec_num(cov));
	rec_set_i64(rec, "n", n);
	if (isnan(cov)) {
		rec_set(rec, "judgement", json_null());
		rec_set_str(rec, "why", c->why_dist != NULL ? c->why_dist :
		    "no real requests");
	} else
		rec_set_str(rec, "judgement", cov >= CAL_COVERAGE_MIN ?
		    "within_tolerance" : "outside_tolerance");
	sbuf_printf(&how, "real requests (after the warm-up) whose "
	    "request_id the simulated run has / real requests; guard >= "
	    "%g %% (BLIS calibrate) before throughput is compared; matched "
	    "%lld, real only %lld, sim only %lld, successful on both %lld",
	    CAL_COVERAGE_MIN * 100, (long long)c->mt.matched,
	    (long long)c->mt.real_only, (long long)c->mt.sim_only,
	    (long long)c->mt.eligible);
	cmprec_source(rec, "request_id", sbuf_str(&how));
	json_array_append_new(c->out, rec);
	sbuf_free(&how);
}

static void
warm_up_record(const struct cal *c)
{
	json_t *rec = record(c, "warm_up", "excluded", "count");
	struct sbuf how = {0};

	rec_set(rec, "a", side(c->real, "real", (double)c->dropped[0], -1));
	rec_set(rec, "b", side(c->sim, "sim", (double)c->dropped[1], -1));
	if (c->warm_up < 0)
		sbuf_adds(&how, "no warm-up known (no warm_up_requests in the "
		    "real trace header, no --warm-up): nothing excluded");
	else if (c->o->warm_up >= 0)
		sbuf_printf(&how, "--warm-up %lld: requests with id < %lld "
		    "excluded from both sides", (long long)c->warm_up,
		    (long long)c->warm_up);
	else
		sbuf_printf(&how, "warm_up_requests %lld (%s): blis observe "
		    "leaves them out of the real trace; simulated requests "
		    "with id < %lld excluded", (long long)c->warm_up,
		    c->real->warm_up_where, (long long)c->warm_up);
	if (c->warm_up > 0 && (!c->real->has_ids || !c->sim->has_ids))
		sbuf_adds(&how, "; a side without request ids cannot drop "
		    "them");
	cmprec_source(rec, "request_id", sbuf_str(&how));
	json_array_append_new(c->out, rec);
	sbuf_free(&how);
}

/* --- latency metrics ------------------------------------------------- */

static double
cstat(const struct dvals *sorted, int st, enum qmethod m, bool *extra)
{
	return cmp_sample_stat(sorted, st == CS_MEAN, cstat_q[st], m, extra);
}

static void
side_by_side(const struct cal *c, size_t mi, const struct dvals *rs,
    const struct dvals *ss)
{
	for (int st = 0; st < NCSTAT; st++) {
		json_t *rec = record(c, cal_metrics[mi].name, cstat_names[st],
		    "ms");
		bool ex[2];
		double a = cstat(rs, st, c->o->method, &ex[0]);
		double b = cstat(ss, st, c->o->method, &ex[1]);
		struct sbuf how = {0};

		if (st != CS_MEAN)
			rec_set_str(rec, "quantile_method",
			    qmethod_name(c->o->method));
		rec_set(rec, "a", side(c->real, "real", a, (int64_t)rs->n));
		rec_set(rec, "b", side(c->sim, "sim", b, (int64_t)ss->n));
		cmprec_delta(rec, a, b);
		if (ex[0] || ex[1])
			rec_set_str(rec, "note", "extrapolates beyond the "
			    "sample: fewer values than the exclusive method "
			    "needs for this percentile (as python's)");
		sbuf_printf(&how, "%s, %s; delta = sim - real", cal_metrics[mi]
		    .how, pairing_how(c));
		cmprec_source(rec, NULL, sbuf_str(&how));
		json_array_append_new(c->out, rec);
		sbuf_free(&how);
	}
}

static void
score(const struct cal *c, size_t mi, const char *stat, json_t *value,
    size_t n, const char *why, const char *how)
{
	json_t *rec = record(c, cal_metrics[mi].name, stat,
	    strcmp(stat, "mape") == 0 ? "fraction" : NULL);
	struct sbuf h = {0};

	named_sides(c, rec);
	rec_set(rec, "value", value);
	rec_set_i64(rec, "n", (int64_t)n);
	if (why != NULL)
		rec_set_str(rec, "why", why);
	sbuf_printf(&h, "%s; %s", how, c->by_id ? pairing_how(c) : "by "
	    "distribution: the pairs are the 1st to 99th percentiles of the "
	    "two sides");
	cmprec_source(rec, NULL, sbuf_str(&h));
	json_array_append_new(c->out, rec);
	sbuf_free(&h);
}

static void
scores(const struct cal *c, size_t mi, const double *x, const double *y,
    size_t n)
{
	size_t used;
	double mape = cmp_mape(x, y, n, &used);
	double r = n >= 3 ? cmp_pearson(x, y, n) : NAN;
	double me = cmp_mean_error(x, y, n);
	const char *bias = cmp_bias(me), *grade = cmp_grade(mape, r);
	struct sbuf how = {0};

	score(c, mi, "mape", rec_num(mape), used, isnan(mape) ? "no pair "
	    "whose real value is other than 0" : NULL, "fsum(|real - sim| / "
	    "real) / pairs, over the pairs whose real value is not 0");
	score(c, mi, "pearson_r", rec_num(r), n, !isnan(r) ? NULL : n < 3 ?
	    "fewer than 3 pairs" : "one side is constant", "Pearson's r as "
	    "python's statistics.correlation computes it");
	sbuf_printf(&how, "the sign of fsum(sim - real) over the pairs "
	    "whose real value is not 0: over-predict when the simulator is "
	    "slower; mean signed error %.6g ms", me);
	score(c, mi, "bias", bias ? json_string(bias) : json_null(), used,
	    bias ? NULL : "no pair whose real value is other than 0",
	    sbuf_str(&how));
	score(c, mi, "grade", grade ? json_string(grade) : json_null(), n,
	    grade ? NULL : "needs both MAPE and Pearson r", "BLIS "
	    "calibrate's grade: excellent MAPE < 0.10 with r > 0.95, good < "
	    "0.20 with r > 0.85, fair < 0.35 with r > 0.70, else poor");
	sbuf_free(&how);
}

/* By distribution: the 1st to 99th percentiles of each side as pairs. */
static void
qq_scores(const struct cal *c, size_t mi, const struct dvals *rs,
    const struct dvals *ss)
{
	double x[99], y[99];
	size_t n = rs->n > 0 && ss->n > 0 ? 99 : 0;

	for (size_t k = 0; k < n; k++) {
		x[k] = dvals_quantile_m(rs, (double)(k + 1) / 100,
		    c->o->method, NULL);
		y[k] = dvals_quantile_m(ss, (double)(k + 1) / 100,
		    c->o->method, NULL);
	}
	scores(c, mi, x, y, n);
}

static void
sorted_copy(const struct dvals *v, struct dvals *out)
{
	for (size_t i = 0; i < v->n; i++)
		dvals_add(out, v->v[i]);
	dvals_sort(out);
}

static void
metric_records(const struct cal *c, size_t mi)
{
	enum reqmetric m = cal_metrics[mi].m;
	struct dvals rv = {0}, sv = {0}, rs = {0}, ss = {0};

	if (c->by_id) {
		pair_values(c, m, &rv, &sv);
		sorted_copy(&rv, &rs);
		sorted_copy(&sv, &ss);
		side_by_side(c, mi, &rs, &ss);
		scores(c, mi, rv.v, sv.v, rv.n);
	} else {
		reqpop_values(c->real, NULL, 0, m, 0, &rs);
		reqpop_values(c->sim, NULL, 0, m, 0, &ss);
		side_by_side(c, mi, &rs, &ss);
		qq_scores(c, mi, &rs, &ss);
	}
	dvals_free(&rv);
	dvals_free(&sv);
	dvals_free(&rs);
	dvals_free(&ss);
}

/* --- throughput and KV cache ----------------------------------------- */

static void
throughput_records(const struct cal *c)
{
	static const char *const names[2] = { "requests_per_s",
	    "output_tokens_per_s" };
	double v[2][2];		/* [metric][side] */
	int64_t span[2], n = c->by_id ? (int64_t)c->mt.npairs : -1;
	bool guard = c->by_id && c->real->n > 0 && (double)c->mt.matched /
	    (double)c->real->n >= CAL_COVERAGE_MIN;

	reqpop_rates(c->real, c->by_id ? c->mt.ri : NULL, c->mt.npairs,
	    &v[1][0], &v[0][0], &span[0]);
	reqpop_rates(c->sim, c->by_id ? c->mt.si : NULL, c->mt.npairs,
	    &v[1][1], &v[0][1], &span[1]);
	for (int k = 0; k < 2; k++) {
		json_t *rec = record(c, names[k], "value", k ? "tokens/s" :
		    "req/s");

		rec_set(rec, "a", side(c->real, "real", v[k][0], n >= 0 ? n :
		    c->real->nok));
		rec_set(rec, "b", side(c->sim, "sim", v[k][1], n >= 0 ? n :
		    c->sim->nok));
		cmprec_delta(rec, guard ? v[k][0] : NAN, guard ? v[k][1] :
		    NAN);
		if (!guard)
			rec_set_str(rec, "why", c->by_id ? "coverage guard: "
			    "fewer than 90 % of the real requests matched, so "
			    "the sides cover different requests" : "coverage "
			    "guard: the requests are not matched by id");
		cmprec_source(rec, k ? "output_tokens, send_time_us, "
		    "last_chunk_time_us" : "send_time_us, last_chunk_time_us",
		    k ? "output tokens of the successful requests / (last "
		    "completion - first send), each side on its own clock" :
		    "successful requests / (last completion - first send), "
		    "each side on its own clock");
		json_array_append_new(c->out, rec);
	}
}

static void
kv_record(const struct cal *c)
{
	const struct kv_observed *kv = c->o->real_kv;
	double a = kv != NULL && kv->present ? kv->hit_rate : NAN;
	double b = c->sim->has_kv_hit_rate ? c->sim->kv_hit_rate : NAN;
	json_t *rec = record(c, "kv_hit_rate", "value", "fraction");
	struct sbuf how = {0};

	rec_set(rec, "a", side(c->real, "real", a, -1));
	rec_set(rec, "b", side(c->sim, "sim", b, -1));
	cmprec_delta(rec, a, b);
	rec_set_i64(rec, "tolerance_pp", CAL_KV_TOLERANCE_PP);
	if (isnan(a) || isnan(b)) {
		rec_set(rec, "judgement", json_null());
		rec_set_str(rec, "why", isnan(a) ? "the real trace header "
		    "has no observed_kv_metrics.hit_rate (blis observe "
		    "--scrape-kv-metrics, TraceV3)" : "the simulated side "
		    "states no cache_hit_rate (a BLIS metrics JSON from blis "
		    "run/replay --metrics-path has it)");
	} else
		rec_set_str(rec, "judgement", fabs(b - a) * 100 <=
		    CAL_KV_TOLERANCE_PP ? "within_tolerance" :
		    "outside_tolerance");
	sbuf_printf(&how, "real: observed_kv_metrics.hit_rate");
	if (!isnan(a))
		sbuf_printf(&how, " (%s:%ld, source %s)", kv->file, kv->line,
		    kv->source ? kv->source : "not stated");
	sbuf_adds(&how, "; sim: cache_hit_rate");
	if (!isnan(b))
		sbuf_printf(&how, " (%s:%ld)", c->sim->label, c->sim->kv_line);
	sbuf_printf(&how, "; agree within ±%d percentage points",
	    CAL_KV_TOLERANCE_PP);
	cmprec_source(rec, "hit_rate, cache_hit_rate", sbuf_str(&how));
	json_array_append_new(c->out, rec);
	sbuf_free(&how);
}

void
cmp_calibrate(struct reqpop *real, struct reqpop *sim,
    const struct cmp_cal_opts *o, json_t *out)
{
	struct cal c = { .real = real, .sim = sim, .o = o, .out = out };

	match(&c);
	coverage_record(&c);
	warm_up_record(&c);
	for (size_t mi = 0; mi < NCALM; mi++)
		metric_records(&c, mi);
	throughput_records(&c);
	kv_record(&c);
	reqmatch_free(&c.mt);
}
