/* kmatch.h - the A1 comparison: simulated cost slots against the labeled
 * kernels of one rank, per iteration and operation, with coverage both
 * ways and the likely cause of a deviation (kcause.h). */
#ifndef S2R_KMATCH_H
#define S2R_KMATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ktrace.h"
#include "labels.h"

/* Simulated cost slots: s2r NDJSON records of kind "slot":
 *   {"kind":"slot","iter":N?,"stage":S?,"slot":NAME,"op":OP?,
 *    "category":C?,"kernel":K?,"unit_ns":U,"count":K?,"crit_ns":X?}
 * crit_ns (the slot's share of the simulated critical path) defaults to
 * unit_ns * count; op to the slot name.  A slot without "iter" applies to
 * every iteration (of its stage when it has one).  kernel: a fragment of
 * the name of the kernel the cost model profiled for the slot (matched
 * as a substring, case-sensitive), to cross-check with the kernels the
 * framework launched. */
struct kslot {
	int64_t		 iter;		/* K_NONE: every iteration */
	int		 stage;		/* -1: any */
	char		*slot, *op, *category, *kernel;
	int64_t		 crit_ns;
	int64_t		 pred_ns;	/* unit_ns x count: what it predicts */
	int64_t		 count;		/* the units (layers, calls) it charges */
	int64_t		 batch, tokens;	/* the step's requests and tokens the
					 * cost was computed for; -1 unstated */
	long		 line;
};

struct kslots {
	char		*path;
	struct kslot	*s;
	size_t		 n;
};

void		 kslots_load(struct kslots *ss, const char *path);
void		 kslots_free(struct kslots *ss);

/* One kernel name's part of an iteration's row. */
struct akern {
	uint32_t	 name;		/* ktrace names id */
	int64_t		 ns, calls;
};

/* One operation's comparison: an operation name from the rules, or an
 * unlabeled kernel name ("unmapped:NAME"). */
struct aop {
	char		*op;
	const char	*category;	/* rule kind or slot category */
	bool		 unlabeled, helper;
	int64_t		 meas, sim;	/* ns */
	int64_t		 paired_meas, paired_sim, abs_err;	/* where both */
	int64_t		 calls, slots;
	int64_t		 pred;		/* slots' unit_ns x count */
	int64_t		 units;		/* slots' count (a row) */
	int64_t		 units_off_ns;	/* measured where calls are no multiple
					 * of the count */
	size_t		 units_off_rows;
	int64_t		 units_calls, units_count, units_iter;	/* the first */
	int64_t		 zero_ns;	/* measured where the slots predict 0 */
	size_t		 zero_rows;
	int64_t		 zero_iter;	/* the first such iteration's id */
	long		 zero_line;	/* and its first slot's line */
	size_t		 n_iter, n_paired;
	long		 slot_line;	/* first slot naming it; 0 none */
	const char	*kernel;	/* first slot's kernel fragment; NULL */
	long		 kernel_line;	/* that slot's line */
	const char	*names[3];	/* kernel names seen (first three) */
	size_t		 nnames;
	int64_t		 xfam_ns;	/* kernels labeled via a qualifier */
	int64_t		 foreign_ns;	/* paired rows' kernels whose name
					 * lacks the slot's kernel fragment */
	size_t		 foreign_rows;
	int64_t		 foreign_iter;	/* the first such row's iteration */
	uint32_t	 foreign_name;	/* and its largest foreign kernel */
	struct akern	*kern;		/* iteration rows: per kernel name */
	size_t		 nkern;
	/* the cause (kcause.c), aggregated rows */
	bool		 outlier;	/* off beyond tol after the shared
					   factor */
	double		 resid;		/* meas / (sim x factor); NAN */
	int64_t		 resid_err;	/* sum |sim x factor - meas| */
	const char	*likely;	/* different_kernel, shape_edge,
					   labeling, undetermined */
	size_t		 dev_iters, track_iters;
	int64_t		 ev_name;	/* names id of the evidence; -1 */
	double		 ev_share;	/* its share of the deviating time */
	const struct aiter *ev_iter;	/* a deviating iteration */
};

struct aiter {
	const struct kiter *src;	/* the trace's iteration (its shape) */
	int64_t		 id;
	int		 stage;
	const char	*marker;
	long		 line, column;
	bool		 has_slots, has_ops;
	int		 slot_stage;	/* a slot of this iteration's id whose
					 * stage differs; -1: none */
	size_t		 lost;		/* launches whose kernels the trace
					 * lacks: then not compared */
	bool		 batch_stated;	/* an applying slot states its batch */
	const struct kslot *batch_slot;	/* the first whose batch or tokens
					 * differ from the marker's */
	int64_t		 meas, sim, mapped_meas, mapped_sim, kernels;
	struct aop	*ops;		/* this iteration's rows */
	size_t		 nops;
};

struct amatch {
	const struct krank *rank;
	const struct lrules *rs;
	struct lnames	 ln;		/* level 1 and cross-family, per name */
	struct aiter	*it;
	size_t		 nit;
	struct aop	*ops;		/* over all compared iterations */
	size_t		 nops;
	size_t		 compared, meas_only, sim_only;	/* iterations */
	size_t		 stage_mismatch;	/* compared iterations given
						 * slots of another stage */
	const struct aiter *first_mismatch;
	size_t		 incomplete;	/* iterations with kernels and slots
					 * left out: launches lost */
	size_t		 lost, lost_graph;	/* their lost launches, and
						 * of them graph launches */
	const struct aiter *first_incomplete;
	size_t		 batch_stated, batch_mismatch;	/* compared iterations
					 * whose slots state a batch; of them,
					 * another than the marker's */
	const struct aiter *first_batch;
	int64_t		 meas, sim, mapped_meas, mapped_sim;
	int64_t		 paired_meas, paired_sim, abs_err;
	int64_t		 zero_ns;	/* measured in rows predicted 0 ns */
	int64_t		 units_off_ns;	/* in rows whose calls are no multiple
					 * of their slots' count */
	int64_t		 foreign_ns;	/* in paired rows, kernels other than
					 * the one their slots' cost assumes */
	/* per names id over compared iterations: kernels labeled through a
	 * qualifier fragment, and the operation they were given */
	int64_t		*xfam_ns, *xfam_calls;
	const char	**xfam_op;
	/* the cause (kcause.c) over matched operations */
	double		 median_ratio, spread, within;	/* NAN: none */
	size_t		 deviating;	/* matched ops off by more than tol */
	size_t		 matched_ops, outliers;
	size_t		 group_ops;	/* the largest group sharing a factor */
	double		 group_factor;	/* its meas/sim; NAN none */
	double		 group_weight;	/* its share of matched meas */
	bool		 shift;		/* the group's factor is a shift */
	int64_t		 resid_err;	/* sum of the ops' resid_err */
	const char	*cause;		/* none|uniform_shift|mixed|
					   concentrated|ambiguous|
					   no_matched_ops */
};

/* Compares the labeled kernels of one rank with the slots. */
void		 kmatch(const struct lrules *rs, const struct kslots *ss,
		    const struct krank *rank, double op_tol, struct amatch *m);
void		 kmatch_free(struct amatch *m);

#endif
