/* kcause.c - see kcause.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kcause.h"
#include "str.h"

#define SHIFT_MIN	0.03	/* |ln factor| at least this: a shift */
#define BAND		0.05	/* a group's ratios lie within +-5 % */
#define GROUP_MIN	3	/* operations a shared factor needs */
#define EVIDENCE_MIN	0.5	/* share of time that names a kernel cause */
#define XFAM_MIN	0.05	/* cross-family share: labels first */

struct wv {
	double	v, w;
};

static int
cmp_wv(const void *a, const void *b)
{
	double x = ((const struct wv *)a)->v, y = ((const struct wv *)b)->v;

	return x < y ? -1 : x > y;
}

/* The weighted median of v (sorted in place). */
static double
wmedian(struct wv *v, size_t n)
{
	double total = 0, acc = 0;

	qsort(v, n, sizeof(*v), cmp_wv);
	for (size_t i = 0; i < n; i++)
		total += v[i].w;
	for (size_t i = 0; i < n; i++) {
		acc += v[i].w;
		if (acc >= total / 2)
			return v[i].v;
	}
	return NAN;
}

/* ln(meas/sim) of the matched operations, weighted by measured time,
 * sorted; returns how many. */
static size_t
log_ratios(const struct amatch *m, struct wv *v)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nops; i++) {
		const struct aop *a = &m->ops[i];

		if (a->paired_meas > 0 && a->paired_sim > 0) {
			v[n].v = log((double)a->paired_meas / a->paired_sim);
			v[n++].w = (double)a->paired_meas;
		}
	}
	qsort(v, n, sizeof(*v), cmp_wv);
	return n;
}

/* docs/checks.md §4: the weighted median ratio m, the spread (the
 * weighted median of |ln r - ln m|), the weight within 5 % of m, and the
 * operations off by more than tol before anything is taken out. */
static void
spread_stats(struct amatch *m, const struct wv *v, size_t n, double tol)
{
	struct wv *d = xcalloc(n + 1, sizeof(*d));
	double lm, total = 0, near = 0;

	memcpy(d, v, n * sizeof(*d));
	lm = wmedian(d, n);
	for (size_t i = 0; i < n; i++) {
		total += d[i].w;
		if (fabs(exp(d[i].v - lm) - 1) <= BAND)
			near += d[i].w;
		if (fabs(exp(d[i].v) - 1) > tol)
			m->deviating++;
		d[i].v = fabs(d[i].v - lm);
	}
	m->median_ratio = exp(lm);
	m->spread = wmedian(d, n);
	m->within = near / total;
	free(d);
}

/* The largest group of sorted log ratios (by count, then weight) that
 * fits a window of 2 ln(1 + BAND); its weighted median log ratio. */
static double
shared_group(struct wv *v, size_t n, size_t *members, double *weight)
{
	double width = 2 * log1p(BAND), best_w = -1;
	size_t best_i = 0, best_n = 0;

	for (size_t i = 0; i < n; i++) {
		double w = 0;
		size_t j = i;

		while (j < n && v[j].v - v[i].v <= width) {
			w += v[j].w;
			j++;
		}
		if (j - i > best_n || (j - i == best_n && w > best_w)) {
			best_i = i;
			best_n = j - i;
			best_w = w;
		}
	}
	*members = best_n;
	*weight = best_w;
	return wmedian(v + best_i, best_n);	/* already sorted */
}

static struct aop *
agg_of(struct amatch *m, const char *op)
{
	for (size_t i = 0; i < m->nops; i++)	/* tens of operations */
		if (strcmp(m->ops[i].op, op) == 0)
			return &m->ops[i];
	return NULL;
}

/* The next row, after (*i, *k), of a compared iteration that has both
 * measured and simulated time; NULL at the end.  Start with *i = 0,
 * *k = 0. */
static const struct aop *
next_paired(const struct amatch *m, size_t *i, size_t *k)
{
	for (; *i < m->nit; (*i)++, *k = 0) {
		const struct aiter *ai = &m->it[*i];

		if (!ai->has_ops || !ai->has_slots)
			continue;
		while (*k < ai->nops) {
			const struct aop *r = &ai->ops[(*k)++];

			if (r->meas > 0 && r->sim > 0)
				return r;
		}
	}
	return NULL;
}

/* Each matched operation's ratio after the factor f, its error
 * sum |sim x f - meas| over the compared iterations, and whether it is
 * still off by more than tol. */
