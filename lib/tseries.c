/* tseries.c - log stamps and downsampled series; see tseries.h. */
#include <math.h>
#include <string.h>

#include "tseries.h"

#define DAY	INT64_C(86400)

static const int month_days[12] = {
	31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
};

static bool
two_digits(const char *s, int *out)
{
	if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9')
		return false;
	*out = (s[0] - '0') * 10 + (s[1] - '0');
	return true;
}

bool
logstamp_parse(const char *s, size_t n, struct logstamp *st)
{
	int mon, day, h, m, sec;

	if (n < 14 || s[2] != '-' || s[5] != ' ' || s[8] != ':' ||
	    s[11] != ':')
		return false;
	if (!two_digits(s, &mon) || !two_digits(s + 3, &day) ||
	    !two_digits(s + 6, &h) || !two_digits(s + 9, &m) ||
	    !two_digits(s + 12, &sec))
		return false;
	/* 60 seconds: a leap second is a real stamp. */
	if (mon < 1 || mon > 12 || day < 1 || day > month_days[mon - 1] ||
	    h > 23 || m > 59 || sec > 60)
		return false;
	st->mon = mon;
	st->day = day;
	st->sec = h * 3600 + m * 60 + sec;
	return true;
}

/* Seconds since 01-01 00:00:00 of a year, leap or not. */
static int64_t
year_seconds(const struct logstamp *st, bool leap)
{
	static const int before[12] = {
		0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334
	};
	int64_t days = before[st->mon - 1] + st->day - 1;

	if (leap && st->mon > 2)
		days++;
	return days * DAY + st->sec;
}

int64_t
logclock_feed(struct logclock *c, const struct logstamp *st)
{
	int64_t year, d;

	if (st->mon == 2 && st->day == 29)
		c->leap = true;
	if (!c->started) {
		c->started = true;
		c->prev = *st;
		c->elapsed = 0;
		return 0;
	}
	year = (c->leap ? 366 : 365) * DAY;
	d = year_seconds(st, c->leap) - year_seconds(&c->prev, c->leap);
	/* Nearer half a year apart: New Year lies between them. */
	if (d < -year / 2)
		d += year;
	else if (d > year / 2)
		d -= year;
	c->prev = *st;
	if (d > 0)
		c->elapsed += d;
	return c->elapsed;
}

static void
merge(struct tspoint *into, const struct tspoint *from)
{
	for (int k = 0; k < TS_NCOLS; k++)
		if (isnan(into->v[k]) || from->v[k] > into->v[k])
			into->v[k] = from->v[k];
	into->samples += from->samples;
}

/* Doubles the width until at most TS_MAX_POINTS buckets remain.  A
 * bucket's first time lies in it, so t / width names its new bucket. */
static void
coarsen(struct tseries *s)
{
	while (s->n > TS_MAX_POINTS) {
		size_t out = 0;

		s->width *= 2;
		for (size_t i = 0; i < s->n; i++) {
			if (out > 0 && s->p[out - 1].t / s->width ==
			    s->p[i].t / s->width)
				merge(&s->p[out - 1], &s->p[i]);
			else
				s->p[out++] = s->p[i];
		}
		s->n = out;
	}
}

void
tseries_add(struct tseries *s, int64_t t, const double *v, long line)
{
	struct tspoint pt = { .t = t, .samples = 1 };

	memcpy(pt.v, v, sizeof(pt.v));
	if (s->width == 0)
		s->width = 1;
	if (s->samples++ == 0)
		s->first_line = line;
	if (s->n > 0 && s->p[s->n - 1].t / s->width == t / s->width) {
		merge(&s->p[s->n - 1], &pt);
		return;
	}
	s->p[s->n++] = pt;
	coarsen(s);
}
