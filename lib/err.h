/* err.h - diagnostics and allocation helpers that exit on failure.
 *
 * Every s2r tool reports bad input as one line on stderr,
 *   prog: file:line:column: what was expected
 * and exits with status 2 (docs/architecture.md §4).  Allocation failure
 * is treated the same way: there is nothing sensible to salvage. */
#ifndef S2R_ERR_H
#define S2R_ERR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdnoreturn.h>

#define S2R_EXIT_BAD 2

extern const char *s2r_prog;

/* When set, called instead of exit() by s2r_die*: the fuzz harnesses
 * longjmp out of it so one bad input does not end the run. */
extern void (*s2r_die_hook)(void);

void s2r_setprog(const char *argv0);

/* The message of the last fatal report (s2r_die*), as written after the
 * location, for s2r_die_hook; *file NULL when it named none, *line and
 * *column <= 0 when not known.  "" before any. */
const char *s2r_last_fatal(const char **file, long *line, long *column);

noreturn void s2r_die(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* line or column <= 0 is left out of the location. */
noreturn void s2r_die_at(const char *file, long line, long column,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void s2r_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void s2r_warn_at(const char *file, long line, long column,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
/* xreallocarray(p, nmemb, size): checks nmemb*size for overflow. */
void *xreallocarray(void *p, size_t nmemb, size_t size);
/* xroom(p, n, size): room for item n (0-based) of an array that only
 * grows by one at a time from NULL; the capacity doubles (at n = 0, 1,
 * 2, 4 ...), so appending n items costs O(n), under ASan too. */
void *xroom(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* *dst freed and replaced by a copy of s. */
void xstrset(char **dst, const char *s);

/* Strings that may be NULL (an absent scope member, an optional field),
 * with NULL a value of its own: a copy (NULL for NULL), and whether a and
 * b are both NULL or the same string. */
char *nullstr_dup(const char *s);
bool nullstr_eq(const char *a, const char *b);

#endif
