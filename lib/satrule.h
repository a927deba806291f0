/* satrule.h - the real run's load for the rules: the saturation.level
 * records s2r-log-extract reads out of blis observe's saturation.json
 * (lib/satjson) give a 5b row per cell that has a report (was the run
 * saturated?) and the attribution of a latency claim's gap to load when
 * the claim's real side ran OVERLOADED (A3: queueing in an overloaded run
 * is load, not the cost model); the metrics.* records of its Prometheus
 * scrapes (lib/metricscell) give per pod the queue depth (5b), the peak
 * KV-cache usage (5f) and the router's pool saturation (5g). */
#ifndef S2R_SATRULE_H
#define S2R_SATRULE_H

#include <stdbool.h>

#include <jansson.h>

#include "judge.h"
#include "str.h"

/* The worst level a cell's report gives: none (no report, or no level),
 * STABLE, BACKLOGGED, OVERLOADED. */
enum sr_load { SR_NONE, SR_STABLE, SR_BACKLOGGED, SR_OVERLOADED };

/* 5b's saturation row for cell c (nothing when c has no report): PASS when
 * every detector says STABLE, WARN for BACKLOGGED or OVERLOADED (the
 * latency of the cell is queueing), INAPPLICABLE when no level was read. */
void	 sr_saturation_verdict(struct judge *j, const struct rule *r,
	    const struct jcell *c);

/* 5b, per vLLM pod with scrapes: its mean queue depth against the mean
 * over the cell's pods (WARN above it by more than runtime.spread_fail_pct
 * and at least one request). */
void	 sr_queue_verdicts(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* One instance's peak KV-cache usage (record m, percent) against
 * runtime.kv_usage_warn_pct, as metric with scope sub: WARN at or above
 * it.  who: the instance's name in a sentence and in the middle of one
 * ("Pod", "pod"); held: what vLLM does at a full cache ("preemptions"). */
void	 sr_kv_peak(struct judge *j, const struct rule *r,
	    const struct jcell *c, const char *metric, const json_t *sub,
	    const json_t *m, const char *const who[2], const char *held);
/* 5f, per vLLM pod with scrapes: peak KV-cache usage (WARN at or above
 * runtime.kv_usage_warn_pct: the cache was full). */
void	 sr_kv_usage_verdicts(struct judge *j, const struct rule *r,
	    const struct jcell *c);
/* 5g, per router pod with scrapes: peak flow-control pool saturation
 * (WARN at 1 or more: requests were held). */
void	 sr_pool_verdicts(struct judge *j, const struct rule *r,
	    const struct jcell *c);

/* For a latency claim whose real side is rec (a measure of the same cell
 * scope, or without one: a file in the report's folder): the worst level
 * of that run's saturation report, with a sentence for why naming every
 * detector's level and where it was read (appended; nothing at
 * SR_NONE). */
enum sr_load sr_load_of(const struct judge *j, const json_t *rec,
	    struct sbuf *why);

#endif
