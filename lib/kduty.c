/* kduty.c - see kduty.h. */
#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "kduty.h"
#include "stats.h"

/* ---- duty-cycle arithmetic ------------------------------------------ */

static int
cmp_iv(const void *a, const void *b)
{
	const struct kiv *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/* Operations of one rank mostly come in start order already; qsort
 * (glibc's is a stable merge sort) would leave such an array as it is. */
static bool
iv_sorted(const struct kiv *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (cmp_iv(&v[i - 1], &v[i]) > 0)
			return false;
	return true;
}

static void
iv_sort(struct kiv *v, size_t n)
{
	if (!iv_sorted(v, n))
		qsort(v, n, sizeof(*v), cmp_iv);
}

int64_t
kiv_union(struct kiv *v, size_t n)
{
	int64_t total = 0, cs = 0, ce = 0;
	bool open = false;

	iv_sort(v, n);
	for (size_t i = 0; i < n; i++) {
		if (!open || v[i].start > ce) {
			if (open)
				total += ce - cs;
			cs = v[i].start;
			ce = v[i].end;
			open = true;
		} else if (v[i].end > ce) {
			ce = v[i].end;
		}
	}
	if (open)
		total += ce - cs;
	return total;
}

/* Disjoint sorted busy pieces of one rank's non-collective intervals. */
struct pieces {
	struct kiv	*p;
	size_t		 n;
};

static void
merge_pieces(const struct kiv *v, size_t n, struct pieces *out)
{
	out->p = xcalloc(n + 1, sizeof(*out->p));
	out->n = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i].sync)
			continue;
		if (out->n > 0 && v[i].start <= out->p[out->n - 1].end) {
			if (v[i].end > out->p[out->n - 1].end)
				out->p[out->n - 1].end = v[i].end;
			continue;
		}
		out->p[out->n++] = v[i];
	}
}

struct segbusy {
	int64_t	busy, first, last;	/* first/last: K_NONE when idle */
};

/* Busy time of pieces clipped to [a, b). */
static struct segbusy
clip_busy(const struct pieces *pc, size_t *from, int64_t a, int64_t b)
{
	struct segbusy s = { 0, K_NONE, K_NONE };
	size_t i = *from;

	while (i < pc->n && pc->p[i].end <= a)
		i++;
	*from = i;
	for (; i < pc->n && pc->p[i].start < b; i++) {
		int64_t s0 = pc->p[i].start > a ? pc->p[i].start : a;
		int64_t e0 = pc->p[i].end < b ? pc->p[i].end : b;

		if (e0 <= s0)
			continue;
		if (s.first == K_NONE)
			s.first = s0;
		s.last = e0;
		s.busy += e0 - s0;
	}
	return s;
}

struct barrier {
	int64_t	enter, exit, first_arrival, first_exit;
	int	gating_rank;
};

/* Collectives matched by ordinal across ranks; extras become compute. */
static size_t
match_barriers(struct kiv **ranks, const size_t *nr, size_t nranks,
    struct barrier **out, int *unmatched)
{
	size_t nb = SIZE_MAX;

	for (size_t r = 0; r < nranks; r++) {
		size_t c = 0;

		for (size_t i = 0; i < nr[r]; i++)
			c += ranks[r][i].sync;
		if (c < nb)
			nb = c;
	}
	if (nb == SIZE_MAX)
		nb = 0;
	*out = xcalloc(nb + 1, sizeof(**out));
	*unmatched = 0;
	for (size_t r = 0; r < nranks; r++) {
		size_t k = 0;

		for (size_t i = 0; i < nr[r]; i++) {
			struct kiv *v = &ranks[r][i];
			struct barrier *b;

			if (!v->sync)
				continue;
			if (k >= nb) {
				v->sync = false;
				(*unmatched)++;
				continue;
			}
			b = &(*out)[k++];
			if (r == 0 || v->start > b->enter) {
				b->enter = v->start;
				b->gating_rank = (int)r;
			}
			if (r == 0 || v->end > b->exit)
				b->exit = v->end;
			if (r == 0 || v->start < b->first_arrival)
				b->first_arrival = v->start;
			if (r == 0 || v->end < b->first_exit)
				b->first_exit = v->end;
		}
	}
	return nb;
}

