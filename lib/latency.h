/* latency.h - the A0 and A3 measure records of s2r-latency: both sides'
 * request populations, their matching, and TTFT/TPOT/E2E/throughput and
 * the inter-token latencies of per-chunk ITL files as distributions
 * (metric names: schemas/metrics-latency.json). */
#ifndef S2R_LATENCY_H
#define S2R_LATENCY_H

#include <stdint.h>

#include <jansson.h>

#include "itl.h"
#include "latquant.h"
#include "reqpop.h"

/* One side: its requests, and its per-chunk ITL file when given. */
struct latside {
	const struct reqpop	*pop;
	const struct itl	*itl;	/* NULL: none */
};

/* Appends every record to out.  real or sim NULL: that side was not
 * given; its <side>.format record says so and nothing is compared.
 * window_us: the throughput window. */
void	latency_records(const struct latside *real, const struct latside *sim,
	    int64_t window_us, json_t *out);

#endif
