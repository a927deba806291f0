/* kduty.h - the duty-cycle arithmetic of docs/checks.md §3 over
 * attributed traces: one window's terms over one or more ranks, whole-
 * trace figures of a device, and the A2 table (every iteration's terms,
 * cycles, the outlier screen and the multipliers). */
#ifndef S2R_KDUTY_H
#define S2R_KDUTY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ktrace.h"

/* Duty-cycle terms of one window over one or more ranks. */
struct kiv {
	int64_t		 start, end;
	bool		 sync;		/* a collective */
};

struct kterms {
	int64_t		 first, last, wall;
	int64_t		 kernel_sum, busy_union;	/* max over ranks */
	int64_t		 measured, critical_busy, collective;
	int64_t		 idle_internal, idle_boundary, skew;
	int64_t		 residual;	/* wall - the four terms; must be 0 */
	int		 segments, switches, collectives, gating_rank;
	int		 unmatched_collectives;	/* extras on some rank */
	/* matched collectives where a rank ended before the last one
	 * started (over two or more ranks): clocks that disagree */
	int		 early_exits;
	int64_t		 early_exit_max;	/* the largest such lead, ns */
	size_t		 nops;
};

/* ranks[r] holds nr[r] intervals (any order; sorted in place). */
void		 kduty_window(struct kiv **ranks, const size_t *nr,
		    size_t nranks, struct kterms *out);
/* Length of the union of n intervals (sorted in place). */
int64_t		 kiv_union(struct kiv *v, size_t n);

/* Whole-trace figures of one device (reference_numbers.jsonl shape). */
struct kspan {
	size_t		 n, distinct;
	int64_t		 sum, first, last, span, busy_union;	/* ns */
};

void		 kspan_stats(const struct ktrace *t, int32_t dev,
		    bool kernels_only, struct kspan *out);

/* The A2 table: every iteration's terms over all ranks. */
struct kduty_rank {
	size_t		 nops;
	int64_t		 first, last, kernel_sum, busy_union;	/* K_NONE */
	bool		 graph;
};

struct kduty_iter {
	int64_t		 id;
	int		 stage;
	const char	*marker;	/* "" when none */
	const struct ktrace *src;	/* where the marker is */
	long		 line, column;
	struct kterms	 terms;
	int64_t		 cycle;		/* K_NONE: no next iteration */
	double		 factor, modz;	/* NAN when not computed */
	bool		 excluded, few;
	size_t		 lost;		/* launches whose kernels the traces
					 * lack (ktrace: kiter.lost) */
	struct kduty_rank *r;		/* one per rank */
};

struct kduty_opts {
	bool		 kernels_only;	/* default: kernels, memcpy, memset */
	bool		 whole;		/* one window over everything */
	const void	*collective_re;	/* regex_t */
	double		 factor_min, z_min;	/* 2.0, 3.5 */
	size_t		 stage_min;	/* 8 */
};

struct kduty_mult {
	int64_t		 cycle, measured, busy_union;	/* sums over used */
	size_t		 n;
	double		 mult, mult_union;	/* NAN when n == 0 */
};

struct kduty {
	struct krank	*ranks;
	size_t		 nranks;
	struct kduty_iter *it;
	size_t		 nit;
	struct kduty_mult all, stage[ST_NSTAGES];
	int64_t		 gap_sum[ST_NSTAGES], cycle_sum[ST_NSTAGES];
	size_t		 n_with_cycle, n_excluded, n_few;
	int64_t		 max_residual;	/* |wall - terms|, must be 0 */
	size_t		 n_collectives, n_early;	/* over iterations */
	int64_t		 early_max;
	const struct kduty_iter *first_early;
	const struct kdup *dups;	/* traces left out: their rank was
					 * claimed first (kranks) */
	size_t		 ndups;
};

void		 kduty_compute(struct krank *ranks, size_t nranks,
		    const struct kduty_opts *o, struct kduty *d);
void		 kduty_free(struct kduty *d);

/* Iglewicz-Hoaglin modified z of x against v[0..n) (median, MAD). */
double		 kmod_z(const double *v, size_t n, double x);
double		 kmedian(double *v, size_t n);	/* sorts v */

#endif
