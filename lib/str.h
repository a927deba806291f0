/* str.h - growable byte buffers, string vectors and strict number parsing. */
#ifndef S2R_STR_H
#define S2R_STR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sbuf {
	char	*s;	/* always NUL-terminated once anything was added */
	size_t	 len;
	size_t	 cap;
};

void	sbuf_add(struct sbuf *b, const char *s, size_t n);
void	sbuf_adds(struct sbuf *b, const char *s);
void	sbuf_addc(struct sbuf *b, char c);
void	sbuf_printf(struct sbuf *b, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	sbuf_reset(struct sbuf *b);
void	sbuf_free(struct sbuf *b);
/* The contents as a C string ("" when empty). */
const char *sbuf_str(const struct sbuf *b);
/* " (first ids: 1 2 3 ...)": the first of count rows, ex holding at most
 * shown of them; nothing when count is 0. */
void	sbuf_ids(struct sbuf *b, const int64_t *ex, int64_t count,
	    int64_t shown);

struct strv {
	char	**v;
	size_t	  n;
	size_t	  cap;
};

void	strv_add(struct strv *sv, const char *s);	/* copies s */
void	strv_sort(struct strv *sv);			/* strcmp order */
long	strv_find(const struct strv *sv, const char *s);	/* -1: absent */
void	strv_free(struct strv *sv);

/* The length of the UTF-8 sequence at p (of avail > 0 bytes) and its
 * code point in *cp; 0 when it is not one that jansson takes (a bad
 * first or continuation byte, overlong, a surrogate, beyond U+10FFFF). */
int	utf8_seq(const char *p, size_t avail, int32_t *cp);

/* cp (at most U+10FFFF) in UTF-8. */
void	sbuf_add_utf8(struct sbuf *b, uint32_t cp);
/* The JSON escape \uXXXX whose 'u' is at p (end: the end of the text):
 * the bytes from p it takes (5, or 11 for a surrogate pair) and its code
 * point in *cp; 0 when jansson refuses it (not four hex digits, \u0000,
 * a surrogate that is not a high one followed by a low one). */
int	json_u_escape(const char *p, const char *end, int32_t *cp);

/* Strict parsers: the whole [s, s+n) must be the number, no spaces.
 * They return false (and leave *out alone) on anything else, including
 * overflow and NaN/Inf. */
bool	parse_i64(const char *s, size_t n, int64_t *out);
bool	parse_f64(const char *s, size_t n, double *out);
bool	parse_bool(const char *s, size_t n, bool *out);	/* true/false */

bool	str_has_prefix(const char *s, const char *prefix);
/* path relative to root when it lies under root (textually), else path:
 * how every tool's --root turns input paths into source.file. */
const char *path_under(const char *path, const char *root);
/* path_under, and when that finds nothing, the same on real paths
 * (symlinks, "..", a missing file named by its directory); "-" is
 * "<stdin>".  Caller frees. */
char	*path_display(const char *path, const char *root);
bool	str_has_suffix(const char *s, const char *suffix);
/* The first index from i on in s[0, n) that is not white space (isspace:
 * newlines too); n when there is none. */
size_t	str_skip_space(const char *s, size_t n, size_t i);
/* [*s, *s + *n) less the white space at both ends. */
void	str_trim(const char **s, size_t *n);

#endif
