/* vstream.h - the end of a verdict stream.
 *
 * s2r-verdict writes its verdicts, then one end record:
 *   {"kind":"end","tool":"s2r-verdict","verdicts":N}
 * with N the verdicts before it.  Every reader of verdicts (the report,
 * --diff, the batch index) counts what it reads through a vstream: verdicts
 * with no end record after them mean the stream was cut (s2r-verdict
 * died, a pipe broke, a disk filled) or is not s2r-verdict's output, and a
 * report of them would look complete when it is not; an input with no end
 * record and no verdicts is what a producer that died first leaves. */
#ifndef S2R_VSTREAM_H
#define S2R_VSTREAM_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

struct vstream {
	long	 records;	/* of any kind */
	long	 verdicts;	/* since the last end record */
	long	 total;		/* every verdict */
	long	 ends;		/* end records */
};

/* Writes the end record for the verdicts written before it. */
void	 vstream_write_end(FILE *out, size_t verdicts);
/* Counts rec; dies (file:line) when an end record does not count the
 * verdicts since the one before it. */
void	 vstream_add(struct vstream *s, const json_t *rec, const char *file,
	    long line);
/* Counts a verdict record (vstream_add() of one, without its tree). */
void	 vstream_add_verdict(struct vstream *s);
/* The same of a record neither a verdict nor an end record. */
void	 vstream_add_other(struct vstream *s);
/* NULL when what was read so far is whole, else why it is not. */
const char *vstream_cut(const struct vstream *s);
/* Dies ("label: why") when one input read into s is cut, or is standard
 * input and empty (what a dead producer piped in leaves), else adds its
 * counts to all. */
void	 vstream_done(const struct vstream *s, struct vstream *all,
	    const char *label);
/* NULL when all holds verdicts, else why there is nothing to report. */
const char *vstream_empty(const struct vstream *all);

#endif
