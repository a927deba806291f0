/* fuzz_reqpop - lib/reqpop over arbitrary bytes, as a TraceV2 CSV (first
 * byte 0 mod 4), a per-chunk ITL file (lib/itl; 2 mod 4) or a BLIS
 * metrics JSON (odd), then matched against itself and turned into the
 * A0/A3 records: every input is either rejected with a located message
 * (the die hook jumps back) or yields records; never a crash, a hang or
 * a KS distance outside [0, 1]. */
#include <math.h>
#include <stdbool.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "csvr.h"
#include "err.h"
#include "fuzz.h"
#include "itl.h"
#include "jsonscan.h"
#include "latency.h"
#include "reqpop.h"

static struct reqpop pop;
static struct itl itl;
static bool have_itl;
static struct jscan *scanner;

static void
cleanup(void)
{
	fuzz_csv_close();
	jscan_close(scanner);
	reqpop_free(&pop);
	itl_free(&itl);
	have_itl = false;
	scanner = NULL;
}

static void
check_ks(void)
{
	struct reqmatch m;

	reqmatch_run(&m, &pop, &pop);
	for (int w = 0; w < RM_COUNT; w++) {
		struct dvals a = {0};
		double d;

		reqpop_values(&pop, NULL, 0, w, 1000000, &a);
		d = ks_distance(a.v, a.n, a.v, a.n);
		if (a.n > 0 && d != 0)
			abort();	/* a sample against itself */
		dvals_free(&a);
	}
	reqmatch_free(&m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct latside side = { &pop, NULL };
	struct csvr *r;
	json_t *arr;

	if (size < 1)
		return 0;
	if (setjmp(fuzz_back) != 0) {
		cleanup();
		return 0;
	}
	if (data[0] % 2 == 0) {
		reqpop_init(&pop, "fuzz.csv", REQFMT_TRACE_CSV);
		if ((r = fuzz_csv_open(data + 1, size - 1, "fuzz.csv")) ==
		    NULL)
			return 0;
		csvr_read_header(r);
		if (data[0] % 4 == 2) {
			have_itl = true;
			itl_read(&itl, r);
			side.itl = &itl;
		} else {
			reqpop_read_csv(&pop, r, NULL);
		}
	} else {
		reqpop_init(&pop, "fuzz.json", REQFMT_BLIS_JSON);
		scanner = jscan_mem("fuzz.json", data + 1, size - 1);
		reqpop_read_blis(&pop, scanner);
	}
	check_ks();
	arr = json_array();
	latency_records(&side, &side, 1000000, arr);
	json_decref(arr);
	cleanup();
	return 0;
}