static void
residuals(struct amatch *m, double f, double tol)
{
	const struct aop *r;
	size_t i = 0, k = 0;

	while ((r = next_paired(m, &i, &k)) != NULL) {
		struct aop *a = agg_of(m, r->op);

		if (a != NULL)
			a->resid_err += llround(fabs((double)r->sim * f -
			    (double)r->meas));
	}
	for (size_t j = 0; j < m->nops; j++) {
		struct aop *a = &m->ops[j];

		a->resid = NAN;
		a->ev_name = -1;
		a->ev_share = NAN;
		if (a->paired_meas == 0 || a->paired_sim == 0)
			continue;
		a->resid = (double)a->paired_meas / ((double)a->paired_sim * f);
		a->outlier = fabs(a->resid - 1) > tol;
		m->outliers += a->outlier;
		m->resid_err += a->resid_err;
	}
}

/* An outlier's compared rows split by iteration: per kernel name, the
 * time in iterations where the operation deviates and where it tracks. */
struct split {
	int64_t			*dev, *track;	/* per names id */
	int64_t			 dev_ns, all_ns;
	size_t			 ndev, ntrack;
	const struct aiter	*first_dev;
	bool			 shapes_apart;	/* known, no shape in both */
};

static bool
same_shape(const struct kiter *a, const struct kiter *b)
{
	return a->stage == b->stage && a->ctx_reqs == b->ctx_reqs &&
	    a->ctx_toks == b->ctx_toks && a->gen_reqs == b->gen_reqs &&
	    a->gen_toks == b->gen_toks;
}

static bool
shape_known(const struct kiter *k)
{
	return k->ctx_toks >= 0 || k->gen_toks >= 0;
}

/* Whether the deviating iterations' shapes (vLLM/SGLang markers give
 * them) all differ from the tracking ones'. */
static bool
shapes_apart(const struct amatch *m, const bool *dev, const bool *track)
{
	for (size_t i = 0; i < m->nit; i++) {
		if (!dev[i])
			continue;
		if (!shape_known(m->it[i].src))
			return false;
		for (size_t k = 0; k < m->nit; k++)
			if (track[k] && same_shape(m->it[i].src, m->it[k].src))
				return false;
	}
	return true;
}

static void
split_rows(const struct amatch *m, const struct aop *a, double f, double tol,
    struct split *sp)
{
	size_t nn = m->rank->t->names.n + 1, i = 0, k = 0;
	bool *dev = xcalloc(m->nit + 1, sizeof(*dev));
	bool *track = xcalloc(m->nit + 1, sizeof(*track));
	const struct aop *r;

	memset(sp, 0, sizeof(*sp));
	sp->dev = xcalloc(nn, sizeof(*sp->dev));
	sp->track = xcalloc(nn, sizeof(*sp->track));
	while ((r = next_paired(m, &i, &k)) != NULL) {
		bool off;

		if (strcmp(r->op, a->op) != 0)
			continue;
		off = fabs((double)r->meas / ((double)r->sim * f) - 1) > tol;
		(off ? dev : track)[i] = true;
		off ? sp->ndev++ : sp->ntrack++;
		if (off && sp->first_dev == NULL)
			sp->first_dev = &m->it[i];
		for (size_t j = 0; j < r->nkern; j++) {
			(off ? sp->dev : sp->track)[r->kern[j].name] +=
			    r->kern[j].ns;
			sp->dev_ns += off ? r->kern[j].ns : 0;
			sp->all_ns += r->kern[j].ns;
		}
	}
	sp->shapes_apart = sp->ndev > 0 && sp->ntrack > 0 &&
	    shapes_apart(m, dev, track);
	free(dev);
	free(track);
}

/* The name id with the most time (in deviating iterations for P_NEW,
 * else in all) among those how keeps; their summed time in *ns. */
enum pick { P_ANY, P_XFAM, P_FOREIGN, P_ASSUMED, P_NEW };

static int64_t
pick_name(const struct amatch *m, const struct aop *a, const struct split *sp,
    enum pick how, int64_t *ns)
{
	const struct ktrace *t = m->rank->t;
	int64_t best = -1;

