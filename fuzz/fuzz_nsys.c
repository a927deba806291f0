/* fuzz_nsys - lib/nsys (nsys stats CSV reports) over arbitrary bytes:
 * rejected with a located message or read into operations, launches and
 * markers that attribution accepts; never a crash or a hang. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "err.h"
#include "fuzz.h"
#include "ktrace.h"
#include "nsys.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ktrace *volatile t = ktrace_new("fuzz.csv", "nsys");

	if (setjmp(fuzz_back) != 0) {	/* rejected: free what was read */
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
