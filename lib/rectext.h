/* rectext.h - records as tables for people: the --format text of every
 * tool that measures (docs/architecture.md, "Tools").
 *
 * First a table of the records that carry a metric (check, metric, the
 * scope that differs between them, value, unit, n, and why when a value
 * cannot be judged), then a table per other kind (op, iter, duty, kernel,
 * ...) of the members that say most about it.  Columns are aligned;
 * numbers are written as people write them: integers exact, others to 4
 * significant digits, fractions as percentages.  A scope member every
 * record shares goes to the title line.  Distributions (points, bins)
 * have no one value to show and are left to the NDJSON. */
#ifndef S2R_RECTEXT_H
#define S2R_RECTEXT_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "atomicfile.h"

/* Writes the tables of the array recs, under "# title". */
void	 rectext_write(FILE *out, const json_t *recs, const char *title);

/* Where a tool writes its records: standard output or (-o FILE) a file
 * written atomically, as NDJSON, or for --format text through a memory
 * buffer, turned into tables when it is closed. */
struct recout {
	bool	 text;
	FILE	*f;
	char	*buf;
	size_t	 len;
	FILE	*dest;		/* stdout, or the file's temporary */
	struct atomicfile af;
};

/* The stream to write the records to (rec_emit ...); path NULL: standard
 * output, else the file, which appears whole or not at all. */
FILE	*recout_open(struct recout *o, bool text, const char *path);
/* Ends the output: NDJSON is flushed; text reads the records back and
 * writes their tables under title; a file is renamed into place.  Dies
 * on a write error. */
void	 recout_close(struct recout *o, const char *title);

#endif
