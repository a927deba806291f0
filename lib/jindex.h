/* jindex.h - the judge's record index: every record's kind, scope cell
 * keys and metric, pulled out once (struct jkeys) and sorted (by cell,
 * and by metric),
 * so that a rule asking for "the measure records of metric m in cell c"
 * or "metric m in every cell" does a few binary searches instead of
 * scanning the whole store (which made judging quadratic in the number
 * of cells).  It compares each key value as its rank among the values
 * held (byte order), not as bytes.
 *
 * A selection names, per field, what a record must hold; the answer is
 * every record that holds it, in input order, so that a rule reading the
 * answer sees the records exactly as a scan of the store would. */
#ifndef S2R_JINDEX_H
#define S2R_JINDEX_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

struct jcell;
struct jindex;

/* What the index knows of a record (NULL: the key is absent). */
enum { JK_KIND, JK_WL, JK_PH, JK_IT, JK_METRIC, JK_NFIELDS };
struct jkeys {
	const char	*f[JK_NFIELDS];
};
/* rec's keys, borrowed from rec. */
void	 jkeys_of(struct jkeys *k, const json_t *rec);

/* What a record's scope key must hold. */
enum jmatch {
	JM_ANY,		/* anything, or no key */
	JM_NONE,	/* no key */
	JM_IS,		/* exactly the value (NULL value: no key) */
	JM_IS_OR_NONE	/* the value, or no key */
};

struct jsel {
	const char	*kind;		/* NULL: any */
	const char	*metric;	/* NULL: any; "x.*" (trailing '*'): prefix */
	const char *const *metrics;	/* or one of these (NULL-terminated) */
	enum jmatch	 wl, ph, it;	/* workload, phase, iteration */
	const char	*workload, *phase, *iteration;
};

/* Indexes records 0 to n - 1 by their keys (borrowed: they must
 * outlive the index). */
struct jindex *jindex_build(const struct jkeys *keys, size_t n);
void	 jindex_free(struct jindex *x);
/* The numbers of the records matching s, in input (ascending) order, as
 * a new array (caller frees it); returns how many. */
size_t	 jindex_select(const struct jindex *x, const struct jsel *s,
	    size_t **out);
/* Sets the scope part of s to the records that apply to cell c (NULL:
 * every record): exact, the records of exactly that cell; else also
 * those that leave a cell key out (they apply to every value of it). */
void	 jsel_cell(struct jsel *s, const struct jcell *c, bool exact);

#endif
