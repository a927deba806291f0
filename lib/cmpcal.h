/* cmpcal.h - sim vs real calibration of two traces (s2r-compare
 * calibrate), as BLIS calibrate scores it (upstream.md §5): requests
 * matched by id where both sides have ids in common, else compared by
 * distribution; per latency metric the real and simulated mean, p50, p90,
 * p95 and p99 side by side, MAPE, Pearson r, bias direction and a grade;
 * coverage, the warm-up excluded, throughput behind the coverage guard
 * and the KV-cache hit rate within ±5 pp. */
#ifndef S2R_CMPCAL_H
#define S2R_CMPCAL_H

#include <stdint.h>

#include <jansson.h>

#include "reqpop.h"
#include "stats.h"
#include "tracefile.h"

/* BLIS calibrate's guard: throughput is compared when at least this
 * fraction of the real requests matched. */
#define CAL_COVERAGE_MIN	0.90
/* The KV-cache hit rates agree within this many percentage points. */
#define CAL_KV_TOLERANCE_PP	5

struct cmp_cal_opts {
	enum qmethod		 method;
	int64_t			 warm_up;	/* -1: the real header's */
	const char		*workload;	/* scope; NULL: none */
	const struct kv_observed *real_kv;	/* the real header's */
};

/* Appends the records to out.  Rows below the warm-up are dropped from
 * both populations first (they are changed). */
void	cmp_calibrate(struct reqpop *real, struct reqpop *sim,
	    const struct cmp_cal_opts *o, json_t *out);

#endif
