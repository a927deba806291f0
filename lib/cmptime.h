/* cmptime.h - one trace over time (s2r-compare timeline): requests sent
 * and completed per second from the trace's own t = 0 (its first
 * send_time_us), and a bounded, deterministic sample of per-request TTFT
 * and E2E against send time per SLO class, as compare records with
 * columns and points (the HTML report's over-time and scatter charts). */
#ifndef S2R_CMPTIME_H
#define S2R_CMPTIME_H

#include <jansson.h>

#include "cmparm.h"

/* Bins per series: a longer run gets wider bins (1, 2, 5, 10 ... s). */
#define TL_MAX_BINS	1200
/* Requests per scatter sample of one trace. */
#define TL_SCATTER_MAX	2000

/* One trace's timeline, fed row by row: by cmp_timeline_cell, or by
 * whoever reads the trace for something else too (s2r-compare ab
 * --timeline, through cmpab's tap). */
struct cmp_tl;

struct cmp_tl *cmp_tl_new(void);
/* Row number rowno (1 for the first data row) of the trace. */
void	cmp_tl_row(struct cmp_tl *t, const struct cmp_row *row,
	    int64_t rowno);
/* Appends the cell's records to out and frees t. */
void	cmp_tl_end(struct cmp_tl *t, const struct cmp_workload *w,
	    const struct cmp_arm *arm, const struct cmp_cell *cell,
	    json_t *out);

/* Reads the cell's trace and appends its records to out. */
void	cmp_timeline_cell(const struct cmp_workload *w,
	    const struct cmp_arm *arm, const struct cmp_cell *cell,
	    json_t *out);

#endif