static void
race_segment(struct pieces *pc, size_t *from, size_t nranks, int64_t a,
    int64_t b, struct kterms *o, int *prev_winner)
{
	struct segbusy best = { -1, K_NONE, K_NONE };
	int winner = 0;

	if (b <= a)
		return;		/* a collective opened before the last closed */
	for (size_t r = 0; r < nranks; r++) {
		struct segbusy s = clip_busy(&pc[r], &from[r], a, b);

		if (s.busy > best.busy) {	/* ties: lowest rank */
			best = s;
			winner = (int)r;
		}
	}
	o->segments++;
	if (*prev_winner >= 0 && winner != *prev_winner)
		o->switches++;
	*prev_winner = winner;
	o->critical_busy += best.busy;
	if (best.first == K_NONE) {
		o->idle_boundary += b - a;
		return;
	}
	o->idle_boundary += (best.first - a) + (b - best.last);
	o->idle_internal += (best.last - best.first) - best.busy;
}

void
kduty_window(struct kiv **ranks, const size_t *nr, size_t nranks,
    struct kterms *o)
{
	struct barrier *bar;
	struct pieces *pc;
	size_t *from, nb;
	int64_t seg_start, exit_eff;
	int prev_winner = -1;

	memset(o, 0, sizeof(*o));
	o->first = K_NONE;
	o->gating_rank = -1;
	for (size_t r = 0; r < nranks; r++) {
		int64_t sum = 0, uni;

		iv_sort(ranks[r], nr[r]);
		for (size_t i = 0; i < nr[r]; i++) {
			sum += ranks[r][i].end - ranks[r][i].start;
			if (o->first == K_NONE || ranks[r][i].start < o->first)
				o->first = ranks[r][i].start;
			if (o->nops == 0 || ranks[r][i].end > o->last)
				o->last = ranks[r][i].end;
			o->nops++;
		}
		uni = kiv_union(ranks[r], nr[r]);
		if (sum > o->kernel_sum)
			o->kernel_sum = sum;
		if (uni > o->busy_union)
			o->busy_union = uni;
	}
	if (o->nops == 0) {
		o->first = o->last = K_NONE;
		return;
	}
	o->wall = o->last - o->first;
	nb = match_barriers(ranks, nr, nranks, &bar, &o->unmatched_collectives);
	o->collectives = (int)nb;
	pc = xcalloc(nranks, sizeof(*pc));
	from = xcalloc(nranks, sizeof(*from));
	for (size_t r = 0; r < nranks; r++)
		merge_pieces(ranks[r], nr[r], &pc[r]);
	seg_start = o->first;
	exit_eff = o->first;
	for (size_t k = 0; k < nb; k++) {
		int64_t net_start = bar[k].enter > exit_eff ? bar[k].enter :
		    exit_eff;

		race_segment(pc, from, nranks, seg_start, net_start, o,
		    &prev_winner);
		if (bar[k].exit > exit_eff)
			exit_eff = bar[k].exit;
		o->collective += exit_eff - net_start;
		o->skew += bar[k].enter - bar[k].first_arrival;
		/* A synchronizing collective ends nowhere before every rank
		 * has started it: an end before the last start (by more than
		 * a µs trace's rounding) is a clock, or not one collective. */
		if (nranks > 1 && bar[k].enter - bar[k].first_exit > 1000) {
			o->early_exits++;
			if (bar[k].enter - bar[k].first_exit > o->early_exit_max)
				o->early_exit_max = bar[k].enter -
				    bar[k].first_exit;
		}
		o->gating_rank = bar[k].gating_rank;
		seg_start = exit_eff;
	}
	race_segment(pc, from, nranks, seg_start, o->last, o, &prev_winner);
	o->measured = o->critical_busy + o->collective;
	o->residual = o->wall - (o->measured + o->idle_internal +
	    o->idle_boundary);
	for (size_t r = 0; r < nranks; r++)
		free(pc[r].p);
	free(pc);
	free(from);
	free(bar);
}

static int
cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double
kmedian(double *v, size_t n)
{
	if (n == 0)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_dbl);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Median and median absolute deviation of v[0..n). */
static void
kmod_center(const double *v, size_t n, double *med, double *mad)
{
	double *tmp = xcalloc(n + 1, sizeof(*tmp));

	memcpy(tmp, v, n * sizeof(*v));
	*med = kmedian(tmp, n);
	for (size_t i = 0; i < n; i++)
		tmp[i] = fabs(v[i] - *med);
	*mad = kmedian(tmp, n);
	free(tmp);
}

