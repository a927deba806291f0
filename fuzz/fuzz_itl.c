/* fuzz_itl - lib/itl over arbitrary bytes as a per-chunk ITL file
 * (blis observe --record-itl): every input is either rejected with a
 * located message or yields requests sorted by id, whose chunk counts add
 * up to the rows and whose gaps (never negative) add up to last - first;
 * never a crash or a hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "csvr.h"
#include "err.h"
#include "fuzz.h"
#include "itl.h"

static struct itl itl;

static void
cleanup(void)
{
	fuzz_csv_close();
	itl_free(&itl);
}

static void
check(void)
{
	int64_t chunks = 0;

	for (size_t i = 0; i < itl.nr; i++) {
		const struct itlreq *q = &itl.r[i];
		int64_t sum = 0;

		if (i > 0 && itl.r[i - 1].id >= q->id)
			abort();	/* sorted, each request once */
		if (itl_find(&itl, q->id) != q || q->chunks < 1)
			abort();
		for (int64_t k = 0; k + 1 < q->chunks; k++) {
			if (itl.gaps[q->gap0 + (size_t)k] < 0)
				abort();
			sum += itl.gaps[q->gap0 + (size_t)k];
		}
		if (sum != q->last - q->first)
			abort();
		chunks += q->chunks;
	}
	if (chunks != itl.rows)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct csvr *r;

	if (size == 0)
		return 0;
	if (setjmp(fuzz_back) != 0) {
		cleanup();
		return 0;
	}
	if ((r = fuzz_csv_open(data, size, "fuzz.itl.csv")) == NULL)
		return 0;
	csvr_read_header(r);
	itl_read(&itl, r);
	check();
	cleanup();
	return 0;
}
