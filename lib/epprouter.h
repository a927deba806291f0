/* epprouter.h - which EPP pods wrote a cell's EPP log, and when (5g).
 *
 * stream-epp-logs names each file <epp-pod>_<HHMM>.log (the pod, then
 * the bucket's start), so the files of one pod are one router's log.
 * Two pods are either replicas logging side by side or one router
 * replaced by another mid-run (a rollout, an eviction, a crash that
 * recreated the pod): the second resets the router's state (flow-control
 * queues, prefix-cache index, metrics) inside the run. */
#ifndef S2R_EPPROUTER_H
#define S2R_EPPROUTER_H

#include <stddef.h>
#include <stdint.h>

#include "logkit.h"

struct epprouter {
	char		*name;		/* the EPP pod, from the file name */
	long		 lines;		/* lines with a ts */
	int64_t		 first_us, last_us;
	const char	*first_file, *last_file;
	long		 first_line, last_line;
};

struct epprouters {
	struct epprouter *v;
	size_t		  n;
	size_t		  unnamed;	/* files not named <pod>_<HHMM>.log */
};

/* The router of one file (by its name), added when new; NULL when the
 * name is not <pod>_<HHMM>.log.  The pointer is valid until the next
 * call. */
struct epprouter *epprouter_of(struct epprouters *rs, const char *file);
/* One line's ts (epoch µs) at file:line. */
void	epprouter_ts(struct epprouter *r, int64_t us, const char *file,
	    long line);
void	epprouters_emit(const struct epprouters *rs, const char *dir,
	    const struct logctx *ctx);
void	epprouters_free(struct epprouters *rs);

#endif
