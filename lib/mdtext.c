/* mdtext.c - Markdown escaping and link targets (see mdtext.h). */
#include <stdbool.h>
#include <string.h>

#include "mdtext.h"

static void
md_escape(struct sbuf *b, const char *s, bool in_table)
{
	if (s == NULL)
		return;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '<':
			sbuf_adds(b, "&lt;");
			break;
		case '>':
			sbuf_adds(b, "&gt;");
			break;
		case '&':
			sbuf_adds(b, "&amp;");
			break;
		case '\n':
			sbuf_adds(b, in_table ? "<br>" : " ");
			break;
		case '\r':
		case '\t':
			sbuf_addc(b, ' ');
			break;
		case '\\': case '`': case '*': case '_': case '|': case '[':
		case ']': case '#': case '~': case '!': case '{': case '}':
			/* CommonMark: any ASCII punctuation may be escaped. */
			sbuf_addc(b, '\\');
			sbuf_addc(b, (char)*p);
			break;
		default:
			sbuf_addc(b, *p < 0x20 || *p == 0x7f ? '?' : (char)*p);
			break;
		}
	}
}

void
md_escape_cell(struct sbuf *b, const char *s)
{
	md_escape(b, s, true);
}

void
md_escape_text(struct sbuf *b, const char *s)
{
	md_escape(b, s, false);
}

void
md_href(struct sbuf *o, const char *dir, const char *file)
{
	struct sbuf p = {0};

	/* "./": a folder named "javascript:x" or "#x" stays a path, not a
	 * scheme or a fragment. */
	sbuf_printf(&p, "%s%s/%s", dir[0] == '/' ? "" : "./", dir, file);
	for (const unsigned char *s = (const unsigned char *)sbuf_str(&p);
	    *s; s++) {
		if (*s <= ' ' || strchr("()<>%#?[]\\\"'`", *s) != NULL ||
		    *s >= 0x7f)
			sbuf_printf(o, "%%%02X", *s);
		else
			sbuf_addc(o, (char)*s);
	}
	sbuf_free(&p);
}
