/* gooutcome.h - where each priority tier ends up in a function: the
 * "outcomes" fact of a dispatch hit (4d).
 *
 * A tier's priority (critical 100, standard 0, batch -10, sheddable -50)
 * is run through the function's statements in order: each if whose
 * condition depends on priority is decided (priority >= 0, p > 0,
 * IsSheddable(p), p == prioritySheddable, && || ! and parentheses), a
 * switch on priority takes its case or its default, a call that passes
 * the priority to a function of the same file is followed, and the first
 * statement that decides the request gives the outcome: admitted, rejected,
 * or the ramp (tier parameters) it is shed along.  A branch that depends
 * on something else (the load) is not taken, but when it would shed it
 * is kept as "conditional". */
#ifndef S2R_GOOUTCOME_H
#define S2R_GOOUTCOME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "goindex.h"
#include "golex.h"
#include "goquery.h"

/* [{tier, priority, decision, ramp, value, line, path, conditional}]
 * for every tier of q (decision: admit, reject, ramp, returns, none,
 * unknown), through func d of f. */
json_t	*gooutcome_tiers(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, const struct gdecl *d);
/* The tier that text names (sheddable, batch, or "mixed"), NULL when
 * none: "a.params.SheddableShedStart", "// batch: less aggressive". */
const char *gooutcome_tier_of(const char *text);
/* The value of the integer const of this file named [p, p+n). */
bool	gooutcome_const(const struct gindex *ix, const char *p, size_t n,
	    int64_t *v);

#endif
