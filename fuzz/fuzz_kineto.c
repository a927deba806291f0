/* fuzz_kineto - lib/jsonscan + lib/kineto over arbitrary bytes, then
 * attribution and the duty-cycle table on whatever was read: every input
 * is either rejected with a located message (the die hook jumps back) or
 * yields terms whose identities hold; never a crash or a hang. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fuzz.h"
#include "kduty.h"
#include "kineto.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ktrace *volatile t = ktrace_new("fuzz.json", "kineto");
	struct krank *ranks = NULL;
	struct kduty d;
	struct kduty_opts o = { false, false, NULL, 2.0, 3.5, 8 };
	struct ktrace *tv;
	size_t nr;

	if (setjmp(fuzz_back) != 0) {	/* rejected: free what was read */
		kineto_reset();
		ktrace_free(t);
		return 0;
	}	/* rejected; leaks are not checked */
	kineto_read_mem(t, data, size, "fuzz.json");
	ktrace_attribute(t);
	tv = t;
	nr = kranks(&tv, 1, &ranks);
	kduty_compute(ranks, nr, &o, &d);
	for (size_t i = 0; i < d.nit; i++)
		if (d.it[i].terms.residual != 0)
			abort();
	kduty_free(&d);
	free(ranks);
	ktrace_free(t);
	return 0;
}
