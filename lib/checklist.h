/* checklist.h - the checklist (docs/checks.md §1), made of the rule tables.
 *
 * Each lib/rules_*.c exports one table of rules per category it judges;
 * rule_areas[] lists the tables in the order they run.  The check ids,
 * their titles and their categories come from these rows alone:
 * judge_check_known(), judge_category_of() and judge_check_title()
 * (verdict.h), --checks and the reports answer from them.  Adding a check
 * is one row and one function in a rules file, plus its tests and its
 * paragraph in docs/man/s2r-verdict.1. */
#ifndef S2R_CHECKLIST_H
#define S2R_CHECKLIST_H

#include "judge.h"
#include "verdict.h"

/* Rules of one category in the order they run.  A category may span
 * several tables; the ids of a category share their first character, the
 * area prefix that --checks takes ("1", "A"). */
struct rule_area {
	enum jcategory		 cat;
	const struct rule	*rules;	/* ends with a NULL check */
};

extern const struct rule rules_workload[];	/* lib/rules_workload.c */
extern const struct rule rules_config[];	/* lib/rules_config.c */
extern const struct rule rules_isolation[];	/* lib/rules_isolation.c */
extern const struct rule rules_runtime[];	/* lib/rules_runtime.c */
extern const struct rule rules_health[];	/* lib/rules_health.c */
extern const struct rule rules_gpu[];		/* lib/rules_gpu.c */
extern const struct rule rules_signal[];	/* lib/rules_signal.c */
extern const struct rule rules_saturation[];	/* lib/rules_saturation.c */
extern const struct rule rules_policy[];	/* lib/rules_policy.c */
extern const struct rule rules_treatment[];	/* lib/rules_treatment.c */
extern const struct rule rules_tiers[];	/* lib/rules_tiers.c */
extern const struct rule rules_align[];	/* lib/rules_align.c */

/* Every table in run order, ending with rules == NULL. */
extern const struct rule_area rule_areas[];

#endif
