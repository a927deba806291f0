/* spill.h - append-only lines kept in memory up to a limit, then in an
 * unlinked temporary file.
 *
 * s2r-verdict writes more verdict text than it reads records (the why,
 * the sources, both sides' values), and must sort it before it writes
 * any: held in memory, the verdicts alone would be twice the input.
 * Past the limit the lines go to a file in $TMPDIR (default /tmp) that
 * no one else can open and that disappears with the process; reading
 * them back in (nearly) the order they were written costs one read per
 * megabyte. */
#ifndef S2R_SPILL_H
#define S2R_SPILL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The default limit: lines held in memory before they spill. */
#define SPILL_LIMIT	((size_t)4 << 20)

struct spill {
	size_t		 limit;
	size_t		 window;	/* bytes read back at a time (default
					 * 1 MB: for reading in order) */
	char		*mem;		/* the lines, until they spill */
	size_t		 len, cap;
	FILE		*f;		/* after: the file, appended to */
	char		*iobuf;		/* f's buffer */
	uint64_t	 size;		/* bytes written to f */
	char		*win;		/* a window read back from f */
	uint64_t	 win_off;
	size_t		 win_len, win_cap;
	int		 dirty;		/* f has writes not flushed */
};

void	 spill_init(struct spill *s, size_t limit);
void	 spill_free(struct spill *s);
/* Appends len bytes of text and a newline; returns the text's offset. */
uint64_t spill_add(struct spill *s, const char *text, size_t len);
/* The len bytes at off, then their newline: valid until the next
 * spill_add() or spill_get(). */
const char *spill_get(struct spill *s, uint64_t off, size_t len);

#endif
