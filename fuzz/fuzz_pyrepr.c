/* libFuzzer harness for lib/pyrepr.c: all three entry points. */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "err.h"
#include "pyrepr.h"

static jmp_buf escape;

static void
back(void)
{
	longjmp(escape, 1);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perr err;
	json_t *v;

	s2r_die_hook = back;
	if (setjmp(escape) != 0)
		return 0;
	v = pyrepr_parse((const char *)data, size, &err);
	json_decref(v);
	v = pyrepr_parse_dict((const char *)data, size, &err);
	json_decref(v);
	v = pyrepr_parse_kwargs((const char *)data, size, &err);
	if (v != NULL)
		free(pyrepr_text(v));
	json_decref(v);
	return 0;
}
