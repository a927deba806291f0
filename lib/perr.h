/* perr.h - the one error every s2r parser reports through (YAML, config.md
 * Markdown, EPP configurations, Python reprs, tolerance files): where the
 * problem is and what was expected, for "file:line:column: msg". */
#ifndef S2R_PERR_H
#define S2R_PERR_H

#include <stdbool.h>

struct perr {
	long	line, column;	/* 1-based; 0 when unknown */
	char	msg[256];	/* "" when there was no problem */
};

/* Fills e: the place and the message (cut to fit).  Returns false, so a
 * parser can say return perr_set(...). */
bool	perr_set(struct perr *e, long line, long column, const char *fmt, ...)
	    __attribute__((format(printf, 4, 5)));

#endif