static double
kmod_z_of(double x, double med, double mad)
{
	if (mad == 0)
		return x == med ? 0 : INFINITY;
	return 0.6745 * (x - med) / mad;
}

double
kmod_z(const double *v, size_t n, double x)
{
	double med, mad;

	kmod_center(v, n, &med, &mad);
	return kmod_z_of(x, med, mad);
}

/* ---- the A2 table ---------------------------------------------------- */

static bool
op_counts(const struct kop *op, const struct kduty_opts *o)
{
	return !o->kernels_only || op->cat == KC_KERNEL;
}

/* Per trace: is name id i a collective?  Evaluated once per name. */
static bool *
collective_names(const struct ktrace *t, const regex_t *re)
{
	bool *v = xcalloc(t->names.n + 1, sizeof(*v));

	for (size_t i = 0; i < t->names.n && re != NULL; i++)
		v[i] = regexec(re, t->names.s[i], 0, NULL, 0) == 0;
	return v;
}

/* Iteration ids over all ranks, sorted and unique. */
static size_t
all_ids(struct krank *ranks, size_t nranks, int64_t **out)
{
	size_t n = 0, k = 0;
	int64_t *ids;

	for (size_t r = 0; r < nranks; r++)
		n += ranks[r].t->niters;
	ids = xcalloc(n + 1, sizeof(*ids));
	for (size_t r = 0; r < nranks; r++)
		for (size_t i = 0; i < ranks[r].t->niters; i++)
			ids[k++] = ranks[r].t->iters[i].id;
	sort_i64(ids, k);
	n = 0;
	for (size_t i = 0; i < k; i++)
		if (n == 0 || ids[n - 1] != ids[i])
			ids[n++] = ids[i];
	*out = ids;
	return n;
}

static long
iter_slot(const struct ktrace *t, int64_t id)
{
	for (size_t i = 0; i < t->niters; i++)	/* few thousand at most */
		if (t->iters[i].id == id)
			return (long)i;
	return -1;
}

/* What fill_iter needs per rank, allocated once for all iterations. */
struct scratch {
	struct kiv	**iv;		/* the window's intervals */
	size_t		 *niv;
	bool		**coll;		/* per name id: a collective */
	struct kbyiter	 *g;
};

/* Rank rk's operations ops[idx[lo..hi)] (ops[lo..hi) when idx is NULL)
 * that count, as intervals, and the rank's figures. */
static void
add_ops(const struct krank *rk, const size_t *idx, size_t lo, size_t hi,
    const bool *coll, const struct kduty_opts *o, struct kiv *iv,
    size_t *niv, struct kduty_rank *dr)
{
	const struct ktrace *t = rk->t;
	int64_t sum = 0;

	for (size_t k = lo; k < hi; k++) {
		const struct kop *op = &t->ops[idx != NULL ? idx[k] : k];

		if (op->dev != rk->dev || !op_counts(op, o))
			continue;
		iv[*niv].start = op->start;
		iv[*niv].end = op->start + op->dur;
		iv[*niv].sync = coll[op->name];
		(*niv)++;
		sum += op->dur;
		if (dr->first == K_NONE || op->start < dr->first)
			dr->first = op->start;
		if (dr->last == K_NONE || op->start + op->dur > dr->last)
			dr->last = op->start + op->dur;
		dr->graph |= op->graph;
	}
	dr->nops = *niv;
	dr->kernel_sum = sum;
	dr->busy_union = kiv_union(iv, *niv);
}

/* The iteration's marker, from the first rank that has it. */
static void
set_marker(struct kduty_iter *it, const struct ktrace *t, long slot)
{
	const struct kiter *ki = &t->iters[slot];

	it->src = t;
	it->stage = ki->stage;
	it->marker = t->names.s[ki->name];
	it->line = ki->line;
	it->column = ki->column;
}

static void
fill_iter(struct kduty *d, struct kduty_iter *it, struct scratch *sc,
    const struct kduty_opts *o, int64_t id)
{
	for (size_t r = 0; r < d->nranks; r++) {
		const struct krank *rk = &d->ranks[r];
		long slot = o->whole ? -1 : iter_slot(rk->t, id);
		const struct kbyiter *g = &sc->g[r];

		sc->niv[r] = 0;
		it->r[r].first = it->r[r].last = K_NONE;
		if (o->whole) {
			add_ops(rk, NULL, 0, rk->t->nops, sc->coll[r], o,
			    sc->iv[r], &sc->niv[r], &it->r[r]);
			continue;
		}
		if (slot < 0)
			continue;
		if (it->src == NULL)
			set_marker(it, rk->t, slot);
		it->lost += rk->t->iters[slot].lost;
		add_ops(rk, g->idx, g->off[slot], g->off[slot + 1],
		    sc->coll[r], o, sc->iv[r], &sc->niv[r], &it->r[r]);
	}
	kduty_window(sc->iv, sc->niv, d->nranks, &it->terms);
}

