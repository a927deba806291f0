/* rules_precise.h - check 4a, the precise prefix-cache scorer's block
 * size against the engines' (rules_precise.c); rules_policy.c's 4a rule
 * calls it. */
#ifndef S2R_RULES_PRECISE_H
#define S2R_RULES_PRECISE_H

#include "judge.h"
#include "str.h"

/* For every arm (kind: the EPP config records' kind) loading the precise
 * prefix-cache scorer, one verdict a cell of the arm: PASS when its
 * token blocks are the engines', FAIL when a set blockSize differs, WARN
 * when the unset default does. */
void	routing_precise_scorer(struct judge *j, const struct rule *r,
	    const char *kind, const struct strv *arms);

#endif
