/* wltime.h - a workload spec over time: when each client is active, at
 * what rate, how many requests the generator makes and when it stops,
 * under both readings of rate_fraction.
 *
 * BLIS splits aggregate_rate over the clients by rate_fraction
 * (docs/formats.md §3.2).  With lifecycle windows two readings exist
 * and BLIS has shipped both: normalised over every client (the original
 * code: a two-phase spec runs each phase at a fraction of aggregate_rate)
 * or per active window (each phase runs at aggregate_rate: a client's
 * share is its rate_fraction over the sum of the clients active with it).
 * A window's trace_rate is an absolute rate in either reading.  Only
 * rate-based clients take part (concurrency and closed-loop clients follow
 * server latency).
 *
 * Generation stops at the horizon, at num_requests, or after the last
 * window, whichever comes first.  Counts are expectations of the arrival
 * process: ∫ rate dt, exact for poisson (a renewal process started at a
 * window's start differs by (cv² − 1)/2 per window), with a standard
 * deviation from the count variance cv² x count of a renewal process. */
#ifndef S2R_WLTIME_H
#define S2R_WLTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "workload.h"

enum wl_reading { WL_READ_WINDOW, WL_READ_ALL, WL_NREAD };

/* "window", "all" */
extern const char *const wl_reading_names[WL_NREAD];

/* An interval of constant activity: [start, end), end INT64_MAX when
 * open; active: Σ rate_fraction of the rate-based clients active in it. */
struct wl_phase {
	int64_t	 start, end;
	double	 active;
};

/* What one reading implies. */
struct wl_expect {
	bool	 bounded;	/* false: nothing stops generation */
	bool	 by_requests;	/* num_requests stops it before the end */
	double	 count, count_sd;	/* requests generated */
	int64_t	 end_us;	/* when generation stops (last arrival) */
	double	 end_sd_us;
	double	*rate;		/* per client: req/s over its active span */
	int64_t	*client_end;	/* per client: span end, clipped to end_us */
};

struct wl_timeline {
	size_t		 nclients;	/* as the workload's */
	struct wl_phase	*phases;
	size_t		 nphases;
	double		 total;		/* Σ rate_fraction, rate-based */
	bool		 differ;	/* the readings give different rates */
	int64_t		*client_start;	/* first window start; 0: always on */
	bool		*client_on;	/* rate-based with an active span */
	struct wl_expect r[WL_NREAD];
};

/* Fills t for w (no closed-loop or multi-turn effects: the caller says
 * when those make the numbers not comparable). */
void	wl_timeline_build(const struct workload *w, struct wl_timeline *t);
void	wl_timeline_free(struct wl_timeline *t);

/* Requests per second of client i in phase p under reading rd (0 when it
 * is not active there). */
double	wl_client_rate_in(const struct workload *w,
	    const struct wl_timeline *t, size_t i, size_t p,
	    enum wl_reading rd);

/* Clients with the same lifecycle windows: their shares of each other do
 * not depend on the reading, so each group has an exact mixture. */
struct wl_group {
	char	*label;		/* "0-200s", "0-30s+60-90s", "always" */
	size_t	*members;	/* client indices, spec order */
	size_t	 n;
	double	 total;		/* Σ rate_fraction of the members */
};

/* Whether a and b have the same windows (edges and trace_rate). */
bool	wl_same_windows(const struct wl_client *a, const struct wl_client *b);

/* The groups of the rate-based clients, in order of first member; returns
 * how many.  Caller frees with wl_groups_free. */
size_t	wl_groups(const struct workload *w, struct wl_group **out);
void	wl_groups_free(struct wl_group *g, size_t n);

#endif
