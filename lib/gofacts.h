/* gofacts.h - facts that several query kinds attach to a hit: what a
 * value text is (a number, a duration, a string, a reference to an
 * imported name), the lines of a span, the func a hit sits in, and the
 * arguments of a call. */
#ifndef S2R_GOFACTS_H
#define S2R_GOFACTS_H

#include <stddef.h>

#include <jansson.h>

#include "goindex.h"

/* Sets number, duration_ns, string or ref in o for the value text v;
 * ref needs ix (NULL: none). */
void	gofacts_value(json_t *o, const char *v, const struct gindex *ix);
/* o[key] = {line, end_line} of [a, b). */
void	gofacts_lines(json_t *o, const char *key, const struct gofile *f,
	    size_t a, size_t b);
/* facts.enclosing_func = {symbol, line, end_line} of the top-level func
 * that holds off; nothing when there is none. */
void	gofacts_enclosing_func(json_t *facts, const struct gofile *f,
	    const struct gindex *ix, size_t off);
/* The arguments between the brackets at open and close, as code texts. */
json_t	*gofacts_call_args(const struct gofile *f, size_t open, size_t close);

#endif
