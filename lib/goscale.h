/* goscale.h - what a '*' or '/' on a line of Go does to the scale of a
 * value (check 3b): an operand worth 100 or 0.01 however it is written
 * (100, 100.00, 1e2, 1e-2, .01, 1_00, 0x64, float64(100), (100)), or a
 * name that holds such a value (a const or var of the file, or a local
 * of the function defined by `const`, `var` or `:=`). */
#ifndef S2R_GOSCALE_H
#define S2R_GOSCALE_H

#include <stddef.h>

#include "goindex.h"
#include "str.h"

/* The names of one function known to hold 100 or 0.01. */
struct goscale_names {
	struct strv	hundred;
	struct strv	hundredth;
};

/* Notes a local definition on the masked line code that gives a name
 * 100 or 0.01 (const pct = 100, pct := float64(100), var f = 1e-2). */
void	goscale_note(const char *code, const struct gindex *ix,
	    struct goscale_names *names);
void	goscale_names_free(struct goscale_names *names);

/* The first rescale on the masked line code from offset from:
 * "divide_by_100", "multiply_by_100" or "multiply_by_0.01", with the
 * column of the operator (or of a leading factor) in *col, where to
 * look for the next in *next, and the operator and operand text in op;
 * NULL when there is none.  names may be NULL. */
const char *goscale_kind(const char *code, size_t from,
	    const struct gindex *ix, const struct goscale_names *names,
	    size_t *col, size_t *next, char *op, size_t oplen);
/* +1 for a rescale that multiplies by 100, -1 for one that divides: a
 * line whose rescales sum to 0 (math.Round(x*100)/100) keeps the scale. */
int	goscale_sign(const char *kind);

/* 100 or 0.01 when the value text (a literal, perhaps converted or
 * bracketed) is worth that, else 0. */
double	goscale_value(const char *text);

#endif
