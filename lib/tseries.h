/* tseries.h - vLLM log time stamps as elapsed seconds, and a bounded,
 * deterministic downsampled time series (the report's "over time"
 * charts of KV-cache usage and queue depth).
 *
 * vLLM stamps lines "MM-DD HH:MM:SS" in local time, without a year, so
 * only differences mean anything: each stamp is placed against the one
 * before it.  A series keeps at most TS_MAX_POINTS buckets whatever the
 * log's length: memory does not grow with the file. */
#ifndef S2R_TSERIES_H
#define S2R_TSERIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TS_MAX_POINTS	240
#define TS_NCOLS	4	/* values per point (NAN: absent) */

struct logstamp {
	int	mon, day;	/* 1-12, 1-31 */
	int32_t	sec;		/* seconds into the day */
};

/* Parses "MM-DD HH:MM:SS" (the 14 bytes at s); false when the fields
 * are out of range (month 13, 25 o'clock, 31 April ...). */
bool	logstamp_parse(const char *s, size_t n, struct logstamp *st);

struct logclock {
	bool		 started;
	bool		 leap;		/* a 02-29 stamp was seen */
	struct logstamp	 prev;
	int64_t		 elapsed;	/* seconds since the first stamp */
};

/* Seconds since the first stamp fed.  A step back across New Year
 * (12-31 -> 01-01) is a year rollover; any other step back (clock change,
 * interleaved processes) keeps the previous time, and the next stamp is
 * measured from it.  February has 29 days once a 02-29 stamp is seen. */
int64_t	logclock_feed(struct logclock *c, const struct logstamp *st);

struct tspoint {
	int64_t	t;		/* of the bucket's first sample */
	double	v[TS_NCOLS];	/* maximum of each column in the bucket */
	long	samples;
};

/* Buckets of width seconds (1, doubled while more than TS_MAX_POINTS
 * remain); times must not decrease. */
struct tseries {
	struct tspoint	p[TS_MAX_POINTS + 1];
	size_t		n;
	int64_t		width;
	long		samples;
	long		first_line;
};

void	tseries_add(struct tseries *s, int64_t t, const double *v, long line);

#endif
