/* rules_prefix.h - check 5c, the prefix-cache hit rate (rules_prefix.c);
 * rules_runtime.c's table calls it. */
#ifndef S2R_RULES_PREFIX_H
#define S2R_RULES_PREFIX_H

#include "judge.h"

/* 5c: each instance's hit rate against the caching setting and the
 * workload's shared prefixes. */
void	rule_prefix_hits(struct judge *j, const struct rule *r,
	    const struct jcell *c);

#endif
