/* tracex.h - the trace statistics beyond trace.c's aggregates: per
 * client (count, first and last arrival, rate, token moments, prefix and
 * streaming rows, classes), the run's span, sessions (count, rounds,
 * concurrency, think times), requests in flight, the optional TraceV3
 * columns and header keys, and the ITL file.  trace.c feeds it one row at
 * a time and it writes its records through trace.c's builder
 * (trace_int.h). */
#ifndef S2R_TRACEX_H
#define S2R_TRACEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csvr.h"
#include "tracefile.h"

struct tracex;
struct out;
struct strtab;

/* What trace.c has already read of a row. */
struct trow {
	size_t	 client, cls;		/* interned indices */
	int64_t	 in, out, arr, send, first, last;
	int64_t	 id;			/* request_id, when has_id */
	bool	 has_id, prefixed, streaming, ok;
};

/* Finds its columns in r (header read). */
struct tracex	*tracex_new(struct csvr *r, const struct trace_header *h);
void		 tracex_row(struct tracex *x, const struct csvr *r,
		    const struct trow *row);
/* After the last row (sorts; the ITL file, when there is one, is read
 * by tracex_new). */
void		 tracex_finish(struct tracex *x);
/* The records; clients and classes name the indices. */
void		 tracex_records(const struct tracex *x, struct out *o,
		    const struct strtab *clients, const struct strtab *classes);
void		 tracex_free(struct tracex *x);

#endif
