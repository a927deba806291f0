/* kduty_rec.h - the records of s2r-dutycycle: whole-trace figures per
 * rank, then per iteration a duty record per rank and one over the ranks
 * (the terms of docs/checks.md §3, to the nanosecond), then the
 * summaries: the multiplier sum(cycle)/sum(measured) after the outlier
 * screen, its busy-union variant, per-stage multipliers and gap
 * fractions, and the counts. */
#ifndef S2R_KDUTY_REC_H
#define S2R_KDUTY_REC_H

#include <stdio.h>

#include "kduty.h"

void	kduty_records(FILE *out, const struct kduty *d,
	    const struct kduty_opts *o);

#endif