/* Factor > factor_min and a modified-z outlier within its stage. */
static void
screen(struct kduty *d, const struct kduty_opts *o)
{
	for (int s = 0; s < ST_NSTAGES; s++) {
		double *f = xcalloc(d->nit + 1, sizeof(*f));
		double med, mad;
		size_t n = 0;

		for (size_t i = 0; i < d->nit; i++)
			if (d->it[i].stage == s && !isnan(d->it[i].factor))
				f[n++] = d->it[i].factor;
		/* The stage's centre once, not per iteration (kmod_z). */
		if (n >= o->stage_min)
			kmod_center(f, n, &med, &mad);
		for (size_t i = 0; i < d->nit && n >= o->stage_min; i++) {
			struct kduty_iter *it = &d->it[i];

			if (it->stage != s || isnan(it->factor))
				continue;
			it->modz = kmod_z_of(it->factor, med, mad);
			it->excluded = it->factor > o->factor_min &&
			    it->modz > o->z_min;
		}
		free(f);
	}
}

static void
mult_add(struct kduty_mult *m, const struct kduty_iter *it)
{
	m->cycle += it->cycle;
	m->measured += it->terms.measured;
	m->busy_union += it->terms.busy_union;
	m->n++;
}

static void
mult_done(struct kduty_mult *m)
{
	m->mult = m->n && m->measured ? (double)m->cycle / m->measured : NAN;
	m->mult_union = m->n && m->busy_union ?
	    (double)m->cycle / m->busy_union : NAN;
}

/* Iterations with far fewer operations than their stage's median look
 * under-recorded (profiler buffer overflow under CUDA graphs); those with
 * launches whose kernels the trace lacks are. */
static void
flag_few(struct kduty *d)
{
	for (int s = 0; s < ST_NSTAGES; s++) {
		double *v = xcalloc(d->nit + 1, sizeof(*v));
		size_t n = 0;
		double med;

		for (size_t i = 0; i < d->nit; i++)
			if (d->it[i].stage == s)
				v[n++] = (double)d->it[i].terms.nops;
		med = kmedian(v, n);
		for (size_t i = 0; i < d->nit; i++) {
			struct kduty_iter *it = &d->it[i];

			if (it->stage != s)
				continue;
			it->few = it->terms.nops == 0 || it->lost > 0 ||
			    (n >= 4 && (double)it->terms.nops < med / 4);
			d->n_few += it->few;
		}
		free(v);
	}
}

static void
scratch_new(struct scratch *sc, struct krank *ranks, size_t nranks,
    const struct kduty_opts *o)
{
	sc->iv = xcalloc(nranks + 1, sizeof(*sc->iv));
	sc->niv = xcalloc(nranks + 1, sizeof(*sc->niv));
	sc->coll = xcalloc(nranks + 1, sizeof(*sc->coll));
	sc->g = xcalloc(nranks + 1, sizeof(*sc->g));
	for (size_t r = 0; r < nranks; r++) {
		sc->iv[r] = xcalloc(ranks[r].t->nops + 1, sizeof(**sc->iv));
		sc->coll[r] = collective_names(ranks[r].t, o->collective_re);
		ktrace_by_iter(ranks[r].t, &sc->g[r]);
	}
}

static void
scratch_free(struct scratch *sc, size_t nranks)
{
	for (size_t r = 0; r < nranks; r++) {
		free(sc->iv[r]);
		free(sc->coll[r]);
		kbyiter_free(&sc->g[r]);
	}
	free(sc->g);
	free(sc->iv);
	free(sc->niv);
	free(sc->coll);
}

/* cycle: to the next iteration that has an operation.  A step between
 * whose launches lost their kernels (the profiler dropped them) ran on
 * the GPU unseen: across it the cycle would count that step's work as
 * idle, so it stays unknown (a step with no work at all, nothing lost,
 * was idle indeed). */