	*ns = 0;
	for (size_t i = 0; i < t->names.n; i++) {
		int64_t v = sp->dev[i] + (how == P_NEW ? 0 : sp->track[i]);
		bool keep;

		switch (how) {
		case P_ANY: keep = true; break;
		case P_XFAM: keep = m->ln.xfam[i]; break;
		case P_FOREIGN:
			keep = strstr(t->names.s[i], a->kernel) == NULL;
			break;
		case P_ASSUMED:
			keep = strstr(t->names.s[i], a->kernel) != NULL;
			break;
		default: keep = sp->track[i] == 0; break;
		}
		if (v == 0 || !keep)
			continue;
		if (best < 0 || v > sp->dev[best] + (how == P_NEW ? 0 :
		    sp->track[best]))
			best = (int64_t)i;
		*ns += v;
	}
	return best;
}

/* What the evidence says about outlier a (kcause.h, step 3). */
static void
likely_cause(const struct amatch *m, struct aop *a, double f, double tol)
{
	struct split sp;
	int64_t ns;

	split_rows(m, a, f, tol, &sp);
	a->dev_iters = sp.ndev;
	a->track_iters = sp.ntrack;
	a->ev_iter = sp.first_dev;
	a->likely = "undetermined";
	a->ev_name = pick_name(m, a, &sp, P_ANY, &ns);
	if (a->ev_name >= 0)	/* the op's main kernel, until more is known */
		a->ev_share = (double)(sp.dev[a->ev_name] +
		    sp.track[a->ev_name]) / sp.all_ns;
	if (a->meas > 0 && (double)a->xfam_ns / a->meas >= XFAM_MIN) {
		a->likely = "labeling";
		a->ev_name = pick_name(m, a, &sp, P_XFAM, &ns);
		a->ev_share = (double)ns / sp.all_ns;
	} else if (a->kernel != NULL) {
		a->ev_name = pick_name(m, a, &sp, P_FOREIGN, &ns);
		a->ev_share = sp.all_ns > 0 ? (double)ns / sp.all_ns : 0;
		if (a->ev_share >= EVIDENCE_MIN) {
			a->likely = "different_kernel";
		} else {
			a->likely = "shape_edge";
			a->ev_name = pick_name(m, a, &sp, P_ASSUMED, &ns);
			a->ev_share = (double)ns / sp.all_ns;
		}
	} else if (sp.ndev > 0 && sp.ntrack > 0) {
		int64_t k = pick_name(m, a, &sp, P_NEW, &ns);

		if ((double)ns / sp.dev_ns >= EVIDENCE_MIN) {
			a->likely = "different_kernel";
			a->ev_name = k;
			a->ev_share = (double)ns / sp.dev_ns;
		} else if (sp.shapes_apart) {
			a->likely = "shape_edge";
		}
	}
	free(sp.dev);
	free(sp.track);
}

/* Whether every matched operation is off beyond tol the same way. */
static bool
all_off_one_way(const struct wv *v, size_t n, double tol)
{
	for (size_t i = 0; i < n; i++)
		if (fabs(exp(v[i].v) - 1) <= tol ||
		    (v[i].v > 0) != (v[0].v > 0))
			return false;
	return n > 0;
}

void
kcause(struct amatch *m, double tol)
{
	struct wv *v = xcalloc(m->nops + 1, sizeof(*v));
	size_t n = log_ratios(m, v);
	double lf, weight, total = 0, f = 1;

	m->median_ratio = m->spread = m->within = NAN;
	m->group_factor = m->group_weight = NAN;
	m->matched_ops = n;
	if (n == 0) {
		m->cause = "no_matched_ops";
		free(v);
		return;
	}
	spread_stats(m, v, n, tol);
	for (size_t i = 0; i < n; i++)
		total += v[i].w;
	lf = shared_group(v, n, &m->group_ops, &weight);
	m->group_factor = exp(lf);
	m->group_weight = weight / total;
	m->shift = n >= GROUP_MIN && m->group_ops >= GROUP_MIN &&
	    2 * m->group_ops >= n && fabs(lf) >= SHIFT_MIN;
	if (m->shift)
		f = m->group_factor;
	residuals(m, f, tol);
	for (size_t i = 0; i < m->nops; i++)
		if (m->ops[i].outlier)
			likely_cause(m, &m->ops[i], f, tol);
	if (m->shift)
		m->cause = m->outliers > 0 ? "mixed" : "uniform_shift";
	else if (n < GROUP_MIN && all_off_one_way(v, n, tol))
		m->cause = "ambiguous";
	else
		m->cause = m->outliers > 0 ? "concentrated" : "none";
	free(v);
}
