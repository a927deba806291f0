/* itl.h - inter-token latencies from a per-chunk ITL file: the
 * trace_data.itl.csv that blis observe --record-itl writes beside
 * trace_data.csv (docs/formats.md §2.5).
 *
 * Columns, read by name: request_id (the trace's), chunk_index (0-based;
 * chunk 0 is the first streamed chunk, the TTFT point) and timestamp_us
 * (absolute client receive time in µs, on the trace's clock).  One row
 * per SSE data line of a successful streamed request; rows of a request
 * are normally together and in chunk order, but any order is read.  A
 * request's inter-token latencies are the gaps between its consecutive
 * chunks, in integer µs.
 *
 * Bad input is fatal with file:line:column: a non-integer or negative
 * field, a chunk index repeated or skipped, a chunk received before the
 * one before it, a request trace given in its place.  Memory: one small
 * row per chunk while reading, one gap per chunk after. */
#ifndef S2R_ITL_H
#define S2R_ITL_H

#include <stddef.h>
#include <stdint.h>

#include "csvr.h"
#include "reqpop.h"
#include "stats.h"

struct itlreq {
	int64_t		 id;		/* first: itl.c bsearch()es by it */
	int64_t		 first, last;	/* chunk 0 and the last chunk, µs */
	int64_t		 chunks;
	size_t		 gap0;		/* gaps[gap0 .. gap0 + chunks - 1) */
	long		 line;		/* its chunk 0 row */
};

struct itl {
	char		*label;		/* source.file */
	struct itlreq	*r;		/* sorted by id */
	size_t		 nr;
	int64_t		*gaps;		/* µs, each request's in chunk order */
	size_t		 ngaps;
	int64_t		 rows;
};

/* The ITL file blis observe writes beside the trace csv when it exists:
 * csv minus ".csv", plus ".itl.csv" (trace_data.csv: trace_data.itl.csv).
 * NULL for "-" or none; caller frees. */
char	*itl_beside(const char *csv);
/* Reads every row of r (header already read) into t. */
void	itl_read(struct itl *t, struct csvr *r);
void	itl_free(struct itl *t);
/* The request with id, or NULL. */
const struct itlreq *itl_find(const struct itl *t, int64_t id);

/* What itl_values() selected: the streamed successful rows it looked
 * for (streamed), those with no chunk in t (a file cut short, or another
 * run's: an unstreamed answer has no chunks to miss) and their first ids,
 * and over the requests with two chunks or more, output tokens after the
 * first and gaps: their ratio is the tokens a chunk carries (a server
 * that streams several tokens per chunk makes chunk gaps longer than
 * token gaps). */
struct itlsel {
	size_t		 streamed, missing;
	int64_t		 missing_ex[REQMATCH_EXAMPLES];
	int64_t		 tokens, gaps;
};

/* The gaps (ms) of the requests of p's rows idx[0..n) (idx NULL: every
 * successful row) into v, sorted. */
void	itl_values(const struct itl *t, const struct reqpop *p,
	    const size_t *idx, size_t n, struct dvals *v, struct itlsel *sel);

/* Requests of t that do not belong to p: not in it, or (CSV sides) whose
 * chunk 0 is not first_chunk_time_us, last chunk not last_chunk_time_us,
 * or chunk count not num_chunks.  The first ids into ex (up to nex). */
size_t	itl_inconsistent(const struct itl *t, const struct reqpop *p,
	    int64_t *ex, size_t nex);

#endif
