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

/* Lengths against their arrival times (Welford's co-moments): the
 * sampler draws each length independently of when it is sent, so the
 * correlation of the two is chance only (1c/1d's client.*_tokens.trend). */
struct comoment {
	int64_t	n;
	double	mt, mx, m2t, m2x, ctx;
};

static inline void
comoment_add(struct comoment *c, double t, double x)
{
	double dt = t - c->mt, dx;

	c->n++;
	c->mt += dt / (double)c->n;
	dx = x - c->mx;
	c->mx += dx / (double)c->n;
	c->m2t += dt * (t - c->mt);
	c->m2x += dx * (x - c->mx);
	c->ctx += dt * (x - c->mx);
}

struct xclient {
	int64_t		 n, first, last;
	struct moments	 in, out;
	struct ivals	 inv, outv;	/* the lengths, for their quantiles */
	struct comoment	 intr, outtr;	/* the lengths against arrival */
	int64_t		 prefixed, streaming;
	/* its rows stream_row judges (streamed, ok, 2+ tokens, a chunk
	 * count), those answered in chunks, the first answered whole */
	int64_t		 str_rows, str_chunked, str_whole_line;
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
