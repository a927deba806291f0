/* unit.h - a minimal C unit-test harness: CHECK() counts, main() reports.
 *
 * Each tests/unit/test_*.c defines test functions and lists them in
 * UNIT_TESTS; the runner prints one "ok"/"not ok" line per test and a
 * final "N passed, N failed" line that scripts/run-tests adds up. */
#ifndef S2R_UNIT_H
#define S2R_UNIT_H

#include <sys/wait.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "err.h"

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

/* The child of unit_dies() leaves without exit handlers: what the code
 * under test abandons when it dies is not a leak worth reporting. */
static inline void
unit_die_quietly(void)
{
	fflush(stderr);
	_exit(S2R_EXIT_BAD);
}

/* Whether fn(arg) dies as the tools do on bad input: exit status 2, not a
 * crash, with a message on stderr that contains want.  fn runs in a child
 * process (s2r_die_hook ends it), so the test goes on either way. */
static inline bool
unit_dies(void (*fn)(const void *), const void *arg, const char *want)
{
	char msg[512] = "";
	size_t used = 0;
	int fd[2], status;
	ssize_t got;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	if (pipe(fd) != 0 || (pid = fork()) < 0)
		return false;
	if (pid == 0) {
		dup2(fd[1], 2);
		s2r_die_hook = unit_die_quietly;
		fn(arg);
		_exit(0);
	}
	close(fd[1]);
	while (used < sizeof(msg) - 1 && (got = read(fd[0], msg + used,
	    sizeof(msg) - 1 - used)) > 0)
		used += (size_t)got;
	close(fd[0]);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != S2R_EXIT_BAD)
		return false;
	if (strstr(msg, want) == NULL) {
		fprintf(stderr, "message \"%s\" lacks \"%s\"\n", msg, want);
		return false;
	}
	return true;
}

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
