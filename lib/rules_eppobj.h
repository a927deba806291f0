/* rules_eppobj.h - check 5g's InferenceObjective part (5c.6), a part of
 * the 5g rule (rules_health.c); see rules_eppobj.c. */
#ifndef S2R_RULES_EPPOBJ_H
#define S2R_RULES_EPPOBJ_H

#include "judge.h"

/* 5g's advice when the router did not behave as configured (defined in
 * rules_health.c, shared by both halves of 5g). */
extern const char ACT_EPP_RUNTIME[];

/* Emits the epp.objective.* and epp.priorities_seen verdicts of the
 * cell from its EPP log's 'Request handled' lines: INAPPLICABLE when
 * there are no priority tiers or the log's verbosity hides
 * objectiveKey. */
void	epp_objectives(struct judge *j, const struct rule *r,
	    const struct jcell *c);

#endif
