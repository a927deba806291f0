/* rules_ramp.h - check 4d's shed-ramp guard (priority.ramp_guard), a
 * part of the 4d rule (rules_tiers.c), and the tier ramp lookups 4c
 * (rules_treatment.c) and 4d share; see rules_ramp.c. */
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

/* The sim's ramp of tier from its dispatch proof (*p the proof, *branch
 * its branch of tier: numbers[0] start, [1] full); false when none. */
bool	sim_ramp(const struct judge *j, const char *tier, const json_t **p,
	    const json_t **branch);
/* The other of sheddable/batch, NULL for any other tier. */
const char *other_tier(const char *tier);

#endif
