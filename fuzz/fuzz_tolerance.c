/* fuzz_tolerance - tolerance YAML overrides over arbitrary bytes. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>

#include "err.h"
#include "tolerance.h"

static jmp_buf back;

static void
rejected(void)
{
	longjmp(back, 1);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tolerances t;

	s2r_die_hook = rejected;
	if (setjmp(back) != 0)
		return 0;
	tol_defaults(&t);
	tol_load_buf(&t, "fuzz.yaml", (const char *)data, size);
	return 0;
}
