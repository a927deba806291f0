/* goqkinds.h - the answerer of each query kind, behind goq_file: the
 * declaration queries (godecl.c), the statement-level ones (gostmt.c) and
 * the signal analyses 3b and 4d (gosignal.c).  Each appends its hits for
 * one lexed and indexed file to out. */
#ifndef S2R_GOQKINDS_H
#define S2R_GOQKINDS_H

#include "goindex.h"
#include "golex.h"
#include "goquery.h"

/* godecl.c */
void	goq_func(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
void	goq_type(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
void	goq_field(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
void	goq_value(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);	/* const, var */
/* Every func whose body names one of q->signals, as --func does. */
void	goq_readers(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
/* The facts q asks for (GF_*) over the code in [a, b): a function's
 * body, or the block a regex hit's line opens. */
void	goq_body_facts(json_t *facts, const struct gquery *q,
	    const struct gofile *f, size_t a, size_t b);

/* gostmt.c */
void	goq_assign(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
void	goq_call(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
void	goq_keyval(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
void	goq_string(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
/* ix may be NULL (a file that is not Go). */
void	goq_regex(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);

/* gosignal.c */
void	goq_scale(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);
void	goq_dispatch(const struct gquery *q, const struct gofile *f,
	    const struct gindex *ix, struct ghits *out);

#endif
