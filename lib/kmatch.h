/* kmatch.h - the A1 comparison: simulated cost slots against the labeled
 * kernels of one rank, per iteration and operation, with coverage both
 * ways and a cause hint (uniform shift vs concentrated). */
#ifndef S2R_KMATCH_H
#define S2R_KMATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ktrace.h"
#include "labels.h"

/* Simulated cost slots: s2r NDJSON records of kind "slot":
 *   {"kind":"slot","iter":N?,"stage":S?,"slot":NAME,"op":OP?,
 *    "category":C?,"unit_ns":U,"count":K?,"crit_ns":X?}
 * crit_ns (the slot's share of the simulated critical path) defaults to
 * unit_ns * count; op to the slot name.  A slot without "iter" applies to
 * every iteration (of its stage when it has one). */
struct kslot {
	int64_t		 iter;		/* K_NONE: every iteration */
	int		 stage;		/* -1: any */
	char		*slot, *op, *category;
	int64_t		 crit_ns;
	long		 line;
};

struct kslots {
	char		*path;
	struct kslot	*s;
	size_t		 n;
};

void		 kslots_load(struct kslots *ss, const char *path);
void		 kslots_free(struct kslots *ss);

/* One operation's comparison: an operation name from the rules, or an
 * unlabeled kernel name ("unmapped:NAME"). */
struct aop {
	char		*op;
	const char	*category;	/* rule kind or slot category */
	bool		 unlabeled, helper;
	int64_t		 meas, sim;	/* ns */
	int64_t		 paired_meas, paired_sim, abs_err;	/* where both */
	int64_t		 calls, slots;
	size_t		 n_iter, n_paired;
	long		 slot_line;	/* first slot naming it; 0 none */
	const char	*names[3];	/* kernel names seen (first three) */
	size_t		 nnames;
};

struct aiter {
	int64_t		 id;
	int		 stage;
	const char	*marker;
	long		 line, column;
	bool		 has_slots, has_ops;
	int64_t		 meas, sim, mapped_meas, mapped_sim, kernels;
	struct aop	*ops;		/* this iteration's rows */
	size_t		 nops;
};

struct amatch {
	const struct krank *rank;
	struct aiter	*it;
	size_t		 nit;
	struct aop	*ops;		/* over all compared iterations */
	size_t		 nops;
	size_t		 compared, meas_only, sim_only;	/* iterations */
	int64_t		 meas, sim, mapped_meas, mapped_sim;
	int64_t		 paired_meas, paired_sim, abs_err;
	/* cause hint over matched operations, weighted by measured time */
	double		 median_ratio, spread, within;	/* NAN: none */
	size_t		 deviating;	/* matched ops off by more than tol */
	const char	*cause;		/* none|uniform_shift|concentrated|
					   no_matched_ops */
};

/* Compares the labeled kernels of one rank with the slots. */
void		 kmatch(const struct lrules *rs, const struct kslots *ss,
		    const struct krank *rank, double op_tol, struct amatch *m);
void		 kmatch_free(struct amatch *m);

#endif
