/* wlexpect.h - the `expect` records a BLIS workload spec implies: checks
 * 1a-1g (docs/records.md), with the exact moments of BLIS's samplers. */
#ifndef S2R_WLEXPECT_H
#define S2R_WLEXPECT_H

#include <jansson.h>

#include "workload.h"

/* Appends to out (a JSON array) the `expect` records the spec implies,
 * scope {"workload": name}, source.file file.  Aggregates that a spec
 * feature makes time-dependent or latency-dependent (lifecycle windows,
 * closed-loop clients, multi-turn sessions, inference_perf stages,
 * servegen_data, absolute mode) are records with value null,
 * "comparable": false and a "why" naming the feature and its line. */
void	workload_expect(const struct workload *w, const char *name,
	    const char *file, json_t *out);

#endif
