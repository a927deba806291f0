/* test_tseries.c - log stamps to elapsed seconds and the downsampled
 * series (lib/tseries.c).  Expected values are worked out by hand. */
#include <math.h>

#include "tseries.h"
#include "unit.h"

static struct logstamp
stamp(const char *s)
{
	struct logstamp st = { 0, 0, 0 };

	CHECK(logstamp_parse(s, 14, &st));
	return st;
}

static void
test_parse(void)
{
	struct logstamp st;

	CHECK(logstamp_parse("04-23 14:08:49", 14, &st));
	CHECK(st.mon == 4 && st.day == 23 && st.sec == 14 * 3600 + 8 * 60 + 49);
	CHECK(logstamp_parse("02-29 00:00:00", 14, &st));
	CHECK(logstamp_parse("12-31 23:59:60", 14, &st));	/* leap second */
	CHECK(!logstamp_parse("13-01 00:00:00", 14, &st));
	CHECK(!logstamp_parse("04-31 00:00:00", 14, &st));
	CHECK(!logstamp_parse("00-10 00:00:00", 14, &st));
	CHECK(!logstamp_parse("04-10 24:00:00", 14, &st));
	CHECK(!logstamp_parse("04-10 23:60:00", 14, &st));
	CHECK(!logstamp_parse("04-10 23:59:0", 13, &st));
	CHECK(!logstamp_parse("04/10 23:59:00", 14, &st));
}

static int64_t
feed(struct logclock *c, const char *s)
{
	struct logstamp st = stamp(s);

	return logclock_feed(c, &st);
}

static void
test_clock(void)
{
	struct logclock c = { 0 };

	CHECK(feed(&c, "04-30 23:59:50") == 0);
	CHECK(feed(&c, "05-01 00:00:10") == 20);	/* month end */
	CHECK(feed(&c, "05-01 00:00:05") == 20);	/* back: held */
	CHECK(feed(&c, "05-01 00:00:15") == 30);	/* from 00:00:05 */

	struct logclock y = { 0 };
	CHECK(feed(&y, "12-31 23:59:59") == 0);
	CHECK(feed(&y, "01-01 00:00:09") == 10);	/* New Year */
	CHECK(feed(&y, "01-02 00:00:09") == 10 + 86400);

	struct logclock f = { 0 };
	CHECK(feed(&f, "02-28 23:00:00") == 0);
	CHECK(feed(&f, "03-01 00:00:00") == 3600);	/* no 02-29 seen */

	struct logclock l = { 0 };
	CHECK(feed(&l, "02-28 23:00:00") == 0);
	CHECK(feed(&l, "02-29 00:00:00") == 3600);	/* leap year */
	CHECK(feed(&l, "03-01 00:00:00") == 3600 + 86400);
}

static void
test_series(void)
{
	static struct tseries s;
	double v[TS_NCOLS];

	/* 240 samples 10 s apart: one point each, width 1. */
	for (int i = 0; i < 240; i++) {
		v[0] = i;
		v[1] = 100 - i;
		v[2] = i % 2 ? NAN : 7;
		v[3] = i % 3 ? 50 : 95;	/* a hit rate: its bucket maximum */
		tseries_add(&s, 10 * i, v, 100 + i);
	}
	CHECK(s.n == 240 && s.width == 1 && s.samples == 240);
	CHECK(s.first_line == 100);
	CHECK(s.p[239].t == 2390 && s.p[239].v[0] == 239);
	CHECK(isnan(s.p[1].v[2]));
	/* One more: width doubles until the 241 times (0 .. 2400) fit in
	 * 240 buckets: width 16 gives 2400/16 + 1 = 151 buckets. */
	v[0] = 1000;
	v[1] = 0;
	v[2] = NAN;
	v[3] = NAN;
	tseries_add(&s, 2400, v, 340);
	CHECK(s.width == 16);
	CHECK(s.n == 151);
	/* Bucket 0 holds t 0 and 10: max of each column, its first time. */
	CHECK(s.p[0].t == 0 && s.p[0].samples == 2);
	CHECK(s.p[0].v[0] == 1 && s.p[0].v[1] == 100 && s.p[0].v[2] == 7);
	CHECK(s.p[0].v[3] == 95);
	/* Bucket 1 (16 .. 31) holds t 20 and 30, bucket 2 (32 .. 47) t 40
	 * only. */
	CHECK(s.p[1].t == 20 && s.p[1].samples == 2);
	CHECK(s.p[2].t == 40 && s.p[2].samples == 1 && s.p[2].v[0] == 4);
	CHECK(s.p[150].t == 2400 && s.p[150].v[0] == 1000);
	CHECK(isnan(s.p[150].v[2]));
	long total = 0;
	for (size_t i = 0; i < s.n; i++)
		total += s.p[i].samples;
	CHECK(total == 241);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "logstamp_parse", test_parse },
		{ "logclock_feed", test_clock },
		{ "tseries_add", test_series },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
