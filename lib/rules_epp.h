/* rules_epp.h - check 2d, the deployed EPP configuration against
 * config.md's (rules_epp.c), for rules_config.c's table. */
#ifndef S2R_RULES_EPP_H
#define S2R_RULES_EPP_H

#include "judge.h"

/* 2d: the EPP config item by item (epp.*), what was deployed and its
 * image. */
void	epp_rule(struct judge *j, const struct rule *r,
	    const struct jcell *c);

#endif
