/* mdtext.h - text for Markdown: escaping and link targets, shared by the
 * parity report, the run diff and the batch index. */
#ifndef S2R_MDTEXT_H
#define S2R_MDTEXT_H

#include "str.h"

/* Append s (NULL: nothing) escaped for Markdown: inline markup and HTML
 * are neutralised, control characters become '?'.  In a table cell a
 * newline becomes <br> and | cannot end the cell; in running text a
 * newline becomes a space. */
void	 md_escape_cell(struct sbuf *out, const char *s);
void	 md_escape_text(struct sbuf *out, const char *s);
/* The link target dir/file, "./" before a relative dir (so that no name
 * reads as a URL scheme): spaces, quotes and the characters that end a
 * Markdown link or start a query or fragment are percent-encoded. */
void	 md_href(struct sbuf *out, const char *dir, const char *file);

#endif
