/* cmpab.h - A/B between the arms of one workload (s2r-compare ab): per
 * pair of arms, TTFT, TPOT and E2E mean, p50, p90 and p99, the error rate
 * with the top error messages, and SLO attainment and goodput per class,
 * each as one compare record with both values, their difference and
 * whether it is better, worse or within the noise (docs/records.md,
 * Comparison records; schemas/compare.schema.json). */
#ifndef S2R_CMPAB_H
#define S2R_CMPAB_H

#include <jansson.h>

#include "cmparm.h"
#include "stats.h"
#include "tracefile.h"

/* Sees each row ab reads, then the end of its cell: another analysis of
 * the same traces without a second read (s2r-compare ab --timeline). */
struct cmp_tap {
	void	(*row)(void *ctx, const struct cmp_row *row, int64_t rowno);
	void	(*cell_end)(void *ctx, const struct cmp_workload *w,
		    const struct cmp_arm *arm, const struct cmp_cell *cell);
	void	*ctx;
};

struct cmp_ab_opts {
	enum qmethod		 method;
	double			 noise_floor_pct;	/* 5: upstream's */
	const struct slo_targets *targets;	/* --targets; NULL: headers */
	const struct cmp_tap	*tap;		/* NULL: none */
};

/* Reads every cell of w (arms and cells in order, each shown to o->tap)
 * and appends its records to out (nothing for a workload with one arm,
 * whose cells are not read).  Bad input is fatal. */
void	cmp_ab_workload(struct cmp_workload *w, const struct cmp_ab_opts *o,
	    json_t *out);

#endif
