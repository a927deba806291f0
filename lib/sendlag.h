/* sendlag.h - requests the load generator sent late against their
 * planned arrival.  arrival_time_us counts from the workload's start and
 * send_time_us on the epoch, so each first-round row's send - arrival,
 * less the least of them (the run's start on the epoch), is how long the
 * client held it: blis observe sleeps until the planned arrival, then
 * waits for a slot under --max-concurrency.  Later session rounds are
 * planned from the previous round's end, so the caller leaves them out. */
#ifndef S2R_SENDLAG_H
#define S2R_SENDLAG_H

#include <stddef.h>
#include <stdint.h>

#include "stats.h"
#include "str.h"

/* A send this much after its planned arrival was held by the client:
 * real blis observe runs send within 1-2 ms, their worst within 20 ms
 * (a GC pause). */
#define SENDLAG_LATE_US		50000
#define SENDLAG_EXAMPLES	5

struct sendlag {
	/* per row: its id, and its send - arrival less the first row's (so
	 * that a run's lags take 4 bytes a row, not 8) */
	struct ivals	 id, d;
	int64_t		 d0;
	size_t		 n;
	/* After sendlag_finish: */
	int64_t		 late;		/* rows SENDLAG_LATE_US or more late */
	int64_t		 latest;	/* the largest lag, µs */
	int64_t		 ex[SENDLAG_EXAMPLES];	/* the first late rows' ids */
};

/* One first-round row: its id, send_time_us and arrival_time_us. */
void	sendlag_add(struct sendlag *s, int64_t id, int64_t send,
	    int64_t arrival);
void	sendlag_finish(struct sendlag *s);
/* How the count was made, with the latest lag and the first late ids. */
void	sendlag_how(struct sbuf *b, const struct sendlag *s);
void	sendlag_free(struct sendlag *s);

#endif
