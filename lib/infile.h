/* infile.h - opening an input file: a regular file, or "-" for standard
 * input, and nothing else.
 *
 * A reader that opens a FIFO blocks until something writes to it (for
 * ever, in a bundle nobody feeds), a device may never end and a folder is
 * no data: every s2r reader opens its inputs through here, and anything
 * but a regular file is refused with one line,
 *   s2r-tool: real/b/w1/trace_data.csv: expected a regular file, got a FIFO
 * and exit 2.  The file is opened without blocking and its type read from
 * the open descriptor, so a FIFO swapped in after a check cannot block
 * either.  A descriptor the caller opened on purpose (/dev/stdin,
 * /dev/fd/N, /proc/self/fd/N as bash's <(...) gives) is taken like "-",
 * and so is /dev/null, the usual empty input. */
#ifndef S2R_INFILE_H
#define S2R_INFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* The file type of mode in words: "a FIFO", "a folder", … */
const char	*infile_kind(mode_t mode);

/* A read-only descriptor for path ("-": STDIN_FILENO), or -1 with why
 * filled ("cannot open: <reason>", "expected a regular file, got a
 * FIFO"). */
int		 infile_fd_try(const char *path, char *why, size_t len);
/* The same, dying with "label: why" (label NULL: path). */
int		 infile_fd(const char *path, const char *label);
/* As a stdio stream ("-": stdin); the caller closes it unless stdin. */
FILE		*infile_try(const char *path, char *why, size_t len);
FILE		*infile_open(const char *path, const char *label);

#endif
