/* perr.h - the one error every s2r parser reports through (YAML, config.md
 * Markdown, EPP configurations, Python reprs): where the problem is and
 * what was expected, for "file:line:column: msg". */
#ifndef S2R_PERR_H
#define S2R_PERR_H

struct perr {
	long	line, column;	/* 1-based; 0 when unknown */
	char	msg[256];	/* "" when there was no problem */
};

#endif
