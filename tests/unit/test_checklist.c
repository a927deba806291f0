/* Unit tests for lib/checklist.c: the rule tables are the checklist, and
 * the known ids, titles and categories are exactly theirs. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "checklist.h"
#include "judge.h"
#include "unit.h"

/* The shape the schemas accept for "check": ^([1-9][a-z]|A[0-9])$. */
static bool
well_formed(const char *id)
{
	if (strlen(id) != 2)
		return false;
	if (id[0] == 'A')
		return isdigit((unsigned char)id[1]);
	return id[0] >= '1' && id[0] <= '9' && id[1] >= 'a' && id[1] <= 'z';
}

/* How many rows of all tables have check id. */
static size_t
rows_with(const char *id)
{
	size_t n = 0;

	for (const struct rule_area *a = rule_areas; a->rules != NULL; a++)
		for (const struct rule *r = a->rules; r->check != NULL; r++)
			n += strcmp(r->check, id) == 0;
	return n;
}

static void
test_rows(void)
{
	size_t n = 0;

	for (const struct rule_area *a = rule_areas; a->rules != NULL; a++) {
		CHECK((int)a->cat >= 0 && a->cat < CAT_COUNT);
		for (const struct rule *r = a->rules; r->check != NULL; r++) {
			n++;
			CHECK(well_formed(r->check));
			CHECK(rows_with(r->check) == 1);
			CHECK(judge_check_known(r->check));
			CHECK(judge_category_of(r->check) == (int)a->cat);
			CHECK(r->title != NULL && r->title[0] != '\0');
			CHECK(judge_check_title(r->check) == r->title);
			CHECK(r->fn != NULL);
		}
	}
	CHECK(n > 0);
}

/* Every well-formed id is known exactly when a row has it. */
static void
test_known(void)
{
	static const char *const not_ids[] = { "1", "A", "", "1ab", "a1",
	    "x", NULL };
	static const char areas[] = "123456789A";
	char id[3] = { 0 };

	for (const char *a = areas; *a != '\0'; a++) {
		const char *second = *a == 'A' ? "0123456789" :
		    "abcdefghijklmnopqrstuvwxyz";

		for (const char *s = second; *s != '\0'; s++) {
			id[0] = *a;
			id[1] = *s;
			CHECK(well_formed(id));
			CHECK(judge_check_known(id) == (rows_with(id) == 1));
			CHECK((judge_check_title(id) != NULL) ==
			    (rows_with(id) == 1));
		}
	}
	for (size_t i = 0; not_ids[i] != NULL; i++) {
		CHECK(!judge_check_known(not_ids[i]));
		CHECK(judge_check_title(not_ids[i]) == NULL);
	}
	CHECK(!judge_check_known(NULL));
	CHECK(judge_check_title(NULL) == NULL);
	CHECK(judge_category_of(NULL) == -1);
}

/* Every category has rules; its ids share one area prefix that no other
 * category uses, and the prefix alone names the category (--checks 5). */
static void
test_categories(void)
{
	char prefix[CAT_COUNT] = { 0 };
	const struct rule_area *last = NULL;

	for (const struct rule_area *a = rule_areas; a->rules != NULL; a++) {
		for (const struct rule *r = a->rules; r->check != NULL; r++) {
			if (prefix[a->cat] == '\0')
				prefix[a->cat] = r->check[0];
			CHECK(r->check[0] == prefix[a->cat]);
		}
		last = a;
	}
	for (int cat = 0; cat < CAT_COUNT; cat++) {
		char p[2] = { prefix[cat], '\0' };

		CHECK(prefix[cat] != '\0');
		CHECK(judge_category_name(cat) != NULL);
		CHECK(judge_category_of(p) == cat);
		for (int other = 0; other < cat; other++)
			CHECK(prefix[other] != prefix[cat]);
	}
	/* A3 reads the verdicts of A0-A2: the alignment rules run last. */
	CHECK(last != NULL && last->cat == CAT_ALIGNMENT);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "rows", test_rows },
		{ "known", test_known },
		{ "categories", test_categories },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
