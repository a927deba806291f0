/* htmlpage.h - what every s2r HTML page shares: text escaping, and the
 * page furniture (doctype, head with the Content-Security-Policy that
 * forbids scripts and external resources, the inline stylesheet with the
 * verdict colours) of the parity report and the batch index. */
#ifndef S2R_HTMLPAGE_H
#define S2R_HTMLPAGE_H

#include "str.h"

/* HTML text/attribute escaping (same rules as svg_escape). */
void	 html_escape(struct sbuf *out, const char *s);

/* The doctype, head (title, charset, CSP, the stylesheet) and the
 * opening <body>; html_end closes them. */
void	 html_begin(struct sbuf *out, const char *title);
void	 html_end(struct sbuf *out);

#endif
