/* rules_ramp.h - check 4d's shed-ramp guard (priority.ramp_guard), a
 * part of the 4d rule (rules_tiers.c); see rules_ramp.c. */
#ifndef S2R_RULES_RAMP_H
#define S2R_RULES_RAMP_H

#include "judge.h"
#include "str.h"

/* Emits priority.ramp_guard for the bundle: whether the generated
 * plugin's admission function admits each shed tier below its ramp's
 * start, as the sim algorithm does; nothing when it does not admit by
 * tier. */
void	ramp_guard_verdict(struct judge *j, const struct rule *r,
	    const struct jcell *c);

/* The tier branches of the generated dispatch (tiered, a
 * 4d.generated-dispatch proof) whose assignments give the ramp's start
 * variable a full point and its full variable a start, or both the same
 * value: said into b; how many. */
size_t	ramp_ends_wrong(const json_t *tiered, struct sbuf *b);

#endif
