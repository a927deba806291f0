/* tracex_client.h - what tracex.c shares with tracex_client.c: the
 * per-client statistics, the client x class row counts, and the writer
 * of the per-client records. */
#ifndef S2R_TRACEX_CLIENT_H
#define S2R_TRACEX_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include "stats.h"

struct out;
struct strtab;

struct xclient {
	int64_t		 n, first, last;
	struct moments	 in, out;
	struct ivals	 inv, outv;	/* the lengths, for their quantiles */
	int64_t		 prefixed, streaming;
};

/* Rows of one client with one class (interned indices): one entry per
 * pair that occurs, so many clients and many classes cost their rows,
 * not clients x classes. */
struct xpair {
	uint32_t	 client, cls;
	int64_t		 rows;
};

/* tracex.c's per-client tables after tracex_finish, for the records. */
struct xclients {
	const struct xclient	*cl;		/* per client index */
	size_t			 ncl;
	const struct xpair	*pairs;		/* sorted by client */
	const size_t		*pstart;	/* per client, its first pair */
	/* client x adapter (cls: the adapter's index), as pairs; NULL
	 * without an adapter column */
	const struct xpair	*apairs;
	const size_t		*apstart;
};

/* The per-client records (1a, 1b, 1c, 1d, 1e, 1f), clients in name
 * order, each client's classes and adapters by name; clients, classes
 * and adapters name the indices. */
void	tracex_put_clients(const struct xclients *x, struct out *o,
	    const struct strtab *clients, const struct strtab *classes,
	    const struct strtab *adapters);

#endif
