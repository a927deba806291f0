/* krec.h - records of the kernel tools: the scope of a rank, values that
 * are null when absent, and the trace reader's own iter and kernel
 * records (s2r-kernel-match --emit-kernels; s2r kernel NDJSON reads them
 * back). */
#ifndef S2R_KREC_H
#define S2R_KREC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "ktrace.h"

struct lrules;

/* {"iteration": iter, "device": rk's, "rank": rk's}; iter NULL: none. */
json_t	*krec_scope(const struct krank *rk, const char *iter);
/* v, or null when K_NONE. */
json_t	*krec_i64_or_null(int64_t v);

/* The rank's iter records, then a kernel record per operation of its
 * device in start order, labeled (category, op) when rs is not NULL. */
void	 krec_kernels(FILE *out, const struct krank *rk,
	    const struct lrules *rs);

#endif
