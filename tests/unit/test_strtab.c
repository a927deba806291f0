/* Unit tests for lib/strtab.c. */
#include <stdio.h>
#include <string.h>

#include "strtab.h"
#include "unit.h"

static void
test_intern(void)
{
	struct strtab t = {0};
	bool added;

	CHECK(strtab_intern_n(&t, "abc", 3, &added) == 0 && added);
	CHECK(strtab_intern_n(&t, "abc", 3, &added) == 0 && !added);
	/* A prefix of the last hit, then of a stored string: distinct. */
	CHECK(strtab_intern_n(&t, "abcd", 2, &added) == 1 && added);
	CHECK_STR(t.s[1], "ab");
	CHECK(strtab_intern_n(&t, "abc", 3, &added) == 0 && !added);
	CHECK(strtab_intern(&t, "ab") == 1);
	CHECK(strtab_intern_n(&t, "", 0, &added) == 2 && added);
	CHECK(strtab_intern(&t, "") == 2);
	strtab_free(&t);
	CHECK(t.n == 0 && t.s == NULL);
}

/* Past several rehashes, every string keeps its first index. */
static void
test_growth(void)
{
	struct strtab t = {0};
	char name[48];
	int bad = 0;

	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "kernel_%d_with_a_longer_name", i);
		if (strtab_intern(&t, name) != (uint32_t)i)
			bad++;
	}
	for (int i = 4999; i >= 0; i--) {
		snprintf(name, sizeof(name), "kernel_%d_with_a_longer_name", i);
		if (strtab_intern(&t, name) != (uint32_t)i)
			bad++;
	}
	CHECK(bad == 0 && t.n == 5000);
	strtab_free(&t);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "intern", test_intern },
		{ "growth", test_growth },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
