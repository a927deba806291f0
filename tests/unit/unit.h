/* unit.h - a minimal C unit-test harness: CHECK() counts, main() reports.
 *
 * Each tests/unit/test_*.c defines test functions and lists them in
 * UNIT_TESTS; the runner prints one "ok"/"not ok" line per test and a
 * final "N passed, N failed" line that scripts/run-tests adds up. */
#ifndef S2R_UNIT_H
#define S2R_UNIT_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int unit_failures;

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
		    __LINE__, #cond); \
		unit_failures++; \
	} \
} while (0)

#define CHECK_STR(got, want) do { \
	const char *g_ = (got), *w_ = (want); \
	if (g_ == NULL || strcmp(g_, w_) != 0) { \
		fprintf(stderr, "%s:%d: got \"%s\", want \"%s\"\n", \
		    __FILE__, __LINE__, g_ ? g_ : "(null)", w_); \
		unit_failures++; \
	} \
} while (0)

#define CHECK_NEAR(got, want, eps) do { \
	double g_ = (got), w_ = (want); \
	if (!(fabs(g_ - w_) <= (eps))) { \
		fprintf(stderr, "%s:%d: got %.17g, want %.17g (eps %g)\n", \
		    __FILE__, __LINE__, g_, w_, (double)(eps)); \
		unit_failures++; \
	} \
} while (0)

struct unit_test {
	const char *name;
	void (*fn)(void);
};

static int
unit_run(const struct unit_test *tests)
{
	int passed = 0, failed = 0;

	for (const struct unit_test *t = tests; t->name != NULL; t++) {
		int before = unit_failures;

		t->fn();
		if (unit_failures == before) {
			printf("ok - %s\n", t->name);
			passed++;
		} else {
			printf("not ok - %s\n", t->name);
			failed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}

#endif
