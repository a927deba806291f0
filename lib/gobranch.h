/* gobranch.h - what a function body does with endpoint metrics, and
 * what it calls: the "metrics" and "calls" facts of func and readers hits
 * (goquery.h GF_METRICS, GF_CALLS).
 *
 * 3c compares how the router, the sim algorithm and the generated plugin
 * treat an endpoint whose metrics are missing or stale: counted as fully
 * loaded, skipped, or a decision returned.  That is read from the if
 * statements that test for it, wherever they are (a saturation function,
 * a filter, a scorer, the admission itself), and which functions call
 * which tells the rules the plugin's decision path. */
#ifndef S2R_GOBRANCH_H
#define S2R_GOBRANCH_H

#include <stddef.h>

#include <jansson.h>

#include "golex.h"

/* facts.metrics: every if statement in [a, b) that tests for missing
 * metrics (X == nil or X != nil for a value of GetMetrics(), HasMetrics)
 * or stale ones (UpdateTime, time.Since, a name with "stale"): {line,
 * cond, missing, stale, action, value, implicit}.  action is what an
 * endpoint without (fresh) metrics gets: "adds" (value: what it adds to
 * a total), "skips" (continue, or left out by a test for metrics that
 * has no else: implicit), "returns" (value) or "other". */
void	gobranch_metrics(json_t *facts, const struct gofile *f, size_t a,
	    size_t b);
/* facts.calls: the names of the functions and methods called in [a, b)
 * (the last name of a.b.C(…)), each once, builtins left out. */
void	gobranch_calls(json_t *facts, const struct gofile *f, size_t a,
	    size_t b);

#endif
