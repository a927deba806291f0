/* nullstr.c - strings that may be NULL (see nullstr.h). */
#include <string.h>

#include "err.h"
#include "nullstr.h"

char *
nullstr_dup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

bool
nullstr_eq(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}
