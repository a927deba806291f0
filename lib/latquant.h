/* latquant.h - the quantiles s2r-latency writes per side and metric
 * (<side>.<metric>.p10 ... p99, schemas/metrics-latency.json): the names
 * the producer (latency.c, which defines them) and the A3 rule
 * (rules_align.c) share, so that a rule needs no producer's header. */
#ifndef S2R_LATQUANT_H
#define S2R_LATQUANT_H

/* Quantiles written per side and metric, in order. */
#define LAT_NQ 7
extern const double lat_quantiles[LAT_NQ];	/* 0.10 ... 0.99 */
extern const char *const lat_quantile_names[LAT_NQ];	/* "p10" ... */

#endif
