/* labels.h - kernel labeling rules and the A1 kernel/slot comparison.
 *
 * Rules file (one rule a line, '#' comments):
 *   rule ID kind=KIND [op=OP] [nth=N|nth=tail] [stage=S] [prev_op=OP]
 *        [inherit] [helper] re=ERE
 * Level 1, name -> kind: the first rule (file order) whose ERE (POSIX
 * extended, case-insensitive) matches the kernel name gives its kind.
 * Level 2, kind -> operation: among the rules of that kind whose ERE
 * matches, the first whose conditions hold gives the operation (default:
 * the kind).  nth=N: the N-th kernel of this kind inside a layer, where
 * the layer period is the largest nth of the kind; nth=tail: after the
 * last whole layer (lm_head).  prev_op: the operation of the previous
 * non-helper kernel on the same stream.  inherit: take the operation of
 * the previous kernel on the stream (splitKreduce).  helper: small
 * bookkeeping expected to stay unmapped (copies, fills, sampling). */
#ifndef S2R_LABELS_H
#define S2R_LABELS_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ktrace.h"

#define NTH_ANY		0
#define NTH_TAIL	(-1)

struct lrule {
	char		*id, *kind, *op, *prev_op, *re_text;
	int		 nth;		/* NTH_ANY, NTH_TAIL or >= 1 */
	int		 kid;		/* kind index */
	int		 stage;		/* -1: any */
	bool		 inherit, helper;
	regex_t		 re;
	long		 line;
};

struct lrules {
	char		*path;
	struct lrule	*r;
	size_t		 n;
	size_t		 nkinds;
	int		*period;	/* per kind: largest nth */
};

/* Dies with path:line:column on a bad rule. */
void		 lrules_load(struct lrules *rs, const char *path);
void		 lrules_parse(struct lrules *rs, const char *label,
		    const char *text, size_t len);
void		 lrules_free(struct lrules *rs);

/* Per-name level-1 result for one trace. */
struct lnames {
	int		*first;		/* rule index or -1, per name id */
	size_t		 n;
};

void		 lnames_build(const struct lrules *rs, const struct ktrace *t,
		    struct lnames *ln);
void		 lnames_free(struct lnames *ln);

/* One labeled operation. */
struct llabel {
	int		 rule;		/* -1: unlabeled */
	const char	*op;		/* NULL when unlabeled */
	const char	*kind;
	bool		 helper;
};

/* Labels ops[idx[0..n)] (one iteration of one device) in place. */
void		 label_iteration(const struct lrules *rs,
		    const struct lnames *ln, const struct ktrace *t,
		    size_t *idx, size_t n, int stage, struct llabel *out);

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
