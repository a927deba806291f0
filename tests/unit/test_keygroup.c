/* Unit tests for lib/keygroup.c: keys of several parts, absent parts,
 * groups in the order added. */
#include <stdlib.h>
#include <string.h>

#include "keygroup.h"
#include "unit.h"

/* The values of the group of parts, as "v,v,v" (a static buffer). */
static const char *
group_text(struct keygroup *g, const char *const *parts, size_t n)
{
	static char out[64];
	size_t used = 0;

	out[0] = '\0';
	for (size_t e = keygroup_first(g, parts, n); e != 0; e = g->next[e - 1])
		used += (size_t)snprintf(out + used, sizeof(out) - used,
		    "%s%zu", used ? "," : "", g->val[e - 1]);
	return out;
}

static void
test_groups_in_order(void)
{
	struct keygroup g = {0};
	const char *a[2] = { "5f", "w1" }, *b[2] = { "5f", "w2" };
	const char *c[2] = { "5b", "w1" };

	keygroup_add(&g, a, 2, 3);
	keygroup_add(&g, b, 2, 4);
	keygroup_add(&g, a, 2, 1);
	keygroup_add(&g, c, 2, 9);
	keygroup_add(&g, a, 2, 7);
	CHECK_STR(group_text(&g, a, 2), "3,1,7");
	CHECK_STR(group_text(&g, b, 2), "4");
	CHECK_STR(group_text(&g, c, 2), "9");
	CHECK(keygroup_first(&g, a, 1) == 0);	/* another number of parts */
	keygroup_free(&g);
}

static void
test_absent_and_ambiguous_parts(void)
{
	struct keygroup g = {0};
	const char *none[2] = { "x", NULL }, *empty[2] = { "x", "" };
	const char *ab_c[2] = { "ab", "c" }, *a_bc[2] = { "a", "bc" };
	const char *sep[2] = { "a\1", "" }, *sep2[2] = { "a", "\1" };

	keygroup_add(&g, none, 2, 1);
	keygroup_add(&g, empty, 2, 2);
	keygroup_add(&g, ab_c, 2, 3);
	keygroup_add(&g, a_bc, 2, 4);
	keygroup_add(&g, sep, 2, 5);
	keygroup_add(&g, sep2, 2, 6);
	CHECK_STR(group_text(&g, none, 2), "1");
	CHECK_STR(group_text(&g, empty, 2), "2");
	CHECK_STR(group_text(&g, ab_c, 2), "3");
	CHECK_STR(group_text(&g, a_bc, 2), "4");
	CHECK_STR(group_text(&g, sep, 2), "5");
	CHECK_STR(group_text(&g, sep2, 2), "6");
	keygroup_free(&g);
}

static void
test_many_keys(void)
{
	struct keygroup g = {0};
	char name[32];
	const char *parts[1] = { name };
	size_t sum = 0, n = 0;

	/* Past several rehashes; every key its own group of two. */
	for (size_t round = 0; round < 2; round++)
		for (size_t i = 0; i < 5000; i++) {
			snprintf(name, sizeof(name), "i%zu", i);
			keygroup_add(&g, parts, 1, i * 2 + round);
		}
	for (size_t i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "i%zu", i);
		for (size_t e = keygroup_first(&g, parts, 1); e != 0;
		    e = g.next[e - 1]) {
			sum += g.val[e - 1];
			n++;
		}
	}
	CHECK(n == 10000);
	CHECK(sum == 10000 * 9999 / 2);
	snprintf(name, sizeof(name), "i5000");
	CHECK(keygroup_first(&g, parts, 1) == 0);
	keygroup_free(&g);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "groups in the order added", test_groups_in_order },
		{ "absent and ambiguous parts",
		    test_absent_and_ambiguous_parts },
		{ "many keys", test_many_keys },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
