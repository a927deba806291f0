/* labels.h - kernel labeling rules: kernel names to kinds and operations.
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
 * bookkeeping expected to stay unmapped (copies, fills, sampling).
 *
 * Cross-family matches: a rule whose ERE reaches a kernel name only
 * through part of a word of a namespace or class qualifier ("gemm" in
 * "fbgemm_gpu::permute_2D_lengths_kernel") labels a kernel of another
 * library's family by accident; lrule_via_qualifier() tells, and the
 * A1 records list such kernels (labels.cross_family). */
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

/* Whether rule r matches name only inside one identifier that is
 * followed by "::" (a qualifier) and cuts one of its words there (a
 * letter or digit on both sides of a match edge): "gemm" in
 * "fbgemm_gpu::", not "cutlass" in "cutlass::" nor "at::native::".
 * *qual, *qlen: that qualifier (the first match's). */
bool		 lrule_via_qualifier(const struct lrule *r, const char *name,
		    size_t *qual, size_t *qlen);

/* Per-name level-1 result for one trace. */
struct lnames {
	int		*first;		/* rule index or -1, per name id */
	bool		*xfam;		/* first rule only via a qualifier */
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
/* Labels every operation of device dev, an iteration (and then the
 * unattributed ones) at a time: out[j] for operation j. */
void		 label_device(const struct lrules *rs, const struct ktrace *t,
		    int32_t dev, struct llabel *out);

/* The rules against kernel names (s2r-kernel-match --check), per rule. */
struct laudit {
	size_t		*hits;		/* names it matches */
	size_t		*reach;		/* names whose first rule has its kind */
	int		*shadow;	/* the earlier rule of another kind that
					   took a name first; -1 none */
	const char	**example;	/* that name */
};

void		 laudit_init(struct laudit *a, const struct lrules *rs);
/* Counts name against every rule; returns its first rule, -1 none. */
int		 laudit_name(struct laudit *a, const struct lrules *rs,
		    const char *name);
void		 laudit_free(struct laudit *a);

#endif