static void
set_cycles(struct kduty *d)
{
	for (size_t i = 0; i < d->nit; i++) {
		struct kduty_iter *it = &d->it[i];

		if (it->terms.nops == 0)
			continue;
		for (size_t j = i + 1; j < d->nit; j++) {
			if (d->it[j].terms.nops == 0 && d->it[j].lost > 0)
				break;
			if (d->it[j].terms.nops == 0)
				continue;
			it->cycle = d->it[j].terms.first - it->terms.first;
			break;
		}
		if (it->cycle != K_NONE && it->terms.measured > 0)
			it->factor = (double)it->cycle / it->terms.measured;
		int64_t res = it->terms.residual < 0 ? -it->terms.residual :
		    it->terms.residual;
		if (res > d->max_residual)
			d->max_residual = res;
		if (d->nranks > 1)	/* matched across ranks */
			d->n_collectives += (size_t)it->terms.collectives;
		d->n_early += (size_t)it->terms.early_exits;
		if (it->terms.early_exits > 0 && d->first_early == NULL)
			d->first_early = it;
		if (it->terms.early_exit_max > d->early_max)
			d->early_max = it->terms.early_exit_max;
	}
}

/* The multipliers over the screened iterations that have a cycle. */
static void
pool(struct kduty *d)
{
	for (size_t i = 0; i < d->nit; i++) {
		struct kduty_iter *it = &d->it[i];

		if (it->cycle == K_NONE)
			continue;
		d->n_with_cycle++;
		if (it->excluded) {
			d->n_excluded++;
			continue;
		}
		/* the multiplier's population: an excluded lull would make
		 * its stage look launch-bound (the direction A2 reads) */
		d->gap_sum[it->stage] += it->cycle - it->terms.wall;
		d->cycle_sum[it->stage] += it->cycle;
		mult_add(&d->all, it);
		mult_add(&d->stage[it->stage], it);
	}
	mult_done(&d->all);
	for (int s = 0; s < ST_NSTAGES; s++)
		mult_done(&d->stage[s]);
}

void
kduty_compute(struct krank *ranks, size_t nranks, const struct kduty_opts *o,
    struct kduty *d)
{
	int64_t *ids = NULL;
	size_t nids = 0;
	struct scratch sc;

	memset(d, 0, sizeof(*d));
	d->ranks = ranks;
	d->nranks = nranks;
	scratch_new(&sc, ranks, nranks, o);
	if (o->whole) {
		ids = xcalloc(1, sizeof(*ids));
		nids = 1;
	} else {
		nids = all_ids(ranks, nranks, &ids);
	}
	d->it = xcalloc(nids + 1, sizeof(*d->it));
	d->nit = nids;
	for (size_t i = 0; i < nids; i++) {
		struct kduty_iter *it = &d->it[i];

		it->id = o->whole ? -1 : ids[i];
		it->marker = "";
		it->cycle = K_NONE;
		it->factor = it->modz = NAN;
		it->r = xcalloc(nranks + 1, sizeof(*it->r));
		fill_iter(d, it, &sc, o, ids[i]);
	}
	set_cycles(d);
	screen(d, o);
	flag_few(d);
	pool(d);
	scratch_free(&sc, nranks);
	free(ids);
}

void
kduty_free(struct kduty *d)
{
	for (size_t i = 0; i < d->nit; i++)
		free(d->it[i].r);
	free(d->it);
	memset(d, 0, sizeof(*d));
}

void
kspan_stats(const struct ktrace *t, int32_t dev, bool kernels_only,
    struct kspan *o)
{
	struct kiv *iv = xcalloc(t->nops + 1, sizeof(*iv));
	bool *seen = xcalloc(t->names.n + 1, sizeof(*seen));

	memset(o, 0, sizeof(*o));
	for (size_t j = 0; j < t->nops; j++) {
		const struct kop *op = &t->ops[j];

		if (op->dev != dev || (kernels_only && op->cat != KC_KERNEL))
			continue;
		if (o->n == 0 || op->start < o->first)
			o->first = op->start;
		if (o->n == 0 || op->start + op->dur > o->last)
			o->last = op->start + op->dur;
		iv[o->n].start = op->start;
		iv[o->n].end = op->start + op->dur;
		o->n++;
		o->sum += op->dur;
		if (!seen[op->name]) {
			seen[op->name] = true;
			o->distinct++;
		}
	}
	o->span = o->last - o->first;
	o->busy_union = kiv_union(iv, o->n);
	free(iv);
	free(seen);
}
