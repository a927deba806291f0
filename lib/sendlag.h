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
/* The client's wall clock went back (an NTP step): the lags of the next
 * SENDLAG_STEP_W sends in planned order, by their lower quartile, fell
 * more than this below those of the previous SENDLAG_STEP_W, beyond what
 * sending in order allows (a lag can fall by at most the planned gaps
 * between two sends: a backlog drains no faster than the schedule moves
 * on).  Forward: they rose as much and every later window's low lag
 * stays nearer the new level than the old one (a client that held its
 * sends back catches up, or falls further behind: its lag does not sit
 * at one new level to the end).
 * ntpd steps offsets over 128 ms and slews smaller ones; real runs' lags
 * stay within 20 ms, so a quarter second is no send pattern. */
#define SENDLAG_STEP_US		250000
#define SENDLAG_STEP_W		16

struct sendlag {
	/* per row: its id, and its send - arrival less the first row's (so
	 * that a run's lags take 4 bytes a row, not 8) */
	struct ivals	 id, d, arr;
	int64_t		 d0;
	size_t		 n;
	/* After sendlag_finish: */
	int64_t		 late;		/* rows SENDLAG_LATE_US or more late */
	int64_t		 latest;	/* the largest lag, µs */
	int64_t		 ex[SENDLAG_EXAMPLES];	/* the first late rows' ids */
	/* the largest clock step (0: none), back or forward, the planned
	 * arrival of the first send after it and that send's id; the late
	 * count is made on each side of it, each side against its own least
	 * lag */
	int64_t		 step, step_at, step_id;
	int		 forward;
	/* around the step (the planned span of its two windows), each send
	 * goes to the side whose low lag is nearer: the clock stepped at
	 * a send time, which planned order crosses a little either way */
	int64_t		 near_lo, near_hi, med_before, med_after;
};

/* One first-round row: its id, send_time_us and arrival_time_us. */
void	sendlag_add(struct sendlag *s, int64_t id, int64_t send,
	    int64_t arrival);
void	sendlag_finish(struct sendlag *s);
/* How the count was made, with the latest lag and the first late ids. */
void	sendlag_how(struct sbuf *b, const struct sendlag *s);
/* How the clock step was found. */
void	sendlag_step_how(struct sbuf *b, const struct sendlag *s);
void	sendlag_free(struct sendlag *s);

#endif
