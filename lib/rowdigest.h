/* rowdigest.h - a trace row's fingerprint, for finding one run filed
 * under two cells (check 1h trace.copied). */
#ifndef S2R_ROWDIGEST_H
#define S2R_ROWDIGEST_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a over the n numbers that make a row this run's (its id, tokens
 * and microsecond times).  Summed over a trace's rows it does not depend
 * on their order, so a trace copied into another cell, sorted or not,
 * sums the same, and two runs, whose clocks differ, never do. */
uint64_t	 row_digest(const int64_t *v, size_t n);

#endif
