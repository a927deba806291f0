/* kmatch_rec.h - the records of s2r-kernel-match: the A1 comparison
 * (per iteration an iter record and its op rows, op rows over all
 * compared iterations, then the summaries: coverage, error, cause,
 * unmapped families, iteration counts) and the rules audit (--check). */
#ifndef S2R_KMATCH_REC_H
#define S2R_KMATCH_REC_H

#include <stddef.h>
#include <stdio.h>

#include "kmatch.h"

struct kmatch_opts {
	double		 op_tol;	/* an operation deviates beyond it */
	double		 large;		/* unmapped share that counts as large */
	size_t		 top;		/* list length in summaries */
};

/* Sorts the comparison's rows (largest absolute error first) as it
 * writes them. */
void	kmatch_records(FILE *out, struct amatch *m, const struct kslots *ss,
	    const struct kmatch_opts *o);
/* Three summaries: kernel names no rule matches, rules shadowed by
 * earlier ones of another kind, rules that match nothing. */
void	kcheck_records(FILE *out, const struct lrules *rs,
	    const struct krank *ranks, size_t nr);

#endif
