/* keygroup.h - values grouped by a key of several strings (any of them
 * absent), each group in the order its values were added.  The charts of
 * the HTML report find a record's partners (the expectation of a cell,
 * the verdicts of a chart, the row of a series) through these instead of
 * scanning every record once for each record. */
#ifndef S2R_KEYGROUP_H
#define S2R_KEYGROUP_H

#include <stddef.h>

#include "str.h"
#include "strtab.h"

struct keygroup {
	struct strtab	 keys;
	size_t		*head, *tail;	/* per key: entry + 1 */
	size_t		*next;		/* per entry: entry + 1, 0: the last */
	size_t		*val;		/* per entry */
	size_t		 n;
	struct sbuf	 text;		/* the key being looked up */
};

/* The n parts as one text no other parts make: "\1" for an absent part,
 * else "\2", its length, ':' and its bytes. */
void	 keygroup_key(struct sbuf *out, const char *const *parts, size_t n);
void	 keygroup_add(struct keygroup *g, const char *const *parts, size_t n,
	    size_t val);
/* The first entry of the group of parts, 0 when there is none; entry e
 * holds g->val[e - 1], the next one is g->next[e - 1]. */
size_t	 keygroup_first(struct keygroup *g, const char *const *parts,
	    size_t n);
void	 keygroup_free(struct keygroup *g);

#endif
