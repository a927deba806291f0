/* Unit tests for lib/numtext.c: record numbers from tokens and the number
 * at the head of a token. */
#include <stdlib.h>

#include "numtext.h"
#include "unit.h"

/* The compact JSON text of num_json(s), "NULL" when it is no number. */
static void
check_json(const char *s, const char *want)
{
	json_t *v = num_json(s, strlen(s));
	char *text = v ? json_dumps(v, JSON_ENCODE_ANY) : NULL;

	CHECK_STR(text ? text : "NULL", want);
	free(text);
	json_decref(v);
}

static void
test_json(void)
{
	json_t *v = num_json("0.95", 4);

	CHECK(json_is_real(v) && json_real_value(v) == 0.95);
	json_decref(v);
	check_json("64", "64");
	check_json("-3", "-3");
	check_json("1e3", "1000");
	check_json("4.0", "4");
	check_json("4k", "NULL");
	check_json("", "NULL");
	check_json(" 1", "NULL");
}

static void
test_lead(void)
{
	double v = -1;

	CHECK(num_lead("35C", 3, &v) == 2 && v == 35);
	CHECK(num_lead("6.0%", 4, &v) == 3 && v == 6);
	CHECK(num_lead("81559MiB", 5, &v) == 5 && v == 81559);
	v = -1;
	CHECK(num_lead("N/A", 3, &v) == 0 && v == -1);
	CHECK(num_lead("1.2.3x", 6, &v) == 0);
	CHECK(num_lead("", 0, &v) == 0);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{"json", test_json},
		{"lead", test_lead},
		{NULL, NULL}
	};

	return unit_run(tests);
}
