/* checklist.c - the rule tables in run order, and the check ids, titles
 * and categories they define. */
#include <stddef.h>
#include <string.h>

#include "checklist.h"
#include "verdict.h"

/* The one place the tables are listed, in the order the rules run.
 * Verdicts are sorted by check whatever the order here, but A3 reads the
 * verdicts of A0-A2, so the alignment rules run last. */
const struct rule_area rule_areas[] = {
	{ CAT_WORKLOAD, rules_workload },
	{ CAT_CONFIG, rules_config },
	{ CAT_CONFIG, rules_isolation },
	{ CAT_RUNTIME, rules_runtime },
	{ CAT_RUNTIME, rules_health },
	{ CAT_RUNTIME, rules_gpu },
	{ CAT_SIGNAL, rules_signal },
	{ CAT_SIGNAL, rules_saturation },
	{ CAT_POLICY, rules_policy },
	{ CAT_POLICY, rules_treatment },
	{ CAT_POLICY, rules_tiers },
	{ CAT_ALIGNMENT, rules_align },
	{ 0, NULL }
};

/* The row of check id, NULL when no table has it. */
static const struct rule *
rule_of(const char *check)
{
	if (check == NULL)
		return NULL;
	for (const struct rule_area *a = rule_areas; a->rules != NULL; a++)
		for (const struct rule *r = a->rules; r->check != NULL; r++)
			if (strcmp(r->check, check) == 0)
				return r;
	return NULL;
}

bool
judge_check_known(const char *check)
{
	return rule_of(check) != NULL;
}

const char *
judge_check_title(const char *check)
{
	const struct rule *r = rule_of(check);

	return r != NULL ? r->title : NULL;
}

/* By the first character: an id and its area prefix ("5d", "5") name
 * the same category. */
int
judge_category_of(const char *check)
{
	if (check == NULL)
		return -1;
	for (const struct rule_area *a = rule_areas; a->rules != NULL; a++)
		for (const struct rule *r = a->rules; r->check != NULL; r++)
			if (r->check[0] == check[0])
				return a->cat;
	return -1;
}
