/* trace_int.h - what trace.c shares with tracex.c, tracex_client.c and
 * trace_dist.c: the record context, trace.c's one measure-record builder
 * and the distribution records. */
#ifndef S2R_TRACE_INT_H
#define S2R_TRACE_INT_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "trace.h"

struct trace_stats;

struct out {
	const struct trace_stats *s;
	const struct trace_scope *scope;
	json_t	*arr;
};

/* One measure record (trace.c's put): check, metric, value (NaN: null),
 * unit, n (< 0: none), one extra scope key k1 = v1 (NULL: none), the
 * status of status.count, source field and how; source.file is the
 * trace's.  Returns the record, for a caller that adds a key. */
json_t	*trace_put(struct out *o, const char *check, const char *metric,
	    double value, const char *unit, int64_t n, const char *k1,
	    const char *v1, const char *status, const char *field,
	    const char *how);

/* A measure record whose data is a points or bins array rather than one
 * value (trace_dist.c): value null, scope class cls (NULL: none), the
 * array data under key, last. */
void	trace_put_dist(struct out *o, const char *check, const char *metric,
	    const char *unit, int64_t n, const char *cls, const char *field,
	    const char *how, const char *key, json_t *data);

/* check's histogram metric of the sorted token values v of field over
 * rows (trace_dist.c): half-open bins of a 1, 2 or 5 x 10^k width. */
struct ivals;
void	trace_put_hist(struct out *o, const char *check, const char *metric,
	    const char *field, const struct ivals *v, const char *rows);

/* Stops with a located error when column col of r holds more than n
 * distinct values (the limit: environment variable name, else dflt):
 * each is held in memory with its statistics. */
struct csvr;
void	trace_check_distinct(const struct csvr *r, long col, size_t n,
	    const char *name, size_t dflt);

/* Indices of the strings of m in strcmp order; caller frees. */
struct strtab;
size_t	*trace_order(const struct strtab *m);

#endif
