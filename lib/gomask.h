/* gomask.h - small scanners over a golex mask.
 *
 * The mask (golex.h) has comments and literal contents blanked, so these
 * read structure without tripping over a brace in a string: white space,
 * identifiers and whole words, the end of a statement, the bracket that
 * encloses an offset, a callee chain, an assignment operator, the doc
 * comment above a line.  go_code_text turns a span back into code text
 * from the original bytes. */
#ifndef S2R_GOMASK_H
#define S2R_GOMASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "golex.h"

/* No such offset: an absent body, no enclosing bracket. */
#define GQ_NONE SIZE_MAX

/* The first occurrence of needle in [hay, hay+len), or NULL. */
const char *go_find_bytes(const char *hay, size_t len, const char *needle);
/* The first offset from i (below len) that is not a blank, tab or CR
 * (str_skip_space skips newlines too); go_ident_end skips identifier
 * bytes. */
size_t	go_skip_hws(const char *m, size_t len, size_t i);
size_t	go_ident_end(const char *m, size_t len, size_t i);
/* Is the whole word w at i (not part of a longer identifier)? */
bool	go_word_at(const char *m, size_t len, size_t i, const char *w);
/* Does text hold w as a whole word? */
bool	go_has_word(const char *text, const char *w);

/* The end of the statement or spec starting at i: the first newline at
 * bracket depth 0 (counting from i), or the bracket that closes an
 * enclosing one, or len. */
size_t	go_stmt_end(const char *m, size_t len, size_t i);
/* The innermost unmatched opening bracket c before off, or GQ_NONE. */
size_t	go_enclosing_open(const char *m, size_t off, char c);
/* The start of the callee chain (a.b.C) that ends right before the '('
 * at i. */
size_t	go_chain_start(const char *m, size_t i);
/* The assignment operator in [b, e) at bracket depth 0 of the line, as
 * [*opa, *opb); false when there is none (==, <=, != are not one). */
bool	go_find_assign(const char *m, size_t b, size_t e, size_t *opa,
	    size_t *opb);

/* An if statement on the mask: its condition (after an init statement),
 * its body's braces, and where an else goes on. */
struct go_if {
	size_t	 ca, cb;	/* the condition */
	size_t	 br, be;	/* the body's '{' and '}' */
	size_t	 next;		/* the else's 'if' or '{', or GQ_NONE */
};
/* Parses the if statement whose keyword is at kw; false when there is
 * none there or it is not closed. */
bool	go_if_at(const char *m, size_t len, size_t kw, struct go_if *g);

/* The start of the `//` comment lines directly above offset s, or s. */
size_t	go_doc_start(const struct gofile *f, size_t s);
/* Code text of [a, b): original bytes with comments dropped and runs of
 * white space collapsed to one space, trimmed.  Caller frees. */
char	*go_code_text(const struct gofile *f, size_t a, size_t b);

#endif
