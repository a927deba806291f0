/* jreplica.c - what a verdict says about replicas (jreplica.h). */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cmpstat.h"
#include "err.h"
#include "jreplica.h"
#include "jstore.h"
#include "rec.h"
#include "stats.h"
#include "str.h"
#include "verdict.h"

/* The metric's values over the replicas, and what they give. */
struct spread {
	double	*val;		/* per replica; NAN: no number there */
	double	*num;		/* the numbers only */
	size_t	 n, nnum;
	double	 mean, cv;
	double	 band;		/* max(tolerance, 2 CV) in the diff unit; NAN */
};

static bool
is_replica_of(const struct jcell *c, const struct jcell *other)
{
	return other->iteration != NULL && nullstr_eq(c->phase, other->phase) &&
	    nullstr_eq(c->workload, other->workload);
}

/* [*lo, *hi) of j->cells: the replicas of c's phase and workload (the
 * cells are sorted by phase, workload, iteration). */
static void
replica_range(const struct judge *j, const struct jcell *c, size_t *lo,
    size_t *hi)
{
	size_t at = (size_t)(c - j->cells);

	for (*lo = at; *lo > 0 && is_replica_of(c, &j->cells[*lo - 1]); (*lo)--)
		;
	for (*hi = at + 1; *hi < j->ncells &&
	    is_replica_of(c, &j->cells[*hi]); (*hi)++)
		;
}

/* 2 CV in the unit of the verdict's difference: percent for a relative
 * one; for points or a metric unit, twice the standard deviation
 * (CV times the mean) in that unit, since an absolute tolerance is
 * compared with an absolute spread. */
static double
two_cv(const char *diff_unit, double cv, double mean)
{
	if (diff_unit != NULL && strcmp(diff_unit, "%") == 0)
		return 200 * cv;
	if (diff_unit != NULL && strcmp(diff_unit, "pp") == 0)
		return 200 * cv * fabs(mean);
	return 2 * cv * fabs(mean);
}

/* The values of the replica group j->cells[lo, hi) already looked up, by
 * metric and sub-scope: every verdict of every replica asks for the same
 * ones, which looked up each time would be quadratic in the replicas.
 * Rules visit the cells in order, so one group at a time is kept. */
struct jrmemo {
	size_t		 lo, hi;
	struct jrvals {
		char	*metric, *sub;	/* sub: jstore_subtext() */
		double	*val;
	}		*e;
	size_t		 n;
};

struct jrmemo *
jreplica_memo_new(void)
{
	return xcalloc(1, sizeof(struct jrmemo));
}

/* Empties m for the group [lo, hi). */
static void
memo_clear(struct jrmemo *m, size_t lo, size_t hi)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->e[i].metric);
		free(m->e[i].sub);
		free(m->e[i].val);
	}
	free(m->e);
	memset(m, 0, sizeof(*m));
	m->lo = lo;
	m->hi = hi;
}

void
jreplica_memo_free(struct jrmemo *m)
{
	if (m == NULL)
		return;
	memo_clear(m, 0, 0);
	free(m);
}

/* The memo's values for v in [lo, hi), NULL when it has none (and a new
 * entry to fill in *fill, unless the sub-scope cannot be a key). */
static double *
memo_find(const struct judge *j, size_t lo, size_t hi,
    const struct jverdict *v, double **fill)
{
	struct jrmemo *m = j->rmemo;
	struct sbuf sub = {0};
	double *got = NULL;

	*fill = NULL;
	if (m->lo != lo || m->hi != hi)
		memo_clear(m, lo, hi);
	if (!jstore_subtext(&sub, v->sub, true)) {
		sbuf_free(&sub);
		return NULL;
	}
	for (size_t i = 0; i < m->n && got == NULL; i++)
		if (strcmp(m->e[i].metric, v->metric) == 0 &&
		    strcmp(m->e[i].sub, sbuf_str(&sub)) == 0)
			got = m->e[i].val;
	if (got == NULL) {
		m->e = xroom(m->e, m->n, sizeof(*m->e));
		m->e[m->n] = (struct jrvals){ xstrdup(v->metric),
		    xstrdup(sbuf_str(&sub)), xcalloc(hi - lo, sizeof(double)) };
		*fill = m->e[m->n++].val;
	}
	sbuf_free(&sub);
	return got;
}

