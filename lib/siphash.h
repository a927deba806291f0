/* siphash.h - SipHash (Aumasson and Bernstein, 2012): a keyed hash of
 * bytes.  The hash tables that hold names from a bundle (strtab, yamlr's
 * map index) use it with a key drawn once a process, so that whoever
 * writes a bundle cannot choose names that all land in one slot: each
 * lookup would then be linear in the names, the reading quadratic.  A
 * table's slots depend on the key; nothing s2r writes does. */
#ifndef S2R_SIPHASH_H
#define S2R_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

/* SipHash-c-d of the len bytes at msg under key (16 bytes). */
uint64_t	siphash(const uint8_t key[16], int c, int d, const void *msg,
		    size_t len);
/* SipHash-1-3 under this process's key (random, drawn at first use). */
uint64_t	hash_keyed(const void *msg, size_t len);

#endif
