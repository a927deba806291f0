/* perr.c - filling the parsers' one error (see perr.h). */
#include <stdarg.h>
#include <stdio.h>

#include "perr.h"

bool
perr_set(struct perr *e, long line, long column, const char *fmt, ...)
{
	va_list ap;

	e->line = line;
	e->column = column;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return false;
}
