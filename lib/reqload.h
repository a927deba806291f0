/* reqload.h - one side of a sim-vs-real comparison read from a file:
 * a TraceV2 trace CSV (with its header) or a BLIS metrics JSON, told
 * apart by content (s2r-latency, s2r-compare calibrate). */
#ifndef S2R_REQLOAD_H
#define S2R_REQLOAD_H

#include <stdbool.h>

#include "reqpop.h"

struct reqload_opts {
	const char	*header;	/* the trace header; NULL: beside */
	bool		 no_header;
	const char	*root;		/* source.file relative to it */
};

/* Reads path ("-": stdin) into p (initialised here).  A JSON input with
 * a header given is bad usage (fatal, like bad input). */
void	reqpop_load(struct reqpop *p, const char *path,
	    const struct reqload_opts *o);

#endif
