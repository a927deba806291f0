/* jsonscan.h - a streaming JSON scanner for documents too big to load.
 *
 * jansson builds the whole tree; a multi-gigabyte profiler trace must be
 * walked instead.  The scanner reads through zlib (so plain and gzip
 * files look the same), keeps line, column and byte offset for every
 * token, and dies with "file:line:column: expected X, got Y" on anything
 * that is not JSON.  Callers pull values in document order. */
#ifndef S2R_JSONSCAN_H
#define S2R_JSONSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "str.h"

struct jscan;

/* Where a token starts (1-based line and column, 0-based byte offset of
 * the uncompressed text). */
struct jpos {
	long	line;
	long	column;
	int64_t	offset;
};

enum jtype { J_OBJECT, J_ARRAY, J_STRING, J_NUMBER, J_TRUE, J_FALSE,
    J_NULL };

/* Bytes per read of a file scanner (default 1 MiB).  Tests and fuzzing
 * set it small so that the buffer ends inside every kind of token. */
extern size_t	 jscan_read_size;

/* path "-" reads stdin.  Dies (exit 2) when it cannot be opened. */
struct jscan	*jscan_open(const char *path);
/* Reads from fd (taken over, closed by jscan_close); label names it. */
struct jscan	*jscan_open_fd(int fd, const char *label);
/* Scans an in-memory buffer (fuzzing, tests). */
struct jscan	*jscan_mem(const char *label, const void *buf, size_t len);
void		 jscan_close(struct jscan *js);
const char	*jscan_path(const struct jscan *js);

/* Position of the next token (after white space). */
struct jpos	 jscan_pos(struct jscan *js);
/* Type of the next value, without consuming it. */
enum jtype	 jscan_peek(struct jscan *js);

/* Object walking: call jscan_obj_begin, then jscan_obj_key until it
 * returns false; after each key read or skip exactly one value. */
void		 jscan_obj_begin(struct jscan *js);
bool		 jscan_obj_key(struct jscan *js, struct sbuf *key);
void		 jscan_arr_begin(struct jscan *js);
bool		 jscan_arr_next(struct jscan *js);

/* Views of a key or a scalar's text without a copy, for hot loops.  s
 * points into the read buffer, or (copied: escapes, non-ASCII, text
 * across a buffer boundary) into the scanner's own copy; either way it is
 * valid only until the next call on the scanner, and not NUL-terminated
 * unless copied (a copy may hold NUL bytes from \u0000). */
struct jtext {
	const char	*s;
	size_t		 len;
	bool		 copied;
};

/* jscan_obj_key, the key as a view. */
bool		 jscan_obj_key_text(struct jscan *js, struct jtext *key);
/* jscan_scalar, the text as a view ("" for other values, skipped). */
void		 jscan_scalar_text(struct jscan *js, struct jtext *out,
		    enum jtype *t);

/* Values.  The text of a number is kept as written (for exact decimal
 * conversion); jscan_string dies unless the value is a string. */
void		 jscan_string(struct jscan *js, struct sbuf *out);
void		 jscan_number(struct jscan *js, struct sbuf *out);
/* A number as a double (null: NAN when null_ok); anything else dies with
 * "expected <what>". */
double		 jscan_f64(struct jscan *js, const char *what, bool null_ok);
/* A number or a string, as its text (pid/tid are either). */
void		 jscan_scalar(struct jscan *js, struct sbuf *out, enum jtype *t);
void		 jscan_skip(struct jscan *js);
/* Dies unless only white space remains. */
void		 jscan_end(struct jscan *js);

/* Dies at the given position with "expected <what>, got <got>". */
_Noreturn void	 jscan_fail(struct jscan *js, struct jpos at,
		    const char *what, const char *got);

/* Exact decimal "123.456", "1.5e3", "-2" to an integer count of 10^-scale
 * units, rounded half away from zero.  false on overflow or bad text. */
bool		 dec_to_scaled(const char *s, size_t n, int scale, int64_t *out);

#endif
