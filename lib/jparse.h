/* jparse.h - a jansson tree from JSON text already checked, built
 * without jansson's parser.
 *
 * json_loadb() reads a byte at a time through its stream layer and
 * re-checks the UTF-8; parsing the records a rule reads back (jstore.h)
 * and the verdicts s2r-report reads took a third to a half of those
 * tools' time in it.  jparse() builds the same tree (the same types,
 * values and member order) from text that recscan_valid() or jansson
 * already took; on anything else (a \u0000, a lone surrogate, a number
 * that does not fit, text it does not expect) it returns NULL, and the
 * caller parses with jansson, which then reads or rejects it as it
 * always did.  Short strings that repeat (units, check ids, titles,
 * source files) are one shared jansson string: no caller changes a
 * value in place, and the trees parsed together take less memory. */
#ifndef S2R_JPARSE_H
#define S2R_JPARSE_H

#include <stddef.h>

#include <jansson.h>

/* The value the len bytes at text hold (new), or NULL: ask jansson. */
json_t	*jparse(const char *text, size_t len);
/* The value of text that was checked once (a record's stored line):
 * jparse(), else jansson's parser; NULL (why in err) when neither takes
 * it. */
json_t	*jparse_checked(const char *text, size_t len, json_error_t *err);

#endif
