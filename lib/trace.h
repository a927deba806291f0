/* trace.h - workload, status and latency statistics of a BLIS TraceV2
 * trace (trace_data.csv + trace_header.yaml), as measure records.
 *
 * Columns are found by header name, so every layout from 22 to 29+
 * columns reads; metrics whose columns a layout lacks are left out or
 * derived from what is there (the record's source.how says which).  Rows
 * stream: only what a quantile needs is stored. */
#ifndef S2R_TRACE_H
#define S2R_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "csvr.h"
#include "tracefile.h"

struct trace_scope {
	const char	*phase;
	const char	*workload;
	const char	*iteration;
};

struct trace_stats;

/* Reads every row of r (header already read); h may be absent
 * (present == false).  Bad fields are fatal. */
struct trace_stats *trace_stats_read(struct csvr *r,
		    const struct trace_header *h);
/* trace_stats_read in two steps, so that a caller recovering from
 * s2r_die (s2r_die_hook) still holds what to free. */
struct trace_stats *trace_stats_new(void);
void	trace_stats_fill(struct trace_stats *s, struct csvr *r,
	    const struct trace_header *h);
/* Appends the measure records, in their fixed order, to the array out. */
void	trace_stats_records(const struct trace_stats *s,
	    const struct trace_scope *scope, json_t *out);
void	trace_stats_free(struct trace_stats *s);

#endif
