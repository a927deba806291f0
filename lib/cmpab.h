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

struct cmp_ab_opts {
	enum qmethod		 method;
	double			 noise_floor_pct;	/* 5: upstream's */
	const struct slo_targets *targets;	/* --targets; NULL: headers */
};

/* Reads every cell of w and appends its records to out (nothing for a
 * workload with one arm).  Bad input is fatal. */
void	cmp_ab_workload(struct cmp_workload *w, const struct cmp_ab_opts *o,
	    json_t *out);

#endif
