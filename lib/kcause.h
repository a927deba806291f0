/* kcause.h - why the kernels deviate (check A1; spec Check 1, "judge the
 * cause").  A clock or thermal shift of the capture moves essentially
 * every kernel by one factor; a model gap is concentrated in some
 * operations.  Both can happen at once, so the cause is decomposed:
 *
 *   1. the shared factor: the largest group of matched operations whose
 *      meas/sim ratios lie within a +-5 % band (at least three, and at
 *      least half of the matched operations); it counts as a shift when
 *      it is 3 % or more away from 1;
 *   2. what is left: each operation's ratio after dividing out that
 *      factor; one still off by more than the tolerance is an outlier,
 *      ranked by sum |sim x factor - meas| over its iterations;
 *   3. per outlier, what the evidence points at: "labeling" (5 % or more
 *      of its time is kernels its rule reached through a qualifier
 *      fragment), "different_kernel" (half or more of its time is kernels
 *      its slot's kernel fragment does not name, or, without one, kernels
 *      it launches only in the iterations where it deviates),
 *      "shape_edge" (the slot's kernel ran, or the same kernels track at
 *      other shapes), else "undetermined".
 *
 * The cause: none (no shift, no outlier), uniform_shift (a shift and no
 * outlier), mixed (a shift and outliers: two causes, stop and ask),
 * concentrated (outliers, no shift), ambiguous (one or two matched
 * operations, all off the same way: a shift cannot be told from a gap),
 * no_matched_ops. */
#ifndef S2R_KCAUSE_H
#define S2R_KCAUSE_H

#include "kmatch.h"

/* Fills m's cause fields and its aggregated operations' (outlier, resid,
 * resid_err, likely, ...); tol: an operation deviates beyond it. */
void	kcause(struct amatch *m, double tol);

#endif
