/* atomicfile.h - writing a file so that a reader never sees it half
 * written: a temporary file beside the target, synced and renamed over
 * it once complete; the temporary is removed when anything fails, and at
 * exit when it was never committed (a tool that died half way).
 * Failures are fatal (s2r_die), named after the target. */
#ifndef S2R_ATOMICFILE_H
#define S2R_ATOMICFILE_H

#include <stddef.h>
#include <stdio.h>

#include "str.h"

struct atomicfile {
	const char	*path;		/* the target, kept by the caller */
	struct sbuf	 tmp;		/* the temporary's name */
	FILE		*f;		/* the temporary, open for writing */
};

/* Creates the temporary beside path (mode 0666 less the umask, as a
 * plain fopen would) and returns the stream to write it through. */
FILE	*atomic_open(struct atomicfile *af, const char *path);
/* Flushes, syncs and closes the temporary, then renames it to the
 * target. */
void	 atomic_commit(struct atomicfile *af);
/* The target of f when f is an atomic_open() stream not yet committed,
 * else NULL (for a message about a failed write). */
const char *atomic_target(const FILE *f);
/* The whole of data[0, len) as path: atomic_open, write, commit. */
void	 atomic_write(const char *path, const void *data, size_t len);

#endif
