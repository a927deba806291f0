/* nullstr.h - strings that may be NULL (an absent scope member, an
 * optional field): copied and compared with NULL as a value of its own. */
#ifndef S2R_NULLSTR_H
#define S2R_NULLSTR_H

#include <stdbool.h>

/* A copy of s (xstrdup), NULL for NULL. */
char	*nullstr_dup(const char *s);
/* Whether a and b are both NULL or the same string. */
bool	 nullstr_eq(const char *a, const char *b);

#endif
