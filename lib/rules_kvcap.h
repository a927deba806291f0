/* rules_kvcap.h - check 5f, the KV-cache capacity, a rule of the
 * runtime set (rules_health.c); see rules_kvcap.c. */
#ifndef S2R_RULES_KVCAP_H
#define S2R_RULES_KVCAP_H

#include "judge.h"

/* 5f's advice when capacities differ (5g's pod blocks share it). */
extern const char ACT_KV[];

/* Emits the cell's kv_cache.* and KV-pressure verdicts. */
void	rule_kvcap(struct judge *j, const struct rule *r,
	    const struct jcell *c);

#endif
