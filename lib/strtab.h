/* strtab.h - interned strings: each distinct string once, named by a dense
 * index in order of first appearance (kernel names, SLO classes, clients,
 * prefix groups).  The table's hash is keyed (siphash.h): names come from
 * bundles, and a crafted set of them must not share one slot. */
#ifndef S2R_STRTAB_H
#define S2R_STRTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strtab {
	char		**s;		/* index -> string */
	uint64_t	 *hash;		/* per string */
	size_t		  n, cap;
	uint32_t	 *slot;		/* open addressing, index + 1 */
	size_t		  nslot;
	size_t		  last;		/* last hit, index + 1 (0: none) */
	size_t		  last_len;
};

/* The index of the len bytes at s (no NUL among them), added when new;
 * *added (when added != NULL) says whether it was. */
uint32_t	 strtab_intern_n(struct strtab *t, const char *s, size_t len,
		    bool *added);
uint32_t	 strtab_intern(struct strtab *t, const char *s);
/* The index of the len bytes at s, -1 when they are not in t. */
long		 strtab_find_n(const struct strtab *t, const char *s,
		    size_t len);
void		 strtab_free(struct strtab *t);

#endif
