/* csvr.h - streaming CSV reading by header name, on libcsv.
 *
 * The first record is the header; callers look their columns up by name
 * once (csvr_col) and then read typed fields row by row.  Every error is
 * fatal and names file:line:column, where line is the physical line the
 * record starts on and column the 1-based field number:
 *   trace_data.csv:1042:10: input_tokens: expected an integer, got "12a"
 *
 * RFC 4180 quoting ("" escapes, embedded newlines), CRLF or LF, a UTF-8
 * BOM.  Rejected: a missing or empty file, a row whose field count differs
 * from the header's, malformed quoting (libcsv strict mode) and an
 * unterminated quote at end of file (both unless csvr_loose_quotes), NUL
 * bytes (binary data).
 *
 * Unquoted fields are taken as written: spaces are not trimmed, so " 12"
 * is not an integer. */
#ifndef S2R_CSVR_H
#define S2R_CSVR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdnoreturn.h>

struct csvr;

/* path "-" is stdin.  label names the input in messages (NULL: path).
 * Reads the header; dies when the file is missing, unreadable or empty. */
struct csvr	*csvr_open(const char *path, const char *label);
/* Reads from an open stream the caller keeps ownership of. */
struct csvr	*csvr_openf(FILE *f, const char *label);
/* csvr_openf in two steps, for callers that recover from s2r_die through
 * s2r_die_hook and must still free the reader: attach reads nothing,
 * csvr_read_header reads the header (and may die). */
struct csvr	*csvr_attach(FILE *f, const char *label);
void		 csvr_read_header(struct csvr *r);
/* Before anything is read: a quote inside an unquoted field (or after a
 * closing one) is taken as data and a quoted field open at end of file
 * ends there, instead of errors (libcsv without CSV_STRICT): for reports
 * whose preamble lines are free text. */
void		 csvr_loose_quotes(struct csvr *r);
/* Reads the next row as the header, in place of the one before: for a
 * header that follows preamble lines (nsys stats reports), the caller
 * looks at each candidate with csvr_col and stops at the one it wants.
 * False at end of input. */
bool		 csvr_next_header(struct csvr *r);
void		 csvr_close(struct csvr *r);

const char	*csvr_label(const struct csvr *r);
size_t		 csvr_ncols(const struct csvr *r);
const char	*csvr_colname(const struct csvr *r, size_t col);
/* The index of the column named name, or -1 when absent.  A required
 * column that is absent is fatal (the message says when the header looks
 * like another delimiter was used), and so is a name the header holds
 * twice (which column has the data cannot be told). */
long		 csvr_col(const struct csvr *r, const char *name, bool required);

/* Advances to the next row; false at end of input. */
bool		 csvr_next(struct csvr *r);
/* The physical line the current row starts on; once csvr_next or
 * csvr_next_header has returned false, one past the input's last line. */
long		 csvr_line(const struct csvr *r);
long		 csvr_header_line(const struct csvr *r);
/* Rows returned so far. */
int64_t		 csvr_rows(const struct csvr *r);

/* The field's text (NUL-terminated; *len when len != NULL).  col < 0
 * (an absent optional column) reads as "". */
const char	*csvr_str(const struct csvr *r, long col, size_t *len);
bool		 csvr_empty(const struct csvr *r, long col);
/* Typed fields; anything else is a fatal error naming the column. */
int64_t		 csvr_i64(const struct csvr *r, long col);
double		 csvr_f64(const struct csvr *r, long col);
bool		 csvr_bool(const struct csvr *r, long col);
/* An integer >= 0 (a token count, an id). */
int64_t		 csvr_count(const struct csvr *r, long col);
/* Times must stay below 2^62 so any difference of two fits an int64. */
#define CSVR_TIME_MAX	(INT64_C(1) << 62)
/* A time in µs: 0 <= v < CSVR_TIME_MAX. */
int64_t		 csvr_time_us(const struct csvr *r, long col);

/* "label:line:col: name: <message>, got "<field>"" and exit 2. */
noreturn void	 csvr_die_field(const struct csvr *r, long col,
		    const char *expected);

#endif
