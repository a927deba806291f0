/* fuzz_satjson - lib/satjson over arbitrary bytes as a saturation.json:
 * every input is either rejected with a located message (the die hook
 * jumps back) or read into detectors whose levels are known or unknown
 * and whose trailing-window counts add up; then written as records.
 * Never a crash, a hang or a count out of bounds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "err.h"
#include "fuzz.h"
#include "jsonscan.h"
#include "logkit.h"
#include "satjson.h"

static struct jscan *scanner;
static struct satreport report;

static void
check(const struct satreport *r)
{
	for (size_t i = 0; i < r->ndet; i++) {
		const struct sat_det *d = &r->det[i];
		long sum = 0;

		if (d->level < SAT_UNKNOWN || d->level >= SAT_NLEVELS)
			abort();
		for (int k = 0; k < SAT_NLEVELS; k++) {
			if (d->counts[k] < 0)
				abort();
			sum += d->counts[k];
		}
		if (sum > d->nwindow || d->nwindow > d->nrecords)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct logctx ctx = { NULL, "p", "w", NULL };

	if (setjmp(fuzz_back) != 0) {
		jscan_close(scanner);
		scanner = NULL;
		return 0;
	}
	scanner = jscan_mem("saturation.json", data, size);
	satjson_read(&report, scanner, "saturation.json");
	jscan_close(scanner);
	scanner = NULL;
	check(&report);
	ctx.out = fopen("/dev/null", "w");
	if (ctx.out != NULL) {
		satjson_emit(&report, &ctx);
		fclose(ctx.out);
	}
	satjson_free(&report);
	return 0;
}
