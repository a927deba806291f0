/* golex.h - a Go lexer that masks comments and literals.
 *
 * Structural matching on Go source (where a function ends, which '{'
 * opens a body) goes wrong as soon as a brace sits in a string, a raw
 * string, a rune or a comment.  golex produces a masked copy of the file,
 * byte for byte the same length with every newline kept, in which comment
 * bytes are spaces and literal contents are spaces (the delimiters stay,
 * so `x = ""` still reads as an assignment).  Matching runs on the mask;
 * snippets are cut from the original bytes at the same offsets. */
#ifndef S2R_GOLEX_H
#define S2R_GOLEX_H

#include <stdbool.h>
#include <stddef.h>

/* What each byte of the source is. */
enum gocls {
	GC_CODE,
	GC_COMMENT,	/* // … and block comments, delimiters included */
	GC_STRING,	/* "…", delimiters included */
	GC_RAW,		/* `…` */
	GC_RUNE		/* '…' */
};

/* The first literal or comment golex_mask found left open. */
struct golex_open {
	long		 line;		/* 1-based; 0: everything closed */
	size_t		 at;		/* offset of its opening delimiter */
	enum gocls	 what;
};

struct gofile {
	char		*path;		/* as it appears in records */
	char		*src;		/* original bytes, NUL-terminated */
	size_t		 len;
	char		*mask;		/* same length, NUL-terminated */
	unsigned char	*cls;		/* enum gocls per byte */
	size_t		*lines;		/* offset of each line start */
	size_t		 nlines;
	bool		 generated;	/* "// Code generated … DO NOT EDIT." */
	long		 unterminated;	/* line of a literal or comment left open, 0 */
	struct golex_open open;		/* and where it opens */
};

/* Masks [src, src+len) into mask and cls (each len bytes).  Returns the
 * 1-based line where an unterminated comment or literal starts, or 0, and
 * fills *open (when not NULL).  Interpreted strings and runes end at a
 * newline so that one bad literal cannot swallow the rest of the file;
 * a raw string or block comment left open runs to its end. */
long	golex_mask(const char *src, size_t len, char *mask, unsigned char *cls,
	    struct golex_open *open);

/* Takes ownership of path and src (len bytes, src[len] must be valid to
 * write a NUL into: allocate len + 1). */
void	gofile_init(struct gofile *f, char *path, char *src, size_t len);
void	gofile_free(struct gofile *f);

/* Dies with "path:line:column: unterminated raw string: …" (exit 2) when
 * f has a literal or comment left open: not Go, and the mask would hide
 * what follows from the queries, so that a proof of absence would pass. */
void	gofile_need_closed(const struct gofile *f);

/* 1-based line and column of a byte offset. */
long	gofile_line(const struct gofile *f, size_t off);
long	gofile_column(const struct gofile *f, size_t off);
/* Offsets of the start of line n (1-based) and of its end (the newline or
 * the end of the file). */
size_t	gofile_bol(const struct gofile *f, long line);
size_t	gofile_eol(const struct gofile *f, long line);

/* The Go convention for generated files: a line matching
 * ^// Code generated .* DO NOT EDIT\.$ before the package clause. */
bool	golex_is_generated(const char *src, size_t len);

/* The offset of the bracket that closes the one at open ((, [ or {),
 * counting all three kinds on the mask; len when it is never closed. */
size_t	go_match(const char *mask, size_t len, size_t open);

bool	go_isident(int c);		/* letter, digit, _ or a UTF-8 byte */

#endif
