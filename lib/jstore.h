/* jstore.h - the judge's record store: each record kept as its JSON text
 * (about its own size) with its index keys, and parsed again only while
 * a rule reads it.
 *
 * As jansson objects the records of a bundle take seven to thirteen
 * times their text, and s2r-verdict must hold every record before it
 * judges any.  The store keeps the text in large chunks, the keys (kind,
 * metric, cell keys) and the sub-scope interned and the numeric value, so
 * that finding a record parses nothing; a record a rule asks for is parsed
 * and stays parsed until jstore_release(), which the judge calls between
 * rule calls: a rule may hold its records for the whole call however
 * many it asks for.  (A cache kept across calls, least recently used out,
 * was measured with 1 to 16 MB of text: it cost memory and saved no time
 * on either the judge fixtures or 32 replicas of the aw pair.) */
#ifndef S2R_JSTORE_H
#define S2R_JSTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "jindex.h"
#include "str.h"
#include "strtab.h"

struct jslot;

struct jstore {
	struct jkeys	*keys;		/* per record, interned */
	const char	**sub;		/* per record: jstore_subtext() of its
					 * scope, interned; NULL: not known */
	double		*num;		/* per record: its numeric "value",
					 * NAN when it has none */
	struct jslot	*slot;		/* per record: text, parsed form */
	size_t		 n, cap;
	struct strtab	 names;		/* the interned key values */
	char		**chunk;	/* the text, in chunks */
	size_t		 nchunk, chunk_used, chunk_cap;
	uint32_t	*live;		/* the records parsed now */
	size_t		 nlive, caplive;
	size_t		 parses;	/* how often a text was parsed */
};

void	 jstore_init(struct jstore *s);
void	 jstore_free(struct jstore *s);
/* Adds rec (taken; parsed until the next release) without text yet;
 * returns its number.  The caller checks it, then seals it. */
size_t	 jstore_push(struct jstore *s, json_t *rec);
/* Gives record i its text (len bytes, copied; NULL: rec as
 * json_dumps() writes it) and its keys. */
void	 jstore_seal(struct jstore *s, size_t i, const char *text,
	    size_t len);
/* A record recscan_line() took (the len bytes of its line at text, with
 * what it pulled in rs), kept without parsing it; returns its number. */
struct recscan;
size_t	 jstore_add(struct jstore *s, const char *text, size_t len,
	    const struct recscan *rs);
/* Record i, parsed from its text unless it is parsed now. */
const json_t *jstore_get(struct jstore *s, size_t i);
/* Lets every parsed record go: every pointer from jstore_get() is gone. */
void	 jstore_release(struct jstore *s);
/* Whether a scope key names the cell: phase, workload or iteration. */
bool	 jstore_is_cell_key(const char *key);
/* The scope members of obj (but phase, workload and iteration unless
 * cell_keys), keys sorted, written to b so that two scopes write the same
 * text if and only if they hold the same keys and string values; false
 * (b undefined) when a value is not a string. */
bool	 jstore_subtext(struct sbuf *b, const json_t *obj, bool cell_keys);
/* str as an interned string (NULL stays NULL): the same pointer for the
 * same bytes for the life of the store. */
const char *jstore_intern(struct jstore *s, const char *str);

#endif
