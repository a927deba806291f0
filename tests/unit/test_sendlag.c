/* Unit tests for lib/sendlag.c: late sends counted against the least
 * send - arrival, worked out by hand. */
#include <stdint.h>

#include "sendlag.h"
#include "str.h"
#include "unit.h"

/* Epoch sends of a run that started at 1.7e15 µs: lags 0, 2 ms, 50 ms
 * (late: the bound is inclusive), 49.999 ms, 3 s. */
static void
test_counts(void)
{
	static const int64_t arrival[] = { 0, 1000, 2000, 3000, 4000 };
	static const int64_t lag[] = { 0, 2000, 50000, 49999, 3000000 };
	const int64_t epoch = 1700000000000000;
	struct sendlag s = { 0 };
	struct sbuf b = { 0 };

	for (int i = 0; i < 5; i++)
		sendlag_add(&s, 10 + i, epoch + arrival[i] + lag[i], arrival[i]);
	sendlag_finish(&s);
	CHECK(s.n == 5);
	CHECK(s.late == 2);
	CHECK(s.latest == 3000000);
	CHECK(s.ex[0] == 12 && s.ex[1] == 14);
	sendlag_how(&b, &s);
	CHECK(strstr(sbuf_str(&b), "the latest 3000.000 ms; n = first-round "
	    "requests (first ids: 12 14)") != NULL);
	sbuf_free(&b);
	sendlag_free(&s);
}

/* The least lag is the origin, wherever it is: a first row sent late and
 * a later one on time make the first one the late one. */
static void
test_origin(void)
{
	struct sendlag s = { 0 };

	sendlag_add(&s, 1, 500000 + 60000, 0);
	sendlag_add(&s, 2, 500000 + 1000000, 1000000);
	sendlag_finish(&s);
	CHECK(s.late == 1 && s.ex[0] == 1 && s.latest == 60000);
	sendlag_free(&s);
}

/* More late rows than examples: five ids and " ...". */
static void
test_examples(void)
{
	struct sendlag s = { 0 };
	struct sbuf b = { 0 };

	sendlag_add(&s, 0, 0, 0);
	for (int i = 1; i <= 7; i++)
		sendlag_add(&s, i, 100000, 0);
	sendlag_finish(&s);
	CHECK(s.late == 7);
	sendlag_how(&b, &s);
	CHECK(strstr(sbuf_str(&b), "(first ids: 1 2 3 4 5 ...)") != NULL);
	sbuf_free(&b);
	sendlag_free(&s);
}

/* 128 sends 10 ms apart, lag 1 ms until send 32, then lag(i). */
static void
steps(struct sendlag *s, int64_t (*lag)(int))
{
	for (int i = 0; i < 128; i++)
		sendlag_add(s, i, 1700000000000000 + i * 10000 +
		    (i < 32 ? 1000 : lag(i)), i * 10000);
	sendlag_finish(s);
}

static int64_t
lag_forward(int i)
{
	(void)i;
	return 1001000;
}

/* A client that stalls 1 s at send 32 and then falls 30 ms further
 * behind with every send (a quarter of the schedule's rate). */
static int64_t
lag_behind(int i)
{
	return 1001000 + (int64_t)(i - 32) * 30000;
}

/* A clock stepped 1 s forward: found where the low lag rose (a quarter
 * window early at most), no send late on either side of it; a backlog
 * that keeps growing is late sends, no step. */
static void
test_forward_step(void)
{
	struct sendlag s = { 0 };
	struct sbuf b = { 0 };

	steps(&s, lag_forward);
	CHECK(s.forward == 1 && s.step == 1000000);
	CHECK(s.step_at >= 280000 && s.step_at <= 320000);
	CHECK(s.late == 0);
	sendlag_step_how(&b, &s);
	CHECK(strstr(sbuf_str(&b), "the client's wall clock went forward") !=
	    NULL);
	sbuf_free(&b);
	sendlag_free(&s);
	steps(&s, lag_behind);
	CHECK(s.step == 0 && s.forward == 0);
	CHECK(s.late == 96);
	sendlag_free(&s);
}

/* The same sends with the first 32 a second late: a step back. */
static void
test_back_step(void)
{
	struct sendlag s = { 0 };

	for (int i = 0; i < 128; i++)
		sendlag_add(&s, i, 1700000000000000 + i * 10000 +
		    (i < 32 ? 1001000 : 1000), i * 10000);
	sendlag_finish(&s);
	CHECK(s.forward == 0 && s.step == 1000000);
	CHECK(s.late == 0);
	sendlag_free(&s);
}

static const struct unit_test tests[] = {
	{ "late sends against the least lag", test_counts },
	{ "the least lag is the origin", test_origin },
	{ "at most five example ids", test_examples },
	{ "a clock stepped forward, not a growing backlog", test_forward_step },
	{ "a clock stepped back", test_back_step },
	{ NULL, NULL }
};

int
main(void)
{
	return unit_run(tests);
}
