/* fuzz_nsys - lib/nsys (nsys stats CSV reports) over arbitrary bytes:
 * rejected with a located message or read into operations, launches and
 * markers that attribution accepts; never a crash or a hang. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "err.h"
#include "ktrace.h"
#include "nsys.h"

static jmp_buf back;

static void
jump_back(void)
{
	longjmp(back, 1);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	s2r_die_hook = jump_back;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ktrace *volatile t = ktrace_new("fuzz.csv", "nsys");

	if (setjmp(back) != 0) {	/* rejected: free what was read */
		nsys_reset();
		ktrace_free(t);
		return 0;
	}
	nsys_read_mem(t, data, size, "fuzz.csv");
	ktrace_attribute(t);
	for (size_t i = 0; i < t->nops; i++)
		if (t->ops[i].dur < 0)
			abort();
	ktrace_free(t);
	return 0;
}