static void
measure_spread(const struct judge *j, size_t lo, size_t hi,
    const struct jverdict *v, struct spread *s)
{
	double *memo = NULL, *fill = NULL;

	memset(s, 0, sizeof(*s));
	s->n = hi - lo;
	s->val = xcalloc(s->n, sizeof(*s->val));
	s->num = xcalloc(s->n, sizeof(*s->num));
	if (v->metric != NULL)
		memo = memo_find(j, lo, hi, v, &fill);
	for (size_t k = 0; k < s->n; k++) {
		if (memo != NULL)
			s->val[k] = memo[k];
		else
			s->val[k] = v->metric == NULL ? NAN : judge_measure_num(j,
			    &j->cells[lo + k], v->metric, v->sub);
		if (fill != NULL)
			fill[k] = s->val[k];
		if (!isnan(s->val[k]))
			s->num[s->nnum++] = s->val[k];
	}
	s->mean = fmean(s->num, s->nnum);
	s->cv = cmp_cv(s->num, s->nnum);
	s->band = NAN;
	if (v->has_tol && !isnan(s->cv))
		s->band = fmax(v->tol, two_cv(v->diff_unit, s->cv, s->mean));
}

static void
band_text(char *buf, size_t len, double band, const char *unit)
{
	char num[32];

	judge_fmt_num(num, sizeof(num), band);
	if (unit != NULL && strcmp(unit, "%") == 0)
		snprintf(buf, len, "\u00b1%s%%", num);
	else
		snprintf(buf, len, "\u00b1%s%s%s", num, unit ? " " : "",
		    unit ? unit : "");
}

/* The sentence added to "why": what the replicas say of this verdict. */
static void
why_text(struct sbuf *b, const struct judge *j, size_t lo,
    const struct jcell *c, const struct jverdict *v, const struct spread *s,
    const char *band)
{
	char num[32];

	sbuf_printf(b, " Replicas: this verdict covers %s of", c->iteration);
	for (size_t k = 0; k < s->n; k++)
		sbuf_printf(b, "%s %s", k ? "," : "",
		    j->cells[lo + k].iteration);
	if (s->nnum < 2) {
		sbuf_adds(b, s->nnum == 0 || v->metric == NULL ? "." :
		    "; one of them has a value, so no spread is known.");
		return;
	}
	if (isnan(s->cv)) {
		sbuf_printf(b, "; %s over %zu of them has mean 0, so no CV.",
		    v->metric, s->nnum);
		return;
	}
	judge_fmt_num(num, sizeof(num), s->cv * 100);
	sbuf_printf(b, "; %s over %zu of them has CV %s%%", v->metric,
	    s->nnum, num);
	if (band[0] == '\0') {
		sbuf_adds(b, ".");
		return;
	}
	sbuf_printf(b, ", so the noise-aware tolerance max(%s, 2 CV) is %s",
	    v->tolerance, band);
	if (v->has_diff)
		sbuf_printf(b, ": the difference is %s it",
		    fabs(v->diff) <= s->band ? "within" : "outside");
	sbuf_adds(b, ".");
}

static json_t *
replicas_json(const struct judge *j, size_t lo, const struct jcell *c,
    const struct jverdict *v, const struct spread *s, const char *band)
{
	json_t *o = json_object(), *covers = json_array(), *of = json_array();
	json_t *vals = json_array();

	json_array_append_new(covers, rec_str(c->iteration));
	rec_set(o, "covers", covers);
	for (size_t k = 0; k < s->n; k++) {
		json_array_append_new(of, rec_str(j->cells[lo + k].iteration));
		json_array_append_new(vals, rec_num(s->val[k]));
	}
	rec_set(o, "of", of);
	if (s->nnum == 0) {
		json_decref(vals);
		return o;
	}
	rec_set(o, "values", vals);
	rec_set_i64(o, "n", (int64_t)s->nnum);
	rec_set(o, "mean", rec_num(s->mean));
	rec_set(o, "cv", rec_num(s->cv));
	if (band[0] != '\0') {
		rec_set_str(o, "tolerance", band);
		if (v->has_diff)
			rec_set(o, "within", json_boolean(fabs(v->diff) <=
			    s->band));
	}
	rec_set_str(o, "how", "values: actual.value of this metric and "
	    "sub-scope in each replica's measure records (null: none); cv: "
	    "sample standard deviation (n - 1) / |mean| over the numbers; "
	    "tolerance: max(the verdict's tolerance, 2 cv), 2 cv taken as a "
	    "percentage for a relative difference and as 2 sd in the "
	    "difference's unit for an absolute one");
	return o;
}

json_t *
judge_replicas(const struct judge *j, const struct jcell *c,
    const struct jverdict *v, struct sbuf *why)
{
	struct spread s;
	char band[64] = "";
	size_t lo, hi;
	json_t *o;

	if (c == NULL || c->iteration == NULL)
		return NULL;
	replica_range(j, c, &lo, &hi);
	measure_spread(j, lo, hi, v, &s);
	if (!isnan(s.band))
		band_text(band, sizeof(band), s.band, v->diff_unit);
	o = replicas_json(j, lo, c, v, &s, band);
	why_text(why, j, lo, c, v, &s, band);
	free(s.val);
	free(s.num);
	return o;
}
